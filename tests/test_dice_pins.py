"""Pinned seed -> digest scripts of every game, and the Node checker rebuilding whole scripts
(the pinned ones from frozen inputs, and one per game from the current data)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from dice_pins import CASES, FILE_VARIANTS, PINS, live_entries, variant_entries, write_project
from sheetgen.dice.api import make_script
from sheetgen.load.project import Project

HERE = PINS.parent
PINNED = json.loads(PINS.read_text(encoding="utf-8"))["scripts"]


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))


def test_every_game_is_pinned():
    assert {p["game"] for p in PINNED} == {"roll-and-raid", "rolling-thunder", "roll-and-might",
                                           "reavers-of-midgard", "ragnarocks"}
    assert [(p["game"], p["players"]) for p in PINNED] == [(c[0], c[1]) for c in CASES]


@pytest.mark.parametrize("pinned", PINNED, ids=lambda p: f"{p['game']}-{p['players']}")
def test_pinned_digest(tmp_path, pinned):
    write_project(tmp_path, pinned)
    project = Project.at(tmp_path)
    if "secret" in pinned:
        script = make_script(project, pinned["game"], pinned["players"], secret=pinned["secret"],
                             words=pinned["words"], balanced=pinned["balanced"],
                             variant=pinned["variant"] or None)
    else:
        script = make_script(project, pinned["game"], pinned["players"], seed=pinned["seed"],
                             balanced=pinned["balanced"], variant=pinned["variant"] or None)
    assert script.digest == pinned["digest"]


def node_check(tmp_path, scripts: list[dict]):
    node = shutil.which("node")
    assert node, "the reference checker needs Node.js (.ci/run installs it when missing)"
    vectors = json.loads((HERE / "dice_vectors.json").read_text(encoding="utf-8"))
    path = tmp_path / "scripts.json"
    path.write_text(json.dumps({**vectors, "scripts": scripts}, ensure_ascii=False),
                    encoding="utf-8")
    return subprocess.run([node, str(HERE / "dice_reference.js"), str(path)],
                          capture_output=True, text=True, timeout=120)


def test_node_rebuilds_every_pinned_script(tmp_path):
    done = node_check(tmp_path, PINNED)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(PINNED)} scripts" in done.stdout


def test_node_rebuilds_a_script_of_every_game_from_the_current_data(tmp_path):
    one_per_game = list({c[0]: c for c in CASES}.values())
    done = node_check(tmp_path, live_entries(one_per_game))
    assert done.returncode == 0, done.stdout + done.stderr


def test_node_rebuilds_every_shipped_playtest_variant(tmp_path):
    # rounds in a variant's dice: (short-game), added cards (more-sea-battles), a removal and
    # a changed card (frigg-reworked), nested fields merged (harsh-winter)
    entries = variant_entries()
    assert [e["variant"] for e in entries] == [v[3] for v in FILE_VARIANTS]
    done = node_check(tmp_path, entries)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(entries)} scripts" in done.stdout


def test_node_checker_notices_a_changed_card(tmp_path):
    scripts = json.loads(json.dumps(PINNED[:1]))
    scripts[0]["decks"]["raid-cards"]["items"][0]["name"] = "Xanadu"
    done = node_check(tmp_path, scripts)
    assert done.returncode == 1 and "MISMATCH script roll-and-raid 4p base" in done.stdout


def test_whitespace_is_the_readme_list():
    from sheetgen.dice.seeds import WHITESPACE, compose_seed, normalise_seed

    listed = [*range(0x09, 0x0E), *range(0x1C, 0x21), 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
              0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
    assert [ord(c) for c in WHITESPACE] == listed
    assert normalise_seed("\u0085\u001c odin \u3000") == "odin"
    assert normalise_seed("\ufeffodin") == "\ufeffodin"  # U+FEFF is not whitespace
    assert compose_seed(" s ", "a\u0085b\u001f\ufeffc") == "s|a b \ufeffc"
