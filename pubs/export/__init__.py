"""Exports as plain data: papers in, text out (BibTeX, RIS, CSL-JSON, citations, CV lists).

Nothing here imports Django. ``pubs.queries.exporting`` reads the database into
``pubs.export.model.ExportPaper`` objects, and each writer turns a list of them into text:

- ``pubs.export.bibtex``: BibTeX that the import (``pubs.bibtex``) reads back unchanged;
- ``pubs.export.ris``: RIS for Zotero, Mendeley and EndNote;
- ``pubs.export.csljson``: CSL-JSON, also what the citation styles are fed;
- ``pubs.export.citations``: IEEE, ACM, APA, GB/T 7714 and Chicago, as citeproc-js prints
  them (one module per style in ``pubs.export.styles``);
- ``pubs.export.cv``: numbered CV lists as the seed CVs write them (Markdown, LaTeX, text).
"""
