"""Who may do what: the roles, and the rows each user may edit.

Roles are auth groups holding Django model permissions (``manage.py setup_roles`` makes them):

- a **superuser** does everything;
- a **Group editor** edits the papers, people, memberships and advising of the groups they
  edit (``Group.editors``) and imports BibTeX for those groups; a group's papers are those
  its members wrote while members, and those given the group (``selectors.in_groups``);
- a **Member** adds papers and edits those they author, and edits their own profile (the
  Person whose ``user`` they are), and confirms the requests to add them to a group; they
  import their own papers from BibTeX, hidden until an editor of their group publishes them
  (:func:`import_for_review`);
- anonymous visitors read the public pages and nothing else.

A group editor also runs the logins of their group's people (:func:`login_decision`): they
invite a person to log in (people.invitations) and give or take the member role and the
editor role of their groups, without an admin.

Model permissions say which kinds of rows a user may touch; the *scope* computed here says
which rows. The admin applies both through :class:`ScopedAdmin` and :class:`ScopedInline`:
querysets are filtered, object permissions checked, and choices (the groups a paper belongs
to, the group of a membership or an import) limited to the user's groups, so that neither an
edited URL nor a hand-made POST reaches another group's rows.

Which people an editor may edit does not grow by their own action: a membership they add for
someone they may not edit yet is a request, giving nothing until the person, an editor of one
of the person's groups or an admin confirms it (:func:`membership_holds`).

Nor do another group's pages change by their action: a paper or an advising row naming a
member of another group waits for that person's or their group's editor's acceptance before
it counts for them (:data:`CONSENT_RULES`, :data:`DECISION_RULES`; the states are in
people.models.Consented), and until then gives that group's editor no right over the paper.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from django.contrib.auth.models import Group as AuthGroup
from django.contrib.auth.models import Permission
from django.db import models, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from people.models import Advising, Consent, Consented, Group, Invitation, Membership, Person
from pubs.models import Authorship, BibtexImport, Paper
from pubs.queries.selectors import accepted, in_groups, memberships_during

GROUP_EDITOR = "Group editor"
MEMBER = "Member"

VIEW, ADD, CHANGE, DELETE = "view", "add", "change", "delete"
ALL = (VIEW, ADD, CHANGE, DELETE)

#: Each role's model permissions; rows are then limited to the user's scope.
ROLE_PERMISSIONS: dict[str, dict[str, tuple[str, ...]]] = {
    GROUP_EDITOR: {
        "pubs.paper": ALL,
        "pubs.authorship": ALL,
        "pubs.link": ALL,
        "pubs.tag": (VIEW, ADD),
        "pubs.venue": (VIEW, ADD),
        "pubs.venuerank": (VIEW,),
        "pubs.bibteximport": (VIEW, ADD),  # adding an import is running one
        "people.person": ALL,
        "people.group": (VIEW, CHANGE),
        "people.membership": ALL,
        "people.advising": ALL,
        "people.invitation": (VIEW, ADD, CHANGE),  # inviting, revoking
    },
    MEMBER: {
        "pubs.paper": (VIEW, ADD, CHANGE),
        "pubs.authorship": ALL,
        "pubs.link": ALL,
        "pubs.tag": (VIEW, ADD),
        "pubs.venue": (VIEW,),
        "pubs.venuerank": (VIEW,),
        "people.person": (VIEW, ADD, CHANGE),  # adding: a new co-author of their paper
        "people.group": (VIEW,),
        "people.membership": (VIEW,),  # their own, to confirm a group's request
        "pubs.bibteximport": (VIEW, ADD),  # their own papers, for an editor to review
    },
}


@transaction.atomic
def roles_install() -> dict[str, int]:
    """Create or update the role groups so that each holds exactly its permissions.

    Running it again changes nothing. Returns the number of permissions of each role.
    """
    counts = {}
    for role, models_actions in ROLE_PERMISSIONS.items():
        wanted = Q(pk__in=[])
        for label, actions in models_actions.items():
            app_label, model_name = label.split(".")
            codenames = [f"{action}_{model_name}" for action in actions]
            wanted |= Q(content_type__app_label=app_label, codename__in=codenames)
        permissions = list(Permission.objects.filter(wanted))
        expected = sum(len(actions) for actions in models_actions.values())
        if len(permissions) != expected:
            raise LookupError(f"{role}: {expected} permissions expected, {len(permissions)} found")
        group, _created = AuthGroup.objects.get_or_create(name=role)
        group.permissions.set(permissions)
        counts[role] = len(permissions)
    return counts


# -- scope --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scope:
    """What one user may edit beyond their model permissions."""

    everything: bool = False
    user_id: int | None = None
    person_id: int | None = None
    edited_group_ids: frozenset[int] = frozenset()
    member_group_ids: frozenset[int] = frozenset()
    edited_group_slugs: frozenset[str] = frozenset()
    _allowed: dict[tuple[str, Any], bool] = field(default_factory=dict, compare=False, repr=False)

    @property
    def attachable_group_ids(self) -> frozenset[int]:
        """The groups this user may attach a paper to: those they edit or belong to."""
        return self.edited_group_ids | self.member_group_ids

    def rows(self, model: type[models.Model]) -> Q:
        """The rows of ``model`` this user may edit, as a filter."""
        if self.everything:
            return Q()
        return _ROW_FILTERS[model](self)

    def allows(self, obj: models.Model) -> bool:
        """Whether this user may edit ``obj`` (one query per object, remembered)."""
        if self.everything:
            return True
        model = type(obj)
        if obj.pk is None or model not in _ROW_FILTERS:
            return False
        key = (model._meta.label, obj.pk)
        if key not in self._allowed:
            rows = model._default_manager.filter(pk=obj.pk).filter(self.rows(model))
            self._allowed[key] = rows.exists()
        return self._allowed[key]


NOBODY = Scope()
EVERYTHING = Scope(everything=True)


def scope_for(user) -> Scope:
    """The scope of ``user``, read from the database (three queries for a restricted user)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return NOBODY
    if user.is_superuser:
        return EVERYTHING
    person_id = Person.objects.filter(user=user).values_list("pk", flat=True).first()
    edited = dict(Group.objects.filter(editors=user).values_list("pk", "slug"))
    member_of = set()
    if person_id is not None:
        member_of = set(
            Membership.objects.confirmed()
            .current()
            .filter(person_id=person_id)
            .values_list("group_id", flat=True)
        )
    return Scope(
        user_id=user.pk,
        person_id=person_id,
        edited_group_ids=frozenset(edited),
        member_group_ids=frozenset(member_of),
        edited_group_slugs=frozenset(edited.values()),
    )


