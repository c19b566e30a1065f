"""The GIN index of the papers' search text, on PostgreSQL (pubs.search).

Its expression is the one the search filters on (``pubs.models.paper_search_vector``). The
index is part of the model's state on every database; only PostgreSQL, which has GIN
indexes and text search, creates it: SQLite's search reads the text as it is.
"""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations


class AddIndexOnPostgreSQL(migrations.AddIndex):
    """AddIndex that creates and drops the index on PostgreSQL and nowhere else."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [("pubs", "0001_initial")]

    operations = [
        AddIndexOnPostgreSQL(
            model_name="paper",
            index=GinIndex(
                SearchVector("search_text", config="simple"), name="paper_search_document"
            ),
        ),
    ]
