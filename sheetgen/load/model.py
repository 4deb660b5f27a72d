"""The typed model of a game: ``game.yaml`` and the fields every component file shares.

Each component kind (cards, sheet, board, tokens...) extends :class:`ComponentBase` in its own
module under ``sheetgen/impose/components/``. Field descriptions double as the format reference.
"""


import re
import unicodedata
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from ..base.limits import MAX_COUNT, MAX_ID
from ..base.units import to_points

KEBAB = r"^[a-z0-9]+(-[a-z0-9]+)*$"


def slugify(text: str) -> str:
    """Return a stable kebab-case id for a name: ``Þórr's Hammer`` → ``thorr-s-hammer``."""
    text = str(text).replace("Þ", "Th").replace("þ", "th").replace("Ð", "D").replace("ð", "d")
    text = text.replace("Æ", "Ae").replace("æ", "ae").replace("Ø", "O").replace("ø", "o")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def derived_id(name: object) -> str:
    """Return the id an item without ``id:`` takes from its name: the slug cut to ``MAX_ID``
    characters, no trailing ``-``; ``""`` when the name has no letter or digit to keep
    (``ᚠᚢᚦ``), which the loaders refuse (the item needs its own ``id:``)."""
    return slugify(name)[:MAX_ID].rstrip("-")


def no_id_message(name: object) -> str:
    """Return the message for an item whose name gives no id."""
    return (f"the name {str(name)[:80]!r} gives no id (no letter or digit a-z, 0-9 once "
            "accents are dropped): give the item its own 'id:'")


def _hex(value: str) -> str:
    if not re.match(r"^#[0-9a-fA-F]{6}$", str(value)):
        raise ValueError(f"expected a colour as #rrggbb, got {value!r}")
    return value


HexColor = Annotated[str, AfterValidator(_hex)]


def _size(value: str) -> str:

    if to_points(value) <= 0:
        raise ValueError(f"{value} must be larger than 0")
    return value


# A size written as text (16mm, 0.5in), checked when the file is read, kept as written.
SizeText = Annotated[str, AfterValidator(_size)]


class Strict(BaseModel):
    """Base for every YAML-facing model: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class PlayerRange(Strict):
    """How many players the game takes."""

    min: int = Field(ge=1, description="Fewest players.")
    max: int = Field(ge=1, description="Most players.")


class GameTextRule(BaseModel):
    """``min_game_text:`` the smallest game text (footers, credits, card numbers and slugs
    excepted; sheetgen/checks/game_text.py): ``true`` (7 pt, 1.7 mm), ``false`` (off), or
    ``{size: 7, glyph_height: 1.7mm}``."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    on: bool = Field(True, description="Whether game text is checked.")
    size: float = Field(7.0, gt=0, description="Smallest game text (pt).")
    glyph_height: str = Field("1.7mm", description="Smallest height of capitals (and of the "
                              "figures of a number), measured from the font's outlines.")

    @model_validator(mode="after")
    def _height(self):
        to_points(self.glyph_height)
        return self

    @property
    def glyph_height_pt(self) -> float:
        """The smallest glyph height in points."""
        return to_points(self.glyph_height)


def _role_rule(size: float, height: str, what: str):
    return Field(default_factory=lambda: GameTextRule(size=size, glyph_height=height),
                 description=f"{what}: {size:g} pt, capitals {height} tall by default.")


