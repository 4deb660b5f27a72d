"""Load and check ``data/<game>/dice.yaml``: pydantic for shapes, then cross-references.

Every problem is collected with its ``path:line`` and reported together (exit code 2).

Validation imports pydantic, which costs more start-up time than the whole script takes
to generate. A file that validated once is remembered: the cache holds the validated data
as JSON under a key made of the file's bytes and this package's model and loader source,
so an edit to either revalidates. The engine then runs on light attribute objects
(``SimpleNamespace``) built the same way from either path.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from functools import cached_property
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ..base.errors import ProblemList, user_error
from ..load.model import KEBAB
from ..load.project import DICE_FILE, user_path
from ..load.variants import load_variant, variant_file
from ..load import reads
from ..load.yamlload import line_of, load_yaml
from . import reroll
from .conditions import fields_match, parse_condition, resolve_count

_HERE = Path(__file__).parent
MAX_REFILL_ORDERS = 9
_SCHEMA_SOURCES = ("model.py", "load.py", "conditions.py", "reroll.py", "labels.py")
# mappings kept as dicts
_PLAIN = {"where", "icons", "round_titles", "pool", "reveal", "per_player", "face_down",
          "refill_orders"}


class GameDice:
    """Validated dice rules of one game, with where they came from (for error lines)."""

    def __init__(self, game: str, game_dir: Path, path: Path, model: Any, raw: Any = None,
                 modes: dict[str, tuple[int, int]] | None = None):
        self.game, self.game_dir, self.path, self.model = game, game_dir, path, model
        self.modes = modes or {}  # variant name -> (min, max) players of that mode
        self.deck_variant: str | None = None  # a variant file whose decks the script shuffles
        self.edition = None  # the edition its texts and decks are read in (load.editions)
        if raw is not None:
            self.__dict__["raw"] = raw

    @cached_property
    def raw(self) -> Any:
        """The YAML with line numbers (parsed only when an error needs a line)."""
        return load_yaml(self.path)

    def line(self, *loc: Any) -> int:
        """Return the line of a key path inside dice.yaml."""
        return line_of(self.raw, loc)


def cache_dir() -> Path:
    """Return the folder of remembered validations (``SHEETGEN_CACHE_DIR`` or XDG cache)."""
    env = os.environ.get("SHEETGEN_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "sheetgen" / "dice"


def _cache_key(data: bytes) -> str:
    h = hashlib.sha256(data)
    for name in _SCHEMA_SOURCES:
        h.update((_HERE / name).read_bytes())
    return h.hexdigest()


def to_node(value: Any, key: str = "") -> Any:
    """Turn validated JSON data into attribute objects; free-form mappings stay dicts."""
    if isinstance(value, list):
        return [to_node(v) for v in value]
    if not isinstance(value, dict) or key in _PLAIN:
        return value
    if key == "dice":
        return {k: to_node(v) for k, v in value.items()}
    return SimpleNamespace(**{k: to_node(v, k) for k, v in value.items()})


def load_game_dice(project, game: str, use_cache: bool = True,
                   variant: str | None = None) -> GameDice:
    """Return the checked dice rules of ``game`` (in game mode ``variant``, if given).

    An unknown game, a bad file or an unknown variant is a UserError.
    """
    if project.edition is not None:
        from ..load.editions import game_edition

        edition = game_edition(project, game)
        gd = load_dice_dir(project.game_dir(game), False, variant, edition)
        gd.edition = edition
        return gd
    return load_dice_dir(project.game_dir(game), use_cache, variant)


def load_dice_dir(game_dir: Path, use_cache: bool = True, variant: str | None = None,
                  edition=None) -> GameDice:
    """Return the checked dice rules in a game folder (its name is the game id); with
    ``edition``, its texts (labels, names) read in that edition."""
    game = game_dir.name
    path = game_dir / DICE_FILE
    if not path.is_file():
        raise user_error(path, 0, f"game {game!r} has no {DICE_FILE}; it has no dice script")
    if variant is not None:
        if variant_file(game_dir, variant) is not None:
            return _file_variant_dice(game, game_dir, path, variant, edition)
    reads.opened(path)
    data = path.read_bytes()
    key = _cache_key(data)
    cached = cache_dir() / f"{key}.json"
    if edition is not None:
        use_cache = False  # the cache holds the source's words: an edition reads its own
    if use_cache:
        try:
            dumped = json.loads(cached.read_text(encoding="utf-8"))
            return GameDice(game, game_dir, path, to_node(_pick(dumped, variant, path)),
                            modes=_modes(dumped))
        except (OSError, ValueError, KeyError):
            pass
    raw = load_yaml(path)
    if edition is not None:
        edition.tree(raw)
    dumped = _validate(game, game_dir, path, raw)
    if use_cache:
        try:
            from ..base.output import OutputWriter

            OutputWriter.write_file(cached, json.dumps(dumped).encode())  # file order
        except OSError:
            pass  # a read-only home only costs start-up time
    return GameDice(game, game_dir, path, to_node(_pick(dumped, variant, path)), raw,
                    _modes(dumped))


def _file_variant_dice(game: str, game_dir: Path, path: Path, name: str,
                       edition=None) -> GameDice:
    """Return the dice rules of a playtest variant file: its ``dice:`` step changes (if any)
    over dice.yaml, shuffling the decks as the variant changes them."""
    variant = load_variant(game_dir, name, edition=edition)
    raw = load_yaml(path)
    if edition is not None:
        edition.tree(raw)
    modes = dict(raw.get("variants") or {})
    modes[name] = {"title": variant.title, **(variant.dice or {})}
    raw["variants"] = modes
    dumped = _validate(game, game_dir, path, raw, {name: (variant.path, load_yaml(variant.path))})
    gd = GameDice(game, game_dir, path, to_node(_pick(dumped, name, path)), raw, _modes(dumped))
    gd.deck_variant = name
    return gd


def _modes(dumped: dict) -> dict[str, tuple[int, int]]:
    """Return each variant's player range."""
    return {name: (v["players"]["min"], v["players"]["max"])
            for name, v in dumped["variants"].items()}


