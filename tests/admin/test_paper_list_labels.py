"""The paper list's checkboxes carry their names in the page the server sends (no script
gives them): an editable column's by its column and the row's paper, a row's selection box
by its paper, in the reader's language."""

import re

import pytest
from django.urls import reverse

from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db

CHECKBOX = re.compile(r'<input type="checkbox"[^>]*>')


def checkboxes(client, user, language: str = "en") -> list[str]:
    PaperFactory(title="Serving Models at the Edge", year=2024)
    client.force_login(user)
    client.cookies["django_language"] = language
    html = client.get(reverse("admin:pubs_paper_changelist")).content.decode()
    return CHECKBOX.findall(html[html.index('id="result_list"') :])


def test_the_editable_columns_are_named_by_column_and_paper(client, admin_user):
    found = checkboxes(client, admin_user)
    assert any('aria-label="Selected: Serving Models at the Edge (2024)"' in box for box in found)
    assert any('aria-label="Public: Serving Models at the Edge (2024)"' in box for box in found)


def test_every_checkbox_of_the_list_has_a_name(client, admin_user):
    found = checkboxes(client, admin_user)
    assert len(found) == 4  # all rows, a row's selection, its two editable columns
    assert all("aria-label=" in box for box in found), found
    assert not any("aria-describedby" in box for box in found)  # no help text on the list


def test_the_names_are_in_chinese_on_a_chinese_page(client, admin_user):
    found = checkboxes(client, admin_user, "zh-hans")
    assert any("：Serving Models at the Edge (2024)" in box for box in found)
