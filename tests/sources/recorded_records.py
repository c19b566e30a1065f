"""The recorded records of Crossref, DataCite, PubMed, Open Library and ORCID (tests/data/sources,
see its README), what each says when read by a careful person (``truth``), and how the clients are
asked for them. The tests (test_recorded_records.py) and the field accuracy table
(``python -m tests.sources.field_accuracy``) read this one list.

What is compared, field by field: the title (as a citation prints it: no full stop after
it); the authors in order, each as "Given Family" with their ORCID iD ("" when the record
gives none); the container (the journal or proceedings as named, without the place PubMed
adds to tell journals apart, letter case aside); the year; the pages (a range as "93--105");
the identifiers (DOI, arXiv id, ISBN-13, PMID, PMC id); the kind (a row of pubs.kinds).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from pubs.sources import crossref, datacite, openlibrary, orcid, pubmed
from pubs.sources.http import HttpClient
from pubs.sources.works import Work
from tests.sources.orcid_answers import DELPEUCH, owner_of, serve_delpeuch, work_in_full
from tests.sources.replay import DATA, Replay, cassette_interactions

FIELDS = ("title", "authors", "container", "year", "pages", "identifiers", "kind")


@dataclass(frozen=True)
class Case:
    service: str
    recording: str  # its file under tests/data/sources
    identifier: str
    truth: dict
    #: Fields the client reads otherwise than the truth, and why (the table counts them).
    misses: dict[str, str] = field(default_factory=dict)

    def serve(self, replay: Replay) -> None:
        """Have ``replay`` answer the client's request for this record."""
        if self.service == "ORCID":
            return  # read from its recording (OrcidCase), or served by OrcidRecordCase
        if self.service in ("Crossref", "DataCite"):
            replay.cassette(self.recording)
        elif self.service == "PubMed":
            replay.recorded(pubmed.EFETCH, self.recording, id=self.identifier)
        else:
            replay.route(
                openlibrary.BOOKS_API,
                books_api_answer(self.recording, self.identifier),
                bibkeys=f"ISBN:{self.identifier}",
            )

    def read(self, http: HttpClient) -> Work:
        """The record as the client reads it."""
        return READERS[self.service](http, self.identifier)


READERS: dict[str, Callable[[HttpClient, str], Work]] = {
    "Crossref": crossref.record,
    "DataCite": datacite.work,
    "PubMed": pubmed.article,
    "Open Library": openlibrary.book,
}


def books_api_answer(recording: str, isbn: str) -> str:
    """The Books API's answer for ``isbn`` as a client's test suite keeps it: the JSON object
    ``{"ISBN:…": {…}}`` written into its Ruby or JavaScript source."""
    text = (DATA / recording).read_text(encoding="utf-8")
    start = text.rindex("{", 0, text.index(f'"ISBN:{isbn}"'))
    answer, _ = json.JSONDecoder().raw_decode(text, start)
    return json.dumps(answer)


def observed(work: Work) -> dict:
    """What the client read, in the truth's terms."""
    return {
        "title": work.title,
        "authors": [(_name(author), author.orcid) for author in work.authors],
        "container": work.container,
        "year": work.year,
        "pages": work.pages,
        "identifiers": work.identifiers(),
        "kind": work.kind,
    }


def agrees(name: str, read: object, truth: object) -> bool:
    """Whether a field read agrees with the truth (a container whatever its letter case)."""
    if name == "container":
        return str(read).casefold() == str(truth).casefold()
    return read == truth


def _name(author) -> str:
    if author.organisation or not author.family:
        return author.name
    return f"{author.given} {author.family}".strip()


def _people(*names: str) -> list[tuple[str, str]]:
    """Authors without iDs; "Name=0000-…" gives one with its iD."""
    return [tuple(name.split("=")) if "=" in name else (name, "") for name in names]


