"""Files for the lab's static sites, each ready to drop into the site's source.

- al-folio (Jekyll + jekyll-scholar): ``_bibliography/papers.bib``, BibTeX with the fields
  al-folio's ``_layouts/bib.liquid`` reads besides the standard ones: ``abbr``, ``selected``,
  ``bibtex_show``, ``award``/``award_name``, ``arxiv``, ``html``, ``pdf``/``code``/``slides``/
  ``video``/``poster``/``blog``/``website``/``supp``, ``annotation`` (equal contribution),
  ``additional_info`` (the CCF rank) and the badges' ``altmetric``/``dimensions``.
- Hugo Blox (formerly Wowchemy): one ``content/publications/<slug>/index.md`` (YAML front
  matter as its publication template reads it) and ``cite.bib`` per paper.
- Hexo and plain Markdown sites: the publication list in the style of the seed homepage,
  a bullet per paper (title in italics; authors with the person in bold; venue, its short
  name in bold, year; links), patents apart; and the CV list (``pubs.export.cv``).

Plain data in, text out: the views and ``manage.py export_site`` write what these return.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Sequence

import yaml

from pubs.export import cv
from pubs.export.bibtex import (
    BibtexOptions,
    citation_keys,
    entry_fields,
    entry_type,
    format_entry,
    to_bibtex,
    utf8_encode,
)
from pubs.export.model import ExportAuthor, ExportPaper

#: The formats ``export_site`` writes and the site URLs serve.
FORMATS = ("alfolio", "hugo", "markdown")
#: al-folio reads its bibliography from here (``scholar.source`` + ``scholar.bibliography``).
ALFOLIO_PATH = "_bibliography/papers.bib"
#: Hugo Blox's publications section (``content/publication/`` in Wowchemy 5 and older).
HUGO_SECTION = "content/publications"
MARKDOWN_PATH = "publications.md"
CV_PATH = "cv.md"
#: What al-folio's hidden annotation says of authors marked ``*``.
EQUAL_CONTRIBUTION = "* Equal contribution"
#: The order of links on a homepage entry, as the seed homepage orders them.
LINK_ORDER = ("pdf", "slides", "code", "poster", "data", "video", "project", "blog", "other")
#: The link kinds as the seed homepage names them ("[slide]" for slides).
HOMEPAGE_LINK_NAMES = {"slides": "slide"}
#: Our link kinds -> Hugo Blox's link types (modules/blox/data/link_types.yaml); the
#: others are given by name.
HUGO_LINK_TYPES = {
    "pdf": "pdf",
    "code": "code",
    "slides": "slides",
    "video": "video",
    "poster": "poster",
    "project": "project",
    "data": "dataset",
}
#: A fixed time for every member of a zip, so the same papers give the same bytes (and a
#: site's scheduled fetch sees a change only when a paper changed).
_ZIP_TIME = (2000, 1, 1, 0, 0, 0)
_URL_ESCAPES = {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "\n": ""}
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]<>#|])")


def markdown_text(text: str) -> str:
    """Text as Markdown shows it literally, on one line (a title, a venue, a name)."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", " ".join(text.split()))


def markdown_url(url: str) -> str:
    """A URL as a Markdown link's target: no space or parenthesis ends it early."""
    return "".join(_URL_ESCAPES.get(char, char) for char in url.strip())


def ordered_links(paper: ExportPaper) -> list[tuple[str, str, str]]:
    """The paper's links (kind, URL, label) in LINK_ORDER, each kind's in the order given."""
    rank = {kind: index for index, kind in enumerate(LINK_ORDER)}
    return sorted(paper.all_links, key=lambda link: rank.get(link[0], len(rank)))


def full_name(author: ExportAuthor) -> str:
    """The author's full name as a homepage writes it ("Jin Fang", "Hongli Xu" for 徐宏力):
    the person's recorded names, else the name as printed."""
    if author.given and author.family and not author.organisation:
        return f"{author.given} {author.family}"
    return " ".join(author.printed.split())


# -- al-folio ----------------------------------------------------------------------------------


