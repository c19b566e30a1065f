"""Reproductions of the ways the citation styles printed the corpus otherwise than
citeproc-js (tests/exporting/test_citeproc_corpus.py), each a CSL item of our own with the
text citeproc-js 2.4.63 prints for it with the style's CSL file (tests/data/csl/styles;
rendered with scripts/citeproc_reference/render.js, which the whole corpus is rendered
with): one case per behaviour ported from the style file or from citeproc-js."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pubs.export import citations
from pubs.export.styles import Item


@dataclass(frozen=True)
class Case:
    style: str
    name: str
    item: dict[str, Any]
    #: What citeproc-js prints for the item alone, as text.
    printed: str


CASES = (
    Case(
        "chicago",
        "a-little-word-inside-a-hyphenated-word-stays-lower-case",
        {
            "type": "article-journal",
            "title": "A dial-a-ride problem with time windows",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Transportation Science",
            "volume": "12",
            "issue": "3",
            "page": "101-120",
            "issued": {"date-parts": [[2020]]},
            "language": "en",
        },
        "Doe, Jane. 2020. “A Dial-a-Ride Problem with Time Windows.” Transportation Science 12 (3): 101–20.",
    ),
    Case(
        "chicago",
        "a-lone-greek-letter-stays-lower-case",
        {
            "type": "article-journal",
            "title": "to-do lists and β-decay of light nuclei",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Physical Review",
            "issue": "4",
            "page": "11-19",
            "issued": {"date-parts": [[2020]]},
            "language": "en",
        },
        "Doe, Jane. 2020. “To-Do Lists and β-Decay of Light Nuclei.” Physical Review, no. 4: 11–19.",
    ),
    Case(
        "chicago",
        "a-journal-article-without-volume-or-pages-is-ahead-of-print",
        {
            "type": "article-journal",
            "title": "Words in motion",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Journal of Language Evolution",
            "DOI": "10.1000/xyz",
            "publisher-place": "Oxford",
            "issued": {"date-parts": [[2019]]},
            "language": "en",
        },
        "Doe, Jane. 2019. “Words in Motion.” Journal of Language Evolution (Oxford), ahead of print. https://doi.org/10.1000/xyz.",
    ),
    Case(
        "chicago",
        "a-book-names-its-editors-volume-and-series-number",
        {
            "type": "book",
            "title": "Statistics in historical linguistics",
            "author": [{"family": "Doe", "given": "Jane"}],
            "editor": [{"family": "Roe", "given": "Richard"}],
            "collection-title": "Quantitative linguistics",
            "issue": "30",
            "volume": "2",
            "publisher": "de Gruyter",
            "publisher-place": "Berlin",
            "issued": {"date-parts": [[1986]]},
            "language": "en",
        },
        "Doe, Jane. 1986. Statistics in Historical Linguistics. Edited by Richard Roe. Vol. 2. Quantitative Linguistics, no. 30. De Gruyter.",
    ),
    Case(
        "chicago",
        "a-chapter-names-its-volume-series-and-seven-editors-with-et-al",
        {
            "type": "chapter",
            "title": "The origins of Hebrew linguistics",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "History of the language sciences",
            "editor": [
                {"family": "A", "given": "Ann"},
                {"family": "B", "given": "Ben"},
                {"family": "C", "given": "Cy"},
                {"family": "D", "given": "Di"},
                {"family": "E", "given": "Ed"},
                {"family": "F", "given": "Fay"},
                {"family": "G", "given": "Gus"},
            ],
            "collection-title": "Handbooks of linguistics",
            "issue": "18",
            "volume": "1",
            "page": "1-10",
            "publisher": "de Gruyter",
            "publisher-place": "Berlin",
            "issued": {"date-parts": [[2000]]},
            "language": "en",
        },
        "Doe, Jane. 2000. “The Origins of Hebrew Linguistics.” In History of the Language Sciences, edited by Ann A, Ben B, Cy C, et al., vol. 1. Handbooks of Linguistics, no. 18. De Gruyter.",
    ),
    Case(
        "chicago",
        "a-thesis-without-publisher-names-its-place",
        {
            "type": "thesis",
            "title": "Penetration depth of NbSe2",
            "author": [{"family": "Doe", "given": "Jane"}],
            "genre": "Master's thesis",
            "publisher-place": "Vancouver, BC",
            "issued": {"date-parts": [[2006]]},
            "language": "en",
        },
        "Doe, Jane. 2006. “Penetration Depth of NbSe2.” Master’s thesis, Vancouver, BC.",
    ),
    Case(
        "chicago",
        "a-page-range-with-letters-is-abbreviated-without-the-end-s-letters",
        {
            "type": "article-journal",
            "title": "Lattice vibrations",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Physical Review",
            "volume": "138",
            "issue": "2A",
            "page": "A530-A533",
            "issued": {"date-parts": [[1965]]},
            "language": "en",
        },
        "Doe, Jane. 1965. “Lattice Vibrations.” Physical Review 138 (2A): A530–33.",
    ),
    Case(
        "chicago",
        "a-page-range-with-letters-after-the-numbers",
        {
            "type": "article-journal",
            "title": "Spin relaxation",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Nuclear Physics A",
            "volume": "834",
            "page": "777c-779c",
            "issued": {"date-parts": [[2010]]},
            "language": "en",
        },
        "Doe, Jane. 2010. “Spin Relaxation.” Nuclear Physics A 834: 777c–79.",
    ),
    Case(
        "chicago",
        "an-issue-range-and-roman-page-numbers-take-an-en-dash",
        {
            "type": "article-journal",
            "title": "Chiastic antisymmetry",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Semiotics",
            "volume": "29",
            "issue": "1-4",
            "page": "i-lii",
            "issued": {"date-parts": [[2013]]},
            "language": "en",
        },
        "Doe, Jane. 2013. “Chiastic Antisymmetry.” Semiotics 29 (1–4): i–lii.",
    ),
    Case(
        "ieee",
        "an-issue-range-and-roman-page-numbers-take-an-en-dash",
        {
            "type": "article-journal",
            "title": "Chiastic antisymmetry",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Semiotics",
            "volume": "29",
            "issue": "1-4",
            "page": "i-lii",
            "issued": {"date-parts": [[2013]]},
            "language": "en",
        },
        "[1] J. Doe, “Chiastic antisymmetry,” Semiotics, vol. 29, no. 1–4, pp. i–lii, 2013.",
    ),
    Case(
        "apa",
        "an-issue-range-and-roman-page-numbers-take-an-en-dash",
        {
            "type": "article-journal",
            "title": "Chiastic antisymmetry",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Semiotics",
            "volume": "29",
            "issue": "1-4",
            "page": "i-lii",
            "issued": {"date-parts": [[2013]]},
            "language": "en",
        },
        "Doe, J. (2013). Chiastic antisymmetry. Semiotics, 29(1–4), i–lii.",
    ),
    Case(
        "acm",
        "an-issue-range-and-roman-page-numbers-take-an-en-dash",
        {
            "type": "article-journal",
            "title": "Chiastic antisymmetry",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Semiotics",
            "volume": "29",
            "issue": "1-4",
            "page": "i-lii",
            "issued": {"date-parts": [[2013]]},
            "language": "en",
        },
        "[1] Jane Doe. 2013. Chiastic antisymmetry. Semiotics 29, 1–4 (2013), i–lii.",
    ),
    Case(
        "apa",
        "a-book-names-its-editors-volume-and-issue-in-brackets",
        {
            "type": "book",
            "title": "Statistics in historical linguistics",
            "author": [{"family": "Doe", "given": "Jane"}],
            "editor": [{"family": "Roe", "given": "Richard"}],
            "collection-title": "Quantitative linguistics",
            "issue": "30",
            "volume": "2",
            "publisher": "de Gruyter",
            "publisher-place": "Berlin",
            "issued": {"date-parts": [[1986]]},
            "language": "en",
        },
        "Doe, J. (1986). Statistics in historical linguistics (R. Roe, Ed.; Vol. 2, Issue 30). de Gruyter.",
    ),
    Case(
        "apa",
        "a-chapter-names-the-issue-of-its-book",
        {
            "type": "chapter",
            "title": "The origins of Hebrew linguistics",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "History of the language sciences",
            "editor": [{"family": "Auroux", "given": "Sylvain"}],
            "issue": "18",
            "volume": "1",
            "page": "1-10",
            "publisher": "de Gruyter",
            "issued": {"date-parts": [[2000]]},
            "language": "en",
        },
        "Doe, J. (2000). The origins of Hebrew linguistics. In S. Auroux (Ed.), History of the language sciences (Vol. 1, Issue 18, pp. 1–10). de Gruyter.",
    ),
    Case(
        "apa",
        "a-space-before-a-semicolon-becomes-a-narrow-no-break-space",
        {
            "type": "paper-conference",
            "title": "Answer set programming",
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Practical aspects of declarative languages ; proceedings",
            "editor": [{"family": "Roe", "given": "Richard"}],
            "volume": "3350",
            "page": "37-51",
            "publisher": "Springer",
            "issued": {"date-parts": [[2005]]},
            "language": "en",
        },
        "Doe, J. (2005). Answer set programming. In R. Roe (Ed.), Practical aspects of declarative languages\u202f; proceedings (Vol. 3350, pp. 37–51). Springer.",
    ),
    Case(
        "chicago",
        "straight-quotes-in-a-title-become-curly",
        {
            "type": "article-journal",
            "title": '"Mirativity" does not exist: the "Lhasa" case',
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Linguistic Typology",
            "volume": "16",
            "page": "389-433",
            "issued": {"date-parts": [[2012]]},
            "language": "en",
        },
        "Doe, Jane. 2012. “‘Mirativity’ Does Not Exist: The ‘Lhasa’ Case.” Linguistic Typology 16: 389–433.",
    ),
    Case(
        "apa",
        "straight-quotes-in-a-title-become-curly",
        {
            "type": "article-journal",
            "title": '"Mirativity" does not exist: the "Lhasa" case',
            "author": [{"family": "Doe", "given": "Jane"}],
            "container-title": "Linguistic Typology",
            "volume": "16",
            "page": "389-433",
            "issued": {"date-parts": [[2012]]},
            "language": "en",
        },
        "Doe, J. (2012). “Mirativity” does not exist: the “Lhasa” case. Linguistic Typology, 16, 389–433.",
    ),
)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case.style}-{case.name}")
def test_the_style_prints_the_case_as_citeproc_js_does(case: Case):
    label = "[1]" if citations.STYLES[case.style].numbered else ""
    assert citations.entry(label, Item(case.item), case.style) == case.printed
