"""Lists show each paper's entry as stored (pubs.services.rendering), and every kind of write
that changes what an entry shows is on the lists at once."""

import io
from collections.abc import Callable

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from people.models import Person
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Paper, RenderedEntry, VenueRank
from pubs.queries import selectors
from pubs.services import rendering
from pubs.web import presentation
from tests.factories import linked_versions, paper_with_authors
from tests.public.demo_writes import (
    NON_IDLE,
    add_author,
    add_link,
    add_membership,
    paper,
    rename_paper,
    rename_person,
    rename_venue,
)

pytestmark = pytest.mark.usefixtures("demo", "no_page_cache")


@pytest.fixture(autouse=True)
def stored() -> None:
    """Every entry stored before the test writes anything."""
    rendering.entries_rebuild()


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def remove_author() -> str:
    authorship = paper().authorships.order_by("-position").first()
    name = authorship.printed_name or authorship.person.name
    authorship.delete()
    return f"not:{name}"


def rerank_venue() -> str:
    rank = VenueRank.objects.get(venue__slug="icnp", edition=2026)
    rank.rank = "A"
    rank.save()
    return '<span class="badge ccf-a">CCF A</span>'


def fold_a_version() -> str:
    preprint = paper_with_authors(
        Person.objects.get(slug="jin-fang"), kind="preprint", year=2023, slug="its-preprint"
    )
    linked_versions(paper(), preprint)  # a bulk update of the folding, then refolded
    return 'href="/publications/its-preprint/"'


WRITES: dict[str, tuple[Callable[[], str], str]] = {
    "paper saved": (rename_paper, "/publications/"),
    "author added": (add_author, "/publications/"),
    "author removed": (remove_author, "/publications/"),
    "person renamed": (rename_person, "/groups/ustc-int/"),
    "membership added": (add_membership, "/publications/"),
    "venue renamed": (rename_venue, "/people/jin-fang/"),
    "venue reranked": (rerank_venue, "/venues/icnp/"),
    "link added": (add_link, "/publications/?q=non-idle"),
    "version folded into it": (fold_a_version, "/publications/"),
}


@pytest.mark.parametrize("write", WRITES, ids=list(WRITES))
def test_a_write_to_what_an_entry_shows_is_on_the_lists(client, write):
    make, url = WRITES[write]
    before = page(client, url)
    expected = make()
    after = page(client, url)
    if expected.startswith("not:"):
        assert expected[4:] in before
        assert expected[4:] not in after
    else:
        assert expected not in before
        assert expected in after


def test_a_bulk_action_of_the_admin_is_on_the_lists(client, admin_client):
    assert f'<li class="paper selected" id="paper-{NON_IDLE}">' not in page(
        client, "/publications/"
    )
    admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "mark_selected", "_selected_action": [paper().pk]},
    )
    assert f'<li class="paper selected" id="paper-{NON_IDLE}">' in page(client, "/publications/")


FILLED = """@inproceedings{filled,
  title = {Non-idle Machine-Aware Worker Placement for Efficient Distributed Training in GPU Clusters},
  author = {Fang, Jin and Zhao, Gongming},
  booktitle = {IEEE International Conference on Network Protocols},
  year = {2024},
  doi = {10.1109/ICNP61940.2024.10858544},
}"""

NEW = """@inproceedings{new2025,
  title = {A Freshly Imported Paper},
  author = {Fang, Jin and Zhao, Gongming},
  booktitle = {IEEE International Conference on Network Protocols},
  year = {2025},
}"""


def test_an_import_stores_the_entries_of_the_papers_it_creates_in_the_sites_language():
    bibtex_import_apply(planned=bibtex_import_plan(text=NEW), file_name="new.bib", source="test")
    created = Paper.objects.get(title="A Freshly Imported Paper")
    stored = RenderedEntry.objects.filter(paper=created, stamp=rendering.stamp())
    assert list(stored.values_list("language", flat=True)) == ["en"]