def alfolio_fields(paper: ExportPaper, entry: str) -> list[tuple[str, str]]:
    """The entry's fields: the standard ones in UTF-8 (jekyll-scholar reads it), and the
    ones al-folio's templates read."""
    options = BibtexOptions(latex=False, extras=True)
    fields = dict(entry_fields(paper, entry, options))
    fields["bibtex_show"] = "true"
    if paper.awards:
        fields["award_name"] = utf8_encode(paper.awards[0] if len(paper.awards) == 1 else "Awards")
    if paper.arxiv_id:
        fields["arxiv"] = fields.get("eprint", paper.arxiv_id)
    if paper.url:
        fields["html"] = fields.get("url", paper.url)
    if any(author.equal for author in paper.authors):
        fields["annotation"] = EQUAL_CONTRIBUTION
    if paper.ccf_label and paper.kind not in ("patent", "thesis"):
        fields["additional_info"] = utf8_encode(f", {paper.ccf_label}")
    if paper.doi:
        fields["altmetric"] = fields["dimensions"] = "true"
    return list(fields.items())


def alfolio_bibliography(papers: Sequence[ExportPaper]) -> str:
    """al-folio's ``papers.bib``: its empty front matter (as al-folio's own file has), then
    one entry per paper, newest first."""
    ordered = cv.newest_first(papers)
    keys = citation_keys(ordered)
    entries = []
    for paper, key in zip(ordered, keys, strict=True):
        entry = entry_type(paper)
        entries.append(format_entry(entry, key, alfolio_fields(paper, entry)))
    return "---\n---\n\n" + "\n\n".join(entries) + ("\n" if entries else "")


# -- Hugo Blox ---------------------------------------------------------------------------------


def _hugo_links(paper: ExportPaper) -> list[dict[str, str]]:
    links = []
    for kind, url, label in ordered_links(paper):
        if kind in HUGO_LINK_TYPES:
            links.append({"type": HUGO_LINK_TYPES[kind], "url": url})
        else:
            links.append({"name": label or kind.capitalize(), "url": url})
    if paper.url and paper.url not in {url for _, url, _ in paper.all_links}:
        links.append({"type": "source", "url": paper.url})
    return links


def hugo_front_matter(paper: ExportPaper) -> dict[str, object]:
    """The front matter of the paper's ``index.md``, as Hugo Blox's publication template
    (``modules/blox/layouts/single.html`` and its partials) reads it."""
    matter: dict[str, object] = {
        "title": " ".join(paper.title.split()),
        "authors": [full_name(author) for author in paper.authors],
    }
    if any(author.equal for author in paper.authors):
        matter["author_notes"] = ["Equal contribution" if a.equal else "" for a in paper.authors]
    if paper.year:
        matter["date"] = f"{paper.year:04d}-{paper.month or 1:02d}-01T00:00:00Z"
    matter["publication_types"] = [paper.row.csl]
    if paper.container:
        matter["publication"] = f"*{markdown_text(paper.container)}*"
    label = cv.venue_label(paper)
    if label:
        matter["publication_short"] = markdown_text(label)
    if paper.abstract:
        matter["abstract"] = markdown_text(paper.abstract)
    if paper.tags:
        matter["tags"] = sorted(paper.tags)
    matter["featured"] = paper.selected
    ids = {"doi": paper.doi, "arxiv": paper.arxiv_id}
    if any(ids.values()):
        matter["hugoblox"] = {"ids": {name: value for name, value in ids.items() if value}}
    links = _hugo_links(paper)
    if links:
        matter["links"] = links
    return matter


def hugo_index(paper: ExportPaper) -> str:
    """The paper's ``index.md``: front matter, then its awards and CCF rank as the body."""
    matter = yaml.safe_dump(
        hugo_front_matter(paper), allow_unicode=True, sort_keys=False, width=100
    )
    body = [f"**{markdown_text(award)}**" for award in paper.awards]
    if paper.ccf_label and paper.kind not in ("patent", "thesis"):
        body.append(markdown_text(paper.ccf_label))
    text = f"---\n{matter}---\n"
    return text + ("\n" + "\n\n".join(body) + "\n" if body else "")


def hugo_files(papers: Sequence[ExportPaper]) -> dict[str, str]:
    """Path -> text of every file of the papers' Hugo Blox folders: ``index.md`` and
    ``cite.bib`` in ``content/publications/<slug>/``."""
    files = {}
    for paper in cv.newest_first(papers):
        folder = f"{HUGO_SECTION}/{paper.slug}"
        files[f"{folder}/index.md"] = hugo_index(paper)
        files[f"{folder}/cite.bib"] = to_bibtex([paper])
    return files


