"""The public read API, /api/v1/ (docs/api.md): groups, people, venues and papers as JSON.

It reads what the public pages read and nothing else: the selectors of ``pubs.queries``, the
one FilterSet and the query forms of ``pubs.web``, and the page cache of ``pubs.web.cache``.
Every response can be revalidated (ETag, Last-Modified) and read from any origin (CORS).
"""
