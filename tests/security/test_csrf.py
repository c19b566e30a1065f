"""Every form that writes asks for the CSRF token: a POST without it is refused (403) in the
admin, its login and its BibTeX import; the public site has no form that writes (its filters
and its language switch are links and GET forms), and refuses a POST."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.hostile import elements

pytestmark = pytest.mark.usefixtures("demo")

BIBTEX = "@misc{x2025, title = {Forged}, author = {Ada Lovelace}, year = {2025}}"
NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
PUBLIC = [
    "/",
    "/publications/",
    f"/publications/{NON_IDLE}/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/venues/icnp/",
    "/zh-hans/publications/",
    "/publications/export.bib",
    "/feeds/publications/",
]


@pytest.fixture
def browser(admin_user) -> Client:
    """A logged-in admin's browser that checks CSRF tokens, as a real one would be checked."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    return client


def test_the_login_refuses_a_post_without_the_token(admin_user):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/admin/login/", {"username": "admin", "password": "password"})
    assert response.status_code == 403


def test_the_import_refuses_an_upload_without_the_token(browser):
    response = browser.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    assert response.status_code == 403


def test_the_import_takes_an_upload_with_the_token(browser):
    url = reverse("admin:pubs_bibteximport_upload")
    browser.get(url)
    token = browser.cookies["csrftoken"].value
    response = browser.post(url, {"text": BIBTEX, "csrfmiddlewaretoken": token})
    assert response.status_code == 302


@pytest.mark.parametrize(
    "url",
    [
        "/admin/pubs/paper/add/",
        "/admin/people/person/add/",
        "/admin/pubs/paper/",  # the list's actions
        "/admin/logout/",
    ],
)
def test_admin_forms_refuse_a_post_without_the_token(browser, url):
    assert browser.post(url, {}).status_code == 403


@pytest.mark.parametrize("url", PUBLIC)
def test_public_pages_refuse_a_post(url):
    assert Client(enforce_csrf_checks=True).post(url, {"q": "x"}).status_code == 403


@pytest.mark.parametrize("url", PUBLIC[:7])
def test_public_pages_have_no_form_that_posts(client, url):
    forms = [
        attrs for tag, attrs in elements(client.get(url).content.decode()).elements if tag == "form"
    ]
    assert all(attrs.get("method", "get").lower() == "get" for attrs in forms)


def test_the_language_switch_is_a_link_not_a_form(client):
    parsed = elements(client.get("/publications/").content.decode())
    links = [
        attrs["href"]
        for tag, attrs in parsed.elements
        if "language-zh-hans" in attrs.get("class", "")
    ]
    assert links == ["/zh-hans/publications/"]


def test_the_admins_language_switch_refuses_a_post_without_the_token():
    """Only the admin's switch posts (to Django's set_language), with its form's token."""
    response = Client(enforce_csrf_checks=True).post("/i18n/setlang/", {"language": "zh-hans"})
    assert response.status_code == 403
