import pytest

from tests.security.hostile import PAYLOADS, hostile_lab


@pytest.fixture(params=PAYLOADS, ids=range(len(PAYLOADS)))
def payload(request, db) -> str:
    """The hostile lab with one payload in every text field."""
    hostile_lab(request.param)
    return request.param
