"""Citation metrics of a list of papers, from each paper's citation count (plain numbers in,
a number out): the h-index."""

from __future__ import annotations

from collections.abc import Iterable


def h_index(counts: Iterable[int]) -> int:
    """The greatest h such that h of the papers are each cited at least h times (Hirsch,
    2005): 12 for a person with twelve papers of twelve citations or more, and no thirteen of
    thirteen or more. 0 for no papers, or none cited."""
    h = 0
    for rank, count in enumerate(sorted(counts, reverse=True), start=1):
        if count < rank:
            break
        h = rank
    return h
