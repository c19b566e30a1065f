"""Every API response can be revalidated (ETag, Last-Modified: a 304 costs no read of the
list), is cached as the pages are, and may be read from any origin."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pubs.api.http import changed_at
from pubs.models import Paper

pytestmark = pytest.mark.usefixtures("demo")

LIST = "/api/v1/papers/?person=jin-fang"
URLS = [
    LIST,
    "/api/v1/papers/non-idle-machine-aware-worker-placement-for-2024/",
    "/api/v1/people/",
    "/api/v1/people/jin-fang/",
    "/api/v1/groups/ustc-int/",
    "/api/v1/venues/icnp/",
    "/api/v1/schema/",
]


@pytest.mark.parametrize("url", URLS)
def test_a_response_revalidated_by_its_etag_is_a_304(client, url):
    first = client.get(url)
    assert first.status_code == 200
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_a_response_revalidated_by_its_date_is_a_304(client):
    first = client.get(LIST)
    again = client.get(LIST, headers={"If-Modified-Since": first["Last-Modified"]})
    assert again.status_code == 304


def test_a_revalidation_reads_no_paper(client):
    etag = client.get(LIST)["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert client.get(LIST, headers={"If-None-Match": etag}).status_code == 304
    assert [q["sql"] for q in queries if "pubs_paper" in q["sql"]] == []


def test_a_change_to_public_data_gives_a_new_etag_and_a_later_date(client):
    first = client.get(LIST)
    paper = Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024")
    paper.title = "A renamed paper"
    paper.save()
    again = client.get(LIST, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert "A renamed paper" in again.content.decode()
    dated = client.get(LIST, headers={"If-Modified-Since": first["Last-Modified"]})
    assert dated.status_code == 200


def test_the_same_query_written_otherwise_has_the_same_etag(client):
    plain = client.get("/api/v1/papers/?rank=A&year_min=2020")
    reordered = client.get("/api/v1/papers/?year_min=2020&utm_source=feed&rank=A&page=1")
    assert reordered["ETag"] == plain["ETag"]
    assert reordered.content == plain.content


def test_a_response_asked_for_again_comes_from_the_page_cache(client):
    first = client.get(LIST)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(LIST)
    assert again.content == first.content
    assert [q["sql"] for q in queries if "pubs_paper" in q["sql"]] == []


@pytest.mark.parametrize(
    ("url", "status"),
    [(LIST, 200), ("/api/v1/papers/?year=soon", 400), ("/api/v1/people/nobody/", 404)],
)
def test_any_origin_may_read_an_answer(client, url, status):
    response = client.get(url, headers={"Origin": "https://lab.example.org"})
    assert response.status_code == status
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response


def test_a_preflight_allows_reading_with_a_revalidation(client):
    response = client.options(LIST, headers={"Origin": "https://lab.example.org"})
    assert response.status_code == 204
    assert response["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "If-None-Match" in response["Access-Control-Allow-Headers"]


def test_the_etag_is_readable_from_another_origin(client):
    assert client.get(LIST)["Access-Control-Expose-Headers"] == "ETag"


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_api_writes_nothing(client, method):
    before = Paper.objects.count()
    response = getattr(client, method)(LIST, data={"title": "x"}, content_type="application/json")
    assert response.status_code == 405
    assert Paper.objects.count() == before


def test_the_public_pages_stay_closed_to_other_origins(client):
    assert "Access-Control-Allow-Origin" not in client.get("/publications/")


def test_a_query_the_api_cannot_honour_names_each_wrong_parameter(client):
    response = client.get("/api/v1/papers/?year=soon&rank=Z&page_size=501")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"year", "rank", "page_size"}


def test_a_later_change_has_a_later_date_even_within_the_second():
    first = changed_at(1)
    assert changed_at(1) == first
    assert changed_at(2) > first


def test_without_the_cache_an_answer_has_no_date_and_revalidates_by_its_etag(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        }
    }
    assert changed_at(1) is None
