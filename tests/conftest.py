"""Shared fixtures: the repository's project, cached builds, a CLI runner, mutable copies.

Also the suite's tiers: every test under ``tests/games/`` (one shipped game's look, data and
rulings) is marked ``slow``, as are modules that mark themselves; ``pytest -m "not slow"`` is
the inner loop. Under pytest-xdist, tests that share a module-scoped fixture run on one worker
(``--dist loadgroup``), so the fixture is built once, and ``built`` shares its outputs between
workers through a file lock."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from filelock import FileLock
from hypothesis import settings

from sheetgen.api import BuildOptions, build
from sheetgen.cli import main
from sheetgen.load.project import Project

REPO = Path(__file__).resolve().parent.parent
GAMES_TESTS = Path(__file__).resolve().parent / "games"
sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))
from golden import build_outputs  # noqa: E402  (tests/golden/golden.py: the golden build)

# Property tests without a count of their own take their number of examples from a profile:
# "suite" (Hypothesis' default hundred) in every run, "long" ten times as many for a search
# at leisure (`pytest --hypothesis-profile long tests/test_inline_icons.py`).
settings.register_profile("suite", max_examples=100)
settings.register_profile("long", max_examples=1000)
settings.load_profile("suite")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups (--dist loadgroup)
def pytest_collection_modifyitems(items):
    """Mark per-game tests slow by their folder; keep each module's tests that share a
    module-scoped fixture on one xdist worker, so that fixture is built once per run, and the
    tests of ``checked`` (shared whole-game checks) on one worker; and run the modules holding
    slow tests first.

    xdist hands its workers the units (a group, or one test) in the order collected
    (``--no-loadscope-reorder``, pyproject.toml): with the long ones first, the last units
    a worker takes are short, so neither worker runs alone for minutes at the end."""
    for item in items:
        if GAMES_TESTS in item.path.parents:
            item.add_marker(pytest.mark.slow)
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info else ()
        if "checked" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("checked"))
        elif any(d and d[-1].scope == "module" for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    order = {path: n for n, path in enumerate(dict.fromkeys(item.path for item in items))}
    # a stable sort by module: each module's tests stay together and in their order
    items.sort(key=lambda item: (item.path not in slow, order[item.path]))


_CPU_START = pytest.StashKey[float]()  # each test's CPU seconds when its setup began


def _cpu_seconds() -> float:
    """Return the CPU seconds (user and system) of this process and its ended children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item):
    """Note the CPU time as each test's setup begins."""
    item.stash[_CPU_START] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Give each test a ``cpu`` property: the CPU seconds of its setup, call and teardown
    (child processes included), which a JUnit report holds (benchmarks/suite_time.py sums
    them). On a shared machine CPU time is steadier than the wall clock. Also the xdist
    worker that ran it and the clock time it ended, so suite_time.py can show the run's tail
    (one worker still busy after the other ran out of tests)."""
    if call.when == "teardown" and _CPU_START in item.stash:
        item.user_properties.append(("cpu", f"{_cpu_seconds() - item.stash[_CPU_START]:.3f}"))
        item.user_properties.append(("worker", os.environ.get("PYTEST_XDIST_WORKER", "-")))
        item.user_properties.append(("ended", f"{time.time():.2f}"))
    yield


@pytest.fixture(autouse=True, scope="session")
def _hermetic_cache(tmp_path_factory):
    """The suite never reads the developer's caches nor depends on their SHEETGEN_CACHE_DIR:
    build records go beside each build's outputs and dice validations into a session folder."""
    patch = pytest.MonkeyPatch()
    patch.delenv("SHEETGEN_CACHE_DIR", raising=False)
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    yield
    patch.undo()


@pytest.fixture(autouse=True, scope="session")
def _compiled_once(tmp_path_factory):
    """Each ``sheetgen`` process a test starts reads sheetgen's byte code compiled by an
    earlier one, as an installed copy's is, even where PYTHONDONTWRITEBYTECODE is set (this
    machine's shells set it): else every one of the suite's hundreds of processes compiles
    the working tree's modules again. The byte code goes to a session folder, never beside
    the sources."""
    patch = pytest.MonkeyPatch()
    patch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
    patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("pycache")))
    yield
    patch.undo()


def shared_folder(tmp_path_factory, name: str) -> Path:
    """Return a folder of this test session that every xdist worker shares (their base temp
    folders' parent; the base temp folder without xdist)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(autouse=True, scope="session")
def _page_texts_shared(tmp_path_factory):
    """``pdfcheck.page_texts`` keeps each PDF's page texts (by its SHA-256) in a folder the
    workers share: a page pypdf read for one test is not read again for another."""
    import pdfcheck

    pdfcheck.TEXT_CACHE = shared_folder(tmp_path_factory, "page-texts")
    yield
    pdfcheck.TEXT_CACHE = None


@pytest.fixture(scope="session")
def project() -> Project:
    """The repository itself as a project (the built-in games)."""
    return Project.at(REPO)


def the_catalogue(tmp_path_factory) -> Path:
    """Return the ``out`` folder of one ``sheetgen build`` of the whole catalogue in its
    default profiles, made once per run: tests/golden/golden.py's build (a process of its own,
    ``--no-cache``, its workers forked from it), whose bytes tests/test_golden.py compares
    with the golden file. The xdist workers share it: the first to ask builds it under a file
    lock, the others wait for it and read it."""
    folder = shared_folder(tmp_path_factory, "built") / "catalogue"
    done = folder / "built.txt"  # written once the build ended
    with FileLock(f"{folder}.lock"):
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            build_outputs(REPO, folder / "out", folder / "cache")
            done.write_text("built\n", encoding="utf-8")
    return folder / "out"


@pytest.fixture(scope="session")
def catalogue(tmp_path_factory) -> Path:
    """The ``out`` folder of the run's one build of the whole catalogue (``the_catalogue``)."""
    return the_catalogue(tmp_path_factory)


