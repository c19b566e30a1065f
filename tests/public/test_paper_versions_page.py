"""A paper's page names its other versions (a workshop version, the full paper), each linked
to its own page, read in one query whatever their number; the admin edits them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import PaperFactory, PersonFactory, paper_with_authors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

TITLE = "Bidirectional Search That Is Guaranteed to Meet in the Middle"


@pytest.fixture
def conference():
    return paper_with_authors(
        PersonFactory(given_name="Robert", family_name="Holte"),
        title=TITLE,
        slug="bidirectional-search-2016",
        year=2016,
        venue__abbreviation="AAAI",
        venue__name="AAAI Conference on Artificial Intelligence",
    )


def workshop(number: int = 1):
    return PaperFactory(
        title=TITLE,
        slug=f"bidirectional-search-2016-{number + 1}",
        year=2016,
        venue=None,
        container_title=f"ICAPS 2016 Workshop on Heuristics and Search, part {number}",
    )


def test_the_page_lists_the_other_versions_linked_to_their_pages(client, conference):
    conference.versions.add(workshop())
    page = client.get(conference.get_absolute_url()).content.decode()
    assert "Other versions" in page
    assert 'href="/publications/bidirectional-search-2016-2/"' in page
    assert "ICAPS 2016 Workshop on Heuristics and Search, part 1" in page


def test_the_link_shows_on_both_papers(client, conference):
    version = workshop()
    conference.versions.add(version)
    page = client.get(version.get_absolute_url()).content.decode()
    assert 'href="/publications/bidirectional-search-2016/"' in page and "AAAI&#x27;16" in page


def test_a_hidden_version_is_not_shown(client, conference):
    version = workshop()
    version.is_public = False
    version.save()
    conference.versions.add(version)
    assert "Other versions" not in client.get(conference.get_absolute_url()).content.decode()


def test_the_versions_cost_one_query_whatever_their_number(client, conference):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(conference.get_absolute_url()).status_code == 200
        return len(captured)

    conference.versions.add(workshop(1))
    one = queries()
    conference.versions.add(workshop(2), workshop(3))
    assert queries() == one


def test_the_paper_form_picks_versions_with_the_autocomplete(admin_client, conference):
    page = admin_client.get(reverse("admin:pubs_paper_change", args=[conference.pk]))
    assert 'name="versions"' in page.content.decode()
    assert "admin-autocomplete" in page.content.decode()


def test_the_paper_form_refuses_the_paper_as_its_own_version(admin_client, conference):
    url = reverse("admin:pubs_paper_change", args=[conference.pk])
    form = admin_client.get(url).context["adminform"].form
    assert not form.fields["versions"].queryset.filter(pk=conference.pk).exists()