def _pick(dumped: dict, variant: str | None, path: Path) -> dict:
    """Return the validated rules of the base game or of one of its variants."""
    if variant is None:
        return dumped["base"]
    if variant not in dumped["variants"]:
        known = ", ".join(sorted(dumped["variants"])) or "none"
        raise user_error(path, 0, f"unknown variant {variant!r}; this game's variants: {known}")
    return dumped["variants"][variant]


def _patched(raw: Any, name: str, variant: dict) -> dict:
    """Return a plain copy of ``raw`` with a variant's step fields and players replaced."""
    data = json.loads(json.dumps(raw))
    data.pop("variants", None)
    title = variant["title"]
    data["name"] = f"{data.get('name') or name} ({title})"
    data["mode_title"], data["mode_note"] = title, variant.get("note", "")
    if variant.get("players"):
        data["players"] = variant["players"]
    if variant.get("rounds") is not None:
        data["rounds"] = variant["rounds"]
    for part in ("setup", "each_round"):
        for step in data.get(part) or []:
            step.update(variant.get("steps", {}).get(step.get("id"), {}))
    return data


def _validate(game: str, game_dir: Path, path: Path, raw: Any,
              files: dict[str, tuple[Path, Any]] | None = None) -> dict:
    """Validate the base rules and every variant; return ``{"base": ..., "variants": ...}``.

    ``files`` maps a playtest variant's name to its file and YAML: a mistake in its ``dice:``
    is reported at that file's line, not in dice.yaml.
    """
    from pydantic import ValidationError

    from .model import DiceFile, Variant

    modes = (raw.get("variants") if isinstance(raw, dict) else None) or {}
    if files:  # the base game's rules without the playtest file's mode (checked below)
        raw["variants"] = {k: v for k, v in modes.items() if k not in files}
    try:
        base = _validate_one(game, game_dir, path, raw)
    finally:
        if files:
            raw["variants"] = modes
    variants, problems = {}, ProblemList()
    for name, variant in modes.items():
        if name in (files or {}):
            where, vraw = files[name]
            line = _lines_in(vraw, ("dice",))
        else:
            where, line = path, _lines_in(raw, ("variants", name), exact=False)
        ids = {step.get("id") for part in ("setup", "each_round") for step in raw.get(part) or []}
        try:  # the mode's own keys first (title, note, players, rounds, steps)
            Variant.model_validate(variant)
        except ValidationError as exc:
            err = exc.errors()[0]
            problems.add(where, line(*err["loc"]), f"variant {name!r}: "
                         f"{'.'.join(map(str, err['loc']))}: {err['msg']}")
            continue
        unknown = sorted(set(variant.get("steps") or {}) - ids)
        if unknown:
            problems.add(where, line("steps", unknown[0]),
                         f"variant {name!r} changes unknown step(s) {unknown}; steps: "
                         f"{sorted(filter(None, ids))}")
            continue
        try:
            model = DiceFile.model_validate(_patched(raw, name, variant))
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = err["loc"]
            step_id = _step_id(raw, loc)
            problems.add(where, line("steps", step_id, *loc[3:]) if step_id else line(),
                         f"variant {name!r}: {'.'.join(map(str, loc))}: {err['msg']}")
            continue
        _check(GameDice(game, game_dir, path, model, raw), problems)
        variants[name] = model.model_dump(mode="json")
    problems.raise_if_any()
    return {"base": base, "variants": variants}


