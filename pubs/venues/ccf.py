"""The CCF recommended list: its editions and its ten fields (pure data, no database).

CCF (China Computer Federation) publishes a list of recommended venues ranked A, B and C.
Ranks change between editions, so a venue keeps one rank row per edition; "current" means
the edition named by ``settings.CCF_CURRENT_EDITION``.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

RANKING = "CCF"

#: Editions the catalogue knows, oldest first (the 6th edition of 2022, the 7th of March 2026).
EDITIONS: tuple[int, ...] = (2022, 2026)

RANKS: tuple[str, ...] = ("A", "B", "C")


@dataclass(frozen=True)
class Field:
    code: str
    english: str
    chinese: str


FIELDS: tuple[Field, ...] = (
    Field(
        "arch",
        "Computer Architecture / Parallel and Distributed Computing / Storage Systems",
        "计算机体系结构/并行与分布计算/存储系统",
    ),
    Field("network", "Computer Networks", "计算机网络"),
    Field("security", "Network and Information Security", "网络与信息安全"),
    Field(
        "software",
        "Software Engineering / System Software / Programming Languages",
        "软件工程/系统软件/程序设计语言",
    ),
    Field(
        "database", "Databases / Data Mining / Information Retrieval", "数据库/数据挖掘/内容检索"
    ),
    Field("theory", "Theoretical Computer Science", "计算机科学理论"),
    Field("graphics", "Computer Graphics and Multimedia", "计算机图形学与多媒体"),
    Field("ai", "Artificial Intelligence", "人工智能"),
    Field("hci", "Human-Computer Interaction and Pervasive Computing", "人机交互与普适计算"),
    Field("cross", "Interdisciplinary, Comprehensive and Emerging", "交叉/综合/新兴"),
)

FIELDS_BY_CODE: dict[str, Field] = {field.code: field for field in FIELDS}


def edition_in_force(year: int | None, editions: Sequence[int] = EDITIONS) -> int:
    """The edition that ranked a paper published in ``year``.

    That is the newest edition published in or before that year; papers older than the
    first edition we keep are judged by the first, undated papers by the newest.
    """
    ordered = sorted(editions)
    if year is None:
        return ordered[-1]
    earlier = [edition for edition in ordered if edition <= year]
    return earlier[-1] if earlier else ordered[0]


def rank_label(current: str, then: str, then_edition: int) -> str:
    """How a paper's rank reads: "CCF B", or "CCF B (A in 2022)" when it was ranked otherwise
    in the edition in force when it was published; "" when never ranked."""
    now = f"CCF {current}" if current else gettext("Not in CCF")
    if then != current and then:
        then_label = gettext("%(rank)s in %(edition)s") % {"rank": then, "edition": then_edition}
        return f"{now} ({then_label})"
    return now if current else ""
