"""When the shared cache fails: how long it is left alone and what is logged of it
(``pubs.services.shared_cache.CacheOutage``, moments in seconds passed in). The same with a real Redis
stopped, hung and full: tests/production/test_redis_outage.py."""

from pubs.services.shared_cache import CacheOutage

RETRY = 5.0


def test_a_cache_that_never_failed_is_asked():
    assert CacheOutage().may_ask(0.0)


def test_a_failed_cache_is_left_alone_until_the_retry_time():
    outage = CacheOutage()
    outage.failed(100.0, RETRY)
    assert not outage.may_ask(100.0 + RETRY - 0.1)
    assert outage.may_ask(100.0 + RETRY)


def test_the_first_failure_is_logged():
    assert CacheOutage().failed(100.0, RETRY) is True


def test_failures_within_a_minute_of_the_logged_one_are_not_logged():
    outage = CacheOutage()
    outage.failed(100.0, RETRY)
    logged = [outage.failed(100.0 + RETRY * n, RETRY) for n in range(1, 12)]  # up to 155 s
    assert logged == [False] * 11


def test_a_failure_a_minute_after_the_logged_one_is_logged():
    outage = CacheOutage()
    outage.failed(100.0, RETRY)
    outage.failed(130.0, RETRY)
    assert outage.failed(160.0, RETRY) is True


def test_an_answer_after_failures_ends_the_outage_with_its_length():
    outage = CacheOutage()
    outage.failed(100.0, RETRY)
    outage.failed(110.0, RETRY)
    assert outage.answered(117.0) == 17.0
    assert outage.answered(118.0) is None


def test_an_answer_lets_the_cache_be_asked_again_at_once():
    outage = CacheOutage()
    outage.failed(100.0, RETRY)
    outage.answered(101.0)  # the health check asked it
    assert outage.may_ask(101.0)


def test_an_answer_without_a_failure_says_nothing():
    assert CacheOutage().answered(100.0) is None
