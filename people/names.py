"""Plain-text helpers for people's names (no Django, no database)."""


def full_name(given: str, family: str, suffix: str = "") -> str:
    """The name in Western order, "Jiarui Fang", "John Doe Jr." with a suffix; a mononym
    when one part is empty."""
    return " ".join(part for part in (given.strip(), family.strip(), suffix.strip()) if part)


def initials(given: str) -> str:
    """Initials of a given name, keeping hyphens: "Jiarui" -> "J.", "Li-Wen" -> "L.-W."."""
    words = given.replace(".", " ").split()
    parts = []
    for word in words:
        pieces = [piece for piece in word.split("-") if piece]
        parts.append("-".join(f"{piece[0].upper()}." for piece in pieces))
    return " ".join(parts)


def short_name(given: str, family: str) -> str:
    """The CV form with initials, "J. Fang"."""
    return full_name(initials(given), family)
