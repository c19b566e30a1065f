"""Export, import, export: the same bytes; export then import into the same database: nothing
changes. On the demo data (with the CCF catalogue)."""

import pytest

from pubs.export.bibtex import entry_type
from pubs.models import Paper
from pubs.queries.exporting import export_papers
from tests.database_state import snapshot
from tests.exporting.helpers import empty_database, export_all, import_text
from tests.pubs.export.formats import bibtex_keys

pytestmark = pytest.mark.usefixtures("catalogue")

OPTIONS = [{}, {"extras": True}, {"latex": False}, {"key_pattern": "{family}{yy}{words}"}]
#: What BibTeX carries of a paper (al-folio's fields only with extras).
CARRIED = (
    "title", "kind", "status", "year", "month", "volume", "number", "pages", "publisher",
    "address", "editor", "series", "institution", "thesis_type", "doi", "arxiv_id", "url",
    "abstract", "more_authors",
)  # fmt: skip


def papers_by_title() -> dict[str, dict]:
    """What the database holds of each paper, as far as BibTeX carries it."""
    found = {}
    for paper in Paper.objects.prefetch_related("authorships", "tags", "links"):
        found[paper.title] = {
            **{name: getattr(paper, name) for name in CARRIED},
            "authors": [(a.printed_name, a.equal_contribution) for a in paper.authorships.all()],
            "tags": sorted(tag.name for tag in paper.tags.all()),
            "links": sorted((link.kind, link.url) for link in paper.links.all()),
            "awards": paper.awards,
            "selected": paper.selected,
            "container_title": paper.container_title,
            "extra_fields": paper.extra_fields,
        }
    return found


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_export_import_export_gives_the_same_bytes(options):
    first = export_all(**options)
    assert len(bibtex_keys(first)) == Paper.objects.count() == 53
    empty_database()
    record = import_text(first)
    assert record.counts["created"] == 53 and record.counts["errors"] == 0
    assert export_all(**options) == first


def test_an_empty_database_gets_the_papers_back_as_they_were():
    before = papers_by_title()
    containers = {p.title: (p.container, entry_type(p)) for p in export_papers(Paper.objects.all())}
    text = export_all(extras=True)
    empty_database()
    import_text(text)
    after = papers_by_title()
    assert after.keys() == before.keys()
    for title, was in before.items():
        now = after[title]
        for name in (*CARRIED, "authors", "tags", "links", "awards", "selected"):
            assert now[name] == was[name], (title, name)
        container, written_as = containers[title]
        if written_as in ("inproceedings", "article", "incollection"):
            assert now["container_title"] == container, title
        elif container:  # @misc, @phdthesis ...: the container comes back as howpublished
            assert now["extra_fields"]["howpublished"] == container, title


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_export_then_import_into_the_same_database_changes_nothing(options):
    before = snapshot()
    record = import_text(export_all(**options))
    assert (record.counts["created"], record.counts["duplicates"]) == (0, 53)
    assert record.counts["updated"] == 0
    assert snapshot() == before


def test_an_empty_database_gets_the_people_of_each_author_list_back():
    """Re-imported, the author lists are the same people: two authorships share a person
    after as before (the two "J. Fang" stay apart), and a list that went on goes on. Only
    where the demo knows what the file cannot say (a printed typo that is someone else,
    "Haohuan Fang" for Haohuan Fu) is the printed name a person of its own."""

    def people() -> tuple[dict[str, list[str]], set[frozenset]]:
        lists, shared = {}, {}
        for paper in Paper.objects.prefetch_related("authorships"):
            lists[paper.title] = [a.printed_name for a in paper.authorships.all()]
            lists[paper.title] += ["others"] if paper.more_authors else []
            for a in paper.authorships.all():
                shared.setdefault(a.person_id, set()).add((paper.title, a.printed_name))
        return lists, {frozenset(places) for places in shared.values()}

    lists, groups = people()
    text = export_all()
    empty_database()
    import_text(text)
    lists_after, groups_after = people()
    assert lists_after == lists
    assert all(any(after <= before for before in groups) for after in groups_after)
    split = groups_after - groups
    assert {printed for group in split for _, printed in group} == {"Haohuan Fu", "Haohuan Fang"}
