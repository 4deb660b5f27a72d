"""The look of a game's printed roll sheet: its colours and title art, read from its data.

dice.yaml ``sheet:`` names the colours by the game's own palette (game.yaml ``colors:``, or
the shared names) and a scene of the art library (``templates/art/scenes``), so a roll sheet
wears the same colours as the game's other components and the code names no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..base.errors import user_error
from ..load import reads
from ..load.project import GAME_FILE
from ..load.yamlload import load_yaml

SCENES = "art/scenes"  # the scene library, under each root's templates/


@dataclass(frozen=True)
class Look:
    """A roll sheet's resolved look: RGB colours (0..1) and the scene file, if any."""

    accent: tuple = (0.137, 0.122, 0.125)
    ornament: tuple = (0.722, 0.525, 0.169)
    scene: Path | None = None
    scene_tint: tuple = (1.0, 1.0, 1.0)
    columns: int = 0  # the slips' columns at the least (0: as their rows allow)
    die_size: float | None = None  # the dice's size (points); None: the sheet picks


def sheet_look(project, gd) -> Look:
    """Return the look dice.yaml ``sheet:`` gives ``gd``'s roll sheet; a colour or scene
    that does not exist is a UserError at its dice.yaml line."""
    from ..fill.colors import parse_color

    sheet = getattr(gd.model, "sheet", None)
    if sheet is None:
        return Look()
    game_file = gd.game_dir / GAME_FILE
    reads.opened(game_file)
    raw = load_yaml(game_file) if game_file.is_file() else None
    names = dict(raw.get("colors") or {}) if isinstance(raw, dict) else {}

    def colour(key: str) -> tuple:
        try:
            rgb = parse_color(getattr(sheet, key), {k: str(v) for k, v in names.items()})
        except ValueError as exc:
            raise user_error(gd.path, gd.line("sheet", key), f"sheet.{key}: {exc}") from None
        if rgb is None:
            raise user_error(gd.path, gd.line("sheet", key), f"sheet.{key}: give a colour, "
                             "not none")
        return rgb

    scene = None
    if sheet.scene:
        where = (gd.path, gd.line("sheet", "scene"))
        scene = project.find("templates", f"{SCENES}/{sheet.scene}.svg", where, "scene")
        if scene is None:
            raise user_error(*where, f"sheet.scene: no scene {sheet.scene!r} in "
                             f"templates/{SCENES}")
    return Look(colour("accent"), colour("ornament"), scene, colour("scene_tint"),
                sheet.columns, sheet.die_size)
