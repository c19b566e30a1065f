"""The admin's change forms in Debian's chromium: the buttons above a form (History, View on
site) sit beside or below its title, never over it, on a 1,280 px laptop and a 390 px phone,
for an English and a zh-CN browser; and the change form of every kind of record in the demo
data fits those windows without sideways scrolling."""

import pytest
from django.contrib import admin

from tests.e2e.test_admin_pages import (
    BROWSERS,
    DEVICES,
    PASSWORD,
    log_in,
    save,
    sticking_out,
)
from tests.fixture_snapshots import load_fixtures

pytestmark = pytest.mark.django_db(transaction=True)

#: The boxes of the form's title and subtitle and of each button above the form.
BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {name: e.tagName + ' ' + e.innerText.trim().slice(0, 40),
                             left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {titles: [...document.querySelectorAll('#content > h1, #content > h2')].map(box),
          tools: [...document.querySelectorAll('.object-tools a')].map(box)};
}"""


@pytest.fixture
def site(live_server, django_user_model):
    load_fixtures("demo")
    django_user_model.objects.create_superuser("labadmin", "", PASSWORD)
    return live_server.url


def overlapping(boxes: dict) -> list[str]:
    """Each (title, button) pair whose boxes intersect."""
    return [
        f"{tool['name']} over {title['name']}"
        for title in boxes["titles"]
        for tool in boxes["tools"]
        if tool["left"] < title["right"]
        and title["left"] < tool["right"]
        and tool["top"] < title["bottom"]
        and title["top"] < tool["bottom"]
    ]


def every_change_form() -> dict[str, str]:
    """The change form of the first record of each model the admin registers, where the demo
    data (and the test's superuser) has one."""
    forms = {}
    for model in admin.site._registry:
        record = model._default_manager.order_by("pk").first()
        if record is not None:
            meta = model._meta
            forms[meta.label] = f"/admin/{meta.app_label}/{meta.model_name}/{record.pk}/change/"
    return forms


@pytest.mark.parametrize("language", BROWSERS)
def test_every_change_form_fits_the_window_and_leaves_its_title_clear(site, browser, language):
    """Each form opened, then measured in a laptop's window and a phone's."""
    locale, _ = BROWSERS[language]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        log_in(page, site)
        forms = every_change_form()
        assert {"pubs.Paper", "pubs.Tag", "people.Membership", "auth.User"} <= set(forms)
        too_wide, covered = [], []
        for name, path in forms.items():
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(f"{site}{path}")
            for device, width in DEVICES.items():
                page.set_viewport_size({"width": width, "height": 900})
                if page.evaluate("document.documentElement.scrollWidth > innerWidth"):
                    too_wide.append(f"{name} at {width}px: {sticking_out(page)}")
                covered += [f"{name} at {width}px: {o}" for o in overlapping(page.evaluate(BOXES))]
                if name == "pubs.Paper":
                    assert page.locator(".object-tools a").count() >= 2  # History, View on site
                    save(page, f"admin-paper-title-{device}-{language}")
        assert too_wide == []
        assert covered == []
    finally:
        context.close()
