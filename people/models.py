"""People (every author, member or not), research groups, memberships and advising."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from people import names
from people.fields import OrcidField, StringListField, URLField
from people.history import KeptHistory


class SlugManager(models.Manager):
    """Natural keys by slug, so fixtures load on top of existing data without duplicating it."""

    def get_by_natural_key(self, slug: str) -> models.Model:
        return self.get(slug=slug)


class Person(models.Model):
    """Anyone who authored a paper: lab members and external co-authors alike (as in DBLP)."""

    given_name = models.CharField(_("given name"), max_length=100, blank=True)
    family_name = models.CharField(_("family name"), max_length=100)
    suffix = models.CharField(
        _("suffix"),
        max_length=20,
        blank=True,
        help_text=_("Jr., Sr., III: two people of one name may differ by it."),
    )
    native_name = models.CharField(
        _("native-script name"), max_length=100, blank=True, help_text=_("For example 方佳瑞.")
    )
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    variants = StringListField(
        _("name variants"),
        help_text=_(
            "Other forms of the name seen in bibliographies, one per line, "
            "e.g. “J. Fang”, “Fang, Jiarui”. Used to match imported authors."
        ),
    )
    affiliation = models.CharField(_("affiliation"), max_length=200, blank=True)
    homepage = URLField(_("homepage"), blank=True)
    github = URLField(_("GitHub"), blank=True)
    google_scholar = URLField(_("Google Scholar"), blank=True)
    dblp = URLField(_("DBLP"), blank=True)
    orcid = OrcidField(
        _("ORCID iD"),
        blank=True,
        help_text=_("For example 0000-0002-1825-0097, or its link on orcid.org."),
    )
    email = models.EmailField(_("email"), blank=True, help_text=_("Private unless published."))
    email_public = models.BooleanField(_("show email publicly"), default=False)
    bio = models.TextField(_("short bio"), blank=True)
    internal_note = models.TextField(
        _("internal note"),
        blank=True,
        default="",
        help_text=_("Seen only in the admin, never on public pages or in exports."),
    )
    advisors = models.ManyToManyField(
        "self",
        through="Advising",
        through_fields=("student", "advisor"),
        symmetrical=False,
        related_name="students",
        blank=True,
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="person",
        verbose_name=_("login"),
        help_text=_("The account this person logs in with: a member edits their own profile."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    modified = models.DateTimeField(_("modified"), auto_now=True)

    objects = SlugManager()
    history = KeptHistory()

    class Meta:
        ordering = ["family_name", "given_name", "slug"]
        verbose_name = _("person")
        verbose_name_plural = _("people")
        constraints = [
            models.UniqueConstraint(
                fields=["orcid"],
                condition=~Q(orcid=""),
                name="person_unique_orcid",
                violation_error_message=_("Another person already has this ORCID iD."),
            ),
        ]
        indexes = [models.Index(fields=["family_name", "given_name"])]

    def __str__(self) -> str:
        if self.native_name:
            return f"{self.name} ({self.native_name})"
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("pubs:person-detail", args=[self.slug])

    def natural_key(self) -> tuple[str]:
        return (self.slug,)

    @property
    def name(self) -> str:
        return names.full_name(self.given_name, self.family_name, self.suffix)

    @property
    def short_name(self) -> str:
        return names.short_name(self.given_name, self.family_name)

    @property
    def public_email(self) -> str:
        return self.email if self.email_public else ""


class Group(models.Model):
    """A research group or lab; a department of several labs nests them with ``parent``."""

    name = models.CharField(_("name"), max_length=200)
    short_name = models.CharField(_("short name"), max_length=50, blank=True)
    native_name = models.CharField(_("native-script name"), max_length=200, blank=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    institution = models.CharField(_("institution"), max_length=200, blank=True)
    department = models.CharField(_("department"), max_length=200, blank=True)
    url = URLField(_("website"), blank=True)
    description = models.TextField(_("description"), blank=True)
    parent = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="subgroups",
        verbose_name=_("part of"),
    )
    members = models.ManyToManyField(Person, through="Membership", related_name="research_groups")
    trusts = models.ManyToManyField(
        "self",
        symmetrical=False,
        blank=True,
        related_name="trusted_by",
        verbose_name=_("trusted groups"),
        help_text=_(
            "Papers and advising that these groups' editors and members add, naming this "
            "group's members, show on this group's pages without asking first."
        ),
    )
    editors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="edited_groups",
        verbose_name=_("editors"),
        help_text=_(
            "Accounts that edit this group's papers, people and memberships and import for it "
            "(with the role “Group editor”)."
        ),
    )

    objects = SlugManager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.CheckConstraint(
                condition=~Q(parent=models.F("pk")),
                name="group_not_own_parent",
                violation_error_message=_("A group cannot be part of itself."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("pubs:group-detail", args=[self.slug])

    def natural_key(self) -> tuple[str]:
        return (self.slug,)


class Role(models.TextChoices):
    PI = "pi", _("Principal investigator")
    FACULTY = "faculty", _("Faculty")
    POSTDOC = "postdoc", _("Postdoc")
    PHD = "phd", _("PhD student")
    MASTER = "master", _("Master's student")
    UNDERGRADUATE = "undergraduate", _("Undergraduate")
    RESEARCH_ASSISTANT = "research_assistant", _("Research assistant")
    ENGINEER = "engineer", _("Engineer")
    VISITOR = "visitor", _("Visitor")
    ALUMNI = "alumni", _("Alumni")


class MembershipQuerySet(models.QuerySet):
    def confirmed(self) -> MembershipQuerySet:
        """Memberships in force: not a request still waiting to be confirmed."""
        return self.filter(confirmed=True)

    def current(self, day: date | None = None) -> MembershipQuerySet:
        """Memberships running on ``day`` (today by default): started and not yet ended (a
        request without a start runs on no day)."""
        day = day or timezone.localdate()
        return self.filter(Q(start__isnull=True, requested=False) | Q(start__lte=day)).filter(
            Q(end__isnull=True) | Q(end__gte=day)
        )


class MembershipManager(models.Manager.from_queryset(MembershipQuerySet)):
    def get_by_natural_key(self, person: str, group: str, role: str, start: str | None):
        return self.get(person__slug=person, group__slug=group, role=role, start=start)


class Membership(models.Model):
    """A person's role in a group over a period (``end`` empty while it lasts)."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("person")
    )
    group = models.ForeignKey(
        Group, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("group")
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    start = models.DateField(_("start"), null=True, blank=True)
    end = models.DateField(_("end"), null=True, blank=True, help_text=_("Empty while current."))
    note = models.CharField(_("note"), max_length=200, blank=True)
    # Adding someone to a group is not their consent to be edited by its editors: a
    # membership an editor adds for someone outside their care is a request until the
    # person, an editor of one of their groups or an admin confirms it (pubs.permissions).
    confirmed = models.BooleanField(
        _("confirmed"),
        default=True,
        help_text=_(
            "A request waits for the person, an editor of one of their groups or an admin to "
            "confirm it; until then it gives no rights and public pages do not show it."
        ),
    )

    # A request that was confirmed covers the years of its dates and no more: confirming a
    # request without dates must not give the requesting group every year of the person's
    # papers (pubs.queries.selectors.memberships_during).
    requested = models.BooleanField(
        _("added as a request"),
        default=False,
        editable=False,
        help_text=_(
            "Added by an editor for someone outside their care: it covers only the years of "
            "its dates (none while it has no start)."
        ),
    )

    objects = MembershipManager()
    history = KeptHistory()

    class Meta:
        ordering = ["group", "role", "start", "person"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            # The natural key (person, group, role, start) names one membership.
            models.UniqueConstraint(
                fields=["person", "group", "role", "start"],
                name="membership_unique_period",
                violation_error_message=_("This person already has this role from this date."),
            ),
            models.UniqueConstraint(
                fields=["person", "group", "role"],
                condition=Q(start__isnull=True),
                name="membership_unique_undated",
                violation_error_message=_("This person already has this role, undated."),
            ),
            models.CheckConstraint(
                condition=Q(start__isnull=True)
                | Q(end__isnull=True)
                | Q(end__gte=models.F("start")),
                name="membership_end_after_start",
                violation_error_message=_("A membership cannot end before it starts."),
            ),
        ]
        indexes = [models.Index(fields=["group", "role"])]

    def __str__(self) -> str:
        return gettext("%(person)s — %(role)s, %(group)s") % {
            "person": self.person,
            "role": self.get_role_display(),
            "group": self.group,
        }

    def natural_key(self) -> tuple:
        start = self.start.isoformat() if self.start else None
        return (self.person.slug, self.group.slug, self.role, start)

    natural_key.dependencies = ["people.person", "people.group"]

    @property
    def is_current(self) -> bool:
        today = timezone.localdate()
        if self.start is None and self.requested:
            return False
        started = self.start is None or self.start <= today
        return started and (self.end is None or self.end >= today)

    @property
    def covers_every_year(self) -> bool:
        """Whether the membership covers the papers of every year (it has no dates and is no
        request)."""
        return self.start is None and self.end is None and not self.requested

    @property
    def covers_no_year(self) -> bool:
        """Whether the membership covers no year at all: a request without a start."""
        return self.requested and self.start is None


class Consent(models.TextChoices):
    """Whether the people a row names accepted it (:class:`Consented`)."""

    ACCEPTED = "accepted", pgettext_lazy("consent", "accepted")
    REQUESTED = "requested", pgettext_lazy("consent", "waiting for acceptance")
    DECLINED = "declined", pgettext_lazy("consent", "declined")


class Consented(models.Model):
    """A row naming people (an authorship, an advising) that someone may add across groups:
    it shows on the pages of the people it names and of their groups only once accepted.

    Who adds it decides its first state (pubs.permissions.CONSENT_RULES): at once accepted
    when each person it names is of one of the adder's groups, of no group, or of a group
    trusting one of the adder's (``Group.trusts``); otherwise a request to the person or an
    editor of their group (pubs.permissions.DECISION_RULES). Its own paper, and the adder's
    group, show it at once.

    ============  =====================================  ==========  ========================
    state         event                                  by          next state
    ============  =====================================  ==========  ========================
    (new)         added within the adder's care          the adder   accepted
    (new)         added naming a trusting group's member the adder   accepted (requested_by)
    (new)         added naming another group's member    the adder   requested
    requested     accept                                 asked side  accepted
    requested     decline                                asked side  declined
    accepted      decline (from a request or a trust)    asked side  declined
    declined      —                                      —           declined, for good
    ============  =====================================  ==========  ========================

    A declined row stays (it is what the paper says) but no page of the asked side shows it.
    """

    consent = models.CharField(
        _("consent"),
        max_length=10,
        choices=Consent.choices,
        default=Consent.ACCEPTED,
        editable=False,
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
        verbose_name=_("requested by"),
        help_text=_("Who added it across groups: empty when it needed nobody's acceptance."),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True, editable=False)

    class Meta:
        abstract = True

    @property
    def is_declinable(self) -> bool:
        """Whether the asked side may still decline it: a request, or one accepted across
        groups (by them or by trust). Declined is for good."""
        if self.consent == Consent.ACCEPTED:
            return self.requested_by_id is not None
        return self.consent == Consent.REQUESTED


class AdvisingRole(models.TextChoices):
    ADVISOR = "advisor", _("Advisor")
    CO_ADVISOR = "co_advisor", _("Co-advisor")
    MENTOR = "mentor", _("Mentor")


class AdvisingManager(models.Manager):
    def get_by_natural_key(self, student: str, advisor: str):
        return self.get(student__slug=student, advisor__slug=advisor)


class Advising(Consented):
    """``advisor`` advised ``student`` (a PhD advisor, a co-advisor, an internship mentor)."""

    student = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="advised_by", verbose_name=_("student")
    )
    advisor = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="advising", verbose_name=_("advisor")
    )
    role = models.CharField(
        _("role"), max_length=20, choices=AdvisingRole.choices, default=AdvisingRole.ADVISOR
    )
    context = models.CharField(
        _("context"), max_length=200, blank=True, help_text=_("E.g. “Ph.D., Tsinghua University”.")
    )

    objects = AdvisingManager()

    class Meta:
        ordering = ["student", "role", "advisor"]
        verbose_name = _("advising")
        verbose_name_plural = _("advising")
        constraints = [
            models.UniqueConstraint(fields=["student", "advisor"], name="advising_unique_pair"),
            models.CheckConstraint(
                condition=~Q(student=models.F("advisor")),
                name="advising_not_self",
                violation_error_message=_("A person cannot advise themselves."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.advisor.name} → {self.student.name} ({self.get_role_display()})"

    def natural_key(self) -> tuple[str, str]:
        return (self.student.slug, self.advisor.slug)

    natural_key.dependencies = ["people.person"]

    @property
    def named_ids(self) -> tuple[int, int]:
        """The people whose consent the row needs: both it names."""
        return (self.student_id, self.advisor_id)


class InvitationQuerySet(models.QuerySet):
    def usable(self) -> InvitationQuerySet:
        """Invitations whose link still works: not used, not revoked, not expired."""
        return self.filter(used__isnull=True, revoked__isnull=True, expires__gt=timezone.now())


class Invitation(models.Model):
    """A one-time link inviting a person to log in: using it creates (or reuses) their login,
    links it to them and gives it the member role (people.invitations)."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("person")
    )
    email = models.EmailField(
        _("sent to"), blank=True, help_text=_("Empty: the link was given to the editor to pass on.")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    expires = models.DateTimeField(_("expires"))
    used = models.DateTimeField(_("used"), null=True, blank=True)
    revoked = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return str(self.person)

    @property
    def state(self) -> str:
        """What became of the link: used, revoked, expired or waiting."""
        if self.used is not None:
            return "used"
        if self.revoked is not None:
            return "revoked"
        if self.expires <= timezone.now():
            return "expired"
        return "waiting"

    @property
    def is_usable(self) -> bool:
        return self.state == "waiting"