@dataclass(frozen=True)
class OrcidCase(Case):
    """A work of an ORCID record, read in full from its recording (a bulk answer's or a
    single work's cassette) with the record's owner, from the owner's recorded record
    (``owner``: the file; or the iD, given and family name when none was recorded)."""

    put_code: int = 0
    owner: str | tuple[str, str, str] = ""

    def read(self, http: HttpClient) -> Work:
        if isinstance(self.owner, tuple):
            owner = orcid.Owner(*self.owner)
        else:
            owner = owner_of(self.owner, self.identifier.split("/")[0])
        return orcid.read_work(work_in_full(self.recording, self.put_code), owner)


@dataclass(frozen=True)
class OrcidRecordCase(Case):
    """A work of Antonin Delpeuch's record, as the client reads his whole record from the
    API (person, works' summaries, works in full)."""

    put_code: int = 0

    def serve(self, replay: Replay) -> None:
        serve_delpeuch(replay)

    def read(self, http: HttpClient) -> Work:
        works = orcid.person_works(http, DELPEUCH)
        codes = [code for code, _ in orcid.read_summaries(_delpeuch_works())]
        return works[codes.index(self.put_code)]


@dataclass(frozen=True)
class OrcidSummaryCase(Case):
    """A work of Scott Chamberlain's record (API v3.0) read from its summary alone, as the
    client does when the work in full does not come back: the owner from ``/person``."""

    put_code: int = 0

    def read(self, http: HttpClient) -> Work:
        person, works = (
            json.loads(i["response"]["body"]["string"])
            for i in cassette_interactions(self.recording)[2:4]
        )
        owner = orcid.read_owner(self.identifier.split("/")[0], person)
        summaries = dict(orcid.read_summaries(works))
        return orcid.read_work(summaries[self.put_code], owner)


def _delpeuch_works() -> dict:
    whole = json.loads((DATA / "orcid/0000-0002-8612-8827.json").read_text(encoding="utf-8"))
    return whole["activities-summary"]["works"]


DELPEUCH_ID = f"{DELPEUCH}/"
KREUTZER = ("0000-0002-0734-2199", "Sebastian", "Kreutzer")
GUNJAL_WORKS = (
    "orcid/0000-0002-9658-1473-works-39127918,33744503,36669776,33744558,33744557,36669770,"
    "33744556,34053527,33744688,36669784,36669785,39870720,36669787,36669788,12000309,"
    "29869420,9724376,36669760,9724381,36669768,36669783,36670027,12862779,36669758,"
    "12862780.json"
)

