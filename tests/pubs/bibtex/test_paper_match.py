import pytest
from hypothesis import given
from hypothesis import strategies as st

from pubs.bibtex.paper_match import PaperIndex
from pubs.bibtex.paper_records import AuthorNames, PaperRecord, family_key, title_key
from pubs.bibtex.versions import is_minor_version


def names(*families: str) -> AuthorNames:
    """Authors, each of one family name."""
    return tuple(frozenset({family}) for family in families)


GOAT = PaperRecord(
    1,
    "GOAT: Gradient Scheduling with Collaborative In-Network Aggregation",
    2023,
    doi="10.1109/iwqos.1",
    kind="conference",
    authors=names("fang", "zhao", "xu"),
)
USP = PaperRecord(
    2, "USP: A Unified Sequence Parallelism Approach", 2024, arxiv_id="2405.07719", kind="preprint"
)


def index() -> PaperIndex:
    return PaperIndex([GOAT, USP])


def test_same_doi():
    assert index().find(title=GOAT.title.upper(), year=2000, doi="10.1109/iwqos.1").how == "doi"


def test_same_arxiv_id():
    assert index().find(title=USP.title, year=2000, arxiv_id="2405.07719").how == "arxiv"


def test_same_title_whatever_the_case_and_punctuation():
    found = index().find(
        title="goat - gradient scheduling with collaborative in network aggregation", year=2023
    )
    assert found.paper is GOAT


def test_same_title_a_year_apart():
    assert index().find(title=GOAT.title, year=2024) is not None


def test_same_title_years_apart_is_another_paper():
    assert index().find(title=GOAT.title, year=2020) is None


def test_a_preprint_published_two_years_later_is_the_same_paper():
    assert index().find(title=USP.title, year=2026, kind="conference").paper is USP


def test_same_title_with_another_doi_is_another_paper():
    assert index().find(title=GOAT.title, year=2023, doi="10.1145/other") is None


def test_same_title_with_another_arxiv_id_is_another_paper():
    assert index().find(title=USP.title, year=2024, arxiv_id="2405.99999") is None


def test_same_title_with_a_doi_another_title_holds_is_the_paper_of_its_title():
    """Its DOI is disputed: imported, the entry's paper is kept without it, so the DOI does
    not set it apart from the paper of its title and another DOI."""
    planning = PaperRecord(3, "Heuristic Search for Classical Planning", 2018, doi="10.1000/x1")
    papers = PaperIndex([GOAT, planning])
    found = papers.find(title=GOAT.title, year=2023, doi="10.1000/x1")
    assert (found.paper, found.rule) == (GOAT, "same_title")


def test_same_title_with_an_author_in_common_is_the_same_paper():
    found = index().find(title=GOAT.title, year=2023, authors=names("xu", "luo"))
    assert found.paper is GOAT


def test_same_title_by_other_people_is_another_paper():
    assert index().find(title=GOAT.title, year=2023, authors=names("smith")) is None


def test_authors_of_papers_recorded_without_them_are_asked_for_once_when_their_title_matches():
    asked = []

    def authors_of(paper_ids):
        asked.extend(paper_ids)
        return dict.fromkeys(paper_ids, names("chen"))

    index = PaperIndex([GOAT, USP], authors_of=authors_of)
    assert index.find(title=USP.title, year=2024, authors=names("smith")) is None
    assert index.find(title=USP.title, year=2024, authors=names("chen")).paper is USP
    assert index.find(title="Another title", year=2024, authors=names("chen")) is None
    assert asked == [2]


def test_most_authors_are_counted_as_authors_not_as_family_names():
    """Two authors of one family name are two authors; an author known by two family names
    (as printed, and in Chinese order) is one."""

    def workshop_version_of(full: AuthorNames, workshop: AuthorNames) -> bool:
        papers = PaperIndex([PaperRecord(1, GOAT.title, 2023, kind="conference", authors=full)])
        papers.add(
            PaperRecord(2, GOAT.title, 2023, kind="conference", authors=workshop, minor=True)
        )
        return bool(papers.versions(2))

    assert workshop_version_of(names("fang", "fang"), names("fang", "fang"))
    assert workshop_version_of(names("hongli"), (frozenset({"xu", "hongli"}),))
    assert not workshop_version_of(names("fang", "fang"), names("fang", "zhao"))
    assert not workshop_version_of(names("fang", "zhao"), names("fang", "fang"))


def test_a_journal_paper_of_a_conference_paper_s_title_is_another_paper():
    assert index().find(title=GOAT.title, year=2024, kind="journal") is None


