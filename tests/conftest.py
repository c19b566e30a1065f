import pytest
from django.core.management import call_command
from django.db import transaction


@pytest.fixture(scope="module")
def demo_module_db(django_db_setup, django_db_blocker):
    """Load fixtures/demo.json once per test module, inside a transaction rolled back after it.

    Each test then runs in a savepoint of that transaction (pytest-django's ``db``), so tests
    see the demo data and cannot leak changes into one another.
    """
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("loaddata", "demo", verbosity=0)
            yield
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def demo(demo_module_db, db) -> None:
    """The demo data of fixtures/demo.json in the test database."""
