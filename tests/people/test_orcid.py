"""ORCID iDs as people paste them (people.orcid), and the person's iD field that keeps them."""

import pytest
from django.core.exceptions import ValidationError
from django.forms import modelform_factory

from people.models import Person
from people.orcid import ORCID_URL as ORCID_LINK
from people.orcid import check_character, normalize_orcid, orcid_url
from tests.factories import PersonFactory


@pytest.mark.parametrize(
    ("digits", "check"),
    [("000000021825009", "7"), ("000000015109370", "0"), ("000000021694233", "X")],
)
def test_the_check_character_is_iso_7064_mod_11_2(digits, check):
    assert check_character(digits) == check


@pytest.mark.parametrize(
    "pasted",
    [
        "0000-0002-1825-0097",
        "https://orcid.org/0000-0002-1825-0097",
        "http://orcid.org/0000-0002-1825-0097/",
        "orcid.org/0000-0002-1825-0097",
        "ORCID: 0000-0002-1825-0097",
        "0000000218250097",
    ],
)
def test_an_id_is_read_from_the_forms_people_paste(pasted):
    assert normalize_orcid(pasted) == "0000-0002-1825-0097"


def test_a_lower_case_x_is_the_check_character_ten():
    assert normalize_orcid("0000-0002-1694-233x") == "0000-0002-1694-233X"


@pytest.mark.parametrize(
    "text",
    [
        "0000-0002-1825-0098",  # a mistyped last digit
        "0000-0002-8125-0097",  # two neighbours swapped
        "1234",
        "https://example.org/0000-0002-1825-0097",
    ],
)
def test_what_is_not_an_id_is_refused(text):
    with pytest.raises(ValueError):
        normalize_orcid(text)


def test_nothing_pasted_is_no_id():
    assert normalize_orcid("  ") == "" and orcid_url("") == ""


@pytest.mark.django_db
def test_the_person_keeps_the_id_of_a_pasted_link():
    person = PersonFactory.build(orcid="https://orcid.org/0000-0002-1694-233x")
    person.full_clean()
    assert person.orcid == "0000-0002-1694-233X"


@pytest.mark.django_db
def test_the_person_refuses_an_id_whose_check_character_is_wrong():
    person = PersonFactory.build(orcid="0000-0002-1825-0098")
    with pytest.raises(ValidationError) as error:
        person.full_clean()
    assert "orcid" in error.value.message_dict


@pytest.mark.django_db
def test_a_person_form_takes_the_link_orcid_shows():
    form_class = modelform_factory(Person, fields=["family_name", "slug", "orcid"])
    form = form_class(
        {"family_name": "Carberry", "slug": "carberry", "orcid": ORCID_LINK + "0000-0002-1825-0097"}
    )
    assert form.is_valid(), form.errors
    assert form.save().orcid == "0000-0002-1825-0097"
