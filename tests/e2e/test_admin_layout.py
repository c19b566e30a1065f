"""The admin's change forms in Debian's chromium: the buttons above a form (History, View on
site) sit beside or below its title, never over it, on a 1,280 px laptop and a 390 px phone,
for an English and a zh-CN browser."""

import pytest
from django.core.management import call_command

from tests.e2e.test_admin_pages import BROWSERS, DEVICES, PASSWORD, change_forms, log_in, save

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
    call_command("loaddata", "demo", verbosity=0)
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


@pytest.mark.parametrize("language", BROWSERS)
def test_the_history_buttons_do_not_cover_a_change_form_s_title(site, browser, language):
    locale, _ = BROWSERS[language]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        log_in(page, site)
        covered = []
        for name, path in change_forms().items():
            page.goto(f"{site}{path}")
            for device, width in DEVICES.items():
                page.set_viewport_size({"width": width, "height": 900})
                boxes = page.evaluate(BOXES)
                assert boxes["titles"] and boxes["tools"], name
                covered += [f"{name} at {width}px: {o}" for o in overlapping(boxes)]
                if name == "paper":
                    save(page, f"admin-paper-title-{device}-{language}")
        assert covered == []
    finally:
        context.close()