class RoleTextRules(BaseModel):
    """``role_text:`` the smallest text of each reading role an element can say it has
    (``role: rules|board|ladder|note``; sheetgen/checks/game_text.py): ``true`` (the
    defaults below), ``false`` (off), or a mapping that changes some roles, e.g.
    ``{board: {size: 10, glyph_height: 2mm}}``."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    on: bool = Field(True, description="Whether text with a reading role is checked.")
    rules: GameTextRule = _role_rule(8, "1.9mm", "Rules read during play")
    board: GameTextRule = _role_rule(9, "1.9mm", "Text on a board, read across the table")
    ladder: GameTextRule = _role_rule(8, "1.7mm", "A set or score ladder on a card")
    note: GameTextRule = _role_rule(7, "1.7mm", "Notes and references")


class PrintChecks(BaseModel):
    """``print_checks:`` in game.yaml: ``enforce`` (default) or ``warn``, and the limits."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    mode: Literal["enforce", "warn"] = Field(
        "enforce", description="enforce: a failed check stops the build (exit 2). warn: report "
        "every failure but build anyway (early drafts).")
    min_text_size: float = Field(6.0, gt=0, description="Smallest text (pt) after shrink-to-fit.")
    min_stroke: float = Field(0.25, gt=0, description="Thinnest line (pt).")
    safe_area: str = Field("3mm", description="Text and icons stay this far inside the trim "
                           "unless their element says bleed_art: true.")
    min_game_text: GameTextRule | bool = Field(
        default_factory=GameTextRule, description="Game text at arm's length: 7 pt and capitals "
        "and figures 1.7 mm tall; elements with role footer, credit, number or slug are exempt "
        "(they keep min_text_size). false turns it off while a game's layout is redone.")

    writing_ink: float = Field(
        0.25, gt=0, le=1, description="Most ink an icon may put on its square inside a writing "
        "space (an element with writing_space: true): the share of the square its picture "
        "covers times its colour's darkness, so a pencil X reads over it. 1 turns it off.")
    seams: bool = Field(
        False, description="true: no text may cross the glue seam of a board tiled over home "
        "pages (a4, letter), since a word cut in two rarely meets again; each finding names "
        "the element, its text and the seam. Off by default until every shipped game passes.")
    role_text: RoleTextRules | bool = Field(
        default_factory=RoleTextRules, description="Text by reading role (an element's "
        "`role:`): rules read during play 8 pt with capitals 1.9 mm, board text 9 pt, set and "
        "score ladders on cards 8 pt, notes and references 7 pt. false turns it off; a mapping "
        "changes a role's minimum: {board: {size: 10}}.")

    @field_validator("min_game_text", mode="after")
    @classmethod
    def _game_text_switch(cls, value: Any) -> GameTextRule:
        return GameTextRule(on=value) if isinstance(value, bool) else value

    @field_validator("role_text", mode="after")
    @classmethod
    def _role_text_switch(cls, value: Any) -> RoleTextRules:
        return RoleTextRules(on=value) if isinstance(value, bool) else value

    @model_validator(mode="after")
    def _safe_area(self):
        to_points(self.safe_area)
        return self

    @property
    def safe_area_pt(self) -> float:
        """The safe margin in points."""
        return to_points(self.safe_area)

    @property
    def enforced(self) -> bool:
        """Whether a failure stops the build."""
        return self.mode == "enforce"


# BCP 47: a language, then optionally a script and a region (es, de, pt-BR, zh-Hant-TW)
BCP47 = r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"


class EditionSpec(Strict):
    """One entry of ``editions:`` in game.yaml: a language the game is printed in."""

    code: str = Field(pattern=BCP47, description="The language as a BCP 47 code (es, de, "
                      "pt-BR); its catalog is locale/<code>.po and its outputs carry it in "
                      "their names (raid-cards-es-a4.pdf).")
    title: str = Field(max_length=200, description="The game's name in this edition.")
    fonts: dict[str, str] = Field(default_factory=dict, description="Font roles this edition "
                                  "draws in other fonts: {body: Noto Sans} (a script the "
                                  "game's fonts lack).")
    overrides: dict[str, dict[str, dict[str, Any]]] = Field(
        default_factory=dict, description="Per component, template elements changed in this "
        "edition, as a variant changes them: {raid-cards: {name: {w: 46mm}}} (a wider box, "
        "another art piece).")

    @field_validator("code")
    @classmethod
    def _not_pseudo(cls, code: str) -> str:
        if code == "qps":
            raise ValueError("qps is the pseudo-edition every game has; do not declare it")
        return code



class SymbolSpec(Strict):
    """One entry of ``symbols:`` in game.yaml: an idea of the game and its one picture."""

    icon: str = Field(min_length=1, max_length=200, description="Its picture: an icon name "
                      "(templates/icons/<name>.svg) or colour art set/name.")
    label: str = Field(min_length=1, max_length=60, description="Its short name in a key "
                       "(Army, Throne room).")
    meaning: str = Field("", max_length=300, description="One line saying what it means in "
                         "play, printed by a legend after the label.")


