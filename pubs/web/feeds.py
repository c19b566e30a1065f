"""The Atom feed of newly added publications (Django's syndication framework)."""

import re

from django.contrib.syndication.views import Feed
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from pubs.models import Paper
from pubs.queries import selectors

FEED_SIZE = 30
#: The control characters XML 1.0 cannot carry (tab and line ends aside): a field that holds
#: one would make the feed fail to render.
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry."""
    return _NOT_XML.sub("", text)


class NewPublicationsFeed(Feed):
    feed_type = Atom1Feed
    title = _("New publications")
    subtitle = _("Publications newly added to the lab's record")
    link = "/publications/"

    def items(self):
        return selectors.newest_papers(FEED_SIZE)

    def item_title(self, item: Paper) -> str:
        return xml_text(item.title)

    def item_description(self, item: Paper) -> str:
        """Authors · venue · year, as HTML (Atom readers render the summary as markup)."""
        authors = ", ".join(a.display_name for a in item.authorships.all())
        venue = item.venue.short_name if item.venue else item.container_title
        summary = " · ".join(part for part in (authors, venue, str(item.year or "")) if part)
        return escape(xml_text(summary))

    def item_pubdate(self, item: Paper):
        return item.created

    def item_updateddate(self, item: Paper):
        return item.modified

    def item_author_name(self, item: Paper) -> str:
        return xml_text(", ".join(a.display_name for a in item.authorships.all()[:3]))
