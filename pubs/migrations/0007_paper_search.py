"""Full-text search of papers on PostgreSQL (pubs.search): a search document per paper.

``pubs_paper_search`` holds, for every paper, a tsvector of its title (weight A), its authors
as printed and as people (B) and its venue as printed and as catalogued (C), without accents
and case ('simple' configuration after ``unaccent``; CJK characters one lexeme each, so a
word inside a Chinese title is found as a phrase). A GIN index serves the search.

Triggers keep the documents in step with every write, whoever makes it: the ORM, the bulk
import's plain INSERTs, ``QuerySet.update()``, loaddata, SQL typed in psql. An authorship
added appends its names to the document (the bulk import adds tens of thousands); the rarer
changes (a title, a venue or a person renamed, an author removed) rebuild the documents they
touch.

The table is not a Django model: nothing reads it but pubs.search. On SQLite this migration
does nothing and pubs.search falls back to substring matching.
"""

from django.db import migrations

# Text as the search sees it, for documents and queries alike.
CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"

CREATE = rf"""
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE pubs_paper_search (
    paper_id bigint PRIMARY KEY,
    document tsvector NOT NULL
);
CREATE INDEX pubs_paper_search_document ON pubs_paper_search USING gin (document);

CREATE FUNCTION pubs_search_text(words text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT regexp_replace(
        unaccent('unaccent'::regdictionary, coalesce(words, '')), '({CJK})', ' \1 ', 'g')
$$;

CREATE FUNCTION pubs_search_words(words text) RETURNS tsvector
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('simple'::regconfig, pubs_search_text(words))
$$;

CREATE FUNCTION pubs_author_words(printed_name text, person bigint) RETURNS tsvector
LANGUAGE sql STABLE AS $$
    SELECT setweight(pubs_search_words(concat_ws(' ', printed_name,
               p.given_name, p.family_name, p.native_name)), 'B')
    FROM people_person p WHERE p.id = person
$$;

CREATE FUNCTION pubs_paper_document(paper bigint, title text, container text, venue bigint)
RETURNS tsvector LANGUAGE sql STABLE AS $$
    SELECT setweight(pubs_search_words(title), 'A')
        || setweight(pubs_search_words((
               SELECT string_agg(concat_ws(' ', a.printed_name,
                          p.given_name, p.family_name, p.native_name), ' ' ORDER BY a.position)
               FROM pubs_authorship a JOIN people_person p ON p.id = a.person_id
               WHERE a.paper_id = paper)), 'B')
        || setweight(pubs_search_words(concat_ws(' ', container, (
               SELECT concat_ws(' ', v.abbreviation, v.name)
               FROM pubs_venue v WHERE v.id = venue))), 'C')
$$;

CREATE FUNCTION pubs_paper_search_refresh(papers bigint[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO pubs_paper_search (paper_id, document)
    SELECT p.id, pubs_paper_document(p.id, p.title, p.container_title, p.venue_id)
    FROM pubs_paper p WHERE p.id = ANY(papers)
    ON CONFLICT (paper_id) DO UPDATE SET document = EXCLUDED.document
$$;

CREATE FUNCTION pubs_paper_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM pubs_paper_search WHERE paper_id = OLD.id;
    ELSIF TG_OP = 'TRUNCATE' THEN
        TRUNCATE pubs_paper_search;
    ELSE
        PERFORM pubs_paper_search_refresh(ARRAY[NEW.id]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER pubs_paper_search_insert_delete AFTER INSERT OR DELETE ON pubs_paper
    FOR EACH ROW EXECUTE FUNCTION pubs_paper_search_sync();
CREATE TRIGGER pubs_paper_search_update AFTER UPDATE OF title, container_title, venue_id
    ON pubs_paper FOR EACH ROW
    WHEN ((OLD.title, OLD.container_title, OLD.venue_id)
          IS DISTINCT FROM (NEW.title, NEW.container_title, NEW.venue_id))
    EXECUTE FUNCTION pubs_paper_search_sync();
CREATE TRIGGER pubs_paper_search_truncate AFTER TRUNCATE ON pubs_paper
    FOR EACH STATEMENT EXECUTE FUNCTION pubs_paper_search_sync();

CREATE FUNCTION pubs_authorship_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE pubs_paper_search
        SET document = document || pubs_author_words(NEW.printed_name, NEW.person_id)
        WHERE paper_id = NEW.paper_id;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pubs_paper_search_refresh(ARRAY[OLD.paper_id]);
    ELSE
        PERFORM pubs_paper_search_refresh(ARRAY[OLD.paper_id, NEW.paper_id]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER pubs_authorship_search_insert_delete AFTER INSERT OR DELETE ON pubs_authorship
    FOR EACH ROW EXECUTE FUNCTION pubs_authorship_search_sync();
CREATE TRIGGER pubs_authorship_search_update
    AFTER UPDATE OF paper_id, person_id, printed_name ON pubs_authorship FOR EACH ROW
    WHEN ((OLD.paper_id, OLD.person_id, OLD.printed_name)
          IS DISTINCT FROM (NEW.paper_id, NEW.person_id, NEW.printed_name))
    EXECUTE FUNCTION pubs_authorship_search_sync();

CREATE FUNCTION pubs_person_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pubs_paper_search_refresh(
        ARRAY(SELECT a.paper_id FROM pubs_authorship a WHERE a.person_id = NEW.id));
    RETURN NULL;
END
$$;
-- A person inserted after their authorships (loaddata defers foreign keys) fills them in.
CREATE TRIGGER pubs_person_search_insert AFTER INSERT ON people_person
    FOR EACH ROW EXECUTE FUNCTION pubs_person_search_sync();
CREATE TRIGGER pubs_person_search_update
    AFTER UPDATE OF given_name, family_name, native_name ON people_person FOR EACH ROW
    WHEN ((OLD.given_name, OLD.family_name, OLD.native_name)
          IS DISTINCT FROM (NEW.given_name, NEW.family_name, NEW.native_name))
    EXECUTE FUNCTION pubs_person_search_sync();

CREATE FUNCTION pubs_venue_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pubs_paper_search_refresh(
        ARRAY(SELECT p.id FROM pubs_paper p WHERE p.venue_id = NEW.id));
    RETURN NULL;
END
$$;
CREATE TRIGGER pubs_venue_search_insert AFTER INSERT ON pubs_venue
    FOR EACH ROW EXECUTE FUNCTION pubs_venue_search_sync();
CREATE TRIGGER pubs_venue_search_update AFTER UPDATE OF name, abbreviation ON pubs_venue
    FOR EACH ROW
    WHEN ((OLD.name, OLD.abbreviation) IS DISTINCT FROM (NEW.name, NEW.abbreviation))
    EXECUTE FUNCTION pubs_venue_search_sync();

SELECT pubs_paper_search_refresh(ARRAY(SELECT id FROM pubs_paper));
"""

