"""BibTeX in and out, as plain data: no Django models here.

parse (text -> raw entries) -> normalise (raw entry -> Record) -> the import plan
(pubs.bibtex.plan) and its application (pubs.imports.importer).
"""
