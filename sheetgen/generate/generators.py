"""Items computed at build time: a component may say ``items_from: {generator: NAME, ...}``.

A generator turns a few options (and, where it needs them, another component's items) into
ordinary items, so templates stay data and numbers such as exact odds are never typed by hand.
Each generator declares its options as a model, so a wrong option is an error at its line
(:func:`sheetgen.load.loading.load_component`), never a crash inside the generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Callable

from pydantic import Field, ValidationError

from ..dice.decks import read_deck
from ..dice.faces import icon_of
from ..base.limits import MAX_COUNT, MAX_ID
from ..base.errors import OptionError
from ..load.model import KEBAB, Strict
from .print_guide import Counted, PrintGuideOptions, print_guide
from ..load.project import DICE_FILE, user_path
from ..base.suggest import unknown
from ..load.validation import describe
from ..load.yamlload import load_yaml

Bonus = Annotated[int, Field(ge=-100, le=100)]


class OddsOptions(Strict):
    """Options of ``dice-odds``."""

    deck: str = Field(pattern=KEBAB, max_length=MAX_ID,
                      description="Component (of this game) whose cards hold the targets.")
    field: str = Field(max_length=100, description="The cards' field holding a target number.")
    bonuses: list[Bonus] = Field([0, 2, 4], min_length=1, max_length=12,
                                 description="One column per bonus added to the roll.")
    dice: int = Field(2, ge=1, le=10, description="Dice rolled.")
    sides: int = Field(6, ge=2, le=100, description="Sides of each die.")
    header: str | None = Field(None, max_length=100, description="First column's header.")
    id: str = Field("odds", pattern=KEBAB, max_length=MAX_ID, description="The item's id.")
    title: str = Field("Odds", max_length=200, description="The item's title.")


class NoOptions(Strict):
    """A generator that takes no options."""


class FacesOptions(Strict):
    """Options of ``dice-faces``."""

    dice: list[str] | None = Field(None, max_length=100,
                                   description="Dice of dice.yaml to print (default: all).")


class DiceListOptions(Strict):
    """Options of ``dice-list``."""

    id: str = Field("dice", pattern=KEBAB, max_length=MAX_ID, description="The item's id.")
    title: str = Field("Dice", max_length=200, description="The item's title.")
    subtitle: str = Field("", max_length=500, description="The item's subtitle.")
    count: int = Field(1, ge=0, le=MAX_COUNT, description="Copies of the aid.")
    intro: str = Field("", max_length=2000, description="Text before the dice.")
    outro: str = Field("", max_length=2000, description="Text after the dice.")
    table: bool = Field(False, description=(
        "Also give the item `rows`: a table with a column per face (1 to 6, a d6's pips) "
        "and a row per die (its mark or name, then its faces), so the faces line up in "
        "columns; the body then holds only the intro and outro."))


def _dice_odds(options: OddsOptions, game_dir: Path, edition=None) -> list[dict[str, Any]]:
    """One odds card: the chance that ``dice``d``sides`` + bonus meets each value of a deck field.

    Roll & Raid uses it for 2d6 against the Raid cards' defense values.
    """
    from ..dice.odds import odds_rows  # start-up: a generator's modules load when it runs

    deck, field, bonuses = options.deck, options.field, options.bonuses
    if not user_path(game_dir, deck, (game_dir, 0), "deck", ".yaml").is_file():  # a KEBAB id
        raise OptionError("deck", f"deck {deck!r} not found: no file {deck}.yaml in "
                          f"{game_dir.name}/")
    _, cards = read_deck(game_dir, deck)
    values = sorted({_target(card, field) for card in cards if card.fields.get(field)})
    if not values:
        raise OptionError("field", f"no card of {deck!r} has a {field!r} value")
    rows = [[options.header or field.capitalize(), *(f"+{b}" for b in bonuses)]]
    for row in odds_rows(values, bonuses, options.dice, options.sides):
        rows.append([row.target, *(f"{p}%" for p in row.percents())])
    return [{"id": options.id, "title": options.title, "rows": rows, "bonuses": bonuses,
             "targets": values}]


def _target(card, field: str) -> int:
    """Return a card's ``field`` as a whole number; ValueError names the card otherwise."""
    value = card.fields[field]
    if isinstance(value, bool) or not isinstance(value, (int, str)) \
            or not str(value).strip().lstrip("-").isdigit() or abs(int(value)) > 10_000:
        raise ValueError(f"card {card.name!r} (line {card.line}): {field} must be a whole "
                         f"number from -10000 to 10000, not {str(value)[:40]!r}")
    return int(value)