#: The scope of each request being served, read on the first use: the admin asks for it many
#: times a request (queryset, permissions, fields, choices). An entry goes with its request.
_request_scopes: WeakKeyDictionary[HttpRequest, Scope] = WeakKeyDictionary()


def request_scope(request: HttpRequest) -> Scope:
    """The scope of the request's user, read once per request."""
    scope = _request_scopes.get(request)
    if scope is None:
        scope = _request_scopes[request] = scope_for(request.user)
    return scope


def paper_editable_after(
    scope: Scope, *, author_ids: Iterable[int], group_ids: Iterable[int], year: int | None = None
) -> bool:
    """Whether ``scope`` may still edit a paper with these authors, groups and year once
    saved: it is a paper of a group the user edits (given the group, or by an author who was
    a member in ``year``, as :func:`in_groups` says), or the user is one of its authors."""
    if scope.everything:
        return True
    if scope.edited_group_ids & set(group_ids):
        return True
    author_ids = set(author_ids)
    if scope.person_id is not None and scope.person_id in author_ids:
        return True
    return bool(scope.edited_group_ids and author_ids) and (
        Membership.objects.filter(
            memberships_during(year),
            person_id__in=author_ids,
            group_id__in=scope.edited_group_ids,
        ).exists()
    )


def import_group_allowed(scope: Scope, group: Group | None) -> bool:
    """Whether ``scope`` may import BibTeX for ``group`` (None: no group, as a member
    imports their own papers)."""
    if scope.everything:
        return True
    if group is None:
        return import_for_review(scope)
    return group.pk in scope.edited_group_ids


