"""The clients read the recorded records of Crossref, DataCite, PubMed, Open Library and ORCID as a careful
reader does, field by field (recorded_records.py); the fields they read otherwise are the
ones listed as misses, each with its reason, and no others."""

import pytest

from tests.sources.recorded_records import CASES, FIELDS, agrees, observed


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case.service}:{case.identifier}")
def test_a_recorded_record_is_read_as_its_truth_but_for_its_known_misses(http, replay, case):
    case.serve(replay)
    read = observed(case.read(http))
    missed = {name for name in FIELDS if not agrees(name, read[name], case.truth[name])}
    assert missed == set(case.misses), {name: read[name] for name in missed}


@pytest.mark.parametrize("service", ["Crossref", "DataCite", "PubMed", "ORCID"])
def test_each_service_is_tested_on_at_least_five_recorded_records(service):
    assert len([case for case in CASES if case.service == service]) >= 5
