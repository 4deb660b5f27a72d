"""``load_dice_dir(use_cache=True, edition=X)`` read the source-language cache: a warm cache
(any earlier load of the game in its own language) gave an edition's roll sheets and scripts
the source's die names. The edition's load now never reads nor writes the source's cache."""

from __future__ import annotations

from pathlib import Path

from sheetgen.dice.load import load_dice_dir
from sheetgen.load.editions import game_edition
from sheetgen.load.project import Project

REPO = Path(__file__).resolve().parent.parent


def test_an_edition_load_reads_its_own_language_over_a_warm_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    game_dir = REPO / "data" / "roll-and-raid"
    source = load_dice_dir(game_dir, use_cache=True)  # warms the cache in the source language
    assert source.model.dice["wood"].name == "Wood"
    assert list((tmp_path / "cache").glob("*.json")), "the source load left no cache"
    edition = game_edition(Project.at(REPO).with_edition("es"), "roll-and-raid")
    spanish = load_dice_dir(game_dir, use_cache=True, edition=edition)
    assert spanish.model.dice["wood"].name != "Wood", spanish.model.dice["wood"].name
    # and the source load after it still reads the source's words from the cache
    assert load_dice_dir(game_dir, use_cache=True).model.dice["wood"].name == "Wood"
