"""Typed model of ``data/<game>/dice.yaml``: dice with faces, setup steps and per-round rules.

Values that change with the player count (``ByPlayers``) are an integer, the word
``players``, or a mapping from a count or range (``1``, ``"2-5"``) or ``other`` to either.
Conditions on the player count (``when``) and on card fields (``where``) are short texts:
an operator and a value, e.g. ``">= 3"``, ``"<= players"``, or a plain value meaning ``==``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BeforeValidator, ConfigDict, Field, field_validator, model_validator

from ..load import model
from ..base.suggest import unknown
from .faces import BLANK
from ..load.model import PlayerRange
from .labels import pattern_fields

ByPlayers = Union[int, Literal["players"], dict[Union[int, str], Union[int, Literal["players"]]]]
_ID = r"^[a-z0-9][a-z0-9-]*$"


def _face(value: Any) -> Any:
    """Refuse an empty face in one sentence (not one pydantic error per union member)."""
    if value is None or value == "":
        raise ValueError(f"a face cannot be empty: write a number, a symbol name or {BLANK}")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"a face is a whole number or a symbol name, not {value!r}")
    return value


Face = Annotated[Union[int, str], BeforeValidator(_face)]


class Strict(model.Strict):
    """sheetgen's strict base (unknown keys are errors), also filled by field name (``from``)."""

    model_config = ConfigDict(extra="forbid", defer_build=True, populate_by_name=True)


class Die(Strict):
    """One kind of die: its faces in order (numbers or symbol names) and its colour."""

    name: str = Field(description="Name shown in scripts, e.g. 'Wood'.")
    short: str | None = Field(None, description="Tag before each face in mixed rolls "
                                                "(default: the die id).")
    colour: str = Field("#ffffff", description="Die colour as #rrggbb (used in PDF and HTML).")
    faces: list[Face] = Field(
        min_length=2, description="Faces in order; a face listed twice is twice as likely; "
        f"{BLANK} is a face with nothing on it."
    )
    icons: dict[str, str] = Field(default_factory=dict, description=(
        "Symbol face -> the icon that draws it, e.g. {horn: hunting-horn} (default: the icon "
        "named like the face; blank: none)."))
    mark: str = Field("", max_length=2, description=(
        "A letter printed on every face of the printed die (e.g. R for red), so that dice of "
        "different colours differ by more than colour; default none."))
    note: str = Field("", description="Why these faces (the rulebook decision).")

    @field_validator("mark")
    @classmethod
    def _printable_mark(cls, value: str) -> str:
        if value and not all(c.isalnum() for c in value):
            raise ValueError("a mark is one or two letters or figures, e.g. R")
        return value

    @model_validator(mode="after")
    def _icons_name_faces(self) -> "Die":
        words = [f for f in self.faces if isinstance(f, str)]
        for face in self.icons:
            if face not in words:
                raise ValueError("icons: " + unknown("symbol face", face, words))
        return self

    @field_validator("colour")
    @classmethod
    def _hex(cls, value: str) -> str:
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            raise ValueError("colour must be #rrggbb, e.g. '#8b5a2b'")
        return value.lower()

    @property
    def numeric(self) -> bool:
        """True when every face is a number (so rolls have a total)."""
        return all(isinstance(f, int) for f in self.faces)


class RerollRule(Strict):
    """Roll again while the watched dice meet one condition (exactly one of the three).

    ``of_a_kind: 3``: some face shows 3 or more times; ``faces: [blank, blank]``: the
    watched dice show exactly these faces, in any order; ``any: blank``: some watched die
    shows this face. ``dice`` lists the watched dice by position in the step's ``dice``
    (from 1; default all); ``reroll`` says which are thrown again: ``all`` or ``watched``.
    """

    of_a_kind: int | None = Field(None, ge=2)
    faces: list[Union[int, str]] | None = Field(None, min_length=1)
    any: Union[int, str, None] = None
    dice: list[int] | None = Field(None, min_length=1,
                                   description="Watched dice, 1-based positions.")
    reroll: Literal["all", "watched"] = "all"

    @model_validator(mode="after")
    def _one_condition(self) -> "RerollRule":
        given = [k for k in ("of_a_kind", "faces", "any") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of of_a_kind, faces or any "
                             f"(got {', '.join(given) or 'none'})")
        return self


