import pytest
from django.utils.text import slugify
from hypothesis import given
from hypothesis import strategies as st

from pubs.identifiers import (
    arxiv_year,
    normalize_arxiv_id,
    normalize_doi,
    paper_slug,
    slug_words,
)


@pytest.mark.parametrize(
    "text",
    [
        "10.1109/ICNP61940.2024.10858534",
        "doi:10.1109/ICNP61940.2024.10858534",
        "https://doi.org/10.1109/ICNP61940.2024.10858534",
        "http://dx.doi.org/10.1109/ICNP61940.2024.10858534",
        "  10.1109/icnp61940.2024.10858534  ",
    ],
)
def test_doi_forms_normalise_to_the_bare_lower_case_doi(text):
    assert normalize_doi(text) == "10.1109/icnp61940.2024.10858534"


def test_empty_doi_stays_empty():
    assert normalize_doi("  ") == ""


@pytest.mark.parametrize("text", ["ICNP", "10.1109", "https://example.org/paper"])
def test_text_that_is_not_a_doi_is_refused(text):
    with pytest.raises(ValueError, match="is not a DOI"):
        normalize_doi(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2405.07719", "2405.07719"),
        ("arXiv:2405.07719v2", "2405.07719"),
        ("https://arxiv.org/abs/2405.14430", "2405.14430"),
        ("https://arxiv.org/pdf/2212.05339v3.pdf", "2212.05339"),
        ("cs/0601001", "cs/0601001"),
        ("math.GT/0309136v1", "math.GT/0309136"),
    ],
)
def test_arxiv_forms_normalise_to_the_identifier_without_version(text, expected):
    assert normalize_arxiv_id(text) == expected


def test_text_that_is_not_an_arxiv_id_is_refused():
    with pytest.raises(ValueError, match="is not an arXiv identifier"):
        normalize_arxiv_id("arXiv preprint")


@pytest.mark.parametrize(
    ("arxiv_id", "year"),
    [
        ("2405.07719", 2024),
        ("0704.0001", 2007),
        ("cs/9912001", 1999),
        ("hep-th/0601001", 2006),
        ("", None),
    ],
)
def test_arxiv_identifier_tells_its_year(arxiv_id, year):
    assert arxiv_year(arxiv_id) == year


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("GOAT: Gradient Scheduling", "goat-gradient-scheduling"),
        ("Serving Generative Large Language Models on Preemptible", "serving-generative-large"),
        ("Supercalifragilisticexpialidocious-and-more", "supercalifr"),
        ("Naïve Bayes", "naive-bayes"),
        ("", ""),
    ],
)
def test_slug_words_cut_between_words(text, slug):
    assert slug_words(text, 24 if " " in text else 11) == slug


@given(st.text(), st.integers(min_value=1, max_value=60))
def test_a_slug_is_its_longest_run_of_whole_words_that_fits(text, max_length):
    full = slugify(text)
    slug = slug_words(text, max_length)
    assert len(slug) <= max_length and full.startswith(slug)
    words = full.split("-")
    fitting = [n for n in range(1, len(words) + 1) if len("-".join(words[:n])) <= max_length]
    assert slug == ("-".join(words[: max(fitting)]) if fitting else full[:max_length])


def test_a_paper_slug_is_its_title_s_first_words_and_its_year():
    assert paper_slug("GOAT: Gradient Scheduling with Collaborative In-Network", 2023) == (
        "goat-gradient-scheduling-with-collaborative-in-2023"
    )
    assert paper_slug("Naïve Bayes", None) == "naive-bayes"