class GameSpec(Strict):
    """``data/<game>/game.yaml``: the game and the components it prints."""

    id: str = Field(pattern=KEBAB, max_length=MAX_ID,
                    description="Game id users type, e.g. my-game.")
    name: str = Field(description="Display name.")
    description: str = Field("", description="One line about the game.")
    rulebook: str = Field("", description="Where the rules come from.")
    players: PlayerRange | None = Field(None, description="Player count range.")
    colors: dict[str, HexColor] = Field(default_factory=dict,
                                   description="Extra colour names (#rrggbb) for this game.")
    credits: str = Field("", description="Game credits printed with the components.")
    print_checks: PrintChecks | Literal["enforce", "warn"] = Field(
        default_factory=PrintChecks, description="Print checks (text size, lines, contrast, "
        "safe area): enforce (default) or warn for an early draft, or a mapping with mode and "
        "limits (min_text_size, min_stroke, safe_area).")

    @field_validator("print_checks")
    @classmethod
    def _print_checks(cls, value):
        return PrintChecks(mode=value) if isinstance(value, str) else value
    components: list[str] = Field(description="Component ids; each is <id>.yaml beside game.yaml.")
    symbols: dict[str, SymbolSpec] = Field(
        default_factory=dict, max_length=500, description="The game's symbol vocabulary: "
        "name -> {icon, label, meaning}. Templates and text name a symbol as symbol/NAME "
        "(`icon: symbol/army`, `:symbol/army:` in text) instead of an icon file; one picture "
        "per symbol, and each symbol printed is keyed by a legend.")
    symbol_key: str | None = Field(
        None, pattern=KEBAB, description="The component (an aid or reference card) whose "
        "legend keys every symbol of the game; a symbol printed elsewhere needs no legend of "
        "its own there.")

    @field_validator("symbols")
    @classmethod
    def _one_picture_each(cls, symbols: dict) -> dict:
        for name in symbols:
            if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
                raise ValueError(f"symbol name {name!r}: use lowercase letters, figures and -")
        by_picture: dict[str, list[str]] = {}
        for name, symbol in symbols.items():
            by_picture.setdefault(symbol.icon, []).append(name)
        shared = {icon: names for icon, names in by_picture.items() if len(names) > 1}
        if shared:
            icon, names = next(iter(shared.items()))
            raise ValueError(f"symbols {' and '.join(names)} share the picture {icon!r}: one "
                             "picture, one idea (give each its own icon)")
        return symbols

    @model_validator(mode="after")
    def _key_is_a_component(self):
        if self.symbol_key is not None and self.symbol_key not in self.components:
            raise ValueError(f"symbol_key: {self.symbol_key!r} is not one of the components "
                             f"({', '.join(self.components)})")
        return self
    editions: list[EditionSpec] = Field(
        default_factory=list, max_length=100, description="Other languages this game is "
        "printed in (the source language is the default edition); each edition's texts are "
        "in locale/<code>.po (`sheetgen translate`).")

    @field_validator("editions")
    @classmethod
    def _one_each(cls, editions: list) -> list:
        codes = [e.code for e in editions]
        if len(set(codes)) != len(codes):
            raise ValueError("an edition is listed twice")
        return editions

    @field_validator("components")
    @classmethod
    def _kebab(cls, ids: list[str]) -> list[str]:
        for cid in ids:
            if not re.match(KEBAB, cid) or len(cid) > MAX_ID:
                raise ValueError(f"component id {cid[:80]!r} must be kebab-case and at most "
                                 f"{MAX_ID} characters, e.g. raid-cards")
        if len(set(ids)) != len(ids):
            raise ValueError("a component is listed twice")
        return ids


