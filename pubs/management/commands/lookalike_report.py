"""manage.py lookalike_report: people who look like one human, papers that look like versions
of one work and are not linked (each with the name of the rule of pubs.bibtex.identity that
finds them one work, two versions, a conflict, or keeps them apart), papers filled in from
two entries (the rules in pubs.lookalike)."""

from collections import Counter, defaultdict

from django.core.management.base import BaseCommand

from people.models import Person
from pubs.bibtex.paper_records import PaperRecord
from pubs.bibtex.people_match import PersonRecord
from pubs.lookalike import (
    FINDINGS,
    RELATIONS,
    PaperLookalike,
    filled_in,
    lookalikes,
    paper_lookalikes,
)
from pubs.models import Authorship, BibtexImport, ImportStatus, Paper
from pubs.queries.lookalikes import linked_versions, paper_records

#: What each finding says of a pair.
FINDING_SAYS = {
    "conflict": "one identifier on two works (titles that disagree): a conflict",
    "one work": "one work listed twice",
    "versions": "versions of one work, not linked",
    "kept apart": "alike, kept apart by a veto",
}
#: How a pair was found, as the report says it.
FOUND_SAYS = {
    "identifier": "one identifier",
    "title": "one title",
    "retitled": "retitled, one first author",
}


class Command(BaseCommand):
    help = (
        "List pairs of people that look like one human (family name and first initial "
        "shared, co-authors in common), pairs of papers that look like versions of one work "
        "and are not linked, with the rule that decides them, and papers an import filled in "
        "after they existed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--limit", type=int, default=30, help="pairs and papers listed")

    def handle(self, *args, limit: int, **options) -> None:
        people = [
            PersonRecord(pk, given, family)
            for pk, given, family in Person.objects.values_list("pk", "given_name", "family_name")
        ]
        papers: dict[int, set[int]] = defaultdict(set)
        for paper, person in Authorship.objects.values_list("paper_id", "person_id"):
            papers[paper].add(person)
        pairs = lookalikes(people, papers.values())
        counts = {name: sum(1 for p in pairs if p.relation == name) for name in RELATIONS}
        together = sum(1 for p in pairs if p.together)
        write = self.stdout.write
        write(
            f"People: {len(people):,}. Pairs that look like one human (family name and first "
            f"initial shared, co-authors in common): {len(pairs):,} ("
            + ", ".join(f"{counts[name]:,} {name}" for name in RELATIONS)
            + f"; {together:,} wrote a paper together)."
        )
        names = {row.id: row.name for row in people}
        for pair in pairs[:limit]:
            shared = sorted(names[c] for c in pair.shared)
            more = f" and {len(shared) - 3} more" if len(shared) > 3 else ""
            write(
                f"  {pair.first.name} (#{pair.first.id}) / {pair.second.name} "
                f"(#{pair.second.id}): {pair.relation}, {len(shared)} co-author(s) in common "
                f"({', '.join(shared[:3])}{more})"
                + (", on one paper together" if pair.together else "")
            )
        self.report_papers(limit)
        imports = BibtexImport.objects.filter(status=ImportStatus.APPLIED).order_by("created", "pk")
        records = list(imports.values_list("pk", "changes"))
        added = [pk for _, changes in records for pk in changes.get("authorships", ())]
        paper_of = dict(Authorship.objects.filter(pk__in=added).values_list("pk", "paper_id"))
        filled = filled_in(records, paper_of)
        titles = dict(
            Paper.objects.filter(pk__in=[f.paper for f in filled]).values_list("pk", "title")
        )
        filled = [f for f in filled if f.paper in titles]  # not deleted since
        by_import = sum(1 for f in filled if f.created_by is not None)
        write(
            "Papers filled in by an import after they existed (fields or authors from two "
            "entries): "
            f"{len(filled):,}, {by_import:,} of them created by an import. (Entries of one "
            "file merged into one paper as it is created are not recorded.)"
        )
        for paper in filled[:limit]:
            made = f"import #{paper.created_by}" if paper.created_by else "not by an import"
            fills = "; ".join(
                f"import #{record}: {', '.join(fields)}" for record, fields in paper.filled_by
            )
            write(f"  #{paper.paper} {titles[paper.paper]!r}: created {made}; filled in by {fills}")

    def report_papers(self, limit: int) -> None:
        """Pairs of papers that look like versions of one work, by finding, at most ``limit``
        of each listed."""
        papers = paper_records()
        pairs = paper_lookalikes(papers, linked_versions())
        findings = Counter(pair.finding for pair in pairs)
        rules = Counter(pair.rule for pair in pairs)
        self.stdout.write(
            f"Papers: {len(papers):,}. Pairs that look like versions of one work, not linked "
            "(one identifier; one title and an author in common; retitled, one first author): "
            f"{len(pairs):,} ("
            + ", ".join(f"{findings[name]:,} {name}" for name in FINDINGS)
            + "). By rule: "
            + (", ".join(f"{name} {count:,}" for name, count in sorted(rules.items())) or "none")
            + "."
        )
        for finding in FINDINGS:
            listed = [pair for pair in pairs if pair.finding == finding]
            if listed:
                self.stdout.write(f"  {FINDING_SAYS[finding]}: {len(listed):,}")
            for pair in listed[:limit]:
                self.stdout.write(
                    f"    {paper_label(pair.first)} / {paper_label(pair.second)}: {_why(pair)}"
                )


def paper_label(paper: PaperRecord) -> str:
    """ "#12 “Title” (2021, preprint)"."""
    facts = ", ".join(str(fact) for fact in (paper.year, paper.kind) if fact)
    return f"#{paper.id} “{paper.title}”" + (f" ({facts})" if facts else "")


def _why(pair: PaperLookalike) -> str:
    """The deciding rule, how the pair was found, and what keeps it from being versions."""
    versions = f"; not versions: {pair.version_veto}" if pair.version_veto else ""
    return f"{pair.rule} ({FOUND_SAYS[pair.found]}{versions})"
