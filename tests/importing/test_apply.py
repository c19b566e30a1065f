"""Applying an import: all or nothing, the same file twice changes nothing, undo is exact."""

import re
from pathlib import Path

import pytest

from people.models import Group, Person
from pubs.bibtex.plan import Decisions
from pubs.imports import plan as plan_module
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.errors import ImportBlocked, UndoRefused
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Authorship, BibtexImport, Paper, Venue
from tests.database_state import snapshot

DATA = Path(__file__).resolve().parent.parent / "data" / "bibtex"
pytestmark = pytest.mark.usefixtures("catalogue")

NEW_PAPERS = r"""
@inproceedings{fang2025new,
  title = {A New Study of {GPU} Collectives},
  author = {Fang, Jin and Zhao, Gongming and Lovelace, Ada and H. Fu},
  booktitle = {2025 IEEE 33rd International Conference on Network Protocols (ICNP)},
  year = {2025}, doi = {10.1109/ICNP.2025.1}, keywords = {collectives, GPU},
  code = {https://github.com/example/new}
}
@article{lovelace2025notes,
  title = {Notes on the Analytical Engine},
  author = {Ada Lovelace and Charles Babbage},
  journal = {Journal of Obscure Engines}, year = {2025}
}
"""


def run(text: str, **options):
    decisions = options.pop("decisions", Decisions())
    planned = bibtex_import_plan(text=text, decisions=decisions)
    return bibtex_import_apply(planned=planned, file_name="test.bib", source="test", **options)


def test_an_import_creates_papers_people_links_and_tags():
    record = run(NEW_PAPERS)
    paper = Paper.objects.get(doi="10.1109/icnp.2025.1")
    assert [a.person.slug for a in paper.authorships.order_by("position")][:2] == [
        "jin-fang",
        "gongming-zhao",
    ]
    assert paper.venue.slug == "icnp" and paper.citation_key == "fang2025new"
    assert paper.title_bibtex == "A New Study of {GPU} Collectives"
    assert set(paper.tags.values_list("name", flat=True)) == {"collectives", "GPU"}
    assert paper.links.get().url == "https://github.com/example/new"
    assert Person.objects.filter(given_name="Ada", family_name="Lovelace").count() == 1
    assert record.counts["created"] == 2 and record.status == "applied"


def test_a_keyword_written_two_ways_is_one_tag_named_as_first_written():
    run(
        NEW_PAPERS + "@misc{later2025, title = {Later}, author = {Ada Lovelace}, year = {2025},"
        " keywords = {Collectives, gpu}}"
    )
    tagged = Paper.objects.filter(tags__name="collectives")
    assert sorted(tagged.values_list("citation_key", flat=True)) == ["fang2025new", "later2025"]
    assert Paper.objects.filter(tags__name="GPU").count() == 2


def test_a_name_matched_by_initials_is_remembered():
    run(NEW_PAPERS)
    assert "H. Fu" in Person.objects.get(slug="haohuan-fu").variants


def test_importing_the_same_file_twice_changes_nothing():
    run(NEW_PAPERS)
    before = snapshot()
    record = run(NEW_PAPERS)
    assert snapshot() == before
    assert (record.counts["created"], record.counts["duplicates"]) == (0, 2)


def test_importing_a_seed_file_twice_changes_nothing_the_second_time():
    text = (DATA / "dblp.bib").read_text(encoding="utf-8")
    run(text)
    before = snapshot()
    run(text)
    assert snapshot() == before


def test_venues_created_from_one_venue_s_texts_are_one_venue_found_again():
    text = """
@inproceedings{a2019, title = {First Study}, author = {Ada Lovelace}, year = {2019},
  booktitle = {Odd Systems 32: Annual Meeting on Odd Systems 2019, 8-14 December 2019, Vancouver}}
@inproceedings{b2024, title = {Second Study}, author = {Ada Lovelace}, year = {2024},
  booktitle = {Odd Systems 37: Annual Meeting on Odd Systems 2024, Vancouver, December 10-15, 2024}}
"""
    run(text, decisions=Decisions(create_venues=True))
    venues = {paper.venue_id for paper in Paper.objects.filter(citation_key__in=["a2019", "b2024"])}
    assert len(venues) == 1
    before = snapshot()
    assert run(text, decisions=Decisions(create_venues=True)).counts["created"] == 0
    assert snapshot() == before


def test_a_paper_takes_the_kind_of_the_venue_created_for_it_as_the_next_import_finds_it():
    text = """@misc{tool2018, title = {A Tool}, author = {Ada Lovelace}, year = {2018},
  journal = {Tool Repository}}"""
    run(text, decisions=Decisions(create_venues=True))
    assert Paper.objects.get(citation_key="tool2018").kind == "journal"
    before = snapshot()
    assert run(text, decisions=Decisions(create_venues=True)).counts["created"] == 0
    assert snapshot() == before