class Piles(Strict):
    """Split a deck by a card field and shuffle each pile alone (in ``order``, one stream).

    The piles are stacked into one deck (the first on top), or with ``separate`` kept as
    stacks of their own (Reavers' Territory tiles, one stack per type).
    """

    by: str
    order: list[Union[int, str]] = Field(min_length=1)
    separate: bool = Field(False, description="Keep each pile as its own stack.")


class Reserve(Strict):
    """After the revealed cards, set aside the next matching cards (e.g. Odin's commands)."""

    label: str
    take: int = Field(ge=1)
    where: dict[str, Any] = Field(default_factory=dict)
    if_revealed: str | None = Field(None, description="Only when this card id is revealed.")


class StepBase(Strict):
    """Fields every step has."""

    id: str = Field(pattern=_ID, description="Address purpose: lower-case letters, digits, -.")
    label: str
    when: str | None = Field(None, description="Player-count condition, e.g. '>= 3'.")
    modes: list[str] | None = Field(None, min_length=1, description=(
        "Only in these game modes (variant names), never in the base game; default: always."))
    note: str = ""


class PerCard(Strict):
    """One roll per card of an earlier shuffle that passes ``where``, in deck order."""

    source: str = Field(alias="from", description="Id of an earlier shuffle step.")
    where: dict[str, Any] = Field(default_factory=dict)


class RollStep(StepBase):
    """Roll dice for the table or for each player, optionally a pool of several rolls."""

    kind: Literal["roll"]
    dice: list[str] = Field(min_length=1)
    scope: Literal["table", "each-player"] = "table"
    pool: ByPlayers = Field(1, description="Rolls pre-made per scope (first roll + re-rolls).")
    reroll_while: RerollRule | None = None
    rounds: list[int] | None = Field(None, description="Only these rounds (default: all).")
    balanced: bool = Field(False, description="May come from a 36-card dice deck (--balanced).")
    total: bool = Field(False, description="Show the sum of numeric faces.")
    per_card: PerCard | None = Field(None, description=(
        "One roll per matching card of a shuffle, in its order (replaces pool); the event "
        "names the cards, e.g. one offering roll per offering Creature."))


class ShuffleStep(StepBase):
    """Shuffle a deck read from a component YAML (or from a literal list of items)."""

    kind: Literal["shuffle"]
    deck: str | None = Field(None, description="Component name: data/<game>/<deck>.yaml.")
    items: list[str] | None = Field(None, description="Literal items instead of a deck.")
    where: dict[str, Any] = Field(default_factory=dict)
    piles: Piles | None = None
    reveal: ByPlayers = Field(0, description="How many top cards are turned face up.")
    show: Union[str, list[str]] = Field(
        "{name}", description="Card label: {field} placeholders over the card's fields ({{ and "
        "}} are braces); a list means the first pattern whose fields are all present and not "
        "empty.")
    reserve: list[Reserve] = Field(default_factory=list)

    @field_validator("show")
    @classmethod
    def _plain_fields(cls, value):
        for pattern in [value] if isinstance(value, str) else value:
            pattern_fields(pattern)  # a ValueError names the stray brace
        return value

    bottom: list[str] = Field(default_factory=list, description="Card ids put under the "
                              "shuffled deck, in this order, whatever `where` says.")
    full_order: bool = Field(True, description="List the whole deck order, not just reveals.")
    refill_orders: ByPlayers = Field(0, description=(
        "Orders for refilling the deck from its discard pile when it runs out at a moment "
        "play decides (0 to 9, or a count per player count): each a fresh shuffle of the "
        "whole deck; stack the discard pile in that order, skipping cards that are not in "
        "it."))


