"""Files for the lab's static sites, a person's or a group's, ready to use (pubs.export.site):

    /people/<slug>/site/papers.bib         al-folio's _bibliography/papers.bib
    /people/<slug>/site/hugo.zip           Hugo Blox's content/publications/<slug>/ folders
    /people/<slug>/site/publications.md    the homepage list (Hexo, plain Markdown)
    /groups/<slug>/site/...                the same for a group

The list's filters apply as on its page (``?rank=A``, ``?year_min=2020``...). Responses are
cached as the pages are, and carry an ETag of their content: a site's scheduled fetch
revalidates with If-None-Match and gets a 304 when nothing changed.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path
from django.views.decorators.http import conditional_page

from people.models import Group
from pubs.export import site
from pubs.queries import selectors
from pubs.queries.exporting import export_papers
from pubs.web.cache import cached_page
from pubs.web.exports import ExportQuery
from pubs.web.filters import PaperFilter

#: File name -> (format, content type).
FILES = {
    "papers.bib": ("alfolio", "application/x-bibtex; charset=utf-8"),
    "hugo.zip": ("hugo", "application/zip"),
    "publications.md": ("markdown", "text/markdown; charset=utf-8"),
}


def _respond(
    request: HttpRequest, papers: QuerySet, name: str, slug: str, person: str = ""
) -> HttpResponse:
    if name not in FILES:
        raise Http404(f"No site file {name}.")
    fmt, content_type = FILES[name]
    filtered = PaperFilter(request.GET, queryset=papers).qs
    exported = export_papers(filtered, absolute_url=request.build_absolute_uri)
    if fmt == "hugo":
        content: str | bytes = site.zipped(site.hugo_files(exported))
        disposition = f'attachment; filename="{slug}-hugo.zip"'
    elif fmt == "alfolio":
        content = site.alfolio_bibliography(exported)
        disposition = 'inline; filename="papers.bib"'
    else:
        content = site.homepage_list(exported, person=person)
        disposition = 'inline; filename="publications.md"'
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = disposition
    return response


@conditional_page
@cached_page(ExportQuery)
def person_file(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """A person's papers as a static site's file; the person in bold in the Markdown list."""
    found = get_object_or_404(selectors.public_people(), slug=slug)
    return _respond(request, selectors.person_papers(found), name, slug, person=found.slug)


@conditional_page
@cached_page(ExportQuery)
def group_file(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """A group's papers as a static site's file."""
    found = get_object_or_404(Group, slug=slug)
    return _respond(request, selectors.group_papers(found), name, slug)


urlpatterns = [
    path("people/<slug:slug>/site/<str:name>", person_file, name="person-site-file"),
    path("groups/<slug:slug>/site/<str:name>", group_file, name="group-site-file"),
]