class Item(BaseModel):
    """One card, sheet or token: free fields for the templates, plus ``id`` and ``count``."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    id: str | None = Field(None, pattern=KEBAB, max_length=MAX_ID,
                           description="Stable id; default: from the name.")
    count: int = Field(1, ge=0, le=MAX_COUNT, description="Copies of this item in the component.")

    def fields(self) -> dict[str, Any]:
        """Return every field the templates may use (extra keys, id and count)."""
        return {**(self.model_extra or {}), "id": self.id, "count": self.count}


class ItemsFrom(Strict):
    """Where the items come from instead of ``items:``: a generator, a CSV file or an XLSX sheet."""

    generator: str | None = Field(None, description="Generator name: dice-odds, dice-deck, "
                                     "dice-faces.")
    options: dict[str, Any] = Field(default_factory=dict, description="The generator's options.")
    csv: str | None = Field(None, description=(
        "A CSV file (UTF-8, path from the component file's folder): a header row of field names "
        "(winter.ships nests, shields[] is a list split on ';'), then one item per row."))
    xlsx: str | None = Field(None, description="An Excel .xlsx workbook, read like csv.")
    sheet: str | None = Field(None, description="The worksheet of the xlsx workbook to read.")

    @model_validator(mode="after")
    def _one_source(self) -> "ItemsFrom":
        sources = [k for k in ("generator", "csv", "xlsx") if getattr(self, k) is not None]
        if len(sources) != 1:
            raise ValueError("give exactly one of generator:, csv: or xlsx:")
        if self.xlsx is not None and self.sheet is None:
            raise ValueError("an xlsx workbook needs sheet: (the worksheet's name)")
        if self.sheet is not None and self.xlsx is None:
            raise ValueError("sheet: goes with xlsx:")
        if self.options and self.generator is None:
            raise ValueError("options: go with generator:")
        return self


class FieldType(Strict):
    """What an item field may hold, checked on every item (YAML, spreadsheet, variant)."""

    type: Literal["text", "int", "number", "bool", "list", "mapping"] | None = Field(
        None, description="text, int (a whole number), number, bool, list or mapping; "
        "default: any.")
    min: float | None = Field(None, ge=-1e12, le=1e12,
                              description="Smallest number allowed (int, number).")
    max: float | None = Field(None, ge=-1e12, le=1e12,
                              description="Largest number allowed (int, number).")
    choices: list[Any] | None = Field(None, min_length=1, max_length=1000,
                                      description="The only values allowed.")
    also: list[Any] = Field(default_factory=list, max_length=100, description=(
        "Values allowed besides the type, e.g. [any] for a die face that may be 'any'."))
    required: bool = Field(False, description="Every item must give it (or defaults:).")


class ComponentBase(Strict):
    """What every component file shares; ``kind`` picks the rest of its shape."""

    id: str = Field(pattern=KEBAB, max_length=MAX_ID,
                    description="Component id, the file's name without .yaml.")
    title: str = Field(description="Human title, printed in credits and page headers.")
    kind: str = Field(description="cards, sheet, board or tokens.")
    description: str = Field("", description="What this component is for.")
    profiles: list[str] | None = Field(None, description="Profiles built by default.")
    defaults: dict[str, Any] = Field(default_factory=dict,
                                     description="Fields every item gets unless it sets them.")
    fields: dict[str, FieldType] = Field(
        default_factory=dict, description="Types of item fields, checked on every item: "
        "{die: {type: int, min: 1, max: 6, also: [any]}}.")
    items: list[Item] = Field(default_factory=list, description="The cards, sheets or tokens.")
    items_from: ItemsFrom | None = Field(None, description="Read or compute the items instead "
                                         "of listing them: a CSV or XLSX table, or a generator "
                                         "(exact odds, dice decks).")
    meaning_colors: dict[str, dict[str, str | None]] = Field(
        default_factory=dict, description="Colours that carry meaning, in groups: {group: "
        "{colour: the letter, shape or pattern that also tells it apart, or empty}}. Checked "
        "for protanopia, deuteranopia and tritanopia (sheetgen/checks/colour_blind.py).")
    pieces_called: str | None = Field(
        None, max_length=40, pattern=r"^[a-z][a-z ]*$",
        description="What the print guide calls this component's pieces, in the plural "
        "(tiles, tokens, boards, stickers), for every kind; default by kind: cards, tokens, "
        "sheets, boards, dice.")
    folds: bool | None = Field(
        None, description="Its pieces are folded when made (standees, boxes): the How-to-print "
        "page then shows the fold step. Default: dice with nets fold, nothing else.")
    # declared by each kind's model (component_models.py), read by the profile loader and the
    # build: the layout families it has, and whether --copies sets how many of each item print
    layouts: ClassVar[tuple[str, ...]] = ()
    takes_copies: ClassVar[bool] = False
    # what one printed piece of this kind is called (the print guide's contents checklist)
    content_unit: ClassVar[str] = "items"

    @field_validator("profiles")
    @classmethod
    def _profiles_once(cls, names: list[str] | None) -> list[str] | None:
        if names is not None and len(set(names)) != len(names):
            raise ValueError("a profile is listed twice (each would write the same files)")
        return names

    def contents(self) -> tuple[int, str]:
        """Return how many pieces this component prints and what they are (the print guide's
        contents checklist counts them, so they cannot drift from the data)."""
        return sum(item.count for item in self.items), self.pieces_called or self.content_unit

    def folded(self) -> bool:
        """Return whether this component's pieces are folded when made (``folds``, else the
        kind's default: no)."""
        return bool(self.folds)
