"""The organisation rule (pubs.bibtex.names.is_organisation) on every author and editor
name of three real bibliographies: the IRIDIA bibliography and the two of bench/data
(38,320 names). It calls these 13 names organisations, and no human one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pubs.bibtex.names import _split_names, is_organisation
from pubs.bibtex.parse import parse
from tests.shared_data import shared_data

BENCH = Path(__file__).resolve().parents[2] / "bench" / "data"

#: Read one by one: companies, foundations, committees, teams, projects.
ORGANISATIONS = Counter(
    {
        '{Schr\\"odinger, LLC}': 3,
        "{Apache Software Foundation}": 2,
        "{Open Science Collaboration}": 1,
        "{AAAI}": 1,
        "{ACM}": 1,
        "{Innovation 24}": 1,
        "{R Core Team}": 1,
        "{The Turing Way Community}": 1,
        "{OscaR Team}": 1,
        "{GNU Project, Free Software Foundation}": 1,
        "{Intel}": 1,
        "{ML4AAD Group}": 1,
        "{National Research Council}": 1,
    }
)


def names_of(path: Path) -> list[str]:
    parsed = parse(path.read_text(encoding="utf-8"), max_entries=100_000)
    return [
        name
        for entry in parsed.entries
        for field in ("author", "editor")
        if field in entry.fields
        for name in _split_names(entry.fields[field])
    ]


def test_the_rule_finds_the_organisations_of_real_bibliographies_and_no_human():
    paths = [shared_data("iridia-references.bib"), BENCH / "bibliotex.bib", BENCH / "evobib.bib"]
    names = [name for path in paths for name in names_of(path)]
    assert len(names) == 38_320
    assert Counter(name for name in names if is_organisation(name)) == ORGANISATIONS
