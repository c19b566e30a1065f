"""Forms of the admin import page: the upload, and the choices a preview asks for."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from people.models import Group
from pubs.bibtex.parse import BibtexError, Problem, check_text, decode
from pubs.bibtex.plan import NEW, Decisions


class UploadForm(forms.Form):
    """A .bib file or pasted BibTeX, and how to import it."""

    file = forms.FileField(label=_("BibTeX file"), required=False)
    text = forms.CharField(
        label=_("or paste BibTeX"), required=False, widget=forms.Textarea(attrs={"rows": 10})
    )
    group = forms.ModelChoiceField(
        Group.objects.all(), required=False, label=_("Add the papers to the group")
    )
    link_base = forms.URLField(
        label=_("Base URL of relative links"),
        required=False,
        assume_scheme="https",
        help_text=_("For al-folio fields such as pdf={paper.pdf}."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if upload and text:
            raise forms.ValidationError(_("Upload a file or paste text, not both."))
        if not upload and not text:
            raise forms.ValidationError(_("Upload a .bib file or paste BibTeX."))
        limit = settings.IMPORT_MAX_BYTES
        try:
            if upload:
                if upload.size > limit:
                    raise BibtexError(Problem(_size_message(upload.size, limit)))
                data["bibtex"], data["warnings"] = decode(upload.read(), max_bytes=limit)
                data["file_name"] = upload.name
            else:
                if len(text.encode("utf-8")) > limit:
                    raise BibtexError(Problem(_size_message(len(text.encode("utf-8")), limit)))
                data["bibtex"], data["warnings"] = check_text(text), []
                data["file_name"] = "pasted.bib"
        except BibtexError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return data


def _size_message(size: int, limit: int) -> str:
    return f"the file is {filesizeformat(size)}; the limit is {filesizeformat(limit)}"


def decisions_from_post(post, options: dict[str, Any]) -> dict[str, Any]:
    """The choices posted with a preview, merged into the import's stored options."""
    people = dict(options.get("people", {}))
    venues = dict(options.get("venues", {}))
    overwrite = dict(options.get("overwrite", {}))
    for name, value in post.items():
        if name.startswith("author:"):
            key = name.removeprefix("author:")
            if value == NEW or value.isdecimal():
                people[key] = value if value == NEW else int(value)
            else:
                people.pop(key, None)
        elif name.startswith("venue:"):
            venues[name.removeprefix("venue:")] = value.strip()
        elif name.startswith("overwrite-shown:"):
            key = name.removeprefix("overwrite-shown:")
            overwrite[key] = post.get(f"overwrite:{key}") == "on"
    return {
        **options,
        "people": people,
        "venues": venues,
        "overwrite": overwrite,
        "skip_invalid": post.get("skip_invalid") == "on",
        "allow_ambiguous": post.get("allow_ambiguous") == "on",
        "create_venues": post.get("create_venues") == "on",
    }


def decisions_from_options(options: dict[str, Any], venue_ids: dict[str, int]) -> Decisions:
    """Decisions from stored options; venues chosen by slug become ids ("" = none)."""
    venues: dict[str, Any] = {}
    for text, choice in options.get("venues", {}).items():
        if choice == NEW:
            venues[text] = NEW
        elif choice in venue_ids:
            venues[text] = venue_ids[choice]
        elif choice == "-":
            venues[text] = ""
    return Decisions(
        people=dict(options.get("people", {})),
        venues=venues,
        overwrite=dict(options.get("overwrite", {})),
        skip_invalid=options.get("skip_invalid", False),
        allow_ambiguous=options.get("allow_ambiguous", False),
        create_venues=options.get("create_venues", False),
    )
