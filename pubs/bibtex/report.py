"""The import plan as text: the summary ``manage.py import_bibtex`` prints (pure)."""

from __future__ import annotations

from collections.abc import Hashable

from pubs.bibtex.plan import EntryPlan, ImportPlan

#: How a person is shown to the user choosing: "Jin Fang (jin-fang)".
PeopleNames = dict[Hashable, str]


def report_lines(
    file_name: str, plan: ImportPlan, *, verbose: bool = False, people: PeopleNames | None = None
) -> list[str]:
    """The plan: counts, what needs a choice, every problem with its line."""
    people = people or {}
    counts = plan.summary()
    lines = [
        f"{file_name}: {counts['entries']} entries",
        f"  papers:  {counts['created']} to create, {counts['duplicates']} already there "
        f"({counts['updated']} to fill in), {counts['invalid']} invalid; "
        f"{counts['authors_added']} authors added to shortened lists, "
        f"{counts['linked']} links to other versions",
        f"  authors: {counts['authors_matched']} matched, {counts['authors_new']} new, "
        f"{counts['authors_ambiguous']} ambiguous, {counts['authors_suggested']} close to "
        f"someone known; {counts['people_new']} new people",
        f"  venues:  {counts['venues_matched']} matched, {counts['venues_unmatched']} unmatched",
    ]
    if plan.containers:
        lines.append(
            f"  {len(plan.containers)} @proceedings/@book entries are crossref targets, "
            "read into the papers that cite them"
        )
    if verbose:
        lines.append("  entries:")
        lines += [f"    {_entry_line(entry)}" for entry in plan.entries]
    ambiguous = plan.ambiguous
    if ambiguous:
        lines.append('  ambiguous names (choose with --author "NAME=SLUG", or --allow-ambiguous):')
        for entry, author in ambiguous:
            options = " or ".join(people.get(c, str(c)) for c in author.match.candidates)
            lines.append(
                f"    line {entry.record.line}, {entry.key}: {author.author.printed} "
                f"could be {options}"
            )
    suggested = plan.suggested
    if suggested:
        lines.append('  close to someone known (a new person unless --author "NAME=SLUG"):')
        for entry, author in suggested:
            options = ", ".join(people.get(c, str(c)) for c in author.match.candidates)
            lines.append(
                f"    line {entry.record.line}, {entry.key}: {author.author.printed} "
                f"is like {options}"
            )
    unresolved = plan.unresolved_venues
    if unresolved:
        lines.append('  unmatched venues (--create-venues, or --venue "TEXT=SLUG"):')
        for text, keys in unresolved.items():
            lines.append(
                f"    {text!r} ({len(keys)} entries: {', '.join(keys[:3])}"
                f"{', …' if len(keys) > 3 else ''})"
            )
    if plan.errors:
        lines.append("  errors:")
        lines += [f"    {problem}" for problem in plan.errors]
    if plan.warnings:
        lines.append("  warnings:")
        lines += [f"    {problem}" for problem in plan.warnings]
    return lines


def _entry_line(entry: EntryPlan) -> str:
    where = f"line {entry.record.line}, {entry.key}"
    if entry.action == "invalid":
        return f"{where}: invalid ({'; '.join(p.message for p in entry.record.errors)})"
    if entry.action == "skipped":
        return f"{where}: skipped (not among its authors)"
    if entry.action == "duplicate":
        if entry.same_as_entry:
            text = f"{where}: the same paper as {entry.same_as_entry} in this file"
        else:
            text = f"{where}: already there ({entry.duplicate.reason})"
        if entry.promote:
            text += "; the published version of this preprint"
        if entry.fill:
            text += f"; fills in {', '.join(sorted(entry.fill))}"
        if entry.added_authors:
            text += f"; adds {len(entry.added_authors)} authors"
        if entry.conflicts:
            text += f"; differs in {', '.join(sorted(entry.conflicts))} (kept)"
        return text
    venue = entry.venue
    venue_text = ""
    if venue is not None:
        venue_text = f"; venue {venue.text!r}: " + (
            venue.resolution.reason
            if venue.venue is not None and venue.resolution
            else "to create"
            if venue.create
            else "unmatched"
        )
    later = f"; with {', '.join(sorted(entry.merged))} from other entries" if entry.merged else ""
    return f"{where}: create “{entry.record.title}”{venue_text}{later}"
