from datetime import date, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from people.models import Advising, Membership
from tests.factories import GroupFactory, MembershipFactory, PersonFactory

pytestmark = pytest.mark.django_db


def test_person_str_shows_the_native_name():
    person = PersonFactory(given_name="Jiarui", family_name="Fang", native_name="方佳瑞")
    assert str(person) == "Jiarui Fang (方佳瑞)"


def test_email_is_private_unless_published():
    person = PersonFactory(email="someone@example.org")
    assert person.public_email == ""
    person.email_public = True
    assert person.public_email == "someone@example.org"


def test_name_variants_are_a_list_of_strings():
    person = PersonFactory(variants=["J. Fang", "Fang, Jiarui"])
    person.refresh_from_db()
    assert person.variants == ["J. Fang", "Fang, Jiarui"]


def test_name_variants_must_be_strings():
    person = PersonFactory.build(variants=[1, 2])
    with pytest.raises(ValidationError):
        person.full_clean()


def test_orcid_must_look_like_an_orcid():
    person = PersonFactory.build(orcid="1234")
    with pytest.raises(ValidationError) as error:
        person.full_clean()
    assert "orcid" in error.value.message_dict


def test_membership_cannot_end_before_it_starts():
    with pytest.raises(IntegrityError), transaction.atomic():
        MembershipFactory(start=date(2024, 1, 1), end=date(2023, 1, 1))


def test_current_memberships_are_started_and_not_ended():
    today = timezone.localdate()
    group = GroupFactory()
    current = MembershipFactory(group=group, start=today - timedelta(days=30))
    MembershipFactory(group=group, start=today - timedelta(days=90), end=today - timedelta(days=1))
    MembershipFactory(group=group, start=today + timedelta(days=10))
    assert list(Membership.objects.filter(group=group).current()) == [current]
    assert current.is_current


def test_a_person_cannot_advise_themselves():
    person = PersonFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Advising.objects.create(student=person, advisor=person)


def test_advisors_and_students_are_both_ways():
    student, advisor = PersonFactory(), PersonFactory()
    Advising.objects.create(student=student, advisor=advisor)
    assert list(student.advisors.all()) == [advisor]
    assert list(advisor.students.all()) == [student]


def test_one_role_from_one_date_is_one_membership():
    first = MembershipFactory(start=date(2020, 9, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        MembershipFactory(person=first.person, group=first.group, start=date(2020, 9, 1))


def test_one_undated_role_is_one_membership():
    first = MembershipFactory(start=None)
    with pytest.raises(IntegrityError), transaction.atomic():
        MembershipFactory(person=first.person, group=first.group, start=None)


def test_name_variants_in_chinese_script_are_found_by_text_search():
    person = PersonFactory(variants=["方进"])
    assert list(type(person).objects.filter(variants__icontains="方进")) == [person]
