"""Papers from the world: one small client per source, over one HTTP layer (``http``).

Each client (``crossref``, ``arxiv``, ``dblp``, ``openalex``, ``datacite``, ``openlibrary``,
``pubmed``) builds its requests and reads its responses with pure functions: text or JSON in,
plain data or BibTeX text out, no Django; ``works`` writes the records read from JSON or XML
as the BibTeX the import reads.
``pubs.services.sources`` is the Django side: the client the site uses (its contact address,
its cache) and what becomes of the answers (an import preview, suggestions, citation counts).
"""