def import_for_review(scope: Scope) -> bool:
    """Whether an import by ``scope``'s user is a member's import of their own papers: of
    its entries only those they author are imported (the others are skipped), the papers it
    creates stay hidden until an editor of their group reviews and publishes them, and it
    creates no venue. A user who edits a group imports for that group instead."""
    return not scope.everything and not scope.edited_group_ids and scope.person_id is not None


def import_undo_allowed(scope: Scope, record: BibtexImport) -> bool:
    """Whether ``scope``'s user may undo an import: an admin any, others those they ran
    (planned and written inside their scope; another's import may reach beyond it)."""
    if scope.everything:
        return True
    return scope.user_id is not None and record.created_by_id == scope.user_id


def editable_papers(scope: Scope) -> QuerySet[Paper]:
    """The papers ``scope``'s user may open and edit in the admin."""
    return Paper.objects.filter(scope.rows(Paper))


# -- which rows ---------------------------------------------------------------------------------

_NONE = Q(pk__in=[])


def _papers(scope: Scope) -> Q:
    """The papers of the groups they edit (by their members' accepted authorships or given
    the group: ``in_groups``), and those they author (accepted: a request to name them gives
    them nothing yet)."""
    rows = _NONE
    if scope.edited_group_ids:
        rows |= in_groups(scope.edited_group_ids)
    if scope.person_id is not None:
        authored = accepted(paper_id=OuterRef("pk"), person_id=scope.person_id)
        rows |= Q(Exists(authored))
    return rows


def _people(scope: Scope) -> Q:
    """Their own profile; for editors also the members of their groups (confirmed) and the
    outside co-authors of their groups' papers: people of no group and without a login, whom
    nobody else looks after. A member of another group who wrote with the lab is that
    group's to edit (and their own)."""
    rows = Q(pk=scope.person_id) if scope.person_id is not None else _NONE
    if scope.edited_group_ids:
        member = Membership.objects.confirmed().filter(
            person_id=OuterRef("pk"), group_id__in=scope.edited_group_ids
        )
        group_papers = Paper.objects.filter(in_groups(scope.edited_group_ids)).values("pk")
        author = Authorship.objects.filter(person_id=OuterRef("pk"), paper__in=group_papers)
        rows |= Q(Exists(member)) | (Q(Exists(author)) & _outsiders())
    return rows


def _outsiders() -> Q:
    """People of no group (no confirmed membership) and without a login."""
    in_a_group = Membership.objects.confirmed().filter(person_id=OuterRef("pk"))
    return ~Q(Exists(in_a_group)) & Q(user__isnull=True)


def _memberships(scope: Scope) -> Q:
    return Q(group_id__in=scope.edited_group_ids) if scope.edited_group_ids else _NONE


# -- memberships: requests and who confirms them -------------------------------------------


def membership_holds(scope: Scope, person: Person) -> bool:
    """Whether a membership of ``person`` that ``scope``'s user adds holds at once, rather than
    being a request: the user may edit the person already, or nobody else looks after the
    person yet (someone just added: no group, no login, no paper)."""
    if scope.everything or scope.allows(person):
        return True
    return (
        Person.objects.filter(pk=person.pk, user__isnull=True)
        .exclude(Exists(Membership.objects.confirmed().filter(person_id=OuterRef("pk"))))
        .exclude(Exists(Authorship.objects.filter(person_id=OuterRef("pk"))))
        .exists()
    )


