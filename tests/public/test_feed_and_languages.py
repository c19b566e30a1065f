"""The Atom feed of new publications, and the pages in English and in Chinese."""

from xml.etree import ElementTree

import pytest

from pubs.models import Paper

pytestmark = pytest.mark.usefixtures("demo")

ATOM = "{http://www.w3.org/2005/Atom}"


def feed_entries(client, url: str = "/feeds/publications/") -> list[ElementTree.Element]:
    response = client.get(url)
    assert response["Content-Type"].startswith("application/atom+xml")
    return ElementTree.fromstring(response.content).findall(f"{ATOM}entry")


def test_feed_is_atom_with_the_newest_additions_first(client):
    newest = Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024")
    Paper.objects.filter(pk=newest.pk).update(created="2030-01-01T00:00:00Z")
    entries = feed_entries(client)
    assert entries[0].find(f"{ATOM}title").text == newest.title
    assert entries[0].find(f"{ATOM}link").get("href").endswith(newest.get_absolute_url())
    assert "Jin Fang, Gongming Zhao" in entries[0].find(f"{ATOM}summary").text


def test_feed_leaves_out_hidden_papers(client):
    Paper.objects.filter(title__startswith="GOAT").update(is_public=False)
    titles = [entry.find(f"{ATOM}title").text for entry in feed_entries(client)]
    assert not [t for t in titles if t.startswith("GOAT")]


def test_pages_are_english_at_the_contract_urls(client):
    html = client.get("/publications/").content.decode()
    assert '<html lang="en">' in html
    assert "<h1>Publications</h1>" in html


def test_pages_are_chinese_under_zh_hans(client):
    html = client.get("/zh-hans/publications/").content.decode()
    assert '<html lang="zh-hans">' in html
    assert "<h1>发表论文</h1>" in html


def test_the_language_switch_links_to_the_same_page_in_the_other_language(client):
    html = client.get("/people/jin-fang/?rank=A").content.decode()
    assert 'href="/zh-hans/people/jin-fang/?rank=A"' in html
    html = client.get("/zh-hans/people/jin-fang/?rank=A").content.decode()
    assert 'href="/people/jin-fang/?rank=A"' in html


def test_filters_and_counts_read_in_chinese(client):
    html = client.get("/zh-hans/groups/ustc-int/").content.decode()
    english = ("Members", "Publications", "Search", "CCF rank", "papers since", "not ranked")
    assert [text for text in english if text in html] == []


def test_names_stay_as_the_person_writes_them_in_either_language(client):
    html = client.get("/zh-hans/people/jiarui-fang/").content.decode()
    assert '<span lang="en">Jiarui Fang</span> <span class="native-name">方佳瑞</span>' in html


def test_the_english_and_chinese_pages_are_cached_apart(client):
    assert "<h1>Publications</h1>" in client.get("/publications/").content.decode()
    assert "<h1>发表论文</h1>" in client.get("/zh-hans/publications/").content.decode()
    assert "<h1>Publications</h1>" in client.get("/publications/").content.decode()


def test_feed_gives_one_author_per_person(client):
    newest = Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024")
    Paper.objects.filter(pk=newest.pk).update(created="2030-01-01T00:00:00Z")
    authors = feed_entries(client)[0].findall(f"{ATOM}author")
    assert [author.findtext(f"{ATOM}name") for author in authors] == [
        a.display_name for a in newest.authorships.order_by("position")
    ]


def test_feed_updated_is_when_the_paper_last_changed(client):
    newest = Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024")
    Paper.objects.filter(pk=newest.pk).update(
        created="2030-01-01T00:00:00Z", modified="2031-02-03T04:05:06Z"
    )
    entry = feed_entries(client)[0]
    assert entry.findtext(f"{ATOM}updated") == "2031-02-03T04:05:06+00:00"
    assert entry.findtext(f"{ATOM}published") == "2030-01-01T00:00:00+00:00"
