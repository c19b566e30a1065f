"""The Atom feed of newly added publications (Django's syndication framework)."""

from django.contrib.syndication.views import Feed
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from pubs import selectors
from pubs.models import Paper

FEED_SIZE = 30


class NewPublicationsFeed(Feed):
    feed_type = Atom1Feed
    title = _("New publications")
    subtitle = _("Publications newly added to the lab's record")
    link = "/publications/"

    def items(self):
        return selectors.public_papers().order_by("-created", "-pk")[:FEED_SIZE]

    def item_title(self, item: Paper) -> str:
        return item.title

    def item_description(self, item: Paper) -> str:
        """Authors · venue · year, as HTML (Atom readers render the summary as markup)."""
        authors = ", ".join(a.display_name for a in item.authorships.all())
        venue = item.venue.short_name if item.venue else item.container_title
        return escape(" · ".join(part for part in (authors, venue, str(item.year or "")) if part))

    def item_pubdate(self, item: Paper):
        return item.created

    def item_updateddate(self, item: Paper):
        return item.modified

    def item_author_name(self, item: Paper) -> str:
        return ", ".join(a.display_name for a in item.authorships.all()[:3])
