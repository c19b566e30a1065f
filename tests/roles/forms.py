"""What the role tests post: the admin URL of a row, and the data of the person and paper
forms."""

from __future__ import annotations

from django.db.models import Model
from django.urls import reverse

from people.models import Person
from pubs.models import Paper


def change_url(obj: Model) -> str:
    return reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])


def profile_data(person: Person, **fields) -> dict:
    """POST data of a person's admin page (no membership, advisor or student inline)."""
    data = {
        "given_name": person.given_name,
        "family_name": person.family_name,
        "slug": person.slug,
        "variants": "",
        **{
            f"{prefix}-{key}": value
            for prefix in ("memberships", "advised_by", "advising")
            for key, value in (("TOTAL_FORMS", 0), ("INITIAL_FORMS", 0))
        },
    }
    data.update(fields)
    return data


def authors_data(paper: Paper) -> list[dict]:
    """The paper's author list as the paper form's author rows."""
    return [
        {"id": a.pk, "person": a.person_id, "position": a.position}
        for a in paper.authorships.order_by("position")
    ]