def test_same_title_at_another_venue_is_another_paper():
    iwqos, infocom = ("venue", 1), ("venue", 2)
    goat = PaperIndex([PaperRecord(1, GOAT.title, 2023, kind="conference", venue=iwqos)])
    assert goat.find(title=GOAT.title, year=2023, kind="conference", venue=infocom) is None
    assert goat.find(title=GOAT.title, year=2023, kind="conference", venue=iwqos) is not None


def test_a_venue_found_and_a_venue_not_yet_known_are_not_compared():
    goat = PaperIndex([PaperRecord(1, GOAT.title, 2023, kind="conference", venue=("venue", 1))])
    assert goat.find(title=GOAT.title, year=2023, kind="conference", venue=("text", "iwqos"))


def test_at_a_venue_found_and_one_not_yet_known_most_authors_must_be_the_same():
    """ "On the Migration of Data Lakes" by Lu and four others in a catalogued journal, and
    by Castro, Lu and five others in a journal the catalogue does not know: two papers."""
    journal = PaperRecord(
        1,
        "On the Migration of Data Lakes",
        2013,
        kind="journal",
        venue=("venue", 7),
        authors=names("lu", "roux", "yao", "zhu", "ma"),
    )
    papers = PaperIndex([journal])

    def find(*authors: str):
        return papers.find(
            title=journal.title,
            year=2013,
            kind="journal",
            authors=names(*authors),
            venue=("text", ("journal", "internet", "things")),
        )

    assert find("castro", "fan", "yan", "liu", "lu", "tang", "fischer") is None
    assert find("lu", "roux", "yao").paper is journal  # a list cut short ("and others")
    assert find("lu", "roux", "yao", "zhu", "ma").paper is journal


def test_a_preprint_at_arxiv_is_the_paper_published_at_a_venue():
    usp = PaperIndex([PaperRecord(2, USP.title, 2024, kind="preprint", venue=("venue", 9))])
    assert usp.find(title=USP.title, year=2025, kind="conference", venue=("venue", 3))


@pytest.mark.parametrize("kind", ["other", "report", "thesis"])
def test_a_work_of_a_preprint_s_title_that_is_no_published_version_is_another_paper(kind):
    """A report or a note of an arXiv preprint's title may be another work; taken for the
    preprint, which its conference version then becomes, it would be another paper's the
    next time."""
    usp = PaperIndex([PaperRecord(2, USP.title, 2024, kind="preprint", venue=("venue", 9))])
    assert usp.find(title=USP.title, year=2024, kind=kind) is None
    assert usp.find(title=USP.title, year=2024, kind="preprint").paper.id == 2


def test_a_chapter_of_a_preprint_s_title_is_the_preprint_published():
    usp = PaperIndex([PaperRecord(2, USP.title, 2024, kind="preprint", venue=("venue", 9))])
    assert usp.find(title=USP.title, year=2024, kind="book").paper.id == 2


def test_a_doi_an_entry_gave_beside_the_paper_s_own_finds_the_paper():
    """An arXiv entry with the publisher's DOI: the conference entry of that DOI after it is
    the same paper, though the paper keeps the arXiv DOI."""
    usp = PaperIndex([PaperRecord(2, USP.title, 2024, doi="10.48550/arxiv.2405.07719")])
    usp.also_known_by(2, doi="10.1145/3711.1")
    retitled = "USP: Unified Sequence Parallelism for Long Context Training"
    assert usp.find(title=retitled, year=2025, doi="10.1145/3711.1").paper.id == 2
    usp.also_known_by(3, doi="10.1145/3711.1")  # another paper's already
    retitled = "USP: Unified Sequence Parallelism for Long Context Training"
    assert usp.find(title=retitled, year=2025, doi="10.1145/3711.1").paper.id == 2


def test_family_names_compare_without_accents_or_case():
    assert family_key("Müller") == family_key("MULLER")


def test_title_key():
    assert title_key("Naïve  Bayes: A {Study}") == title_key("naive bayes a study")


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_ascii_titles_keep_only_their_letters_and_digits(title):
    assert title_key(title) == "".join(c for c in title.lower() if c.isalnum())


def test_among_thousands_of_papers_of_one_title_the_one_by_the_same_author_is_found():
    papers = PaperIndex(
        PaperRecord(n, "Introduction", 2024, authors=names(f"author{n}")) for n in range(5000)
    )
    assert papers.find(title="Introduction", year=2024, authors=names("author17")).paper.id == 17
    assert papers.find(title="Introduction", year=2024, authors=names("nobody")) is None


