"""The rules of consent across groups, one test each: whether naming a person in a row a user
adds holds at once (``CONSENT_RULES``), and who may accept or decline it (``DECISION_RULES``).
The cast is the lab's: group A with its editor, member and colleague; group B with its
editor and the stranger."""

from __future__ import annotations

import pytest

from people.models import Advising, Consent
from pubs.models import Authorship
from pubs.permissions import (
    CONSENT_RULES,
    DECISION_RULES,
    consent_decision,
    consent_settle,
    consent_when_added,
    scope_for,
)
from tests.factories import MembershipFactory, PersonFactory, paper_with_authors
from tests.roles.conftest import staff_user


def rule_when_added(user, person) -> str:
    return consent_when_added(scope_for(user), [person.pk])[person.pk].rule


def asked_authorship(lab) -> Authorship:
    """The stranger (group B) named on a paper of group A by A's editor, saved."""
    paper = paper_with_authors(lab.colleague, title="Cross-group paper")
    row = Authorship(paper=paper, person=lab.stranger, position=2)
    consent_settle(scope_for(lab.editor), [row])
    row.save()
    return row


@pytest.fixture
def stranger_login(lab, django_user_model):
    """The stranger of group B, logging in."""
    user = staff_user(django_user_model, "stranger")
    lab.stranger.user = user
    lab.stranger.save()
    return user


# -- when added ----------------------------------------------------------------------------


def test_every_rule_has_a_reason():
    assert set(CONSENT_RULES) == {
        "admin",
        "themselves",
        "of_your_group",
        "no_group",
        "trusted",
        "another_group",
    }
    assert set(DECISION_RULES) == {
        "admin",
        "declined",
        "nothing_asked",
        "named",
        "editor_of_their_group",
        "not_yours",
    }


def test_an_admins_additions_hold_at_once(lab):
    assert rule_when_added(lab.superuser, lab.stranger) == "admin"


def test_naming_oneself_holds_at_once(lab):
    assert rule_when_added(lab.member, lab.member_person) == "themselves"


def test_naming_a_member_of_ones_own_group_holds_at_once(lab):
    assert rule_when_added(lab.editor, lab.colleague) == "of_your_group"


def test_a_member_naming_a_colleague_of_their_group_holds_at_once(lab):
    assert rule_when_added(lab.member, lab.colleague) == "of_your_group"


def test_naming_a_member_of_ones_group_and_another_holds_at_once(lab):
    """Their membership of the editor's group was confirmed by them or their other group."""
    MembershipFactory(person=lab.colleague, group=lab.other_group)
    assert rule_when_added(lab.editor, lab.colleague) == "of_your_group"


def test_a_membership_request_not_confirmed_yet_gives_no_consent(lab):
    MembershipFactory(person=lab.stranger, group=lab.group, confirmed=False, requested=True)
    assert rule_when_added(lab.editor, lab.stranger) == "another_group"


def test_naming_someone_of_no_group_holds_at_once(lab):
    assert rule_when_added(lab.editor, PersonFactory()) == "no_group"


def test_an_editor_of_both_groups_names_either_groups_member_at_once(lab):
    lab.other_group.editors.add(lab.editor)
    assert rule_when_added(lab.editor, lab.stranger) == "of_your_group"


def test_naming_a_member_of_a_group_trusting_ones_own_holds_at_once(lab):
    lab.other_group.trusts.add(lab.group)
    assert rule_when_added(lab.editor, lab.stranger) == "trusted"


def test_trust_goes_one_way(lab):
    lab.group.trusts.add(lab.other_group)  # A trusts B: B's additions, not A's
    assert rule_when_added(lab.editor, lab.stranger) == "another_group"


def test_naming_another_groups_member_asks_them(lab):
    decision = consent_when_added(scope_for(lab.editor), [lab.stranger.pk])[lab.stranger.pk]
    assert (decision.allowed, decision.rule) == (False, "another_group")
    assert "accept" in decision.reason


# -- settling a row ------------------------------------------------------------------------


