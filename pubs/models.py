"""Venues and their CCF ranks, papers, their ordered authors and their links."""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.contrib.postgres.search import SearchVector
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Exists, F, OuterRef, Prefetch, Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from people.fields import StringListField, UnicodeJSONEncoder, URLField
from people.history import KeptHistory
from people.models import Consented, Group, Person, SlugManager
from pubs import kinds
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.venues import ccf
from pubs.venues.resolution import VenueRecord


class VenueKind(models.TextChoices):
    CONFERENCE = "conference", _("Conference")
    JOURNAL = "journal", _("Journal")
    WORKSHOP = "workshop", _("Workshop")
    PREPRINT_SERVER = "preprint_server", _("Preprint server")
    OTHER = "other", _("Other")


class Venue(models.Model):
    """A conference series, journal, workshop or preprint server papers appear in."""

    abbreviation = models.CharField(_("abbreviation"), max_length=50, blank=True)
    name = models.CharField(_("full name"), max_length=300)
    kind = models.CharField(_("kind"), max_length=20, choices=VenueKind.choices)
    publisher = models.CharField(_("publisher"), max_length=100, blank=True)
    dblp_key = models.CharField(
        _("DBLP key"), max_length=100, blank=True, help_text=_("E.g. conf/icnp or journals/ton.")
    )
    aliases = StringListField(
        _("aliases"),
        help_text=_(
            "Other names BibTeX uses for this venue, one per line, used for matching. "
            "A line starting with ! names a look-alike that is not this venue."
        ),
    )
    url = URLField(_("website"), blank=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)

    objects = SlugManager()
    history = KeptHistory()

    class Meta:
        ordering = ["abbreviation", "name"]
        verbose_name = _("venue")
        verbose_name_plural = _("venues")
        constraints = [
            models.UniqueConstraint(
                fields=["dblp_key"],
                condition=~Q(dblp_key=""),
                name="venue_unique_dblp_key",
                violation_error_message=_("Another venue already has this DBLP key."),
            ),
        ]
        indexes = [models.Index(fields=["abbreviation"])]

    def __str__(self) -> str:
        if self.abbreviation:
            return f"{self.abbreviation} — {self.name}"
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("pubs:venue-detail", args=[self.slug])

    def natural_key(self) -> tuple[str]:
        return (self.slug,)

    @property
    def short_name(self) -> str:
        return self.abbreviation or self.name

    def as_record(self) -> VenueRecord:
        """The venue as the resolver (pubs.venues.resolution) knows it."""
        return VenueRecord(
            self.slug,
            self.name,
            self.kind,
            self.abbreviation,
            self.dblp_key,
            self.publisher,
            tuple(self.aliases),
        )

    def rank_in(self, edition: int, ranking: str = ccf.RANKING) -> str:
        """The venue's best rank in one edition of a ranking list, or '' when unranked.

        Reads ``self.ranks.all()``, so a prefetch of ``ranks`` serves every call.
        """
        ranks = [r.rank for r in self.ranks.all() if r.ranking == ranking and r.edition == edition]
        return min(ranks, default="")

    @property
    def ccf_rank(self) -> str:
        """The rank in the current CCF edition: 'A', 'B', 'C' or '' when unranked."""
        return self.rank_in(settings.CCF_CURRENT_EDITION)

    def ccf_rank_for_year(self, year: int | None) -> str:
        """The CCF rank in force when a paper of ``year`` was published."""
        return self.rank_in(ccf.edition_in_force(year))


class CCFField(models.TextChoices):
    ARCH = "arch", _("Computer Architecture / Parallel and Distributed Computing / Storage")
    NETWORK = "network", _("Computer Networks")
    SECURITY = "security", _("Network and Information Security")
    SOFTWARE = "software", _("Software Engineering / System Software / Programming Languages")
    DATABASE = "database", _("Databases / Data Mining / Information Retrieval")
    THEORY = "theory", _("Theoretical Computer Science")
    GRAPHICS = "graphics", _("Computer Graphics and Multimedia")
    AI = "ai", _("Artificial Intelligence")
    HCI = "hci", _("Human-Computer Interaction and Pervasive Computing")
    CROSS = "cross", _("Interdisciplinary, Comprehensive and Emerging")


