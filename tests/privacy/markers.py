"""A database whose every private value is a marker string, and the search for markers.

On top of the demo data: every person's unpublished email, every internal note and review
note, a hidden paper (every text field a marker) with a tag, a link and an outside co-author
of its own, an import record and a staff account. Jin Fang's email is published: the one
private-looking value the pages must show.
"""

from __future__ import annotations

import html
import re

from django.contrib.auth import get_user_model

from people.models import Person
from pubs.models import Authorship, BibtexImport, Link, Paper, PaperKind, Status, Tag, Venue

MARKER = "PRIVATE-MARKER"
HIDDEN_PAPER = "hidden-draft"
HIDDEN_PERSON = "hidden-coauthor"
HIDDEN_TAG = "hidden-tag"
PUBLISHED_EMAIL = "jin.fang@example.org"
#: Paper fields a hidden paper fills with markers (the other text fields have a shape).
PAPER_TEXT_FIELDS = (
    "title",
    "title_bibtex",
    "container_title",
    "volume",
    "number",
    "pages",
    "publisher",
    "address",
    "editor",
    "series",
    "institution",
    "abstract",
    "awards",
    "citation_key",
    "arxiv_id",
)
PERSON_TEXT_FIELDS = ("given_name", "family_name", "native_name", "affiliation", "bio")


def marker(field: str) -> str:
    return f"{MARKER}-{field}"


def seed_private_values() -> None:
    """Fill the demo database's private fields with markers (see the module docstring)."""
    Person.objects.update(email="private-marker-email@example.org", email_public=False)
    Person.objects.filter(slug="jin-fang").update(email=PUBLISHED_EMAIL, email_public=True)
    Person.objects.update(internal_note=marker("person-note"))
    Paper.objects.update(internal_note=marker("paper-note"))
    Authorship.objects.update(review_note=marker("review-note"))
    _hidden_paper()
    BibtexImport.objects.create(
        file_name=marker("import-file"), sha256="0" * 64, text=f"@misc{{x, title={{{MARKER}}}}}"
    )
    get_user_model().objects.create_user(
        "private-marker-user", "private-marker-user@example.org", "x", is_staff=True
    )


def _hidden_paper() -> None:
    outsider = Person.objects.create(
        slug=HIDDEN_PERSON,
        variants=[marker("variant")],
        homepage="https://private-marker.example.org/",
        email="private-marker-coauthor@example.org",
        internal_note=marker("coauthor-note"),
        **{field: marker(field) for field in PERSON_TEXT_FIELDS},
    )
    paper = Paper.objects.create(
        slug=HIDDEN_PAPER,
        year=2026,
        kind=PaperKind.CONFERENCE,
        status=Status.UNDER_REVIEW,
        venue=Venue.objects.get(slug="icnp"),
        doi="10.1234/private-marker-doi",
        url="https://private-marker.example.org/paper",
        is_public=False,
        internal_note=marker("hidden-paper-note"),
        extra_fields={"note": marker("extra-note"), "keywords": marker("keywords")},
        **{field: marker(field) for field in PAPER_TEXT_FIELDS},
    )
    paper.groups.add(*Person.objects.get(slug="jin-fang").research_groups.all())
    paper.tags.add(Tag.objects.create(name=marker("tag"), slug=HIDDEN_TAG))
    Link.objects.create(
        paper=paper, kind="code", url="https://private-marker.example.org/code", label=MARKER
    )
    Authorship.objects.create(
        paper=paper, person=Person.objects.get(slug="jin-fang"), position=1, printed_name="J. Fang"
    )
    Authorship.objects.create(
        paper=paper,
        person=outsider,
        position=2,
        printed_name=marker("printed-name"),
        affiliation=marker("affiliation"),
    )


_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_FOLDED_MARKER = _NOT_ALNUM.sub("", MARKER.lower())


def shows_marker(text: str) -> bool:
    """Whether a marker is in ``text`` whatever the escaping: HTML entities, LaTeX braces
    and backslashes, Markdown escapes, case, or slugs ("private-marker-…")."""
    return _FOLDED_MARKER in _NOT_ALNUM.sub("", html.unescape(text).lower())