def test_a_row_asked_across_groups_waits_and_names_who_asked(lab):
    row = asked_authorship(lab)
    assert (row.consent, row.requested_by_id, row.decided_at) == (
        Consent.REQUESTED,
        lab.editor.pk,
        None,
    )


def test_a_row_added_by_trust_is_accepted_and_stays_declinable(lab):
    lab.other_group.trusts.add(lab.group)
    row = asked_authorship(lab)
    assert (row.consent, row.requested_by_id) == (Consent.ACCEPTED, lab.editor.pk)
    assert row.decided_at is not None
    assert row.is_declinable


def test_a_row_within_ones_groups_asks_nobody(lab):
    row = Authorship(paper=lab.group_paper, person=lab.member_person, position=2)
    consent_settle(scope_for(lab.editor), [row])
    assert (row.consent, row.requested_by_id) == (Consent.ACCEPTED, None)
    assert not row.is_declinable


def test_an_advising_row_asks_when_either_person_is_of_another_group(lab):
    row = Advising(advisor=lab.colleague, student=lab.stranger)
    assert consent_settle(scope_for(lab.editor), [row]) == [row]
    assert row.consent == Consent.REQUESTED


# -- deciding ------------------------------------------------------------------------------


def test_an_admin_decides_every_request(lab):
    assert consent_decision(scope_for(lab.superuser), asked_authorship(lab)).rule == "admin"


def test_the_person_named_decides(lab, stranger_login):
    decision = consent_decision(scope_for(stranger_login), asked_authorship(lab))
    assert (decision.allowed, decision.rule) == (True, "named")


def test_an_editor_of_the_named_persons_group_decides(lab):
    decision = consent_decision(scope_for(lab.other_editor), asked_authorship(lab))
    assert (decision.allowed, decision.rule) == (True, "editor_of_their_group")


def test_the_editor_who_asked_does_not_decide(lab):
    decision = consent_decision(scope_for(lab.editor), asked_authorship(lab))
    assert (decision.allowed, decision.rule) == (False, "not_yours")


def test_another_editor_of_the_asking_group_does_not_decide(lab, django_user_model):
    second = staff_user(django_user_model, "second-editor")
    lab.group.editors.add(second)
    assert consent_decision(scope_for(second), asked_authorship(lab)).rule == "not_yours"


def test_the_person_joining_the_asking_group_later_leaves_the_decision_to_their_group(lab):
    row = asked_authorship(lab)
    MembershipFactory(person=lab.stranger, group=lab.group)
    assert consent_decision(scope_for(lab.editor), row).rule == "not_yours"
    assert consent_decision(scope_for(lab.other_editor), row).rule == "editor_of_their_group"


def test_a_colleague_of_the_asker_named_beside_another_groups_student_does_not_decide(
    lab, django_user_model
):
    """An advising row between A's colleague and B's stranger asks B's side only."""
    user = staff_user(django_user_model, "colleague")
    lab.colleague.user = user
    lab.colleague.save()
    row = Advising(advisor=lab.colleague, student=lab.stranger)
    consent_settle(scope_for(lab.editor), [row])
    row.save()
    assert consent_decision(scope_for(user), row).rule == "not_yours"
    assert consent_decision(scope_for(lab.other_editor), row).rule == "editor_of_their_group"


def test_a_request_whose_asker_is_gone_is_decided_by_the_named_persons_side(lab):
    row = asked_authorship(lab)
    lab.editor.delete()
    row.refresh_from_db()
    assert row.requested_by_id is None
    assert consent_decision(scope_for(lab.other_editor), row).rule == "editor_of_their_group"


def test_a_declined_row_is_declined_for_good(lab):
    row = asked_authorship(lab)
    row.consent = Consent.DECLINED
    decision = consent_decision(scope_for(lab.other_editor), row)
    assert (decision.allowed, decision.rule) == (False, "declined")


def test_a_row_added_within_its_peoples_groups_has_nothing_to_decide(lab):
    row = lab.other_paper.authorships.get()
    assert consent_decision(scope_for(lab.other_editor), row).rule == "nothing_asked"
