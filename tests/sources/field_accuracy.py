"""The accuracy of each field the clients read from the recorded records (recorded_records):
``python -m tests.sources.field_accuracy`` prints, per service, how many records' fields
agree with what a careful reader takes from them, and the misses."""

from __future__ import annotations

from collections import defaultdict

from pubs.sources.http import HttpClient
from tests.sources.recorded_records import CASES, FIELDS, agrees, observed
from tests.sources.replay import Replay


def measure() -> tuple[dict[str, dict[str, list[bool]]], list[str]]:
    """Per service and field, whether each record's field agrees; and each miss, said."""
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    misses = []
    for case in CASES:
        replay = Replay()
        case.serve(replay)
        http = HttpClient(contact="", transport=replay, sleep=lambda _: None)
        read = observed(case.read(http))
        for name in FIELDS:
            ok = agrees(name, read[name], case.truth[name])
            table[case.service][name].append(ok)
            if not ok:
                misses.append(f"{case.service} {case.identifier} {name}: {read[name]!r}")
    return table, misses


def main() -> None:
    table, misses = measure()
    print("| service | records | " + " | ".join(FIELDS) + " |")
    print("|---|---|" + "---|" * len(FIELDS))
    for service, fields in table.items():
        count = len(fields[FIELDS[0]])
        cells = [f"{sum(fields[name])}/{count}" for name in FIELDS]
        print(f"| {service} | {count} | " + " | ".join(cells) + " |")
    for miss in misses:
        print("miss:", miss)


if __name__ == "__main__":
    main()
