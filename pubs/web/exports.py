"""Exports of the public lists: any list URL + export.bib / .ris / .json / .txt / .html, and
CV lists (cv.md, cv.tex, cv.txt). The list's filters apply, as on its page; a format's own
options (BibTeX's key pattern and flags, the citation style) are the fields of its query form,
bounded there, and checked with the filters before the view runs (``cached_page``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.safestring import mark_safe
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from people.models import Group
from pubs.export import citations, cv
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, BibtexOptions, check_key_pattern
from pubs.models import Venue
from pubs.queries import selectors
from pubs.queries.exporting import export_papers, render
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


def _respond(
    request: HttpRequest, papers: QuerySet, fmt: str, name: str, options: dict[str, Any]
) -> HttpResponse:
    """``papers``, filtered as the (checked) query string says, written as ``fmt``."""
    filtered = PaperFilter(request.GET, queryset=papers).qs
    exported = export_papers(filtered, absolute_url=request.build_absolute_uri)
    content, content_type = render(exported, fmt, **options)
    response = HttpResponse(content, content_type=content_type)
    extension = FILE_EXTENSIONS.get(fmt, fmt)
    response["Content-Disposition"] = f'inline; filename="{name}.{extension}"'
    return response


def _export(
    request: HttpRequest, papers: QuerySet, fmt: str, name: str, title: str
) -> HttpResponse:
    if fmt not in EXPORT_FORMATS:
        raise Http404(f"No export as {fmt}.")
    query = export_query(request.GET, fmt=fmt)
    options = query.options()
    response = _respond(request, papers, fmt, name, options)
    if fmt == "html" and not query.values()["fragment"]:
        return _citation_page(request, response, style=options["style"], title=title)
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


def _cv(
    request: HttpRequest, papers: QuerySet, style: str, name: str, person: str = ""
) -> HttpResponse:
    if style not in cv.STYLES:
        raise Http404(f"No CV as {style}.")
    return _respond(request, papers, f"cv.{style}", f"{name}-cv", {"person": person})


@cached_page(export_query)
def all_papers(request: HttpRequest, fmt: str) -> HttpResponse:
    return _export(request, selectors.public_papers(), fmt, "publications", _("Publications"))


@cached_page(export_query)
def paper(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    papers = selectors.public_versions().filter(slug=slug)
    if not papers.exists():
        raise Http404("No such paper.")
    return _export(request, papers, fmt, slug, _("Publication"))


@cached_page(export_query)
def person(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _export(request, selectors.person_papers(found), fmt, slug, found.name)


@cached_page(export_query)
def group(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(Group, slug=slug)
    return _export(request, selectors.group_papers(found), fmt, slug, found.name)


@cached_page(export_query)
def venue(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    found = get_object_or_404(Venue, slug=slug)
    return _export(request, selectors.venue_papers(found), fmt, slug, found.name)


@cached_page(ExportQuery)
def person_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _cv(request, selectors.person_papers(found), style, slug, person=found.slug)


@cached_page(ExportQuery)
def group_cv(request: HttpRequest, slug: str, style: str) -> HttpResponse:
    found = get_object_or_404(Group, slug=slug)
    return _cv(request, selectors.group_papers(found), style, slug)
