"""The record of reads, checked against an independent witness (issue 32 item 1).

Each output is built alone, with ``--no-cache``, in a new process whose audit hook (Python's
``open`` event, which every file opened by Python or a C extension through Python raises) logs
every file opened: that is what the output read. Then, for every file under the project any
output opened, its content is changed (in a way every reader accepts) and the next incremental
build must rebuild exactly the outputs that opened it, with the bytes a ``--no-cache`` build
writes. The incremental builds of a round (one ``sheetgen build GAME COMPONENTS`` per game)
run one after another in one process, as a catalogue build runs its games: a read that one
game's build took from what an earlier game's build kept in memory must still be recorded,
or the next round misses the change.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, write_files

HOOK = """
import os, sys
log = os.open(os.environ["READS_LOG"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        os.write(log, os.fsencode(os.path.abspath(os.fspath(args[0]))) + b"\\n")
sys.addaudithook(hook)
from sheetgen.__main__ import run
sys.argv[0] = "sheetgen"
run()
"""
# one process running several `sheetgen` command lines in turn (JSON list of argument lists)
BUILDS = """
import json, sys
from sheetgen.cli import main
for args in json.loads(sys.argv[1]):
    try:
        main(args, prog_name="sheetgen")
    except SystemExit as exc:
        if exc.code:
            raise
"""

GAME = "id: t\nname: T\ncomponents: [deck, other]\ncredits: \"Game by Tester\"\n"
DECK = ("id: deck\ntitle: Deck\nkind: cards\nfront: card\nprofiles: [pod]\n"
        "items_from: {csv: deck.csv}\n")
OTHER = ("id: other\ntitle: Other\nkind: cards\nfront: base\nprofiles: [pod]\n"
         "items:\n  - {name: Solo}\n")
BASE = """size: poker
elements:
  - {id: name, type: text, x: 5mm, y: 5mm, w: 50mm, h: 10mm, size: 12, font: mine,
     text: "{{ name }}"}
"""
CARD = """extends: middle
elements:
  - {id: art, type: icon, icon: mine/thing, x: 20mm, y: 40mm, w: 20mm, h: 20mm}
"""
MIDDLE = """extends: base
elements:
  - {id: credit, type: text, x: 5mm, y: 65mm, w: 53mm, h: 18mm, size: 7, role: credit,
     text: "{{ credits }}"}
"""
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
       '<rect width="10" height="10" fill="#3366aa"/><circle cx="5" cy="5" r="3" fill="#ffcc00"/>'
       '</svg>\n')
CHANGES = {".yaml": b"\n# changed\n", ".csv": b"Gamma\n", ".svg": b"<!-- changed -->\n",
           ".ttf": b"\0\0\0\0", ".po": b"\n# changed\n", ".png": b"changed"}
GAMES = {"ragnarocks": ["reference"], "roll-and-raid": ["odds-card", "raid-cards"],
         "rolling-thunder": ["clarifications"], "roll-and-might": ["legend"],
         "reavers-of-midgard": ["markers"]}


def _project(root: Path) -> Path:
    write_files(root, {
        "data/t/game.yaml": GAME, "data/t/deck.yaml": DECK, "data/t/other.yaml": OTHER,
        "data/t/deck.csv": "name\nAlpha\nBeta\n",
        "templates/base.yaml": BASE, "templates/middle.yaml": MIDDLE,
        "templates/card.yaml": CARD, "templates/art/mine/thing.svg": SVG,
        "templates/art/mine/credit.yaml": "credit:\n  line: \"Art: mine\"\n  short: \"Art\"\n",
        "templates/icons/credit.yaml": "credit:\n  line: \"Icons: mine\"\n  short: \"Ic\"\n",
        "fonts/fonts.yaml": "families:\n  mine:\n    regular: mine/Body.ttf\n"})
    (root / "fonts" / "mine").mkdir()
    shutil.copy(REPO / "fonts" / "AlegreyaSans-Regular.ttf", root / "fonts/mine/Body.ttf")
    for game in GAMES:
        shutil.copytree(REPO / "data" / game, root / "data" / game)
    return root


def _sheetgen(root: Path, *args: str, log: Path) -> str:
    """Run ``sheetgen ARGS`` in a new process that logs every file it opens into ``log``."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "READS_LOG": str(log)}
    done = subprocess.run([sys.executable, "-c", HOOK, "--project", str(root), *args],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _commands() -> list[tuple[str, list[str]]]:
    return [("t", ["deck", "other"])] + list(GAMES.items())


def _build_all(root: Path, *options: str) -> None:
    """Run ``sheetgen build GAME COMPONENTS... OPTIONS`` for each of ``_commands()``, in turn
    in one process (a process each cost about 0.3 s of CPU more, 180 times)."""
    commands = [["--project", str(root), "build", game, *components, *options]
                for game, components in _commands()]
    done = subprocess.run([sys.executable, "-c", BUILDS, json.dumps(commands)],
                          capture_output=True, text=True, env={**os.environ,
                                                               "PYTHONPATH": str(REPO)},
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def _stamps(folder: Path) -> dict[str, int]:
    """Return the modification time of each output (a written output is a new file)."""
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*")
            if p.is_file() and not p.name.startswith(".")}


def _outputs(root: Path, out: str) -> dict[str, bytes]:
    folder = root / out
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


@pytest.mark.slow
def test_every_file_a_build_opened_rebuilds_exactly_the_outputs_that_opened_it(tmp_path):
    root = _project(tmp_path / "project")
    witness: dict[str, set[Path]] = {}  # output (relative to out/) -> files it opened
    for game, components in _commands():
        for component in components:
            log = tmp_path / f"{game}-{component}.log"
            alone = tmp_path / "alone"
            _sheetgen(root, "build", game, component, "--no-cache", "-j", "1", "--out",
                      str(alone), log=log)
            opened = {Path(line) for line in log.read_text().splitlines()}
            mine = {p for p in opened if p.is_relative_to(root) and p.is_file()}
            for output in _outputs(tmp_path, "alone"):
                witness.setdefault(output, set()).update(mine)
            shutil.rmtree(alone)
    _build_all(root)
    files = sorted(set().union(*witness.values()))
    assert root / "fonts/mine/Body.ttf" in files and root / "data/t/deck.csv" in files
    assert root / "templates/middle.yaml" in files
    assert root / "templates/icons/credit.yaml" in files
    assert root / "templates/art/mine/thing.svg" in files
    for path in files:
        change = CHANGES.get(path.suffix)
        if change is None:
            continue
        with open(path, "ab") as handle:
            handle.write(change)
        before, written = _outputs(root, "out"), _stamps(root / "out")
        _build_all(root)
        now = _stamps(root / "out")
        names = {name for name in now if now[name] != written.get(name)}  # written again
        expected = {output for output, opened in witness.items() if path in opened}
        assert names == expected, path
        after = _outputs(root, "out")
        assert {k for k in after if after[k] != before.get(k)} <= expected, path
    shutil.rmtree(root / "cold", ignore_errors=True)
    _build_all(root, "--no-cache", "--out", str(root / "cold"))
    assert _outputs(root, "cold") == _outputs(root, "out")
