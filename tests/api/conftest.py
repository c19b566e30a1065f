# The privacy suite's data: the demo with a marker in every private field, and a hidden paper.
from tests.privacy.conftest import private, private_module_db  # noqa: F401
