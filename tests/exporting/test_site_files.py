"""Files for static sites from the demo data: al-folio's papers.bib read back as
jekyll-scholar would, Hugo Blox's publication folders, the seed homepage's Markdown list,
served by URL and written by ``manage.py export_site``."""

import io
import re
import zipfile
from io import StringIO

import bibtexparser
import pytest
import yaml
from django.core.management import CommandError, call_command

from people.models import Group, Person
from pubs.export import site
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.queries import selectors
from pubs.queries.exporting import export_papers
from tests.exporting.test_cv_seed import seed

pytestmark = pytest.mark.usefixtures("catalogue")

#: The fields al-folio's entry template reads (alshedivat/al-folio, _layouts/bib.liquid at
#: commit 0404ed54e30dd2585176011cf8c856e947c5191d) that the demo data fills, and
#: ``selected``, which its publications page queries (``@*[selected=true]*``).
ALFOLIO_FIELDS_FROM_DEMO = {
    "abbr", "title", "author", "annotation", "journal", "booktitle", "year",
    "additional_info", "note", "award", "award_name", "arxiv", "bibtex_show", "pdf",
    "video", "blog", "code", "slides", "selected", "eprint",
}  # fmt: skip
#: The front matter Hugo Blox's publication page reads (HugoBlox/hugo-blox-builder,
#: modules/blox/layouts/single.html, its partials views/citation.html,
#: page_metadata_authors.html and functions/build_links.html, and the link types of
#: modules/blox/data/link_types.yaml, at commit a139f7428985d5a864f38ae3a6e3717c766d0e17).
HUGO_REQUIRED = {"title", "authors", "publication_types", "featured"}
HUGO_KNOWN = HUGO_REQUIRED | {
    "date", "publication", "publication_short", "abstract", "tags", "author_notes",
    "hugoblox", "links",
}  # fmt: skip
HUGO_LINK_TYPES = {"pdf", "preprint", "doi", "code", "dataset", "slides", "video", "poster",
                   "project", "site", "source"}  # fmt: skip
HUGO_CSL_TYPES = {"paper-conference", "article-journal", "article", "patent", "thesis",
                  "report", "book", "chapter", "manuscript", "standard"}  # fmt: skip


def demo_papers() -> list[ExportPaper]:
    return export_papers(selectors.public_papers())


def jin_fang() -> list[ExportPaper]:
    return export_papers(selectors.person_papers(Person.objects.get(slug="jin-fang")))


# -- al-folio ----------------------------------------------------------------------------------


def test_alfolio_bib_parses_back_with_the_fields_al_folio_reads():
    text = site.alfolio_bibliography(demo_papers())
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    assert len(library.entries) == selectors.public_papers().count()
    fields = {field.key for entry in library.entries for field in entry.fields}
    assert ALFOLIO_FIELDS_FROM_DEMO - fields == set()
    assert all(entry["bibtex_show"] == "true" for entry in library.entries)


def test_alfolio_bib_starts_with_the_front_matter_jekyll_reads():
    assert site.alfolio_bibliography(jin_fang()).startswith("---\n---\n\n@")


def test_alfolio_fields_from_a_papers_links_award_and_selection():
    entries = {
        e.key: e
        for e in bibtexparser.parse_string(site.alfolio_bibliography(demo_papers())).entries
    }
    titan = entries["fang2024nonidle"]
    assert titan["abbr"] == "ICNP" and titan["additional_info"] == ", CCF B"
    assert titan["pdf"] == "https://www.fangjin.site/pdf/titan.pdf"
    assert titan["slides"] == "https://www.fangjin.site/pdf/titan-slide.pdf"
    spotserve = next(e for e in entries.values() if "award" in e)
    assert spotserve["award"] == spotserve["award_name"] == "Distinguished Artifact Award"
    selected = [key for key, e in entries.items() if "selected" in e and e["selected"] == "true"]
    assert len(selected) == selectors.public_papers().filter(selected=True).count() > 0


def test_alfolio_fields_from_a_papers_doi_abstract_and_page():
    paper = ExportPaper(
        title="A Title", kind="journal", year=2024, container_title="Journal",
        doi="10.1000/xyz", url="https://example.org/paper", abstract="What it does.",
        arxiv_id="2401.00001", authors=(ExportAuthor("A. One", equal=True),),
    )  # fmt: skip
    (entry,) = bibtexparser.parse_string(site.alfolio_bibliography([paper])).entries
    assert entry["doi"] == "10.1000/xyz" and entry["html"] == "https://example.org/paper"
    assert entry["abstract"] == "What it does." and entry["arxiv"] == "2401.00001"
    assert entry["altmetric"] == entry["dimensions"] == "true"
    assert entry["annotation"] == site.EQUAL_CONTRIBUTION


# -- Hugo Blox ---------------------------------------------------------------------------------


def front_matter(text: str) -> dict:
    match = re.match(r"---\n(.*?\n)---\n", text, re.DOTALL)
    assert match, text[:200]
    return yaml.safe_load(match.group(1))


