"""What a command builds: the games and components chosen, loaded with their generators.

Loading validates; every mistake of every chosen game is collected, so one run reports them
all. ``sheetgen list`` is the same loading, summarised.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import ProblemList, UserError
from ..base.suggest import command
from ..generate.games import count_pieces, counts_pieces, load_game
from ..load.loading import LoadedComponent, LoadedGame
from ..load.project import Project


@dataclass
class GameSummary:
    """A game and its components, for ``sheetgen list``."""

    id: str
    name: str
    components: list = field(default_factory=list)


@dataclass
class ComponentSummary:
    """One component line of ``sheetgen list``."""

    id: str
    kind: str
    title: str


def list_games(project: Project) -> list[GameSummary]:
    """Return every game with its components (loading validates them)."""
    out = []
    for gid in project.game_ids():
        game = load_game(project, gid)
        out.append(GameSummary(gid, game.spec.name, [
            ComponentSummary(c.model.id, c.model.kind, c.model.title) for c in game.components]))
    return out



def select(project: Project, game_id: str | None, component_ids: list[str],
            variant: str | None = None, skip: set[str] = frozenset(),
            problems: ProblemList | None = None):
    """Load the chosen games and components (but not the games in ``skip``, known to be up to
    date); collect problems across all of them.

    With ``problems`` given, mistakes are recorded there and every component that loaded is
    returned; otherwise they are raised together.
    """
    own = problems is None
    problems = ProblemList() if own else problems
    if component_ids and not game_id:
        raise UserError("name a game before its components")
    if variant and not game_id:
        raise UserError("name the game whose variant to build, e.g. "
                        f"{command(f'GAME --variant {variant}')}")
    selected: list[tuple[LoadedGame, LoadedComponent]] = []
    for gid in [game_id] if game_id else project.default_game_ids():
        if gid in skip:
            continue
        game = load_one(project, gid, component_ids, variant, problems)
        if game is None:
            continue
        loaded = {comp.model.id: comp for comp in game.components}
        for cid in component_ids or list(loaded):
            if cid in loaded:
                selected.append((game, loaded[cid]))
    if own:
        problems.raise_if_any()
    return selected


def load_one(project: Project, game_id: str, component_ids: list[str] | None = None,
             variant: str | None = None, problems: ProblemList | None = None,
             counted: bool = True) -> LoadedGame | None:
    """Return game ``game_id`` as a build loads it (its generators run, ``variant`` overlaid;
    only ``component_ids`` when given; the print guide's counts left for later unless
    ``counted``: ``load_game``), every mistake recorded in ``problems`` (raised when None);
    None when it could not be loaded at all."""
    own = problems is None
    problems = ProblemList() if own else problems
    try:
        game = load_game(project, game_id, only=component_ids or None, variant=variant,
                         problems=problems, counted=counted)
    except UserError as exc:
        problems.extend(exc)
        game = None
    if own:
        problems.raise_if_any()
    return game


def count_guide(project: Project, game: LoadedGame, problems: ProblemList) -> None:
    """Compute the items made from the other components' counts (the print guide) of a game
    ``load_one`` loaded without them (``counted`` False)."""
    count_pieces(project, game, problems)


def made_from_counts(comp) -> bool:
    """Return whether ``comp``'s items are made from the other components' counts."""
    return counts_pieces(comp)
