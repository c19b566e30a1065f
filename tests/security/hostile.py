"""Hostile strings, a small lab with one in every text field, and what a page must not have.

``PAYLOADS`` are XSS, template, JSON, BibTeX, RIS, LaTeX, Markdown, CSV and SQL injections
and Unicode tricks. ``hostile_lab(payload)`` writes one into every text field of a paper, its
authors (a member and an outsider), their group, the venue, a tag, links, the membership and
the advising; ``hostile_lab(BENIGN)`` is the same lab with plain text, the baseline a hostile
page is compared with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

from people.models import Advising, Group, Membership, Person, Role
from pubs.models import Authorship, Link, Paper, PaperKind, Status, Tag, Venue, VenueKind

PAYLOADS = [
    # markup
    "<script>alert(1)</script>",
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    '<img src="x" onerror="alert(1)">',
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    '<iframe src="javascript:alert(1)"></iframe>',
    '<a href="javascript:alert(1)">click</a>',
    '<math href="javascript:alert(1)">x</math>',
    "<!--<script>alert(1)</script>-->",
    "--><script>alert(1)</script><!--",
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    # script and style breakouts
    "</script><script>alert(1)</script>",
    "</SCRIPT ><script>alert(1)</script>",
    '"}]</script><script>alert(1)</script>',
    '<style>body{background:url("javascript:alert(1)")}</style>',
    'x" style="width:expression(alert(1))',
    "x' onmouseover='alert(1)",
    "expression(alert(1))",
    # URLs
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "//evil.example/x",
    # Unicode tricks
    "\u202e<script>alert(1)</script>",
    "\uff1cscript\uff1ealert(1)\uff1c/script\uff1e",
    "line\u2028separator\u2029<script>",
    "%3Cscript%3Ealert(1)%3C/script%3E",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;script&#62;alert(1)",
    "\x1b[2J\x1b[31mterminal\x0bcontrol\x0c",
    # templates and JSON
    "{{ 7|add:1 }}{% debug %}",
    "${7*7}#{7*7}",
    '", "injected": "x',
    '\\", "injected": true, "x": "',
    # BibTeX
    "}, title = {x",
    "@misc{evil, title={pwned}}",
    "x}\n@misc{evil,\n  title = {pwned}\n}",
    '", author = "Evil',
    "{\\input{/etc/passwd}}",
    "\\immediate\\write18{rm -rf /}",
    "100% & $x_1$ #1 ^ ~ \\",
    # RIS
    "x\nER  - \nTY  - JOUR\nTI  - injected",
    "x\r\nER  - \r\n",
    # CSV and spreadsheets
    "=cmd|' /C calc'!A0",
    "+SUM(1+1)*cmd|' /C calc'!A0",
    "@SUM(1)",
    # Markdown
    "**bold** [link](javascript:alert(1)) ![x](https://evil.example/x.png)",
    "# heading\n- item\n<b>x</b>",
    # SQL
    "' OR '1'='1",
    "'; DROP TABLE pubs_paper; --",
]
BENIGN = "Plain words"


@dataclass(frozen=True)
class Lab:
    paper: Paper
    member: Person
    outsider: Person
    group: Group
    venue: Venue


PAPER = "hostile-paper"
MEMBER = "hostile-member"
OUTSIDER = "hostile-outsider"
GROUP = "hostile-group"
VENUE = "hostile-venue"
TAG = "hostile-tag"


def _fit(model: type, field: str, text: str) -> str:
    return text[: model._meta.get_field(field).max_length or None]


def _texts(model: type, text: str, *fields: str) -> dict[str, str]:
    return {field: _fit(model, field, text) for field in fields}


def hostile_lab(text: str) -> Lab:
    """A group, a venue, a member, an outside co-author and a paper, with ``text`` in every
    text field (URLs included, as far as each field's length allows)."""
    group = Group.objects.create(
        slug=GROUP,
        **_texts(
            Group, text, "name", "short_name", "native_name", "institution", "department", "url"
        ),
        description=text,
    )
    venue = Venue.objects.create(
        slug=VENUE,
        kind=VenueKind.CONFERENCE,
        aliases=[text],
        **_texts(Venue, text, "abbreviation", "name", "publisher", "dblp_key", "url"),
    )
    people = [
        Person.objects.create(
            slug=slug,
            variants=[text],
            email_public=True,
            bio=text,
            **_texts(
                Person,
                text,
                "given_name",
                "family_name",
                "native_name",
                "affiliation",
                "homepage",
                "github",
                "google_scholar",
                "dblp",
                "email",
            ),
        )
        for slug in (MEMBER, OUTSIDER)
    ]
    member, outsider = people
    Membership.objects.create(
        person=member, group=group, role=Role.PHD, note=_fit(Membership, "note", text)
    )
    Advising.objects.create(
        student=member, advisor=outsider, context=_fit(Advising, "context", text)
    )
    paper = Paper.objects.create(
        slug=PAPER,
        year=2024,
        month=5,
        kind=PaperKind.CONFERENCE,
        status=Status.ACCEPTED,
        venue=venue,
        selected=True,
        abstract=text,
        awards=text,
        extra_fields={"note": text, "keywords": text},
        **_texts(
            Paper,
            text,
            "title",
            "container_title",
            "volume",
            "number",
            "pages",
            "publisher",
            "address",
            "editor",
            "series",
            "institution",
            "doi",
            "arxiv_id",
            "url",
            "citation_key",
        ),
    )
    paper.groups.add(group)
    paper.tags.add(Tag.objects.create(name=_fit(Tag, "name", text), slug=TAG))
    Link.objects.create(
        paper=paper, kind="code", url=_fit(Link, "url", text), label=_fit(Link, "label", text)
    )
    Link.objects.create(
        paper=paper,
        kind="pdf",
        url="https://example.org/paper.pdf",
        label=_fit(Link, "label", text),
    )
    for position, person in enumerate(people, start=1):
        Authorship.objects.create(
            paper=paper,
            person=person,
            position=position,
            printed_name=_fit(Authorship, "printed_name", text),
            affiliation=_fit(Authorship, "affiliation", text),
            equal_contribution=True,
        )
    return Lab(paper, member, outsider, group, venue)


# -- reading HTML ----------------------------------------------------------------------------

#: Attributes whose value is a URL a browser follows or loads.
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster"}
#: Schemes that run or render content of their own.
UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")


class Elements(HTMLParser):
    """The elements of a document: (tag, attributes) in order, and each <script>'s text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[tuple[str, str]] = []
        self._script: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.elements.append((tag, values))
        if tag == "script":
            self._script = values.get("type", "")
            self.scripts.append((self._script, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            kind, text = self.scripts[-1]
            self.scripts[-1] = (kind, text + data)


@lru_cache(maxsize=128)
def elements(html: str) -> Elements:
    """The elements of ``html``, read once for all the checks of the same text (a plain page
    is compared with every hostile one)."""
    parser = Elements()
    parser.feed(html)
    parser.close()
    return parser


def shapes(html: str) -> set[tuple[str, tuple[str, ...]]]:
    """Each kind of element in the document: its tag and the names of its attributes."""
    return {(tag, tuple(sorted(attrs))) for tag, attrs in elements(html).elements}


def _unsafe_url(value: str) -> bool:
    folded = "".join(char for char in value if char.isprintable() and not char.isspace())
    return folded.lower().startswith(UNSAFE_SCHEMES)


def injected(html: str, *baselines: str) -> list[str]:
    """What a hostile page has that the same page with plain text (any of ``baselines``)
    does not: elements or attributes of another shape, event handlers, script URLs, scripts
    that are not data."""
    known = set().union(*(shapes(baseline) for baseline in baselines))
    found = [f"<{tag} {' '.join(names)}>" for tag, names in shapes(html) - known]
    found = [shape for shape in found if not shape.startswith("<br")]  # linebreaksbr
    parsed = elements(html)
    for tag, attrs in parsed.elements:
        for name, value in attrs.items():
            if name.startswith("on"):
                found.append(f"<{tag} {name}>")
            if name in URL_ATTRIBUTES and _unsafe_url(value):
                found.append(f"<{tag} {name}={value!r}>")
    found += [f"<script {shape}>" for shape in foreign_scripts(html, *baselines)]
    return found


def foreign_scripts(html: str, *baselines: str) -> list[str]:
    """The scripts of ``html`` that are neither data (JSON-LD) nor a file of the site's that
    the plain page loads too (the cite box's script), with no text of their own."""
    own = {
        attrs["src"]
        for baseline in baselines
        for tag, attrs in elements(baseline).elements
        if tag == "script" and attrs.get("src")
    }
    parsed = elements(html)
    tags = [attrs for tag, attrs in parsed.elements if tag == "script"]
    return [
        f"type={kind!r} src={attrs.get('src', '')!r}"
        for attrs, (kind, text) in zip(tags, parsed.scripts, strict=True)
        if kind != "application/ld+json" and not (attrs.get("src") in own and not text.strip())
    ]


def fetch_all(client, urls: dict[str, str]) -> dict[str, str]:
    """Each URL's text, by name; every one must answer 200."""
    found = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, url
        found[name] = response.content.decode()
    return found


def plain_responses(urls: dict[str, str]) -> dict[str, str]:
    """The responses of the lab with plain text in every field, written in a transaction that
    is rolled back (nothing is kept in the database or the cache)."""
    from django.core.cache import cache
    from django.db import transaction
    from django.test import Client

    with transaction.atomic():
        hostile_lab(BENIGN)
        found = fetch_all(Client(), urls)
        transaction.set_rollback(True)
    cache.clear()
    return found
