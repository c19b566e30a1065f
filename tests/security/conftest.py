import pytest
from django.db import transaction

from tests.security.hostile import PAYLOADS, hostile_lab


@pytest.fixture(scope="module")
def baseline() -> dict[str, str]:
    """The responses of the lab with plain text that a module compares the hostile lab's
    with (none, unless the module says which)."""
    return {}


@pytest.fixture(scope="module", params=PAYLOADS, ids=range(len(PAYLOADS)))
def hostile_module_db(request, baseline, django_db_setup, django_db_blocker):
    """The hostile lab with one payload in every text field, written once per module and
    payload in a transaction rolled back after the payload's last test (each test runs in a
    savepoint of its own inside it). The plain lab's responses, which a module compares
    with, are taken first: the plain lab has the same slugs."""
    with django_db_blocker.unblock(), transaction.atomic():
        hostile_lab(request.param)
        yield request.param
        transaction.set_rollback(True)


@pytest.fixture
def payload(hostile_module_db, db) -> str:
    """The hostile lab with one payload in every text field."""
    return hostile_module_db
