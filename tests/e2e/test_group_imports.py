"""A group's editor imports a file and finds its papers under the group, in the admin and on
the public group page; a member imports their own file, which waits for that editor's review."""

import pytest
from django.contrib.auth.models import Group as AuthGroup

from people.models import Group, Person
from pubs.models import Paper
from pubs.permissions import GROUP_EDITOR, MEMBER, roles_install
from tests.fixture_snapshots import load_fixtures

PASSWORD = "a-long-pass-phrase"

EDITORS_FILE = """@inproceedings{zhao2025browser,
  title = {Scheduling Flows Across Data Centers in the Browser},
  author = {Gongming Zhao and Hongli Xu},
  booktitle = {ICNP'25},
  year = {2025}
}
"""

MEMBERS_FILE = """@inproceedings{fang2025own,
  title = {A Member's Own Paper on Network Telemetry},
  author = {Jin Fang and Hongli Xu},
  booktitle = {ICNP'25},
  year = {2025}
}
@article{duan2025other,
  title = {Someone Else's Paper on Serving Models},
  author = {Jiangfei Duan and Dahua Lin},
  journal = {IEEE Transactions on Parallel and Distributed Systems},
  year = {2025}
}
"""

pytestmark = pytest.mark.django_db(transaction=True)


def login(django_user_model, username: str, role: str):
    user = django_user_model.objects.create_user(username, "", PASSWORD, is_staff=True)
    user.groups.add(AuthGroup.objects.get(name=role))
    return user


@pytest.fixture
def site(live_server, django_user_model):
    """The demo data; "editor" edits USTC INT, "member" is Jin Fang, its PhD student."""
    load_fixtures("ccf_venues", "demo")
    roles_install()
    Group.objects.get(slug="ustc-int").editors.add(login(django_user_model, "editor", GROUP_EDITOR))
    Person.objects.filter(slug="jin-fang").update(user=login(django_user_model, "member", MEMBER))
    return live_server.url


def log_in(page, site: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content")


def upload(page, site: str, path, group: str | None = None) -> None:
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(path))
    if group is not None:
        page.select_option("#id_group", label=group)
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")


def test_an_editors_import_appears_under_their_group(site, page, screenshot, tmp_path):
    bib = tmp_path / "group.bib"
    bib.write_text(EDITORS_FILE, encoding="utf-8")
    title = "Scheduling Flows Across Data Centers in the Browser"
    log_in(page, site, "editor")
    upload(page, site, bib, group="USTC Intelligent Network and System Group")
    screenshot("group-import-preview")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist")
    assert "Imported" in page.inner_text(".messagelist")

    group = Group.objects.get(slug="ustc-int")
    page.goto(f"{site}/admin/pubs/paper/?group={group.pk}")
    assert title in page.inner_text("#result_list")
    screenshot("group-import-admin-list")

    page.goto(f"{site}/groups/ustc-int/")
    assert title in page.inner_text("main")
    screenshot("group-import-public-page")


def test_a_members_import_waits_for_the_editors_review(site, page, screenshot, tmp_path):
    bib = tmp_path / "mine.bib"
    bib.write_text(MEMBERS_FILE, encoding="utf-8")
    title = "A Member's Own Paper on Network Telemetry"
    log_in(page, site, "member")
    upload(page, site, bib)
    preview = page.inner_text("#content-main")
    assert "1 entry is skipped: you are not among its authors." in preview
    assert "line 7, entry duan2025other: skipped" in page.content()
    screenshot("member-import-preview")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist")
    assert "stay hidden until an editor of your group" in page.inner_text(".messagelist")
    assert Paper.objects.filter(title=title, is_public=False).exists()
    assert not Paper.objects.filter(title="Someone Else's Paper on Serving Models").exists()
    assert title not in page.request.get(f"{site}/groups/ustc-int/").text()

    log_in(page, site, "editor")
    page.goto(f"{site}/admin/pubs/paper/")
    page.click("text=Imported by a member, waiting for review")
    assert title in page.inner_text("#result_list")
    screenshot("member-import-review-list")
    page.check("#result_list tbody input.action-select")
    page.select_option("select[name=action]", "make_public")
    page.click("button[name=index]")
    page.wait_for_selector(".messagelist")

    page.goto(f"{site}/groups/ustc-int/")
    assert title in page.inner_text("main")
    screenshot("member-import-published")
