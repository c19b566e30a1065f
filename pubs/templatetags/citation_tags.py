"""A paper's citation count on its page, with its source and date (pubs.services.citations;
a person's, with their h-index, is read by pubs.queries.selectors.person_citations)."""

from django import template

from pubs.models import CitationCount, Paper

register = template.Library()


@register.inclusion_tag("includes/citation_count.html")
def paper_citations(paper: Paper) -> dict:
    """A paper's "Cited by" row (one query), or nothing before its count is read."""
    cited = CitationCount.objects.filter(paper=paper).values("count", "source", "date").first()
    return {"cited": cited}