class Rank(models.TextChoices):
    A = "A", "A"
    B = "B", "B"
    C = "C", "C"


class VenueRankManager(models.Manager):
    def get_by_natural_key(self, venue: str, ranking: str, edition: int, field: str):
        return self.get(venue__slug=venue, ranking=ranking, edition=edition, field=field)


class VenueRank(models.Model):
    """A venue's entry in one edition of a ranking list (a venue may sit in two CCF fields)."""

    venue = models.ForeignKey(
        Venue, on_delete=models.CASCADE, related_name="ranks", verbose_name=_("venue")
    )
    ranking = models.CharField(
        _("ranking list"), max_length=20, default=ccf.RANKING, choices=[(ccf.RANKING, "CCF")]
    )
    edition = models.PositiveSmallIntegerField(
        _("edition"), validators=[MinValueValidator(1990), MaxValueValidator(2100)]
    )
    rank = models.CharField(_("rank"), max_length=1, choices=Rank.choices)
    field = models.CharField(_("field"), max_length=20, choices=CCFField.choices, blank=True)

    objects = VenueRankManager()

    class Meta:
        ordering = ["venue", "ranking", "-edition", "rank"]
        verbose_name = _("venue rank")
        verbose_name_plural = _("venue ranks")
        constraints = [
            models.UniqueConstraint(
                fields=["venue", "ranking", "edition", "field"], name="venuerank_unique_entry"
            ),
        ]
        indexes = [models.Index(fields=["ranking", "edition", "rank"])]

    def __str__(self) -> str:
        return f"{self.ranking} {self.edition}: {self.rank}"

    def natural_key(self) -> tuple:
        return (self.venue.slug, self.ranking, self.edition, self.field)

    natural_key.dependencies = ["pubs.venue"]


class Tag(models.Model):
    """A keyword papers are tagged with."""

    name = models.CharField(_("name"), max_length=100, unique=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)

    objects = SlugManager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("tag")
        verbose_name_plural = _("tags")

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


#: The kinds of paper, as pubs.kinds's table has them (PaperKind.JOURNAL == "journal").
PaperKind = models.TextChoices(
    "PaperKind", [(value.upper(), (value, label)) for value, label in kinds.CHOICES]
)


class Status(models.TextChoices):
    PUBLISHED = "published", _("Published")
    ACCEPTED = "accepted", _("Accepted")
    UNDER_REVIEW = "under_review", _("Under review")
    PREPRINT = "preprint", _("Preprint")


class ThesisType(models.TextChoices):
    PHD = "phd", _("PhD thesis")
    MASTERS = "masters", _("Master's thesis")
    BACHELOR = "bachelor", _("Bachelor's thesis")


def authorships_prefetch(to_attr: str | None = None) -> Prefetch:
    """The ordered authors of papers with their people: the one prefetch every list uses."""
    queryset = Authorship.objects.select_related("person").order_by("position")
    return Prefetch("authorships", queryset=queryset, to_attr=to_attr)


class PaperQuerySet(models.QuerySet):
    def public(self) -> PaperQuerySet:
        """Papers the public may see."""
        return self.filter(is_public=True)

    def with_venue(self) -> PaperQuerySet:
        """Join the venue and prefetch its ranks (for CCF badges)."""
        return self.select_related("venue").prefetch_related("venue__ranks")

    def standing(self) -> PaperQuerySet:
        """Papers that stand for their work: one per work, its other versions folded into
        it (``Paper.folded_into``)."""
        return self.filter(folded_into__isnull=True)

    def with_authors(self) -> PaperQuerySet:
        """Prefetch the authors in printed order with their people."""
        return self.prefetch_related(authorships_prefetch())

    def ranked(self, rank: str, edition: int | None = None) -> PaperQuerySet:
        """Papers whose venue has ``rank`` ('A', 'B', 'C', or '' for unranked) in ``edition``."""
        edition = edition or settings.CCF_CURRENT_EDITION
        ranked_venue = VenueRank.objects.filter(
            venue=OuterRef("venue"), ranking=ccf.RANKING, edition=edition
        )
        if rank:
            return self.filter(Exists(ranked_venue.filter(rank=rank)))
        return self.exclude(Exists(ranked_venue))


