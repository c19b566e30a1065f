"""Every admin page opens for a superuser and not for anonymous users; search and filters work.

These tests run on the demo data.
"""

import bibtexparser
import pytest
from django.contrib import admin
from django.contrib.auth.models import Group as AuthGroup
from django.urls import reverse
from django.utils import timezone

from people.models import Group, Invitation, Person
from pubs.jobs.refresh import refresh_citations
from pubs.models import BibtexImport, ImportJob, Paper, Suggestion, Venue
from tests.admin.conftest import REGISTERED

pytestmark = pytest.mark.usefixtures("demo")


def admin_urls(app_label: str, model_name: str) -> list[str]:
    """The changelist, add, change, history and delete pages of one model's first object."""
    model = next(
        m
        for m in admin.site._registry
        if m._meta.model_name == model_name and m._meta.app_label == app_label
    )
    obj = model._default_manager.order_by("pk").first()
    assert obj is not None, f"no {app_label}.{model_name} to open"
    base = f"admin:{app_label}_{model_name}"
    return [
        reverse(f"{base}_changelist"),
        reverse(f"{base}_add"),
        reverse(f"{base}_change", args=[obj.pk]),
        reverse(f"{base}_history", args=[obj.pk]),
        reverse(f"{base}_delete", args=[obj.pk]),
    ]


class TestPagesOpen:
    @pytest.fixture(autouse=True)
    def _auth_objects(self, db, django_user_model):
        """One auth group and one user, so that their admin pages have an object to open."""
        AuthGroup.objects.get_or_create(name="Editors")
        django_user_model.objects.get_or_create(username="editor")
        record = BibtexImport.objects.create(
            file_name="refs.bib", sha256="0" * 64, status="applied"
        )
        # An import's job, a suggestion and a job in the queue, for their pages to open.
        ImportJob.objects.create(record=record, stage="done")
        paper = Paper.objects.order_by("pk").first()
        Suggestion.objects.create(paper=paper, summary="A doi", source="Crossref", changes={})
        refresh_citations.enqueue()
        Invitation.objects.create(person=Person.objects.first(), expires=timezone.now())

    @pytest.mark.parametrize(("app_label", "model_name"), REGISTERED)
    def test_every_admin_page_answers_200_for_a_superuser(
        self, admin_client, app_label, model_name
    ):
        urls = admin_urls(app_label, model_name)
        assert urls
        for url in urls:
            response = admin_client.get(url, follow=True)  # adding an import is uploading one
            assert response.status_code == 200, url

    @pytest.mark.parametrize(("app_label", "model_name"), REGISTERED)
    def test_anonymous_users_are_sent_to_log_in(self, client, app_label, model_name):
        urls = admin_urls(app_label, model_name)
        assert urls
        for url in urls:
            response = client.get(url)
            assert response.status_code == 302, url
            assert response["Location"].startswith(reverse("admin:login")), url

    def test_admin_index_answers_200(self, admin_client):
        assert admin_client.get(reverse("admin:index")).status_code == 200


