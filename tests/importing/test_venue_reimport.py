"""Venues an import creates, and importing the same file again: every printed venue goes to
the venue it went to the first time, and the venues created never take what belongs to the
CCF catalogue (its abbreviations, the texts it resolves)."""

from pathlib import Path

import pytest

from pubs.bibtex.plan import NEW, Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import BibtexImport, Paper, Venue
from tests.database_state import snapshot

PLANNING = (Path(__file__).resolve().parents[1] / "data" / "venues_planning.bib").read_text(
    encoding="utf-8"
)
CREATE_VENUES = Decisions(create_venues=True, allow_ambiguous=True)

pytestmark = pytest.mark.usefixtures("catalogue")


def run(text: str, decisions: Decisions = CREATE_VENUES) -> BibtexImport:
    planned = bibtex_import_plan(text=text, decisions=decisions)
    return bibtex_import_apply(planned=planned, file_name="planning.bib", source="test")


def venue_of(citation_key: str) -> Venue | None:
    return Paper.objects.select_related("venue").get(citation_key=citation_key).venue


def catalogue_venues() -> set[int]:
    return set(Venue.objects.exclude(dblp_key="").values_list("pk", flat=True))


def test_importing_a_file_with_created_venues_again_creates_and_changes_nothing():
    run(PLANNING)
    before = snapshot()
    again = run(PLANNING)
    assert (again.counts["created"], again.counts["updated"]) == (0, 0)
    assert again.changes["venues"] == []
    assert snapshot() == before


def test_every_printed_venue_resolves_the_second_time_to_the_venue_of_the_first():
    run(PLANNING)
    again = bibtex_import_plan(text=PLANNING, decisions=CREATE_VENUES).plan
    resolved = {entry.key: entry.venue.venue for entry in again.entries}
    stored = Paper.objects.filter(citation_key__in=resolved).values_list("citation_key", "venue_id")
    assert resolved == dict(stored)


def test_created_venues_take_no_abbreviation_of_another_venue():
    catalogue = {
        v.lower()
        for v in Venue.objects.exclude(abbreviation="").values_list("abbreviation", flat=True)
    }
    record = run(PLANNING)
    created = Venue.objects.filter(pk__in=record.changes["venues"])
    assert created.exists()
    assert [v.abbreviation for v in created if v.abbreviation.lower() in catalogue] == []


def test_a_workshop_whose_abbreviation_is_a_ccf_journal_s_is_a_venue_of_its_own():
    run(PLANNING)
    workshop = venue_of("gehring-et-al-prl2022")
    assert workshop.pk not in catalogue_venues()
    assert workshop.abbreviation == ""
    assert venue_of("bunke-prl1997").dblp_key == "journals/prl"


def test_catalogue_venues_keep_their_papers_beside_created_look_alikes():
    run(PLANNING)
    expected = {
        "edelkamp-et-al-spin2001": "conf/spin",
        "edelkamp-jabbar-spin2006": "conf/spin",
        "DBLP:conf/spin/EdelkampJ05": "conf/spin",
        "korf-soda2002": "conf/soda",
        "goldberg-harrelson-soda2005": "conf/soda",
        "rivest-ai1987": "journals/ai",
        "pearl-ai1983": "journals/ai",
        "kupferschmid-et-al-cav2006": "conf/cav",
        "dierks-fm2006": "conf/fm",
        "cover-tit1967": "journals/tit",
        "grohe-csl2004": "conf/csl",
        "helmert-et-al-aaai2008": "conf/aaai",
        "DBLP:journals/tcad/ClarkeGLZ96": "journals/tcad",
        "sturtevant-tciaig2012": "journals/tciaig",
        "dehne-comgeo1995": "journals/comgeo",
        "klein-manning-naacl2003": "conf/naacl",
        "kocsis-szepesvari-ecml2006": "conf/ecml",
        "DBLP:conf/pkdd/GabillonLGS11": "conf/ecml",
        "rintanen-ijcar2006": "conf/cade",
        "rintanen-sat2004": "conf/sat",
    }
    assert {key: venue_of(key).dblp_key for key in expected} == expected


def test_a_chapter_of_a_book_is_not_at_the_conference_its_title_abbreviates():
    run(PLANNING)
    book = venue_of("hoos-stuetzle-sat2000")
    assert book.dblp_key == ""
    assert book.name.startswith("SAT: Highlights of Satisfiability Research")


def test_a_venue_created_from_a_chinese_name_has_a_pinyin_slug():
    run(PLANNING)
    assert venue_of("zhang-jcst-cn2015").slug == "jisuanjixuebao"
    assert venue_of("zhang-cn-conf2016").slug == "zhongguorengongzhinengdahui"


