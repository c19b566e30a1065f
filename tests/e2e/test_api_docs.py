"""The API's documentation page: Swagger UI, from the site's own files, runs under the public
pages' Content-Security-Policy without a violation, shows every endpoint and tries one."""

import pytest

pytestmark = pytest.mark.django_db

RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
    (event) => window.violations.push(event.violatedDirective + " " + event.blockedURI));
"""


def test_the_api_documentation_runs_under_the_policy_and_lists_the_endpoints(
    demo_site, page, screenshot
):
    page.add_init_script(RECORD_VIOLATIONS)
    hosts = set()
    page.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    response = page.goto(f"{demo_site}/api/v1/docs/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(".opblock-summary-path")
    paths = page.eval_on_selector_all(
        ".opblock-summary-path", "els => els.map(e => e.dataset.path)"
    )
    assert "/api/v1/papers/" in paths and "/api/v1/people/{slug}/" in paths
    assert page.evaluate("window.violations") == []
    assert hosts == {demo_site.split("/")[2]}
    screenshot("api-docs")


def test_the_api_documentation_tries_a_request(demo_site, page):
    page.goto(f"{demo_site}/api/v1/docs/")
    page.click('.opblock-summary-path[data-path="/api/v1/groups/"]')
    page.click("text=Try it out")
    page.click("text=Execute")
    page.wait_for_selector(".live-responses-table .response-col_status")
    assert "ustc-int" in page.inner_text(".live-responses-table")
