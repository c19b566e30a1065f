from tests.roles.conftest import lab, lab_module_db, login  # noqa: F401  (the roles' cast)