PREPRINT = """@misc{pre2024, title = {Odd Collectives}, author = {Ada Lovelace}, year = {2024},
  eprint = {2401.00001}, archivePrefix = {arXiv}}
"""
PUBLISHED = """@inproceedings{pub2025, title = {Odd Collectives}, author = {Ada Lovelace},
  year = {2025}, booktitle = {Workshop on Odd Systems 2025}, doi = {10.1234/odd.1}}
"""


def test_a_preprint_and_its_published_version_in_one_file_are_one_paper_at_the_new_venue():
    record = run(PREPRINT + PUBLISHED, decisions=Decisions(create_venues=True))
    paper = Paper.objects.get(arxiv_id="2401.00001")
    assert (paper.kind, paper.status, paper.year) == ("conference", "published", 2025)
    assert (paper.arxiv_id, paper.doi, paper.venue.name) == (
        "2401.00001",
        "10.1234/odd.1",
        "Workshop on Odd Systems",
    )
    assert (record.counts["created"], record.counts["updated"]) == (1, 0)


def test_a_file_with_a_preprint_and_its_published_version_imported_again_changes_nothing():
    run(PREPRINT + PUBLISHED, decisions=Decisions(create_venues=True))
    before = snapshot()
    assert run(PREPRINT + PUBLISHED, decisions=Decisions(create_venues=True)).counts["updated"] == 0
    assert snapshot() == before


def test_the_published_version_of_a_preprint_there_moves_it_to_the_venue_it_creates():
    run(PREPRINT)
    before = snapshot()
    record = run(PUBLISHED, decisions=Decisions(create_venues=True))
    paper = Paper.objects.get(arxiv_id="2401.00001")
    assert (paper.kind, paper.venue.name) == ("conference", "Workshop on Odd Systems")
    assert record.counts["updated"] == 1
    bibtex_import_undo(record=record)
    assert snapshot() == before


def test_a_preprint_s_venue_is_not_created_when_its_published_version_is_elsewhere():
    preprint = PREPRINT.replace(
        "eprint = {2401.00001}, archivePrefix = {arXiv}",
        "journal = {Odd Depot}, pubstate = {preprint}",
    )
    run(preprint + PUBLISHED, decisions=Decisions(create_venues=True))
    assert not Venue.objects.filter(name="Odd Depot").exists()
    before = snapshot()
    run(preprint + PUBLISHED, decisions=Decisions(create_venues=True))
    assert snapshot() == before


def test_a_preprint_there_becomes_the_full_one_of_two_published_versions_once():
    """The journal paper, planned before the workshop version wherever the file lists it."""
    journal = PUBLISHED.replace("@inproceedings{pub2025", "@article{jour2026").replace(
        "booktitle = {Workshop on Odd Systems 2025}, doi = {10.1234/odd.1}",
        "journal = {Journal of Odd Systems}, doi = {10.1234/odd.2}",
    )
    run(PREPRINT)
    record = run(PUBLISHED + journal, decisions=Decisions(create_venues=True))
    assert (record.counts["updated"], record.counts["created"]) == (1, 1)
    assert Paper.objects.get(arxiv_id="2401.00001").venue.name == "Journal of Odd Systems"
    before = snapshot()
    run(PUBLISHED + journal, decisions=Decisions(create_venues=True))
    assert snapshot() == before


def test_undo_restores_the_previous_state_exactly():
    before = snapshot()
    new = run(NEW_PAPERS, group=Group.objects.get(slug="ustc-int"))
    fills = run((DATA / "dblp.bib").read_text(encoding="utf-8"))
    assert fills.counts["updated"] > 0 and snapshot() != before
    bibtex_import_undo(record=fills)
    bibtex_import_undo(record=new)
    assert snapshot() == before


def test_undo_twice_is_refused():
    record = run(NEW_PAPERS)
    bibtex_import_undo(record=record)
    with pytest.raises(UndoRefused, match="undone"):
        bibtex_import_undo(record=record)


def test_undo_keeps_people_that_later_papers_list():
    first = run(NEW_PAPERS)
    run("@misc{later, title={Later Work}, year=2026, author={Ada Lovelace}}")
    notes = bibtex_import_undo(record=first)
    assert Person.objects.filter(family_name="Lovelace").exists()
    assert "kept" in notes[0]


def preview(text: str) -> BibtexImport:
    """A preview's record, as the admin's upload page stores it."""
    return BibtexImport.objects.create(file_name="test.bib", sha256="", text=text)


def test_a_preview_confirmed_twice_is_imported_once_and_can_still_be_undone():
    before = snapshot()
    record = preview(NEW_PAPERS)
    stale = BibtexImport.objects.get(pk=record.pk)  # the second click's copy
    bibtex_import_apply(
        planned=bibtex_import_plan(text=NEW_PAPERS), file_name="test.bib", record=record
    )
    with pytest.raises(ImportBlocked, match="imported already"):
        bibtex_import_apply(
            planned=bibtex_import_plan(text=NEW_PAPERS), file_name="test.bib", record=stale
        )
    record.refresh_from_db()
    assert record.counts["created"] == 2
    bibtex_import_undo(record=record)
    assert snapshot() == before


