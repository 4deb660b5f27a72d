"""Every code example of the documentation runs (Squib's samples-as-tests).

Each page's YAML is written into a copy of the project (or an example project) and validated,
each command is run in that copy as a user would type it, and each shown output is compared.
A plain ``sheetgen ...`` line (no pipe, list, redirection or expansion) runs in this process,
its words split as the shell splits them; any other line runs in bash. The conventions are in
``tests/docs_examples.py``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import REPO, run_cli
from docs_examples import Command, Example, commands, examples, target

pytestmark = pytest.mark.slow  # runs every command of every page

PAGES = sorted((REPO / "docs" / "src").rglob("*.md"))
LONG_RUNNING = ("watch", "serve")  # commands that run until stopped: started, then stopped
EXAMPLES = REPO / "docs" / "examples"


@pytest.fixture(scope="session", autouse=True)
def default_ports_taken():
    """Listen on the studio's default port and the docs' other port while the examples run
    (when free), as another program may on a user's machine: no example may need them.
    Session-scoped (in each xdist worker), so the pages are not one group of one worker: the
    first worker to bind a port holds it for the other's pages too."""
    held = []
    for port in (8000, 8001):
        sock = socket.socket()
        try:
            sock.bind(("127.0.0.1", port))
            sock.listen()
            held.append(sock)
        except OSError:  # taken already: by someone else, which is as good
            sock.close()
    yield
    for sock in held:
        sock.close()


@pytest.fixture(scope="session")
def shim_path(tmp_path_factory) -> str:
    """A PATH whose ``sheetgen`` is this working tree's."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "sheetgen"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sheetgen "$@"\n')
    script.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ['PATH']}"


def workspace(root: Path) -> Path:
    """Return a fresh copy of the repository's project (games, templates, fonts)."""
    for folder in ("data", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def place_snippet(example: Example, ws: Path) -> None:
    """Copy an included example file to where the page tells the reader to save it."""
    source = REPO / example.snippet
    assert source.is_file(), f"{example.where}: {example.snippet} does not exist"
    if EXAMPLES not in source.parents:
        return  # a shipped file shown as it is: the suite validates and builds it
    relative = source.relative_to(EXAMPLES)
    (ws / relative).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, ws / relative)


def deck_of(template: str, ws: Path) -> str:
    """Add a game with one card whose front and back are ``template``; return the game id.

    A template shown on its own is built on a card named "Example", so its drawing, fitting and
    print checks run (the template's ``fields:`` give whatever else it uses)."""
    folder = ws / "data" / "docs-example"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("id: docs-example\nname: Docs example\n"
                                      "players: {min: 1, max: 4}\ncomponents: [deck]\n")
    (folder / "deck.yaml").write_text(f"id: deck\ntitle: Deck\nkind: cards\nfront: {template}\n"
                                      f"back: {template}\nprofiles: [pod]\n"  # any face size
                                      "items: [{name: Example}]\n")
    return "docs-example"


def place_yaml(example: Example, ws: Path) -> str | None:
    """Write a YAML example into the workspace; return the game that exercises it, if any."""
    named = target(example)
    assert named, (f"{example.where}: a YAML example starts with `# data/<game>/<file>.yaml` "
                   "or `# fragment of <path>` (see tests/docs_examples.py)")
    path, fragment = named
    destination = ws / path
    if fragment:
        assert destination.is_file(), f"{example.where}: {path} is not in the project"
        whole = yaml.safe_load(destination.read_text(encoding="utf-8")) or {}
        part = yaml.safe_load(example.text) or {}
        whole["items"] = merged_items(whole.get("items"), part.pop("items", None))
        for key, value in part.items():  # a shown mapping adds to the file's, one level deep
            both = isinstance(value, dict) and isinstance(whole.get(key), dict)
            whole[key] = {**whole[key], **value} if both else value
        if whole["items"] is None:
            del whole["items"]
        destination.write_text(yaml.safe_dump(whole, sort_keys=False, allow_unicode=True),
                               encoding="utf-8")
    else:
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(example.text, encoding="utf-8")
    if path.startswith("templates/") and not fragment:
        return deck_of(Path(path).stem, ws)
    return path.split("/")[1] if path.startswith("data/") else None


