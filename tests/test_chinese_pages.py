"""No English left on the Chinese pages: every admin page a lab uses, opened by the demo's
admin, group editor and member, and the public pages, all in Simplified Chinese.

What counts as English: a run of Latin words (two letters or more each) in the visible text
of a page (text, the labels of buttons, placeholders). What does not:

- data: a run found in what the database holds (names, titles, venues, slugs, identifiers,
  usernames, a job's messages) or in the BibTeX file being imported, written as the lab wrote
  it and never translated;
- code and source: the text of ``<pre>``, ``<code>``, ``<script>``, ``<style>``, and of any
  element marked ``translate="no"`` (HTML's own mark for text not to be translated: the
  formatted citations of an export, written by their style's rules);
- the short list of names below, which Chinese pages write in Latin letters too.

On the same pages, Chinese text followed by an ASCII ":" or "," (rather than "：" and "，")
fails too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group as AuthGroup
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import models
from django.test import RequestFactory
from django.urls import NoReverseMatch, reverse

from people.models import Group, Person
from pubs.jobs.refresh import refresh_citations
from pubs.models import BibtexImport, ImportJob, JobStage, Paper, Suggestion
from pubs.permissions import GROUP_EDITOR, MEMBER, roles_install

pytestmark = pytest.mark.usefixtures("catalogue")

#: Names Chinese pages write in Latin letters: formats, standards, identifier schemes, the
#: sources, the citation styles, tools a help text names, keys of the keyboard and the NUL
#: character, and the language switch's own "English".
NAMES = {
    "BibTeX", "RIS", "CSL", "JSON", "CSL-JSON", "HTML", "Markdown", "LaTeX", "PDF", "CSV",
    "Atom", "RSS", "URL", "DOI", "ORCID", "iD", "arXiv", "ISBN", "ISSN", "PMID", "CCF", "DBLP",
    "Crossref", "DataCite", "ArXiv", "OpenAlex", "PubMed", "Open Library", "Google Scholar", "IEEE",
    "ACM", "APA", "Chicago", "GB/T", "GitHub", "Zotero", "al-folio", "LDAP", "SHA-256",
    "Control", "Command", "Mac", "NUL", "English", "API", "JSON-LD", "schema.org", "ID",
}  # fmt: skip

#: A run of Latin words: letters, then letters, digits and the joiners of names and codes.
LATIN_RUN = re.compile(r"[A-Za-z][\w'’.\-/@:]*(?:[ \t]+[A-Za-z][\w'’.\-/@:]*)*", re.ASCII)
#: BibTeX's own words, quoted in help texts: the author list's "and others".
BIBTEX_WORDS = {"and others"}
#: A file name, a domain or a dotted path (paper.pdf, orcid.org, manage.py): code; a run it
#: starts is a command ("manage.py worker"). A web address (an example in a help text) too.
FILE_NAME = re.compile(r"[A-Za-z][\w-]*\.[A-Za-z][\w.]*")
#: A venue's year as the lab's CVs print it: ICNP'24 is the data ICNP.
YEAR_SUFFIX = re.compile(r"['’]\d+$")
#: Elements whose text is code or source, never UI.
SOURCE_ELEMENTS = {"pre", "code", "script", "style", "textarea"}
VOID_ELEMENTS = {"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}

AMBIGUOUS_AND_BROKEN = """@inproceedings{amb2025,
  title = {Who Is J. Fang},
  author = {J. Fang and Ada Lovelace and Gongmin Zhao},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}

@article{broken2025,
  title = {A Paper Without Its Year},
  author = {Hongli Xu},
  journal = {Nowhere Letters},
}
"""

#: The rarer reasons and problems: a name found by its ORCID iD and a namesake with another
#: iD, initials that co-authors decide, a name close to someone's, and the parser's rarer
#: problems (an undefined @string, a field twice, a DOI that is none, an unknown entry type,
#: an entry pasted twice, a relative link).
ORCID = "0000-0002-1825-0097"
OTHER_ORCID = "0000-0001-5109-3700"
RARER_REASONS = f"""@string{{venue = {{Workshop on Odd Things}}}}
@string{{venue = {{Workshop on Odd Things, Again}}}}

