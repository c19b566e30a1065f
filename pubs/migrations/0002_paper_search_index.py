"""The GIN index of the papers' search text, on PostgreSQL (pubs.search).

Its expression is the one the search filters on (``pubs.models.paper_search_vector``). Only
PostgreSQL has GIN indexes and text search, and SQLite's search reads the text as it is, so
the index is made here and is not part of the model's state: SQLite, which rebuilds a table
to change it, would otherwise try to build the index with every later change of Paper.
"""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations


def _index() -> GinIndex:
    return GinIndex(SearchVector("search_text", config="simple"), name="paper_search_document")


def create_index(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.add_index(apps.get_model("pubs", "Paper"), _index())


def drop_index(apps, schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.remove_index(apps.get_model("pubs", "Paper"), _index())


class Migration(migrations.Migration):
    dependencies = [("pubs", "0001_initial")]

    operations = [migrations.RunPython(create_index, drop_index, elidable=False)]
