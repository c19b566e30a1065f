"""Papers, venues and authorships: constraints in the database, ranks per edition."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from pubs.models import MAX_POSITION, Authorship, Link, Paper
from tests.factories import (
    AuthorshipFactory,
    PaperFactory,
    PersonFactory,
    VenueFactory,
    VenueRankFactory,
    paper_with_authors,
)

pytestmark = pytest.mark.django_db


def violates_constraint(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_two_papers_cannot_share_a_doi_in_the_database():
    PaperFactory(doi="10.1/x")
    assert violates_constraint(lambda: PaperFactory(doi="10.1/x"))


def test_many_papers_may_have_no_doi_arxiv_id_or_citation_key():
    PaperFactory.create_batch(3, doi="", arxiv_id="", citation_key="")
    assert Paper.objects.filter(doi="").count() == 3


def test_two_papers_cannot_share_an_arxiv_id_or_a_citation_key():
    PaperFactory(arxiv_id="2405.07719", citation_key="fang2024usp")
    assert violates_constraint(lambda: PaperFactory(arxiv_id="2405.07719"))
    assert violates_constraint(lambda: PaperFactory(citation_key="fang2024usp"))


def test_one_person_cannot_be_two_authors_of_a_paper():
    person = PersonFactory()
    paper = paper_with_authors(person)
    assert violates_constraint(
        lambda: Authorship.objects.create(paper=paper, person=person, position=2)
    )


def test_author_position_has_an_upper_bound():
    authorship = AuthorshipFactory.build(
        paper=PaperFactory(), person=PersonFactory(), position=MAX_POSITION + 1
    )
    with pytest.raises(ValidationError) as error:
        authorship.full_clean()
    assert "position" in error.value.message_dict


def test_author_entries_mark_unnamed_authors():
    named = PersonFactory()
    paper = PaperFactory()
    Authorship.objects.create(paper=paper, person=named, position=2)
    assert paper.author_entries() == [None, paper.authorships.get()]


def test_author_entries_without_gaps_are_the_authors():
    alice, bob = PersonFactory(), PersonFactory()
    paper = paper_with_authors(alice, bob)
    assert [a.person for a in paper.author_entries()] == [alice, bob]


def test_two_authors_cannot_share_a_position():
    paper = paper_with_authors(PersonFactory())
    assert violates_constraint(
        lambda: Authorship.objects.create(paper=paper, person=PersonFactory(), position=1)
    )


def test_a_person_with_papers_cannot_be_deleted():
    person = PersonFactory()
    paper_with_authors(person)
    with pytest.raises(ProtectedError):
        person.delete()


def test_a_link_is_a_url_or_a_file_not_neither():
    paper = PaperFactory()
    assert violates_constraint(lambda: Link.objects.create(paper=paper, kind="pdf"))


def test_full_clean_normalises_doi_and_arxiv_id():
    paper = PaperFactory.build(
        doi="https://doi.org/10.1145/ABC", arxiv_id="arXiv:2405.07719v3", venue=None
    )
    paper.full_clean()
    assert (paper.doi, paper.arxiv_id) == ("10.1145/abc", "2405.07719")


def test_full_clean_names_the_paper_that_already_has_the_doi():
    first = PaperFactory(title="GOAT", year=2023, doi="10.1145/x")
    duplicate = PaperFactory.build(doi="10.1145/X", venue=None)
    with pytest.raises(ValidationError) as error:
        duplicate.full_clean()
    assert error.value.message_dict["doi"] == [f"This DOI is already used by “{first}”."]
    assert str(first) == "GOAT (2023)"


def test_full_clean_names_the_paper_that_already_has_the_citation_key():
    PaperFactory(citation_key="fang2023goat")
    duplicate = PaperFactory.build(citation_key=" fang2023goat ", venue=None)
    with pytest.raises(ValidationError) as error:
        duplicate.full_clean()
    assert "already used by" in error.value.message_dict["citation_key"][0]


def test_only_a_thesis_has_a_thesis_type():
    paper = PaperFactory.build(kind="journal", thesis_type="phd", venue=None)
    with pytest.raises(ValidationError) as error:
        paper.full_clean()
    assert "thesis_type" in error.value.message_dict


def test_month_is_between_one_and_twelve():
    assert violates_constraint(lambda: PaperFactory(month=13))


def test_venue_rank_depends_on_the_edition():
    hpdc = VenueFactory(abbreviation="HPDC")
    VenueRankFactory(venue=hpdc, edition=2022, rank="B")
    VenueRankFactory(venue=hpdc, edition=2026, rank="A")
    assert hpdc.ccf_rank == "A"
    assert hpdc.rank_in(2022) == "B"
    assert hpdc.ccf_rank_for_year(2023) == "B"


def test_a_venue_in_two_fields_takes_its_best_rank():
    venue = VenueFactory()
    VenueRankFactory(venue=venue, edition=2026, rank="B", field="network")
    VenueRankFactory(venue=venue, edition=2026, rank="A", field="cross")
    assert venue.ccf_rank == "A"


def test_an_unranked_venue_has_an_empty_rank():
    assert VenueFactory().ccf_rank == ""


def test_paper_rank_now_and_when_published():
    ijcai = VenueFactory(abbreviation="IJCAI")
    VenueRankFactory(venue=ijcai, edition=2022, rank="A")
    VenueRankFactory(venue=ijcai, edition=2026, rank="B")
    paper = PaperFactory(venue=ijcai, year=2024)
    assert (paper.ccf_rank, paper.ccf_rank_when_published) == ("B", "A")


def test_ranked_filters_papers_by_rank_in_an_edition():
    a_now = VenueRankFactory(edition=2026, rank="A").venue
    b_then = VenueRankFactory(edition=2022, rank="B").venue
    first, second, third = (
        PaperFactory(venue=a_now),
        PaperFactory(venue=b_then),
        PaperFactory(venue=None),
    )
    assert list(Paper.objects.ranked("A")) == [first]
    assert list(Paper.objects.ranked("B", edition=2022)) == [second]
    assert set(Paper.objects.ranked("")) == {second, third}


def test_ranked_counts_a_venue_in_two_fields_once():
    venue = VenueFactory()
    VenueRankFactory(venue=venue, edition=2026, rank="A", field="network")
    VenueRankFactory(venue=venue, edition=2026, rank="A", field="cross")
    PaperFactory(venue=venue)
    assert Paper.objects.ranked("A").count() == 1


def test_undated_papers_sort_after_dated_ones():
    undated, old, new = PaperFactory(year=None), PaperFactory(year=2015), PaperFactory(year=2024)
    assert list(Paper.objects.all()) == [new, old, undated]


def test_with_authors_gives_authors_in_printed_order(django_assert_num_queries):
    alice, bob, carol = PersonFactory(), PersonFactory(), PersonFactory()
    paper = PaperFactory()
    for position, person in ((3, alice), (1, bob), (2, carol)):
        Authorship.objects.create(paper=paper, person=person, position=position)
    with django_assert_num_queries(2):
        loaded = Paper.objects.with_authors().get(pk=paper.pk)
        assert [a.person for a in loaded.authorships.all()] == [bob, carol, alice]


def test_a_link_may_be_an_uploaded_file(settings, tmp_path):
    from django.core.files.base import ContentFile

    settings.MEDIA_ROOT = tmp_path
    link = Link(paper=PaperFactory(), kind="slides")
    link.file.save("talk.pdf", ContentFile(b"%PDF-1.4"), save=True)
    assert link.href == "/media/papers/slides/talk.pdf"
    assert (tmp_path / "papers" / "slides" / "talk.pdf").exists()


def test_file_links_have_natural_keys_of_their_own(settings, tmp_path):
    from django.core.files.base import ContentFile

    settings.MEDIA_ROOT = tmp_path
    paper = PaperFactory()
    slides, poster = Link(paper=paper, kind="slides"), Link(paper=paper, kind="poster")
    slides.file.save("talk.pdf", ContentFile(b"%PDF"), save=True)
    poster.file.save("poster.pdf", ContentFile(b"%PDF"), save=True)
    assert Link.objects.get_by_natural_key(*slides.natural_key()) == slides
    assert Link.objects.get_by_natural_key(*poster.natural_key()) == poster


def test_paper_ccf_label_reads_like_a_cv():
    ijcai = VenueFactory(abbreviation="IJCAI")
    VenueRankFactory(venue=ijcai, edition=2022, rank="A")
    VenueRankFactory(venue=ijcai, edition=2026, rank="B")
    assert PaperFactory(venue=ijcai, year=2024).ccf_label == "CCF B (A in 2022)"
    assert PaperFactory(venue=ijcai, year=2026).ccf_label == "CCF B"
