"""A lab admin opens the page of a person whose ORCID iD is known, imports their works from
ORCID with the page's button, waits for the worker and confirms the preview: the person's
works are imported with the person as their author, and the person's public page lists them
beside the ORCID mark. ORCID's answers are recorded ones (Antonin Delpeuch's record and his
works in full, as dissemin recorded them: tests/data/sources/README.md)."""

import pytest
from django.core.management import call_command

from people.models import Person
from pubs.models import Paper
from tests.factories import PersonFactory
from tests.sources.orcid_answers import DELPEUCH, serve_delpeuch
from tests.sources.replay import Replay

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site(live_server, django_user_model, settings):
    replay = Replay()
    serve_delpeuch(replay)
    settings.SOURCES_TRANSPORT = replay
    django_user_model.objects.create_superuser("labadmin", "", "a-long-pass-phrase")
    return live_server.url


def run_worker() -> None:
    call_command("worker", batch=True, worker_id="e2e", interval=0, verbosity=0)


def test_a_persons_orcid_works_are_previewed_confirmed_and_listed_with_the_mark(
    site, page, screenshot
):
    person = PersonFactory(given_name="Antonin", family_name="Delpeuch", orcid=DELPEUCH)
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("input[type=submit]")
    page.goto(f"{site}/admin/people/person/{person.pk}/change/")
    page.click("#orcid-import")
    assert page.input_value("#id_identifiers").strip() == DELPEUCH
    page.click("input[name=fetch]")

    page.wait_for_selector("#job-progress")
    run_worker()
    page.wait_for_selector("#import-preview", timeout=20000)
    preview = page.inner_text("#import-preview")
    assert "Normal forms for planar connected string diagrams" in preview
    assert "From Natural Language to RDF Graphs with Pregroups" in preview
    for venue in page.locator("select[name^='venue-other:']").all():
        venue.select_option("new")  # the venues are in no catalogue here
    screenshot("orcid-preview")
    page.click("#confirm-import")

    page.wait_for_selector("#job-progress")
    run_worker()
    page.wait_for_selector(".messagelist", timeout=20000)
    assert "The import was applied" in page.inner_text(".messagelist")
    assert Person.objects.filter(family_name="Delpeuch").count() == 1
    preprint = Paper.objects.get(arxiv_id="1804.07832")
    assert preprint.authorships.order_by("position").first().person == person

    page.goto(f"{site}{person.get_absolute_url()}")
    mark = page.locator("a.orcid")
    assert mark.get_attribute("href") == f"https://orcid.org/{DELPEUCH}"
    assert mark.locator("svg[aria-label='ORCID iD']").is_visible()
    listed = page.inner_text("main")
    assert "Normal forms for planar connected string diagrams" in listed
    assert "Complexity of Grammar Induction for Quantum Types" in listed
    screenshot("orcid-person-page")
