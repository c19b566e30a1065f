"""History records (django-simple-history) that can be written in bulk.

simple-history writes one record per saved or deleted row, with one INSERT each: undoing an
import of thousands of papers deletes tens of thousands of rows, and as many INSERTs would
multiply the undo's time. Inside :func:`bulk_history` the records are gathered instead and
written together when the block ends. The models of both apps use :class:`KeptHistory`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models, transaction
from django.utils import timezone
from simple_history.models import HistoricalRecords

_gathered: ContextVar[list[models.Model] | None] = ContextVar("gathered_history", default=None)

#: Records written by one bulk INSERT.
BATCH = 1000


class KeptHistory(HistoricalRecords):
    """HistoricalRecords whose records are gathered while :func:`bulk_history` runs."""

    def create_historical_record(self, instance, history_type, using=None):
        gathered = _gathered.get()
        if gathered is None:
            return super().create_historical_record(instance, history_type, using)
        # Not through the model's ``history`` descriptor: it builds a manager class per call.
        history_model = vars(type(instance))[self.manager_name].model
        values = {
            field.attname: getattr(instance, field.attname)
            for field in self.fields_included(instance)
        }
        gathered.append(
            history_model(
                history_date=getattr(instance, "_history_date", timezone.now()),
                history_type=history_type,
                history_user=self.get_history_user(instance),
                history_change_reason=self.get_change_reason_for_object(
                    instance, history_type, using
                ),
                **values,
            )
        )
        return None


@contextmanager
def bulk_history() -> Iterator[None]:
    """Write the history records of the changes made inside the block in bulk, at its end,
    in the same transaction (nothing is written when it raises)."""
    if _gathered.get() is not None:  # already gathering
        yield
        return
    gathered: list[models.Model] = []
    with transaction.atomic():
        token = _gathered.set(gathered)
        try:
            yield
        finally:
            _gathered.reset(token)
        by_model: dict[type[models.Model], list[models.Model]] = defaultdict(list)
        for record in gathered:
            by_model[type(record)].append(record)
        for model, records in by_model.items():
            model.objects.bulk_create(records, batch_size=BATCH)
