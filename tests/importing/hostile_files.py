"""BibTeX files made to stall, crash, exhaust or silently empty an import, each as short as
it can be: the import tests, the pure tests of pubs/bibtex and the fuzz strategies use them."""

#: An equal-contribution count of a trillion authors.
HUGE_EQUAL = (
    "@article{equal, title={Equal Parts}, author={Ada Lovelace and Jin Fang}, year=2024,\n"
    "  equal={999999999999}}\n"
)
#: A link whose host is a malformed IPv6 address.
MALFORMED_HOST = (
    "@article{host, title={A Paper with a Broken Link}, author={Ada Lovelace}, year=2024,\n"
    "  pdf={http://[x/paper.pdf}}\n"
)
#: A link written into the title.
HREF_TITLE = (
    "@article{href, title={See \\href{https://a.org}{here}}, author={Ada Lovelace},\n  year=2024}\n"
)
#: A command that expands to ten of itself: 10^n characters after n rounds.
COMMAND_BOMB = (
    '@preamble{"\\newcommand{\\a}{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}"}\n'
    "@article{bomb, title={\\a}, author={Ada Lovelace}, year=2024}\n"
)


def string_bomb(levels: int = 12) -> str:
    """@string macros each four of the one before: 3 × 4^levels characters; the entry using
    the last is at line ``levels + 2``."""
    strings = [
        f"@string{{s{n} = s{n - 1} # s{n - 1} # s{n - 1} # s{n - 1}}}" for n in range(1, levels + 1)
    ]
    entry = f"@article{{chain, title=s{levels}, author={{Ada Lovelace}}, year=2024}}"
    return "\n".join(['@string{s0 = "lol"}', *strings, entry]) + "\n"


def deep_braces(depth: int) -> str:
    """A title nested ``depth`` braces deep (inside the title's own), at line 2."""
    title = "{" * depth + "Deep" + "}" * depth
    return f"% braces\n@article{{deep, title={{{title}}}, author={{Ada Lovelace}}, year=2024}}\n"


def many_authors(count: int) -> str:
    """One entry of ``count`` different authors."""
    names = " and ".join(f"Author{n} Person{n}" for n in range(count))
    return f"@article{{crowd, title={{A Crowd}}, author={{{names}}}, year=2024}}\n"


def same_title(count: int, *, same_author: bool = False) -> str:
    """``count`` entries of one title, each by another author (or all by one)."""
    return "".join(
        f"@article{{same{n}, title={{One Title}}, year=2024, "
        f"author={{{'Ada Lovelace' if same_author else f'Author{n} Person{n}'}}}}}\n"
        for n in range(count)
    )


def long_field(characters: int, name: str = "abstract") -> str:
    """An entry whose ``name`` field is ``characters`` long."""
    return (
        f"@article{{long, title={{Long}}, author={{Ada Lovelace}}, year=2024, "
        f"{name}={{{'x' * characters}}}}}\n"
    )


#: Short hostile files, by name (the fuzz strategies mutate them too).
SHORT = {
    "huge equal": HUGE_EQUAL,
    "malformed host": MALFORMED_HOST,
    "href title": HREF_TITLE,
    "command bomb": COMMAND_BOMB,
    "string bomb": string_bomb(),
    "deep braces": deep_braces(150),
}
