"""The HTTP layer: politeness, retries, the cache, where requests may go, what answers may
be. The failures are written by hand (the
only hand-written answers); everything else is recorded."""

import gzip

import httpx
import pytest

from pubs.sources.http import (
    MAX_BYTES,
    BadAnswer,
    HttpClient,
    NotFound,
    Refused,
    Source,
    SourceError,
    Unavailable,
    read_xml,
    user_agent,
)

SLOW = Source("Slow", interval=2.0, fresh_for=60, hosts=("api.example.org",))
EAGER = Source("Eager", interval=0, fresh_for=60, hosts=("api.example.org",))
URL = "https://api.example.org/things/1"


class Chunks(httpx.SyncByteStream):
    """A body the transport streams, as the network does (httpx reads a body given whole)."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks

    def __iter__(self):
        yield from self.chunks


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


# -- where requests may go: https, the source's hosts, redirects checked ----------------------


def redirect(location: str, status: int = 302) -> httpx.Response:
    return httpx.Response(status, headers={"Location": location})


def test_a_redirect_to_another_of_the_source_s_urls_is_followed(http, replay):
    replay.route(URL, "", status=301, headers={"Location": "/things/one"})
    replay.route("https://api.example.org/things/one", "followed")
    answer = http.get(SLOW, URL)
    assert answer.text == "followed" and answer.url == "https://api.example.org/things/one"


@pytest.mark.parametrize(
    "location",
    [
        "http://127.0.0.1:6379/",
        "https://10.0.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "https://[::1]/",
        "https://publisher.example.com/landing-page",
    ],
)
def test_a_redirect_off_the_source_s_hosts_is_refused_without_a_request(http, replay, location):
    replay.fail_with(answering(redirect(location)))
    with pytest.raises(Refused, match="Slow redirected outside its own hosts; not followed"):
        http.get(SLOW, URL)
    assert [str(request.url) for request in replay.requests] == [URL]


def test_a_redirect_to_plain_http_on_the_source_s_own_host_is_refused(http, replay):
    replay.fail_with(answering(redirect("http://api.example.org/things/1")))
    with pytest.raises(Refused):
        http.get(SLOW, URL)
    assert len(replay.requests) == 1


def test_a_url_outside_the_source_s_hosts_is_refused_before_any_request(http, replay):
    with pytest.raises(Refused, match=r"Slow is not asked at https://elsewhere\.example\.org/"):
        http.get(SLOW, "https://elsewhere.example.org/")
    assert replay.requests == []


def test_a_url_that_is_not_https_is_refused_before_any_request(http, replay):
    with pytest.raises(Refused):
        http.get(SLOW, "http://api.example.org/things/1")
    assert replay.requests == []


def test_a_source_without_hosts_is_asked_nothing(http, replay):
    with pytest.raises(Refused):
        http.get(Source("Nowhere", interval=0), URL)
    assert replay.requests == []


def test_a_redirect_loop_is_a_bad_answer_after_a_few_hops(http, replay):
    replay.fail_with(lambda request: redirect(str(request.url)))
    with pytest.raises(BadAnswer, match="redirected more than 3 times"):
        http.get(SLOW, URL)
    assert len(replay.requests) == 4


def test_a_location_that_is_not_a_url_is_a_source_error(http, replay):
    # httpx reads the Location itself (a protocol error, tried again as one)
    replay.fail_with(lambda request: redirect("https://api.example.org:b:c/"))
    with pytest.raises(SourceError):
        http.get(SLOW, URL)
    assert {str(request.url) for request in replay.requests} == {URL}


# -- answers that would not end, or would not fit -------------------------------------------


def test_an_answer_declaring_more_than_the_cap_is_refused_unread(http, replay):
    replay.fail_with(answering(httpx.Response(200, headers={"Content-Length": str(MAX_BYTES + 1)})))
    with pytest.raises(BadAnswer, match=f"more than {MAX_BYTES} bytes"):
        http.get(SLOW, URL)


def test_an_answer_larger_than_the_cap_is_a_bad_answer(http, replay):
    replay.fail_with(answering(httpx.Response(200, content=b"x" * (MAX_BYTES + 1))))
    with pytest.raises(BadAnswer, match=f"more than {MAX_BYTES} bytes"):
        http.get(SLOW, URL)


def test_an_answer_in_a_coding_not_asked_for_is_a_bad_answer(http, replay):
    replay.fail_with(
        answering(httpx.Response(200, headers={"Content-Encoding": "br"}, stream=Chunks([b"\x0b"])))
    )
    with pytest.raises(BadAnswer, match="coding it was not asked for"):
        http.get(SLOW, URL)


def test_gzip_that_does_not_decode_is_a_bad_answer(http, replay):
    replay.fail_with(
        answering(
            httpx.Response(200, headers={"Content-Encoding": "gzip"}, stream=Chunks([b"nope"]))
        )
    )
    with pytest.raises(BadAnswer, match="gzip that does not decode"):
        http.get(SLOW, URL)


def test_a_gzip_answer_is_read_decoded(http, replay):
    body = gzip.compress(b'{"ok": true}')
    replay.fail_with(
        answering(httpx.Response(200, headers={"Content-Encoding": "gzip"}, stream=Chunks([body])))
    )
    assert http.get(SLOW, URL).json() == {"ok": True}


def test_every_request_asks_for_gzip_only(http, replay):
    replay.route(URL, "{}")
    http.get(SLOW, URL)
    assert replay.requests[0].headers["Accept-Encoding"] == "gzip"


def test_json_nested_100_000_deep_is_a_bad_answer(http, replay):
    replay.route(URL, "[" * 100_000 + "]" * 100_000)
    with pytest.raises(BadAnswer, match="nested too deep"):
        http.get(SLOW, URL).json()


def test_a_doctype_after_a_long_comment_is_refused():
    text = f"<!--{'x' * 2100}--><!DOCTYPE feed [<!ENTITY a 'aaaa'>]><feed>&a;</feed>"
    with pytest.raises(BadAnswer, match="document type declaration"):
        read_xml(text, "arXiv's feed")


def test_an_entity_declaration_in_any_case_is_refused():
    with pytest.raises(BadAnswer):
        read_xml("<?xml version='1.0'?><!entity x 'y'><feed/>", "arXiv's feed")


# -- the site-wide gate ------------------------------------------------------------------------


class RecordingGate:
    """A gate that lets every request out and keeps what it was told."""

    def __init__(self, closed: bool = False) -> None:
        self.closed = closed
        self.calls: list[tuple] = []

    def before(self, source):
        self.calls.append(("before", source.name))
        if self.closed:
            raise Unavailable(f"{source.name} is left alone for now")

    def after(self, source, *, ok):
        self.calls.append(("after", source.name, ok))


@pytest.fixture
def gate() -> RecordingGate:
    return RecordingGate()


@pytest.fixture
def gated(replay, clock, gate) -> HttpClient:
    client = HttpClient(
        contact="", transport=replay, sleep=clock.sleep, clock=clock, gate=gate, attempts=3
    )
    yield client
    client.close()


def test_the_gate_is_asked_before_each_attempt_and_told_once_of_an_answer(gated, replay, gate):
    replay.fail_with(answering(httpx.Response(503), httpx.Response(200, text="ok")))
    gated.get(SLOW, URL)
    assert gate.calls == [("before", "Slow"), ("before", "Slow"), ("after", "Slow", True)]


def test_the_gate_takes_the_turns_instead_of_the_client(gated, replay, clock):
    replay.route(URL, "1")
    replay.route("https://api.example.org/things/2", "2")
    gated.get(SLOW, URL)
    gated.get(SLOW, "https://api.example.org/things/2")
    assert clock.naps == []


def test_the_gate_hears_of_a_request_that_ended_unavailable(gated, replay, gate):
    replay.fail_with(lambda request: httpx.Response(503))
    with pytest.raises(Unavailable):
        gated.get(SLOW, URL)
    assert gate.calls[-1] == ("after", "Slow", False)
    assert gate.calls.count(("before", "Slow")) == 3


def test_the_gate_hears_of_a_not_found_as_an_answer(gated, replay, gate):
    replay.fail_with(lambda request: httpx.Response(404))
    with pytest.raises(NotFound):
        gated.get(SLOW, URL)
    assert gate.calls[-1] == ("after", "Slow", True)


def test_a_closed_gate_lets_no_request_out_and_hears_nothing_back(replay, clock):
    gate = RecordingGate(closed=True)
    client = HttpClient(contact="", transport=replay, sleep=clock.sleep, clock=clock, gate=gate)
    with pytest.raises(Unavailable, match="left alone"):
        client.get(SLOW, URL)
    assert replay.requests == [] and gate.calls == [("before", "Slow")]


def test_a_fresh_cached_answer_does_not_go_through_the_gate(gated, replay, gate, cache):
    replay.route(URL, "once")
    client = HttpClient(contact="", cache=cache, transport=replay, gate=gate)
    client.get(SLOW, URL)
    gate.calls.clear()
    assert client.get(SLOW, URL).from_cache and gate.calls == []
