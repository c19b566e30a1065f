"""A lab admin imports a .bib in the admin: uploads it, settles an ambiguous author in the
preview, confirms, and finds the papers on the person's admin page."""

import pytest

from people.models import Person
from pubs.models import Paper
from tests.fixture_snapshots import load_fixtures

BIB = """@inproceedings{fang2025demo,
  title = {Browser Tested Imports},
  author = {J. Fang and Ada Lovelace},
  booktitle = {ICNP'25},
  year = {2025}
}
@article{fang2025second,
  title = {A Second Imported Paper},
  author = {Jiarui Fang and Charles Babbage},
  journal = {IEEE Transactions on Parallel and Distributed Systems},
  year = {2025}
}
"""

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site(live_server, django_user_model):
    load_fixtures("ccf_venues", "demo")
    django_user_model.objects.create_superuser("labadmin", "", "a-long-pass-phrase")
    return live_server.url


def test_upload_choose_confirm_and_see_the_papers(site, page, screenshot, tmp_path):
    bib = tmp_path / "lab.bib"
    bib.write_text(BIB, encoding="utf-8")

    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("input[type=submit]")
    page.click("text=Papers")
    page.click("text=Import BibTeX")
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")

    page.wait_for_selector("#import-preview")
    assert "ambiguous author names need a choice: J. Fang" in page.content()
    jiarui = Person.objects.get(slug="jiarui-fang")
    page.select_option("select[name='author:fang2025demo#1']", str(jiarui.pk))
    screenshot("import-preview")
    page.click("#confirm-import")

    page.wait_for_selector(".messagelist")
    assert "Imported" in page.inner_text(".messagelist")
    assert Paper.objects.get(title="Browser Tested Imports").venue.slug == "icnp"

    page.goto(f"{site}/admin/people/person/{jiarui.pk}/change/")
    body = page.inner_text("body")
    assert "Browser Tested Imports" in body
    assert "A Second Imported Paper" in body
    screenshot("person-admin-after-import")
