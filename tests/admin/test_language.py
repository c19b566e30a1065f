"""The admin speaks the visitor's language: their browser's, or the one they chose in its
header; the public site keeps its URLs (English unprefixed, Chinese under /zh-hans/)."""

import pytest
from django.urls import reverse

CHINESE_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9,en;q=0.5"}


@pytest.fixture
def editor_client(client, admin_user):
    client.force_login(admin_user)
    return client


@pytest.mark.django_db
def test_the_admin_is_in_chinese_for_a_chinese_browser(editor_client):
    response = editor_client.get(reverse("admin:index"), **CHINESE_BROWSER)
    assert response.headers["Content-Language"] == "zh-hans"
    assert '<html lang="zh-hans"' in response.text
    assert "管理论文、人员与发表渠道" in response.text


@pytest.mark.django_db
def test_the_login_page_is_in_chinese_for_a_chinese_browser(client):
    response = client.get(reverse("admin:login"), **CHINESE_BROWSER)
    assert '<html lang="zh-hans"' in response.text
    assert "用户名" in response.text


@pytest.mark.django_db
def test_the_admin_is_in_english_for_an_english_browser(editor_client):
    response = editor_client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="en-GB,en")
    assert response.headers["Content-Language"] == "en"
    assert '<html lang="en"' in response.text


@pytest.mark.django_db
def test_the_admin_varies_on_accept_language(editor_client):
    response = editor_client.get(reverse("admin:index"), **CHINESE_BROWSER)
    assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.django_db
def test_the_header_switcher_chooses_the_admin_language(editor_client):
    page = editor_client.get(reverse("admin:index"), **CHINESE_BROWSER)
    assert 'action="/i18n/setlang/"' in page.text

    editor_client.post(reverse("set_language"), {"language": "en", "next": reverse("admin:index")})
    response = editor_client.get(reverse("admin:index"), **CHINESE_BROWSER)
    assert '<html lang="en"' in response.text


@pytest.mark.django_db
def test_the_switcher_returns_to_the_admin_page_it_was_used_on(editor_client):
    next_url = reverse("admin:pubs_paper_changelist")
    response = editor_client.post(
        reverse("set_language"), {"language": "zh-hans", "next": next_url}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == next_url


@pytest.mark.django_db
def test_the_public_site_keeps_its_urls_whatever_the_browser(client):
    english = client.get("/publications/", **CHINESE_BROWSER)
    chinese = client.get("/zh-hans/publications/")
    assert english.headers["Content-Language"] == "en"
    assert chinese.headers["Content-Language"] == "zh-hans"
