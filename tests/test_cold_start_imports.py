"""A cold one-deck build imports only what it uses (issue 21: start-up time)."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO

NOT_NEEDED = [
    "sheetgen.impose.components.board", "sheetgen.impose.components.sheet",
    "sheetgen.impose.components.tokens", "sheetgen.impose.components.dice",
    "sheetgen.impose.imposition.tiling", "sheetgen.impose.imposition.notepad",
    "sheetgen.dice.cli",            # the dice commands
    "sheetgen.checks.pdf_checks",   # `sheetgen check` reads PDFs back; a build does not
    "sheetgen.build.previews",            # --previews only
    "multiprocessing",              # one output: no workers
    "importlib.metadata",           # pydantic's plugin loader, with every plugin off
]


def _process(tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run ``sheetgen ARGS`` as the ``sheetgen`` command runs (``sheetgen.__main__``) in a new
    process; return it and the names of the modules it had imported when it ended."""
    code = ("import atexit, json, sys\n"
            "atexit.register(lambda: print(json.dumps(sorted(sys.modules))))\n"
            f"sys.argv = ['sheetgen', *{list(args)!r}]\n"
            "from sheetgen.__main__ import run\nrun()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120,
                          env={"SHEETGEN_CACHE_DIR": str(tmp_path / "cache"),
                               "PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done, set(json.loads(done.stdout.splitlines()[-1]))


def test_a_one_deck_build_imports_only_what_it_uses(tmp_path):
    _, loaded = _process(tmp_path, "--project", str(REPO), "build", "ragnarocks",
                         "mythology-cards", "-p", "a4", "-q", "--out", str(tmp_path / "out"))
    assert (tmp_path / "out/ragnarocks/mythology-cards-a4.pdf").is_file()
    assert "sheetgen.impose.components.cards" in loaded and "jinja2" in loaded  # it did build
    assert [name for name in NOT_NEEDED if name in loaded] == []