#: The text search configuration of the search: words as they are (no stemming), since the
#: stored text is already folded (pubs.search.search_fold).
SEARCH_CONFIG = "simple"


def paper_search_vector() -> SearchVector:
    """The full-text document of a paper on PostgreSQL: its stored search text as a
    tsvector. The search filters on it; the GIN index of migration 0002 is built on it."""
    return SearchVector("search_text", config=SEARCH_CONFIG)


class PaperManager(models.Manager.from_queryset(PaperQuerySet)):
    def get_by_natural_key(self, slug: str) -> Paper:
        return self.get(slug=slug)


class Paper(models.Model):
    """A publication: paper, article, preprint, thesis, patent, book or chapter."""

    title = models.CharField(_("title"), max_length=1000)
    title_bibtex = models.CharField(
        _("title as written in BibTeX"),
        max_length=1000,
        blank=True,
        help_text=_(
            "Braces protect case and LaTeX is kept, for export. Used while it reads "
            "as the title above."
        ),
    )
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    year = models.PositiveSmallIntegerField(
        _("year"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1500), MaxValueValidator(2100)],
        help_text=_("Empty only when unknown (e.g. a patent known by its number)."),
    )
    month = models.PositiveSmallIntegerField(
        _("month"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(12)]
    )
    kind = models.CharField(_("kind"), max_length=20, choices=PaperKind.choices)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PUBLISHED
    )
    venue = models.ForeignKey(
        Venue,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="papers",
        verbose_name=_("venue"),
    )
    container_title = models.CharField(
        _("venue as printed"),
        max_length=500,
        blank=True,
        help_text=_("The booktitle or journal exactly as the paper gives it."),
    )
    volume = models.CharField(_("volume"), max_length=50, blank=True)
    number = models.CharField(
        _("number"), max_length=50, blank=True, help_text=_("Issue, report or patent number.")
    )
    pages = models.CharField(_("pages"), max_length=50, blank=True)
    publisher = models.CharField(_("publisher"), max_length=200, blank=True)
    address = models.CharField(_("address"), max_length=200, blank=True)
    editor = models.CharField(_("editor"), max_length=500, blank=True)
    series = models.CharField(_("series"), max_length=200, blank=True)
    institution = models.CharField(
        _("school or institution"),
        max_length=200,
        blank=True,
        help_text=_(
            "The school of a thesis, the institution of a report, the assignee of a patent."
        ),
    )
    thesis_type = models.CharField(
        _("thesis type"), max_length=10, choices=ThesisType.choices, blank=True
    )
    doi = models.CharField(_("DOI"), max_length=200, blank=True)
    arxiv_id = models.CharField(_("arXiv id"), max_length=50, blank=True)
    url = URLField(_("URL"), max_length=500, blank=True)
    abstract = models.TextField(_("abstract"), blank=True)
    tags = models.ManyToManyField(Tag, blank=True, related_name="papers", verbose_name=_("tags"))
    groups = models.ManyToManyField(
        Group, blank=True, related_name="papers", verbose_name=_("groups")
    )
    awards = models.TextField(_("awards"), blank=True, help_text=_("One award per line."))
    selected = models.BooleanField(_("selected"), default=False)
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Untick to hide the paper until it is published.")
    )
    more_authors = models.BooleanField(
        _("more authors"),
        default=False,
        help_text=_("The author list continues beyond the listed people (BibTeX “and others”)."),
    )
    citation_key = models.CharField(_("citation key"), max_length=100, blank=True)
    # A version is another paper (another publication with its own venue, pages and year),
    # not another record of this one: a workshop or poster version and the full paper.
    # Linking is mutual and nothing more: a workshop version and a journal extension both
    # linked to the conference paper are not thereby linked to each other.
    versions = models.ManyToManyField(
        "self",
        symmetrical=True,
        blank=True,
        verbose_name=_("other versions"),
        help_text=_(
            "Other publications of the same work: a workshop, short, demo or poster version "
            "and the full paper."
        ),
    )
    # Which version lists the work: the most published of the papers linked as versions
    # (pubs.bibtex.versions.standing_version over the connected group of linked papers),
    # kept by pubs.services.versions.paper_versions_refold. Null for the version that stands
    # and for a paper linked to none: the public lists show only those.
    folded_into = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="folded_versions",
        verbose_name=_("listed as"),
        help_text=_("The version that stands for this paper's work on the public lists."),
    )
    internal_note = models.TextField(
        _("internal note"),
        blank=True,
        default="",
        help_text=_("Seen only in the admin, never on public pages or in exports."),
    )
    extra_fields = models.JSONField(
        _("other BibTeX fields"),
        default=dict,
        blank=True,
        encoder=UnicodeJSONEncoder,
        help_text=_("Fields imported from BibTeX that have no column of their own, kept as is."),
    )
    search_text = models.TextField(
        _("search text"),
        blank=True,
        default="",
        editable=False,
        help_text=_("What the public search reads (pubs.search)."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    modified = models.DateTimeField(_("modified"), auto_now=True)

    objects = PaperManager()
    history = KeptHistory(excluded_fields=["search_text"])  # derived, not edited

    class Meta:
        ordering = [F("year").desc(nulls_last=True), F("month").desc(nulls_last=True), "title"]
        verbose_name = _("paper")
        verbose_name_plural = _("papers")
        constraints = [
            # DOIs are case-insensitive, and so is the archive part of an old-style arXiv
            # id ("cs.DC/0101001"): the database compares them as the import does.
            models.UniqueConstraint(
                Lower("doi"),
                condition=~Q(doi=""),
                name="paper_unique_doi",
                violation_error_message=_("Another paper already has this DOI."),
            ),
            models.UniqueConstraint(
                Lower("arxiv_id"),
                condition=~Q(arxiv_id=""),
                name="paper_unique_arxiv_id",
                violation_error_message=_("Another paper already has this arXiv id."),
            ),
            models.UniqueConstraint(
                fields=["citation_key"],
                condition=~Q(citation_key=""),
                name="paper_unique_citation_key",
                violation_error_message=_("Another paper already has this citation key."),
            ),
            models.CheckConstraint(
                condition=Q(month__isnull=True) | Q(month__gte=1, month__lte=12),
                name="paper_month_range",
                violation_error_message=_("Month must be between 1 and 12."),
            ),
        ]
        indexes = [
            models.Index(fields=["year"]),
            models.Index(fields=["kind"]),
            models.Index(fields=["status"]),
            models.Index(fields=["is_public", "year"]),
            models.Index(fields=["created"]),
        ]
        # The index of the public lists' order (migration 0012) and the GIN index of the
        # search text exist on PostgreSQL alone, made by migrations 0012_work_counts and
        # 0002_paper_search_index outside the model's state (SQLite rebuilds the table
        # from that state at every change of Paper, and has no GIN index to build).

    def __str__(self) -> str:
        return f"{self.title} ({self.year})" if self.year else self.title

    def get_absolute_url(self) -> str:
        return reverse("pubs:paper-detail", args=[self.slug])

    def natural_key(self) -> tuple[str]:
        return (self.slug,)

    def clean(self) -> None:
        if self.extra_fields is None:  # an emptied JSON box in a form
            self.extra_fields = {}
        errors = {}
        self.citation_key = self.citation_key.strip()
        for field, normalize in (("doi", normalize_doi), ("arxiv_id", normalize_arxiv_id)):
            try:
                setattr(self, field, normalize(getattr(self, field)))
            except ValueError as exc:
                errors[field] = str(exc)
        for field in ("doi", "arxiv_id", "citation_key"):
            other = self._other_paper_with(field)
            if field not in errors and other is not None:
                errors[field] = ValidationError(
                    _("This %(label)s is already used by “%(paper)s”."),
                    code="unique",
                    params={"label": self._meta.get_field(field).verbose_name, "paper": other},
                )
        if self.kind != PaperKind.THESIS and self.thesis_type:
            errors["thesis_type"] = _("Only a thesis has a thesis type.")
        if errors:
            raise ValidationError(errors)

    def _other_paper_with(self, field: str) -> Paper | None:
        """Another paper holding this paper's value of a unique identifier, if any."""
        value = getattr(self, field)
        if not value:
            return None
        return Paper.objects.filter(**{field: value}).exclude(pk=self.pk).first()

    def author_entries(self) -> list[Authorship | None]:
        """The authors in order, with ``None`` where positions are missing (unnamed authors).

        Reads ``self.authorships.all()``, so the authors prefetch serves it.
        """
        entries: list[Authorship | None] = []
        expected = 1
        for authorship in self.authorships.all():
            if authorship.position > expected:
                entries.append(None)
            entries.append(authorship)
            expected = authorship.position + 1
        return entries

    @property
    def award_list(self) -> list[str]:
        return [line.strip() for line in self.awards.splitlines() if line.strip()]

    @property
    def ccf_rank(self) -> str:
        """The venue's rank in the current CCF edition ('' when unranked or no venue)."""
        return self.venue.ccf_rank if self.venue else ""

    @property
    def ccf_rank_when_published(self) -> str:
        """The venue's CCF rank in the edition in force in the paper's year."""
        return self.venue.ccf_rank_for_year(self.year) if self.venue else ""

    @property
    def ccf_label(self) -> str:
        """ "CCF B", or "CCF B (A in 2022)" when the rank then differs from the rank now."""
        then = ccf.edition_in_force(self.year)
        ranks = {settings.CCF_CURRENT_EDITION: self.ccf_rank, then: self.ccf_rank_when_published}
        return ccf_label(ranks, self.year)


def ccf_label(ranks: Mapping[int, str], year: int | None) -> str:
    """How the rank of a paper of ``year`` reads, its venue's best rank in each CCF edition
    being ``ranks`` (edition -> rank): "CCF B", "CCF B (A in 2022)", "" when never ranked.
    ``Paper.ccf_label`` and the read of the lists both give this."""
    then = ccf.edition_in_force(year)
    return ccf.rank_label(ranks.get(settings.CCF_CURRENT_EDITION, ""), ranks.get(then, ""), then)


#: The largest author position (author lists of thousands exist, e.g. in physics).
MAX_POSITION = 9999


class AuthorshipManager(models.Manager):
    def get_by_natural_key(self, paper: str, position: int) -> Authorship:
        return self.get(paper__slug=paper, position=position)


class Authorship(Consented):
    """A person's place in a paper's author list, with the name as the paper prints it.

    Its person's page and groups list the paper only once the person (or their group's
    editor) accepted it, when someone of another group named them (people.models.Consented).
    """

    paper = models.ForeignKey(
        Paper,
        on_delete=models.CASCADE,
        related_name="authorships",
        verbose_name=_("paper"),
        db_index=False,  # the unique (paper, position) index serves lookups by paper
    )
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, related_name="authorships", verbose_name=_("person")
    )
    position = models.PositiveSmallIntegerField(
        _("position"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_POSITION)],
        help_text=_("1 for the first author. A gap stands for authors not recorded."),
    )
    printed_name = models.CharField(
        _("name as printed"), max_length=200, blank=True, help_text=_("E.g. “J. Fang”.")
    )
    equal_contribution = models.BooleanField(_("equal contribution"), default=False)
    corresponding = models.BooleanField(_("corresponding author"), default=False)
    affiliation = models.CharField(_("affiliation"), max_length=300, blank=True)
    review_note = models.CharField(
        _("needs review"),
        max_length=300,
        blank=True,
        help_text=_("Why this author's person is uncertain, e.g. an ambiguous imported name."),
    )

    objects = AuthorshipManager()
    history = KeptHistory()

    class Meta:
        ordering = ["paper", "position"]
        verbose_name = _("authorship")
        verbose_name_plural = _("authorships")
        constraints = [
            models.UniqueConstraint(
                fields=["paper", "position"],
                name="authorship_unique_position",
                violation_error_message=_("Two authors cannot share a position."),
            ),
            models.UniqueConstraint(
                fields=["paper", "person"],
                name="authorship_unique_person",
                violation_error_message=_("This person is already an author of this paper."),
            ),
            # No upper bound here: reordering parks rows past MAX_POSITION for a moment
            # (pubs.services.papers.authorships_make_room); forms keep positions within it.
            models.CheckConstraint(condition=Q(position__gte=1), name="authorship_position_min"),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.display_name}"

    def natural_key(self) -> tuple:
        return (self.paper.slug, self.position)

    natural_key.dependencies = ["pubs.paper", "people.person"]

    @property
    def display_name(self) -> str:
        return self.printed_name or self.person.name

    @property
    def named_ids(self) -> tuple[int]:
        """The people whose consent the row needs: its person."""
        return (self.person_id,)


