"""fixtures/ccf_venues.json: every venue of the 2022 and 2026 CCF lists, with both ranks."""

import pytest
from django.core.management import call_command
from django.db.models import Count

from pubs.models import Paper, Venue, VenueRank
from pubs.services.papers import catalogue_install, venue_index
from pubs.venues.catalogue import FIXTURE, build_fixture_text, load_catalogue

pytestmark = pytest.mark.usefixtures("catalogue")

#: The sizes the CCF published: (edition, kind) -> entries ranked A, B, C.
PUBLISHED_SIZES = {
    (2022, "conference"): (58, 126, 180),
    (2022, "journal"): (35, 110, 136),
    (2026, "conference"): (58, 132, 196),
    (2026, "journal"): (37, 113, 145),
}


def test_fixture_file_is_built_from_the_edition_files():
    assert FIXTURE.read_text(encoding="utf-8") == build_fixture_text()


@pytest.mark.parametrize(("edition", "kind"), list(PUBLISHED_SIZES))
def test_counts_per_edition_kind_and_rank_are_the_published_sizes(edition, kind):
    counts = dict(
        VenueRank.objects.filter(ranking="CCF", edition=edition, venue__kind=kind)
        .values_list("rank")
        .annotate(n=Count("id"))
    )
    assert (counts["A"], counts["B"], counts["C"]) == PUBLISHED_SIZES[(edition, kind)]


def test_editions_hold_645_and_681_entries():
    assert VenueRank.objects.filter(edition=2022).count() == 645
    assert VenueRank.objects.filter(edition=2026).count() == 681


@pytest.mark.parametrize(
    ("abbreviation", "kind", "before", "after"),
    [
        ("HPDC", "conference", "B", "A"),
        ("TMM", "journal", "B", "A"),
        ("IJCAI", "conference", "A", "B"),
        ("WINE", "conference", "A", "B"),
        ("TCC", "journal", "C", "B"),
        ("ICLR", "conference", "", "A"),
        ("ICVRV", "conference", "C", ""),
    ],
)
def test_the_2026_edition_changes(abbreviation, kind, before, after):
    venue = Venue.objects.get(abbreviation=abbreviation, kind=kind)
    assert (venue.rank_in(2022), venue.rank_in(2026)) == (before, after)


def test_2026_adds_37_venues():
    in_2022 = set(VenueRank.objects.filter(edition=2022).values_list("venue", flat=True))
    in_2026 = set(VenueRank.objects.filter(edition=2026).values_list("venue", flat=True))
    assert len(in_2026 - in_2022) == 37
    assert list(
        Venue.objects.filter(pk__in=in_2022 - in_2026).values_list("abbreviation", flat=True)
    ) == ["ICVRV"]


def test_usenix_atc_is_now_acm_sigops_atc():
    atc = Venue.objects.get(dblp_key="conf/usenix")
    assert atc.abbreviation == "ACM SIGOPS ATC"
    assert "USENIX ATC" in atc.aliases
    assert (atc.rank_in(2022), atc.rank_in(2026)) == ("A", "A")


def test_ieee_acm_ton_is_now_ieee_ton():
    ton = Venue.objects.get(dblp_key="journals/ton")
    assert ton.name == "IEEE Transactions on Networking"
    assert "IEEE/ACM Transactions on Networking" in ton.aliases


@pytest.mark.parametrize("abbreviation", ["TON", "NSDI", "ASPLOS", "PPoPP", "TPDS"])
def test_a_in_both_editions(abbreviation):
    venue = Venue.objects.get(abbreviation=abbreviation)
    assert (venue.rank_in(2022), venue.rank_in(2026)) == ("A", "A")


def test_www_the_conference_is_a_and_the_journal_is_b():
    conference = Venue.objects.get(abbreviation="WWW", kind="conference")
    journal = Venue.objects.get(abbreviation="WWW", kind="journal")
    assert (conference.rank_in(2022), conference.rank_in(2026)) == ("A", "A")
    assert journal.ccf_rank == "B"
    assert (conference.slug, journal.slug) == ("www", "www-journal")


@pytest.mark.parametrize(
    "name",
    [
        "IEEE International Conference on Network Protocols",
        "IEEE/ACM International Workshop on Quality of Service",
        "International Conference on Parallel Processing",
        "Journal of Parallel and Distributed Computing",
        "Computer Networks",
    ],
)
def test_b_in_both_editions(name):
    venue = Venue.objects.get(name=name)
    assert (venue.rank_in(2022), venue.rank_in(2026)) == ("B", "B")


def test_mlsys_is_unranked():
    assert Venue.objects.get(abbreviation="MLSys").ccf_rank == ""
    assert not VenueRank.objects.filter(venue__abbreviation="MLSys").exists()


def test_two_conferences_called_fse_are_two_venues():
    assert set(Venue.objects.filter(abbreviation="FSE").values_list("dblp_key", flat=True)) == {
        "conf/sigsoft",
        "conf/fse",
    }


@pytest.mark.parametrize("abbreviation", ["WWW", "CSCW", "ASE", "TCC", "RE", "AAMAS"])
def test_an_abbreviation_naming_a_conference_and_a_journal_is_two_venues(abbreviation):
    kinds = Venue.objects.filter(abbreviation=abbreviation).values_list("kind", flat=True)
    assert sorted(kinds) == ["conference", "journal"]


def test_a_journal_in_two_fields_has_a_rank_in_each():
    two_fields = (
        VenueRank.objects.filter(edition=2026)
        .values("venue")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    assert two_fields.exists()


def test_venues_without_an_official_abbreviation_are_kept():
    assert Venue.objects.filter(abbreviation="", ranks__edition=2026).distinct().count() >= 40


def test_every_seed_paper_has_a_venue_of_the_catalogue():
    orphans = Paper.objects.filter(kind__in=["conference", "journal"], venue__isnull=True)
    assert list(orphans) == []


def test_loading_the_catalogue_again_creates_nothing_twice():
    before = (Venue.objects.count(), VenueRank.objects.count())
    call_command("loaddata", "ccf_venues", "demo", verbosity=0)
    assert (Venue.objects.count(), VenueRank.objects.count()) == before


def test_loading_it_on_top_of_the_demo_data_creates_nothing_twice():
    before = (Venue.objects.count(), VenueRank.objects.count(), Paper.objects.count())
    call_command("loaddata", "demo", verbosity=0)
    call_command("loaddata", "ccf_venues", verbosity=0)
    assert (Venue.objects.count(), VenueRank.objects.count(), Paper.objects.count()) == before


def test_every_demo_paper_venue_as_printed_resolves_to_its_venue():
    index = venue_index()
    papers = list(Paper.objects.exclude(container_title="").select_related("venue"))
    assert papers
    for paper in papers:
        field = "journal" if paper.kind == "journal" else "booktitle"
        resolution = index.resolve(**{field: paper.container_title})
        assert resolution.venue and resolution.venue.key == paper.venue.pk, paper.container_title


def test_installing_the_catalogue_in_bulk_matches_the_fixture():
    ranks = set(VenueRank.objects.values_list("venue__slug", "edition", "rank", "field"))
    venues = set(Venue.objects.values_list("slug", "name", "abbreviation", "kind", "dblp_key"))
    catalogue, _ = load_catalogue()
    assert catalogue_install(venues=catalogue) == (0, 0)
    assert set(VenueRank.objects.values_list("venue__slug", "edition", "rank", "field")) == ranks
    assert (
        set(Venue.objects.values_list("slug", "name", "abbreviation", "kind", "dblp_key")) == venues
    )
