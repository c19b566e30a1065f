"""The rules deciding whether two records are one work, or two versions of one: a test per
rule of the table, each with a pair shaped like real entries, named ``test_<rule>_...``; a
test that every rule has one, and that each rule's tests fail without it."""

import sys
from dataclasses import replace

import pytest

from pubs.bibtex import identity
from pubs.bibtex.identity import RULES, Pair, decide, is_one_work, system_names, titles_agree
from pubs.bibtex.paper_match import PaperIndex
from pubs.bibtex.paper_records import AuthorNames, PaperRecord


def names(*families: str) -> AuthorNames:
    return tuple(frozenset({family}) for family in families)


RUIZ_HEIN = names("ruiz", "hein")
STERN = names("stern")
KNAPSACK = "Exact Solvers for Knapsack"
HEURISTICS = "Automatic Design of Heuristics"
BIDIRECTIONAL = "Bidirectional Search That Is Guaranteed to Meet in the Middle"
FELNER = names("felner", "holte", "sturtevant")
AAAI, TPDS = ("venue", 1), ("venue", 2)


def record(title: str, year: int | None, kind: str = "conference", **fields) -> PaperRecord:
    fields.setdefault("authors", RUIZ_HEIN)
    return PaperRecord(fields.pop("id", None), title, year, kind=kind, **fields)


def pair(mine: PaperRecord, theirs: PaperRecord, via: str = "") -> Pair:
    return Pair(mine, theirs, mine.authors or (), theirs.authors or (), via)


def decided(question: str, mine: PaperRecord, theirs: PaperRecord, via: str = "") -> str:
    rule = decide(question, pair(mine, theirs, via))
    return rule.name if rule else ""


def one_work(question: str, mine: PaperRecord, theirs: PaperRecord, via: str = "") -> bool:
    return is_one_work(question, pair(mine, theirs, via)) is not None


# -- a shared identifier -----------------------------------------------------------------------


def test_identifier_titles_disagree_is_a_conflict_never_a_merge():
    """m1 and m2: one (erroneous) arXiv id on two works of other titles and authors."""
    m1 = record(
        "A Tutorial on Bayesian Things", 2018, "preprint", arxiv_id="1807.00001", authors=STERN
    )
    m2 = record("On Evaluating Language Models", 2017, "preprint", arxiv_id="1807.00001")
    assert decided("identifier", m2, m1, "arxiv") == "identifier_titles_disagree"
    assert not one_work("identifier", m2, m1, "arxiv")


def test_identifier_titles_disagree_even_with_an_author_in_common():
    """One author's two papers, a DOI copied from one entry to the other."""
    planning = record("Heuristic Search for Classical Planning", 2018, doi="10.1000/x1")
    scheduling = record("Scheduling Collectives on GPU Clusters", 2021, doi="10.1000/x1")
    assert decided("identifier", scheduling, planning, "doi") == "identifier_titles_disagree"


def test_shared_doi_is_one_work_retitled():
    """PatrickStar's preprint and its TPDS paper, retitled, of one DOI."""
    preprint = record(
        "PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory Management",
        2021,
        "preprint",
        doi="10.1109/tpds.2022.1",
    )
    published = record(
        "Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management",
        2022,
        "journal",
        doi="10.1109/tpds.2022.1",
    )
    assert decided("identifier", published, preprint, "doi") == "shared_doi"


def test_shared_arxiv_id_is_one_work_retitled():
    preprint = record(
        "PipeFusion: Displaced Patch Pipeline Parallelism for Inference of Diffusion "
        "Transformer Models",
        2024,
        "preprint",
        arxiv_id="2405.14430",
    )
    published = record(
        "PipeFusion: Patch-level Pipeline Parallelism for Diffusion Transformers Inference",
        2025,
        arxiv_id="2405.14430",
    )
    assert decided("identifier", published, preprint, "arxiv") == "shared_arxiv_id"


def test_titles_agree_when_one_is_within_the_other_or_one_has_no_word():
    assert titles_agree("PatrickStar: Parallel Training", "Parallel training")
    assert titles_agree("???", "Anything at All")
    assert not titles_agree("A Tutorial on Bayesian Things", "On Evaluating Language Models")


# -- one title -------------------------------------------------------------------------------


