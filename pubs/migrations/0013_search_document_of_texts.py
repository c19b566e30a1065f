"""Search documents: the document of a paper made from its three texts by one function.

``pubs_search_document(title, authors, venue)`` weighs the words of the title (A), of the
authors' names (B) and of the venue (C), as the refresh did inline. The refresh now calls it;
the documents are the same. A large import calls it too, on a connection of its own, with the
texts of the papers it is writing (pubs.search.DeferredDocuments): the documents are made
there while the import's own connection checks its rows.
"""

import importlib

from django.db import migrations

DOCUMENT = """
CREATE OR REPLACE FUNCTION pubs_search_document(title text, authors text, venue text)
RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT setweight(pubs_search_words(title), 'A')
        || setweight(pubs_search_words(authors), 'B')
        || setweight(pubs_search_words(venue), 'C')
$$;
"""

REFRESH = """
CREATE OR REPLACE FUNCTION pubs_paper_search_refresh(papers bigint[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO pubs_paper_search (paper_id, document)
    SELECT p.id,
        pubs_search_document(p.title, authors.names, concat_ws(' ', p.container_title, (
            SELECT concat_ws(' ', v.abbreviation, v.name)
            FROM pubs_venue v WHERE v.id = p.venue_id)))
    FROM pubs_paper p
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
        schema_editor.execute(DOCUMENT + REFRESH)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        previous = importlib.import_module("pubs.migrations.0012_search_refresh_any_statistics")
        schema_editor.execute(previous.REFRESH)
        schema_editor.execute(
            "DROP FUNCTION pubs_search_document(title text, authors text, venue text)"
        )


class Migration(migrations.Migration):
    dependencies = [("pubs", "0012_search_refresh_any_statistics")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
