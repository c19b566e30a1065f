"""The OpenAPI schema is valid and describes every endpoint; its documentation page loads
nothing from another host and runs no inline script (the site's CSP)."""

from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db

ENDPOINTS = {
    "/api/v1/papers/",
    "/api/v1/papers/{slug}/",
    "/api/v1/people/",
    "/api/v1/people/{slug}/",
    "/api/v1/groups/",
    "/api/v1/groups/{slug}/",
    "/api/v1/venues/",
    "/api/v1/venues/{slug}/",
}


@pytest.fixture
def schema(client) -> dict:
    response = client.get("/api/v1/schema/")
    assert response.status_code == 200
    return response.json()


def test_the_schema_validates(schema):
    validate(schema)


def test_the_schema_is_generated_without_a_warning(tmp_path):
    """drf-spectacular warns of a field whose type it guesses: every field says its type."""
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(tmp_path / "s.yml"))
    assert (tmp_path / "s.yml").read_text().startswith("openapi: 3")


def test_the_schema_describes_every_endpoint_and_only_reading(schema):
    assert set(schema["paths"]) == ENDPOINTS
    methods = {method for path in schema["paths"].values() for method in path}
    assert methods == {"get"}


def test_the_paper_list_documents_the_public_lists_filters_and_its_pages(schema):
    parameters = {p["name"] for p in schema["paths"]["/api/v1/papers/"]["get"]["parameters"]}
    filters = {"year", "year_min", "year_max", "kind", "rank", "edition", "venue", "person"}
    assert parameters >= filters | {"group", "status", "selected", "tag", "q", "page", "page_size"}


class _Resources(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.inline: list[str] = []
        self.stylesheets: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        if tag == "script":
            self.scripts.append(values.get("src") or "")
        if tag == "link" and values.get("rel") == "stylesheet":
            self.stylesheets.append(values["href"])
        self._in = tag if tag in ("script", "style") else None

    def handle_data(self, data: str) -> None:
        if self._in and data.strip():
            self.inline.append(data)


def test_the_documentation_page_loads_only_the_sites_files(client):
    response = client.get("/api/v1/docs/")
    assert response.status_code == 200
    page = _Resources()
    page.feed(response.content.decode())
    assert page.inline == []
    assert len(page.scripts) == 3
    assert all(src.startswith(("/static/", "/api/v1/docs/?")) for src in page.scripts)
    assert page.stylesheets == ["/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css"]


def test_the_documentation_pages_script_points_at_the_schema(client):
    response = client.get("/api/v1/docs/?script=")
    assert response["Content-Type"].startswith("application/javascript")
    assert '"/api/v1/schema/"' in response.content.decode()


def test_the_documentation_page_keeps_the_sites_csp(client):
    policy = client.get("/api/v1/docs/")["Content-Security-Policy"]
    assert "script-src 'self';" in policy
    assert "frame-ancestors 'none'" in policy