def test_different_dois_are_two_papers():
    first = record(KNAPSACK, 2020, doi="10.1000/a")
    assert decided("title", record(KNAPSACK, 2020, doi="10.1000/b"), first) == "different_dois"


def test_different_arxiv_ids_are_two_papers():
    first = record(KNAPSACK, 2020, arxiv_id="2001.00001")
    second = record(KNAPSACK, 2020, arxiv_id="2001.00002")
    assert decided("title", second, first) == "different_arxiv_ids"


def test_a_disputed_doi_is_no_different_doi():
    """An entry's DOI that a paper of another title holds too: kept by neither, as the paper
    once imported, it does not set the entry apart from the paper of its title."""
    paper = record(KNAPSACK, 2020, doi="10.1000/a")
    entry = record(KNAPSACK, 2020, doi="10.1000/b", disputed=frozenset({"doi"}))
    assert decided("title", entry, paper) == "same_title"


def test_a_disputed_arxiv_id_is_no_different_arxiv_id():
    paper = record(KNAPSACK, 2020, arxiv_id="2001.00001")
    entry = record(KNAPSACK, 2020, arxiv_id="2001.00002", disputed=frozenset({"arxiv_id"}))
    assert decided("title", entry, paper) == "same_title"


def test_different_kinds_a_conference_paper_and_its_journal_extension_are_two_papers():
    assert decided("title", record(KNAPSACK, 2020, "journal"), record(KNAPSACK, 2020)) == (
        "different_kinds"
    )


def test_different_venues_one_title_at_two_venues_are_two_papers():
    first = record(KNAPSACK, 2020, venue=AAAI)
    assert decided("title", record(KNAPSACK, 2020, venue=TPDS), first) == "different_venues"


def test_different_forms_a_workshop_version_and_the_full_paper_are_two_papers():
    workshop = record(BIDIRECTIONAL, 2016, authors=FELNER, minor=True)
    full = record(BIDIRECTIONAL, 2016, authors=FELNER)
    assert decided("title", workshop, full) == "different_forms"


def test_no_author_in_common_is_another_paper_of_a_common_title():
    theirs = record("On the Complexity of Scheduling", 2020, authors=STERN)
    mine = record("On the Complexity of Scheduling", 2020, authors=names("hein"))
    assert decided("title", mine, theirs) == "no_author_in_common"


def test_few_authors_in_common_where_a_catalogued_venue_and_a_name_cannot_be_compared():
    theirs = record(BIDIRECTIONAL, 2016, authors=FELNER, venue=AAAI)
    mine = record(BIDIRECTIONAL, 2016, authors=names("felner", "ruiz", "hein"), venue=("text", "x"))
    assert decided("title", mine, theirs) == "few_authors_in_common"


def test_years_apart_one_title_three_years_apart_is_another_paper():
    assert decided("title", record(KNAPSACK, 2021), record(KNAPSACK, 2018)) == "years_apart"


def test_years_apart_a_preprint_three_years_after_its_published_version():
    published = record(KNAPSACK, 2023, "journal")
    assert decided("title", record(KNAPSACK, 2026, "preprint"), published) == "years_apart"


def test_preprint_then_published_any_number_of_years_later():
    """Ana Ruiz and Piet Hein's arXiv preprint of 2023, published in 2026."""
    preprint = record(KNAPSACK, 2023, "preprint")
    published = record(KNAPSACK, 2026, "journal")
    assert decided("title", published, preprint) == "preprint_then_published"


def test_same_title_same_authors_a_year_apart_is_one_paper():
    assert decided("title", record(KNAPSACK, 2021), record(KNAPSACK, 2020)) == "same_title"


# -- versions --------------------------------------------------------------------------------


def test_a_preprint_is_no_version_even_printed_as_a_workshop_paper():
    preprint = record(BIDIRECTIONAL, 2016, "preprint", authors=FELNER, minor=True)
    full = record(BIDIRECTIONAL, 2016, authors=FELNER)
    assert decided("version", preprint, full) == "a_preprint_is_no_version"


def test_versions_share_few_authors_are_not_linked():
    workshop = record(BIDIRECTIONAL, 2016, authors=names("felner", "ruiz", "hein"), minor=True)
    full = record(BIDIRECTIONAL, 2016, authors=FELNER)
    assert decided("version", workshop, full) == "versions_share_few_authors"