def test_hugo_front_matter_has_what_hugo_blox_reads():
    files = site.hugo_files(demo_papers())
    indexes = {
        path: front_matter(text) for path, text in files.items() if path.endswith("index.md")
    }
    assert len(indexes) == selectors.public_papers().count()
    assert [p for p, m in indexes.items() if HUGO_REQUIRED - set(m) or set(m) - HUGO_KNOWN] == []
    assert {m["publication_types"][0] for m in indexes.values()} <= HUGO_CSL_TYPES
    link_types = {
        link["type"] for m in indexes.values() for link in m.get("links", []) if "type" in link
    }
    assert link_types and link_types <= HUGO_LINK_TYPES
    assert all(isinstance(author, str) for m in indexes.values() for author in m["authors"])


def test_hugo_folder_of_a_paper():
    files = site.hugo_files(jin_fang())
    folder = "content/publications/non-idle-machine-aware-worker-placement-for-2024"
    matter = front_matter(files[f"{folder}/index.md"])
    assert matter["title"].startswith("Non-Idle Machine-Aware Worker Placement")
    assert matter["authors"][:3] == ["Jin Fang", "Gongming Zhao", "Hongli Xu"]
    assert matter["date"] == "2024-01-01T00:00:00Z"
    assert matter["publication_types"] == ["paper-conference"]
    assert matter["publication"] == "*IEEE International Conference on Network Protocols*"
    assert matter["publication_short"] == "ICNP'24"
    assert matter["links"][0] == {"type": "pdf", "url": "https://www.fangjin.site/pdf/titan.pdf"}
    library = bibtexparser.parse_string(files[f"{folder}/cite.bib"])
    assert [entry.key for entry in library.entries] == ["fang2024nonidle"]


def test_hugo_identifiers_and_equal_contribution():
    paper = ExportPaper(
        title="T", kind="preprint", year=2024, arxiv_id="2401.00001", doi="10.1/x",
        authors=(ExportAuthor("A. One", equal=True), ExportAuthor("B. Two")),
    )  # fmt: skip
    matter = front_matter(site.hugo_index(paper))
    assert matter["hugoblox"] == {"ids": {"doi": "10.1/x", "arxiv": "2401.00001"}}
    assert matter["author_notes"] == ["Equal contribution", ""]


def test_hugo_zip_is_the_same_bytes_for_the_same_papers():
    files = site.hugo_files(jin_fang())
    archive = site.zipped(files)
    assert archive == site.zipped(site.hugo_files(jin_fang()))
    assert zipfile.ZipFile(io.BytesIO(archive)).namelist() == list(files)


# -- Markdown ----------------------------------------------------------------------------------


def homepage_section(text: str, heading: str) -> list[str]:
    """The entries of a section of the seed homepage, each a list of its lines."""
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [
        [line.strip() for line in item.strip().splitlines()]
        for item in re.split(r"\n(?=- )", section.strip())
    ]


def test_markdown_list_in_the_seed_homepages_style():
    """Jin Fang's homepage (seed 002): each of its six papers is an entry of ours, with the
    same title line, the same author line and the venue's short name and year."""
    ours = {
        entry[0]: entry
        for entry in homepage_section(
            site.homepage_list(jin_fang(), person="jin-fang"), "Publications"
        )
    }
    theirs = homepage_section(seed("002"), "Publications")
    assert len(theirs) == 6
    for title, authors, venue, _links in theirs:
        entry = ours[title]
        assert entry[1] == authors
        assert re.search(r"\(\*\*\w+\*\*\), \d{4}$", venue).group() in entry[2]


def test_markdown_patents_in_the_seed_homepages_style():
    ours = homepage_section(site.homepage_list(jin_fang(), person="jin-fang"), "Patents")
    theirs = homepage_section(seed("002"), "Patents")
    assert sorted(ours) == sorted(theirs)


def test_markdown_links_in_the_seed_homepages_order_and_names():
    text = site.homepage_list(jin_fang(), person="jin-fang")
    assert (
        "  [[pdf](https://www.fangjin.site/pdf/goat.pdf)] "
        "[[slide](https://www.fangjin.site/pdf/goat-slide.pdf)] "
        "[[video](https://youtu.be/aYkok2JVDqk)] [[blog](https://www.fangjin.site/2022/12/02/goat/)]"
    ) in text.splitlines()


def test_markdown_keeps_hostile_text_as_text():
    paper = ExportPaper(
        title="*Bold* [x](javascript:alert(1)) <script>", kind="conference", year=2024,
        authors=(ExportAuthor("A_B"),), all_links=(("pdf", "https://e.org/a b(1).pdf", ""),),
    )  # fmt: skip
    text = site.homepage_entry(paper)
    assert r"- *\*Bold\* \[x\](javascript:alert(1)) \<script\>*" in text
    assert r"A\_B" in text and "[[pdf](https://e.org/a%20b%281%29.pdf)]" in text