DROP = """
DROP TRIGGER pubs_paper_search_insert_delete ON pubs_paper;
DROP TRIGGER pubs_paper_search_update ON pubs_paper;
DROP TRIGGER pubs_paper_search_truncate ON pubs_paper;
DROP TRIGGER pubs_authorship_search_insert_delete ON pubs_authorship;
DROP TRIGGER pubs_authorship_search_update ON pubs_authorship;
DROP TRIGGER pubs_person_search_insert ON people_person;
DROP TRIGGER pubs_person_search_update ON people_person;
DROP TRIGGER pubs_venue_search_insert ON pubs_venue;
DROP TRIGGER pubs_venue_search_update ON pubs_venue;
DROP FUNCTION pubs_venue_search_sync(), pubs_person_search_sync(),
    pubs_authorship_search_sync(), pubs_paper_search_sync(),
    pubs_paper_search_refresh(bigint[]), pubs_paper_document(bigint, text, text, bigint),
    pubs_author_words(text, bigint), pubs_search_words(text), pubs_search_text(text);
DROP TABLE pubs_paper_search;
"""


def create_search(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop_search(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [
        ("pubs", "0006_history"),
        ("people", "0001_initial"),
    ]

    operations = [migrations.RunPython(create_search, drop_search, elidable=False)]
