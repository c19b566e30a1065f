from tests.roles.conftest import lab, login, roles  # noqa: F401  (the roles' cast)