class LinkKind(models.TextChoices):
    PDF = "pdf", "PDF"
    SLIDES = "slides", _("Slides")
    CODE = "code", _("Code")
    VIDEO = "video", _("Video")
    POSTER = "poster", _("Poster")
    BLOG = "blog", _("Blog")
    PROJECT = "project", _("Project")
    DATA = "data", _("Data")
    OTHER = "other", _("Other")


class LinkManager(models.Manager):
    def get_by_natural_key(self, paper: str, kind: str, url: str, file: str) -> Link:
        return self.get(paper__slug=paper, kind=kind, url=url, file=file)


def link_upload_to(link: Link, filename: str) -> str:
    return f"papers/{link.kind}/{filename}"


class Link(models.Model):
    """A paper's PDF, slides, code, video, poster, blog post or project page: a URL or a file."""

    paper = models.ForeignKey(
        Paper, on_delete=models.CASCADE, related_name="links", verbose_name=_("paper")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=LinkKind.choices)
    url = URLField(_("URL"), max_length=500, blank=True)
    file = models.FileField(
        _("file"),
        upload_to=link_upload_to,
        blank=True,
        help_text=_(
            "A PDF, a PNG, JPEG, GIF or WebP image, or a PPTX or ODP presentation, "
            "judged by its content."
        ),
    )
    label = models.CharField(_("label"), max_length=100, blank=True)

    objects = LinkManager()

    class Meta:
        ordering = ["paper", "kind", "id"]
        verbose_name = _("link")
        verbose_name_plural = _("links")
        constraints = [
            models.CheckConstraint(
                condition=(Q(url="") & ~Q(file="")) | (~Q(url="") & Q(file="")),
                name="link_url_xor_file",
                violation_error_message=_("Give either a URL or a file, not both."),
            ),
            models.UniqueConstraint(
                fields=["paper", "kind", "url"],
                condition=~Q(url=""),
                name="link_unique_url",
                violation_error_message=_("This paper already has this link."),
            ),
            models.UniqueConstraint(
                fields=["paper", "kind", "file"],
                condition=~Q(file=""),
                name="link_unique_file",
                violation_error_message=_("This paper already has this file."),
            ),
        ]
        # The file view (pubs.web.media) finds a served file's papers by its name.
        indexes = [models.Index(fields=["file"], name="link_file")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.href}"

    def natural_key(self) -> tuple[str, str, str, str]:
        return (self.paper.slug, self.kind, self.url, self.file.name or "")

    natural_key.dependencies = ["pubs.paper"]

    @property
    def href(self) -> str:
        return self.url or (self.file.url if self.file else "")


