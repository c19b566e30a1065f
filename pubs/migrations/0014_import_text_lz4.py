"""An import's stored BibTeX compressed with LZ4 where PostgreSQL has it.

A record keeps the text it imported (megabytes for a large file). PostgreSQL's default
compression (pglz) took 0.17 s to store the 8.7 MB benchmark file; LZ4 takes 0.05 s and
stores it as small. Only values written from now on are compressed so. A server built
without LZ4 (it is optional) keeps pglz.
"""

from django.db import migrations

HAS_LZ4 = "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"


def _set_compression(schema_editor, method: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(HAS_LZ4)
        if not cursor.fetchone()[0]:
            return
    schema_editor.execute(
        f"ALTER TABLE pubs_bibteximport ALTER COLUMN text SET COMPRESSION {method}"
    )


def forwards(apps, schema_editor):
    _set_compression(schema_editor, "lz4")


def backwards(apps, schema_editor):
    _set_compression(schema_editor, "default")


class Migration(migrations.Migration):
    dependencies = [("pubs", "0013_search_document_of_texts")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