def test_an_import_forgets_the_other_languages_entries_of_the_papers_it_fills_in(client):
    page(client, "/zh-hans/publications/")
    bibtex_import_apply(
        planned=bibtex_import_plan(text=FILLED), file_name="filled.bib", source="test"
    )
    assert not RenderedEntry.objects.filter(paper=paper(), language="zh-hans").exists()
    assert "10.1109/icnp61940.2024.10858544" in page(client, "/zh-hans/publications/")


def test_an_import_that_fills_in_a_paper_and_its_undo_are_on_the_lists(client):
    doi = "10.1109/icnp61940.2024.10858544"  # as stored: folded to lower case
    p = paper()
    p.doi = ""
    p.save()
    page(client, "/publications/")
    record = bibtex_import_apply(
        planned=bibtex_import_plan(text=FILLED), file_name="filled.bib", source="test"
    )
    assert Paper.objects.get(slug=NON_IDLE).doi == doi
    assert doi in page(client, "/publications/")
    bibtex_import_undo(record=record)
    assert doi not in page(client, "/publications/")


def test_a_missing_entry_is_rendered_when_a_list_shows_it_and_stored():
    RenderedEntry.objects.filter(paper=paper()).delete()
    (listed,) = rendering.list_entries(Paper.objects.filter(pk=paper().pk))
    assert f'id="paper-{NON_IDLE}"' in listed.html
    assert RenderedEntry.objects.get(paper=paper(), language="en").html == listed.html


def test_an_entry_rendered_while_a_write_came_is_shown_but_not_stored(monkeypatch):
    RenderedEntry.objects.filter(paper=paper()).delete()
    versions = iter([1, 2])  # the public version before reading the papers, then after
    monkeypatch.setattr(rendering.public_version, "version", lambda: next(versions))
    (listed,) = rendering.list_entries(Paper.objects.filter(pk=paper().pk))
    assert f'id="paper-{NON_IDLE}"' in listed.html
    assert not RenderedEntry.objects.filter(paper=paper()).exists()


def test_an_entry_stored_with_other_templates_or_settings_is_not_read(client, settings):
    RenderedEntry.objects.filter(paper=paper()).update(html="<li>stale</li>")
    assert "<li>stale</li>" in page(client, "/publications/")
    settings.CCF_CURRENT_EDITION = 2022  # another stamp: the rank badges differ
    assert "<li>stale</li>" not in page(client, "/publications/")


def test_entries_are_stored_in_each_language():
    chinese = RenderedEntry.objects.get(paper=paper(), language="zh-hans").html
    assert "/zh-hans/publications/" in chinese
    english = RenderedEntry.objects.get(paper=paper(), language="en").html
    assert "/zh-hans/" not in english


def test_a_persons_page_sets_their_name_as_the_partial_does_for_the_person_highlighted():
    person = Person.objects.get(slug="jin-fang")
    papers = selectors.person_papers(person)
    rows = selectors.entries(papers)
    assert len(rows) > 3
    for language in ("en", "zh-hans"):
        with translation.override(language):
            url = person.get_absolute_url()
            live = [
                render_to_string("includes/paper_entry.html", {"paper": row, "highlight": person})
                for row in rows
            ]
            stored = [
                presentation.highlighted(entry.html, url)
                for entry in rendering.list_entries(papers)
            ]
        assert stored == live


def test_render_entries_stores_every_papers_entries_in_every_language():
    RenderedEntry.objects.all().delete()
    call_command("render_entries", stdout=io.StringIO())
    assert RenderedEntry.objects.count() == 2 * Paper.objects.count()


def test_render_entries_missing_renders_only_the_papers_without_them():
    RenderedEntry.objects.filter(paper=paper()).delete()
    assert rendering.entries_rebuild(missing_only=True) == 2


def test_an_unfiltered_persons_list_counts_its_years_from_the_pages_tally(client):
    tally = selectors.tally(selectors.person_papers(Person.objects.get(slug="jin-fang")))
    response = client.get("/people/jin-fang/")
    assert response.context["year_counts"] == tally.by_year()
    filtered = client.get("/people/jin-fang/?rank=A").context["year_counts"]
    assert sum(n for _, n in filtered) < sum(n for _, n in tally.by_year())