@pytest.fixture(scope="session")
def built(tmp_path_factory, project):
    """Return a function building (game, component, profile) once per run; gives the path.

    A default output (no options, one of the component's default profiles) comes from the
    run's one build of the whole catalogue (``the_catalogue``), as ``sheetgen build`` writes
    it: the first test to ask for any default output waits for it, each component prepared
    once for all its profiles (a game's outputs one at a time cost 2-3 times the CPU), and
    its bytes are the golden ones (tests/test_golden.py; a component built alone has the same
    bytes). Any other output is built alone.

    Under pytest-xdist the workers share one folder (their base temp folders' parent): the
    first worker to ask builds under a file lock, the others read its output."""
    out = shared_folder(tmp_path_factory, "built")
    cache: dict = {}
    games: dict[str, dict[str, Path]] = {}

    def whole_game(game: str) -> dict[str, Path]:
        """Return {"GAME/COMPONENT-PROFILE" (no suffix): path} of a game's default outputs."""
        if game not in games:
            folder = the_catalogue(tmp_path_factory)
            games[game] = {p.relative_to(folder).as_posix().removesuffix(p.suffix): p
                           for p in sorted((folder / game).iterdir())}
        return games[game]

    def get(game: str, component: str, profile: str, **options) -> Path:
        key = (game, component, profile, tuple(sorted(options.items())))
        if key not in cache and not options:
            found = whole_game(game).get(f"{game}/{component}-{profile}")
            if found is not None:
                cache[key] = found
        if key not in cache:
            folder = out / hashlib.sha256(repr(key).encode()).hexdigest()[:16]
            done = folder / "built.txt"  # the output's path, written once the build ended
            with FileLock(f"{folder}.lock"):
                if not done.is_file():
                    paths = build(project, game, [component],
                                  BuildOptions(profiles=[profile], out_dir=folder, **options))
                    assert len(paths) == 1
                    done.write_text(str(paths[0]), encoding="utf-8")
            cache[key] = Path(done.read_text(encoding="utf-8"))
        return cache[key]

    return get


@dataclass(frozen=True)
class Checked:
    """One ``sheetgen check`` run: its exit code, what it printed, and its output folder."""

    exit_code: int
    output: str
    out: Path


@pytest.fixture(scope="session")
def checked(tmp_path_factory):
    """Return a function running ``sheetgen check ARGS`` on the repository once per run
    (whole games, editions: the suite's costliest commands); gives a ``Checked``.

    Shared between xdist workers as ``built`` is (a folder per ARGS, under a file lock), and
    the tests that use it run on one worker (``pytest_collection_modifyitems``), so none
    waits for the other's run."""
    root = shared_folder(tmp_path_factory, "checked")

    def get(*args: str) -> Checked:
        folder = root / hashlib.sha256(repr(args).encode()).hexdigest()[:16]
        done = folder / "exit-code.txt"  # written once the check ended
        with FileLock(f"{folder}.lock"):
            if not done.is_file():
                folder.mkdir(exist_ok=True)
                result = run_cli("--project", str(REPO), "check", *args, "--out",
                                 str(folder / "out"))
                (folder / "output.txt").write_text(result.output, encoding="utf-8")
                done.write_text(str(result.exit_code), encoding="utf-8")
        return Checked(int(done.read_text(encoding="utf-8")),
                       (folder / "output.txt").read_text(encoding="utf-8"), folder / "out")

    return get


def run_cli(*args: str, cwd: Path | None = None):
    """Run ``sheetgen ARGS`` in-process; returns Click's Result (exit_code, output)."""
    old = os.getcwd()
    os.chdir(cwd or old)
    try:
        return CliRunner().invoke(main, list(args), catch_exceptions=False)
    finally:
        os.chdir(old)


def write_files(root: Path, files: dict[str, str]) -> Path:
    """Write each text of ``files`` at its path under ``root`` (folders made); return root."""
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def copy_game(tmp_path):
    """Return a function copying built-in game folders into a fresh project under tmp_path."""

    def copy(*games: str) -> Path:
        for game in games:
            shutil.copytree(REPO / "data" / game, tmp_path / "data" / game)
        return tmp_path

    return copy


@pytest.fixture
def private_cache_dir(tmp_path_factory, monkeypatch):
    """Point SHEETGEN_CACHE_DIR (dice rules, build records) at a fresh folder for one test."""
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