def test_a_deleted_preview_is_not_imported():
    record = preview(NEW_PAPERS)
    planned = bibtex_import_plan(text=NEW_PAPERS)
    BibtexImport.objects.filter(pk=record.pk).delete()
    with pytest.raises(ImportBlocked, match="deleted"):
        bibtex_import_apply(planned=planned, file_name="test.bib", record=record)
    assert not Paper.objects.filter(citation_key="fang2025new").exists()


def test_a_blocked_import_writes_nothing():
    before = snapshot()
    planned = bibtex_import_plan(text="@misc{a, title={T}, year=2024, author={J. Fang}}")
    with pytest.raises(ImportBlocked, match=re.escape("J. Fang")):
        bibtex_import_apply(planned=planned, file_name="x.bib")
    assert snapshot() == before
    assert not BibtexImport.objects.exists()


def test_an_invalid_entry_writes_nothing_unless_skipped():
    text = NEW_PAPERS + "\n@misc{broken, year=2024}"
    with pytest.raises(ImportBlocked, match="error"):
        run(text)
    assert not Paper.objects.filter(title__startswith="Notes on the Analytical").exists()
    run(text, decisions=Decisions(skip_invalid=True))
    assert Paper.objects.filter(title__startswith="Notes on the Analytical").exists()


def test_the_group_option_adds_the_papers_to_the_group():
    run(NEW_PAPERS, group=Group.objects.get(slug="cmu-catalyst"))
    assert Paper.objects.filter(groups__slug="cmu-catalyst", title__startswith="Notes").exists()


def test_ambiguous_names_allowed_are_flagged_on_their_authorship():
    run(
        "@misc{a, title={Ambiguous}, year=2024, author={J. Fang}}",
        decisions=Decisions(allow_ambiguous=True),
    )
    authorship = Authorship.objects.get(paper__title="Ambiguous")
    assert "could be" in authorship.review_note
    assert authorship.person.slug not in ("jin-fang", "jiarui-fang")


def test_a_venue_created_for_an_unmatched_name():
    run(NEW_PAPERS, decisions=Decisions(create_venues=True))
    assert Paper.objects.get(title__startswith="Notes").venue.name == "Journal of Obscure Engines"


def test_hostile_long_values_are_cut_to_their_columns():
    run("@misc{a, title={" + "T" * 5000 + "}, year=2024, pages={" + "1" * 500 + "}}")
    paper = Paper.objects.get(title__startswith="TTT")
    assert len(paper.title) == 1000 and len(paper.pages) == 50


def test_the_import_uses_few_queries_whatever_the_number_of_entries(django_assert_max_num_queries):
    entries = "".join(
        f"@misc{{bulk{i}, title={{Bulk paper {i}}}, year=2024, author={{Author{i} Family and Jin Fang}}}}\n"
        for i in range(200)
    )
    planned = bibtex_import_plan(text=entries)
    # Rows go in batches (SQLite takes at most 999 values a statement): far fewer than one
    # query per entry.
    with django_assert_max_num_queries(60):
        bibtex_import_apply(planned=planned, file_name="bulk.bib")


# EvoBib's LingPy releases: the later entry completes the earlier one's author list, so the
# file is planned twice, its papers compared by their authors as they will be stored.
LINGPY = r"""
@book{LingPy2.6.0, author = {List, Johann-Mattis and Greenhill, Simon and Forkel, Robert},
  title = {LingPy. A Python library for quantitative tasks in historical linguistics},
  publisher = {Max Planck Institute}, year = {2017}}
@book{LingPy2.6.4, author = {List, Johann-Mattis and Greenhill, Simon and Tresoldi, Tiago
  and Forkel, Robert},
  title = {LingPy. A Python library for quantitative tasks in historical linguistics},
  publisher = {Max Planck Institute}, year = {2017}}
@book{LingPy2.7.0, author = {List, Johann-Mattis and Forkel, Robert},
  title = {LingPy. A Python library for quantitative tasks in historical linguistics},
  publisher = {Max Planck Institute}, year = {2021}}
"""


def test_a_file_planned_twice_is_read_once(monkeypatch):
    reads = []
    read = plan_module.parse_and_normalize
    monkeypatch.setattr(
        plan_module, "parse_and_normalize", lambda *a, **k: reads.append(1) or read(*a, **k)
    )
    planned = bibtex_import_plan(text=LINGPY)
    assert planned.plan.counted and len(reads) == 1
    assert [len(entry.record.problems) for entry in planned.plan.entries] == [0, 0, 0]
