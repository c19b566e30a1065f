"""The full BibTeX export of the corpus (tests/data/corpus/README.md) and of the demo data,
compiled as a LaTeX author compiles it: with BibTeX and IEEEtran.bst, and with biber and
biblatex (style ieee), then typeset by pdfLaTeX (tests/exporting/clients/latex.py).

No error, but for the entries of ``DATA_ERRORS``, whose records are wrong at their source,
each with its reason; every warning is one the data explains (clients/warnings.py). The
list is kept exact: an entry that compiles cleanly again fails the test until it is taken
off.

The export does not depend on the database (the exports' own tests run on both), so these
compilations, the longest tests of the suite's exports, run on SQLite only.
"""

from __future__ import annotations

import pytest

from tests.exporting.clients import latex
from tests.exporting.clients.exports import corpus_exports, demo_exports
from tests.exporting.clients.warnings import NAMELESS, unexplained

pytestmark = [pytest.mark.django_db, pytest.mark.one_database]

#: Why an entry of the corpus does not compile: the reason, by its name.
REASONS = {
    "lone accent": "the source writes apostrophes as combining acute accents (U+0301) after "
    'a space, a quote mark or a dotless i ("dH́istoire" aside, which prints as the B́ it '
    "says): a mark with no letter under it, which no LaTeX accent writes",
    "editors with commas": 'the source lists editors with commas ("Robert Bayley, Richard '
    'Cameron, and Ceil Lucas"), which BibTeX reads as one name ending in a comma',
    "source LaTeX": "a field kept as the source wrote it is not LaTeX: an unescaped & "
    '("Language & Statistics"), \\href without braces, \\textgreaterMEAT',
    "IPA tie": "a tie bar (U+0361) over two IPA letters, which needs tipa's \\t{kp}",
}
#: The corpus's entries that do not compile, with the name of their reason.
DATA_ERRORS = {
    "Adams2007": "source LaTeX", "Auspurg2021": "source LaTeX", "Brugmann1904": "source LaTeX",
    "Liu2018": "source LaTeX", "Zimmermann2019": "source LaTeX",
    "Gooskens2013": "editors with commas", "Greenhill2021": "editors with commas",
    "Gutierrez2019": "IPA tie",
    **dict.fromkeys(
        (
            "Burnaby1989", "Davies1987", "Ding1933", "Fowler1990", "Francis2005",
            "Gadvzieva1981", "Gruber1972", "Hulst2016", "Jaeger2004", "Jakobson1960",
            "Kloss1967", "Kormisin1988", "Kubrjakova2004", "Lesage2016", "Li1998",
            "Majtinskaja1981", "Matisoff2000a", "Neroznak1988", "Okasha2007", "Olmsted1961",
            "Pawelec2009", "Renfrew2005", "Sagart2015", "Sampson2005", "Serebriany2005",
            "Shajkevich1980", "Taub1993", "Vasmer1986", "Zhou1998", "2004-York-AJP-72-367",
        ),
        "lone accent",
    ),
}  # fmt: skip
_NAME_ERRORS = ("editors with commas",)


@pytest.fixture(scope="module")
def corpus(django_db_setup, django_db_blocker):
    latex.require_latex("IEEEtran.bst", "biblatex.sty", "ieee.bbx")
    return corpus_exports(django_db_blocker)


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    latex.require_latex("IEEEtran.bst", "biblatex.sty", "ieee.bbx")
    return demo_exports(django_db_blocker)


@pytest.fixture(scope="module")
def corpus_ieeetran(corpus, tmp_path_factory):
    return latex.with_ieeetran(corpus.bib, tmp_path_factory.mktemp("ieeetran"))


@pytest.fixture(scope="module")
def corpus_biblatex(corpus, tmp_path_factory):
    return latex.with_biblatex(corpus.bib, tmp_path_factory.mktemp("biblatex"), typeset=False)


def _erring(report: latex.Report) -> set[str]:
    return {problem.key for problem in report.errors}


def test_every_listed_entry_has_a_known_reason():
    assert set(DATA_ERRORS.values()) <= set(REASONS)


def test_the_corpus_compiles_with_bibtex_and_ieeetran_but_for_the_listed_entries(
    corpus_ieeetran,
):
    found = _erring(corpus_ieeetran)
    unlisted = sorted(found - set(DATA_ERRORS))
    assert not unlisted, [p for p in corpus_ieeetran.errors if p.key in unlisted][:5]
    assert not set(DATA_ERRORS) - found, f"compile now: {sorted(set(DATA_ERRORS) - found)}"


def test_the_corpus_warnings_under_bibtex_and_ieeetran_are_the_data_s(corpus, corpus_ieeetran):
    assert corpus_ieeetran.warnings
    assert unexplained(corpus_ieeetran.warnings, corpus.by_key) == []


def test_biber_reads_the_corpus_without_errors(corpus_biblatex):
    assert corpus_biblatex.errors == []


def test_the_corpus_warnings_under_biber_are_the_data_s(corpus, corpus_biblatex):
    nameless = [w for w in corpus_biblatex.warnings if NAMELESS.search(w.message)]
    rest = [w for w in corpus_biblatex.warnings if w not in nameless]
    assert unexplained(rest, corpus.by_key) == []
    # One a name BibTeX too finds ending in a comma (the editors' and the suffix's entries),
    # one an empty name ("and and", the rule "editors with an empty name").
    listed = [key for key, reason in DATA_ERRORS.items() if reason in _NAME_ERRORS]
    empty = [p for p in corpus.papers if " and and " in f" {p.editor} "]
    assert len(nameless) == len(listed) + len(empty)


def test_the_demo_compiles_with_bibtex_and_ieeetran_without_errors(demo, tmp_path):
    report = latex.with_ieeetran(demo.bib, tmp_path)
    assert report.errors == []
    assert unexplained(report.warnings, demo.by_key) == []


@pytest.mark.parametrize("encoding", ["latex", "utf8"])
def test_the_demo_compiles_with_biber_and_biblatex_without_errors(demo, tmp_path, encoding):
    report = latex.with_biblatex(demo.bib if encoding == "latex" else demo.bib_utf8, tmp_path)
    assert report.errors == []
    assert unexplained(report.warnings, demo.by_key) == []