class ImportStatus(models.TextChoices):
    PREVIEW = "preview", _("Preview")
    APPLIED = "applied", _("Applied")
    UNDONE = "undone", _("Undone")


class BibtexImport(models.Model):
    """One BibTeX import: who, when, which file, what it did, and how to undo it."""

    created = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    file_name = models.CharField(_("file name"), max_length=255)
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    source = models.CharField(_("source"), max_length=20, default="admin")
    status = models.CharField(
        _("status"), max_length=10, choices=ImportStatus.choices, default=ImportStatus.PREVIEW
    )
    text = models.TextField(_("BibTeX"), blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True)
    counts = models.JSONField(_("counts"), default=dict, blank=True)
    changes = models.JSONField(
        _("changes"), default=dict, blank=True, help_text=_("What undoing the import reverts.")
    )
    undone = models.DateTimeField(_("undone"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )

    class Meta:
        ordering = ["-created"]
        verbose_name = _("BibTeX import")
        verbose_name_plural = _("BibTeX imports")

    def __str__(self) -> str:
        return f"{self.file_name} ({self.get_status_display()}, {self.created:%Y-%m-%d %H:%M})"


class PublicVersion(models.Model):
    """A number that changes with every change the public pages show.

    Cached pages are stored under it, so a change anywhere (in any process, on any server
    sharing the database) makes every cached page stale at once. One row, pk 1.
    """

    value = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("public pages version")
        constraints = [models.CheckConstraint(condition=Q(pk=1), name="publicversion_one_row")]

    def __str__(self) -> str:
        return str(self.value)


class JobStage(models.TextChoices):
    QUEUED = "queued", _("Waiting for the worker")
    FETCHING = "fetching", _("Fetching the entries")
    PLANNING = "planning", _("Planning")
    PLANNED = "planned", _("Planned")
    APPLYING = "applying", _("Importing")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    CANCELLED = "cancelled", _("Cancelled")


class ImportJob(models.Model):
    """The background work on one import (pubs.jobs.imports): fetching its entries from the
    sources, planning a large file, applying it. The admin shows its stage and progress."""

    RUNNING = (JobStage.QUEUED, JobStage.FETCHING, JobStage.PLANNING, JobStage.APPLYING)

    record = models.OneToOneField(
        BibtexImport, on_delete=models.CASCADE, related_name="job", verbose_name=_("import")
    )
    stage = models.CharField(
        _("stage"), max_length=10, choices=JobStage.choices, default=JobStage.QUEUED
    )
    task_id = models.CharField(_("task"), max_length=64, blank=True)
    progress = models.JSONField(_("progress"), default=dict, blank=True)
    message = models.TextField(_("message"), blank=True)
    #: What the job does: "fetch", "plan" or "apply" (pubs.jobs.imports).
    action = models.CharField(_("action"), max_length=10, blank=True)
    #: Who asked for it: at most a few jobs of one user wait or run at once.
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("requested by"),
    )
    #: The worker running it, and when it last said it was alive.
    worker_id = models.CharField(_("worker"), max_length=64, blank=True)
    heartbeat = models.DateTimeField(_("heartbeat"), null=True, blank=True)
    #: How many times a worker has started it.
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    #: The plan the preview shows, as data (pubs.imports.plan_data): written by the worker,
    #: read back by the preview; removed once the import is applied.
    plan = models.JSONField(
        _("plan"), null=True, blank=True, editable=False, encoder=UnicodeJSONEncoder
    )
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("import job")
        verbose_name_plural = _("import jobs")

    def __str__(self) -> str:
        return f"{self.record.file_name}: {self.get_stage_display()}"

    @property
    def running(self) -> bool:
        return self.stage in self.RUNNING