def test_versions_years_apart_a_workshop_paper_three_years_before():
    workshop = record(BIDIRECTIONAL, 2013, authors=FELNER, minor=True)
    full = record(BIDIRECTIONAL, 2016, authors=FELNER)
    assert decided("version", workshop, full) == "versions_years_apart"


def test_workshop_and_full_version_are_linked():
    workshop = record(BIDIRECTIONAL, 2016, authors=FELNER, minor=True)
    full = record(BIDIRECTIONAL, 2016, authors=FELNER)
    assert decided("version", full, workshop) == "workshop_and_full_version"


def test_report_and_published_version_are_linked_years_apart():
    """Ana Ruiz's technical report of 2014 and her journal paper of 2016."""
    report = record(HEURISTICS, 2014, "other", authors=names("ruiz"))
    journal = record(HEURISTICS, 2016, "journal", authors=names("ruiz"))
    assert decided("version", journal, report) == "report_and_published_version"
    assert not one_work("title", journal, report)


def test_report_and_published_version_a_report_and_the_chapter_of_proceedings_it_became():
    """IRIDIA's technical report of 2008 and its LNCS paper (a chapter) of 2009."""
    report = record(HEURISTICS, 2008, "other", authors=FELNER)
    chapter = record(HEURISTICS, 2009, "book", authors=FELNER)
    assert decided("version", chapter, report) == "report_and_published_version"


def test_a_report_after_its_published_version_is_not_linked_as_its_report():
    report = record(HEURISTICS, 2019, "other", authors=names("ruiz"))
    journal = record(HEURISTICS, 2016, "journal", authors=names("ruiz"))
    assert not one_work("version", journal, report)


def test_conference_and_journal_version_are_linked_years_apart():
    """A conference paper of 2013 and its journal extension of 2016, one title."""
    conference = record(BIDIRECTIONAL, 2013, authors=FELNER, venue=AAAI)
    journal = record(BIDIRECTIONAL, 2016, "journal", authors=FELNER, venue=TPDS)
    assert decided("version", journal, conference) == "conference_and_journal_version"
    assert decided("title", journal, conference) == "different_kinds"


def test_a_journal_paper_before_the_conference_paper_of_its_title_is_not_its_extension():
    conference = record(BIDIRECTIONAL, 2017, authors=FELNER)
    journal = record(BIDIRECTIONAL, 2016, "journal", authors=FELNER)
    assert not one_work("version", journal, conference)


def test_versions_years_apart_a_journal_paper_five_years_after_the_conference_paper():
    conference = record(BIDIRECTIONAL, 2011, authors=FELNER)
    journal = record(BIDIRECTIONAL, 2016, "journal", authors=FELNER)
    assert decided("version", journal, conference) == "versions_years_apart"


# -- a preprint and its published version under another title --------------------------------

PATRICKSTAR_PREPRINT = (
    "PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory Management"
)
PATRICKSTAR_TPDS = (
    "Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management"
)
PIPEFUSION_PREPRINT = (
    "PipeFusion: Displaced Patch Pipeline Parallelism for Inference of Diffusion Transformer Models"
)
PIPEFUSION_NEURIPS = (
    "PipeFusion: Patch-level Pipeline Parallelism for Diffusion Transformers Inference"
)


def patrickstar() -> tuple[PaperRecord, PaperRecord]:
    """The arXiv preprint of 2021 and the TPDS paper of 2022, as PatrickStar's README cites
    them: the preprint's six authors all on the paper, in another order after the first."""
    preprint = record(
        PATRICKSTAR_PREPRINT,
        2021,
        "preprint",
        arxiv_id="2108.05818",
        authors=names("fang", "yu", "zhu", "li", "you", "zhou"),
    )
    published = record(
        PATRICKSTAR_TPDS,
        2022,
        "journal",
        authors=names("fang", "zhu", "li", "su", "yu", "zhou", "you"),
    )
    return preprint, published


def pipefusion() -> tuple[PaperRecord, PaperRecord]:
    """The arXiv preprint of 2024 as the demo has it and the NeurIPS 2025 paper as xDiT's
    README cites it: three of the preprint's four authors, not in its order."""
    preprint = record(
        PIPEFUSION_PREPRINT,
        2024,
        "preprint",
        arxiv_id="2405.14430",
        authors=names("wang", "fang", "li", "yang"),
    )
    published = record(PIPEFUSION_NEURIPS, 2025, authors=names("fang", "pan", "li", "sun", "wang"))
    return preprint, published


