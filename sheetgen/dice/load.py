"""Load and check ``data/<game>/dice.yaml``: pydantic for shapes, then cross-references.

Every problem is collected with its ``path:line`` and reported together (exit code 2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..errors import ProblemList, user_error
from ..yamlload import line_of, load_yaml
from .model import (DealStep, DiceFile, FirstPlayerStep, RollStep, ShuffleStep, TeamsStep,
                    parse_condition, resolve_count)

DICE_FILE = "dice.yaml"


@dataclass(frozen=True)
class GameDice:
    """A validated dice.yaml with where it came from (for line numbers in later errors)."""

    game: str
    game_dir: Path
    path: Path
    model: DiceFile
    raw: Any

    def line(self, *loc: Any) -> int:
        """Return the line of a key path inside dice.yaml."""
        return line_of(self.raw, loc)


def load_game_dice(project, game: str) -> GameDice:
    """Return the checked dice rules of ``game``; unknown game or bad file -> UserError."""
    game_dir = project.game_dir(game)
    path = game_dir / DICE_FILE
    if not path.is_file():
        raise user_error(path, 0, f"game {game!r} has no {DICE_FILE}; it has no dice script")
    raw = load_yaml(path)
    problems = ProblemList()
    try:
        model = DiceFile.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            where = ".".join(str(p) for p in loc) or "file"
            problems.add(path, line_of(raw, _yaml_loc(loc)), f"{where}: {err['msg']}")
        problems.raise_if_any()
        raise AssertionError("unreachable")  # pragma: no cover
    gd = GameDice(game, game_dir, path, model, raw)
    _check(gd, problems)
    problems.raise_if_any()
    return gd


def _yaml_loc(loc: tuple) -> tuple:
    """Drop pydantic's union tags (e.g. 'roll', 'int') so the loc follows the YAML."""
    kinds = {"roll", "shuffle", "deal", "first-player", "teams"}
    return tuple(p for p in loc if p not in kinds and not str(p).startswith(("int", "str",
                                                                            "dict", "literal")))


def _check(gd: GameDice, problems: ProblemList) -> None:
    """Cross-checks pydantic cannot do: die ids, step ids, counts for every player count."""
    m, path = gd.model, gd.path
    if m.players.min > m.players.max:
        problems.add(path, gd.line("players"), "players: min is above max")
    seen: Counter[str] = Counter()
    shuffles: set[str] = set()
    for part in ("setup", "each_round"):
        for i, step in enumerate(getattr(m, part)):
            line = gd.line(part, i)
            seen[step.id] += 1
            if seen[step.id] == 2:
                problems.add(path, line, f"step id {step.id!r} is used twice; ids must differ")
            if step.when is not None and parse_condition(step.when)[0] == "==" and \
                    not str(step.when).strip().lstrip("=").strip().isdigit():
                problems.add(path, gd.line(part, i, "when"),
                             f"when: {step.when!r} is not a player-count condition like '>= 3'")
            if isinstance(step, (FirstPlayerStep, TeamsStep)) and part != "setup":
                problems.add(path, line, f"a {step.kind} step belongs in setup")
            if isinstance(step, RollStep):
                _check_roll(gd, part, i, step, problems)
            elif isinstance(step, ShuffleStep):
                if (step.deck is None) == (step.items is None):
                    problems.add(path, line, "a shuffle takes either 'deck' or 'items'")
                _check_count(gd, (part, i, "reveal"), step.reveal, problems)
                shuffles.add(step.id)
            elif isinstance(step, DealStep):
                if step.source not in shuffles:
                    problems.add(path, gd.line(part, i, "from"),
                                 f"from: {step.source!r} is not an earlier shuffle step")
                _check_count(gd, (part, i, "per_player"), step.per_player, problems)
            elif isinstance(step, TeamsStep) and step.draft_first not in step.colours:
                problems.add(path, gd.line(part, i, "draft_first"),
                             f"draft_first must be one of {step.colours}")


def _check_roll(gd: GameDice, part: str, i: int, step: RollStep, problems: ProblemList) -> None:
    m, path = gd.model, gd.path
    for die in step.dice:
        if die not in m.dice:
            problems.add(path, gd.line(part, i, "dice"),
                         f"unknown die {die!r}; dice.yaml defines {', '.join(m.dice) or 'none'}")
            return
    _check_count(gd, (part, i, "pool"), step.pool, problems)
    if step.reroll_while:
        k = step.reroll_while.of_a_kind
        sides = min(len(set(map(str, m.dice[d].faces))) for d in step.dice)
        if len(step.dice) > sides * (k - 1):
            problems.add(path, gd.line(part, i, "reroll_while"),
                         f"{len(step.dice)} dice always show {k} of a kind; the re-roll never ends")
    if step.balanced:
        faces = [m.dice[d].faces for d in step.dice]
        if len(faces) != 2 or faces[0] != faces[1] or len(faces[0]) != 6:
            problems.add(path, gd.line(part, i, "balanced"),
                         "balanced needs exactly two identical six-sided dice (a 36-card deck)")
    if part == "setup" and step.rounds:
        problems.add(path, gd.line(part, i, "rounds"), "rounds: only for each_round steps")
    for r in step.rounds or ():
        if not 1 <= r <= m.rounds:
            problems.add(path, gd.line(part, i, "rounds"), f"round {r} is outside 1-{m.rounds}")


def _check_count(gd: GameDice, loc: tuple, value: Any, problems: ProblemList) -> None:
    """Every player count of the game must give a count >= 0."""
    for n in range(gd.model.players.min, gd.model.players.max + 1):
        try:
            count = resolve_count(value, n)
        except (TypeError, ValueError) as exc:
            problems.add(gd.path, gd.line(*loc), f"{loc[-1]}: {exc}")
            return
        if count is None or count < 0:
            problems.add(gd.path, gd.line(*loc),
                         f"{loc[-1]}: no count for {n} players; add the key {n} or 'other'")
            return
