"""Exports of the public lists: any list URL + export.bib / .ris / .json / .txt / .html, and
CV lists (cv.md, cv.tex, cv.txt). The list's filters apply, as on its page; a format's own
options (BibTeX's key pattern and flags, the citation style) are the fields of its query form,
bounded there, and checked with the filters before the view runs (``cached_page``)."""

from __future__ import annotations

import itertools
from dataclasses import asdict
from typing import Any
from urllib.parse import urljoin

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db.models import QuerySet
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    QueryDict,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404
from django.shortcuts import render as django_render
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_tasks import task

from people.models import Group
from pubs.export import citations, cv
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, BibtexOptions, check_key_pattern
from pubs.models import Venue
from pubs.queries import selectors
from pubs.queries.exporting import CONTENT_TYPES, export_papers, render
from pubs.services import export_files
from pubs.web.cache import cached_page
from pubs.web.filters import FilterQuery, PaperFilter
from pubs.web.query import FlagField

#: What ``export.<format>`` may be: BibTeX, RIS, CSL-JSON, formatted citations.
EXPORT_FORMATS = ("bib", "ris", "json", "txt", "html")
#: A writer's file extension where it is not its format's name (a CV's is its style's).
FILE_EXTENSIONS = {"json": "csl.json", **{f"cv.{style}": style for style in cv.STYLES}}


def _key_pattern(pattern: str) -> None:
    try:
        check_key_pattern(pattern)
    except ValueError as exc:
        raise ValidationError(str(exc), code="invalid") from exc


class ExportQuery(FilterQuery):
    """An export without options of its own (RIS, CSL-JSON, CV lists): the list's filters."""

    plain_errors = True

    def options(self) -> dict[str, Any]:
        """The writer's options the query string gives."""
        return {}


class BibtexQuery(ExportQuery):
    """export.bib: the list's filters, the citation key pattern (``keys``), UTF-8 rather than
    LaTeX (``utf8``), the al-folio fields (``extras``), abstracts (``abstract``)."""

    keys = forms.CharField(validators=[_key_pattern], initial=DEFAULT_KEY_PATTERN)
    utf8 = FlagField(initial=False)
    extras = FlagField(initial=False)
    abstract = FlagField(initial=True)

    def options(self) -> dict[str, Any]:
        """The writer's options (``BibtexOptions``)."""
        values = self.values()
        options = BibtexOptions(
            key_pattern=values["keys"],
            latex=not values["utf8"],
            extras=values["extras"],
            abstract=values["abstract"],
        )
        return asdict(options)


class CitationQuery(ExportQuery):
    """export.txt and export.html: the list's filters and the citation style (``style``)."""

    style = forms.ChoiceField(
        choices=[(style, style) for style in citations.STYLES],
        initial=citations.DEFAULT_STYLE,
        error_messages={
            "invalid_choice": format_lazy(
                _("Unknown citation style %(value)s; the styles are {}."),
                ", ".join(citations.STYLES),
            )
        },
    )

    def options(self) -> dict[str, Any]:
        return {"style": self.values()["style"]}


class HtmlCitationQuery(CitationQuery):
    """export.html: the citations as a page of the site, or (``fragment``) as the bare
    ``csl-bib-body`` a lab pastes into its own pages."""

    fragment = FlagField(initial=False)


_QUERIES: dict[str, type[ExportQuery]] = {
    "bib": BibtexQuery,
    "txt": CitationQuery,
    "html": HtmlCitationQuery,
}


def export_query(data: QueryDict, *, fmt: str = "", **url_kwargs: Any) -> ExportQuery:
    """The query form of ``export.<fmt>``: the parameters that format reads."""
    return _QUERIES.get(fmt, ExportQuery)(data)


#: Lists of more papers than this are exported off the request, by a job of the worker, into
#: a file kept by its content (pubs.services.export_files), which the same URL then serves:
#: no export keeps a web worker busy up to its timeout (a formatted list of 100,000 papers
#: takes tens of seconds). Smaller lists are written on the request.
EXPORT_JOB_THRESHOLD = 5_000
#: How long the page that says an export is being written asks to wait before asking again.
RETRY_AFTER_SECONDS = 5
#: Where the bibliography goes in the page of a list's citations served from a file.
_BIBLIOGRAPHY = "\x00bibliography\x00"


def list_papers(list_name: str, slug: str = "") -> tuple[QuerySet, str, str]:
    """The papers of the list whose export URL is named ``list_name`` ("export",
    "person-export", "group-export", "venue-export", "paper-export"), with the file name and
    the title of its export. Raises Http404 for a person, group or venue that is not there."""
    if list_name == "export":
        return selectors.public_papers(), "publications", _("Publications")
    if list_name == "paper-export":
        papers = selectors.public_versions().filter(slug=slug)
        if not papers.exists():
            raise Http404("No such paper.")
        return papers, slug, _("Publication")
    if list_name == "person-export":
        found = get_object_or_404(selectors.public_people(), slug=slug)
        return selectors.person_papers(found), slug, found.name
    if list_name == "group-export":
        found = get_object_or_404(Group, slug=slug)
        return selectors.group_papers(found), slug, found.name
    if list_name == "venue-export":
        found = get_object_or_404(Venue, slug=slug)
        return selectors.venue_papers(found), slug, found.name
    raise Http404(f"No list {list_name}.")


def _respond(
    request: HttpRequest, papers: QuerySet, fmt: str, name: str, options: dict[str, Any]
) -> HttpResponse:
    """``papers``, filtered as the (checked) query string says, written as ``fmt``."""
    filtered = PaperFilter(request.GET, queryset=papers).qs
    exported = export_papers(filtered, absolute_url=request.build_absolute_uri)
    content, content_type = render(exported, fmt, **options)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{_file_name(name, fmt)}"'
    return response


