"""The stage order of imports is enforced by a tool: import-linter's contracts in pyproject.toml
(layers in pipeline order, the dice engine writing no PDF, the commands calling the build, no
import circle)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import REPO

LINT = Path(sys.executable).with_name("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([str(LINT), "--no-cache"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)


def test_every_import_contract_is_kept():
    done = _lint(REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert f"{len(contracts['contracts'])} kept, 0 broken" in done.stdout


def test_an_import_against_the_stage_order_breaks_the_contract(tmp_path):
    shutil.copytree(REPO / "sheetgen", tmp_path / "sheetgen",
                    ignore=shutil.ignore_patterns("__pycache__", "_builtin"))
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    loader = tmp_path / "sheetgen" / "load" / "loading.py"
    # the loader reaching up into the impose stage (a model that knows its pages)
    reach_up = "\nfrom ..impose.components import component_kinds  # noqa\n"
    loader.write_text(loader.read_text(encoding="utf-8") + reach_up, encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "sheetgen.load is not allowed to import sheetgen.impose" in done.stdout
    assert "sheetgen.load.loading -> sheetgen.impose.components" in done.stdout
    assert "Parts import downwards only BROKEN" in done.stdout


def test_a_command_that_fills_faces_itself_breaks_the_contract(tmp_path):
    shutil.copytree(REPO / "sheetgen", tmp_path / "sheetgen",
                    ignore=shutil.ignore_patterns("__pycache__", "_builtin"))
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    api = tmp_path / "sheetgen" / "api.py"
    reach_in = "\nfrom .fill.faces import FaceBuilder  # noqa\n"
    api.write_text(api.read_text(encoding="utf-8") + reach_in, encoding="utf-8")
    done = _lint(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Commands call the build: the Front never fills or imposes on its own BROKEN" \
        in done.stdout
    assert "sheetgen.api is not allowed to import sheetgen.fill" in done.stdout
