"""Each public page costs a fixed number of SQL queries whatever the number of papers."""

import pytest

from people.models import Group, Person
from pubs.models import PaperKind, RenderedEntry, Venue
from pubs.services import rendering
from tests.factories import bulk_dataset, paper_with_authors, with_preprints
from tests.query_counts import query_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

#: No page needs more; a page above it has grown a query per row somewhere. (A person's page
#: needs the most: 18 filtered, one of them adding up the citations of their papers, one
#: finding the namesakes who share a printed form of their name, six reading their software
#: and data sets, listed apart.) A list reads its stored entries in one query with its
#: papers' ids and years; a person's or group's list unfiltered counts its papers by year
#: from the page's tally (one query fewer).
MOST_QUERIES = 18
#: With none of its entries stored, a list reads what they show (six queries, the versions
#: folded into its papers among them) and stores them (three more: the public version read
#: before and after, and the INSERT).
MOST_QUERIES_RENDERING_ENTRIES = MOST_QUERIES + 9


def test_query_counts_are_the_same_at_10_and_2000_papers(client):
    """Half the papers have a preprint folded into them: the versions cost no more."""
    small = bulk_dataset(10, prefix="small")
    first_paper = small[0]
    with_preprints(small)
    person = Person.objects.filter(slug__startswith="small").first()
    for kind in (PaperKind.SOFTWARE, PaperKind.DATASET):  # listed apart on the person's page
        paper_with_authors(person, kind=kind, year=2020, is_public=True)
    group = Group.objects.filter(slug__startswith="small").first()
    venue = Venue.objects.filter(slug__startswith="small").first()
    urls = [
        "/",
        "/publications/",
        "/publications/?rank=A&year_min=2001&q=paper",
        "/publications/?page=2",
        "/zh-hans/publications/",
        "/people/",
        person.get_absolute_url(),
        f"{person.get_absolute_url()}?rank=B",
        group.get_absolute_url(),
        "/venues/",
        "/venues/?all=1&sort=papers",
        venue.get_absolute_url(),
        first_paper.get_absolute_url(),
        f"/publications/{first_paper.slug}-preprint/",
        "/feeds/publications/",
        "/publications/export.bib",
        f"{person.get_absolute_url()}export.ris?rank=A",
        f"{person.get_absolute_url()}cv.md",
        f"{group.get_absolute_url()}export.json",
        f"{first_paper.get_absolute_url()}export.bib",
    ]
    at_10 = counted(client, urls)

    with_preprints(bulk_dataset(1990, prefix="large", onto=(person, group, venue)))
    assert person.authorships.count() > 1990
    at_2000 = counted(client, urls)

    assert at_2000 == at_10
    assert max(at_2000["stored"].values()) <= MOST_QUERIES, at_2000
    assert max(at_2000["rendered now"].values()) <= MOST_QUERIES_RENDERING_ENTRIES, at_2000


def counted(client, urls: list[str]) -> dict[str, dict[str, int]]:
    """The queries of ``urls`` with every list entry stored, and with none stored (each
    list renders and stores its page's entries then)."""
    rendering.entries_rebuild()
    stored = query_counts(client, urls)
    live = {}
    for url in urls:
        RenderedEntry.objects.all().delete()
        live |= query_counts(client, [url])
    return {"stored": stored, "rendered now": live}
