"""The one FilterSet of every list: each filter changes the results as the spec says."""

import pytest
from django.conf import settings
from django.utils.html import escape

from people.models import Group, Person
from pubs.models import Paper, VenueRank
from pubs.queries.selectors import in_groups
from pubs.search import search_text_refresh

pytestmark = pytest.mark.usefixtures("demo")


def listed(client, url: str) -> set[str]:
    """The slugs of the papers a list page shows."""
    response = client.get(url)
    assert response.status_code == 200
    return {paper.slug for _, papers in response.context["years"] for paper in papers}


def public(**filters) -> set[str]:
    return set(Paper.objects.filter(is_public=True, **filters).values_list("slug", flat=True))


def of_group(slug: str, **filters) -> set[str]:
    """The group's public papers: its members' while members, and those given it."""
    papers = Paper.objects.filter(in_groups(Group.objects.filter(slug=slug)))
    return set(papers.filter(is_public=True, **filters).values_list("slug", flat=True))


def ranked(rank: str, edition: int = settings.CCF_CURRENT_EDITION) -> set[str]:
    venues = VenueRank.objects.filter(edition=edition, rank=rank).values("venue")
    return public(venue__in=venues)


def test_rank_a_since_2023_lists_exactly_the_ccf_a_papers_since_2023(client):
    expected = ranked("A") & public(year__gte=2023)
    assert expected  # the demo has some
    assert listed(client, "/publications/?rank=A&year_min=2023") == expected


def test_year_lists_one_year(client):
    assert listed(client, "/publications/?year=2024") == public(year=2024)


def test_year_range(client):
    assert listed(client, "/publications/?year_min=2019&year_max=2022") == public(
        year__gte=2019, year__lte=2022
    )


def test_rank_reads_the_edition_asked_for(client):
    assert listed(client, "/publications/?rank=B&edition=2022") == ranked("B", 2022)


def test_rank_none_lists_the_papers_of_no_ranked_venue(client):
    ranked_any = ranked("A") | ranked("B") | ranked("C")
    assert listed(client, "/publications/?rank=none") == public() - ranked_any


def test_kind(client):
    assert listed(client, "/publications/?kind=journal") == public(kind="journal")


def test_venue(client):
    assert listed(client, "/publications/?venue=ton") == public(venue__slug="ton")


def test_person(client):
    assert listed(client, "/publications/?person=jin-fang") == public(
        authorships__person__slug="jin-fang"
    )


def test_group(client):
    assert listed(client, "/publications/?group=cuhk-mmlab") == of_group("cuhk-mmlab")


def test_status(client):
    assert listed(client, "/publications/?status=under_review") == public(status="under_review")


def test_selected(client):
    assert listed(client, "/publications/?selected=true") == public(selected=True)


@pytest.mark.parametrize("yes", ["1", "yes", "True", "on"])
def test_selected_reads_any_spelling_of_yes(client, yes):
    assert listed(client, f"/publications/?selected={yes}") == public(selected=True)


def test_tag(client):
    assert listed(client, "/publications/?tag=sunway-taihulight") == public(
        tags__slug="sunway-taihulight"
    )


def test_search_matches_title_words_in_any_case(client):
    assert listed(client, "/publications/?q=spotserve") == public(title__icontains="spotserve")


def test_search_matches_author_names(client):
    assert listed(client, "/publications/?q=Duan") == public(
        authorships__person__family_name="Duan"
    )


def test_search_matches_native_script_names(client):
    Person.objects.filter(slug="jin-fang").update(native_name="方晋")
    search_text_refresh(
        Paper.objects.filter(authorships__person__slug="jin-fang").values_list("pk", flat=True)
    )
    assert listed(client, "/publications/?q=方晋") == public(authorships__person__slug="jin-fang")


def test_search_matches_the_venue(client):
    assert listed(client, "/publications/?q=ICNP") == public(venue__abbreviation="ICNP")


def test_search_needs_every_word(client):
    assert listed(client, "/publications/?q=Fang+SpotServe") == set()


def test_filters_combine(client):
    url = "/publications/?person=jiangfei-duan&kind=conference&year_min=2024"
    assert listed(client, url) == public(
        authorships__person__slug="jiangfei-duan", kind="conference", year__gte=2024
    )


def test_filters_apply_within_a_person_page(client):
    assert listed(client, "/people/jin-fang/?rank=A") == ranked("A") & public(
        authorships__person__slug="jin-fang"
    )


def test_filters_apply_within_a_group_page(client):
    assert listed(client, "/groups/ustc-int/?year=2024") == of_group("ustc-int", year=2024)


def test_filters_apply_within_a_venue_page(client):
    assert listed(client, "/venues/ton/?year=2024") == public(venue__slug="ton", year=2024)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("year=abc", "year: Enter a whole number."),
        ("rank=Z", "rank: Select a valid choice. Z is not one of the available choices."),
        ("kind=poem", "kind: Select a valid choice."),
        ("edition=1999", "edition: Select a valid choice."),
        ("year_min=-5", "year_min: Ensure this value is greater than or equal to 1500."),
        ("year_max=99999", "year_max: Ensure this value is less than or equal to 2100."),
        ("venue=<b>", "venue: Enter a valid “slug”"),
        ("page=x", "page: Enter a whole number."),
        ("q=" + "x" * 201, "q: Ensure this value has at most 200 characters"),
        ("q=" + "x" * 5000, "q: The value is too long."),
        ("selected=banana", "selected: Give 1 or 0."),
        ("year=2024&year=2023", "year: Give one value."),
    ],
)
def test_a_bad_filter_value_is_a_400_that_names_the_filter(client, query, message):
    response = client.get(f"/publications/?{query}")
    assert response.status_code == 400
    assert f"<li>{escape(message)}" in response.content.decode()


def test_a_page_past_the_last_shows_the_last_page(client):
    response = client.get("/publications/?page=9999")
    assert response.status_code == 200
    assert response.context["page"].number == response.context["page"].paginator.num_pages


@pytest.mark.usefixtures("no_page_cache")
def test_parameters_no_list_reads_are_left_out(client):
    assert listed(client, "/publications/?rank=A&from=timeline&utm_source=x") == ranked("A")
    html = client.get("/publications/?rank=A&from=timeline").content.decode()
    assert 'href="/publications/export.bib?rank=A"' in html


def test_the_form_keeps_the_values_asked_for(client):
    html = client.get("/publications/?rank=A&year_min=2023&q=train").content.decode()
    assert '<option value="A" selected>' in html
    assert 'name="year_min" value="2023"' in html
    assert 'name="q" value="train"' in html