def membership_requests(scope: Scope) -> Q:
    """The requests (memberships not confirmed) that ``scope``'s user may confirm or turn
    down: those of the people they may edit (their own, for a member)."""
    if scope.everything:
        return Q(confirmed=False)
    return Q(confirmed=False, person__in=Person.objects.filter(_people(scope)).values("pk"))


def membership_reach(membership: Membership) -> QuerySet[Paper]:
    """The papers of ``membership``'s person in the years it covers: those that become its
    group's papers when it is confirmed (as :func:`in_groups` reads them)."""
    if membership.covers_no_year:
        return Paper.objects.none()
    papers = Paper.objects.filter(pk__in=accepted(person_id=membership.person_id).values("paper"))
    dated = Q()
    if membership.start is not None:
        dated &= Q(year__gte=membership.start.year)
    if membership.end is not None:
        dated &= Q(year__lte=membership.end.year)
    return papers.filter(dated | Q(year__isnull=True)).distinct()


def person_deletable(scope: Scope, person: Person) -> bool:
    """Whether ``scope``'s user may delete ``person`` (or merge them into someone): they may
    edit the person, and the person belongs to no group the user does not edit."""
    if scope.everything:
        return True
    if not scope.allows(person):
        return False
    elsewhere = Membership.objects.confirmed().filter(person_id=person.pk)
    return not elsewhere.exclude(group_id__in=scope.edited_group_ids).exists()


def _advising(scope: Scope) -> Q:
    if not scope.edited_group_ids:
        return _NONE
    people = Person.objects.filter(_people(scope)).values("pk")
    return Q(student__in=people) | Q(advisor__in=people)


def _groups(scope: Scope) -> Q:
    return Q(pk__in=scope.edited_group_ids) if scope.edited_group_ids else _NONE


def _imports(scope: Scope) -> Q:
    rows = Q(created_by_id=scope.user_id) if scope.user_id is not None else _NONE
    if scope.edited_group_slugs:
        rows |= Q(options__group__in=sorted(scope.edited_group_slugs))
    return rows


def _invitations(scope: Scope) -> Q:
    """The invitations they sent, and those to the members of the groups they edit."""
    rows = Q(created_by_id=scope.user_id) if scope.user_id is not None else _NONE
    if scope.edited_group_ids:
        member = Membership.objects.confirmed().filter(group_id__in=scope.edited_group_ids)
        rows |= Q(person__in=member.values("person_id"))
    return rows


_ROW_FILTERS = {
    Invitation: _invitations,
    Paper: _papers,
    Person: _people,
    Membership: _memberships,
    Advising: _advising,
    Group: _groups,
    BibtexImport: _imports,
}


# -- the admin ----------------------------------------------------------------------------------


