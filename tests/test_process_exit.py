"""The ``sheetgen`` process ends without tearing the interpreter down (issue 21: exit time),
yet runs its exit handlers, waits for a working thread and keeps every exit code and output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import REPO

# an object whose teardown shows, and an exit handler, around the command line's run()
PRELUDE = """
import atexit, sys, threading
class Torn:
    def __del__(self):
        print("torn down", flush=True)
kept = Torn()
atexit.register(lambda: print("exit handler ran", flush=True))
"""


def _run(tmp_path, body: str, *args: str) -> subprocess.CompletedProcess:
    code = (PRELUDE + body + f"\nsys.argv = ['sheetgen', *{list(args)!r}]\n"
            "from sheetgen.__main__ import run\nrun()\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120,
                          env={"SHEETGEN_CACHE_DIR": str(tmp_path / "cache"),
                               "PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})


@pytest.mark.slow
def test_a_build_exits_at_once_with_its_outputs_record_and_messages(tmp_path):
    out = tmp_path / "out"
    done = _run(tmp_path, "", "--project", str(REPO), "build", "ragnarocks", "mythology-cards",
                "-p", "a4", "-q", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"wrote {out}/ragnarocks/mythology-cards-a4.pdf",
                                        "exit handler ran"]
    assert (out / "ragnarocks/mythology-cards-a4.pdf").read_bytes().endswith(b"%%EOF\n")
    record = json.loads(next((tmp_path / "cache").glob("*.json")).read_text())
    assert [str(out / "ragnarocks/mythology-cards-a4.pdf")] == [
        name for name in record["outputs"]]


def test_a_mistake_keeps_exit_code_2_and_its_message(tmp_path):
    done = _run(tmp_path, "", "--project", str(REPO), "build", "no-such-game", "-q")
    assert done.returncode == 2
    assert "unknown game 'no-such-game'" in done.stderr
    assert done.stdout.splitlines() == ["exit handler ran"]


def test_a_thread_still_working_gets_python_s_own_exit(tmp_path):
    # the thread ends only once the main thread has finished: a process ended at once loses it
    body = ("threading.Thread(target=lambda: (threading.main_thread().join(), "
            "print('thread done', flush=True))).start()")
    done = _run(tmp_path, body, "--project", str(REPO), "list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("ragnarocks")
    assert lines[-3:] == ["thread done", "exit handler ran", "torn down"]


def test_a_build_runs_without_cycle_collection_and_gives_the_collector_back(tmp_path,
                                                                            monkeypatch):
    import gc

    import sheetgen.api
    from sheetgen.cli import main

    seen = []
    build = sheetgen.api.build

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return build(*args, **kwargs)

    monkeypatch.setattr(sheetgen.api, "build", watched)
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    assert gc.isenabled()
    try:
        main(["--project", str(REPO), "build", "ragnarocks", "reference", "-p", "a4", "-q",
              "--out", str(tmp_path / "out")])
    except SystemExit as exc:
        assert not exc.code
    assert seen == [False]
    assert gc.isenabled()
    assert (tmp_path / "out/ragnarocks/reference-a4.pdf").is_file()
