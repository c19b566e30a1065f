"""Merging people in the database and in the admin; deleting an author is refused."""

from __future__ import annotations

import pytest
from django.db.models import ProtectedError
from django.urls import reverse

from people.models import Advising, Membership, Person
from pubs.models import Authorship
from pubs.services.people_merge import MergeRefused, people_merge
from tests.factories import (
    MembershipFactory,
    PersonFactory,
    paper_with_authors,
)

pytestmark = pytest.mark.django_db


def positions(paper) -> list[tuple[int, str, str]]:
    return [
        (a.position, a.person.slug, a.printed_name)
        for a in paper.authorships.select_related("person").order_by("position")
    ]


@pytest.fixture
def pair():
    """Gongming Zhao and his typo, Gongmin Zhao, each with a paper, and one paper by both."""
    kept = PersonFactory(given_name="Gongming", family_name="Zhao", slug="gongming-zhao")
    typo = PersonFactory(given_name="Gongmin", family_name="Zhao", slug="gongmin-zhao")
    xu, fang = PersonFactory(slug="hongli-xu"), PersonFactory(slug="jin-fang")
    own = paper_with_authors(kept, xu, title="His own")
    typoed = paper_with_authors(fang, typo, xu, title="Typo")
    both = paper_with_authors(fang, typo, xu, kept, title="Both")
    Authorship.objects.filter(paper__in=[typoed, both], person=typo).update(
        printed_name="Gongmin Zhao"
    )
    return kept, typo, own, typoed, both


def test_every_authorship_is_kept_with_its_printed_name(pair):
    kept, typo, own, typoed, _both = pair
    people_merge(into=kept, others=[typo])
    assert positions(typoed) == [
        (1, "jin-fang", ""),
        (2, "gongming-zhao", "Gongmin Zhao"),
        (3, "hongli-xu", ""),
    ]
    assert positions(own)[0][1] == "gongming-zhao"
    assert not Person.objects.filter(slug="gongmin-zhao").exists()


def test_a_paper_both_authored_lists_the_person_once_with_no_gap(pair):
    kept, typo, *_rest, both = pair
    people_merge(into=kept, others=[typo])
    assert positions(both) == [
        (1, "jin-fang", ""),
        (2, "gongming-zhao", "Gongmin Zhao"),
        (3, "hongli-xu", ""),
    ]


def test_the_other_name_becomes_a_variant(pair):
    kept, typo, *_rest = pair
    people_merge(into=kept, others=[typo])
    kept.refresh_from_db()
    assert "Gongmin Zhao" in kept.variants


def test_memberships_and_advising_follow(pair):
    kept, typo, *_rest = pair
    membership = MembershipFactory(person=typo)
    advisor = PersonFactory()
    Advising.objects.create(student=typo, advisor=advisor)
    people_merge(into=kept, others=[typo])
    assert Membership.objects.get(pk=membership.pk).person == kept
    assert Advising.objects.get(advisor=advisor).student == kept


def test_a_refused_merge_writes_nothing(pair):
    kept, typo, *_rest = pair
    Person.objects.filter(pk=kept.pk).update(orcid="0000-0002-1825-0097")
    Person.objects.filter(pk=typo.pk).update(orcid="0000-0001-5109-3700")
    kept.refresh_from_db()
    typo.refresh_from_db()
    with pytest.raises(MergeRefused, match="different ORCID"):
        people_merge(into=kept, others=[typo])
    assert Person.objects.filter(pk=typo.pk).exists()
    assert typo.authorships.count() == 2


def test_the_merge_is_kept_in_the_history(pair):
    kept, typo, *_rest = pair
    typo_pk = typo.pk
    people_merge(into=kept, others=[typo])
    assert Person.history.filter(id=typo_pk, history_type="-").exists()
    assert "Gongmin Zhao" in kept.history.latest().variants


class TestAdminAction:
    url = reverse("admin:people_person_changelist")

    def test_the_confirmation_page_lists_the_people_and_the_shared_papers(self, admin_client, pair):
        kept, typo, *_rest = pair
        response = admin_client.post(
            self.url, {"action": "merge_people", "_selected_action": [kept.pk, typo.pk]}
        )
        html = response.content.decode()
        assert response.status_code == 200
        assert "gongming-zhao" in html and "gongmin-zhao" in html
        assert "Both: position 2 kept, position 4 removed" in html
        assert Person.objects.filter(pk=typo.pk).exists()  # nothing merged yet

    def test_confirming_merges_into_the_chosen_person(self, admin_client, pair):
        kept, typo, *_rest = pair
        response = admin_client.post(
            self.url,
            {
                "action": "merge_people",
                "_selected_action": [kept.pk, typo.pk],
                "post": "yes",
                "into": typo.pk,
            },
        )
        assert response.status_code == 302
        assert not Person.objects.filter(pk=kept.pk).exists()
        assert typo.authorships.count() == 3

    def test_a_group_editor_may_not_merge_people_outside_their_groups(self, login, lab, pair):
        kept, typo, *_rest = pair
        login("editor").post(
            self.url,
            {
                "action": "merge_people",
                "_selected_action": [kept.pk, typo.pk],
                "post": "yes",
                "into": kept.pk,
            },
        )
        assert Person.objects.filter(pk=typo.pk).exists()

    def test_a_member_is_not_offered_the_action(self, login, lab):
        response = login("member").get(self.url)
        assert "merge_people" not in response.content.decode()


class TestDeletingAnAuthor:
    def test_the_database_refuses(self, pair):
        _kept, typo, *_rest = pair
        with pytest.raises(ProtectedError):
            typo.delete()

    def test_the_admin_refuses_with_a_clear_message(self, admin_client, pair):
        _kept, typo, *_rest = pair
        url = reverse("admin:people_person_delete", args=[typo.pk])
        page = admin_client.get(url).content.decode()
        assert "is an author of papers and cannot be deleted" in page
        assert "Merge the selected people into one" in page
        admin_client.post(url, {"post": "yes"})
        assert Person.objects.filter(pk=typo.pk).exists()

    def test_a_person_without_papers_can_be_deleted(self, admin_client):
        person = PersonFactory()
        admin_client.post(reverse("admin:people_person_delete", args=[person.pk]), {"post": "yes"})
        assert not Person.objects.filter(pk=person.pk).exists()
