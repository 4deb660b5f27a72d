"""The ready roll sheets a game-wide build writes beside a game's outputs (sheetgen/dice/
roll_sheets.py says which and what they are called): one per player count of the game's dice
script, in each paper profile of the build, staged with the other outputs, all or nothing.

A build writes them for a game when it builds the game as a whole (no components named, no
playtest variant) and rebuilds something of it: the How-to-print page that names them reads
the game's dice.yaml, so a change of the dice rebuilds the page and its roll sheets.

Each game's sheets are one task of the build's workers (:class:`SideTask`), queued with the
components by their cost, so a forked build draws them while other components build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..base.errors import ProblemList, UserError
from .component_build import SideTask
from ..dice.roll_sheets import roll_sheet_file, roll_sheet_pdfs, roll_sheet_players

PAPER_KIND = "sheet"  # roll sheets print where a sheet of paper prints: on a paper's page
# a roll sheet's cost in _costliest_first's units (a deck's faces): 0.03-0.13 s a sheet in
# the catalogue (2026-11-29), about 20 faces' time
SHEET_COST = 20


@dataclass(frozen=True)
class RollSheet:
    """One planned roll sheet: a game's script for ``players`` on ``page`` (points)."""

    game: str
    players: int
    page: tuple[float, float]
    path: Path


def roll_sheet_profiles(options, book) -> list:
    """Return the profiles of a build (named, or a sheet's defaults) that print pages of
    paper for a sheet: those a roll sheet is written in (A4 and Letter by default)."""
    profiles = [book.get(name) for name in options.profiles or book.defaults_for(PAPER_KIND)
                if name in book.profiles]
    return [p for p in profiles if p.page is not None and p.output == "pdf"
            and PAPER_KIND in p.layouts and p.layout(PAPER_KIND) == "grid"]


def plan_roll_sheets(project, games, options, writer, book,
                     problems: ProblemList) -> list[RollSheet]:
    """Return the roll sheets of ``games`` (each LoadedGame once) a build writes, their paths
    claimed from ``writer``; a game's dice.yaml mistake is recorded in ``problems``."""
    planned = []
    profiles = roll_sheet_profiles(options, book)
    for game in games:
        try:
            counts = roll_sheet_players(project, game.spec.id) if profiles else ()
        except UserError as exc:
            problems.extend(exc)
            continue
        language = game.edition.code if game.edition is not None else None
        for profile in profiles:
            for players in counts:
                name = roll_sheet_file(players, profile.name, language)
                path = writer.claim(f"{game.spec.id}/{name}", name)
                planned.append(RollSheet(game.spec.id, players, profile.page, path))
    return planned


def render_roll_sheets(project, planned: list[RollSheet], problems: ProblemList,
                       credits: dict | None = None
                       ) -> list[tuple[Path, str, tuple[Path, ...], bytes]]:
    """Return each planned roll sheet's path, game, the files it was made from (its dice)
    and PDF bytes (each script made once for all its papers), in the planned order; a
    mistake is recorded in ``problems``. ``credits``: game id -> its Credits (in its
    edition's words), whose short licence credits the sheet's footer prints. A game's die
    faces are built, and its decks' cards read, once for all its sheets (each use reports
    the files they were made from), and only for this build: a warm studio's next build
    reads them afresh."""
    from ..load import reads
    faces: dict = {}  # (game, variant) -> its DieFaces
    decks: dict = {}  # a deck file's cards, read once for every player count's script
    scripts: dict[tuple[str, int], list[RollSheet]] = {}
    for sheet in planned:
        scripts.setdefault((sheet.game, sheet.players), []).append(sheet)
    rendered = {}
    for (game, players), sheets in scripts.items():
        try:
            with reads.part() as read:
                credit = (credits or {}).get(game)
                pdfs = roll_sheet_pdfs(project, game, players, [sheet.page for sheet in sheets],
                                       None if credit is None else
                                       lambda sets, c=credit: c.footer(art_sets=sets), faces,
                                       decks)
        except UserError as exc:
            problems.extend(exc)
            continue
        made_from = tuple(read.files())
        rendered.update((sheet.path, (made_from, pdf)) for sheet, pdf in zip(sheets, pdfs))
    return [(sheet.path, sheet.game, *rendered[sheet.path]) for sheet in planned
            if sheet.path in rendered]


def roll_sheet_tasks(project, planned: list[RollSheet], credits: dict) -> list[SideTask]:
    """Return the build's side tasks drawing the planned roll sheets: one a game (its die
    faces built once), each giving its sheets as :func:`render_roll_sheets` does and its
    problems (``credits``: as there)."""
    by_game: dict[str, list[RollSheet]] = {}
    for sheet in planned:
        by_game.setdefault(sheet.game, []).append(sheet)

    def task(sheets: list[RollSheet]) -> SideTask:
        def run():
            problems = ProblemList()
            return render_roll_sheets(project, sheets, problems, credits), problems.problems
        return SideTask(SHEET_COST * len(sheets), run)
    return [task(sheets) for sheets in by_game.values()]


def finished_roll_sheets(tasks: list[SideTask], problems: ProblemList
                         ) -> list[tuple[Path, str, tuple[Path, ...], bytes]]:
    """Return the roll sheets of ``tasks`` (from :func:`roll_sheet_tasks`) in the planned
    order, those no worker drew drawn here; their problems go to ``problems``."""
    out = []
    for task in tasks:
        sheets, found = task.finish()
        problems.problems.extend(found)
        out += sheets
    return out
