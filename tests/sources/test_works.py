"""A structured source's record as the BibTeX the import reads (pubs.sources.works)."""

from pubs.bibtex.normalize import parse_and_normalize
from pubs.sources.works import Creator, Relation, Work, to_bibtex

DATASET = Work(
    source="DataCite",
    kind="dataset",
    title="Wing images {of} Drosophila",
    authors=(
        Creator("Dworkin, Ian", family="Dworkin", given="Ian", orcid="0000-0002-2874-287X"),
        Creator("Pool, John", family="Pool", given="John"),
        Creator("The Dryad Consortium", organisation=True),
    ),
    year=2020,
    publisher="figshare",
    doi="10.6084/m9.figshare.1449060",
    version="2",
    relations=(Relation("IsVersionOf", "10.6084/m9.figshare.1"),),
)


def read_back(work: Work):
    [record] = parse_and_normalize(to_bibtex([work]))[1]
    return record


def test_a_data_set_is_imported_as_a_data_set_with_its_authors_in_order():
    record = read_back(DATASET)
    assert (record.kind, record.year, record.doi) == ("dataset", 2020, DATASET.doi)
    assert [author.printed for author in record.authors] == [
        "Ian Dworkin",
        "John Pool",
        "The Dryad Consortium",
    ]


def test_the_authors_ids_the_version_and_the_versions_named_are_kept_as_written():
    record = read_back(DATASET)
    assert record.extra["author+an:orcid"] == '1="0000-0002-2874-287X"'
    assert (record.extra["version"], record.extra["isversionof"]) == (
        "2",
        "10.6084/m9.figshare.1",
    )


def test_a_conference_papers_proceedings_and_pages_are_its_booktitle_and_range():
    work = Work("DataCite", "conference", "Bases", container="TQC 2013", pages="93--105", year=2013)
    record = read_back(work)
    assert (record.kind, record.booktitle, record.pages) == ("conference", "TQC 2013", "93--105")


def test_editors_and_a_full_date_are_written_as_the_import_reads_them():
    work = Work(
        source="Crossref",
        kind="chapter",
        title="Clinical Symptoms",
        authors=(Creator("Ronald Diercks", family="Diercks", given="Ronald"),),
        editors=(Creator("Guy Tran Van Nhieu", family="Tran Van Nhieu", given="Guy"),),
        container="Shoulder Stiffness",
        year=2015,
        month=3,
        day=9,
    )
    text = to_bibtex([work])
    assert "editor = {Tran Van Nhieu, Guy}" in text and "date = {2015-03-09}" in text
    [record] = parse_and_normalize(text)[1]
    assert (record.year, record.month, record.editor) == (2015, 3, "Tran Van Nhieu, Guy")


def test_a_suffix_is_written_in_bibtex_s_place_for_it():
    doe = Creator("John Doe Jr.", family="Doe", given="John", suffix="Jr.")
    [record] = parse_and_normalize(to_bibtex([Work("Crossref", "journal", "T", (doe,))]))[1]
    author = record.authors[0]
    assert (author.family, author.jr, author.given) == ("Doe", "Jr.", "John")
