"""How the API writes groups, people, venues and papers: what their public pages show, as
JSON. Papers come as ``pubs.queries.selectors.entries`` reads them for the lists and exports
(ExportPapers); people, groups and venues as the selectors give them to their pages.

Only what a public page shows is written: no email unless published, no internal or review
note, no name variants, no link that is not a web address (``presentation.is_web_url``, as
the pages' ``web_url``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from people.models import Role
from pubs import kinds
from pubs.export.model import ExportPaper
from pubs.models import CCFField, LinkKind, Rank, Status, ThesisType, VenueKind
from pubs.web import presentation

RANK_CHOICES = Rank.choices
#: A rank count's key: "A", "B", "C", or "" for papers at unranked venues.
RANK_KEYS = [*(rank for rank, _ in RANK_CHOICES), ""]


#: A slug no object has, standing for the slug in a URL pattern reversed once.
_SLUG = "0slug0"


def absolute(context: dict, name: str, slug: str) -> str:
    """The absolute URL of the page or API URL named ``name`` (``pubs:…`` or ``api:…``) of
    the object ``slug``: reversed and made absolute once per response (its serializers'
    ``context``) and name, since a page of 500 papers names 1,000 URLs."""
    patterns = context.setdefault("url_patterns", {})
    if name not in patterns:
        patterns[name] = context["request"].build_absolute_uri(reverse(name, args=[_SLUG]))
    return patterns[name].replace(_SLUG, slug)


def web_url(url: str) -> str:
    """``url`` if it is a web address or a path of this site, else "" (as pages show it)."""
    return url if url and presentation.is_web_url(url) else ""


class LinksMixin(serializers.Serializer):
    """The page and API URLs of an object: ``page_name`` and ``api_name`` name them."""

    page_name = ""
    api_name = ""

    page_url = serializers.SerializerMethodField(help_text="Its public page.")
    api_url = serializers.SerializerMethodField(help_text="Its URL in this API.")

    def get_page_url(self, obj: Any) -> str:
        return absolute(self.context, self.page_name, _slug(obj))

    def get_api_url(self, obj: Any) -> str:
        return absolute(self.context, self.api_name, _slug(obj))


def _slug(obj: Any) -> str:
    return obj["slug"] if isinstance(obj, dict) else obj.slug


# -- papers -------------------------------------------------------------------------------


class PaperVenueSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    abbreviation = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=VenueKind.choices)


class EditionRankSerializer(serializers.Serializer):
    edition = serializers.IntegerField()
    rank = serializers.ChoiceField(choices=RANK_CHOICES)


class PaperRankSerializer(serializers.Serializer):
    """The paper's venue in the CCF list: its rank in the current edition, the label the
    pages show ("CCF B (A in 2022)"), and its rank in each edition that ranks it."""

    current = serializers.CharField(help_text='"A", "B", "C", or "" when unranked.')
    label = serializers.CharField(help_text='As the pages show it: "CCF B (A in 2022)".')
    editions = EditionRankSerializer(many=True)


class AuthorSerializer(serializers.Serializer):
    """An author as the paper prints them, and the person they are."""

    name = serializers.CharField(source="printed", help_text="As the paper prints it.")
    person = serializers.SlugField(help_text="The person's slug (their page and API URL).")
    given_name = serializers.CharField(source="given")
    family_name = serializers.CharField(source="family")
    native_name = serializers.CharField(source="native")
    position = serializers.IntegerField(help_text="1 for the first author; a gap: unnamed ones.")
    equal_contribution = serializers.BooleanField(source="equal")
    corresponding = serializers.BooleanField()
    member = serializers.BooleanField(help_text="A member of one of the lab's groups.")


class LinkSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=LinkKind.choices)
    url = serializers.CharField()
    label = serializers.CharField()


class OtherVersionSerializer(serializers.Serializer):
    """Another version of the work, folded into the paper that lists it."""

    slug = serializers.SlugField()
    kind = serializers.ChoiceField(choices=kinds.CHOICES)
    status = serializers.ChoiceField(choices=Status.choices)
    year = serializers.IntegerField(allow_null=True)
    container_title = serializers.CharField()
    venue = serializers.CharField(help_text="The venue's short name, or ''.")
    label = serializers.SerializerMethodField(help_text='"preprint", "journal article"…')

    def get_label(self, version: Any) -> str:
        return presentation.version_label(version)


class PaperSerializer(LinksMixin):
    """A paper as the public lists show it: one entry per work, its other versions named."""

    page_name = "pubs:paper-detail"
    api_name = "api:paper-detail"

    slug = serializers.SlugField()
    title = serializers.CharField()
    kind = serializers.ChoiceField(choices=kinds.CHOICES)
    status = serializers.ChoiceField(choices=Status.choices)
    year = serializers.IntegerField(allow_null=True)
    month = serializers.IntegerField(allow_null=True)
    venue = serializers.SerializerMethodField()
    venue_label = serializers.SerializerMethodField(
        help_text='Where the entry says it appeared: "ICNP\'24", "arXiv", a thesis\' school.'
    )
    container_title = serializers.CharField(help_text="The booktitle or journal as printed.")
    volume = serializers.CharField()
    number = serializers.CharField()
    pages = serializers.CharField()
    publisher = serializers.CharField()
    address = serializers.CharField()
    editor = serializers.CharField()
    series = serializers.CharField()
    institution = serializers.CharField()
    thesis_type = serializers.ChoiceField(choices=[("", ""), *ThesisType.choices])
    doi = serializers.CharField()
    arxiv_id = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="The paper's own web address, or ''.")
    abstract = serializers.CharField()
    tags = serializers.ListField(child=serializers.CharField())
    awards = serializers.ListField(child=serializers.CharField())
    selected = serializers.BooleanField()
    more_authors = serializers.BooleanField(help_text="The author list goes on (et al.).")
    citation_key = serializers.CharField()
    authors = AuthorSerializer(many=True)
    links = serializers.SerializerMethodField()
    ccf = serializers.SerializerMethodField()
    other_versions = OtherVersionSerializer(many=True)

    @extend_schema_field(PaperVenueSerializer(allow_null=True))
    def get_venue(self, paper: ExportPaper) -> dict | None:
        if not paper.venue_slug:
            return None
        return {
            "slug": paper.venue_slug,
            "abbreviation": paper.venue_abbreviation,
            "name": paper.venue_name,
            "kind": paper.venue_kind,
        }

    def get_venue_label(self, paper: ExportPaper) -> str:
        return presentation.entry_venue(paper)

    def get_url(self, paper: ExportPaper) -> str:
        return web_url(paper.url)

    @extend_schema_field(LinkSerializer(many=True))
    def get_links(self, paper: ExportPaper) -> list[dict]:
        return [
            {"kind": kind, "url": href, "label": label}
            for kind, href, label in paper.all_links
            if web_url(href)
        ]

    @extend_schema_field(PaperRankSerializer)
    def get_ccf(self, paper: ExportPaper) -> dict:
        ranks = self.context.get("editions", {}).get(paper.venue_slug, {})
        editions = [{"edition": e, "rank": r} for e, r in sorted(ranks.items(), reverse=True)]
        return {"current": paper.ccf_rank, "label": paper.ccf_label, "editions": editions}


class AffiliatedAuthorSerializer(AuthorSerializer):
    affiliation = serializers.SerializerMethodField(help_text="As the paper gives it, or ''.")

    def get_affiliation(self, author: Any) -> str:
        return self.context.get("affiliations", {}).get(author.position, "")


class VersionSerializer(serializers.Serializer):
    """Another version of the work: its own publication, with its own page."""

    slug = serializers.SlugField()
    title = serializers.CharField()
    kind = serializers.ChoiceField(choices=kinds.CHOICES)
    status = serializers.ChoiceField(choices=Status.choices)
    year = serializers.IntegerField(allow_null=True)
    venue_label = serializers.SerializerMethodField()

    def get_venue_label(self, paper: ExportPaper) -> str:
        return presentation.entry_venue(paper)


class GroupRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class PaperCitationsSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    source = serializers.CharField()
    date = serializers.DateField()


class PaperDetailSerializer(PaperSerializer):
    """A paper as its page shows it: the authors' affiliations, the version that lists its
    work when it is folded into one, its other versions, its groups and citations."""

    authors = AffiliatedAuthorSerializer(many=True)
    listed_as = serializers.SerializerMethodField(
        help_text="The slug of the version that lists this work, when it is not this one."
    )
    versions = serializers.SerializerMethodField()
    groups = serializers.SerializerMethodField()
    citations = serializers.SerializerMethodField()

    def get_listed_as(self, paper: ExportPaper) -> str | None:
        return self.context["listed_as"]

    @extend_schema_field(VersionSerializer(many=True))
    def get_versions(self, paper: ExportPaper) -> list[dict]:
        return VersionSerializer(self.context["versions"], many=True).data

    @extend_schema_field(GroupRefSerializer(many=True))
    def get_groups(self, paper: ExportPaper) -> list[dict]:
        return GroupRefSerializer(self.context["groups"], many=True).data

    @extend_schema_field(PaperCitationsSerializer(allow_null=True))
    def get_citations(self, paper: ExportPaper) -> dict | None:
        cited = self.context["citations"]
        return PaperCitationsSerializer(cited).data if cited else None


# -- people ---------------------------------------------------------------------------------


class PersonRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    native_name = serializers.CharField()


class PersonNamesSerializer(LinksMixin):
    """What every answer about a person starts with: their URLs, names and affiliation."""

    page_name = "pubs:person-detail"
    api_name = "api:person-detail"

    slug = serializers.SlugField()
    name = serializers.CharField()
    given_name = serializers.CharField()
    family_name = serializers.CharField()
    native_name = serializers.CharField()
    affiliation = serializers.CharField()


class PersonSerializer(PersonNamesSerializer):
    """A person of the people index: members and the authors of public papers."""

    member = serializers.BooleanField(source="is_member", help_text="A lab member.")
    paper_count = serializers.IntegerField(help_text="Public works (versions count once).")


class MembershipSerializer(serializers.Serializer):
    group = GroupRefSerializer()
    role = serializers.ChoiceField(choices=Role.choices)
    start_year = serializers.IntegerField(source="start.year", allow_null=True, default=None)
    end_year = serializers.IntegerField(source="end.year", allow_null=True, default=None)


class AdvisingSerializer(serializers.Serializer):
    person = PersonRefSerializer()
    role = serializers.CharField(help_text="advisor, co_advisor or mentor.")
    context = serializers.CharField()


class NamesakeSerializer(serializers.Serializer):
    person = PersonRefSerializer()
    form = serializers.CharField(help_text='The printed form both share: "J. Fang".')


class CoauthorSerializer(serializers.Serializer):
    person = PersonRefSerializer()
    papers = serializers.IntegerField()


class YearCountSerializer(serializers.Serializer):
    year = serializers.IntegerField(allow_null=True)
    papers = serializers.IntegerField()


class YearRanksSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    by_rank = serializers.DictField(child=serializers.IntegerField())


class CountsSerializer(serializers.Serializer):
    """Public works counted by the current CCF rank of their venue and by year (newest
    first), and by both (oldest first, every year between: the group page's chart)."""

    by_rank = serializers.DictField(
        child=serializers.IntegerField(), help_text='Rank ("A", "B", "C", "" unranked) -> works.'
    )
    by_year = YearCountSerializer(many=True)
    by_year_and_rank = YearRanksSerializer(many=True)


class PersonCitationsSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    h_index = serializers.IntegerField()
    papers = serializers.IntegerField(help_text="Papers with a citation count.")
    source = serializers.CharField()
    date = serializers.DateField()


class PersonDetailSerializer(PersonNamesSerializer):
    """A person as their page shows them; their papers are ``papers_url``."""

    homepage = serializers.SerializerMethodField()
    github = serializers.SerializerMethodField()
    google_scholar = serializers.SerializerMethodField()
    dblp = serializers.SerializerMethodField()
    orcid = serializers.CharField()
    email = serializers.CharField(source="public_email", help_text="Only when published.")
    bio = serializers.CharField()
    memberships = serializers.SerializerMethodField()
    advisors = serializers.SerializerMethodField()
    advisees = serializers.SerializerMethodField()
    namesakes = serializers.SerializerMethodField()
    coauthors = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()
    citations = serializers.SerializerMethodField()
    papers_url = serializers.SerializerMethodField(help_text="Their papers in this API.")

    def get_homepage(self, person: Any) -> str:
        return web_url(person.homepage)

    def get_github(self, person: Any) -> str:
        return web_url(person.github)

    def get_google_scholar(self, person: Any) -> str:
        return web_url(person.google_scholar)

    def get_dblp(self, person: Any) -> str:
        return web_url(person.dblp)

    @extend_schema_field(MembershipSerializer(many=True))
    def get_memberships(self, person: Any) -> list[dict]:
        return MembershipSerializer(self.context["memberships"], many=True).data

    @extend_schema_field(AdvisingSerializer(many=True))
    def get_advisors(self, person: Any) -> list[dict]:
        rows = [
            {"person": a.advisor, "role": a.role, "context": a.context}
            for a in self.context["advisors"]
        ]
        return AdvisingSerializer(rows, many=True).data

    @extend_schema_field(AdvisingSerializer(many=True))
    def get_advisees(self, person: Any) -> list[dict]:
        rows = [
            {"person": a.student, "role": a.role, "context": a.context}
            for a in self.context["advisees"]
        ]
        return AdvisingSerializer(rows, many=True).data

    @extend_schema_field(NamesakeSerializer(many=True))
    def get_namesakes(self, person: Any) -> list[dict]:
        return NamesakeSerializer(self.context["namesakes"], many=True).data

    @extend_schema_field(CoauthorSerializer(many=True))
    def get_coauthors(self, person: Any) -> list[dict]:
        rows = [{"person": other, "papers": n} for other, n in self.context["coauthors"]]
        return CoauthorSerializer(rows, many=True).data

    @extend_schema_field(CountsSerializer)
    def get_counts(self, person: Any) -> dict:
        return counts(self.context["tally"])

    @extend_schema_field(PersonCitationsSerializer(allow_null=True))
    def get_citations(self, person: Any) -> dict | None:
        cited = self.context["citations"]
        return PersonCitationsSerializer(cited).data if cited else None

    def get_papers_url(self, person: Any) -> str:
        return papers_url(self.context["request"], "person", person.slug)


def counts(tally: Any) -> dict:
    """A tally (``selectors.Tally``) as ``CountsSerializer`` writes it."""
    by_year = [{"year": year, "papers": n} for year, n in tally.by_year()]
    by_both = [{"year": row.year, "by_rank": row.counts} for row in tally.by_year_and_rank()]
    return {"by_rank": tally.by_rank(), "by_year": by_year, "by_year_and_rank": by_both}


def papers_url(request, name: str, slug: str) -> str:
    """The API's list of papers filtered by one person, group or venue."""
    return f"{request.build_absolute_uri(reverse('api:paper-list'))}?{name}={slug}"


# -- groups ---------------------------------------------------------------------------------


class GroupSerializer(LinksMixin):
    page_name = "pubs:group-detail"
    api_name = "api:group-detail"

    slug = serializers.SlugField()
    name = serializers.CharField()
    short_name = serializers.CharField()
    native_name = serializers.CharField()
    institution = serializers.CharField()
    department = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="Its website, or ''.")
    papers_url = serializers.SerializerMethodField(help_text="Its papers in this API.")

    def get_url(self, group: Any) -> str:
        return web_url(group.url)

    def get_papers_url(self, group: Any) -> str:
        return papers_url(self.context["request"], "group", group.slug)


