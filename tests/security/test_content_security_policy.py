"""A Content-Security-Policy on every public response, which the public pages keep: they
have no inline script (the JSON-LD block is data) and no inline style."""

import pytest

from pubs.web.security import content_security_policy
from tests.security.hostile import elements

pytestmark = pytest.mark.usefixtures("demo")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
PAGES = [
    "/",
    "/publications/",
    "/publications/?rank=A",
    f"/publications/{NON_IDLE}/",
    "/people/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/venues/",
    "/venues/icnp/",
    "/zh-hans/groups/ustc-int/",
]
FILES = ["/feeds/publications/", "/sitemap.xml", "/publications/export.bib", "/robots.txt"]


def directives(header: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (part.split() for part in header.split(";"))}


@pytest.mark.parametrize("url", [*PAGES, *FILES, "/people/nobody/"])
def test_public_responses_allow_only_the_sites_own_scripts_and_styles(client, url):
    policy = directives(client.get(url)["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


def test_a_page_from_the_cache_carries_the_policy(client):
    client.get("/publications/")
    assert "Content-Security-Policy" in client.get("/publications/")


@pytest.mark.parametrize("url", PAGES)
def test_public_pages_have_no_inline_script_or_style(client, url):
    parsed = elements(client.get(url).content.decode())
    scripts = [attrs for tag, attrs in parsed.elements if tag == "script"]
    inline_scripts = [attrs for attrs in scripts if "src" not in attrs]
    assert [a for a in inline_scripts if a.get("type") != "application/ld+json"] == []
    assert all(attrs["src"].startswith("/static/") for attrs in scripts if "src" in attrs)
    assert [tag for tag, _ in parsed.elements if tag == "style"] == []
    inline = [(tag, name) for tag, attrs in parsed.elements for name in attrs]
    assert [(tag, name) for tag, name in inline if name == "style" or name.startswith("on")] == []


def test_the_admin_brings_its_own_scripts_and_has_no_public_policy(admin_client):
    assert "Content-Security-Policy" not in admin_client.get("/admin/")


def test_static_files_on_another_host_may_serve_styles_images_and_fonts():
    policy = directives(content_security_policy("https://cdn.example.org/static/"))
    for name in ("style-src", "img-src", "font-src", "script-src"):
        assert "https://cdn.example.org" in policy[name]
    assert policy["default-src"] == ["'self'"]


def test_static_files_on_the_site_add_no_source():
    assert content_security_policy("/static/") == content_security_policy()
