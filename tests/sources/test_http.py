"""The HTTP layer: politeness, retries, the cache. The failures are written by hand (the
only hand-written answers); everything else is recorded."""

import httpx
import pytest

from pubs.sources.http import BadAnswer, HttpClient, NotFound, Source, Unavailable, user_agent

SLOW = Source("Slow", interval=2.0, fresh_for=60, hosts=("api.example.org",))
EAGER = Source("Eager", interval=0, fresh_for=60, hosts=("api.example.org",))
URL = "https://api.example.org/things/1"


def answering(*responses):
    """A handler answering each request with the next of ``responses`` (an exception raises)."""
    queue = list(responses)

    def handle(request):
        answer = queue.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    return handle


def test_every_request_names_the_site_and_its_contact(http, replay):
    replay.route(URL, "{}")
    http.get(SLOW, URL)
    agent = replay.requests[0].headers["User-Agent"]
    assert agent == user_agent("pubs-admin@lab.example.edu")
    assert "mailto:pubs-admin@lab.example.edu" in agent


def test_a_timeout_is_tried_again_after_a_growing_wait(http, replay, clock):
    replay.fail_with(
        answering(
            httpx.ReadTimeout("slow"), httpx.ReadTimeout("slow"), httpx.Response(200, text="ok")
        )
    )
    assert http.get(EAGER, URL).text == "ok"
    assert len(replay.requests) == 3
    assert 1.0 <= clock.naps[0] < 1.3 and 2.0 <= clock.naps[1] < 2.6


def test_a_source_that_keeps_failing_is_unavailable_with_a_clear_message(http, replay):
    replay.fail_with(lambda request: httpx.Response(503, text="Service Unavailable"))
    with pytest.raises(Unavailable, match="Slow answered 503; try again later"):
        http.get(SLOW, URL)
    assert len(replay.requests) == 4


def test_a_connection_refused_is_unavailable(http, replay):
    replay.fail_with(lambda request: (_ for _ in ()).throw(httpx.ConnectError("refused")))
    with pytest.raises(Unavailable, match="could not be reached"):
        http.get(SLOW, URL)


def test_429_waits_as_long_as_retry_after_asks(http, replay, clock):
    replay.fail_with(
        answering(httpx.Response(429, headers={"Retry-After": "7"}), httpx.Response(200, text="ok"))
    )
    assert http.get(EAGER, URL).text == "ok"
    assert clock.naps == [7.0]


def test_a_retry_after_of_hours_gives_up_at_once(http, replay):
    replay.fail_with(lambda request: httpx.Response(429, headers={"Retry-After": "86400"}))
    with pytest.raises(Unavailable, match="answered 429"):
        http.get(SLOW, URL)
    assert len(replay.requests) == 1


def test_a_500_then_an_answer_gives_the_answer(http, replay):
    replay.fail_with(answering(httpx.Response(500), httpx.Response(200, text="fine")))
    assert http.get(SLOW, URL).text == "fine"


def test_404_is_not_found_and_not_tried_again(http, replay):
    replay.fail_with(lambda request: httpx.Response(404))
    with pytest.raises(NotFound):
        http.get(SLOW, URL)
    assert len(replay.requests) == 1


def test_an_unexpected_status_is_a_bad_answer(http, replay):
    replay.fail_with(lambda request: httpx.Response(418))
    with pytest.raises(BadAnswer, match="answered 418"):
        http.get(SLOW, URL)


def test_garbage_instead_of_json_is_a_bad_answer(http, replay):
    replay.route(URL, "<html>oops</html>")
    with pytest.raises(BadAnswer, match="not JSON"):
        http.get(SLOW, URL).json()


def test_requests_to_one_source_keep_its_interval(http, replay, clock):
    replay.route(URL, "1")
    replay.route("https://api.example.org/things/2", "2")
    http.get(SLOW, URL)
    http.get(SLOW, "https://api.example.org/things/2")
    assert clock.naps == [2.0]


def test_a_fresh_answer_comes_from_the_cache_without_asking(http, replay):
    replay.route(URL, "once")
    http.get(SLOW, URL)
    again = http.get(SLOW, URL)
    assert again.text == "once" and again.from_cache and len(replay.requests) == 1


def test_a_stale_answer_is_asked_again_conditionally_and_kept_on_304(replay, clock, cache):
    replay.fail_with(
        answering(
            httpx.Response(
                200,
                text="v1",
                headers={"ETag": '"abc"', "Last-Modified": "Wed, 01 Jan 2025 00:00:00 GMT"},
            ),
            httpx.Response(304),
        )
    )
    stale = Source("Stale", interval=0, fresh_for=0, hosts=("api.example.org",))
    client = HttpClient(contact="", cache=cache, transport=replay, sleep=clock.sleep, clock=clock)
    client.get(stale, URL)
    answer = client.get(stale, URL)
    assert answer.text == "v1" and answer.from_cache
    second = replay.requests[1]
    assert second.headers["If-None-Match"] == '"abc"'
    assert second.headers["If-Modified-Since"] == "Wed, 01 Jan 2025 00:00:00 GMT"


def test_answers_in_different_types_are_cached_apart(http, replay):
    replay.fail_with(
        answering(httpx.Response(200, text="@article{x,}"), httpx.Response(200, text="{}"))
    )
    assert http.get(SLOW, URL, accept="application/x-bibtex").text == "@article{x,}"
    assert http.get(SLOW, URL, accept="application/json").text == "{}"


def test_without_a_contact_the_user_agent_still_names_the_site():
    assert user_agent("").startswith("labpubs/")
    assert "mailto" not in user_agent("")