ORCID_CASES: tuple[Case, ...] = (
    # -- ORCID: dissemin's recordings (API v2.1), a whole record through the client ---------
    OrcidRecordCase(
        "ORCID",
        "orcid/0000-0002-8612-8827.json",
        f"{DELPEUCH_ID}15894056",
        {
            "title": "Complexity of Grammar Induction for Quantum Types",
            "authors": _people(f"Antonin Delpeuch={DELPEUCH}"),
            "container": "EPTCS",
            "year": 2014,
            "pages": "236--248",
            "identifiers": {"doi": "10.4204/eptcs.172.16"},
            "kind": "conference",
        },
        misses={"kind": "filed as a journal article: EPTCS publishes workshops' proceedings"},
        put_code=15894056,
    ),
    OrcidRecordCase(
        "ORCID",
        "orcid/0000-0002-8612-8827.json",
        f"{DELPEUCH_ID}16667185",
        {
            "title": "From Natural Language to RDF Graphs with Pregroups",
            "authors": _people(f"Antonin Delpeuch={DELPEUCH}", "Anne Preller"),
            "container": "Proceedings of the EACL 2014 Workshop on Type Theory and Natural "
            "Language Semantics (TTNLS)",
            "year": 2014,
            "pages": "55--62",
            "identifiers": {},
            "kind": "conference",
        },
        put_code=16667185,
    ),
    OrcidRecordCase(
        "ORCID",
        "orcid/0000-0002-8612-8827.json",
        f"{DELPEUCH_ID}45993824",
        {
            "title": "Normal forms for planar connected string diagrams",
            "authors": _people(f"Antonin Delpeuch={DELPEUCH}", "Jamie Vicary"),
            "container": "CoRR",
            "year": 2018,
            "pages": "",
            "identifiers": {"arxiv": "1804.07832"},
            "kind": "preprint",
        },
        put_code=45993824,
    ),
    OrcidRecordCase(
        "ORCID",
        "orcid/0000-0002-8612-8827.json",
        f"{DELPEUCH_ID}46050270",
        {
            "title": "Type-driven distributional semantics for prepositional phrase attachment",
            "authors": _people(f"Antonin Delpeuch={DELPEUCH}"),
            "container": "",
            "year": 2015,
            "pages": "",
            "identifiers": {},
            "kind": "thesis",
        },
        put_code=46050270,
    ),
    OrcidRecordCase(
        "ORCID",
        "orcid/0000-0002-8612-8827.json",
        f"{DELPEUCH_ID}47337044",
        {
            "title": "Type-Driven Distributional Semantics For Prepositional Phrase Attachment",
            "authors": _people(f"Antonin Delpeuch={DELPEUCH}"),
            "container": "Zenodo",
            "year": 2015,
            "pages": "",
            "identifiers": {"doi": "10.5281/zenodo.1299049"},
            "kind": "other",
        },
        put_code=47337044,
    ),
    # -- ORCID: works in full of other records (dissemin's, API v2.1) --------------------------
    OrcidCase(
        "ORCID",
        "orcid/0000-0002-1909-134X-works-27359862,27359867,27359865,27359868.json",
        "0000-0002-1909-134X/27359868",
        {
            "title": "Slow binocular rivalry in bipolar disorder",
            "authors": _people(
                "Steven Mark Miller",
                "B D Gynther",
                "K R Heslop",
                "Guang B Liu",
                "P B Mitchell",
                "Trung Thanh Ngo=0000-0002-1909-134X",
                "John D Pettigrew",
                "L B Geffen",
            ),
            "container": "Psychological Medicine",
            "year": 2003,
            "pages": "683--692",
            "identifiers": {},
            "kind": "journal",
        },
        put_code=27359868,
        owner=("0000-0002-1909-134X", "Trung", "Ngo"),
    ),
    OrcidCase(
        "ORCID",
        "orcid/0000-0001-6723-6833-works-36115041.json",
        "0000-0001-6723-6833/36115041",
        {
            "title": "The ecology of scattering layer biota around Indian Ocean seamounts and "
            "islands",
            "authors": _people("Philipp Boersch-Supan=0000-0001-6723-6833"),
            "container": "",
            "year": 2014,
            "pages": "",
            "identifiers": {},
            "kind": "thesis",
        },
        put_code=36115041,
        owner="orcid/0000-0001-6723-6833.json",
    ),
    OrcidCase(
        "ORCID",
        "orcid/0000-0003-2888-1770-works-55549881,55549890,55549893,55549891,55549887.json",
        "0000-0003-2888-1770/55549881",
        {
            "title": "Fast community structure local uncovering by independent vertex-centred "
            "process",
            "authors": _people(
                "Maël Canu",
                "Marcin Detyniecki",
                "Marie-Jeanne Lesot",
                "Adrien Revault d'Allonnes=0000-0003-2888-1770",
            ),
            "container": "2015 IEEE/ACM International Conference on Advances in Social "
            "Networks Analysis and Mining",
            "year": 2015,
            "pages": "823--830",
            "identifiers": {"doi": "10.1145/2808797.2808866"},
            "kind": "conference",
        },
        put_code=55549881,
        owner="orcid/0000-0003-2888-1770.json",
    ),
    OrcidCase(
        "ORCID",
        GUNJAL_WORKS,
        "0000-0002-9658-1473/36669784",
        {
            "title": "ETDs and Open Access for Research and Development : Issues and challenges",
            "authors": _people("B Gunjal=0000-0002-9658-1473", "P Gaitanou"),
            "container": "Proceedings of ETD 2015 INDIA - 18th International Symposium on "
            'Electronic Theses and Dissertations "Evolving Genre of ETDs for Knowledge '
            'Discovery", 04-06 November 2015',
            "year": 2015,
            "pages": "136--143",
            "identifiers": {"isbn": "9789384869847"},
            "kind": "chapter",
        },
        put_code=36669784,
        owner="orcid/0000-0002-9658-1473.json",
    ),
    OrcidCase(
        "ORCID",
        "orcid/0000-0002-1900-3901-works-20991791.json",
        "0000-0002-1900-3901/20991791",
        {
            "title": "Fiat: Deductive Synthesis of Abstract Data Types in a Proof Assistant",
            "authors": _people(
                "Benjamin Delaware",
                "Clément Pit-Claudel=0000-0002-1900-3901",
                "Jason Gross",
                "Adam Chlipala",
            ),
            "container": "Proceedings of the 42nd Annual ACM SIGPLAN-SIGACT Symposium on "
            "Principles of Programming Languages - POPL ’15",
            "year": 2015,
            "pages": "689--700",
            "identifiers": {"doi": "10.1145/2676726.2677006", "isbn": "9781450333009"},
            "kind": "conference",
        },
        put_code=20991791,
        owner="orcid/0000-0002-1900-3901.json",
    ),
    # -- ORCID: API v3.0 (rorcid's cassettes): a summary, single works in full ----------------
    OrcidSummaryCase(
        "ORCID",
        "orcid/works.yml",
        "0000-0003-1444-9135/30091982",
        {
            "title": "Building software, building community: lessons from the ROpenSci project",
            "authors": _people("Scott Chamberlain=0000-0003-1444-9135"),
            "container": "Figshare",
            "year": 2014,
            "pages": "",
            "identifiers": {"doi": "10.6084/m9.figshare.1112581"},
            "kind": "dataset",
        },
        put_code=30091982,
    ),
    OrcidCase(
        "ORCID",
        "orcid/orcid_citations_with_bibtex.yml",
        "0000-0002-0734-2199/77226586",
        {
            "title": "Dose-Rate Estimation using α-Al2O3:C Chips: Aftermath",
            "authors": _people(
                "Sebastian Kreutzer=0000-0002-0734-2199",
                "Chantal Tribolo",
                "Loïc Martin",
                "Norbert Mercier",
            ),
            "container": "Ancient TL",
            "year": 2020,
            "pages": "1--10",
            "identifiers": {},
            "kind": "journal",
        },
        put_code=77226586,
        owner=KREUTZER,
    ),
    OrcidCase(
        "ORCID",
        "orcid/extract_bibtex.yml",
        "0000-0002-0734-2199/40038622",
        {
            "title": "Introducing an R package for luminescence dating analysis",
            "authors": _people(
                "Sebastian Kreutzer=0000-0002-0734-2199",
                "Christoph Schmidt",
                "Margret C Fuchs",
                "Michael Dietze",
                "Manfred Fischer",
                "Markus Fuchs",
            ),
            "container": "Ancient TL",
            "year": 2012,
            "pages": "1--8",
            "identifiers": {},
            "kind": "journal",
        },
        put_code=40038622,
        owner=KREUTZER,
    ),
)

