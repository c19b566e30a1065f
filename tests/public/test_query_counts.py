"""Each public page costs a fixed number of SQL queries whatever the number of papers."""

import pytest

from people.models import Group, Person
from pubs.models import PaperKind, Venue
from tests.factories import bulk_dataset, paper_with_authors, with_preprints
from tests.query_counts import query_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

#: No page needs more; a page above it has grown a query per row somewhere. (A person's page
#: needs the most: 23, one of them adding up the citations of their papers, one finding the
#: namesakes who share a printed form of their name, six reading their software and data
#: sets, listed apart.) Each list reads the versions folded into its papers in one query.
MOST_QUERIES = 23


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
    at_10 = query_counts(client, urls)

    with_preprints(bulk_dataset(1990, prefix="large", onto=(person, group, venue)))
    assert person.authorships.count() > 1990
    at_2000 = query_counts(client, urls)

    assert at_2000 == at_10
    assert max(at_2000.values()) <= MOST_QUERIES, at_2000