class ScopedAdmin:
    """ModelAdmin mixin: a user who is not a superuser lists, views, changes and deletes only
    the rows of their scope (or, with ``view_everything``, views all and edits their scope).

    ``private_fields`` are hidden from restricted users on rows outside their scope (and
    ``superuser_fields`` from every restricted user).
    """

    view_everything = False
    private_fields: Sequence[str] = ()
    superuser_fields: Sequence[str] = ()

    def scope(self, request: HttpRequest) -> Scope:
        return request_scope(request)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        queryset = super().get_queryset(request)
        scope = self.scope(request)
        if scope.everything or self.view_everything:
            return queryset
        return queryset.filter(scope.rows(self.model))

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        allowed = super().has_view_permission(request, obj)
        if not allowed or obj is None or self.view_everything:
            return allowed
        return self.scope(request).allows(obj)

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        allowed = super().has_change_permission(request, obj)
        return allowed and (obj is None or self.scope(request).allows(obj))

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or self.scope(request).allows(obj))

    def has_view_history_or_change_history_permission(self, request: HttpRequest, obj=None):
        # (For admins with a history.) A history shows every field's past values: where
        # some fields are private, only to those who may edit the row.
        allowed = super().has_view_history_or_change_history_permission(request, obj)
        if allowed and obj is not None and self.private_fields:
            return self.scope(request).allows(obj)
        return allowed

    def get_fieldsets(self, request: HttpRequest, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        scope = self.scope(request)
        if scope.everything:
            return fieldsets
        hidden = set(self.superuser_fields)
        if obj is not None and not scope.allows(obj):
            hidden |= set(self.private_fields)
        return without_fields(fieldsets, hidden)

    def get_autocomplete_fields(self, request: HttpRequest) -> Sequence[str]:
        # A restricted user picks from the short list of their own groups, not from every
        # group the autocomplete would offer.
        fields = super().get_autocomplete_fields(request)
        if self.scope(request).everything:
            return fields
        return [name for name in fields if name not in self.scoped_choices()]

    def scoped_choices(self) -> dict[str, Callable[[Scope], QuerySet]]:
        """Relation fields whose choices a restricted user has limited: name → the choices."""
        return {}

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        self._limit_choices(db_field, request, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request: HttpRequest, **kwargs):
        self._limit_choices(db_field, request, kwargs)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def _limit_choices(self, db_field, request: HttpRequest, kwargs: dict) -> None:
        scope = self.scope(request)
        if scope.everything or db_field.name not in self.scoped_choices():
            return
        kwargs["queryset"] = self.scoped_choices()[db_field.name](scope)


class ScopedInline(ScopedAdmin):
    """InlineModelAdmin mixin: the inline's rows and choices limited to the user's scope.

    Permissions on an inline's parent object are the parent admin's business.
    """

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return super(ScopedAdmin, self).has_view_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return super(ScopedAdmin, self).has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return super(ScopedAdmin, self).has_delete_permission(request, obj)


def attachable_groups(scope: Scope) -> QuerySet:
    """The groups a user may attach a paper to: those they edit or belong to."""
    return Group.objects.filter(pk__in=scope.attachable_group_ids)


def edited_groups(scope: Scope) -> QuerySet:
    """The groups a user edits (all of them for a superuser)."""
    if scope.everything:
        return Group.objects.all()
    return Group.objects.filter(pk__in=scope.edited_group_ids)


def without_fields(fieldsets: Sequence, hidden: set[str]) -> list:
    """``fieldsets`` without the fields named in ``hidden`` (and without emptied sets)."""
    if not hidden:
        return list(fieldsets)
    result = []
    for name, options in fieldsets:
        fields = []
        for item in options.get("fields", ()):
            if isinstance(item, list | tuple):
                kept = tuple(f for f in item if f not in hidden)
                if kept:
                    fields.append(kept if len(kept) > 1 else kept[0])
            elif item not in hidden:
                fields.append(item)
        if fields:
            result.append((name, {**options, "fields": fields}))
    return result


# -- logins: invitations and roles ---------------------------------------------------------


@dataclass(frozen=True)
class LoginDecision:
    """Whether a user may run a person's login (invite them, give or take their roles), and
    the rule that said so."""

    allowed: bool
    rule: str

    @property
    def reason(self) -> str:
        return str(LOGIN_RULES[self.rule])


#: The rules deciding who runs whose login, in the order :func:`login_decision` applies them.
LOGIN_RULES = {
    "admin": _("An admin runs every login."),
    "edits_no_group": _("Only an editor of one of their groups may invite them."),
    "own_login": _("Your own login is an admin's to change."),
    "not_of_your_groups": _("They are no member of a group you edit."),
    "of_another_group": _(
        "They are also a member of a group you do not edit: its editor or an admin runs "
        "their login."
    ),
    "login_disabled": _("An admin disabled their login."),
    "rights_beyond_roles": _(
        "Their login has rights beyond the member and editor roles: an admin runs it."
    ),
    "edits_another_group": _(
        "They edit a group you do not edit: an admin or that group's editor runs their login."
    ),
    "editor_of_their_group": _("You edit their group."),
    "logs_in_already": _(
        "They log in already: an invitation would set their password. Give or take their "
        "roles here; a forgotten password is an admin's to reset."
    ),
}


def login_decision(scope: Scope, person: Person) -> LoginDecision:
    """Whether ``scope``'s user may invite ``person`` to log in and give or take their roles.

    An editor runs the logins of their groups' people only: people with a confirmed
    membership of a group they edit and of no other group, whose login (if any) is enabled,
    holds no more than the roles, and edits no group they do not edit. Never their own.
    """
    if scope.everything:
        return LoginDecision(True, "admin")
    if not scope.edited_group_ids:
        return LoginDecision(False, "edits_no_group")
    if person.user_id is not None and person.user_id == scope.user_id:
        return LoginDecision(False, "own_login")
    groups = set(
        Membership.objects.confirmed().filter(person=person).values_list("group_id", flat=True)
    )
    if not groups & scope.edited_group_ids:
        return LoginDecision(False, "not_of_your_groups")
    if groups - scope.edited_group_ids:
        return LoginDecision(False, "of_another_group")
    user = person.user
    if user is not None:
        if not user.is_active:
            return LoginDecision(False, "login_disabled")
        roles = set(user.groups.values_list("name", flat=True))
        if user.is_superuser or user.user_permissions.exists() or roles - {MEMBER, GROUP_EDITOR}:
            return LoginDecision(False, "rights_beyond_roles")
        edited = set(user.edited_groups.values_list("pk", flat=True))
        if edited - scope.edited_group_ids:
            return LoginDecision(False, "edits_another_group")
    return LoginDecision(True, "editor_of_their_group")


def invitation_decision(scope: Scope, person: Person) -> LoginDecision:
    """Whether ``scope``'s user may invite ``person`` to log in: they run the person's login
    (:func:`login_decision`) and the person does not log in yet (no login, or one without a
    password), since the link sets the login's password and whoever holds it logs in."""
    decision = login_decision(scope, person)
    if decision.allowed and person.user is not None and person.user.has_usable_password():
        return LoginDecision(False, "logs_in_already")
    return decision


def role_member_give(user) -> None:
    """Give ``user`` the member role (and the admin's door, which it opens)."""
    user.groups.add(AuthGroup.objects.get(name=MEMBER))
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])


