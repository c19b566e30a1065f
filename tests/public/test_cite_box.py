"""The paper page's cite box: a picker of the citation style (BibTeX and each style), the
picked style's text shown by the stylesheet alone, and a Copy button that the site's script
(a static file, as the Content-Security-Policy wants) brings in."""

import re

import pytest

from pubs.export.citations import STYLE_LABELS

pytestmark = pytest.mark.usefixtures("demo")

URL = "/publications/non-idle-machine-aware-worker-placement-for-2024/"
RADIO = re.compile(
    r'<input type="radio" name="cite-style" id="cite-style-(?P<key>[\w-]+)" '
    r'value="(?P=key)" aria-controls="citation-(?P=key)"(?P<checked> checked)?>\s*'
    r'<label for="cite-style-(?P=key)">(?P<label>[^<]+)</label>\s*'
    r'<div class="citation citation-(?P=key)" id="citation-(?P=key)"><pre>'
)


def test_each_style_has_a_button_followed_by_its_text_bibtex_checked(client):
    html = client.get(URL).content.decode()
    buttons = [match.groupdict() for match in RADIO.finditer(html)]
    assert [(b["key"], b["label"]) for b in buttons] == [
        ("bibtex", "BibTeX"),
        *STYLE_LABELS.items(),
    ]
    assert [bool(b["checked"]) for b in buttons] == [True] + [False] * len(STYLE_LABELS)


def test_the_picker_is_a_labelled_group(client):
    html = client.get(URL).content.decode()
    assert '<fieldset class="cite-picker">\n    <legend>Citation style</legend>' in html


def test_the_copy_button_waits_for_the_script_which_is_a_static_file(client):
    html = client.get(URL).content.decode()
    assert re.search(r'<button type="button" class="copy-citation"[^>]* hidden>Copy</button>', html)
    assert '<script src="/static/js/cite.js" defer></script>' in html
    inline = re.findall(r"<script(?![^>]*\ssrc=)([^>]*)>", html)
    assert inline == [' type="application/ld+json"']  # data, not script


def test_the_cite_box_speaks_chinese(client):
    html = client.get(f"/zh-hans{URL}").content.decode()
    assert "<legend>引用格式</legend>" in html
    assert "hidden>复制</button>" in html
    assert 'data-copied="已复制到剪贴板。"' in html
