"""Mutated and random BibTeX, and mutated hostile files (tests.importing.hostile_files): the
import fails only with its own errors, and a rejected import leaves the database as it was."""

from pathlib import Path

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from people.models import Person
from pubs.bibtex.parse import BibtexError, decode
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.errors import ImportBlocked
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship, Paper, Venue
from tests.importing.hostile_files import SHORT

SEED = (Path(__file__).resolve().parent.parent / "data" / "bibtex" / "handwritten.bib").read_text(
    encoding="utf-8"
)
#: Pieces of BibTeX syntax that mutations are made of, and the shapes of hostile files.
PIECES = st.sampled_from(
    [
        *'@{}()"#=,%\\$~^_ \n\tabcxyz0129方徐é*',
        " and ",
        "@string",
        "@article{",
        "@preamble{",
        "\\newcommand{\\a}{\\a\\a}",
        "\\href{",
        "{{{{{{{{",
        "}}}}}}}}",
        "equal={99999999999999}",
        "pdf={http://[x",
        "url={javascript:",
        " # ",
        "--",
        "\\verb",
    ]
)
#: The seed files mutations start from.
SEEDS = st.just(SEED)
HOSTILE_SEEDS = st.sampled_from(list(SHORT.values()))
SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

pytestmark = pytest.mark.usefixtures("demo")


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Paper, Person, Authorship, Venue))


def attempt(text: str, decisions: Decisions) -> None:
    """Import ``text``; only the import's own errors may come out, and then nothing changed."""
    before = counts()
    try:
        with transaction.atomic():
            planned = bibtex_import_plan(text=text, decisions=decisions)
            bibtex_import_apply(planned=planned, file_name="fuzz.bib")
            transaction.set_rollback(True)  # keep examples apart
    except (BibtexError, ImportBlocked) as exc:
        assert str(exc)
        assert counts() == before


@st.composite
def mutated(draw, seeds=SEEDS) -> str:
    text = draw(seeds)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["delete", "insert", "replace"]))
        piece = "".join(draw(st.lists(PIECES, max_size=4))) if action != "delete" else ""
        width = draw(st.integers(0, 20)) if action != "insert" else 0
        text = text[:at] + piece + text[at + width :]
    return text


@SETTINGS
@given(text=mutated(), skip=st.booleans(), ambiguous=st.booleans())
def test_mutated_bibtex(text, skip, ambiguous):
    attempt(text, Decisions(skip_invalid=skip, allow_ambiguous=ambiguous))


@SETTINGS
@given(text=mutated(HOSTILE_SEEDS), skip=st.booleans())
def test_mutated_hostile_files(text, skip):
    attempt(text, Decisions(skip_invalid=skip, allow_ambiguous=True))


@SETTINGS
@given(text=st.text(max_size=400))
def test_random_text(text):
    attempt(text, Decisions(skip_invalid=True, allow_ambiguous=True))


@SETTINGS
@given(pieces=st.lists(PIECES, max_size=120))
def test_random_bibtex_like_text(pieces):
    attempt("".join(pieces), Decisions(skip_invalid=True, allow_ambiguous=True))


@SETTINGS
@given(data=st.binary(max_size=300))
def test_random_bytes(data):
    try:
        text, _ = decode(data)
    except BibtexError as exc:
        assert str(exc)
        return
    attempt(text, Decisions(skip_invalid=True, allow_ambiguous=True))
