"""Accepting and declining what someone of another group added naming one's people: papers
(their authorships) and advising rows (people.models.Consented holds the states; who may
decide is pubs.permissions.consent_decision)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from people.models import Consent, Consented
from pubs.permissions import ConsentContext, Scope, consent_decision
from pubs.services.work_counts import work_counts_kept


@transaction.atomic
def consent_decide(*, scope: Scope, rows: Sequence[Consented], accept: bool) -> list[Consented]:
    """Accept (or decline) those of ``rows`` that ``scope``'s user may decide and that the
    decision changes; returns them. Each is saved on its own, so that its history records
    who decided."""
    context = ConsentContext.of(rows)
    wanted = Consent.ACCEPTED if accept else Consent.DECLINED
    decided = []
    # An authorship accepted or declined puts its paper on or off its person's lists.
    papers = {row.paper_id for row in rows if hasattr(row, "paper_id")}
    with work_counts_kept(papers=papers):
        for row in rows:
            if row.consent == wanted or not consent_decision(scope, row, context).allowed:
                continue
            row.consent, row.decided_at = wanted, timezone.now()
            row.save(update_fields=["consent", "decided_at"])
            decided.append(row)
    return decided