def _lines_in(raw: Any, at: tuple, exact: bool = True):
    """Return ``line(*loc)``: the line of ``at + loc`` in ``raw`` (with ``exact``), else of
    ``at`` itself."""
    fallback = line_of(raw, at) or 1

    def line(*loc) -> int:
        return (line_of(raw, (*at, *loc)) if exact and loc else 0) or fallback

    return line


def _step_id(raw: Any, loc: tuple) -> str | None:
    """Return the id of the step a pydantic error location (``setup.0.kind.field``) is in."""
    if len(loc) >= 2 and loc[0] in ("setup", "each_round") and isinstance(loc[1], int):
        steps = raw.get(loc[0]) or []
        if loc[1] < len(steps) and isinstance(steps[loc[1]], dict):
            return steps[loc[1]].get("id")
    return None


def _validate_one(game: str, game_dir: Path, path: Path, raw: Any) -> dict:
    """Validate with pydantic and the cross-checks; return the JSON dump of the model."""
    from pydantic import ValidationError

    from .model import DiceFile

    problems = ProblemList()
    try:
        model = DiceFile.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            where = ".".join(str(p) for p in loc) or "file"
            message = err["msg"].removeprefix("Value error, ")
            problems.add(path, line_of(raw, _yaml_loc(loc)) or 1, f"{where}: {message}")
        problems.raise_if_any()
    _check(GameDice(game, game_dir, path, model, raw), problems)
    problems.raise_if_any()
    return model.model_dump(mode="json")


def _yaml_loc(loc: tuple) -> tuple:
    """Drop pydantic's union tags (e.g. 'roll', 'int') so the loc follows the YAML."""
    kinds = {"roll", "shuffle", "deal", "first-player", "teams", "pause"}
    return tuple(p for p in loc if p not in kinds and not str(p).startswith(("int", "str",
                                                                            "dict", "literal")))


def _check(gd: GameDice, problems: ProblemList) -> None:
    """Cross-checks pydantic cannot do: die ids, step ids, counts for every player count."""
    m, path = gd.model, gd.path
    if m.players.min > m.players.max:
        problems.add(path, gd.line("players"), "players: min is above max")
    seen: set[str] = set()
    shuffles: set[str] = set()
    for part in ("setup", "each_round"):
        for i, step in enumerate(getattr(m, part)):
            line = gd.line(part, i)
            if step.id in seen:
                problems.add(path, line, f"step id {step.id!r} is used twice; ids must differ")
            seen.add(step.id)
            _check_modes(gd, part, i, step, problems)
            if step.when is not None and not isinstance(parse_condition(step.when)[1], int):
                problems.add(path, gd.line(part, i, "when"),
                             f"when: {step.when!r} is not a player-count condition like '>= 3'")
            if step.kind in ("first-player", "teams") and part != "setup":
                problems.add(path, line, f"a {step.kind} step belongs in setup")
            if step.kind == "roll":
                _check_roll(gd, part, i, step, problems)
                if step.per_card and step.per_card.source not in shuffles:
                    problems.add(path, gd.line(part, i, "per_card", "from"),
                                 f"from: {step.per_card.source!r} is not an earlier shuffle "
                                 f"step")
            elif step.kind == "shuffle":
                if (step.deck is None) == (step.items is None):
                    problems.add(path, line, "a shuffle takes either 'deck' or 'items'")
                _check_count(gd, (part, i, "reveal"), step.reveal, problems)
                if _deck_found(gd, part, i, step, problems):
                    _check_reserves(gd, part, i, step, problems)
                    _check_show(gd, part, i, step, problems)
                _check_count(gd, (part, i, "refill_orders"), step.refill_orders, problems,
                             most=MAX_REFILL_ORDERS)
                if step.refill_orders and step.piles and step.piles.separate:
                    problems.add(path, gd.line(part, i, "refill_orders"),
                                 "refill_orders refills one deck; separate stacks have none")
                if not (step.piles and step.piles.separate):  # stacks are not one deck
                    shuffles.add(step.id)
            elif step.kind == "deal":
                if step.source not in shuffles:
                    problems.add(path, gd.line(part, i, "from"),
                                 f"from: {step.source!r} is not an earlier shuffle step")
                _check_count(gd, (part, i, "per_player"), step.per_player, problems)
                _check_count(gd, (part, i, "face_down"), step.face_down, problems)
            elif step.kind == "teams" and step.draft_first not in step.colours:
                problems.add(path, gd.line(part, i, "draft_first"),
                             f"draft_first must be one of {step.colours}")


def _check_modes(gd: GameDice, part: str, i: int, step, problems: ProblemList) -> None:
    """A step's ``modes`` must name game modes of this file (its ``variants``)."""
    known = sorted((gd.raw.get("variants") or {}) if isinstance(gd.raw, dict) else ())
    for name in step.modes or ():
        if name not in known:
            problems.add(gd.path, gd.line(part, i, "modes"),
                         f"modes: {name!r} is not a game mode of this file; its variants: "
                         f"{', '.join(known) or 'none'}")


