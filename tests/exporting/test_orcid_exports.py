"""The authors' ORCID iDs in the exports whose format has a place for them: CSL-JSON's
author ``ORCID`` (as Crossref writes it) and a biblatex data annotation of BibTeX's author
list; RIS has no place for an author's identifier and carries none."""

import json

import pytest

from pubs.models import Paper
from pubs.queries.exporting import export_papers, render
from tests.exporting.helpers import empty_database, export_all, import_text
from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db

CARBERRY = "0000-0002-1825-0097"


@pytest.fixture
def papers():
    paper_with_authors(
        PersonFactory(given_name="Josiah", family_name="Carberry", orcid=CARBERRY),
        PersonFactory(given_name="Jane", family_name="Doe", orcid=""),
        PersonFactory(given_name="Wei", family_name="Li", orcid="0000-0002-1694-233X"),
        title="Psychoceramics",
    )
    return export_papers(Paper.objects.all())


def test_csl_json_gives_each_authors_id_as_its_link(papers):
    (item,) = json.loads(render(papers, "json")[0])
    assert [author.get("ORCID") for author in item["author"]] == [
        f"https://orcid.org/{CARBERRY}",
        None,
        "https://orcid.org/0000-0002-1694-233X",
    ]


def test_bibtex_annotates_the_author_list_with_the_ids_by_place(papers):
    text = render(papers, "bib")[0]
    assert f'  author+an:orcid = {{1="{CARBERRY}"; 3="0000-0002-1694-233X"}},\n' in text
    assert text.index("author =") < text.index("author+an:orcid") < text.index("title =")


def test_a_paper_whose_authors_have_no_id_has_no_annotation():
    paper_with_authors(PersonFactory(orcid=""), title="Plain")
    assert "+an:orcid" not in export_all()


def test_ris_carries_no_id(papers):
    assert CARBERRY not in render(papers, "ris")[0]


@pytest.mark.usefixtures("catalogue")
def test_the_annotation_survives_export_import_export(papers):
    exported = export_all()
    empty_database()
    import_text(exported)
    assert export_all() == exported
