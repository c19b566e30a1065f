"""bench/common.py's README writer: a bench rewrites its own section and nothing else."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import common

README = "# Benchmarks\n\nintro\n<!-- mine -->\nold table\n<!-- /mine -->\noutro\n"


def test_a_section_is_rewritten_between_its_markers_only(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(README, encoding="utf-8")

    assert common.readme_section("mine", ["| new |", "|---|"], readme)
    assert readme.read_text(encoding="utf-8") == (
        "# Benchmarks\n\nintro\n<!-- mine -->\n| new |\n|---|\n<!-- /mine -->\noutro\n"
    )


def test_a_section_without_its_markers_is_not_written(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(README, encoding="utf-8")

    assert not common.readme_section("theirs", ["| new |"], readme)
    assert readme.read_text(encoding="utf-8") == README


def test_the_readme_has_the_import_benches_markers():
    text = common.README.read_text(encoding="utf-8")
    markers = [f"<!-- {n} -->" for n in ("import_bench", "/import_bench", "scale_import_bench")]

    assert [marker in text for marker in markers] == [True, True, True]
    assert "<!-- /scale_import_bench -->" in text
