"""Everywhere the admin asks for a person, a venue or a group (a form's field or an inline's),
it asks with its autocomplete, searching names, abbreviations, Chinese names and aliases,
never with a select box of every row."""

import re

import pytest
from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteMixin, RelatedFieldWidgetWrapper
from django.test import RequestFactory
from django.urls import reverse

from people.models import Group, Person
from pubs.models import Venue

pytestmark = pytest.mark.django_db

CHOSEN = (Person, Group, Venue)


def chooser_widgets(request):
    """(where, widget) of each form field, in every ModelAdmin and inline, choosing a person,
    a group or a venue."""
    for model, model_admin in admin.site._registry.items():
        forms = [(model.__name__, model_admin.get_form(request))]
        for inline in model_admin.get_inline_instances(request):
            forms.append(
                (f"{model.__name__} › {inline.model.__name__}", inline.get_formset(request).form)
            )
        for where, form in forms:
            for name, field in form.base_fields.items():
                queryset = getattr(field, "queryset", None)
                if queryset is not None and issubclass(queryset.model, CHOSEN):
                    widget = field.widget
                    if isinstance(widget, RelatedFieldWidgetWrapper):
                        widget = widget.widget
                    yield f"{where}.{name}", widget


def test_every_person_group_and_venue_is_chosen_by_autocomplete(admin_user):
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    widgets = dict(chooser_widgets(request))
    assert len(widgets) > 5
    assert [where for where, w in widgets.items() if not isinstance(w, AutocompleteMixin)] == []


@pytest.mark.parametrize("model", CHOSEN)
def test_the_autocompletes_search_names_chinese_names_and_aliases(model):
    fields = admin.site._registry[model].search_fields
    expected = {
        Person: {"family_name", "given_name", "native_name", "variants"},
        Group: {"name", "short_name", "native_name"},
        Venue: {"abbreviation", "name", "aliases"},
    }[model]
    assert expected <= {field.lstrip("^=@") for field in fields}


@pytest.mark.parametrize("page", ["upload", "identifiers"])
def test_an_import_s_group_is_picked_with_the_autocomplete(admin_client, page):
    html = admin_client.get(reverse(f"admin:pubs_bibteximport_{page}")).content.decode()
    assert re.search(r'<select name="group"[^>]*class="admin-autocomplete', html)
    assert 'data-field-name="groups"' in html
    assert "admin/js/autocomplete.js" in html