def _dice_deck(options: NoOptions, game_dir: Path, edition=None) -> list[dict[str, Any]]:
    """The 36 cards of a balanced 2d6 dice deck (one per ordered pair of faces)."""
    from ..dice.balanced import dice_deck_cards  # start-up: loaded when the generator runs

    # the deck's own `total` (cards in the deck) is a template field already: name it apart
    return [{**card, "dice_total": card.pop("total")} for card in dice_deck_cards()]


def _dice_faces(options: FacesOptions, game_dir: Path, edition=None) -> list[dict[str, Any]]:
    """One item per face of the game's dice (dice.yaml), for the printable dice component;
    the dice's names in ``edition`` (None: the source language)."""
    # start-up: a generator's modules load when it runs
    from ..dice.printable import die_face_items

    return die_face_items(_dice_in(game_dir, edition).model.dice, options.dice)


def _dice_in(game_dir: Path, edition):
    """Return the game's dice read in ``edition`` (its texts translated; not cached) or, for
    the source language, the cached reading."""
    from ..dice.load import load_dice_dir  # start-up: loaded when a dice generator runs

    return load_dice_dir(game_dir) if edition is None else load_dice_dir(game_dir, False,
                                                                         None, edition)


def _dice_list(options: DiceListOptions, game_dir: Path,
               edition=None) -> list[dict[str, Any]]:
    """One player-aid card listing every die of the game's ``dice.yaml`` and its faces in order.

    A face written as a word prints as its icon (``hammer`` -> ``:hammer:``, or the icon the
    die's ``icons`` maps it to), a number or ``blank`` as itself, so the aid always says what
    the dice engine rolls; a die's name (and its ``mark``, ``Red · R``, as on its faces) is a
    line, its faces the next. A blank line parts the blocks (intro, each die, outro): a text
    with ``paragraph_gap`` sets them that far apart.
    Options: id, title, subtitle, count, intro and outro (text lines before and after the dice);
    table: the faces as a table instead (``rows``: a column per face 1 to 6, a row per die,
    headed by its mark or else its name),
    so they line up in columns.
    """
    dice = _dice_in(game_dir, edition).model.dice
    written = load_yaml(game_dir / DICE_FILE)["dice"]
    blocks = [options.intro] if options.intro else []
    rows: list[list[str]] = []
    for die_id in written:  # in the order dice.yaml lists them
        die = dice[die_id]
        cells = [f":{icon_of(die, face)}:" if icon_of(die, face) else str(face)
                 for face in die.faces]
        rows.append([die.mark or die.name or die_id, *cells])  # its mark ("R"), else its name
        if options.table:
            continue
        mark = f" · {die.mark}" if die.mark else ""  # the letter on every printed face
        # faces on a line of their own
        blocks.append(f"**{die.name or die_id}{mark}**\n{' · '.join(cells)}")
    if options.outro:
        blocks.append(options.outro)
    item = {"id": options.id, "title": options.title, "subtitle": options.subtitle,
            "body": "\n\n".join(blocks), "count": options.count}
    if options.table:
        width = max(len(row) for row in rows) - 1
        item["rows"] = [["", *(str(n) for n in range(1, width + 1))], *rows]
    return [item]


@dataclass(frozen=True)
class Generator:
    """A generator: the model of its options and what it makes (the files it reads report
    themselves to the build's record of reads: sheetgen.load.reads)."""

    options: type[Strict]
    make: Callable[[Any, Path], list[dict[str, Any]]]
    # made from the counts of the game's other components (games.py passes them), not its files
    counts: bool = False


GENERATORS: dict[str, Generator] = {
    "dice-odds": Generator(OddsOptions, _dice_odds),
    "dice-deck": Generator(NoOptions, _dice_deck),
    "dice-faces": Generator(FacesOptions, _dice_faces),
    "dice-list": Generator(DiceListOptions, _dice_list),
    "print-guide": Generator(PrintGuideOptions, print_guide, counts=True),
}


def generator(name: Any) -> Generator:
    """Return generator ``name``; ValueError names the known generators."""
    if not isinstance(name, str) or name not in GENERATORS:
        raise ValueError(unknown("generator", str(name)[:80], GENERATORS))
    return GENERATORS[name]


def generate(name: str, options: dict | Strict, game_dir: Path,
             counts: Any = None, edition=None) -> list[dict[str, Any]]:
    """Return the items of generator ``name`` made with ``options`` (a mapping is checked
    against the generator's options model first); ValueError says what is wrong. A generator
    made from ``counts`` (the print guide) gets them instead of the game's folder; one made
    from the game's files reads their texts in ``edition`` (None: the source language)."""
    spec = generator(name)
    if not isinstance(options, spec.options):
        try:
            options = spec.options.model_validate(options)
        except ValidationError as exc:
            raise ValueError("; ".join(f"options: {describe(e)}" for e in exc.errors())) \
                from None
    if spec.counts:
        return spec.make(options, counts if counts is not None else Counted({}, ()))
    return spec.make(options, game_dir, edition)
