"""Model fields shared by the apps: lists of strings edited one per line, https URLs."""

import json
from typing import Any

from django import forms
from django.db import models


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
