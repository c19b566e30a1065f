"""Cheaper writes for a bulk import on PostgreSQL.

- The insert triggers of papers and authorships leave the search documents alone while the
  transaction-local setting ``labpubs.search_deferred`` is on: an import inserts papers,
  then their authorships, and builds the documents of its papers once, at the end
  (pubs.search.search_documents_deferred), instead of once per statement.
- An import's BibTeX text (kept for undo and review; megabytes for a large file) is
  compressed with lz4 rather than pglz: a third of the time for the same size.
"""

from django.db import migrations

#: What the insert triggers do first from this migration on: nothing, while deferred.
DEFERRED_GUARD = """
    IF current_setting('labpubs.search_deferred', true) = 'on' THEN
        RETURN NULL;
    END IF;"""


def insert_trigger_functions(guard: str) -> str:
    """The insert trigger functions of papers and authorships, ``guard`` first."""
    return f"""
CREATE OR REPLACE FUNCTION pubs_search_papers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN{guard}
    PERFORM pubs_paper_search_refresh(ARRAY(SELECT id FROM inserted));
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION pubs_search_authorships_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN{guard}
    PERFORM pubs_paper_search_refresh(ARRAY(SELECT DISTINCT paper_id FROM inserted));
    RETURN NULL;
END
$$;
"""


TRIGGERS = insert_trigger_functions(DEFERRED_GUARD)
PREVIOUS_TRIGGERS = insert_trigger_functions("")  # as migration 0008 made them

# A server built without lz4 keeps its default compression.
LZ4 = """
DO $$
BEGIN
    ALTER TABLE pubs_bibteximport ALTER COLUMN text SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    NULL;
END
$$;
"""

DEFAULT_COMPRESSION = "ALTER TABLE pubs_bibteximport ALTER COLUMN text SET COMPRESSION DEFAULT"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(TRIGGERS)
        schema_editor.execute(LZ4)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PREVIOUS_TRIGGERS)
        schema_editor.execute(DEFAULT_COMPRESSION)


class Migration(migrations.Migration):
    dependencies = [("pubs", "0008_search_statement_triggers")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
