"""The paper page: every field, and what Google Scholar, Zotero and link previews read."""

from io import StringIO
from urllib.parse import quote_plus

import pytest
from django.core.management import call_command

from people.models import Person
from pubs.models import Authorship, Link, Paper, Tag
from tests.public.html import json_ld, link_href, meta

pytestmark = pytest.mark.usefixtures("demo")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
URL = f"/publications/{NON_IDLE}/"


@pytest.fixture
def paper() -> Paper:
    paper = Paper.objects.get(slug=NON_IDLE)
    paper.doi = "10.1109/ICNP61940.2024.10858510"
    paper.pages = "1--12"
    paper.volume = "32"
    paper.month = 10
    paper.publisher = "IEEE"
    paper.abstract = "We place workers on non-idle machines."
    paper.save()
    paper.tags.add(Tag.objects.create(name="GPU clusters", slug="gpu-clusters"))
    Authorship.objects.filter(paper=paper, position=1).update(
        affiliation="University of Science and Technology of China", corresponding=True
    )
    return paper


def test_google_scholar_citation_tags(client, paper):
    html = client.get(URL).content.decode()
    assert meta(html, "citation_title") == [paper.title]
    assert meta(html, "citation_author") == [
        "Fang, Jin",
        "Zhao, Gongming",
        "Xu, Hongli",
        "Luo, Luyao",
        "Yao, Zhen",
        "Xie, An",
    ]
    assert meta(html, "citation_author_institution") == [
        "University of Science and Technology of China"
    ]
    assert meta(html, "citation_publication_date") == ["2024/10"]
    assert meta(html, "citation_conference_title") == [
        "IEEE International Conference on Network Protocols"
    ]
    assert meta(html, "citation_volume") == ["32"]
    assert meta(html, "citation_firstpage") == ["1"]
    assert meta(html, "citation_lastpage") == ["12"]
    assert meta(html, "citation_doi") == ["10.1109/ICNP61940.2024.10858510"]
    assert meta(html, "citation_publisher") == ["IEEE"]
    assert meta(html, "citation_pdf_url") == ["https://www.fangjin.site/pdf/titan.pdf"]
    assert meta(html, "citation_keywords") == ["GPU clusters"]


def test_a_journal_article_names_its_journal_as_it_prints_it(client):
    paper = Paper.objects.filter(kind="journal", venue__slug="ton").first()
    html = client.get(paper.get_absolute_url()).content.decode()
    assert meta(html, "citation_journal_title") == ["IEEE/ACM Transactions on Networking"]
    assert meta(html, "citation_journal_abbrev") == ["TON"]
    assert meta(html, "citation_conference_title") == []


def test_the_tags_json_ld_coins_and_exports_name_one_venue(client):
    paper = Paper.objects.filter(kind="journal", venue__slug="ton").first()
    html = client.get(paper.get_absolute_url()).content.decode()
    (journal,) = meta(html, "citation_journal_title")
    assert json_ld(html)["isPartOf"] == {"@type": "Periodical", "name": journal}
    listed = client.get("/publications/").content.decode()
    assert f"rft.jtitle={quote_plus(journal)}" in listed.replace("&amp;", "&")
    ris = client.get(f"{paper.get_absolute_url()}export.ris").content.decode()
    csl = client.get(f"{paper.get_absolute_url()}export.json").json()
    assert f"T2  - {journal}\r\n" in ris and csl[0]["container-title"] == journal


def test_an_uploaded_pdf_is_given_as_an_absolute_url(client, paper):
    Link.objects.filter(paper=paper).delete()
    Link.objects.create(paper=paper, kind="pdf", file="papers/non-idle.pdf")
    html = client.get(URL).content.decode()
    assert meta(html, "citation_pdf_url") == ["http://testserver/media/papers/non-idle.pdf"]


def test_canonical_url_and_open_graph(client, paper):
    html = client.get(URL).content.decode()
    assert link_href(html, "canonical") == f"http://testserver{URL}"
    assert meta(html, "og:type") == ["article"]
    assert meta(html, "og:title") == [paper.title]
    assert meta(html, "og:url") == [f"http://testserver{URL}"]
    assert meta(html, "og:description") == ["We place workers on non-idle machines."]


def test_the_chinese_page_is_its_own_canonical_and_names_the_english_one(client):
    html = client.get(f"/zh-hans{URL}").content.decode()
    assert link_href(html, "canonical") == f"http://testserver/zh-hans{URL}"
    assert f'hreflang="en" href="http://testserver{URL}"' in html


def test_schema_org_scholarly_article(client, paper):
    data = json_ld(client.get(URL).content.decode())
    assert data["@type"] == "ScholarlyArticle"
    assert data["headline"] == paper.title
    assert [a["name"] for a in data["author"]][:2] == ["Jin Fang", "Gongming Zhao"]
    assert data["author"][0]["url"] == "http://testserver/people/jin-fang/"
    assert data["datePublished"] == "2024-10"
    assert data["isPartOf"]["name"] == "IEEE International Conference on Network Protocols"
    assert data["sameAs"] == "https://doi.org/10.1109/ICNP61940.2024.10858510"
    assert data["abstract"] == "We place workers on non-idle machines."
    assert data["keywords"] == ["GPU clusters"]


def test_every_field_and_the_abstract_are_shown(client, paper):
    html = client.get(URL).content.decode()
    shown = (
        "Conference paper",
        "Published",
        "ICNP",
        "2024-10",
        "32",
        "1--12",
        "IEEE",
        "10.1109/ICNP61940.2024.10858510",
        "We place workers on non-idle machines.",
        "GPU clusters",
        "USTC Intelligent Network and System Group",
    )
    assert [text for text in shown if text not in html] == []


def test_authors_link_to_their_pages_with_affiliations(client, paper):
    html = client.get(URL).content.decode()
    assert '<a href="/people/jin-fang/" class="member">Jin Fang</a>' in html
    assert '<span class="affiliation">University of Science and Technology of China</span>' in html
    assert '<abbr title="Corresponding author">✉</abbr>' in html


def test_an_author_shows_the_name_the_paper_prints(client):
    Person.objects.filter(slug="jin-fang").update(given_name="Jin", family_name="FANG")
    Authorship.objects.filter(paper__slug=NON_IDLE, position=1).update(printed_name="J. Fang")
    html = client.get(URL).content.decode()
    assert '<a href="/people/jin-fang/" class="member">J. Fang</a>' in html


def test_a_conference_paper_an_import_left_without_a_venue_has_its_page(client, tmp_path):
    path = tmp_path / "unknown.bib"
    path.write_text(
        "@inproceedings{unknown2024, title={Papers at Unknown Places}, author={Jin Fang},\n"
        "  booktitle={Workshop on Unknown Things}, year=2024}\n",
        encoding="utf-8",
    )
    call_command("import_bibtex", str(path), stdout=StringIO())
    paper = Paper.objects.get(title="Papers at Unknown Places")
    assert (paper.kind, paper.venue) == ("conference", None)
    html = client.get(paper.get_absolute_url()).content.decode()
    assert meta(html, "citation_conference_title") == ["Workshop on Unknown Things"]
    assert "Workshop on Unknown Things" in html


def test_a_conference_paper_without_venue_or_booktitle_has_its_page(client):
    paper = Paper.objects.get(slug=NON_IDLE)
    Paper.objects.filter(pk=paper.pk).update(venue=None, container_title="")
    response = client.get(URL)
    assert response.status_code == 200
    assert meta(response.content.decode(), "citation_conference_title") == []
