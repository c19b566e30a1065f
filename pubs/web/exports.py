"""Exports of the public lists: any list URL + export.bib / .ris / .json / .txt / .html, and
CV lists (cv.md, cv.tex, cv.txt). The list's filters apply, as on its page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404

from people.models import Group
from pubs.export import citations, cv
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, BibtexOptions
from pubs.models import Venue
from pubs.queries import selectors
from pubs.queries.exporting import export_papers, render
from pubs.web.cache import cached_page
from pubs.web.filters import PaperFilter

#: What ``export.<format>`` may be: BibTeX, RIS, CSL-JSON, formatted citations.
EXPORT_FORMATS = ("bib", "ris", "json", "txt", "html")
FILE_EXTENSIONS = {"json": "csl.json"}


class BadOptions(ValueError):
    """A query string the export cannot honour; the message says why."""


def _flag(query: QueryDict, name: str, default: bool) -> bool:
    value = query.get(name)
    if value is None or value == "":
        return default
    return value.lower() not in ("0", "false", "no", "off")


def export_options(fmt: str, query: QueryDict) -> dict:
    """The writer's options from the query string: for BibTeX ``keys`` (a citation key
    pattern), ``utf8``, ``extras`` (al-folio fields), ``abstract``; ``style`` for citations."""
    if fmt == "bib":
        try:
            options = BibtexOptions(
                key_pattern=query.get("keys") or DEFAULT_KEY_PATTERN,
                latex=not _flag(query, "utf8", False),
                extras=_flag(query, "extras", False),
                abstract=_flag(query, "abstract", True),
            )
        except ValueError as exc:
            raise BadOptions(str(exc)) from exc
        return asdict(options)
    if fmt in ("txt", "html"):
        style = query.get("style") or citations.DEFAULT_STYLE
        if style not in citations.STYLES:
            known = ", ".join(citations.STYLES)
            raise BadOptions(f"unknown citation style {style!r}; known: {known}")
        return {"style": style}
    return {}


def _filtered(request: HttpRequest, papers: QuerySet) -> QuerySet:
    filterset = PaperFilter(request.GET or None, queryset=papers)
    if not filterset.is_bound:
        return papers
    if not filterset.is_valid():
        problems = "; ".join(
            f"{name}: {' '.join(errors)}" for name, errors in filterset.errors.items()
        )
        raise BadOptions(problems)
    return filterset.qs


def _respond(
    request: HttpRequest, papers: QuerySet, fmt: str, name: str, options: Callable[[], dict]
) -> HttpResponse:
    """``papers``, filtered as the query string says, written as ``fmt``; a 400 naming the
    problem when the query string is wrong."""
    try:
        written = options()
        exported = export_papers(
            _filtered(request, papers), absolute_url=request.build_absolute_uri
        )
    except BadOptions as exc:
        return HttpResponse(f"{exc}\n", status=400, content_type="text/plain; charset=utf-8")
    content, content_type = render(exported, fmt, **written)
    response = HttpResponse(content, content_type=content_type)
    extension = FILE_EXTENSIONS.get(fmt, fmt)
    response["Content-Disposition"] = f'inline; filename="{name}.{extension}"'
    return response


def _export(request: HttpRequest, papers: QuerySet, fmt: str, name: str) -> HttpResponse:
    if fmt not in EXPORT_FORMATS:
        raise Http404(f"No export as {fmt}.")
    return _respond(request, papers, fmt, name, lambda: export_options(fmt, request.GET))


def _cv(
    request: HttpRequest, papers: QuerySet, style: str, name: str, person: str = ""
) -> HttpResponse:
    if style not in cv.STYLES:
        raise Http404(f"No CV as {style}.")
    return _respond(request, papers, f"cv.{style}", f"{name}-cv", lambda: {"person": person})


@cached_page
def all_papers(request: HttpRequest, fmt: str) -> HttpResponse:
    return _export(request, selectors.public_papers(), fmt, "publications")


@cached_page
def paper(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    papers = selectors.public_papers().filter(slug=slug)
    if not papers.exists():
        raise Http404("No such paper.")
    return _export(request, papers, fmt, slug)


@cached_page
def person(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _export(request, selectors.person_papers(found), fmt, slug)


@cached_page
def group(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(Group, slug=slug)
    return _export(request, selectors.group_papers(found), fmt, slug)


@cached_page
def venue(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(Venue, slug=slug)
    return _export(request, selectors.venue_papers(found), fmt, slug)


@cached_page
def person_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _cv(request, selectors.person_papers(found), style, slug, person=found.slug)


@cached_page
def group_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(Group, slug=slug)
    return _cv(request, selectors.group_papers(found), style, slug)