class TestPaperChangelist:
    url = reverse("admin:pubs_paper_changelist")

    def titles(self, admin_client, **params) -> set[str]:
        response = admin_client.get(self.url, params)
        assert response.status_code == 200
        return {paper.title for paper in response.context["cl"].result_list}

    def test_search_finds_papers_by_author_name(self, admin_client):
        titles = self.titles(admin_client, q="Jiangfei Duan")
        assert len(titles) == 5

    def test_search_finds_papers_by_chinese_name(self, admin_client):
        titles = self.titles(admin_client, q="徐宏力")
        assert any(title.startswith("GOAT") for title in titles)

    def test_search_finds_papers_by_name_variant(self, admin_client):
        titles = self.titles(admin_client, q="Li, Liandeng")
        assert any(title.startswith("swCaffe") for title in titles)

    def test_search_finds_papers_by_venue_abbreviation(self, admin_client):
        titles = self.titles(admin_client, q="NSDI")
        assert {t.split(":")[0] for t in titles} == {"Parcae"}

    def test_search_finds_a_paper_by_pasted_doi_url(self, admin_client):
        Paper.objects.filter(title__startswith="GOAT").update(doi="10.1109/iwqos57198.2023.1")
        titles = self.titles(admin_client, q="https://doi.org/10.1109/IWQoS57198.2023.1")
        assert [t.split(":")[0] for t in titles] == ["GOAT"]

    def test_search_finds_a_paper_by_arxiv_id(self, admin_client):
        titles = self.titles(admin_client, q="arXiv:2405.07719v2")
        assert [t.split(":")[0] for t in titles] == ["USP"]

    def test_filter_by_current_ccf_rank(self, admin_client):
        titles = self.titles(admin_client, ccf2026="A")
        assert titles == set(
            Paper.objects.filter(venue__ranks__edition=2026, venue__ranks__rank="A").values_list(
                "title", flat=True
            )
        )
        assert any(title.startswith("AutoChunk") for title in titles)

    def test_filter_by_2022_ccf_rank_leaves_out_iclr(self, admin_client):
        titles = self.titles(admin_client, ccf2022="A")
        assert not any(title.startswith("AutoChunk") for title in titles)

    def test_filter_by_group(self, admin_client):
        catalyst = Group.objects.get(slug="cmu-catalyst")
        titles = self.titles(admin_client, groups__id__exact=catalyst.pk)
        assert {t.split(":")[0] for t in titles} == {"SpotServe", "Parcae"}

    def test_filter_by_author_from_the_person_page(self, admin_client):
        person = Person.objects.get(slug="jin-fang")
        titles = self.titles(admin_client, author=person.pk)
        assert len(titles) == 10

    def test_filter_by_venue_from_the_venue_page(self, admin_client):
        venue = Venue.objects.get(slug="ton")
        titles = self.titles(admin_client, venue=venue.pk)
        assert {t.split(":")[0] for t in titles} == {
            "GRID",
            "Accelerating Distributed Training with Collaborative In-network Aggregation",
        }

    def test_person_page_links_to_their_papers(self, admin_client):
        person = Person.objects.get(slug="jiangfei-duan")
        response = admin_client.get(reverse("admin:people_person_change", args=[person.pk]))
        assert f"?author={person.pk}" in response.content.decode()
        assert "SpotServe" in response.content.decode()

    def test_venue_page_lists_its_papers(self, admin_client):
        venue = Venue.objects.get(slug="nsdi")
        response = admin_client.get(reverse("admin:pubs_venue_change", args=[venue.pk]))
        assert f"?venue={venue.pk}" in response.content.decode()
        assert "Parcae" in response.content.decode()


@pytest.mark.parametrize("param", ["author", "venue"])
@pytest.mark.parametrize("value", ["²", "abc", "-1", "99999999999999999999999"])
def test_a_malformed_filter_value_is_not_an_error(admin_client, param, value):
    response = admin_client.get(reverse("admin:pubs_paper_changelist"), {param: value})
    assert response.status_code == 200


def test_people_list_counts_papers_once_when_filtered_by_group(admin_client):
    mmlab = Group.objects.get(slug="cuhk-mmlab")
    response = admin_client.get(
        reverse("admin:people_person_changelist"), {"memberships__group__id__exact": mmlab.pk}
    )
    counts = {p.slug: p.paper_count for p in response.context["cl"].result_list}
    assert counts["jiangfei-duan"] == 5


def test_search_finds_people_by_a_chinese_variant(admin_client):
    Person.objects.filter(slug="jin-fang").update(variants=["J. Fang", "方进"])
    response = admin_client.get(reverse("admin:people_person_changelist"), {"q": "方进"})
    assert [p.slug for p in response.context["cl"].result_list] == ["jin-fang"]


def test_the_export_action_writes_the_selected_papers_hidden_ones_included(admin_client):
    papers = Paper.objects.filter(groups__slug="ustc-int")
    papers.filter(title__startswith="GOAT").update(is_public=False)
    response = admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "export_bibtex", "_selected_action": list(papers.values_list("pk", flat=True))},
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="papers.bib"'
    library = bibtexparser.parse_string(response.content.decode())
    assert not library.failed_blocks
    titles = {e["title"].replace("{", "").replace("}", "") for e in library.entries}
    assert titles == set(papers.values_list("title", flat=True))
