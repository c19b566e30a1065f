"""Model fields shared by the apps: lists of strings edited one per line, https URLs, ORCID
iDs; and the form fields of a period's dates, which take a month or a year."""

import calendar
import datetime
import json
import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from people.orcid import normalize_orcid


class LinesFormField(forms.CharField):
    """A textarea whose non-blank lines become a list of stripped, de-duplicated strings."""

    widget = forms.Textarea(attrs={"rows": 3})

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return "\n".join(value)
        return value

    def to_python(self, value: Any) -> list[str]:
        if isinstance(value, list | tuple):
            lines = [str(item) for item in value]
        else:
            lines = (super().to_python(value) or "").splitlines()
        return unique_stripped(lines)

    def has_changed(self, initial: Any, data: Any) -> bool:
        return self.to_python(initial or []) != self.to_python(data or "")


def unique_stripped(items: list[str]) -> list[str]:
    """Strip items, drop blanks and repeats, keep the first occurrence's order."""
    seen: set[str] = set()
    result = []
    for item in items:
        text = " ".join(item.split())
        if text and text not in seen:
            seen.add(text)
            result.append(text)
    return result


class UnicodeJSONEncoder(json.JSONEncoder):
    """Writes non-ASCII text as itself, so that a text search finds 方佳瑞 in a JSON column.

    (PostgreSQL's jsonb keeps the text either way; SQLite stores the JSON text as written.)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["ensure_ascii"] = False
        super().__init__(*args, **kwargs)


class StringListField(models.JSONField):
    """A JSON list of strings, edited in forms as one string per line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        kwargs.setdefault("encoder", UnicodeJSONEncoder)
        super().__init__(*args, **kwargs)

    def formfield(self, **kwargs: Any) -> forms.Field:
        defaults = {"form_class": LinesFormField, "required": not self.blank}
        defaults.update(kwargs)
        return models.Field.formfield(self, **defaults)

    def validate(self, value: Any, model_instance: models.Model | None) -> None:
        super().validate(value, model_instance)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise forms.ValidationError("Expected a list of strings.", code="invalid")


class URLField(models.URLField):
    """A URL field whose form assumes https:// when the scheme is left out."""

    def formfield(self, **kwargs: Any) -> forms.Field:
        kwargs.setdefault("assume_scheme", "https")
        return super().formfield(**kwargs)


def validate_orcid(value: str) -> None:
    """An ORCID iD as ORCID writes it, whose check character is right."""
    try:
        valid = normalize_orcid(value) == value
    except ValueError:
        valid = False
    if not valid:
        raise ValidationError(
            _("Enter an ORCID iD such as 0000-0002-1825-0097 (or its link on orcid.org)."),
            code="invalid_orcid",
        )


class OrcidField(models.CharField):
    """An ORCID iD, stored as ORCID writes it ("0000-0002-1825-0097"): its link, or the iD
    without hyphens or with a lower-case "x", is taken as the iD; a wrong check character is
    refused (people.orcid)."""

    default_validators = [validate_orcid]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 19)
        super().__init__(*args, **kwargs)

    def to_python(self, value: Any) -> Any:
        value = super().to_python(value)
        if not isinstance(value, str):
            return value
        try:
            return normalize_orcid(value)
        except ValueError:
            return value.strip()  # the validator says what is wrong with it

    def formfield(self, **kwargs: Any) -> forms.Field:
        # Room for the link ORCID shows ("https://orcid.org/0000-0002-1825-0097").
        kwargs.setdefault("max_length", 64)
        return super().formfield(**kwargs)


_MONTH_OR_YEAR = re.compile(r"(?P<year>\d{4})(?:-(?P<month>\d{1,2}))?")


def period_day(text: str, *, last: bool) -> datetime.date | None:
    """The first (or, ``last``, the last) day of the year "2025" or the month "2025-03" that
    ``text`` names; None when it names neither (a full date is no month)."""
    match = _MONTH_OR_YEAR.fullmatch(text.strip())
    if match is None:
        return None
    year, month = int(match["year"]), match["month"]
    if month is None:
        return datetime.date(year, 12, 31) if last else datetime.date(year, 1, 1)
    month = int(month)
    if not 1 <= month <= 12:
        return None
    return datetime.date(year, month, calendar.monthrange(year, month)[1] if last else 1)


class PeriodStartField(forms.DateField):
    """The start of a period: a date, or a month or a year, which starts on its first day."""

    last_day = False
    default_error_messages = {
        "invalid": _("Enter a date (2025-03-14), a month (2025-03) or a year (2025)."),
    }

    def to_python(self, value: Any) -> datetime.date | None:
        if isinstance(value, str) and (day := period_day(value, last=self.last_day)):
            return day
        return super().to_python(value)


class PeriodEndField(PeriodStartField):
    """The end of a period: a date, or a month or a year, which ends on its last day."""

    last_day = True
