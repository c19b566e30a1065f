"""Chromium enforces the Content-Security-Policy: the public pages load their stylesheet and
trip no violation, and a script put into a page is refused."""

import pytest

pytestmark = pytest.mark.django_db

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
    (event) => window.violations.push(event.violatedDirective + " " + event.blockedURI));
"""


@pytest.fixture
def site(demo_site):
    return demo_site


@pytest.mark.parametrize(
    "path", ["/groups/ustc-int/", f"/publications/{NON_IDLE}/", "/zh-hans/people/jin-fang/"]
)
def test_public_pages_run_under_the_policy_without_a_violation(site, page, path):
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(site + path)
    assert "default-src 'self'" in response.headers["content-security-policy"]
    display = page.eval_on_selector(".site-header", "e => getComputedStyle(e).display")
    assert display == "flex"  # the site's stylesheet applies
    assert page.evaluate("window.violations") == []


def test_a_script_put_into_a_page_is_refused(site, page):
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(f"{site}/publications/")
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.injected = true;";
                   document.body.appendChild(s); }"""
    )
    assert page.evaluate("window.injected") is None
    assert page.evaluate("window.violations")[0].startswith("script-src")
