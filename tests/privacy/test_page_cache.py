"""The page cache (Redis here) holds public responses only, and a value made private leaves
every cached page at once."""

import pytest
from django.conf import settings
from django.utils import timezone

from people.models import Person
from pubs.models import Paper
from tests.privacy import crawl
from tests.privacy.markers import HIDDEN_PERSON, PUBLISHED_EMAIL, shows_marker

pytestmark = pytest.mark.usefixtures("private", "redis_cache")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
TITLE = "Non-Idle Machine-Aware Worker Placement"
#: What shows the paper in each page or file (the sitemap names it by its URL).
SHOWN = {"/sitemap.xml": NON_IDLE}
#: Pages and files that list the paper above.
LISTING = [
    "/",
    "/publications/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/publications/export.bib",
    "/people/jin-fang/cv.md",
    "/feeds/publications/",
    "/sitemap.xml",
]


def cached_values(cache) -> list[bytes]:
    """Every value stored under the test's key prefix in Redis."""
    client = cache._cache.get_client()
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    return [client.get(key) for key in client.scan_iter(match=f"{prefix}:*")]


def texts(client, urls: list[str]) -> dict[str, str]:
    return {url: client.get(url).content.decode() for url in urls}


def test_the_cache_holds_public_responses_only(client, redis_cache):
    people = Person.objects.filter(slug__in=["jin-fang", HIDDEN_PERSON])
    for url in [*crawl.site_urls(), *crawl.object_urls(papers=[], people=people, venues=[])]:
        client.get(url)
    values = cached_values(redis_cache)
    assert len(values) > 50
    assert not [value for value in values if shows_marker(value.decode("latin-1"))]


def test_a_paper_hidden_in_the_admin_leaves_every_cached_page(client, admin_client):
    Paper.objects.filter(slug=NON_IDLE).update(created=timezone.now())  # first in the feed
    before = texts(client, [*LISTING, f"/publications/{NON_IDLE}/"])
    assert all(SHOWN.get(url, TITLE) in text for url, text in before.items())
    paper = Paper.objects.get(slug=NON_IDLE)
    admin_client.post(
        "/admin/pubs/paper/", {"action": "make_private", "_selected_action": [paper.pk]}
    )
    after = texts(client, LISTING)
    assert [url for url, text in after.items() if SHOWN.get(url, TITLE) in text] == []
    assert client.get(f"/publications/{NON_IDLE}/").status_code == 404


def test_an_email_no_longer_published_leaves_the_cached_profile(client):
    assert PUBLISHED_EMAIL in client.get("/people/jin-fang/").content.decode()
    person = Person.objects.get(slug="jin-fang")
    person.email_public = False
    person.save()
    assert PUBLISHED_EMAIL not in client.get("/people/jin-fang/").content.decode()


def test_a_page_cached_for_an_admin_is_the_page_the_public_sees(client, admin_client):
    assert LISTING
    for url in LISTING:
        seen_by_admin = admin_client.get(url).content
        assert client.get(url).content == seen_by_admin
        assert b"/admin/" not in seen_by_admin
