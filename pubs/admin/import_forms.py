"""Forms of the admin import page: the upload, and the choices a preview asks for."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin import AdminSite
from django.contrib.admin.widgets import AutocompleteSelect
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from people.models import Group
from pubs.bibtex.parse import BibtexError, Problem, check_text, decode
from pubs.bibtex.plan import NEW
from pubs.imports.messages import translated_message
from pubs.models import Paper, Venue


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
            raise forms.ValidationError(translated_message(exc.problem)) from exc
        return data


def _size_message(size: int, limit: int) -> str:
    return f"the file is {filesizeformat(size)}; the limit is {filesizeformat(limit)}"


#: What else an unmatched venue may become: a new venue, or no venue.
OTHER_VENUE_CHOICES = [("", _("the venue chosen")), (NEW, _("a new venue")), ("-", _("no venue"))]


def venue_picker(admin_site: AdminSite) -> forms.ModelChoiceField:
    """The known venue an unmatched one is, found as the paper form finds one: with the admin's
    autocomplete (abbreviations, names, aliases). It posts the venue's id."""
    return forms.ModelChoiceField(
        Venue.objects.all(),
        required=False,
        widget=AutocompleteSelect(Paper._meta.get_field("venue"), admin_site),
    )


def group_picker(admin_site: AdminSite) -> AutocompleteSelect:
    """The group of an import, found with the admin's autocomplete (names, short and Chinese
    names), as the paper form finds its groups."""
    return AutocompleteSelect(Paper._meta.get_field("groups"), admin_site)


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
            text = name.removeprefix("venue:")
            venues[text] = _venue_choice(post.get(f"venue-other:{text}") or value.strip())
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


def _venue_choice(value: str) -> str:
    """A posted venue (an id from the autocomplete, or a slug, "new" or "-") as stored: a slug,
    "new", "-" or "" (not chosen)."""
    if value.isdecimal():
        return Venue.objects.filter(pk=int(value)).values_list("slug", flat=True).first() or ""
    return value