def test_papers_of_a_title_recorded_without_authors_are_asked_for_in_one_call():
    calls = []

    def authors_of(paper_ids):
        calls.append(list(paper_ids))
        return {paper_id: names(f"author{paper_id}") for paper_id in paper_ids}

    papers = PaperIndex((PaperRecord(n, "Introduction", 2024) for n in range(300)), authors_of)
    assert papers.find(title="Introduction", year=2024, authors=names("author299"))
    assert papers.find(title="Introduction", year=2024, authors=names("author3"))
    assert calls == [list(range(300))]


PDB = "Partial Pattern Databases"
HOLTE = names("holte", "felner", "anderson")


def test_a_workshop_version_and_the_conference_version_of_one_title_are_two_papers():
    papers = PaperIndex(
        [PaperRecord(1, PDB, 2007, kind="conference", authors=HOLTE, venue=("venue", 7))]
    )
    found = papers.find(
        title=PDB,
        year=2007,
        kind="conference",
        authors=HOLTE,
        venue=("text", "heuristics workshop"),
        minor=True,
    )
    assert found is None


def test_a_preprint_is_the_workshop_or_the_full_version_of_its_title():
    papers = PaperIndex([PaperRecord(1, PDB, 2007, kind="conference", authors=HOLTE, minor=True)])
    assert papers.find(title=PDB, year=2008, kind="preprint", authors=HOLTE).paper.id == 1


def test_a_published_version_with_another_title_is_its_preprint_by_arxiv_id():
    preprint = PaperRecord(
        1,
        "PatrickStar: Parallel Training of Pre-trained Models via Chunk-based Memory Management",
        2021,
        arxiv_id="2108.05818",
        kind="preprint",
    )
    found = PaperIndex([preprint]).find(
        title="Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management",
        year=2022,
        doi="10.1109/tpds.2022.3219819",
        arxiv_id="2108.05818",
        kind="journal",
    )
    assert found.how == "arxiv" and found.paper.id == 1


@pytest.mark.parametrize(
    ("container", "minor"),
    [
        ("ICAPS 2019 Workshop on Heuristics and Search for Domain-independent Planning", True),
        ("Proceedings of the SIGCOMM Posters and Demos", True),
        ("Companion Proceedings (Short Papers)", True),
        ("Proceedings of the AAAI Conference on Artificial Intelligence", False),
        ("IEEE Transactions on Parallel and Distributed Systems", False),
    ],
)
def test_a_minor_version_is_known_by_its_printed_venue(container, minor):
    assert is_minor_version(container) is minor


# -- the likeliest of several --------------------------------------------------------------------

SCHEDULING = "Scheduling Collectives on GPU Clusters"


@pytest.mark.parametrize("added", [(1, 2), (2, 1)], ids=["that-one-first", "the-other-first"])
def test_of_two_papers_of_its_title_an_entry_finds_the_one_with_more_authors_in_common(added):
    papers = {
        1: PaperRecord(1, SCHEDULING, 2020, kind="conference", authors=names("fang")),
        2: PaperRecord(
            2, SCHEDULING, 2018, kind="conference", authors=names("fang", "fang", "zhao")
        ),
    }
    index = PaperIndex(papers[paper_id] for paper_id in added)
    found = index.find(
        title=SCHEDULING, year=2018, kind="preprint", authors=names("fang", "fang", "zhao")
    )
    assert found.paper.id == 2


@pytest.mark.parametrize("added", [(1, 2), (2, 1)], ids=["that-one-first", "the-other-first"])
def test_of_two_papers_with_as_many_authors_in_common_an_entry_finds_the_nearest_year(added):
    papers = {
        1: PaperRecord(1, SCHEDULING, 2020, kind="conference", authors=names("fang")),
        2: PaperRecord(2, SCHEDULING, 2018, kind="conference", authors=names("fang")),
    }
    index = PaperIndex(papers[paper_id] for paper_id in added)
    found = index.find(title=SCHEDULING, year=2018, kind="preprint", authors=names("fang"))
    assert found.paper.id == 2


@pytest.mark.parametrize("added", [(1, 2), (2, 1)], ids=["preprint-first", "conference-first"])
def test_a_published_entry_finds_its_published_paper_before_a_preprint_of_its_title(added):
    papers = {
        1: PaperRecord(1, SCHEDULING, 2018, arxiv_id="1901.00001", kind="preprint"),
        2: PaperRecord(2, SCHEDULING, 2018, arxiv_id="1901.00002", kind="conference"),
    }
    index = PaperIndex(papers[paper_id] for paper_id in added)
    found = index.find(title=SCHEDULING, year=2018, kind="conference")
    assert found.paper.id == 2