CROSSREF_CASES: tuple[Case, ...] = (
    # -- Crossref: commonmeta-py's cassettes of the works API --------------------------------
    Case(
        "Crossref",
        "crossref/test_article_with_pages.yaml",
        "10.1371/journal.ppat.1008184",
        {
            "title": "An RNA thermometer dictates production of a secreted bacterial toxin",
            "authors": _people(
                "Christian Twittenhoff",
                "Ann Kathrin Heroven",
                "Sabrina Mühlen",
                "Petra Dersch=0000-0001-8177-3280",
                "Franz Narberhaus=0000-0002-8552-5310",
            ),
            "container": "PLOS Pathogens",
            "year": 2020,
            "pages": "e1008184",
            "identifiers": {"doi": "10.1371/journal.ppat.1008184"},
            "kind": "journal",
        },
    ),
    Case(
        "Crossref",
        "crossref/test_proceedings_article_with_multiple_funding_references.yaml",
        "10.1145/3448016.3452841",
        {
            "title": "Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design",
            "authors": _people(
                "Prashant Pandey",
                "Alex Conway",
                "Joe Durie",
                "Michael A. Bender",
                "Martin Farach-Colton",
                "Rob Johnson",
            ),
            "container": "Proceedings of the 2021 International Conference on Management of Data",
            "year": 2021,
            "pages": "1386--1399",
            "identifiers": {"doi": "10.1145/3448016.3452841"},
            "kind": "conference",
        },
    ),
    Case(
        "Crossref",
        "crossref/test_book_chapter.yaml",
        "10.1007/978-3-662-46370-3_13",
        {
            "title": "Clinical Symptoms and Physical Examinations",
            "authors": _people("Ronald L. Diercks", "Tom Clement Ludvigsen"),
            "container": "Shoulder Stiffness",
            "year": 2015,
            "pages": "155--158",
            "identifiers": {"doi": "10.1007/978-3-662-46370-3_13", "isbn": "9783662463697"},
            "kind": "chapter",
        },
    ),
    Case(
        "Crossref",
        "crossref/test_write_crossref_xml_posted_content.yaml",
        "10.1101/2020.12.01.406702",
        {
            "title": "Identification of a novel cationic glycolipid in Streptococcus agalactiae "
            "that contributes to brain entry and meningitis",
            "authors": _people(
                "Luke R. Joyce=0000-0002-9346-671X",
                "Haider S. Manzer=0000-0002-2864-6212",
                "Jéssica da C. Mendonça=0000-0002-2555-4582",
                "Ricardo Villarreal=0000-0001-7641-4136",
                "Prescilla E. Nagao=0000-0001-6007-0033",
                "Kelly S. Doran=0000-0003-4232-6837",
                "Kelli L. Palmer=0000-0002-7343-9271",
                "Ziqiang Guan=0000-0002-8082-3423",
            ),
            "container": "bioRxiv",
            "year": 2020,
            "pages": "",
            "identifiers": {"doi": "10.1101/2020.12.01.406702"},
            "kind": "preprint",
        },
    ),
    Case(
        "Crossref",
        "crossref/test_phd_thesis.yaml",
        "10.14264/uql.2020.791",
        {
            "title": "School truancy and financial independence during emerging adulthood: a "
            "longitudinal analysis of receipt of and reliance on cash transfers",
            "authors": _people("Patricia Maree Collingwood=0000-0003-3086-4443"),
            "container": "",
            "year": 2020,
            "pages": "",
            "identifiers": {"doi": "10.14264/uql.2020.791"},
            "kind": "thesis",
        },
    ),
    Case(
        "Crossref",
        "crossref/test_book.yaml",
        "10.1017/9781108348843",
        {
            "title": "The Politics of the Past in Early China",
            "authors": _people("Vincent S. Leung"),
            "container": "",
            "year": 2019,
            "pages": "",
            "identifiers": {"doi": "10.1017/9781108348843", "isbn": "9781108425728"},
            "kind": "book",
        },
    ),
)


