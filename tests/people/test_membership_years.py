"""The years of papers a membership covers, as the membership list and the confirm step show
them: a request without a start covers none."""

from __future__ import annotations

from datetime import date

import pytest

from people.admin import years_covered
from people.models import Membership


@pytest.mark.parametrize(
    ("start", "end", "requested", "shown"),
    [
        (None, None, False, "every year"),
        (None, None, True, "none until it has a start"),
        (None, date(2024, 12, 31), True, "none until it has a start"),
        (None, date(2024, 12, 31), False, "every year to 2024"),
        (date(2023, 1, 1), None, True, "from 2023"),
        (date(2023, 1, 1), date(2025, 6, 30), True, "2023–2025"),
        (date(2023, 1, 1), date(2023, 6, 30), False, "2023"),
    ],
)
def test_the_years_a_membership_covers(start, end, requested, shown):
    membership = Membership(start=start, end=end, requested=requested)
    assert years_covered(membership) == shown


def test_a_request_without_a_start_is_not_current():
    assert Membership(requested=True).is_current is False


def test_an_undated_membership_is_current():
    assert Membership().is_current is True