def role_member_take(user) -> None:
    """Take the member role from ``user``; a login left with no role cannot enter the admin."""
    user.groups.remove(AuthGroup.objects.get(name=MEMBER))
    _close_door_without_role(user)


def role_editor_give(user, group: Group) -> None:
    """Make ``user`` an editor of ``group``, with the editor role."""
    group.editors.add(user)
    user.groups.add(AuthGroup.objects.get(name=GROUP_EDITOR))
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])


def role_editor_take(user, group: Group) -> None:
    """``user`` no longer edits ``group``; the editor role goes with their last group."""
    group.editors.remove(user)
    if not user.edited_groups.exists():
        user.groups.remove(AuthGroup.objects.get(name=GROUP_EDITOR))
    _close_door_without_role(user)


def _close_door_without_role(user) -> None:
    if user.is_staff and not user.is_superuser and not user.groups.exists():
        user.is_staff = False
        user.save(update_fields=["is_staff"])


def editor_groups_of(scope: Scope, person: Person) -> QuerySet[Group]:
    """The groups of ``person`` (confirmed) whose editor role ``scope``'s user may give or take."""
    groups = Group.objects.filter(memberships__person=person, memberships__confirmed=True)
    if not scope.everything:
        groups = groups.filter(pk__in=scope.edited_group_ids)
    return groups.distinct().order_by("name")