class MemberSerializer(serializers.Serializer):
    person = PersonRefSerializer()
    start_year = serializers.IntegerField(source="start.year", allow_null=True, default=None)
    end_year = serializers.IntegerField(source="end.year", allow_null=True, default=None)
    note = serializers.CharField()


class RoleMembersSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)
    label = serializers.CharField()
    current = MemberSerializer(many=True)
    former = MemberSerializer(many=True)


class SummarySerializer(serializers.Serializer):
    since = serializers.IntegerField(allow_null=True)
    total = serializers.IntegerField()
    A = serializers.IntegerField()
    B = serializers.IntegerField()
    C = serializers.IntegerField()


class GroupDetailSerializer(GroupSerializer):
    """A group as its page shows it: its members by role, current and former, and its
    counts; its papers are ``papers_url``."""

    description = serializers.CharField()
    parent = serializers.SerializerMethodField(help_text="The slug of the group it is part of.")
    members = serializers.SerializerMethodField()
    summary = serializers.SerializerMethodField(help_text="CCF A and B works of recent years.")
    counts = serializers.SerializerMethodField()

    def get_parent(self, group: Any) -> str | None:
        return group.parent.slug if group.parent_id else None

    @extend_schema_field(RoleMembersSerializer(many=True))
    def get_members(self, group: Any) -> list[dict]:
        return RoleMembersSerializer(self.context["members"], many=True).data

    @extend_schema_field(SummarySerializer)
    def get_summary(self, group: Any) -> dict:
        return self.context["summary"]

    @extend_schema_field(CountsSerializer)
    def get_counts(self, group: Any) -> dict:
        return counts(self.context["tally"])


