"""The sitemap (/sitemap.xml) and robots.txt: what search engines may index.

Every list comes from ``pubs.queries.selectors``, the read path of the public pages, so the sitemap
names exactly the papers, people, groups and venues the public can open, in each language.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps.views import sitemap
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from people.models import Group, Person
from pubs.models import Paper, Venue
from pubs.queries import selectors
from pubs.web.cache import cached_page
from pubs.web.query import SitemapQuery


class _PublicSitemap(Sitemap):
    """Each page in every language, with links between the language versions."""

    i18n = True
    alternates = True
    x_default = True

    def location(self, item: Model) -> str:
        return item.get_absolute_url()


class IndexSitemap(_PublicSitemap):
    """The home page and the indexes of publications, people and venues."""

    priority = 0.8

    def items(self) -> list[str]:
        return ["pubs:home", "pubs:paper-list", "pubs:person-list", "pubs:venue-list"]

    def location(self, item: str) -> str:
        return reverse(item)


class PaperSitemap(_PublicSitemap):
    def items(self) -> QuerySet[Paper]:
        papers = selectors.public_papers().prefetch_related(None).select_related(None)
        return papers.only("slug", "modified")

    def lastmod(self, item: Paper) -> datetime:
        return item.modified


class PersonSitemap(_PublicSitemap):
    def items(self) -> QuerySet[Person]:
        return selectors.public_people().only("slug", "modified").order_by("slug")

    def lastmod(self, item: Person) -> datetime:
        return item.modified


class GroupSitemap(_PublicSitemap):
    def items(self) -> QuerySet[Group]:
        return selectors.groups().only("slug")


class VenueSitemap(_PublicSitemap):
    """Venues with public papers (the whole CCF catalogue is no news to a search engine)."""

    def items(self) -> QuerySet[Venue]:
        return selectors.venues("name", with_papers_only=True).only("slug")


SITEMAPS = {
    "pages": IndexSitemap,
    "papers": PaperSitemap,
    "people": PersonSitemap,
    "groups": GroupSitemap,
    "venues": VenueSitemap,
}


@require_safe
@cached_page(SitemapQuery)
def sitemap_xml(request: HttpRequest) -> HttpResponse:
    return sitemap(request, sitemaps=SITEMAPS)


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Everything public may be crawled; the admin may not."""
    lines = [
        "User-agent: *",
        "Disallow: /admin/",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
