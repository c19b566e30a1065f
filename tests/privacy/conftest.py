import pytest
from django.db import transaction

from tests.privacy.markers import seed_private_values


@pytest.fixture(scope="module")
def private_module_db(demo_module_db, django_db_blocker):
    """The demo data with markers in every private field, once per module, rolled back."""
    with django_db_blocker.unblock(), transaction.atomic():
        seed_private_values()
        yield
        transaction.set_rollback(True)


@pytest.fixture
def private(private_module_db, db) -> None:
    """The demo data with a marker string in every private field (tests.privacy.markers)."""