def test_system_names_are_camel_case_words_and_a_leading_word_before_a_colon():
    assert system_names(PATRICKSTAR_PREPRINT) == {"patrickstar"}
    assert system_names("xDiT: an Inference Engine for Diffusion Transformers (DiTs)") == {
        "xdit",
        "dits",
    }
    assert system_names("Elixir: Train a Large Language Model on a Small GPU Cluster") == {"elixir"}
    assert system_names(PATRICKSTAR_TPDS) == frozenset()


def test_retitled_close_titles_same_authors_patrickstar_s_preprint_is_its_tpds_paper():
    preprint, published = patrickstar()
    assert decided("retitled", preprint, published) == "retitled_close_titles_same_authors"


def test_retitled_same_system_name_pipefusion_s_preprint_is_its_neurips_paper():
    preprint, published = pipefusion()
    assert decided("retitled", published, preprint) == "retitled_same_system_name"


def test_retitled_different_identifiers_are_two_works():
    preprint, published = patrickstar()
    published = replace(published, arxiv_id="2108.09999")
    assert decided("retitled", preprint, published) == "retitled_different_identifiers"


def test_a_disputed_identifier_sets_no_retitled_version_apart():
    preprint, published = patrickstar()
    published = replace(published, arxiv_id="2108.09999", disputed=frozenset({"arxiv_id"}))
    assert decided("retitled", preprint, published) == "retitled_close_titles_same_authors"


def test_retitled_not_a_preprint_and_its_published_version_a_journal_extension():
    """A conference paper and its journal extension naming one system are two papers."""
    _, conference = pipefusion()
    journal = replace(
        conference, title="PipeFusion: Pipeline Parallelism for Diffusion", kind="journal"
    )
    assert decided("retitled", journal, conference) == (
        "retitled_not_a_preprint_and_its_published_version"
    )


def test_retitled_preprint_after_published_is_not_its_preprint():
    preprint, published = pipefusion()
    preprint = replace(preprint, year=2026)
    assert decided("retitled", preprint, published) == "retitled_preprint_after_published"


def test_a_similar_title_alone_is_no_evidence_of_a_retitled_version():
    """Ana Ruiz's preprint and a journal paper of a close title by Piet Hein and others."""
    preprint = record("Exact Solvers for Knapsack Problems", 2023, "preprint")
    journal = record(
        "Exact Solvers for the Knapsack Problem with Conflicts",
        2025,
        "journal",
        authors=names("hein", "stern", "felner"),
    )
    assert titles_agree(preprint.title, journal.title)
    assert decide("retitled", pair(preprint, journal)) is None


def test_a_system_s_name_with_one_author_in_common_is_no_evidence():
    preprint, published = pipefusion()
    published = replace(published, authors=names("fang", "pan", "sun"))
    assert decide("retitled", pair(preprint, published)) is None


def test_the_index_finds_the_published_version_of_a_preprint_under_another_title():
    preprint, published = pipefusion()
    index = PaperIndex([replace(published, id=1)])
    found = index.find(
        title=preprint.title,
        year=preprint.year,
        kind="preprint",
        authors=preprint.authors,
    )
    assert (found.paper.id, found.rule) == (1, "retitled_same_system_name")


def test_the_index_folds_no_preprint_of_a_similar_title_by_other_authors():
    preprint, published = pipefusion()
    index = PaperIndex([replace(published, id=1)])
    others = names("zhao", "cheng", "li", "yang")
    assert index.find(title=preprint.title, year=2024, kind="preprint", authors=others) is None


# -- the table -------------------------------------------------------------------------------


def rule_tests(rule: str) -> list:
    """This module's tests of ``rule``: those named after it."""
    module = sys.modules[__name__]
    return [test for name, test in vars(module).items() if name.startswith(f"test_{rule}_")]


def test_every_rule_has_a_test():
    assert RULES
    assert [rule.name for rule in RULES if not rule_tests(rule.name)] == []


@pytest.mark.parametrize("rule", [rule.name for rule in RULES])
def test_a_rule_taken_out_of_the_table_fails_its_tests(rule, monkeypatch):
    tests = rule_tests(rule)
    assert tests
    monkeypatch.setattr(identity, "RULES", tuple(r for r in RULES if r.name != rule))
    for test in tests:
        with pytest.raises(AssertionError):
            test()
