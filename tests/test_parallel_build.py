"""Parallel builds (--jobs): the same bytes as a serial build, and a user error raised inside a
worker process still reaches the user as path:line, exit 2, with nothing written."""

from __future__ import annotations

import pytest

from conftest import run_cli
from sheetgen.base.errors import user_error

# a card deck and a token sheet, each as a PDF and as a Tabletop Simulator folder: each worker
# builds whole components
BUILD = ["build", "ragnarocks", "reference", "tokens", "-p", "a4", "-p", "tts", "-q",
         "--no-cache"]
# one component (as after editing one deck): prepared once, its outputs rendered by the workers
ONE = ["build", "ragnarocks", "tokens", "-p", "a4", "-p", "letter", "-p", "tts", "-q",
       "--no-cache"]


def _tree(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".sheetgen-cache.json"}


@pytest.mark.slow
@pytest.mark.parametrize("command", [BUILD, ONE], ids=["components", "one-component"])
def test_two_jobs_write_the_bytes_one_job_writes(copy_game, command):
    root = copy_game("ragnarocks")
    # the same output folder both times: a TTS save names the folder its images are in
    serial = run_cli("--project", str(root), *command, "--jobs", "1")
    assert serial.exit_code == 0, serial.output
    one = _tree(root / "out")
    parallel = run_cli("--project", str(root), *command, "--jobs", "2")
    assert parallel.exit_code == 0, parallel.output
    two = _tree(root / "out")
    assert len(one) > 4 and any(name.startswith("ragnarocks/tokens-tts/") for name in one)
    assert one == two


@pytest.mark.parametrize("command", [BUILD, ONE], ids=["components", "one-component"])
def test_a_user_error_in_a_worker_is_reported_at_its_line_and_nothing_is_written(
        copy_game, monkeypatch, command):
    from sheetgen.impose.components.tokens import Tokens

    root = copy_game("ragnarocks")
    real = Tokens.render

    def fail_on_a4(self, prepared, profile, env):
        # a worker process (forked after the patch) raises, as a renderer meeting bad input does
        if profile.name == "a4":
            raise user_error(root / "data" / "ragnarocks" / "tokens.yaml", 7,
                             "this token cannot be exported")
        return real(self, prepared, profile, env)

    monkeypatch.setattr(Tokens, "render", fail_on_a4)
    result = run_cli("--project", str(root), *command, "--jobs", "2", "--out", str(root / "out"))
    assert result.exit_code == 2
    assert "tokens.yaml:7: this token cannot be exported" in result.output
    assert "Traceback" not in result.output
    assert not (root / "out").exists()


def test_mistakes_found_in_different_workers_are_reported_as_one_process_reports_them(
        copy_game):
    # two components, each prepared by its own worker, both naming a template that is missing
    root = copy_game("ragnarocks")
    for name, key, template in (("tokens", "front", "token-19-icon"),
                                ("mythology-cards", "front", "mythology-front")):
        path = root / "data" / "ragnarocks" / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(f"{key}: {template}", f"{key}: missing-{name}"),
                        encoding="utf-8")
    build = ["--project", str(root), "build", "ragnarocks", "-q", "--no-cache", "--out",
             str(root / "out")]
    serial = run_cli(*build, "--jobs", "1")
    parallel = run_cli(*build, "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 2
    assert "missing-tokens" in serial.output and "missing-mythology-cards" in serial.output
    assert parallel.output == serial.output
    assert not (root / "out").exists()


@pytest.mark.slow
def test_roll_sheets_drawn_by_workers_are_those_one_process_draws_from_the_same_files(
        copy_game):
    # a whole game: its roll sheets are tasks of the components' workers (issue 36)
    import json

    root = copy_game("rolling-thunder")
    build = ["--project", str(root), "build", "rolling-thunder", "-q", "--no-cache"]
    made = {}
    for jobs in ("1", "2"):
        result = run_cli(*build, "--jobs", jobs)
        assert result.exit_code == 0, result.output
        record = json.loads((root / "out" / ".sheetgen-cache.json").read_text("utf-8"))
        made[jobs] = (_tree(root / "out"),
                      {path: entry["inputs"] for path, entry in record["outputs"].items()
                       if "roll-sheet-" in path})
    sheets = made["1"][1]
    assert len(sheets) >= 2
    assert all(any(f.endswith("dice.yaml") for f in files) for files in sheets.values())
    assert made["1"] == made["2"]
