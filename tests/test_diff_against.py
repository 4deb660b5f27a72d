"""``diff --against REV`` checks that REV names a commit before git reads it as anything."""

from __future__ import annotations

import subprocess

import pytest

from conftest import run_cli
from sheetgen.tools.newgame import new_project

GAME = "against-game"


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A new project committed once in its own git repository."""
    project = new_project(tmp_path_factory.mktemp("against") / "proj", GAME)
    author = ["-c", "user.name=t", "-c", "user.email=t@example.org"]
    for command in (["init", "-q"], ["add", "-A"], [*author, "commit", "-qm", "one"]):
        subprocess.run(["git", *command], cwd=project, check=True, capture_output=True)
    return project


def against(project, revision: str):
    return run_cli("--project", str(project), "diff", GAME, f"--against={revision}")


def test_a_commit_is_compared(repo):
    result = against(repo, "HEAD")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("option", ["--output={target}", "-o{target}"])
def test_a_revision_starting_with_a_dash_is_refused_not_run(repo, tmp_path, option):
    """git read '--output=FILE' as its own option: ``git archive`` wrote FILE."""
    target = tmp_path / "written-by-git.tar"
    result = against(repo, option.format(target=target))
    assert result.exit_code == 2, result.output
    line, = result.output.strip().splitlines()
    assert "a revision does not start with '-'" in line and "Traceback" not in result.output
    assert not target.exists()


@pytest.mark.parametrize("revision", ["no-such-branch", "HEAD~5", "HEAD:data", "HEAD^{tree}"])
def test_what_names_no_commit_is_one_line_and_exit_2(repo, revision):
    result = against(repo, revision)
    assert result.exit_code == 2, result.output
    line, = result.output.strip().splitlines()
    assert line.endswith(f"--against {revision}: no such commit in the git repository at "
                         f"{repo.resolve()}"), line