SAT2000_CHAPTER = """@inproceedings{gent-walsh-sat2000,
  author = {Ian P. Gent and Toby Walsh},
  title = {The {SAT} Phase Transition},
  booktitle = {SAT2000: Highlights of Satisfiability Research in the Year 2000},
  pages = {1--20},
  year = {2000}
}"""
AIJ_ARTICLE = """@article{helmert-aij2009,
  author = {Malte Helmert},
  title = {Concise Finite-Domain Representations for {PDDL} Planning Tasks},
  journal = {AIJ},
  volume = {173},
  pages = {503--535},
  year = {2009}
}"""


def test_a_text_the_user_sent_to_a_new_venue_goes_there_again():
    text = SAT2000_CHAPTER
    assert venue_resolved(text) == Venue.objects.get(dblp_key="conf/sat").pk
    run(
        text,
        Decisions(venues={"SAT2000: Highlights of Satisfiability Research in the Year 2000": NEW}),
    )
    created = venue_of("gent-walsh-sat2000")
    assert created.dblp_key == ""
    before = snapshot()
    assert venue_resolved(text) == created.pk
    assert run(text, Decisions()).counts["updated"] == 0
    assert snapshot() == before


def test_a_text_the_user_sent_to_a_catalogue_venue_goes_there_again():
    ai = Venue.objects.get(dblp_key="journals/ai")
    assert venue_resolved(AIJ_ARTICLE) is None
    run(AIJ_ARTICLE, Decisions(venues={"AIJ": ai.pk}))
    assert venue_of("helmert-aij2009") == ai
    before = snapshot()
    assert venue_resolved(AIJ_ARTICLE) == ai.pk
    run(AIJ_ARTICLE, Decisions())
    assert snapshot() == before


def venue_resolved(text: str) -> int | None:
    """The venue the one entry of ``text`` resolves to, as an import would plan it now."""
    (entry,) = bibtex_import_plan(text=text, decisions=Decisions()).plan.entries
    return entry.venue.venue


def test_a_conference_given_as_an_article_s_journal_is_created_as_a_conference():
    """Proceedings filed as @article, then as @incollection (a real lab's file, whose venue
    the catalogue lacks): one venue, a conference, which both find again."""
    text = """
@article{meyer2019, title={Bet-and-Run for Local Search}, author={Markus Wagner}, year=2019,
  journal={Proceedings of the Obscure Conference on Engines}}
@incollection{wagner2017, title={A Generic Bet-and-Run Strategy}, author={Markus Wagner},
  year=2017, booktitle={Proceedings of the Obscure Conference on Engines}}
"""
    run(text)
    assert venue_of("meyer2019").kind == "conference"
    assert venue_of("wagner2017") == venue_of("meyer2019")
    before = snapshot()
    again = run(text)
    assert (again.counts["created"], again.counts["updated"]) == (0, 0)
    assert snapshot() == before


def test_a_journal_called_proceedings_is_created_as_a_journal():
    run(
        "@article{shahriari2016, title={Taking the Human Out of the Loop}, year=2016,"
        " author={Bobak Shahriari}, journal={Proceedings of the Obscure Engineers}}"
    )
    assert venue_of("shahriari2016").kind == "journal"


EVOCOP = r"""
@inproceedings{a, title={Iterated Greedy for the Flowshop}, author={Ana Ruiz}, year=2005,
  booktitle={Evolutionary Computation in Combinatorial Optimization, 5th European Conference,
  EvoCOP 2005, Lausanne, Switzerland}}
@inproceedings{b, title={Ant Colony Optimization for Set Covering}, author={Piet Hein}, year=2006,
  booktitle={Proceedings of EvoCOP 2006 -- 6th European Conference on Evolutionary
  Computation in Combinatorial Optimization}}
@inproceedings{c, title={Tabu Search for Graph Colouring}, author={Ulla Stern}, year=2009,
  booktitle={EvoCOP 2009, Tübingen, Germany}}
"""


def test_one_series_under_its_yearly_names_and_places_is_one_venue_created():
    run(EVOCOP)
    assert venue_of("a") == venue_of("b") == venue_of("c") is not None
    assert venue_of("a").abbreviation == "EvoCOP"


def test_a_series_created_from_its_yearly_names_is_found_by_each_of_them_again():
    run(EVOCOP)
    before = snapshot()
    again = run(EVOCOP)
    assert (again.counts["created"], again.counts["updated"]) == (0, 0)
    assert snapshot() == before
