"""A venue string, typed or printed, read against the whole catalogue: the venue it names and
the year it holds (VenueIndex.read, which the import's resolution and the admin's venue search
share), the venue names the CCF list's old editions and other labs' files use, and the DBLP
keys of the catalogue."""

import pytest

from pubs.venues.catalogue import load_catalogue
from pubs.venues.resolution import VenueIndex, printed_year


@pytest.fixture(scope="module")
def catalogue():
    venues, _ = load_catalogue()
    return venues


@pytest.fixture(scope="module")
def index(catalogue) -> VenueIndex:
    return VenueIndex(venue.as_record() for venue in catalogue)


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("SC'23", 2023),
        ("NSDI '24", 2024),
        ("ICNP\u201924", 2024),
        ("ICML 2024", 2024),
        ("AAAI2026", 2026),
        ("Proceedings of the 14th International Joint Conference on AI (IJCAI-95)", 1995),
        ("GECCO 2019, Prague, Czech Republic, July 13-17, 2019", 2019),
        ("PPSN-X, Tenth International Conference on Parallel Problem Solving from Nature", None),
        ("Proc. of the Twenty-Ninth AAAI Conference on Artificial Intelligence", None),
        ("ACM-SIAM Symposium on Discrete Algorithms", None),
    ],
)
def test_the_year_a_venue_string_holds(text, year):
    assert printed_year(text) == year


@pytest.mark.parametrize(
    ("text", "slug", "year"),
    [
        ("SC'23", "sc", 2023),
        ("NSDI '24", "nsdi", 2024),
        ("ICML 2024", "icml", 2024),
        ("Proc. of NSDI", "nsdi", None),
        ("Proc. of the International Conference on Machine Learning", "icml", None),
        (
            "Proc. of the 20th USENIX Symposium on Networked Systems Design and Implementation",
            "nsdi",
            None,
        ),
        (
            "Proceedings of the 14th International Joint Conference on Artificial Intelligence "
            "(IJCAI-95)",
            "ijcai",
            1995,
        ),
        (
            "PPSN-X, Tenth International Conference on Parallel Problem Solving from Nature",
            "ppsn",
            None,
        ),
        ("Connection Science", "connection-science", None),
    ],
)
def test_a_typed_venue_is_read_as_the_venue_and_its_year(index, text, slug, year):
    reading = index.read(text)
    assert (reading.venue.key if reading.venue else None, reading.year) == (slug, year)


def test_a_typed_abbreviation_alone_names_its_venue(index):
    assert index.read("SC").venue.key == "sc"


# -- the four CCF venue names other labs' files print that the catalogue missed --------------


def test_aaai_under_its_old_name_the_national_conference_on_artificial_intelligence(index):
    text = "Proceedings of the 10th National Conference on Artificial Intelligence"
    assert index.resolve(booktitle=text).venue.key == "aaai"


def test_ppsn_under_its_roman_edition(index):
    text = "PPSN-X, Tenth International Conference on Parallel Problem Solving from Nature"
    assert index.resolve(booktitle=f"Proceedings of {text}", book=True).venue.key == "ppsn"


def test_tcad_under_its_short_journal_name(index):
    text = "IEEE Trans. on CAD of Integrated Circuits and Systems"
    assert index.resolve(journal=text).venue.key == "tcad"


def test_soda_in_the_singular_with_the_place_after_it(index):
    text = (
        "Proceedings of the Second Annual ACM-SIAM Symposium on Discrete Algorithm "
        "(SODA 1991), San Francisco, California, USA"
    )
    assert index.resolve(booktitle=text).venue.key == "soda"


def test_an_abbreviation_whose_name_says_another_venue_still_names_none(index):
    text = "International Conference on Computing and Machine Intelligence (ICMI), Vancouver"
    assert index.resolve(booktitle=text).venue is None


# -- DBLP keys ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("abbreviation", "dblp_key"),
    [("HCC", "journals/hcc"), ("BCRA", "journals/bcra"), ("NCMMSC", "conf/ncmmsc")],
)
def test_the_catalogue_knows_the_dblp_key_of(catalogue, abbreviation, dblp_key):
    assert [v.dblp_key for v in catalogue if v.abbreviation == abbreviation] == [dblp_key]


def test_hotsec_has_no_dblp_key_of_its_own(catalogue):
    # DBLP files HotSec's volumes under USENIX Security's stream (dblp.org/db/conf/uss/hotsec…),
    # whose key conf/uss is USENIX Security's: HotSec has no stream a key could name.
    assert [v.dblp_key for v in catalogue if v.abbreviation == "HotSec"] == [""]
    assert [v.abbreviation for v in catalogue if v.dblp_key == "conf/uss"] == ["USENIX Security"]