@inproceedings{{orcid2025,
  title = {{Known By Their iDs}},
  author = {{Fang, J. and Hongli Xu}},
  author+an:orcid = {{1="{ORCID}"; 2="{OTHER_ORCID}"}},
  booktitle = venue,
  year = {{2025}}
}}

@inproceedings{{coauthors2025,
  title = {{Decided By Co-authors}},
  author = {{J. Fang and Hongli Xu and Gongmin Zhao}},
  booktitle = nowhere,
  year = {{2025}},
  doi = {{10.1000}},
  pdf = {{papers/decided.pdf}}
}}

@misc{{twice2025,
  title = {{A Field Twice}},
  year = {{2025}},
  year = {{2025}}
}}

@weird{{odd2025,
  title = {{An Odd Kind}},
  year = {{2025}}
}}

@weird{{odd2025,
  title = {{An Odd Kind}},
  year = {{2025}}
}}
"""


class VisibleText(HTMLParser):
    """The text a reader sees: text nodes, button labels and placeholders, outside code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = []
        self._hidden: list[str] = []  # open elements whose text is not UI

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        hides = tag in SOURCE_ELEMENTS or values.get("translate") == "no"
        if (hides or self._hidden) and tag not in VOID_ELEMENTS:
            self._hidden.append(tag)  # inside hidden text, every element until it closes
        if hides or self._hidden:
            return
        if tag == "input" and values.get("type") in {"submit", "button", "reset"}:
            self.runs.append(values.get("value") or "")
        if values.get("placeholder"):
            self.runs.append(values["placeholder"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self._hidden and self._hidden[-1] == tag:
            self._hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.runs.append(data)


def database_text() -> str:
    """Every string the database holds, one a line: what the pages show as data."""
    lines: list[str] = []
    for model in apps.get_models():
        fields = [
            f.attname
            for f in model._meta.concrete_fields
            if isinstance(
                f, models.CharField | models.TextField | models.JSONField | models.UUIDField
            )
        ]
        if fields:
            for row in model._default_manager.values_list(*fields):
                lines += [str(value) for value in row if value]
    return "\n".join(lines)


def english_runs(html: str, data: str) -> list[str]:
    """The runs of Latin words of ``html`` that are neither data nor one of the NAMES."""
    parser = VisibleText()
    parser.feed(html)
    found = []
    for text in parser.runs:
        for match in LATIN_RUN.finditer(text):
            run = match.group().rstrip(".:/-'’")  # a value quoted as 'written' ends in '
            words = [YEAR_SUFFIX.sub("", w).strip(".:/-'’") for w in run.split()]
            if len(max(words, key=len)) < 2 or run in NAMES | BIBTEX_WORDS or run in data:
                continue
            if FILE_NAME.fullmatch(words[0]) or run.startswith(("http://", "https://")):
                continue
            if all(_is_data_or_name(word, data) for word in words):
                # Names between data ("J. Fang (jin-fang)") or a format beside a value.
                continue
            found.append(run)
    return found


#: ASCII punctuation after Chinese text: "导出此列表: BibTeX" wants "导出此列表：BibTeX".
ASCII_AFTER_CHINESE = re.compile(r"[\u3400-\u9fff）”][:,]")


def ascii_punctuation(html: str) -> list[str]:
    """The places of ``html``'s visible text where Chinese text ends in ASCII ":" or ","."""
    parser = VisibleText()
    parser.feed(html)
    text = "".join(parser.runs)
    return [text[max(0, m.start() - 8) : m.end() + 8] for m in ASCII_AFTER_CHINESE.finditer(text)]


def _is_data_or_name(word: str, data: str) -> bool:
    if word in NAMES or len(word) < 2 or word in data:
        return True
    parts = re.split(r"[-/]", word)
    return len(parts) > 1 and all(_is_data_or_name(part, data) for part in parts)


# -- the lab: the demo data, its three logins, an import to preview, jobs, suggestions ------


@pytest.fixture
def lab(catalogue, django_user_model) -> dict[str, object]:
    """The demo's logins as ``manage.py demo`` makes them, and the objects whose pages a lab
    sees: an import with an error and an ambiguous name, a job in every state, a suggestion,
    a job of the queue."""
    roles_install()
    group = Group.objects.order_by("pk").first()
    admin_user = django_user_model.objects.create_superuser("admin", "admin@example.org", "x")
    editor = django_user_model.objects.create_user("editor", is_staff=True)
    editor.groups.set([AuthGroup.objects.get(name=GROUP_EDITOR)])
    group.editors.add(editor)
    member = django_user_model.objects.create_user("member", is_staff=True)
    member.groups.set([AuthGroup.objects.get(name=MEMBER)])
    person = Person.objects.filter(memberships__group=group).order_by("pk").first()
    person.user = member
    person.save(update_fields=["user"])
    Person.objects.filter(slug="jin-fang").update(orcid=ORCID)
    Person.objects.filter(slug="hongli-xu").update(orcid="0000-0002-1694-233X")
    paper = Paper.objects.order_by("pk").first()
    Suggestion.objects.create(paper=paper, summary="DOI", source="Crossref", changes={})
    refresh_citations.enqueue()
    for stage in JobStage:
        record = BibtexImport.objects.create(
            file_name=f"{stage.value}.bib", sha256=stage.value.ljust(64, "0"), status="pending"
        )
        ImportJob.objects.create(record=record, stage=stage)
    return {"admin": admin_user, "editor": editor, "member": member}


def zh_client(client, user):
    client.force_login(user)
    client.cookies["django_language"] = "zh-hans"
    return client


def admin_pages(user) -> Iterator[str]:
    """The changelist, add and change page of every model the user may view or add."""
    request = request_with(user)
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        base = f"admin:{opts.app_label}_{opts.model_name}"
        if not model_admin.has_view_or_change_permission(request):
            continue
        yield reverse(f"{base}_changelist")
        if model_admin.has_add_permission(request):
            yield reverse(f"{base}_add")
        first = model_admin.get_queryset(request).order_by("pk").first()
        if first is not None:
            yield reverse(f"{base}_change", args=[first.pk])


def own_pages(user) -> list[str]:
    """The admin's pages of its own: the password change, the upload and the page adding
    papers by identifier, and a person's login and roles page (for who may open them)."""
    person = Person.objects.filter(memberships__group__editors__isnull=False).first()
    urls = [
        reverse("admin:password_change"),
        reverse("admin:people_person_login", args=[person.pk]),
    ]
    if user.has_perm("pubs.add_bibteximport"):
        urls += [
            reverse("admin:pubs_bibteximport_upload"),
            reverse("admin:pubs_bibteximport_identifiers"),
        ]
    return urls


def request_with(user):
    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def job_pages() -> Iterator[str]:
    for job in ImportJob.objects.order_by("pk"):
        try:
            yield reverse("admin:pubs_importjob_progress", args=[job.pk])
        except NoReverseMatch:
            return


def public_pages() -> list[str]:
    person = Person.objects.filter(memberships__isnull=False).order_by("pk").first()
    paper = Paper.objects.filter(is_public=True, venue__isnull=False).order_by("pk").first()
    group = Group.objects.order_by("pk").first()
    venue = paper.venue
    return [
        "/zh-hans/",
        "/zh-hans/publications/",
        f"/zh-hans/publications/{paper.slug}/",
        "/zh-hans/people/",
        f"/zh-hans/people/{person.slug}/",
        f"/zh-hans/groups/{group.slug}/",
        "/zh-hans/venues/",
        f"/zh-hans/venues/{venue.slug}/",
        f"/zh-hans/groups/{group.slug}/export.html?style=gbt7714",
    ]


def english_on(client, urls, data: str, *, follow: bool = True) -> dict[str, list[str]]:
    """URL -> the English runs of its page and its ASCII punctuation after Chinese text
    (403s and, unless followed, redirects left out)."""
    found = {}
    for url in urls:
        response = client.get(url, follow=follow)
        assert response.status_code in (200, 302, 403), url
        if response.status_code == 200 and "html" in response["Content-Type"]:
            html = response.content.decode()
            runs = english_runs(html, data) + ascii_punctuation(html)
            if runs:
                found[url] = sorted(set(runs))
    return found


def as_lines(found: dict[str, list[str]]) -> str:
    return "English left:\n" + "\n".join(f"{url}: {runs}" for url, runs in found.items())


def test_the_text_rule_finds_english_and_leaves_data():
    html = (
        "<p>保存 <a>Jin Fang</a> Save and continue<code>@inproceedings</code></p>"
        '<input type="submit" value="Import"><span translate="no">jin-fang</span>'
    )
    assert english_runs(html, data="Jin Fang") == ["Save and continue", "Import"]


@pytest.mark.parametrize("role", ["admin", "editor", "member"])
def test_the_chinese_admin_pages_have_no_english(client, lab, role):
    zh_client(client, lab[role])
    urls = [reverse("admin:index"), *admin_pages(lab[role]), *own_pages(lab[role])]
    if role != "member":
        urls.append(preview_of(client, AMBIGUOUS_AND_BROKEN))
    data = database_text() + AMBIGUOUS_AND_BROKEN
    assert len(urls) > 10
    found = english_on(client, urls, data)
    if role == "admin":  # the jobs are the admin's imports': a job's page in each state
        found |= english_on(client, job_pages(), data, follow=False)
    assert found == {}, as_lines(found)


def preview_of(client, text: str) -> str:
    group = Group.objects.order_by("pk").first()  # the editor's
    response = client.post(
        reverse("admin:pubs_bibteximport_upload"), {"text": text, "group": group.pk}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def test_the_chinese_import_preview_gives_the_rarer_reasons_in_chinese(client, lab):
    zh_client(client, lab["admin"])
    html = client.get(preview_of(client, RARER_REASONS)).content.decode()
    assert "ORCID iD " + ORCID in html  # the reasons are there, in Chinese
    assert "姓名缩写与 2 人相符" in html and "未定义" in html and "出现了两次" in html
    found = english_runs(html, database_text() + RARER_REASONS) + ascii_punctuation(html)
    assert found == [], as_lines({"preview": found})


def test_the_chinese_public_pages_have_no_english(client, lab):
    client.cookies["django_language"] = "zh-hans"
    urls = public_pages()
    found = english_on(client, urls, database_text())
    assert found == {}, as_lines(found)


def test_the_sidebar_names_login_roles_apart_from_research_groups(client, lab):
    zh_client(client, lab["admin"])
    html = client.get(reverse("admin:index")).content.decode()
    sidebar = re.findall(r'<th scope="row" id="[^"]+">\s*<a href="[^"]*">([^<]+)</a>', html)
    assert "课题组" in sidebar and "角色" in sidebar
    assert sidebar.count("课题组") == 1


def test_the_job_queue_is_named_in_chinese(client, lab):
    zh_client(client, lab["admin"])
    html = client.get(reverse("admin:index")).content.decode()
    assert "后台任务" in html and "Tasks Database Backend" not in html


def test_a_file_that_cannot_be_read_is_refused_in_chinese(client, lab):
    zh_client(client, lab["admin"])
    upload = SimpleUploadedFile("refs.bib", b"@misc{a,\x00title={x}}")
    response = client.post(reverse("admin:pubs_bibteximport_upload"), {"file": upload})
    html = response.content.decode()
    assert response.status_code == 200 and "这不是文本文件（含有 NUL 字节）" in html
    assert english_runs(html, database_text()) == []