# -- URLs --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("papers.bib", "application/x-bibtex; charset=utf-8"),
        ("hugo.zip", "application/zip"),
        ("publications.md", "text/markdown; charset=utf-8"),
    ],
)
@pytest.mark.parametrize("owner", ["people/jin-fang", "groups/ustc-int"])
def test_site_file_urls(client, owner, name, content_type):
    response = client.get(f"/{owner}/site/{name}")
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response.content


def test_a_site_file_url_applies_the_lists_filters(client):
    every = client.get("/people/jin-fang/site/papers.bib").content.decode()
    rank_a = client.get("/people/jin-fang/site/papers.bib?rank=A").content.decode()
    assert 0 < rank_a.count("\n@") < every.count("\n@")


def test_a_site_file_revalidates_with_its_etag(client):
    first = client.get("/groups/ustc-int/site/hugo.zip")
    again = client.get("/groups/ustc-int/site/hugo.zip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_hugo_zip_holds_every_papers_folder(client):
    archive = zipfile.ZipFile(io.BytesIO(client.get("/people/jin-fang/site/hugo.zip").content))
    assert len([n for n in archive.namelist() if n.endswith("/index.md")]) == 10


@pytest.mark.parametrize(
    "url",
    [
        "/people/jin-fang/site/papers.txt",
        "/people/nobody/site/papers.bib",
        "/groups/nolab/site/hugo.zip",
    ],
)
def test_an_unknown_site_file_or_owner_is_not_found(client, url):
    assert client.get(url).status_code == 404


def test_a_bad_filter_is_a_400(client):
    assert client.get("/people/jin-fang/site/papers.bib?rank=Z").status_code == 400


# -- the command -------------------------------------------------------------------------------


def run(*args: str) -> str:
    err = StringIO()
    call_command("export_site", *args, stdout=StringIO(), stderr=err)
    return err.getvalue()


def test_the_command_writes_al_folios_bibliography(tmp_path):
    run("--person", "jin-fang", "--format", "alfolio", "--out", str(tmp_path))
    text = (tmp_path / "_bibliography" / "papers.bib").read_text(encoding="utf-8")
    assert len(bibtexparser.parse_string(text).entries) == 10


def test_the_command_writes_hugo_blox_folders(tmp_path):
    message = run("--group", "ustc-int", "--format", "hugo", "--out", str(tmp_path))
    folders = sorted((tmp_path / "content" / "publications").iterdir())
    group = Group.objects.get(slug="ustc-int")
    assert len(folders) == selectors.group_papers(group).count() == 10
    assert all((f / "index.md").is_file() and (f / "cite.bib").is_file() for f in folders)
    assert "Wrote 20 files for 10 papers" in message


def test_the_command_writes_the_markdown_lists(tmp_path):
    run("--person", "jin-fang", "--format", "markdown", "--out", str(tmp_path))
    assert (tmp_path / "publications.md").read_text(encoding="utf-8").startswith("## Publications")
    assert (tmp_path / "cv.md").read_text(encoding="utf-8").startswith("1. ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--person", "nobody"), "--person 'nobody': no person with this slug"),
        (("--group", "nolab"), "--group 'nolab': no group with this slug"),
    ],
)
def test_the_command_refuses_an_unknown_owner(tmp_path, args, message):
    with pytest.raises(CommandError, match=message):
        run(*args, "--format", "hugo", "--out", str(tmp_path))


HOSTILE = "---\ntitle: x\n--- {Oops} \\end @misc{x, 'quote' \"dq\" # [a](b) <b>x</b>"


def test_a_hostile_title_stays_one_value_in_every_file():
    paper = ExportPaper(
        title=HOSTILE, kind="conference", year=2024, container_title=HOSTILE,
        abstract=HOSTILE, authors=(ExportAuthor(HOSTILE),),
    )  # fmt: skip
    matter = front_matter(site.hugo_index(paper))
    assert matter["title"] == " ".join(HOSTILE.split())
    assert matter["authors"] == [" ".join(HOSTILE.split())]
    library = bibtexparser.parse_string(site.alfolio_bibliography([paper]))
    assert library.failed_blocks == [] and len(library.entries) == 1
    assert site.homepage_entry(paper).count("\n- ") == 0


@pytest.mark.parametrize(
    ("fields", "line"),
    [
        (
            {"status": "accepted"},
            "IEEE International Conference on Network Protocols (**ICNP**), 2025, to appear",
        ),
        ({"status": "under_review"}, "Under Review, 2025"),
        (
            {
                "kind": "thesis",
                "thesis_type": "phd",
                "institution": "USTC",
                "venue_abbreviation": "",
            },
            "PhD thesis, USTC, 2025",
        ),
    ],
)
def test_markdown_venue_line_of_a_paper_not_yet_published_or_a_thesis(fields, line):
    values = {
        "title": "T", "kind": "conference", "year": 2025, "venue_abbreviation": "ICNP",
        "venue_name": "IEEE International Conference on Network Protocols",
        "container_title": "IEEE International Conference on Network Protocols",
    }  # fmt: skip
    paper = ExportPaper(**{**values, **fields})
    assert site.homepage_entry(paper).splitlines()[1] == f"  {line}"
