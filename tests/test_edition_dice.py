"""`sheetgen dice GAME --edition CODE` (issue 33): the script's labels and card names in the
edition's language; its rolls, deck orders and digest the source edition's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_cli
from sheetgen.dice.api import make_script
from sheetgen.load.project import Project

REPO = Path(__file__).resolve().parent.parent


def _shape(script):
    """Everything an edition must not change: per event its kind, id, seat, rolls, how many
    items and which ids its groups hold, section by section."""
    return [[(e.kind, e.id, e.seat, e.rolls, len(e.items), [len(g.items) for g in e.groups])
             for e in section.events] for section in script.sections]


@pytest.mark.parametrize("game,players,code", [("roll-and-raid", 3, "es"),
                                               ("roll-and-raid", 5, "de"),
                                               ("ragnarocks", 2, "es"),
                                               ("ragnarocks", 4, "de")])
def test_an_editions_script_has_the_source_rolls_and_digest(game, players, code):
    """Same seed, same events, orders and digest; other words."""
    source = make_script(Project.at(REPO), game, players, seed="odin")
    edition = make_script(Project.at(REPO).with_edition(code), game, players, seed="odin")
    assert edition.digest == source.digest == source.compute_digest()
    assert _shape(edition) == _shape(source)
    labels = {e.label for s in source.sections for e in s.events}
    translated = {e.label for s in edition.sections for e in s.events}
    assert labels != translated


def test_the_cli_writes_spanish_card_names_and_the_same_digest():
    """The text script in Spanish names Burdeos where the source names Bordeaux."""
    source = run_cli("--project", str(REPO), "dice", "roll-and-raid", "-s", "odin", "-n", "3")
    spanish = run_cli("--project", str(REPO), "dice", "roll-and-raid", "-s", "odin", "-n", "3",
                      "--edition", "es")
    assert source.exit_code == spanish.exit_code == 0
    assert "Bordeaux (II)" in source.output and "Burdeos (II)" in spanish.output
    assert "Mazo de Saqueo (primero la carta de arriba)" in spanish.output
    digest = re.search(r"script digest: ([0-9a-f]{64})", source.output).group(1)
    assert f"resumen del guion: {digest}" in spanish.output
    assert "== Preparación ==" in spanish.output and "== Ronda 1 ==" in spanish.output
    assert "Asiento 1: " in spanish.output and "Seat 1" not in spanish.output