# -- venues ---------------------------------------------------------------------------------


class VenueSerializer(LinksMixin):
    page_name = "pubs:venue-detail"
    api_name = "api:venue-detail"

    slug = serializers.SlugField()
    abbreviation = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=VenueKind.choices)
    publisher = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="Its website, or ''.")
    dblp_key = serializers.CharField()
    current_rank = serializers.CharField(
        allow_null=True,
        help_text=f"Its CCF rank in the current edition ({settings.CCF_CURRENT_EDITION}).",
    )
    paper_count = serializers.IntegerField(help_text="Public works listed at it.")
    papers_url = serializers.SerializerMethodField(help_text="Its papers in this API.")

    def get_url(self, venue: Any) -> str:
        return web_url(venue.url)

    def get_papers_url(self, venue: Any) -> str:
        return papers_url(self.context["request"], "venue", venue.slug)


class VenueRankSerializer(serializers.Serializer):
    edition = serializers.IntegerField()
    rank = serializers.ChoiceField(choices=RANK_CHOICES)
    field = serializers.ChoiceField(choices=[("", ""), *CCFField.choices])


class VenueDetailSerializer(VenueSerializer):
    """A venue as its page shows it: its rank in each edition of the CCF list, by field."""

    ranks = serializers.SerializerMethodField()

    @extend_schema_field(VenueRankSerializer(many=True))
    def get_ranks(self, venue: Any) -> list[dict]:
        ranks = sorted(venue.ranks.all(), key=lambda r: (-r.edition, r.field))
        return VenueRankSerializer(ranks, many=True).data
