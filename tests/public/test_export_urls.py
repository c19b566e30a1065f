"""Any list's URL + export.bib / .ris / .json / .txt / .html, CV lists, and the exports the
pages themselves show: a BibTeX toggle per entry and the paper page's cite box."""

import json
import re

import bibtexparser
import pytest

from people.models import Group
from pubs.models import Paper, VenueRank
from pubs.queries import selectors

pytestmark = pytest.mark.usefixtures("demo")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"


def bib_titles(text: str) -> set[str]:
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    return {entry["title"].replace("{", "").replace("}", "") for entry in library.entries}


@pytest.mark.parametrize(
    ("url", "content_type"),
    [
        ("/publications/export.bib", "application/x-bibtex"),
        ("/publications/export.ris", "application/x-research-info-systems"),
        ("/publications/export.json", "application/vnd.citationstyles.csl+json"),
        ("/publications/export.txt", "text/plain"),
        ("/publications/export.html?style=gbt7714", "text/html"),
        (f"/publications/{NON_IDLE}/export.bib", "application/x-bibtex"),
        ("/people/jin-fang/export.bib", "application/x-bibtex"),
        ("/people/jin-fang/cv.md", "text/markdown"),
        ("/people/jin-fang/cv.tex", "application/x-tex"),
        ("/people/jin-fang/cv.txt", "text/plain"),
        ("/groups/ustc-int/export.ris", "application/x-research-info-systems"),
        ("/groups/ustc-int/cv.md", "text/markdown"),
        ("/venues/ton/export.json", "application/vnd.citationstyles.csl+json"),
        ("/zh-hans/people/jin-fang/export.bib", "application/x-bibtex"),
    ],
)
def test_export_urls_answer_in_their_format(client, url, content_type):
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    assert response["Content-Disposition"].startswith("inline; filename=")


@pytest.mark.parametrize(
    ("url", "filename"),
    [
        ("/publications/export.bib", "publications.bib"),
        ("/publications/export.json", "publications.csl.json"),
        ("/people/jin-fang/export.ris", "jin-fang.ris"),
        ("/people/jin-fang/cv.md", "jin-fang-cv.md"),
        ("/people/jin-fang/cv.tex", "jin-fang-cv.tex"),
        ("/people/jin-fang/cv.txt", "jin-fang-cv.txt"),
        ("/groups/ustc-int/cv.md", "ustc-int-cv.md"),
    ],
)
def test_an_export_downloads_as_the_list_and_its_extension(client, url, filename):
    response = client.get(url)
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'


def test_a_list_export_has_the_same_filters_as_the_page(client):
    text = client.get("/publications/export.bib?rank=A&year_min=2023").content.decode()
    a_venues = VenueRank.objects.filter(edition=2026, rank="A").values("venue")
    expected = Paper.objects.filter(is_public=True, venue__in=a_venues, year__gte=2023)
    assert bib_titles(text) == set(expected.values_list("title", flat=True))


def test_a_person_export_has_only_their_papers(client):
    text = client.get("/people/jiangfei-duan/export.bib").content.decode()
    expected = Paper.objects.filter(is_public=True, authorships__person__slug="jiangfei-duan")
    assert bib_titles(text) == set(expected.values_list("title", flat=True))


def test_exports_leave_out_hidden_papers(client):
    Paper.objects.filter(title__startswith="GOAT").update(is_public=False)
    urls = ("/publications/export.bib", "/people/jin-fang/export.json", "/people/jin-fang/cv.md")
    assert [url for url in urls if "GOAT" in client.get(url).content.decode()] == []


def test_the_csl_json_export_is_a_list_of_items(client):
    """The group's papers: those its members wrote while members, and those given it."""
    items = json.loads(client.get("/groups/ustc-int/export.json").content)
    group = Group.objects.get(slug="ustc-int")
    expected = set(selectors.group_papers(group).values_list("title", flat=True))
    assert {item["title"] for item in items} == expected
    assert expected > set(
        Paper.objects.filter(is_public=True, groups=group).values_list("title", flat=True)
    )


def test_the_person_cv_sets_their_name_in_bold(client):
    text = client.get("/people/jin-fang/cv.md").content.decode()
    lines = text.splitlines()
    assert lines and all("**J. Fang**" in line for line in lines)


def test_the_cv_takes_the_page_filters(client):
    text = client.get("/people/jin-fang/cv.md?rank=A").content.decode()
    assert text.splitlines() and all("CCF A" in line for line in text.splitlines())


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("/publications/export.txt?style=nope", "Unknown citation style nope"),
        ("/publications/export.bib?keys={nope}", "key pattern"),
        ("/publications/export.bib?year=abc", "year"),
    ],
)
def test_bad_export_options_are_a_400_that_says_why(client, query, message):
    response = client.get(query)
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.parametrize(
    "url", ["/publications/export.pdf", "/people/jin-fang/cv.docx", "/people/nobody/export.bib"]
)
def test_unknown_formats_and_people_are_404(client, url):
    assert client.get(url).status_code == 404


def test_every_list_entry_has_a_bibtex_toggle_that_links_to_its_export(client):
    html = client.get("/publications/").content.decode()
    toggles = re.findall(
        r'<li class="paper[^"]*" id="paper-([^"]+)">.*?<details class="bibtex"><summary>BibTeX'
        r'</summary><a class="bibtex-source" href="([^"]+)">[^<]+</a></details>',
        html,
        re.S,
    )
    assert len(toggles) == Paper.objects.filter(is_public=True).count()
    assert all(href == f"/publications/{slug}/export.bib" for slug, href in toggles)


def test_a_list_holds_no_bibtex_and_the_toggle_s_export_gives_the_entry(client):
    html = client.get("/publications/").content.decode()
    assert "<pre>" not in html and "@inproceedings{" not in html
    href = re.search(f'href="(/publications/{NON_IDLE}/export.bib)"', html).group(1)
    bib = client.get(href).content.decode()
    assert bib_titles(bib) == {Paper.objects.get(slug=NON_IDLE).title}


@pytest.mark.parametrize("url", ["/", "/publications/", "/people/jin-fang/", "/groups/ustc-int/"])
def test_list_pages_load_the_bibtex_toggle_script_as_a_file(client, url):
    html = client.get(url).content.decode()
    assert re.search(r'<script src="[^"]*/js/bibtex[.\w]*\.js" defer></script>', html)


def test_list_pages_link_to_their_exports_with_their_filters(client):
    html = client.get("/people/jin-fang/?rank=A&page=1").content.decode()
    assert 'href="/people/jin-fang/export.bib?rank=A"' in html
    assert 'href="/people/jin-fang/cv.md?rank=A"' in html


def test_the_paper_page_cite_box_has_bibtex_and_five_styles(client):
    response = client.get(f"/publications/{NON_IDLE}/")
    keys = [c.key for c in response.context["citations"]]
    assert keys == ["bibtex", "ieee", "acm", "apa", "gbt7714", "chicago"]
    html = response.content.decode()
    assert f'href="/publications/{NON_IDLE}/export.ris"' in html
    for citation in response.context["citations"]:
        assert "Non-Idle Machine-Aware Worker Placement" in citation.text, citation.key