class DealStep(StepBase):
    """Each round deal cards from a shuffled deck; discards are reshuffled when it runs out."""

    kind: Literal["deal"]
    source: str = Field(alias="from", description="Id of the setup shuffle to deal from.")
    per_player: ByPlayers
    face_down: ByPlayers = Field(0, description="The last cards of each hand dealt face "
                                 "down.")
    reshuffle: Literal["discards", "never"] = "discards"


class FirstPlayerStep(StepBase):
    """Pick the first player at random; it passes clockwise, or moves by the rules.

    With ``rotate`` every round names its first player; without it the rounds say
    "start player: by the rules" (an action of the game moves the marker).
    """

    kind: Literal["first-player"]
    rotate: bool = False


class PauseStep(StepBase):
    """A line that tells the table to stop and act before reading on (nothing random)."""

    kind: Literal["pause"]


class TeamsStep(StepBase):
    """Split the seats into two coloured teams at random and give the draft order."""

    kind: Literal["teams"]
    colours: list[str] = Field(min_length=2, max_length=2)
    draft_first: str


Step = Annotated[
    Union[RollStep, ShuffleStep, DealStep, FirstPlayerStep, TeamsStep, PauseStep],
    Field(discriminator="kind"),
]


class Variant(Strict):
    """A game mode that changes a few steps, e.g. Roll & Raid's Destination: Paris."""

    title: str = Field(description="Shown after the game's name on every script.")
    note: str = Field("", description="What the mode changes, for readers of dice.yaml.")
    players: PlayerRange | None = Field(None, description="Player counts of this mode.")
    rounds: int | None = Field(None, ge=0, le=1000,
                               description="Rounds scripted in this mode (default: the game's).")
    steps: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Step id -> the fields this mode replaces.")


class SheetLook(Strict):
    """How the game's printed roll sheet looks: its colours and the art of its title band."""

    accent: str = Field("ink", description="Colour of the title band, the round bars and the "
                        "seat chips: a name from game.yaml colors: (or the shared palette), or "
                        "#rrggbb.")
    ornament: str = Field("gold", description="Colour of the rule under the title band.")
    scene: str | None = Field(None, pattern=_ID, description="A scene of templates/art/scenes "
                              "(e.g. hall) drawn in the title band; default none.")
    scene_tint: str = Field("white", description="The colour the scene is tinted with (its "
                            "white takes the tint).")
    columns: int = Field(0, ge=0, le=3, description="Columns of slips on the print pack's "
                         "roll sheet at the least (0: as many as the widest slip's rows allow); "
                         "a row too wide for its column wraps, its words over its dice.")
    die_size: float | None = Field(None, ge=14, le=40, description=(
        "The printed dice's size in points, for every roll of the sheet (a die of pictures "
        "keeps 34 at the least); default none: the sheet picks the largest of 40, 36, 33 and "
        "30 that costs no page. A game of many rolls a round takes a smaller one."))
    numerals: bool = Field(False, description=(
        "Draw each face of a numbered die as its numeral, not as pips (the printable dice "
        "keep their pips): a numeral stays legible on the smaller dice of a sheet of many "
        "rolls."))


class DiceFile(Strict):
    """The whole dice.yaml of one game."""

    name: str | None = Field(None, description="Game name in scripts (default: the game id).")
    players: PlayerRange
    rounds: int = Field(ge=0, description="Rounds scripted after setup (0: setup only).")
    round_label: str = "Round"
    round_titles: dict[int, str] = Field(default_factory=dict)
    dice: dict[str, Die] = Field(default_factory=dict)
    setup: list[Step] = Field(default_factory=list)
    each_round: list[Step] = Field(default_factory=list)
    variants: dict[str, Variant] = Field(default_factory=dict,
                                         description="Game modes: --variant NAME.")
    sheet: SheetLook = Field(default_factory=SheetLook, description="The look of the printed "
                             "roll sheet (the game's colours and title art).")
    mode_title: str = Field("", description="Set by a variant: its title (not written by hand).")
    mode_note: str = Field("", description="Set by a variant: its note (not written by hand).")
