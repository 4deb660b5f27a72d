"""``validate``: the build without the final write (every chosen face loaded, filled,
checked, fitted and rendered to nothing), and each game's dice.yaml and variant files checked;
one run reports every independent mistake.
"""

from __future__ import annotations

from ..base.errors import ProblemList, UserError
from ..generate.games import load_game
from ..load.project import DICE_FILE, VARIANTS_DIR, Project
from .component_build import BuildOptions
from .session import ignore
from .transaction import build


def validate(project: Project, game_ids: list[str] | None = None, warn=None,
             profiles: list[str] | None = None, component_ids: list[str] | None = None) -> int:
    """Build the chosen games (or only ``component_ids`` of one game) without writing, and
    check their dice.yaml and variant files; return how many components are valid.

    The build is the one ``sheetgen build`` runs (transaction.build, ``write=False``): every
    face is prepared, checked, fitted to every profile the components would build
    (``profiles``, or each component's defaults) and rendered, so any mistake a build
    reports, validate reports at the same ``path:line``. One run reports every independent
    mistake, across files, games and stages.
    """
    problems = ProblemList()
    if component_ids and len(game_ids or []) != 1:
        raise UserError("name a game before its components")
    ids = game_ids or project.default_game_ids()
    checked: list = []
    for gid in ids:
        try:
            build(project, gid, component_ids or [], BuildOptions(profiles=profiles),
                  warn=warn, write=False, checked=checked)
        except UserError as exc:
            problems.extend(exc)
    for gid in ids:
        validate_extras(project, gid, problems, component_ids or None, warn)
    problems.raise_if_any()
    return len(checked)


def validate_extras(project: Project, game_id: str, problems: ProblemList,
                     component_ids: list[str] | None = None, warn=None) -> None:
    """Check a game's dice.yaml (rules, decks, every mode) and each of its variant files
    (applied to ``component_ids``, or to every component; a variant line that changes
    nothing is passed to ``warn``)."""
    from ..dice.load import load_game_dice
    from ..load.variants import variant_names

    folder = project.game_dir(game_id)
    if (folder / DICE_FILE).is_file():
        try:
            load_game_dice(project, game_id, use_cache=False)
        except UserError as exc:
            problems.extend(exc)
    for name in variant_names(folder):
        if (folder / VARIANTS_DIR / f"{name}.yaml").is_file():
            try:
                varied = load_game(project, game_id, only=component_ids, variant=name)
                for comp in varied.components:
                    for problem in comp.warnings:
                        (warn or ignore)(problem)
            except UserError as exc:
                problems.extend(exc)

