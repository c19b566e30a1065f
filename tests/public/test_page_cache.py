"""Rendered pages are cached (in Redis here) until anything they show changes."""

from collections.abc import Callable

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people.models import Group
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Tag, VenueRank
from pubs.services import public_version
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

pytestmark = pytest.mark.usefixtures("demo", "redis_cache")

PAGES = [
    "/publications/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/venues/icnp/",
    f"/publications/{NON_IDLE}/",
    "/people/",
    "/venues/",
    "/",
]


def served(client, url: str) -> tuple[str, int]:
    """The page and the number of SQL queries it took."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


@pytest.mark.parametrize("url", PAGES)
def test_a_page_asked_for_again_comes_from_the_cache(client, url):
    first, _ = served(client, url)
    again, queries = served(client, url)
    assert again == first
    assert queries == 1  # the version of the public data, nothing else


def test_pages_are_cached_per_query_string(client):
    everything, _ = served(client, "/publications/")
    filtered, queries = served(client, "/publications/?rank=A")
    assert filtered != everything
    assert queries > 1


def rerank_venue() -> str:
    VenueRank.objects.filter(venue__slug="icnp", edition=2026).update(rank="A")  # no signal
    rank = VenueRank.objects.get(venue__slug="icnp", edition=2026)
    rank.save()
    return '<span class="badge ccf-a">CCF A</span>'


def add_tag() -> str:
    paper().tags.add(Tag.objects.create(name="Fresh tag", slug="fresh-tag"))
    return "fresh-tag"


def rename_group() -> str:
    group = Group.objects.get(slug="ustc-int")
    group.name = "Renamed Group"
    group.save()
    return "Renamed Group"


CHANGES: dict[str, tuple[Callable[[], str], str]] = {
    "paper saved": (rename_paper, "/publications/"),
    "author added": (add_author, f"/publications/{NON_IDLE}/"),
    "person renamed": (rename_person, "/groups/ustc-int/"),
    "venue renamed": (rename_venue, "/people/jin-fang/"),
    "venue reranked": (rerank_venue, "/venues/icnp/"),
    "link added": (add_link, "/publications/"),
    "tag added": (add_tag, f"/publications/{NON_IDLE}/"),
    "membership added": (add_membership, "/publications/"),
    "group renamed": (rename_group, "/"),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_change_to_what_a_page_shows_renews_it(client, change):
    make, url = CHANGES[change]
    before, _ = served(client, url)
    expected = make()
    assert expected not in before
    after, _ = served(client, url)
    assert expected in after


def test_a_deleted_paper_leaves_the_cached_lists(client):
    title = paper().title
    assert title in served(client, "/people/jin-fang/")[0]
    paper().delete()
    assert title not in served(client, "/people/jin-fang/")[0]


BIBTEX = """@inproceedings{new2025,
  title = {A Freshly Imported Paper},
  author = {Fang, Jin and Zhao, Gongming},
  booktitle = {IEEE International Conference on Network Protocols},
  year = {2025},
}"""


def test_a_bulk_import_and_its_undo_renew_the_pages(client):
    assert "A Freshly Imported Paper" not in served(client, "/people/jin-fang/")[0]
    record = bibtex_import_apply(
        planned=bibtex_import_plan(text=BIBTEX), file_name="new.bib", source="test"
    )
    assert "A Freshly Imported Paper" in served(client, "/people/jin-fang/")[0]
    bibtex_import_undo(record=record)
    assert "A Freshly Imported Paper" not in served(client, "/people/jin-fang/")[0]


def test_undoing_an_import_makes_the_pages_stale_once(client):
    record = bibtex_import_apply(
        planned=bibtex_import_plan(text=BIBTEX), file_name="new.bib", source="test"
    )
    before = public_version.version()
    bibtex_import_undo(record=record)
    assert public_version.version() == before + 1


def test_changes_inside_one_bump_make_the_pages_stale_once_at_the_end():
    before = public_version.version()
    with public_version.one_bump():
        public_version.bump()
        public_version.bump()
        assert public_version.version() == before
    assert public_version.version() == before + 1
