"""Adding a paper in the browser with the venue typed as a CV prints it, "SC'23": the venue
picker offers SC first, and the paper saved is SC's."""

import re

import pytest
from playwright.sync_api import expect

from pubs.models import Paper
from tests.e2e.conftest import SCREENSHOTS
from tests.fixture_snapshots import load_fixtures

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def site(live_server, django_user_model):
    load_fixtures("ccf_venues", "demo")
    django_user_model.objects.create_superuser("labadmin", "", PASSWORD)
    return live_server.url


def test_a_paper_added_with_venue_sc23_is_an_sc_paper(site, page):
    page.goto(f"{site}/admin/login/?next=/admin/pubs/paper/add/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#paper_form")

    page.fill("#id_title", "Scaling Collective Communication on a Million Cores")
    page.select_option("#id_kind", "conference")
    page.fill("#id_year", "2023")
    page.click("#paper_form .field-venue .select2-selection")
    page.fill(".select2-dropdown .select2-search__field", "SC'23")
    first = page.locator(".select2-results__option").first
    # The options of the empty search show first; those of "SC'23" replace them.
    expect(first).to_have_text(re.compile(r"^SC — International Conference for High"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "paper-venue-picker-sc23.png"), full_page=True)
    first.click()
    page.click("input[name=_save]")
    page.wait_for_selector(".messagelist")

    paper = Paper.objects.get(title="Scaling Collective Communication on a Million Cores")
    assert paper.venue.slug == "sc"