def merged_items(items: list | None, shown: list | None) -> list | None:
    """Return ``items`` with each shown item replacing the one of its name (or id), or added:
    a fragment shows one card of a deck, not the whole deck."""
    if not shown:
        return items
    out = list(items or [])
    for item in shown:
        key = item.get("id") or item.get("name")
        same = [i for i, old in enumerate(out) if (old.get("id") or old.get("name")) == key]
        if same:
            out[same[0]] = item
        else:
            out.append(item)
    return out


def new_profiles_only(example: Example) -> list[str] | None:
    """Return the profiles a project ``profiles.yaml`` example adds, when it only adds: every
    size and profile a new name, none built by default (no ``default_for``); else None.

    Such a file changes no game's default build: ``sheetgen validate`` of every game would
    rebuild the whole catalogue (tests/test_validate_everything.py does) and check of the file
    only what loading it checks, every profile of it validated as it is read. So the example
    is checked by ``sheetgen profiles``, which loads it and must list each of its profiles.
    """
    from sheetgen.load.profiles import builtin_profiles

    named = target(example)
    if not named or named != ("profiles.yaml", False):
        return None
    shown = yaml.safe_load(example.text) or {}
    builtin = builtin_profiles()
    profiles, sizes = shown.get("profiles") or {}, shown.get("sizes") or {}
    if any(name in builtin.profiles or (spec or {}).get("default_for")
           for name, spec in profiles.items()) or any(size in builtin.sizes for size in sizes):
        return None
    return list(profiles)


