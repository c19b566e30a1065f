"""The layers of docs/architecture.md, as the machine checks them: import-linter's contracts
in pyproject.toml ([tool.importlinter]), every module of the apps in a layer, and the
document naming every one of them."""

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("people", "pubs")
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "contracts"
]


def _layered_modules() -> set[str]:
    """The modules and packages the layers contract names, e.g. "pubs.admin", "pubs.text"."""
    (layers,) = [contract["layers"] for contract in CONTRACTS if contract["type"] == "layers"]
    return {
        name.strip()
        for layer in layers
        for name in layer.replace("|", ":").split(":")
        if name.strip()
    }


def _app_modules() -> list[str]:
    """The packages and single modules directly inside the apps ("pubs.web", "pubs.search")."""
    return sorted(
        f"{app}.{path.stem}"
        for app in APPS
        for path in (ROOT / app).iterdir()
        if path.name != "__init__.py" and (path.suffix == ".py" or (path / "__init__.py").is_file())
    )


def _documented(module: str) -> str:
    """How docs/architecture.md names a module: its path ("pubs/web/", "pubs/search.py")."""
    path = ROOT / module.replace(".", "/")
    return f"{module.replace('.', '/')}/" if path.is_dir() else f"{module.replace('.', '/')}.py"


def test_imports_go_downward_as_the_contracts_say():
    """lint-imports keeps every contract; its report says which import goes the wrong way."""
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
            "--no-cache",
            "--no-logo",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_package_and_module_of_the_apps_is_in_a_layer():
    modules = _app_modules()
    assert "pubs.bibtex" in modules and "people.names" in modules
    assert [module for module in modules if module not in _layered_modules()] == []


@pytest.mark.parametrize("module", sorted(_layered_modules()))
def test_the_architecture_document_places_every_layered_module(module):
    assert _documented(module) in (ROOT / "docs" / "architecture.md").read_text()
