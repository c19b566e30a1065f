"""A group's editor (not a superuser) imports a .bib in the admin, in Debian's chromium: the
upload offers their group, and once the import is confirmed its papers are on the group's
public page."""

import io

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command

from people.models import Group
from pubs.permissions import GROUP_EDITOR
from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase"
BIB = """@inproceedings{xu2025editor,
  title = {An Editor Imports For The Group},
  author = {Hongli Xu and Ada Lovelace},
  booktitle = {ICNP'25},
  year = {2025}
}
"""


@pytest.fixture
def site(live_server, django_user_model):
    call_command("loaddata", "demo", verbosity=0)
    call_command("setup_roles", stdout=io.StringIO())
    editor = django_user_model.objects.create_user("editor", password=PASSWORD, is_staff=True)
    editor.groups.add(AuthGroup.objects.get(name=GROUP_EDITOR))
    Group.objects.get(slug="ustc-int").editors.add(editor)
    return live_server.url


def test_an_editor_s_import_appears_on_their_group_s_page(site, page, tmp_path):
    bib = tmp_path / "group.bib"
    bib.write_text(BIB, encoding="utf-8")
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "editor")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content-main")

    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    group = Group.objects.get(slug="ustc-int")
    options = page.locator("select[name=group] option").evaluate_all(
        "options => options.filter(o => o.value).map(o => o.value)"
    )
    assert options == [str(group.pk)]  # their group alone
    page.select_option("select[name=group]", str(group.pk))
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist")

    page.goto(f"{site}/groups/ustc-int/")
    titles = page.locator("li.paper a.title").all_inner_texts()
    assert "An Editor Imports For The Group" in titles
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "group-after-editor-import.png"), full_page=True)
