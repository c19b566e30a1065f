"""The programs researchers feed our exports to, run on them as those researchers would:
BibTeX with IEEEtran.bst and biber with biblatex (``latex``), citation-js (``citation_js``),
and the comparison of what each reads back with what is stored (``stored``).
"""
