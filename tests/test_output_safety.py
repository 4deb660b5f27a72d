"""sheetgen writes only regular files (or its own folders), ``--out -`` is standard output, a
full standard output is one line and exit 2, and ``verify`` answers on standard output.

Device nodes are private ones made with mknod in a temporary folder (never the real
/dev/full); /dev/full itself is only ever written to, as a full standard output.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO, run_cli
from sheetgen.cli import main

pytestmark = pytest.mark.usefixtures("private_cache_dir")

DICE = ("dice", "roll-and-raid", "--seed", "odin", "--players", "2")


def special(tmp_path: Path, kind: str) -> Path:
    """Make a FIFO, a symbolic link to one, or a private device node; return its path."""
    path = tmp_path / f"target-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-to-fifo":
        os.symlink(special(tmp_path, "fifo"), path)
    else:  # the null device's numbers, on a node of our own
        try:
            os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("mknod is not permitted here (no CAP_MKNOD); FIFOs and links are tested")
    return path


def kind_of(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


def refused(result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "cannot write: it is" in result.output, result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


@pytest.mark.parametrize("kind, words", [
    ("fifo", "a FIFO"), ("link-to-fifo", "a symbolic link"), ("device", "a character device"),
])
def test_dice_out_never_replaces_a_special_file(tmp_path, kind, words):
    target = special(tmp_path, kind)
    before = kind_of(target)
    refused(run_cli(*DICE, "--out", str(target)), f"{target.name}: cannot write", words)
    assert kind_of(target) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "link-to-fifo", "device"])
def test_diff_out_never_replaces_a_special_file(tmp_path, kind):
    target = special(tmp_path, kind)
    before = kind_of(target)
    refused(run_cli("diff", "roll-and-raid", "harsh-winter", "--out", str(target)))
    assert kind_of(target) == before


@pytest.mark.parametrize("kind", ["fifo", "link-to-fifo", "device"])
def test_a_build_leaves_a_special_file_in_out_alone_and_writes_nothing(tmp_path, kind):
    out = tmp_path / "out"
    (out / "ragnarocks").mkdir(parents=True)
    target = out / "ragnarocks" / "tokens-a4.pdf"
    os.rename(special(tmp_path, kind), target)
    before = kind_of(target)
    refused(run_cli("build", "ragnarocks", "tokens", "mythology-cards", "-p", "a4", "-q",
                    "--out", str(out), "--jobs", "1"), "tokens-a4.pdf: cannot write")
    assert kind_of(target) == before
    # all or nothing: the other output of the build was not moved into place either
    assert sorted(p.name for p in (out / "ragnarocks").iterdir()) == ["tokens-a4.pdf"]


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_an_out_folder_that_is_a_special_file(tmp_path, kind):
    target = special(tmp_path, kind)
    result = run_cli("build", "ragnarocks", "tokens", "-p", "a4", "-q", "--out", str(target))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "not a folder" in result.output, result.output
    assert kind_of(target) == stat.S_IFIFO if kind == "fifo" else stat.S_IFCHR


def test_out_dash_writes_the_script_to_standard_output(tmp_path):
    CliRunner().invoke(main, list(DICE), catch_exceptions=False)  # the dice rules cached
    plain = CliRunner().invoke(main, list(DICE), catch_exceptions=False)
    dashed = CliRunner().invoke(main, [*DICE, "--out", "-"], catch_exceptions=False)
    assert dashed.exit_code == 0 and dashed.stdout == plain.stdout
    assert dashed.stdout.startswith("Roll & Raid: roll sheet for 2 players")
    assert not Path("-").exists()
    pdf = CliRunner().invoke(main, [*DICE, "--format", "pdf", "--out", "-"],
                             catch_exceptions=False)
    assert pdf.exit_code == 0 and pdf.stdout_bytes.startswith(b"%PDF-")
    assert pdf.stdout_bytes.rstrip().endswith(b"%%EOF")


@pytest.mark.slow
def test_diff_out_dash_puts_the_picture_on_stdout_and_the_changes_on_stderr():
    result = CliRunner().invoke(main, ["diff", "roll-and-raid", "harsh-winter", "--out", "-"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.startswith(b"%PDF-")
    assert "roll-and-raid: base -> harsh-winter" in result.stderr
    assert "seville" in result.stderr and "wrote" not in result.output


def test_verify_answers_on_standard_output():
    secret = "odin"
    commitment = hashlib.sha256(secret.encode()).hexdigest()
    args = ["dice", "verify", "roll-and-raid", "--players", "2", "--secret", secret,
            "--commitment", commitment]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "ok: the secret matches the commitment" in result.stdout
    digest = next(line for line in result.stdout.splitlines() if line.startswith("digest: "))
    assert len(digest.split()[1]) == 64
    assert "NOT CHECKED: the script itself" in result.stderr  # a warning stays a warning
    assert "NOT CHECKED" not in result.stdout
    checked = CliRunner().invoke(main, [*args, "--digest", digest.split()[1][:16]],
                                 catch_exceptions=False)
    assert "ok: the regenerated script has the printed digest" in checked.stdout
    # when the regenerated script itself goes to standard output, the results stand aside
    as_json = CliRunner().invoke(main, [*args, "--format", "json"], catch_exceptions=False)
    assert json.loads(as_json.stdout)["digest"] == digest.split()[1]
    assert "ok: the secret matches the commitment" in as_json.stderr


FULL_STDOUT_COMMANDS = [
    ("--help",), ("--version",), ("list",), ("profiles",), ("schema", "game"),
    ("odds", "2d6 >= 7"), ("dice", "commit"), DICE, (*DICE, "--format", "pdf", "--out", "-"),
    ("dice", "verify", "roll-and-raid", "--players", "2", "--secret", "odin", "--commitment",
     hashlib.sha256(b"odin").hexdigest()),
    ("validate", "ragnarocks", "tokens"), ("diff", "roll-and-raid", "harsh-winter"),
    ("build", "ragnarocks", "tokens", "-p", "a4", "--jobs", "1"),
]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", FULL_STDOUT_COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_a_full_standard_output_is_one_line_and_exit_2(tmp_path, args):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "sheetgen", "--project", str(REPO),
                               *args, *(("--out", str(tmp_path / "out")) if args[0] == "build"
                                        else ())],
                              stdout=full, stderr=subprocess.PIPE, text=True, env=env,
                              cwd=tmp_path, timeout=120)
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    assert errors == ["error: standard output: cannot write: No space left on device"]
    if args[0] == "build":  # the output itself was written whole before the report failed
        assert (tmp_path / "out/ragnarocks/tokens-a4.pdf").read_bytes().rstrip().endswith(
            b"%%EOF")