def _file_name(name: str, fmt: str) -> str:
    return f"{name}.{FILE_EXTENSIONS.get(fmt, fmt)}"


def _export(request: HttpRequest, list_name: str, fmt: str, slug: str = "") -> HttpResponseBase:
    papers, name, title = list_papers(list_name, slug)
    if fmt not in EXPORT_FORMATS:
        raise Http404(f"No export as {fmt}.")
    query = export_query(request.GET, fmt=fmt)
    options = query.options()
    page = fmt == "html" and not query.values()["fragment"]
    if list_name != "paper-export":
        total = PaperFilter(request.GET, queryset=papers).qs.count()
        if total > EXPORT_JOB_THRESHOLD:
            where = (list_name, slug, name, title)
            return _large_export(request, where, fmt, total, page=page)
    response = _respond(request, papers, fmt, name, options)
    if page:
        return _citation_page(request, response, style=options["style"], title=title)
    return response


def _large_export(
    request: HttpRequest, where: tuple[str, str, str, str], fmt: str, total: int, *, page: bool
) -> HttpResponseBase:
    """A large list's export (``where``: its list's URL name and slug, its file name and
    title): served from its file when written, else asked of the worker (once) and
    answered with a page saying so (202, ``Retry-After``)."""
    list_name, slug, name, title = where
    query = request.GET.urlencode()
    base = request.build_absolute_uri("/")
    key = export_files.export_key(request.path, query, get_language(), base)
    stored = export_files.export_stored(key)
    if stored is not None:
        return _served(request, stored, fmt, name, page=page, title=title)
    if not export_files.export_pending(key):
        export_files.export_mark_pending(key)
        export_prepare.enqueue(
            key=key, list_name=list_name, slug=slug, fmt=fmt, query=query,
            language=get_language(), base=base,
        )  # fmt: skip
    context = {"total": total, "title": title, "url": request.get_full_path()}
    response = django_render(request, "pubs/export_pending.html", context, status=202)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _served(
    request: HttpRequest, stored: str, fmt: str, name: str, *, page: bool, title: str
) -> HttpResponseBase:
    """A written export from its file: as it is, or (the citations as a page) inside the
    page of the site, streamed."""
    file = default_storage.open(stored, "rb")
    if not page:
        response = FileResponse(file, content_type=CONTENT_TYPES[fmt])
        response["Content-Disposition"] = f'inline; filename="{_file_name(name, fmt)}"'
        return response
    style = export_query(request.GET, fmt=fmt).options()["style"]
    context = {
        "bibliography": mark_safe(_BIBLIOGRAPHY),
        "style_label": citations.STYLE_LABELS[style],
        "title": title,
    }
    head, tail = render_to_string("pubs/citation_list.html", context, request).split(_BIBLIOGRAPHY)
    chunks = itertools.chain(
        [head.encode()], iter(lambda: file.read(1 << 16), b""), [tail.encode()]
    )
    response = StreamingHttpResponse(chunks, content_type=CONTENT_TYPES["html"])
    response["Content-Disposition"] = f'inline; filename="{_file_name(name, fmt)}"'
    return response


def _citation_page(
    request: HttpRequest, fragment: HttpResponse, *, style: str, title: str
) -> HttpResponse:
    """The citations of a list as a page in the site's look, saying their style."""
    page = TemplateResponse(
        request,
        "pubs/citation_list.html",
        {
            # The bibliography is HTML the citation writer escaped (pubs.export.styles).
            "bibliography": mark_safe(fragment.content.decode()),
            "style_label": citations.STYLE_LABELS[style],
            "title": title,
        },
    )
    page["Content-Disposition"] = fragment["Content-Disposition"]
    return page


@task()
def export_prepare(
    *, key: str, list_name: str, slug: str, fmt: str, query: str, language: str, base: str
) -> str:
    """Write the export of a large list into its file (export_files), as the request for
    it would have written it: the same list, filters, options, language and site address.
    Returns the file's storage name."""
    data = QueryDict(query)
    papers, _, _ = list_papers(list_name, slug)
    options = export_query(data, fmt=fmt).options()
    filtered = PaperFilter(data, queryset=papers).qs
    with translation.override(language):
        exported = export_papers(filtered, absolute_url=lambda url: urljoin(base, url))
        content, _ = render(exported, fmt, **options)
    return export_files.export_write(key, content)


def _cv(
    request: HttpRequest, papers: QuerySet, style: str, name: str, person: str = ""
) -> HttpResponse:
    if style not in cv.STYLES:
        raise Http404(f"No CV as {style}.")
    return _respond(request, papers, f"cv.{style}", f"{name}-cv", {"person": person})


@cached_page(export_query)
def all_papers(request: HttpRequest, fmt: str) -> HttpResponseBase:
    return _export(request, "export", fmt)


@cached_page(export_query)
def paper(request: HttpRequest, slug: str, fmt: str) -> HttpResponseBase:
    return _export(request, "paper-export", fmt, slug)


@cached_page(export_query)
def person(request: HttpRequest, slug: str, fmt: str) -> HttpResponseBase:
    return _export(request, "person-export", fmt, slug)


@cached_page(export_query)
def group(request: HttpRequest, slug: str, fmt: str) -> HttpResponseBase:
    return _export(request, "group-export", fmt, slug)


@cached_page(export_query)
def venue(request: HttpRequest, slug: str, fmt: str) -> HttpResponseBase:
    return _export(request, "venue-export", fmt, slug)


@cached_page(ExportQuery)
def person_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _cv(request, selectors.person_papers(found), style, slug, person=found.slug)


@cached_page(ExportQuery)
def group_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(Group, slug=slug)
    return _cv(request, selectors.group_papers(found), style, slug)
