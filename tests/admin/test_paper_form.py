"""The paper form: identifiers are unique with a clear error, and authors keep their order."""

import pytest
from django.urls import reverse

from pubs.models import Paper
from tests.factories import PersonFactory, paper_with_authors


def paper_form_data(paper: Paper | None = None, authors=(), **fields) -> dict:
    """POST data for the paper admin form with its author and link inlines."""
    data = {
        "title": "A paper",
        "slug": "a-paper",
        "kind": "conference",
        "status": "published",
        "year": "2024",
        "is_public": "on",
        "extra_fields": "{}",
        "authorships-TOTAL_FORMS": str(len(authors)),
        "authorships-INITIAL_FORMS": str(sum(1 for a in authors if a.get("id"))),
        "authorships-MIN_NUM_FORMS": "0",
        "authorships-MAX_NUM_FORMS": "1000",
        "links-TOTAL_FORMS": "0",
        "links-INITIAL_FORMS": "0",
        "links-MIN_NUM_FORMS": "0",
        "links-MAX_NUM_FORMS": "1000",
    }
    if paper is not None:
        data.update(title=paper.title, slug=paper.slug, kind=paper.kind, year=str(paper.year))
    data.update(fields)
    for i, author in enumerate(authors):
        for key, value in author.items():
            data[f"authorships-{i}-{key}"] = value
        if paper is not None:
            data[f"authorships-{i}-paper"] = paper.pk
    return data


@pytest.mark.django_db
class TestPaperForm:
    def test_a_second_paper_with_the_same_doi_is_refused_with_a_clear_error(self, admin_client):
        first = paper_with_authors(PersonFactory(), title="First", doi="10.1145/3620666.3651335")
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(
                title="Second", slug="second", doi="https://doi.org/10.1145/3620666.3651335"
            ),
        )
        assert response.status_code == 200
        errors = response.context["adminform"].form.errors
        assert errors["doi"] == [f"This DOI is already used by “{first}”."]
        assert Paper.objects.filter(doi="10.1145/3620666.3651335").count() == 1

    def test_doi_is_stored_in_its_bare_lower_case_form(self, admin_client):
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(doi="https://doi.org/10.1109/ICNP61940.2024.10858534"),
        )
        assert response.status_code == 302
        assert Paper.objects.get(slug="a-paper").doi == "10.1109/icnp61940.2024.10858534"

    def test_a_malformed_doi_is_refused(self, admin_client):
        response = admin_client.post(reverse("admin:pubs_paper_add"), paper_form_data(doi="ICNP"))
        assert response.status_code == 200
        assert "is not a DOI" in response.context["adminform"].form.errors["doi"][0]

    def test_a_second_paper_with_the_same_arxiv_id_is_refused(self, admin_client):
        paper_with_authors(PersonFactory(), title="First", arxiv_id="2405.07719")
        response = admin_client.post(
            reverse("admin:pubs_paper_add"), paper_form_data(arxiv_id="arXiv:2405.07719v1")
        )
        assert response.status_code == 200
        assert "already used by" in response.context["adminform"].form.errors["arxiv_id"][0]

    def test_authors_are_added_in_order(self, admin_client):
        alice, bob = PersonFactory(), PersonFactory()
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(
                authors=[{"person": bob.pk, "position": "1"}, {"person": alice.pk, "position": "2"}]
            ),
        )
        assert response.status_code == 302
        paper = Paper.objects.get(slug="a-paper")
        assert [a.person for a in paper.authorships.order_by("position")] == [bob, alice]

    def test_authors_without_a_position_go_to_the_end(self, admin_client):
        alice, bob, carol = PersonFactory(), PersonFactory(), PersonFactory()
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(
                authors=[
                    {"person": alice.pk, "position": ""},
                    {"person": bob.pk, "position": "1"},
                    {"person": carol.pk, "position": ""},
                ]
            ),
        )
        assert response.status_code == 302
        paper = Paper.objects.get(slug="a-paper")
        order = list(paper.authorships.order_by("position").values_list("person", "position"))
        assert order == [(bob.pk, 1), (alice.pk, 2), (carol.pk, 3)]

    def test_swapping_two_authors_saves_the_new_order(self, admin_client):
        alice, bob = PersonFactory(), PersonFactory()
        paper = paper_with_authors(alice, bob)
        first, second = paper.authorships.order_by("position")
        response = admin_client.post(
            reverse("admin:pubs_paper_change", args=[paper.pk]),
            paper_form_data(
                paper,
                authors=[
                    {"id": first.pk, "person": alice.pk, "position": "2"},
                    {"id": second.pk, "person": bob.pk, "position": "1"},
                ],
            ),
        )
        assert response.status_code == 302
        assert [a.person for a in paper.authorships.order_by("position")] == [bob, alice]

    def test_deleting_an_author_and_moving_another_into_the_place(self, admin_client):
        alice, bob = PersonFactory(), PersonFactory()
        paper = paper_with_authors(alice, bob)
        first, second = paper.authorships.order_by("position")
        response = admin_client.post(
            reverse("admin:pubs_paper_change", args=[paper.pk]),
            paper_form_data(
                paper,
                authors=[
                    {"id": first.pk, "person": alice.pk, "position": "1", "DELETE": "on"},
                    {"id": second.pk, "person": bob.pk, "position": "1"},
                ],
            ),
        )
        assert response.status_code == 302
        assert list(paper.authorships.values_list("person", "position")) == [(bob.pk, 1)]

    def test_two_authors_at_one_position_are_refused(self, admin_client):
        alice, bob = PersonFactory(), PersonFactory()
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(
                authors=[{"person": alice.pk, "position": "1"}, {"person": bob.pk, "position": "1"}]
            ),
        )
        assert response.status_code == 200
        errors = response.context["inline_admin_formsets"][0].formset.non_form_errors()
        assert "Two authors have position 1." in errors
        assert not Paper.objects.filter(slug="a-paper").exists()

    def test_one_person_listed_twice_is_refused(self, admin_client):
        alice = PersonFactory(given_name="Alice", family_name="Liddell")
        response = admin_client.post(
            reverse("admin:pubs_paper_add"),
            paper_form_data(
                authors=[
                    {"person": alice.pk, "position": "1"},
                    {"person": alice.pk, "position": "2"},
                ]
            ),
        )
        assert response.status_code == 200
        errors = response.context["inline_admin_formsets"][0].formset.non_form_errors()
        assert "Alice Liddell is listed twice (positions 1 and 2)." in errors