# -- consent across groups -----------------------------------------------------------------


@dataclass(frozen=True)
class ConsentDecision:
    """What a rule said of a row naming people: whether it holds at once when added
    (:data:`CONSENT_RULES`), or whether a user may accept or decline it
    (:data:`DECISION_RULES`)."""

    allowed: bool
    rule: str

    @property
    def reason(self) -> str:
        return str({**CONSENT_RULES, **DECISION_RULES}[self.rule])


#: Whether naming a person (an author, a student or an advisor) holds at once, in the order
#: :func:`consent_when_added` applies them. Those allowed are accepted at once.
CONSENT_RULES = {
    "admin": _("An admin's additions need nobody's acceptance."),
    "themselves": _("You named yourself."),
    "of_your_group": _(
        "They are a member of one of your groups (a membership they or their group confirmed)."
    ),
    "no_group": _("They belong to no group."),
    "trusted": _("One of their groups trusts one of yours."),
    "another_group": _(
        "They belong to a group that is not yours: its pages and theirs show it once they "
        "or its editor accept it."
    ),
}

#: Who may accept or decline a row naming people, in the order :func:`consent_decision`
#: applies them.
DECISION_RULES = {
    "admin": _("An admin decides every request."),
    "declined": _("It was declined, for good."),
    "nothing_asked": _("It was added within its people's groups: nobody was asked."),
    "named": _("It names you."),
    "editor_of_their_group": _("You edit a group of theirs that was asked."),
    "not_yours": _("It names nobody of yours: they or their group's editor decide."),
}


def _groups_of(person_ids: Iterable[int]) -> dict[int, set[int]]:
    """Person id -> the groups of their confirmed memberships (one query)."""
    groups: dict[int, set[int]] = defaultdict(set)
    rows = Membership.objects.confirmed().filter(person_id__in=set(person_ids))
    for person_id, group_id in rows.values_list("person_id", "group_id"):
        groups[person_id].add(group_id)
    return groups


def consent_when_added(scope: Scope, person_ids: Iterable[int]) -> dict[int, ConsentDecision]:
    """Whether naming each of ``person_ids`` in a row ``scope``'s user adds holds at once
    (:data:`CONSENT_RULES`; two queries). "Yours": the groups the user edits or belongs to.
    A person of one of them and of another group is the user's to name: their membership of
    the user's group was confirmed by them, their group's editor or an admin."""
    person_ids = set(person_ids)
    if scope.everything:
        return {pk: ConsentDecision(True, "admin") for pk in person_ids}
    own = scope.attachable_group_ids
    groups = _groups_of(person_ids)
    others = set().union(*(g - own for g in groups.values()))
    trusting = set()
    if others and own:
        trusting = set(
            Group.objects.filter(pk__in=others, trusts__in=own).values_list("pk", flat=True)
        )
    decisions = {}
    for pk in person_ids:
        theirs = groups.get(pk, set())
        if pk == scope.person_id:
            decisions[pk] = ConsentDecision(True, "themselves")
        elif theirs & own:
            decisions[pk] = ConsentDecision(True, "of_your_group")
        elif not theirs:
            decisions[pk] = ConsentDecision(True, "no_group")
        elif theirs & trusting:
            decisions[pk] = ConsentDecision(True, "trusted")
        else:
            decisions[pk] = ConsentDecision(False, "another_group")
    return decisions


def consent_settle(scope: Scope, rows: Sequence[Consented]) -> list[Consented]:
    """Set the consent of ``rows`` (authorships or advising rows ``scope``'s user adds, not
    saved yet) as :func:`consent_when_added` says of the people each names: accepted, with
    ``requested_by`` when it crossed groups by trust, or a request. Returns the requests."""
    decisions = consent_when_added(scope, {pk for row in rows for pk in row.named_ids})
    now = timezone.now()
    requests = []
    for row in rows:
        rules = {decisions[pk].rule for pk in row.named_ids if pk is not None}
        row.consent, row.requested_by_id, row.decided_at = Consent.ACCEPTED, None, None
        if "another_group" in rules:
            row.consent, row.requested_by_id = Consent.REQUESTED, scope.user_id
            requests.append(row)
        elif "trusted" in rules:
            row.requested_by_id, row.decided_at = scope.user_id, now
    return requests