def check_new_profiles(example: Example, names: list[str], ws: Path, path: str) -> None:
    """Run ``sheetgen profiles`` in the workspace: it must load the example's file (exit 0)
    and list each of ``names``."""
    env = {**os.environ, "PATH": path, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    done = subprocess.run(["bash", "-c", "sheetgen profiles"], cwd=ws, env=env,
                          capture_output=True, text=True, timeout=300)
    shown = done.stdout + done.stderr
    assert done.returncode == 0 and "Traceback" not in shown, (
        f"{example.where}: `sheetgen profiles` exited {done.returncode}:\n{shown}")
    listed = {line.split()[0] for line in done.stdout.splitlines() if line.strip()}
    assert set(names) <= listed, (f"{example.where}: `sheetgen profiles` does not list "
                                  f"{sorted(set(names) - listed)}:\n{shown}")


def sheetgen_words(text: str) -> list[str] | None:
    """Return the arguments of a plain ``sheetgen ARGS`` line, split as the shell splits them
    (quotes, a trailing ``# comment``); None for a line using anything else of the shell: a
    pipe, a list (``&&``, ``;``), a redirection, a subshell, an expansion (``$``, a glob, ``~``)
    or another program; and None for the bare ``sheetgen build`` (every game), which stays a
    process of its own: the first command a user types, run exactly so, and its build's worker
    processes forked from a small process (from a test worker holding a session's memory, the
    same build cost 3 s of CPU more)."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = list(lexer)
    if not words or words[0] != "sheetgen" or re.search(r"[$`*?~\\]", text.split("#")[0]):
        return None
    if words == ["sheetgen", "build"]:
        return None
    if any(word and set(word) <= set(lexer.punctuation_chars) for word in words):
        return None  # an operator: | & ; < > ( )
    return words[1:]


def run_in_process(command: Command, words: list[str], ws: Path) -> None:
    """Run a plain ``sheetgen`` line in this process (Click's runner, in the workspace folder)
    and check its exit code and shown output as ``run`` does: the command line is what the
    page shows, its words the shell's; a process of its own cost about 0.5 s of CPU more per
    command (starting, and loading fonts and art again), 60 times."""
    where = command.example.where
    result = run_cli(*words, cwd=ws)
    assert result.exit_code == command.exit_code, (
        f"{where}: `{command.text}` exited {result.exit_code}, not {command.exit_code}:\n"
        f"{result.output}")
    assert "Traceback" not in result.output, f"{where}: `{command.text}`:\n{result.output}"
    if command.output is not None:
        printed = [line.rstrip() for line in result.stdout.replace(str(ws) + "/", "")
                   .splitlines()]
        assert printed == command.output, f"{where}: `{command.text}` printed:\n{result.output}"


def run(command: Command, ws: Path, path: str) -> None:
    """Run one command in the workspace and check its exit code and shown output."""
    env = {**os.environ, "PATH": path, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    where = command.example.where
    if any(f"sheetgen {word}" in command.text or f" {word} " in f" {command.text} "
           for word in LONG_RUNNING):
        # the studio on a free port: a fixed one may be taken on a shared machine. The option
        # goes right after the word `serve`, before any trailing `# comment` of the line.
        text = re.sub(r"--port \d+", "--port 0", command.text)
        if "--port" not in text:
            text = re.sub(r"\bserve\b", "serve --port 0", text, count=1)
        process = subprocess.Popen(["bash", "-c", text], cwd=ws, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            process.wait(timeout=4)
        except subprocess.TimeoutExpired:
            process.terminate()
            process.wait(timeout=10)
            return  # still running after 4 s: it started and kept going, as it should
        pytest.fail(f"{where}: `{command.text}` ended early:\n{process.stdout.read()}")
    words = sheetgen_words(command.text)
    if words is not None:
        run_in_process(command, words, ws)
        return
    done = subprocess.run(["bash", "-c", command.text], cwd=ws, env=env, capture_output=True,
                          text=True, timeout=300)
    shown = done.stdout + done.stderr
    assert done.returncode == command.exit_code, (
        f"{where}: `{command.text}` exited {done.returncode}, not {command.exit_code}:\n{shown}")
    assert "Traceback" not in shown, f"{where}: `{command.text}`:\n{shown}"
    if command.output is not None:
        printed = [line.rstrip() for line in done.stdout.replace(str(ws) + "/", "").splitlines()]
        assert printed == command.output, f"{where}: `{command.text}` printed:\n{shown}"


def validate(example: Example, game: str | None, ws: Path) -> None:
    """Run ``sheetgen validate [GAME]`` in the workspace after a YAML example: it must exit 0
    with no traceback. The command is this test's, not the page's, so it runs in this process
    (Click's runner, in the workspace folder), not in a shell: a process of its own cost about
    0.8 s of CPU more per example (starting, and loading fonts and art again). The page's own
    commands run as typed (``run``), and ``sheetgen validate`` among them."""
    words = ["validate", *([game] if game else [])]
    result = run_cli(*words, cwd=ws)
    assert result.exit_code == 0 and "Traceback" not in result.output, (
        f"{example.where}: `sheetgen {' '.join(words)}` exited {result.exit_code}:\n"
        f"{result.output}")


def check_skipped(command: Command) -> None:
    """A command not run here must at least name a script that exists."""
    words = command.text.split()
    if words[0] == "python" and words[1].endswith(".py"):
        assert (REPO / words[1]).is_file(), f"{command.example.where}: no {words[1]}"


@pytest.mark.parametrize("page", [p for p in PAGES if examples(p)],
                         ids=lambda p: str(p.relative_to(REPO / "docs" / "src")))
def test_every_example_of_the_page_runs(page, tmp_path, shim_path):
    ws = workspace(tmp_path / "ws")
    for example in examples(page):
        if example.snippet:
            place_snippet(example, ws)
        elif example.lang in ("yaml", "yml"):
            game = place_yaml(example, ws)
            added = new_profiles_only(example) if game is None else None
            if added is not None:
                check_new_profiles(example, added, ws, shim_path)
                continue
            validate(example, game, ws)
        elif example.lang in ("sh", "console"):
            for command in commands(example):
                if command.skipped():
                    check_skipped(command)
                else:
                    run(command, ws, shim_path)


def test_every_example_project_file_is_shown_in_the_docs():
    shown = {e.snippet for p in PAGES for e in examples(p) if e.snippet}
    files = {str(p.relative_to(REPO)) for p in EXAMPLES.rglob("*") if p.is_file()}
    assert files <= shown, f"example files no page shows: {sorted(files - shown)}"
