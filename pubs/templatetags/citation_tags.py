"""Citation counts on the public pages, with their source and date (pubs.services.citations)."""

from django import template

from pubs.models import CitationCount, Paper
from pubs.services.citations import citations_total

register = template.Library()


@register.inclusion_tag("includes/citation_count.html")
def paper_citations(paper: Paper) -> dict:
    """A paper's "Cited by" row (one query), or nothing before its count is read."""
    cited = CitationCount.objects.filter(paper=paper).values("count", "source", "date").first()
    return {"cited": cited, "row": True}


@register.inclusion_tag("includes/citation_count.html")
def person_citations(person) -> dict:
    """The citations of a person's public papers added up (one query)."""
    papers = Paper.objects.public().filter(authorships__person=person)
    return {"cited": citations_total(papers), "row": False}