def test_an_emptied_other_fields_box_saves_as_no_fields(admin_client):
    response = admin_client.post(reverse("admin:pubs_paper_add"), paper_form_data(extra_fields=""))
    assert response.status_code == 302
    assert Paper.objects.get(slug="a-paper").extra_fields == {}


def test_swapping_the_people_of_two_rows_saves_the_new_order(admin_client):
    alice, bob = PersonFactory(), PersonFactory()
    paper = paper_with_authors(alice, bob)
    first, second = paper.authorships.order_by("position")
    response = admin_client.post(
        reverse("admin:pubs_paper_change", args=[paper.pk]),
        paper_form_data(
            paper,
            authors=[
                {"id": first.pk, "person": bob.pk, "position": "1"},
                {"id": second.pk, "person": alice.pk, "position": "2"},
            ],
        ),
    )
    assert response.status_code == 302
    assert [a.person for a in paper.authorships.order_by("position")] == [bob, alice]


def test_an_author_removed_while_another_row_takes_their_person(admin_client):
    alice, bob, carol = PersonFactory(), PersonFactory(), PersonFactory()
    paper = paper_with_authors(alice, bob, carol)
    first, second, third = paper.authorships.order_by("position")
    response = admin_client.post(
        reverse("admin:pubs_paper_change", args=[paper.pk]),
        paper_form_data(
            paper,
            authors=[
                {"id": first.pk, "person": carol.pk, "position": "1"},
                {"id": second.pk, "person": bob.pk, "position": "2"},
                {"id": third.pk, "person": carol.pk, "position": "3", "DELETE": "on"},
            ],
        ),
    )
    assert response.status_code == 302
    assert [a.person for a in paper.authorships.order_by("position")] == [carol, bob]


def test_a_position_past_the_largest_is_refused(admin_client):
    response = admin_client.post(
        reverse("admin:pubs_paper_add"),
        paper_form_data(authors=[{"person": PersonFactory().pk, "position": "40000"}]),
    )
    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    assert "position" in formset.forms[0].errors
    assert not Paper.objects.filter(slug="a-paper").exists()


@pytest.mark.django_db
def test_linking_a_version_in_the_form_folds_the_lesser_one_into_the_paper(admin_client):
    preprint = paper_with_authors(kind="preprint", year=2021, venue=None, slug="the-preprint")
    response = admin_client.post(
        reverse("admin:pubs_paper_add"),
        paper_form_data(kind="journal", year="2022", versions=[preprint.pk]),
    )
    assert response.status_code == 302
    preprint.refresh_from_db()
    assert preprint.folded_into == Paper.objects.get(slug="a-paper")


@pytest.mark.django_db
def test_unlinking_a_version_in_the_form_lists_it_again(admin_client):
    preprint = paper_with_authors(kind="preprint", year=2021, venue=None, slug="the-preprint")
    url = reverse("admin:pubs_paper_add")
    admin_client.post(url, paper_form_data(kind="journal", versions=[preprint.pk]))
    paper = Paper.objects.get(slug="a-paper")
    response = admin_client.post(
        reverse("admin:pubs_paper_change", args=[paper.pk]), paper_form_data(kind="journal")
    )
    assert response.status_code == 302
    preprint.refresh_from_db()
    assert preprint.folded_into is None


@pytest.mark.django_db
def test_hiding_the_version_that_stands_from_the_changelist_lists_the_other(admin_client):
    preprint = paper_with_authors(kind="preprint", year=2021, venue=None, slug="the-preprint")
    admin_client.post(
        reverse("admin:pubs_paper_add"), paper_form_data(kind="journal", versions=[preprint.pk])
    )
    paper = Paper.objects.get(slug="a-paper")
    admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "make_private", "_selected_action": [paper.pk]},
    )
    preprint.refresh_from_db()
    assert preprint.folded_into is None
    paper.refresh_from_db()
    assert paper.folded_into == preprint