def _deck_found(gd: GameDice, part: str, i: int, step, problems: ProblemList) -> bool:
    """A shuffle's ``deck`` must name a component file of the game (blamed at its line)."""
    if step.deck is None:
        return True
    if re.match(KEBAB, step.deck) and user_path(gd.game_dir, step.deck, (gd.path, 0), "deck",
                                                 ".yaml").is_file():
        return True
    problems.add(gd.path, gd.line(part, i, "deck"),
                 f"deck {step.deck[:80]!r} not found: no component file {step.deck[:80]}.yaml "
                 f"in {gd.game_dir.name}/")
    return False


def _check_reserves(gd: GameDice, part: str, i: int, step, problems: ProblemList) -> None:
    """A reserve that waits for a card must name a card the shuffled deck can hold."""
    from .decks import read_deck

    wanted = [(k, r) for k, r in enumerate(step.reserve) if r.if_revealed]
    if not wanted or step.deck is None:
        return
    _, cards = read_deck(gd.game_dir, step.deck, gd.deck_variant, edition=gd.edition)
    m = gd.model
    for k, res in wanted:
        if not any(c.id == res.if_revealed and fields_match(c.fields, step.where, n)
                   for c in cards for n in range(m.players.min, m.players.max + 1)):
            problems.add(gd.path, gd.line(part, i, "reserve", k, "if_revealed"),
                         f"if_revealed: {res.if_revealed!r} is not a card this shuffle can "
                         f"hold ({step.deck} filtered by where: {step.where}); the reserve "
                         f"could never be used")


def _check_show(gd: GameDice, part: str, i: int, step, problems: ProblemList) -> None:
    """Every field a ``show`` pattern names must be a field of some card of the deck."""
    from .decks import read_deck
    from .labels import pattern_fields

    patterns = [step.show] if isinstance(step.show, str) else step.show  # well formed (model)
    if step.deck is None:
        return
    _, cards = read_deck(gd.game_dir, step.deck, edition=gd.edition)
    known = {"id", "name"}.union(*(card.fields for card in cards))
    for pattern in patterns:
        for name in pattern_fields(pattern):
            if name not in known:
                problems.add(gd.path, gd.line(part, i, "show"),
                             f"show {pattern!r}: no card of {step.deck} has a field {name!r}; "
                             f"its fields: {', '.join(sorted(map(str, known)))}")
                return


def _check_roll(gd: GameDice, part: str, i: int, step, problems: ProblemList) -> None:
    m, path = gd.model, gd.path
    for die in step.dice:
        if die not in m.dice:
            problems.add(path, gd.line(part, i, "dice"),
                         f"unknown die {die!r}; dice.yaml defines {', '.join(m.dice) or 'none'}")
            return
    _check_count(gd, (part, i, "pool"), step.pool, problems)
    if step.reroll_while:
        _check_reroll(gd, (part, i, "reroll_while"), step, problems)
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


def _check_reroll(gd: GameDice, loc: tuple, step, problems: ProblemList) -> None:
    """A re-roll rule must watch real dice, name faces they have, and be able to end."""
    rule, line = step.reroll_while, gd.line(*loc)
    count = len(step.dice)
    bad = [p for p in rule.dice or () if not 1 <= p <= count]
    if bad:
        problems.add(gd.path, line, f"dice: position {bad[0]} is not one of 1-{count} "
                                    f"(the step rolls {count} dice)")
        return
    faces = [gd.model.dice[step.dice[p]].faces for p in range(count)]
    seen = {str(f) for p in reroll.watched(rule, count) for f in faces[p]}
    if rule.faces is not None and len(rule.faces) != len(reroll.watched(rule, count)):
        problems.add(gd.path, line, f"faces: list one face per watched die "
                                    f"({len(reroll.watched(rule, count))}), not "
                                    f"{len(rule.faces)}")
        return
    asked = [*(rule.faces or ()), *([] if rule.any is None else [rule.any])]
    unknown = [f for f in asked if str(f) not in seen]
    if unknown:
        problems.add(gd.path, line, f"face {unknown[0]!r} is on none of the watched dice "
                                    f"(they show {', '.join(sorted(seen))})")
    elif not reroll.can_end(rule, faces):
        problems.add(gd.path, line, "these dice always meet the re-roll rule; "
                                    "the re-roll never ends")


def _check_count(gd: GameDice, loc: tuple, value: Any, problems: ProblemList,
                 most: int | None = None) -> None:
    """Every player count of the game must give a count >= 0 (and <= ``most``)."""
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
        if most is not None and count > most:
            problems.add(gd.path, gd.line(*loc),
                         f"{loc[-1]}: {count} for {n} players; at most {most}")
            return
