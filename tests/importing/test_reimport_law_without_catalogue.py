"""The re-import law on a database without the CCF catalogue (a lab that has not loaded it):
venues are then found among the lab's own, or not at all, and papers are told apart by
their identifiers and authors alone."""

from dataclasses import replace

import pytest
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pubs.bibtex.plan import Decisions
from tests.importing.test_reimport_law import assert_second_import_changes_nothing, files, flags

pytestmark = pytest.mark.usefixtures("demo")


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=files(), first=flags(), overwrite=st.booleans())
@example(
    # A conference paper without identifiers, its preprint (another arXiv id than the one its
    # accepted version gave it) kept apart: imported again, it found the preprint first.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " note={To appear}, eprint={1901.00002}, archiveprefix={arXiv}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # An arXiv entry giving the DOI of the conference paper after it: the first import found
    # the conference entry another paper than the preprint (their DOIs differ); the second,
    # finding the arXiv entry by that DOI, gave the conference paper arXiv for its venue.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, doi={10.1000/x1}, eprint={1901.00003}, archiveprefix={arXiv}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, journal={CoRR}, doi={10.1000/x0}, eprint={1901.00003}, archiveprefix={arXiv}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, author={Jin Fang},"
    " year=2018, booktitle={Proceedings of the AAAI Conference on Artificial Intelligence},"
    " doi={10.1000/x0}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
@example(
    # A submission completing its preprint's author list, then a paper of its title by one
    # of the authors it added: a second planning, counting them, found it the preprint
    # published, which took it off the title's papers, and a third planning, no longer
    # counting them, did not.
    text="@inproceedings{e0, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Haohuan Fu}, journal={CoRR}, eprint={1901.00001}, archiveprefix={arXiv}}\n"
    "@inproceedings{e1, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang and Jiarui Fang and Haohuan Fu}, note={Under review},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
    "@inproceedings{e2, title={Scheduling Collectives on {GPU} Clusters}, year=2018,"
    " author={Jin Fang},"
    " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n",
    first=Decisions(skip_invalid=True, allow_ambiguous=True),
    overwrite=False,
)
def test_a_generated_file_imported_twice_without_the_catalogue_changes_nothing(
    text, first, overwrite
):
    second = replace(first, overwrite_all=overwrite)
    with transaction.atomic():
        assert_second_import_changes_nothing(text, first, second)
        transaction.set_rollback(True)  # keep examples apart
