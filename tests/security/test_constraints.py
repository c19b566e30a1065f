"""Uniqueness and integrity rules held by the database itself, not only by forms."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from people.models import Group
from pubs.models import PublicVersion
from tests.factories import GroupFactory, PaperFactory, PersonFactory
from tests.pubs.test_models import violates_constraint

pytestmark = pytest.mark.django_db


def test_a_doi_differing_only_in_case_is_the_same_doi():
    PaperFactory(doi="10.1109/tnet.2024.1")
    assert violates_constraint(lambda: PaperFactory(doi="10.1109/TNET.2024.1"))


def test_an_arxiv_id_differing_only_in_case_is_the_same_id():
    PaperFactory(arxiv_id="cs.DC/0101001")
    assert violates_constraint(lambda: PaperFactory(arxiv_id="cs.dc/0101001"))


def test_the_paper_form_reports_a_doi_taken_in_another_case():
    PaperFactory(doi="10.1109/tnet.2024.1")
    paper = PaperFactory.build(doi="10.1109/TNET.2024.1", venue=None)
    with pytest.raises(ValidationError) as error:
        paper.full_clean()
    assert "doi" in error.value.message_dict


def test_two_people_cannot_share_an_orcid():
    PersonFactory(orcid="0000-0002-1825-0097")
    assert violates_constraint(lambda: PersonFactory(orcid="0000-0002-1825-0097"))


def test_many_people_may_have_no_orcid():
    PersonFactory.create_batch(3, orcid="")


def test_the_person_form_reports_a_taken_orcid():
    PersonFactory(orcid="0000-0002-1825-0097")
    person = PersonFactory.build(orcid="0000-0002-1825-0097")
    with pytest.raises(ValidationError) as error:
        person.full_clean()
    assert "Another person already has this ORCID iD." in str(error.value)


def test_a_group_cannot_be_part_of_itself():
    group = GroupFactory()
    with transaction.atomic(), pytest.raises(IntegrityError):
        Group.objects.filter(pk=group.pk).update(parent=group)


def test_a_group_may_be_part_of_another():
    parent = GroupFactory()
    child = GroupFactory(parent=parent)
    child.full_clean()


def test_there_is_one_public_version_row():
    assert violates_constraint(lambda: PublicVersion.objects.create(pk=2))
