"""The Atom feed of newly added publications (Django's syndication framework)."""

import re

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from people.models import Group, Person
from pubs.models import Paper
from pubs.queries import selectors
from pubs.web import site

FEED_SIZE = 30
#: The control characters XML 1.0 cannot carry (tab and line ends aside): a field that holds
#: one would make the feed fail to render.
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot carry."""
    return _NOT_XML.sub("", text)


class PeopleAtomFeed(Atom1Feed):
    """Atom with one ``<author>`` per person of an entry (Django's feeds give an entry one
    author), from the ``authors`` its feed's ``item_extra_kwargs`` gives."""

    def add_item_elements(self, handler, item) -> None:
        super().add_item_elements(handler, item)
        for name in item.get("authors", ()):
            handler.startElement("author", {})
            handler.addQuickElement("name", name)
            handler.endElement("author")


class NewPublicationsFeed(Feed):
    feed_type = PeopleAtomFeed
    title = _("New publications")
    subtitle = _("Publications newly added to the lab's record")
    link = "/publications/"

    def author_name(self) -> str:
        """The feed's author, for Atom's sake (an entry without authors takes it): the lab."""
        return site.current().name

    def items(self):
        return selectors.newest_papers(FEED_SIZE)

    def item_title(self, item: Paper) -> str:
        return xml_text(item.title)

    def item_description(self, item: Paper) -> str:
        """Authors · venue · year, as HTML (Atom readers render the summary as markup)."""
        authors = ", ".join(a.display_name for a in item.authorships.all())
        if item.more_authors:
            authors = ", ".join(part for part in (authors, str(_("et al."))) if part)
        venue = item.venue.short_name if item.venue else item.container_title
        summary = " · ".join(part for part in (authors, venue, str(item.year or "")) if part)
        return escape(xml_text(summary))

    def item_pubdate(self, item: Paper):
        return item.created

    def item_updateddate(self, item: Paper):
        """When the paper last changed (Atom's ``updated``)."""
        return item.modified

    def item_extra_kwargs(self, item: Paper) -> dict:
        """The paper's authors, one ``<author>`` each (``PeopleAtomFeed``)."""
        return {"authors": [xml_text(a.display_name) for a in item.authorships.all()]}


class PersonFeed(NewPublicationsFeed):
    """The Atom feed of one person's publications, the newest added first."""

    def get_object(self, request, slug: str) -> Person:
        return get_object_or_404(selectors.public_people(), slug=slug)

    def title(self, person: Person) -> str:
        return _("Publications of %(name)s") % {"name": xml_text(person.name)}

    def link(self, person: Person) -> str:
        return person.get_absolute_url()

    def items(self, person: Person):
        return selectors.newest_papers(FEED_SIZE, selectors.person_papers(person))


class GroupFeed(NewPublicationsFeed):
    """The Atom feed of one group's publications, the newest added first."""

    def get_object(self, request, slug: str) -> Group:
        return get_object_or_404(Group, slug=slug)

    def title(self, group: Group) -> str:
        return _("Publications of %(name)s") % {"name": xml_text(group.name)}

    def link(self, group: Group) -> str:
        return group.get_absolute_url()

    def items(self, group: Group):
        return selectors.newest_papers(FEED_SIZE, selectors.group_papers(group))