CASES: tuple[Case, ...] = (
    *CROSSREF_CASES,
    # -- DataCite: commonmeta-py's cassettes ------------------------------------------------
    Case(
        "DataCite",
        "datacite/test_date.yaml",
        "10.4230/lipics.tqc.2013.93",
        {
            "title": "The Minimum Size of Qubit Unextendible Product Bases",
            "authors": _people("Nathaniel Johnston"),
            "container": "8th Conference on the Theory of Quantum Computation, Communication "
            "and Cryptography (TQC 2013)",
            "year": 2013,
            "pages": "93--105",
            "identifiers": {"doi": "10.4230/lipics.tqc.2013.93"},
            "kind": "conference",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_write_crossref_journal_article_from_datacite.yaml",
        "10.2312/geowissenschaften.1989.7.181",
        {
            "title": "An Overview of the Geology of Canadian Gold Occurrences",
            "authors": _people("David J Mossman"),
            "container": "Die Geowissenschaften",
            "year": 1989,
            "pages": "181--186",
            "identifiers": {"doi": "10.2312/geowissenschaften.1989.7.181"},
            "kind": "journal",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_arxiv.yaml",
        "10.48550/arxiv.2311.16162",
        {
            "title": "Leveraging Artificial Intelligence Technology for Mapping Research to "
            "Sustainable Development Goals: A Case Study",
            "authors": _people(
                "Hui Yin",
                "Amir Aryani",
                "Gavin Lambert",
                "Marcus White",
                "Luis Salvador-Carulla",
                "Shazia Sadiq",
                "Elvira Sojli",
                "Jennifer Boddy",
                "Greg Murray",
                "Wing Wah Tham",
            ),
            "container": "",
            "year": 2023,
            "pages": "",
            "identifiers": {"arxiv": "2311.16162"},
            "kind": "preprint",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_type_software.yaml",
        "10.5063/f1m61h5x",
        {
            "title": "dataone: R interface to the DataONE network of data repositories "
            "(version 2.2.2)",
            "authors": _people(
                "Matthew Jones=0000-0003-0077-4738",
                "Peter Slaughter=0000-0002-2192-403X",
                "Carl Boettiger=0000-0002-1642-628X",
                "Chris Jones=0000-0002-8121-2341",
                "Bryce Mecum=0000-0002-0381-3766",
                "Jeanette Clark=0000-0003-4703-1974",
                "Jordan Read=0000-0002-3888-6631",
                "Lauren Walker=0000-0003-2192-431X",
                "Edmund Hart=0000-0001-7367-7969",
                "Scott Chamberlain=0000-0003-1444-9135",
            ),
            "container": "",
            "year": 2022,
            "pages": "",
            "identifiers": {"doi": "10.5063/f1m61h5x"},
            "kind": "software",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_multiple_identifiers.yaml",
        "10.5281/zenodo.48440",
        {
            "title": "Analysis Tools for Crossover Experiment of UI using Choice Architecture",
            "authors": _people("Kristian Garza"),
            "container": "",
            "year": 2016,
            "pages": "",
            "identifiers": {"doi": "10.5281/zenodo.48440"},
            "kind": "software",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_dataset.yaml",
        "10.5061/dryad.8515",
        {
            "title": "Data from: A new malaria agent in African hominids",
            "authors": _people(
                "Benjamin Ollomo",
                "Patrick Durand",
                "Franck Prugnolle",
                "Emmanuel J. P. Douzery",
                "Céline Arnathau",
                "Dieudonné Nkoghe",
                "Eric Leroy",
                "François Renaud",
            ),
            "container": "",
            "year": 2011,
            "pages": "",
            "identifiers": {"doi": "10.5061/dryad.8515"},
            "kind": "dataset",
        },
    ),
    Case(
        "DataCite",
        "datacite/test_get_datacite.yaml",
        "10.6084/m9.figshare.1449060",
        {
            "title": "Drosophila melanogaster wing images from low and high altitude "
            "populations in Ethiopia and Zambia",
            "authors": _people(
                "Ian Dworkin=0000-0002-2874-287X",
                "John Pool",
                "William Pitchers",
                "Maria Pesevski",
            ),
            "container": "",
            "year": 2020,
            "pages": "",
            "identifiers": {"doi": "10.6084/m9.figshare.1449060"},
            "kind": "dataset",
        },
    ),
    # -- PubMed: Biopython's efetch answers --------------------------------------------------
    Case(
        "PubMed",
        "pubmed/pubmed1.xml",
        "12091962",
        {
            "title": "The treatment of AIDS behind the walls of correctional facilities",
            "authors": _people("J Michael Olivero"),
            "container": "Social justice",
            "year": 1990,
            "pages": "113--125",
            "identifiers": {"pmid": "12091962"},
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed1.xml",
        "9997",
        {
            "title": "Magnetic studies of Chromatium flavocytochrome C552. A mechanism for "
            "heme-flavin interaction",
            "authors": _people("T C Strekas"),
            "container": "Biochimica et biophysica acta",
            "year": 1976,
            "pages": "179--191",
            "identifiers": {"doi": "10.1016/0005-2795(76)90109-4", "pmid": "9997"},
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed2.xml",
        "11748933",
        {
            "title": "Is cryopreservation a homogeneous process? Ultrastructure and motility of "
            "untreated, prefreezing, and postthawed spermatozoa of Diplodus puntazzo (Cetti)",
            "authors": _people(
                "A R Taddei",
                "F Barbato",
                "L Abelli",
                "S Canese",
                "F Moretti",
                "K J Rana",
                "A M Fausto",
                "M Mazzini",
            ),
            "container": "Cryobiology",
            "year": 2001,
            "pages": "244--255",
            "identifiers": {"doi": "10.1006/cryo.2001.2328", "pmid": "11748933"},
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed2.xml",
        "11700088",
        {
            "title": "Proton MRI of (13)C distribution by J and chemical shift editing",
            "authors": _people(
                "C Casieri", "C Testa", "G Carpinelli", "R Canese", "F Podo", "F De Luca"
            ),
            "container": "Journal of magnetic resonance",
            "year": 2001,
            "pages": "117--123",
            "identifiers": {"doi": "10.1006/jmre.2001.2429", "pmid": "11700088"},
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed4.xml",
        "27797938",
        {
            "title": "Leucocyte telomere length, genetic variants at the TERT gene region and "
            "risk of pancreatic cancer",
            "authors": _people(
                "Ying Bao",
                "Jennifer Prescott",
                "Chen Yuan",
                "Mingfeng Zhang",
                "Peter Kraft",
                "Ana Babic",
                "Vicente Morales-Oyarvide",
                "Zhi Rong Qian",
                "Julie E Buring",
                "Barbara B Cochrane",
                "J Michael Gaziano",
                "Edward L Giovannucci",
                "JoAnn E Manson",
                "Kimmie Ng",
                "Shuji Ogino",
                "Thomas E Rohan",
                "Howard D Sesso",
                "Meir J Stampfer",
                "Charles S Fuchs",
                "Immaculata De Vivo",
                "Laufey T Amundadottir",
                "Brian M Wolpin",
            ),
            "container": "Gut",
            "year": 2017,
            "pages": "1116--1122",
            "identifiers": {
                "doi": "10.1136/gutjnl-2016-312510",
                "pmid": "27797938",
                "pmcid": "PMC5442267",
            },
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed5.xml",
        "28775130",
        {
            "title": "Occupational pesticide exposure and subclinical hypothyroidism among male "
            "pesticide applicators",
            "authors": _people(
                "Catherine C Lerro",
                "Laura E Beane Freeman",
                "Curt T DellaValle",
                "Muhammad G Kibriya",
                "Briseis Aschebrook-Kilfoy",
                "Farzana Jasmine",
                "Stella Koutros",
                "Christine G Parks",
                "Dale P Sandler",
                "Michael C R Alavanja",
                "Jonathan N Hofmann",
                "Mary H Ward",
            ),
            "container": "Occupational and environmental medicine",
            "year": 2018,
            "pages": "79--89",
            "identifiers": {
                "doi": "10.1136/oemed-2017-104431",
                "pmid": "28775130",
                "pmcid": "PMC5771820",
            },
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed6.xml",
        "30108519",
        {
            "title": 'A "Blood Relationship" Between the Overlooked Minimum Lactate Equivalent '
            "and Maximal Lactate Steady State in Trained Runners. Back to the Old Days?",
            "authors": _people("Ibai Garcia-Tabar", "Esteban M Gorostiaga"),
            "container": "Frontiers in physiology",
            "year": 2018,
            "pages": "1034",
            "identifiers": {
                "doi": "10.3389/fphys.2018.01034",
                "pmid": "30108519",
                "pmcid": "PMC6079548",
            },
            "kind": "journal",
        },
    ),
    Case(
        "PubMed",
        "pubmed/pubmed7.xml",
        "29963580",
        {
            "title": "Development of a pulmonary imaging biomarker pipeline for phenotyping of "
            "chronic lung disease",
            "authors": _people(
                "Fumin Guo",
                "Dante Capaldi=0000-0002-4590-7461",
                "Miranda Kirby",
                "Khadija Sheikh",
                "Sarah Svenningsen",
                "David G McCormack",
                "Aaron Fenster=0000-0003-3525-2788",
                "Grace Parraga",
                "Canadian Respiratory Research Network",
            ),
            "container": "Journal of medical imaging",
            "year": 2018,
            "pages": "026002",
            "identifiers": {
                "doi": "10.1117/1.jmi.5.2.026002",
                "pmid": "29963580",
                "pmcid": "PMC6022861",
            },
            "kind": "journal",
        },
    ),
    # -- PubMed: efetch answers kept as Zotero's PubMed XML translator's test inputs --------
    Case(
        "PubMed",
        "pubmed/zotero-pubmed-xml-20821847.xml",
        "20821847",
        {
            "title": "Endocrinology: An Integrated Approach",
            "authors": _people("Stephen Nussey", "Saffron Whitehead"),
            "container": "",
            "year": 2001,
            "pages": "",
            "identifiers": {"isbn": "9781859962527", "pmid": "20821847"},
            "kind": "book",
        },
    ),
    Case(
        "PubMed",
        "pubmed/zotero-pubmed-xml-36798302.xml",
        "36798302",
        {
            "title": "Dynamic mapping of proteome trafficking within and between living cells "
            "by TransitID",
            "authors": _people(
                "Wei Qin Xu",
                "Joleen S Cheah",
                "Charles Xu",
                "James Messing",
                "Brian D Freibaum",
                "Steven Boeynaems",
                "J Paul Taylor",
                "Namrata D Udeshi",
                "Steven A Carr",
                "Alice Y Ting",
            ),
            "container": "bioRxiv : the preprint server for biology",
            "year": 2023,
            "pages": "",
            "identifiers": {
                "doi": "10.1101/2023.02.07.527548",
                "pmid": "36798302",
                "pmcid": "PMC9934598",
            },
            "kind": "preprint",
        },
    ),
    Case(
        "PubMed",
        "pubmed/zotero-pubmed-xml-37064529.xml",
        "37064529",
        {
            "title": "Self-organized intracellular twisters",
            "authors": _people(
                "Sayantan Dutta",
                "Reza Farhadifar",
                "Wen Lu",
                "Gokberk Kabacaoğlu",
                "Robert Blackwell",
                "David B Stein",
                "Margot Lakonishok",
                "Vladimir I Gelfand",
                "Stanislav Y Shvartsman",
                "Michael J Shelley",
            ),
            "container": "ArXiv",
            "year": 2023,
            "pages": "",
            "identifiers": {"arxiv": "2304.02112", "pmid": "37064529", "pmcid": "PMC10104197"},
            "kind": "preprint",
        },
    ),
    # -- Open Library: the Books API's answers kept in two clients' sources -----------------
    Case(
        "Open Library",
        "openlibrary/fixtures.rb",
        "9780316030571",
        {
            "title": "Use of Weapons",
            "authors": _people("Iain M. Banks"),
            "container": "",
            "year": 2008,
            "pages": "",
            "identifiers": {"isbn": "9780316030571"},
            "kind": "book",
        },
    ),
    Case(
        "Open Library",
        "openlibrary/books.js",
        "9780316015844",
        {
            "title": "Twilight",
            "authors": _people("Stephenie Meyer"),
            "container": "",
            "year": 2006,
            "pages": "",
            "identifiers": {"isbn": "9780316015844"},
            "kind": "book",
        },
        misses={"title": "the catalogue's title names the series: Twilight (The Twilight Saga, …)"},
    ),
    Case(
        "Open Library",
        "openlibrary/books.js",
        "9780316087360",
        {
            "title": "Eclipse",
            "authors": _people("Stephenie Meyer"),
            "container": "",
            "year": 2010,
            "pages": "",
            "identifiers": {"isbn": "9780316087360"},
            "kind": "book",
        },
        misses={"title": "the catalogue's title names the series: Eclipse (The Twilight Saga)"},
    ),
    *ORCID_CASES,
)
