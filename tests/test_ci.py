"""CI runs the README's test command, exactly, and the suite's tiers are declared."""

from __future__ import annotations

import re
import tomllib

from conftest import REPO


def readme_test_command() -> str:
    """Return the README's first command that runs pytest (its `# comment` cut off)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if re.match(r"pip install .*pytest", line))
    return line.split("#")[0].strip()


def test_ci_runs_exactly_the_readmes_test_command():
    command = readme_test_command()
    assert command.endswith("pytest -n auto"), command  # the whole suite, in parallel
    lines = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()]
    assert command in lines


def test_the_slow_marker_is_declared_and_xdist_is_in_the_test_extra():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    markers = config["tool"]["pytest"]["ini_options"]["markers"]
    assert any(marker.startswith("slow:") for marker in markers)
    assert any(dep.startswith("pytest-xdist") for dep in
               config["project"]["optional-dependencies"]["test"])
