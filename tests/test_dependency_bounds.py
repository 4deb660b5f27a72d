"""Where sheetgen leans on a library's internals, the bound holds: the tested version range in
pyproject.toml, or a version guard with a plain path that works (issue 32 item 7).

- Jinja2: the template sandbox's bounds hook ``SandboxedEnvironment.call_binop``.
- PyYAML: the loader is built from PyYAML's parser mixins and libyaml's ``CParser``.
- pydantic: the command line stands in for the private ``pydantic.plugin._loader`` only on the
  pydantic versions it was tested with; on any other it takes pydantic's own loader.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from jinja2.sandbox import SecurityError
from packaging.requirements import Requirement

from conftest import REPO
from sheetgen.cli import LOADER_TESTED_ON, pydantic_minor
from sheetgen.fill.faces import _JINJA, MAX_REPEAT
from sheetgen.load import yamlload


def requirement(name: str) -> Requirement:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = [Requirement(text) for text in project["dependencies"]]
    return next(req for req in found if req.name.lower() == name)


@pytest.mark.parametrize("name", ["jinja2", "pyyaml", "reportlab"])
def test_internals_used_are_bounded_to_the_installed_tested_range(name):
    req = requirement(name)
    uppers = [spec for spec in req.specifier if spec.operator == "<"]
    assert uppers, f"{name} has no upper bound in pyproject.toml"
    assert req.specifier.contains(metadata.version(name)), (name, metadata.version(name))


@pytest.mark.parametrize("expression", [
    "'a' * 1000000000", "1000000000 * 'a'", "[0] * 1000000000", "9 ** (9 ** 9)", "2 ** 100000",
    "'ab' * (50000 + 1)"])
def test_the_template_sandbox_refuses_huge_work_at_once(expression):
    started = time.perf_counter()
    with pytest.raises(SecurityError):
        _JINJA.from_string("{{ " + expression + " }}").render()
    assert time.perf_counter() - started < 1.0


def test_the_template_sandbox_allows_work_within_its_bound():
    assert _JINJA.from_string("{{ 'ab' * 50000 }}").render() == "ab" * (MAX_REPEAT // 2)
    assert _JINJA.from_string("{{ 2 ** 64 }}").render() == str(2 ** 64)
    # the sandbox itself still refuses reaching Python's internals
    with pytest.raises(SecurityError):
        _JINJA.from_string("{{ ''.__class__.__mro__ }}").render()


def _loaded(loader_class, text: str):
    loader = loader_class(text, "deck.yaml")
    try:
        data = loader.get_single_data()
    finally:
        loader.dispose()
    return data, data.key_lines, [getattr(v, "item_lines", None) for v in data.values()]


def test_the_yaml_loader_reads_alike_on_libyaml_and_on_pure_python():
    assert yamlload._LineLoader is yamlload._CLineLoader   # the suite runs with libyaml
    assert issubclass(yamlload._CLineLoader, yaml._yaml.CParser)
    for path in sorted((REPO / "data").rglob("*.yaml"))[:40]:
        text = path.read_text(encoding="utf-8")
        if not text.strip():
            continue
        assert _loaded(yamlload._CLineLoader, text) == _loaded(yamlload._PyLineLoader, text)
    deep = "a: " + "[" * (yamlload.MAX_DEPTH + 5) + "]" * (yamlload.MAX_DEPTH + 5) + "\n"
    for loader_class in (yamlload._CLineLoader, yamlload._PyLineLoader):
        with pytest.raises(yamlload._Refused, match="nested more than"):
            _loaded(loader_class, deep)


PROBE = """
import json, sys
import sheetgen.cli
from pydantic import BaseModel
class Item(BaseModel):
    name: str
Item(name="x")
loader = sys.modules["pydantic.plugin._loader"]
print(json.dumps({"stand_in": not hasattr(loader, "__file__"),
                  "plugins": list(loader.get_plugins()),
                  "metadata": "importlib.metadata" in sys.modules}))
"""


def _probe(pythonpath: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": pythonpath,
                                            "PYDANTIC_DISABLE_PLUGINS": "__all__"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_plugin_loader_stand_in_is_used_on_the_tested_pydantic():
    assert pydantic_minor() in LOADER_TESTED_ON
    assert _probe(str(REPO)) == {"stand_in": True, "plugins": [], "metadata": False}


def test_another_pydantic_takes_its_own_plugin_loader(tmp_path):
    """A pydantic the stand-in was not tested with (here the installed one, its version set to
    2.99.0) loads pydantic's own loader; plugins stay off, models still validate."""
    installed = Path(metadata.distribution("pydantic").locate_file("pydantic"))
    shutil.copytree(installed, tmp_path / "pydantic",
                    ignore=shutil.ignore_patterns("__pycache__"))
    version = tmp_path / "pydantic" / "version.py"
    text, count = re.subn(r"^VERSION = '[^']+'", "VERSION = '2.99.0'",
                          version.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert count == 1
    version.write_text(text, encoding="utf-8")
    assert _probe(f"{tmp_path}{os.pathsep}{REPO}") == {"stand_in": False, "plugins": [],
                                                       "metadata": True}
