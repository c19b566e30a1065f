"""Records gathered by bulk_history are written together, as one-by-one saving writes them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people.history import bulk_history
from pubs.models import Paper
from tests.factories import PersonFactory, bulk_dataset, paper_with_authors

pytestmark = pytest.mark.django_db


def test_deletions_inside_the_block_are_recorded_in_a_few_inserts():
    papers = bulk_dataset(30, authors_per_paper=3, prefix="gone")
    with CaptureQueriesContext(connection) as queries, bulk_history():
        Paper.objects.filter(pk__in=[p.pk for p in papers]).delete()
    history_inserts = [q for q in queries if q["sql"].startswith('INSERT INTO "pubs_historical')]
    assert len(history_inserts) < 10  # not one per deleted row (30 papers, 90 authorships)
    assert Paper.history.filter(history_type="-").count() == 30


def test_a_gathered_record_is_the_record_a_save_makes():
    paper = paper_with_authors(PersonFactory(), title="Once")
    with bulk_history():
        paper.title = "Twice"
        paper.save()
    gathered = paper.history.latest()
    assert (gathered.title, gathered.history_type, gathered.year) == ("Twice", "~", paper.year)


def test_nothing_is_recorded_when_the_block_fails():
    paper = paper_with_authors(PersonFactory(), title="Kept")
    recorded = Paper.history.filter(id=paper.pk).count()
    with pytest.raises(RuntimeError), bulk_history():
        Paper.objects.filter(pk=paper.pk).delete()
        raise RuntimeError
    assert Paper.objects.filter(title="Kept").exists()
    assert Paper.history.filter(id=paper.pk).count() == recorded
