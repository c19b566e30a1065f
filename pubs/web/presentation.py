"""How papers read on the page and in CV lists (pure): "ICNP'24", COinS, the yearly chart."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import urlencode

#: Colours of the chart's ranks, as the CSS badges (A, B, C, unranked).
RANK_COLOURS = {"A": "#b3261e", "B": "#c77c02", "C": "#1e6b3a", "": "#9aa0a6"}


def venue_label(abbreviation: str, year: int | None, *, name: str = "") -> str:
    """The venue as CVs print it: "ICNP'24"; the name when there is no abbreviation."""
    short = abbreviation or name
    if short and year and abbreviation:
        return f"{short}'{year % 100:02d}"
    return short


def coins(fields: dict[str, str | int | None]) -> str:
    """The title of a COinS span (OpenURL 1.0 KEV), which Zotero's connector reads.

    ``fields``: genre ("article", "proceeding", "book", "preprint", "document"), title,
    container, authors (list of (family, given)), year, volume, issue, pages, doi, isbn.
    """
    journal = fields.get("genre") == "article"
    pairs: list[tuple[str, str]] = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", f"info:ofi/fmt:kev:mtx:{'journal' if journal else 'book'}"),
        ("rft.genre", str(fields.get("genre") or "document")),
        ("rft.atitle" if fields.get("container") else "rft.btitle", str(fields.get("title") or "")),
    ]
    if fields.get("container"):
        pairs.append(("rft.jtitle" if journal else "rft.btitle", str(fields["container"])))
    for family, given in fields.get("authors") or []:
        pairs.append(("rft.au", f"{family}, {given}".strip(", ")))
    for key, name in (
        ("year", "rft.date"),
        ("volume", "rft.volume"),
        ("issue", "rft.issue"),
        ("pages", "rft.pages"),
    ):
        if fields.get(key):
            pairs.append((name, str(fields[key])))
    if fields.get("doi"):
        pairs.append(("rft_id", f"info:doi/{fields['doi']}"))
    if fields.get("url"):
        pairs.append(("rft_id", str(fields["url"])))
    return urlencode(pairs)


def rank_chart_svg(
    rows: Sequence[tuple[int, dict[str, int]]],
    *,
    title: str,
    legend: dict[str, str],
    width: int = 640,
    height: int = 220,
) -> str:
    """Papers per year stacked by CCF rank, as inline SVG (no script in the browser).

    ``rows``: (year, {rank: count}) oldest first; ``legend``: rank -> label.
    """
    if not rows:
        return ""
    margin_left, margin_bottom, top = 30, 28, 24
    plot_width, plot_height = width - margin_left - 8, height - margin_bottom - top
    most = max(sum(counts.values()) for _, counts in rows) or 1
    bar = plot_width / len(rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rank-chart" '
        f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title">'
        f'<title id="chart-title">{escape(title)}</title>'
    ]
    for tick in _ticks(most):
        y = top + plot_height - plot_height * tick / most
        parts.append(
            f'<line x1="{margin_left}" x2="{width - 8}" y1="{y:.1f}" y2="{y:.1f}" '
            f'class="grid"/><text x="{margin_left - 4}" y="{y + 4:.1f}" '
            f'text-anchor="end" class="tick">{tick}</text>'
        )
    for index, (year, counts) in enumerate(rows):
        x = margin_left + index * bar
        bottom = top + plot_height
        for rank in ("C", "B", "A", ""):
            count = counts.get(rank, 0)
            if not count:
                continue
            h = plot_height * count / most
            bottom -= h
            label = f"{year}: {count} {legend.get(rank, rank)}"
            parts.append(
                f'<rect x="{x + bar * 0.15:.1f}" y="{bottom:.1f}" width="{bar * 0.7:.1f}" '
                f'height="{h:.1f}" fill="{RANK_COLOURS[rank]}"><title>{escape(label)}'
                "</title></rect>"
            )
        if len(rows) <= 16 or index % max(1, len(rows) // 12) == 0:
            parts.append(
                f'<text x="{x + bar / 2:.1f}" y="{height - 10}" text-anchor="middle" '
                f'class="tick">{year}</text>'
            )
    x = margin_left
    for rank in ("A", "B", "C", ""):
        parts.append(
            f'<rect x="{x}" y="4" width="10" height="10" fill="{RANK_COLOURS[rank]}"/>'
            f'<text x="{x + 14}" y="13" class="legend">{escape(legend.get(rank, rank))}</text>'
        )
        x += 24 + 7 * len(legend.get(rank, rank))
    parts.append("</svg>")
    return "".join(parts)


def _ticks(most: int) -> list[int]:
    step = max(1, round(most / 4))
    return list(range(0, most + 1, step))


def is_web_url(url: str) -> bool:
    """An http(s) address or a path on this site: what a public page may link to."""
    scheme, _, rest = url.strip().partition(":")
    if not rest:
        return url.startswith("/") and not url.startswith("//")
    return scheme.lower() in ("http", "https") and rest.startswith("//")
