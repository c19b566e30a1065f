"""ORCID's recorded answers (tests/data/sources/orcid, see its README) as the tests serve and
read them: a person's whole record served as the three answers the client asks for, and one
work in full out of a bulk answer or a single work's cassette."""

from __future__ import annotations

import json

from pubs.sources import orcid
from tests.sources.replay import DATA, Replay, cassette_interactions

#: Antonin Delpeuch's record and his six works in full (API v2.1, as dissemin recorded them).
DELPEUCH = "0000-0002-8612-8827"
DELPEUCH_RECORD = "orcid/0000-0002-8612-8827.json"
DELPEUCH_WORKS = (
    "orcid/0000-0002-8612-8827-works-45993824,47337044,47337045,46050270,15894056,16667185.json"
)


def serve_record(replay: Replay, orcid_id: str, record: str, works_in_full: str) -> None:
    """Have ``replay`` answer the client's three requests for ``orcid_id`` from a recorded
    whole record (``/{iD}`` holds the person and the works' summaries, the answers of
    ``/person`` and ``/works``) and a recorded bulk answer of its works in full."""
    whole = json.loads((DATA / record).read_text(encoding="utf-8"))
    replay.route(f"{orcid.API}{orcid_id}/person", json.dumps(whole["person"]))
    replay.route(f"{orcid.API}{orcid_id}/works", json.dumps(whole["activities-summary"]["works"]))
    codes = works_in_full.rsplit("-works-", 1)[1].removesuffix(".json")
    replay.recorded(f"{orcid.API}{orcid_id}/works/{codes}", works_in_full)


def serve_delpeuch(replay: Replay) -> None:
    serve_record(replay, DELPEUCH, DELPEUCH_RECORD, DELPEUCH_WORKS)


def owner_of(record: str, orcid_id: str) -> orcid.Owner:
    """The owner of a recorded whole record."""
    whole = json.loads((DATA / record).read_text(encoding="utf-8"))
    return orcid.read_owner(orcid_id, whole["person"])


def work_in_full(recording: str, put_code: int) -> dict:
    """The work ``put_code`` of a recorded bulk answer, or of a single work's cassette."""
    if recording.endswith(".yml"):
        bodies = [i["response"]["body"]["string"] for i in cassette_interactions(recording)]
        works = [json.loads(body) for body in bodies]
    else:
        answer = json.loads((DATA / recording).read_text(encoding="utf-8"))
        works = list(orcid.read_bulk(answer).values())
    return next(work for work in works if work["put-code"] == put_code)
