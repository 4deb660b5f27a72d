"""The ready roll sheets of a print pack: a game's dice script for a sample seed, one PDF per
player count the script plays, so a first game needs no computer.

The sheets are the dice alone (the cards are shuffled and dealt at the table). The build
writes them beside the game's other outputs (``roll-sheet-<N>p-a4.pdf``, an
edition's with its language: ``roll-sheet-<N>p-es-a4.pdf``) and the How-to-print page names
them; both ask this module which player counts there are and what the files are called, so
the page and the files cannot drift apart. The counts are the game's own (``dice.yaml``
``players:``, and a count only one game mode plays, as Roll & Raid's solo Destination: Paris).
"""

from __future__ import annotations

from .api import make_script, only_mode_for
from ..load.project import DICE_FILE
from .load import load_game_dice

SAMPLE_SEED = "sample"  # the rolls of the print pack's sheets (never printed: nothing to check)
STEM = "roll-sheet"


def roll_sheet_players(project, game: str) -> tuple[int, ...]:
    """Return the player counts ``game``'s dice script plays, fewest first: the base game's
    range, and any count outside it that exactly one game mode plays (what ``sheetgen dice
    GAME --players N`` accepts without a mode named). Empty when the game has no dice.yaml,
    or rolls no dice: a print-pack sheet holds the dice alone (the cards are shuffled and
    dealt at the table), so a game of draws and deals alone has none."""
    if not (project.game_dir(game) / DICE_FILE).is_file():
        return ()
    gd = load_game_dice(project, game)
    if not gd.model.dice:
        return ()
    low, high = gd.model.players.min, gd.model.players.max
    others = {n for lo, hi in gd.modes.values() for n in range(lo, hi + 1)} - set(
        range(low, high + 1))
    return tuple(sorted({*range(low, high + 1),
                         *(n for n in others if only_mode_for(gd, n) is not None)}))


def roll_sheet_file(players: int | str, profile: str, language: str | None = None) -> str:
    """Return the file name of the roll sheet for ``players`` in ``profile`` (an edition's
    carries its ``language``, as every output of an edition does)."""
    return f"{STEM}-{players}p{'-' + language if language else ''}-{profile}.pdf"


def roll_sheet_pdfs(project, game: str, players: int, papers: list[tuple[float, float]],
                    credit=None, faces: dict | None = None,
                    decks: dict | None = None) -> list[bytes]:
    """Return the roll sheet of ``game`` for ``players`` on a page of each of ``papers``
    (points), for the sample seed, in the project's edition (the script made once);
    ``credit(art_sets)`` gives its footer's licence credits, as the game's other pages. The
    dice alone, as cut-apart slips revealed a round at a time (formats/as_slips.py), their
    faces drawn as the game's printable dice draw them: the table shuffles and deals the
    cards (the sheet says so once), and a sample seed has no secret worth a checking line.
    ``faces``: the die faces already built, by (game, variant), kept for the next player
    count (a build passes one dict for all its sheets: faces are built once a build);
    ``decks``: likewise the cards of the decks the scripts shuffle, by file."""
    from ..load.reads import remembered
    from .formats.as_slips import render_slips
    from .formats.die_faces import DieFaces

    script = make_script(project, game, players, seed=SAMPLE_SEED, slips=True, decks=decks)
    drawn = remembered({} if faces is None else faces, (game, script.variant),
                       lambda: DieFaces(project, game, script.variant))
    measures: dict = {}  # the script's cells, measured once for every paper
    return [render_slips(script, drawn, paper, credit, measures) for paper in papers]
