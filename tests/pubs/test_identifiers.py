from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pubs.identifiers import (
    arxiv_id_and_version,
    arxiv_year,
    normalize_arxiv_id,
    normalize_doi,
    paper_slug,
    slug_words,
    versioned_arxiv_id,
)


@pytest.mark.parametrize(
    "text",
    [
        "10.1109/ICNP61940.2024.10858534",
        "doi:10.1109/ICNP61940.2024.10858534",
        "https://doi.org/10.1109/ICNP61940.2024.10858534",
        "http://dx.doi.org/10.1109/ICNP61940.2024.10858534",
        "  10.1109/icnp61940.2024.10858534  ",
        "DOI: 10.1109/ICNP61940.2024.10858534",
        "DOI 10.1109/ICNP61940.2024.10858534",
        "Doi:10.1109/ICNP61940.2024.10858534",
        "https://www.doi.org/10.1109/ICNP61940.2024.10858534",
        "HTTPS://DOI.ORG/10.1109/ICNP61940.2024.10858534",
        "dx.doi.org/10.1109/ICNP61940.2024.10858534",
        "doi: https://doi.org/10.1109/ICNP61940.2024.10858534",
        "https://doi.org/10.1109%2FICNP61940.2024.10858534",
        "https://doi.org/10.1109%2ficnp61940.2024.10858534",
        "10.1109%2FICNP61940.2024.10858534",
    ],
)
def test_doi_forms_normalise_to_the_bare_lower_case_doi(text):
    assert normalize_doi(text) == "10.1109/icnp61940.2024.10858534"


@pytest.mark.parametrize(
    "text",
    [
        "10.1109/ICNP61940.2024.10858534.",
        "(doi:10.1109/ICNP61940.2024.10858534),",
        "<https://doi.org/10.1109/ICNP61940.2024.10858534>;",
        "“10.1109/ICNP61940.2024.10858534”",
    ],
)
def test_a_doi_loses_what_a_sentence_adds_around_it(text):
    assert normalize_doi(text) == "10.1109/icnp61940.2024.10858534"


def test_a_doi_keeps_brackets_of_its_own():
    assert normalize_doi("(doi:10.1016/0006-3495(97)78870-7).") == "10.1016/0006-3495(97)78870-7"


def test_escapes_in_a_doi_link_are_decoded():
    # 10.1002/(SICI)1097-4636(199706)35:4<… as a link escapes its brackets, colon and angles
    link = "https://doi.org/10.1002/%28SICI%291097-4636%28199706%2935%3A4%3C463%3A%3AAID-JBM6%3E3.0.CO%3B2-M"
    assert normalize_doi(link) == "10.1002/(sici)1097-4636(199706)35:4<463::aid-jbm6>3.0.co;2-m"


#: DOI suffixes without brackets (whether a closing one is the DOI's own or the sentence's is
#: told by the brackets of the DOI: see the test above).
DOI_SUFFIX = st.text(
    st.characters(codec="ascii", categories=("L", "N"), include_characters="-._/:;"),
    min_size=1,
).filter(lambda suffix: suffix[-1].isalnum())


@given(
    registrant=st.integers(min_value=1000, max_value=999_999_999),
    suffix=DOI_SUFFIX,
    prefix=st.sampled_from(
        ["", "doi:", "DOI: ", "https://doi.org/", "http://dx.doi.org/", "https://www.doi.org/"]
    ),
    upper=st.booleans(),
    escaped=st.booleans(),
    trailing=st.sampled_from(["", ".", ",", ";", ")."]),
)
def test_every_way_of_pasting_a_doi_gives_the_doi(
    registrant, suffix, prefix, upper, escaped, trailing
):
    doi = f"10.{registrant}/{suffix}"
    body = quote(doi, safe="") if escaped and prefix.startswith("http") else doi
    pasted = f"{prefix}{body}{trailing}"
    assert normalize_doi(pasted.upper() if upper else pasted) == doi.lower()


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2405.07719v2", ("2405.07719", 2)),
        ("arXiv:2405.07719v2", ("2405.07719", 2)),
        ("arXiv: 2405.07719v12", ("2405.07719", 12)),
        ("https://arxiv.org/abs/2405.07719v2", ("2405.07719", 2)),
        ("https://arxiv.org/pdf/2405.07719v2.pdf", ("2405.07719", 2)),
        ("arxiv.org/abs/hep-th/9901001v3", ("hep-th/9901001", 3)),
        ("arXiv 2405.07719.", ("2405.07719", None)),
        ("2405.07719", ("2405.07719", None)),
    ],
)
def test_an_arxiv_id_tells_the_version_it_names(text, expected):
    assert arxiv_id_and_version(text) == expected


def test_an_arxiv_id_keeps_the_version_it_names_for_arxiv_s_api():
    assert versioned_arxiv_id("https://arxiv.org/pdf/2405.07719v2.pdf") == "2405.07719v2"
    assert versioned_arxiv_id("arXiv:2405.07719") == "2405.07719"


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


@settings(deadline=None)  # the first Chinese character loads pypinyin's dictionaries
@given(st.text(), st.integers(min_value=1, max_value=60))
def test_a_slug_is_its_longest_run_of_whole_words_that_fits(text, max_length):
    full = slug_words(text, 100_000)
    slug = slug_words(text, max_length)
    assert len(slug) <= max_length and full.startswith(slug)
    words = full.split("-")
    fitting = [n for n in range(1, len(words) + 1) if len("-".join(words[:n])) <= max_length]
    assert slug == ("-".join(words[: max(fitting)]) if fitting else full[:max_length])


def test_a_slug_spells_chinese_script_in_pinyin_a_word_per_run():
    assert slug_words("北京市示例研究院", 50) == "beijingshishiliyanjiuyuan"
    assert slug_words("基于 CCF 的推荐 (2024)", 50) == "jiyu-ccf-detuijian-2024"


def test_a_paper_slug_is_its_title_s_first_words_and_its_year():
    assert paper_slug("GOAT: Gradient Scheduling with Collaborative In-Network", 2023) == (
        "goat-gradient-scheduling-with-collaborative-in-2023"
    )
    assert paper_slug("Naïve Bayes", None) == "naive-bayes"
