"""A work is one entry in the API as on the lists: its other versions named in it, and each
version's own URL naming the version that lists the work."""

import pytest

from tests.api.entries import shown_entries
from tests.factories import bulk_dataset, with_preprints

pytestmark = pytest.mark.django_db


@pytest.fixture
def works() -> list:
    papers = bulk_dataset(4)
    with_preprints(papers)
    return papers


def test_the_api_lists_a_work_once_with_its_other_versions_as_the_page_does(client, works):
    shown = {
        e.slug: e.versions for e in shown_entries(client.get("/publications/").content.decode())
    }
    given = client.get("/api/v1/papers/").json()["results"]
    versions = {
        p["slug"]: [f"/publications/{v['slug']}/" for v in p["other_versions"]] for p in given
    }
    assert versions == shown
    assert versions[works[0].slug] == [f"/publications/{works[0].slug}-preprint/"]


def test_a_folded_version_names_the_version_that_lists_its_work(client, works):
    preprint = client.get(f"/api/v1/papers/{works[0].slug}-preprint/").json()
    assert preprint["listed_as"] == works[0].slug
    standing = client.get(f"/api/v1/papers/{works[0].slug}/").json()
    assert standing["listed_as"] is None
    assert [v["slug"] for v in standing["versions"]] == [f"{works[0].slug}-preprint"]
