"""`manage.py load_ccf FILE.csv --edition YEAR`: loads an edition, reports what changed."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from pubs.models import Venue, VenueRank
from tests.factories import VenueFactory, VenueRankFactory

pytestmark = pytest.mark.django_db

HEADER = "abbreviation,full name,kind,rank,field,dblp key\n"
NEXT_EDITION = HEADER + (
    "HPDC,International Symposium on High-Performance Parallel and Distributed Computing,"
    "conference,A,arch,conf/hpdc\n"
    "ToN,IEEE Transactions on Networking,journal,A,network,journals/ton\n"
    "MLSys,Conference on Machine Learning and Systems,conference,B,arch,conf/mlsys\n"
)


@pytest.fixture
def existing() -> None:
    hpdc = VenueFactory(abbreviation="HPDC", name="HPDC", dblp_key="conf/hpdc", slug="hpdc")
    VenueRankFactory(venue=hpdc, edition=2026, rank="A", field="arch")
    ton = VenueFactory(
        abbreviation="ToN",
        name="IEEE/ACM Transactions on Networking",
        kind="journal",
        dblp_key="journals/ton",
        slug="ton",
    )
    VenueRankFactory(venue=ton, edition=2026, rank="A", field="network")
    icvrv = VenueFactory(abbreviation="ICVRV", dblp_key="conf/icvrv", slug="icvrv")
    VenueRankFactory(venue=icvrv, edition=2026, rank="C", field="graphics")


def load(tmp_path, text: str, *args: str) -> str:
    path = tmp_path / "ccf.csv"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("load_ccf", str(path), *args, stdout=out)
    return out.getvalue()


@pytest.mark.usefixtures("existing")
def test_loading_an_edition_reports_the_changes(tmp_path):
    output = load(tmp_path, NEXT_EDITION, "--edition", "2030")
    assert "CCF 2030: 3 entries; changes since 2026:" in output
    assert "  added    MLSys (conference, B)" in output
    assert "  removed  ICVRV (conference)" in output
    assert (
        "  renamed  IEEE/ACM Transactions on Networking -> IEEE Transactions on Networking"
        in output
    )
    assert "Loaded CCF 2030, 1 new venues." in output


@pytest.mark.usefixtures("existing")
def test_existing_venues_are_matched_by_dblp_key_not_duplicated(tmp_path):
    load(tmp_path, NEXT_EDITION, "--edition", "2030")
    assert Venue.objects.filter(dblp_key="journals/ton").count() == 1
    ton = Venue.objects.get(slug="ton")
    assert ton.name == "IEEE Transactions on Networking"
    assert "IEEE/ACM Transactions on Networking" in ton.aliases
    assert ton.rank_in(2030) == "A" and ton.rank_in(2026) == "A"


@pytest.mark.usefixtures("existing")
def test_loading_the_same_edition_twice_changes_nothing(tmp_path):
    load(tmp_path, NEXT_EDITION, "--edition", "2030")
    venues = list(Venue.objects.order_by("slug").values())
    ranks = list(
        VenueRank.objects.order_by("venue__slug", "edition").values_list(
            "venue__slug", "edition", "rank", "field"
        )
    )
    load(tmp_path, NEXT_EDITION, "--edition", "2030")
    assert list(Venue.objects.order_by("slug").values()) == venues
    assert (
        list(
            VenueRank.objects.order_by("venue__slug", "edition").values_list(
                "venue__slug", "edition", "rank", "field"
            )
        )
        == ranks
    )


@pytest.mark.usefixtures("existing")
def test_dry_run_writes_nothing(tmp_path):
    output = load(tmp_path, NEXT_EDITION, "--edition", "2030", "--dry-run")
    assert "Would load CCF 2030" in output
    assert not VenueRank.objects.filter(edition=2030).exists()
    assert not Venue.objects.filter(slug="mlsys").exists()


def test_a_bad_row_is_refused_with_its_line_and_nothing_is_written(tmp_path):
    text = NEXT_EDITION + "XYZ,Something,conference,Z,arch,conf/xyz\n"
    with pytest.raises(CommandError, match=re.escape("ccf.csv, line 5: rank 'Z' is not A, B or C")):
        load(tmp_path, text, "--edition", "2030")
    assert not Venue.objects.exists()


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "ccf.csv"
    path.write_bytes(HEADER.encode() + "Caf\xe9,x,conference,A,arch,\n".encode("latin-1"))
    with pytest.raises(CommandError, match="not UTF-8"):
        call_command("load_ccf", str(path), "--edition", "2030")


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("load_ccf", str(tmp_path / "none.csv"), "--edition", "2030")


def test_an_impossible_edition_is_refused(tmp_path):
    with pytest.raises(CommandError, match="not a year"):
        load(tmp_path, NEXT_EDITION, "--edition", "30")
