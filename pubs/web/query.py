"""The query strings of the public URLs: a form per kind of URL names the parameters it reads
and bounds each (one value, its length, its range or its choices).

``pubs.web.cache.cached_page`` checks every request's query with its URL's form before the
view runs: a query it cannot honour is a 400 naming what is wrong (on the site's 400 page, or
in a short plain message for a download or the sitemap), and the view sees
only the canonical query (known parameters, validated, in one order), which is also what the
page cache keys on. Parameters no form knows are left out rather than refused, so that links
that arrive with a messenger's or a tracker's parameters (``?from=timeline``, ``utm_source``)
still open the page.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

#: No value of a query parameter is longer (each form bounds its own fields more tightly).
MAX_VALUE_LENGTH = 256
#: The last page number a list or index accepts (at 100 papers a page, a million papers).
MAX_PAGE = 10_000


class PublicQuery(forms.Form):
    """The parameters a public URL reads from its query string, each optional and bounded.

    Built from the query string and the URL's arguments (``slug``, ``fmt``...), which a
    form may use to choose its fields. A parameter given twice or longer than
    MAX_VALUE_LENGTH is refused before its field sees it, so that no message repeats it.
    """

    #: Whether a query refused is told in plain text (a download, the sitemap) rather than
    #: on the site's 400 page.
    plain_errors = False

    def __init__(self, data: QueryDict, **url_kwargs: Any) -> None:
        self.refused: dict[str, str] = {}
        known = QueryDict(mutable=True)
        for name in self.base_fields:
            values = data.getlist(name)
            if len(values) > 1:
                self.refused[name] = _("Give one value.")
            elif values and len(values[0]) > MAX_VALUE_LENGTH:
                self.refused[name] = _("The value is too long.")
            elif values:
                known[name] = values[0]
        super().__init__(known)
        for field in self.fields.values():
            field.required = False

    def clean(self) -> dict[str, Any]:
        for name, message in self.refused.items():
            self.add_error(name, message)
        return super().clean()

    def values(self) -> dict[str, Any]:
        """Each parameter's value, its field's ``initial`` when the query leaves it out.

        A view calls this on the query its decorator has already checked."""
        if not self.is_valid():
            raise ValueError(self.problems())
        values = {}
        for name, field in self.fields.items():
            value = self.cleaned_data.get(name)
            values[name] = field.initial if value in (None, "") else value
        return values

    def canonical(self) -> QueryDict:
        """The valid query as one text says it: known parameters in the order of their
        names, each in its cleaned form, none that only repeats its default."""
        pairs = []
        for name in sorted(self.fields):
            value = self.cleaned_data.get(name)
            if value in (None, "") or value == self.fields[name].initial:
                continue
            if isinstance(value, bool):
                value = "true" if value else "false"
            pairs.append((name, str(value)))
        return QueryDict(urlencode(pairs))

    def problems(self) -> str:
        """What is wrong with the query, a line per parameter."""
        return "".join(
            f"{name}: {' '.join(str(error) for error in errors)}\n"
            for name, errors in self.errors.items()
        )


class FlagField(forms.Field):
    """A yes-or-no option: 1, true, yes, on or 0, false, no, off, in any case."""

    TRUE = frozenset({"1", "true", "yes", "on"})
    FALSE = frozenset({"0", "false", "no", "off"})

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        folded = str(value).strip().lower()
        if folded in self.TRUE:
            return True
        if folded in self.FALSE:
            return False
        raise ValidationError(_("Give 1 or 0."), code="invalid")


class NoQuery(PublicQuery):
    """A page that reads nothing from its query string."""


class PageQuery(PublicQuery):
    """A paginated page: the page number."""

    page = forms.IntegerField(min_value=1, max_value=MAX_PAGE, initial=1)


class SitemapQuery(PublicQuery):
    """The sitemap: the page of a sitemap of more than 50,000 addresses (``p``)."""

    plain_errors = True

    p = forms.IntegerField(min_value=1, max_value=MAX_PAGE, initial=1)


#: The orders of the venue index.
VENUE_SORTS = {"rank": _("CCF rank"), "name": _("name"), "papers": _("papers")}


class VenueIndexQuery(PageQuery):
    """The venue index: its order, and whether venues without public papers are listed."""

    sort = forms.ChoiceField(choices=list(VENUE_SORTS.items()), initial="rank")
    all = FlagField(initial=False)


#: What the counts and chart of a person's or a group's page count: papers, or their citations.
WEIGHTS = {"papers": _("papers"), "citations": _("citations")}


class WeighQuery(PublicQuery):
    """The counts of a person's or a group's page by CCF rank and year: of papers (by
    default), or weighed by citations (``weigh=citations``: each paper counted as often as
    it is cited)."""

    weigh = forms.ChoiceField(choices=list(WEIGHTS.items()), initial="papers")