class WorkerBeat(models.Model):
    """A running worker (``manage.py worker``) and when it last said it was alive: jobs of a
    worker silent for longer than WORKER_DEAD_SECONDS are taken back by any other, and the job
    pages say when no worker is alive."""

    worker_id = models.CharField(_("worker"), max_length=64, unique=True)
    host = models.CharField(_("host"), max_length=255, blank=True)
    pid = models.PositiveIntegerField(_("process"), null=True, blank=True)
    started = models.DateTimeField(_("started"))
    seen = models.DateTimeField(_("last seen"), db_index=True)

    class Meta:
        ordering = ["-seen"]
        verbose_name = _("worker")
        verbose_name_plural = _("workers")

    def __str__(self) -> str:
        return self.worker_id


class SourceState(models.Model):
    """What the whole site keeps of one outside source (pubs.services.sources), shared by
    every process without Redis: when its next request may go (the rate it documents), and
    its circuit breaker (failures in a row, and until when it is left alone)."""

    name = models.CharField(_("source"), max_length=40, unique=True)
    next_request = models.DateTimeField(_("next request"), null=True, blank=True)
    failures = models.PositiveIntegerField(_("failures in a row"), default=0)
    open_until = models.DateTimeField(_("paused until"), null=True, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("source state")
        verbose_name_plural = _("source states")

    def __str__(self) -> str:
        return self.name


class SuggestionStatus(models.TextChoices):
    OPEN = "open", _("Open")
    ACCEPTED = "accepted", _("Accepted")
    DISMISSED = "dismissed", _("Dismissed")
    UNDONE = "undone", _("Undone")


class Suggestion(models.Model):
    """A change to a paper that a source suggests (pubs.jobs.refresh): a preprint's published
    version, a missing DOI, abstract or pages. Nothing changes until someone accepts it; an
    accepted one keeps the values it replaced, and can be undone."""

    paper = models.ForeignKey(
        Paper, on_delete=models.CASCADE, related_name="suggestions", verbose_name=_("paper")
    )
    summary = models.CharField(_("suggestion"), max_length=500)
    source = models.CharField(_("source"), max_length=20)
    #: The paper's fields as the source has them ("venue" by id).
    changes = models.JSONField(_("changes"), default=dict, encoder=UnicodeJSONEncoder)
    #: The paper's fields before the suggestion was accepted.
    previous = models.JSONField(_("previous values"), default=dict, encoder=UnicodeJSONEncoder)
    status = models.CharField(
        _("status"), max_length=10, choices=SuggestionStatus.choices, default=SuggestionStatus.OPEN
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    decided = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )

    class Meta:
        ordering = ["-created"]
        verbose_name = _("suggestion")
        verbose_name_plural = _("suggestions")

    def __str__(self) -> str:
        return self.summary


class CitationCount(models.Model):
    """How often a paper is cited, as a source counts it, and on which day it was read
    (pubs.services.citations). Derived: refreshed on a schedule, never edited."""

    paper = models.OneToOneField(
        Paper,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="citation_count",
        verbose_name=_("paper"),
    )
    count = models.PositiveIntegerField(_("cited by"))
    source = models.CharField(_("source"), max_length=20)
    date = models.DateField(_("date"))

    class Meta:
        verbose_name = _("citation count")
        verbose_name_plural = _("citation counts")

    def __str__(self) -> str:
        return f"{self.count} ({self.source}, {self.date})"


class WorkCount(models.Model):
    """How many works a public list shows, by year and venue: the works of every list (no
    person and no group), of a person, or of a group, with the citations of those works
    added up. A summary kept on write (pubs.services.work_counts): the counts and tallies
    of the public pages read it instead of counting every paper. Keyed by venue rather
    than rank, so that a venue's rank may change without a refresh."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    group = models.ForeignKey(
        Group, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    year = models.PositiveSmallIntegerField(null=True, blank=True)
    venue = models.ForeignKey(
        Venue, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    works = models.PositiveIntegerField()
    citations = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("work count")
        verbose_name_plural = _("work counts")
        constraints = [
            models.CheckConstraint(
                condition=Q(person__isnull=True) | Q(group__isnull=True),
                name="workcount_one_scope",
            )
        ]
        indexes = [
            # The list of every work is read by year or by venue; a person's and a group's
            # rows by their foreign keys' own indexes.
            models.Index(
                fields=["year"], condition=Q(person=None, group=None), name="workcount_all_year"
            ),
            models.Index(
                fields=["venue"], condition=Q(person=None, group=None), name="workcount_all_venue"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.year} {self.venue_id}: {self.works}"


class WorkCountState(models.Model):
    """Whether the work counts may be read (one row): a write of papers, authors, groups'
    papers or memberships made outside the services that keep the counts (the shell,
    ``loaddata``, a script) marks them stale, and the pages count from the papers until
    ``manage.py work_counts_rebuild`` recounts everything. No row: stale."""

    stale = models.BooleanField(default=True)

    class Meta:
        verbose_name = _("work count state")
        verbose_name_plural = _("work count states")

    def __str__(self) -> str:
        return "stale" if self.stale else "current"


class RenderedEntry(models.Model):
    """A paper's entry on the public lists (templates/includes/paper_entry.html) as rendered
    in one language, stored so that a list of thousands of papers joins stored HTML rather
    than rendering each entry again (pubs.services.rendering). Derived: the writes that
    change what an entry shows forget or refresh it; ``stamp`` names the templates,
    translations and settings it was rendered with, and a row of another stamp is not read."""

    paper = models.ForeignKey(
        Paper, on_delete=models.CASCADE, related_name="rendered_entries", verbose_name=_("paper")
    )
    language = models.CharField(_("language"), max_length=10)
    stamp = models.CharField(_("stamp"), max_length=16)
    html = models.TextField(_("HTML"))

    class Meta:
        verbose_name = _("rendered entry")
        verbose_name_plural = _("rendered entries")
        constraints = [
            models.UniqueConstraint(
                fields=["paper", "language"], name="renderedentry_one_per_language"
            )
        ]

    def __str__(self) -> str:
        return f"{self.paper_id} ({self.language})"