def zipped(files: dict[str, str]) -> bytes:
    """The files as a zip archive, the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            info = zipfile.ZipInfo(path, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()


# -- Markdown (Hexo, plain sites) --------------------------------------------------------------


def homepage_entry(paper: ExportPaper, *, person: str = "") -> str:
    """One paper as the seed homepage lists it::

    - *Title*
      **Jin Fang**, Gongming Zhao, Hongli Xu
      IEEE International Conference on Network Protocols (**ICNP**), 2024
      [[pdf](...)] [[slide](...)]
    """
    names = []
    for author in paper.authors:
        name = markdown_text(full_name(author)) + (r"\*" if author.equal else "")
        names.append(f"**{name}**" if person and author.person == person else name)
    if paper.more_authors:
        names.append(cv.MORE_AUTHORS)
    lines = [f"- *{markdown_text(paper.title)}*"]
    if names:
        lines.append("  " + ", ".join(names))
    lines.append("  " + _where(paper))
    links = " ".join(
        f"[[{HOMEPAGE_LINK_NAMES.get(kind, kind)}]({markdown_url(url)})]"
        for kind, url, _ in ordered_links(paper)
    )
    if links:
        lines.append("  " + links)
    return "\n".join(lines)


def _where(paper: ExportPaper) -> str:
    """ "IEEE International Conference on Network Protocols (**ICNP**), 2024" (", to appear"
    when accepted), then the paper's awards; a paper under review, a preprint or a thesis
    as the CV says it ("Under Review, 2025", "arXiv, 2025")."""
    short = cv.venue_short(paper)
    label = cv.venue_label(paper)
    published = bool(short) and label.startswith(f"{short}'")
    if published and paper.venue_name:
        parts = [f"{markdown_text(paper.venue_name)} (**{markdown_text(short)}**)"]
    else:
        parts = [markdown_text(label or paper.container)] if label or paper.container else []
    if paper.year and (published or str(paper.year) not in label):
        parts.append(str(paper.year))
    if published and label.endswith(", to appear"):
        parts.append("to appear")
    parts += [f"**{markdown_text(award)}**" for award in paper.awards]
    return ", ".join(parts)


def _patent_entry(paper: ExportPaper) -> str:
    number = f"[{markdown_text(paper.number)}]" if paper.number else ""
    if paper.known_by_number:
        return f"- {number}"
    return " ".join(part for part in (f"- {markdown_text(paper.title)}", number) if part)


def homepage_list(papers: Sequence[ExportPaper], *, person: str = "") -> str:
    """The papers as the seed homepage's "Publications" section, newest first, and its
    "Patents" section; ``person`` (a slug) is set in bold."""
    ordered = cv.newest_first(papers)
    works = [paper for paper in ordered if paper.kind != "patent"]
    patents = [paper for paper in ordered if paper.kind == "patent"]
    sections = []
    if works:
        entries = "\n".join(homepage_entry(paper, person=person) for paper in works)
        sections.append(f"## Publications\n\n{entries}\n")
    if patents:
        entries = "\n".join(_patent_entry(paper) for paper in patents)
        sections.append(f"## Patents\n\n{entries}\n")
    return "\n".join(sections)


def markdown_files(papers: Sequence[ExportPaper], *, person: str = "") -> dict[str, str]:
    """The homepage list and the CV list (``pubs.export.cv``), each a drop-in file."""
    return {
        MARKDOWN_PATH: homepage_list(papers, person=person),
        CV_PATH: cv.cv_list(papers, style="md", person=person),
    }


def site_files(papers: Sequence[ExportPaper], fmt: str, *, person: str = "") -> dict[str, str]:
    """Path (inside the site's source) -> text of the files of ``fmt`` (one of FORMATS)."""
    if fmt == "alfolio":
        return {ALFOLIO_PATH: alfolio_bibliography(papers)}
    if fmt == "hugo":
        return hugo_files(papers)
    if fmt == "markdown":
        return markdown_files(papers, person=person)
    raise ValueError(f"unknown site format {fmt!r}; known: {', '.join(FORMATS)}")
