"""Items computed at build time: a component may say ``items_from: {generator: NAME, ...}``.

A generator turns a few options (and, where it needs them, another component's items) into
ordinary items, so templates stay data and numbers such as exact odds are never typed by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .dice.decks import read_deck
from .suggest import unknown

Generator = Callable[[dict, Path], list[dict[str, Any]]]


def _dice_odds(options: dict, game_dir: Path) -> list[dict[str, Any]]:
    """One odds card: the chance that ``dice``d``sides`` + bonus meets each value of a deck field.

    Roll & Raid uses it for 2d6 against the Raid cards' defense values.
    """
    from .dice.odds import odds_rows

    deck, field = options["deck"], options["field"]
    bonuses = [int(b) for b in options.get("bonuses", [0, 2, 4])]
    _, cards = read_deck(game_dir, deck)
    values = sorted({int(card.fields[field]) for card in cards if card.fields.get(field)})
    if not values:
        raise ValueError(f"no card of {deck!r} has a {field!r} value")
    rows = [[options.get("header", field.capitalize()), *(f"+{b}" for b in bonuses)]]
    for row in odds_rows(values, bonuses, int(options.get("dice", 2)),
                              int(options.get("sides", 6))):
        rows.append([row.target, *(f"{p}%" for p in row.percents())])
    return [{"id": options.get("id", "odds"), "title": options.get("title", "Odds"),
             "rows": rows, "bonuses": bonuses, "targets": values}]


def _dice_deck(options: dict, game_dir: Path) -> list[dict[str, Any]]:
    """The 36 cards of a balanced 2d6 dice deck (one per ordered pair of faces)."""
    from .dice.balanced import dice_deck_cards

    # the deck's own `total` (cards in the deck) is a template field already: name it apart
    return [{**card, "dice_total": card.pop("total")} for card in dice_deck_cards()]


def _dice_faces(options: dict, game_dir: Path) -> list[dict[str, Any]]:
    """One item per face of the game's dice (dice.yaml), for the printable dice component."""
    from .dice.printable import die_face_items
    from .dice.load import load_dice_dir

    return die_face_items(load_dice_dir(game_dir).model.dice, options.get("dice"))


def _dice_list(options: dict, game_dir: Path) -> list[dict[str, Any]]:
    """One player-aid card listing every die of the game's ``dice.yaml`` and its faces in order.

    A face written as a word prints as that icon (``hammer`` -> ``:hammer:``), a number as
    itself, so the aid always says what the dice engine rolls. Options: id, title, subtitle,
    count, intro and outro (text lines before and after the dice).
    """
    import yaml

    from .dice.load import load_dice_dir

    dice = load_dice_dir(game_dir).model.dice
    written = yaml.safe_load((game_dir / "dice.yaml").read_text(encoding="utf-8"))["dice"]
    lines = [options["intro"]] if options.get("intro") else []
    for die_id in written:  # in the order dice.yaml lists them
        die = dice[die_id]
        words = [f for f in die.faces if isinstance(f, str)]
        sep = " " if words else " · "
        faces = sep.join(f":{f}:" if isinstance(f, str) else str(f) for f in die.faces)
        lines.append(f"**{die.name or die_id}:** {faces}")
    if options.get("outro"):
        lines.append(options["outro"])
    return [{"id": options.get("id", "dice"), "title": options.get("title", "Dice"),
             "subtitle": options.get("subtitle", ""), "body": "\n".join(lines),
             "count": int(options.get("count", 1))}]


GENERATORS: dict[str, Generator] = {"dice-odds": _dice_odds, "dice-deck": _dice_deck,
                                    "dice-faces": _dice_faces, "dice-list": _dice_list}


def generator_inputs(name: str, options: dict, game_dir: Path) -> set[Path]:
    """Return the files generator ``name`` reads (the build cache watches them)."""
    files = {game_dir / "dice.yaml"} if name in ("dice-odds", "dice-faces") else set()
    if name == "dice-odds" and isinstance(options.get("deck"), str):
        files.add(game_dir / f"{options['deck']}.yaml")
    return files


def generate(name: str, options: dict, game_dir: Path) -> list[dict[str, Any]]:
    """Return the items of generator ``name``; ValueError names the known generators."""
    if name not in GENERATORS:
        raise ValueError(unknown("generator", name, GENERATORS))
    try:
        return GENERATORS[name](options, game_dir)
    except KeyError as exc:
        raise ValueError(f"generator {name!r} needs the option {exc.args[0]!r}") from None