@dataclass
class ConsentContext:
    """What deciding on some rows reads, read for all of them at once (three queries): the
    groups of the people they name, and the groups and person of those who asked."""

    groups: dict[int, set[int]]
    asker_groups: dict[int, set[int]]
    asker_person: dict[int, int]

    @classmethod
    def of(cls, rows: Iterable[Consented]) -> ConsentContext:
        rows = list(rows)
        askers = {row.requested_by_id for row in rows if row.requested_by_id is not None}
        asker_groups: dict[int, set[int]] = defaultdict(set)
        edited = Group.editors.through.objects.filter(user_id__in=askers)
        for user_id, group_id in edited.values_list("user_id", "group_id"):
            asker_groups[user_id].add(group_id)
        asker_person = dict(Person.objects.filter(user_id__in=askers).values_list("user_id", "pk"))
        named = {pk for row in rows for pk in row.named_ids} | set(asker_person.values())
        groups = _groups_of(named)
        for user_id, person_id in asker_person.items():
            asker_groups[user_id] |= groups.get(person_id, set())
        return cls(groups, asker_groups, asker_person)

    def asked(self, row: Consented) -> tuple[set[int], set[int]]:
        """The people and the groups ``row`` asked: the groups of the people it names that
        are not the asker's, and the people named of those groups."""
        own = self.asker_groups.get(row.requested_by_id, set())
        asker = self.asker_person.get(row.requested_by_id)
        people, groups = set(), set()
        for pk in row.named_ids:
            other = self.groups.get(pk, set()) - own
            if other and pk != asker:
                people.add(pk)
                groups |= other
        return people, groups


def consent_decision(
    scope: Scope, row: Consented, context: ConsentContext | None = None
) -> ConsentDecision:
    """Whether ``scope``'s user may accept or decline ``row`` (:data:`DECISION_RULES`): the
    person it asked, or an editor of a group it asked, while it is waiting or was accepted
    across groups. ``context`` is what :meth:`ConsentContext.of` read (else read here)."""
    if scope.everything:
        return ConsentDecision(True, "admin")
    if row.consent == Consent.DECLINED:
        return ConsentDecision(False, "declined")
    if not row.is_declinable:
        return ConsentDecision(False, "nothing_asked")
    people, groups = (context or ConsentContext.of([row])).asked(row)
    if scope.person_id is not None and scope.person_id in people:
        return ConsentDecision(True, "named")
    if scope.edited_group_ids & groups:
        return ConsentDecision(True, "editor_of_their_group")
    return ConsentDecision(False, "not_yours")


def consent_candidates(scope: Scope, model: type[Consented]) -> QuerySet:
    """The rows of ``model`` asked across groups (waiting, or accepted and declinable) that
    name ``scope``'s user or a member of a group they edit: those :func:`consent_decision`
    may allow them to decide (all of them for an admin)."""
    rows = model.objects.filter(
        Q(consent=Consent.REQUESTED) | Q(consent=Consent.ACCEPTED, requested_by__isnull=False)
    )
    if scope.everything:
        return rows
    fields = ("person",) if model is Authorship else ("student", "advisor")
    theirs = _NONE
    for name in fields:
        if scope.person_id is not None:
            theirs |= Q(**{f"{name}_id": scope.person_id})
        if scope.edited_group_ids:
            members = Membership.objects.confirmed().filter(group_id__in=scope.edited_group_ids)
            theirs |= Q(**{f"{name}__in": members.values("person_id")})
    return rows.filter(theirs)
