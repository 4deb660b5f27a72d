"""The data model of every component kind: its YAML keys and the layout families it supports.

This is the load side of a kind (validated by the loader, documented by ``sheetgen
reference`` and the JSON Schema); its prepare, check and render live in ``components/``, which
fills in a layout table with the families named here (``layouts``). The profile loader refuses
a profile that gives a kind a family it does not name.
"""


from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, Field, field_validator

from .model import ComponentBase, SizeText, Strict
from ..base.units import DEFAULT_BLEED, to_points

MODELS: dict[str, type[ComponentBase]] = {}
MAX_DIE_COPIES = 200  # copies of one printable die


def register_model(cls: type[ComponentBase]) -> type[ComponentBase]:
    """Add a kind's model to the registry under its ``kind`` literal; it must name its
    layout families."""
    if not getattr(cls, "layouts", None):
        raise TypeError(f"{cls.__name__} must name its layout families (layouts = (...))")
    MODELS[cls.model_fields["kind"].default] = cls
    return cls


def component_models() -> dict[str, type[ComponentBase]]:
    """Return the model of every component kind by name."""
    return MODELS


def _length(value: Any) -> Any:
    to_points(value)
    return value


def card_gap(value: Any) -> Any:
    """Check a ``gap:`` between cards: None, ``auto`` or a length of 0 or more."""
    if value is None or value == "auto":
        return value
    if to_points(value) < 0:
        raise ValueError("gap must be auto or a length of 0 or more")
    return value


@register_model
class CardsModel(ComponentBase):
    """A deck: every item is one card (``count`` copies), drawn from the front template."""

    kind: Literal["cards"] = "cards"
    front: str = Field(description="Template name of the card fronts.")
    back: str | None = Field(None, description="Template name of the backs; it may use each "
                             "card's fields (per-card backs) or none (one shared back).")
    row_filler: str | None = Field(
        None, max_length=64, description="Id of an item printed only where it completes the "
        "last row of a grid or gutterfold page (as many copies as needed, up to its count); "
        "never in one-per-page files; the print guide counts the copies the A4 file prints.")
    gap: str | None = Field(
        None, description="Space between cards on grid and gutterfold pages, each card's bleed "
        "filling its half (cut on each card's own marks: two cuts per gap): auto (the largest "
        "that keeps the cards a page holds, up to twice the bleed; none under 1 mm, too narrow "
        "to cut in: the cards abut) or a length (0: cards abut, "
        "one cut serving two). Default: the profile's (auto for a4, letter and gutterfold).")
    layouts: ClassVar[tuple[str, ...]] = ("grid", "gutterfold", "one-per-page")

    _card_gap = field_validator("gap")(lambda value: card_gap(value))
    content_unit: ClassVar[str] = "cards"

    def contents(self) -> tuple[int, str]:
        """Return the pieces this deck prints, the row filler left out (the print guide adds
        the copies of it a page prints: sheetgen.generate.games.piece_counts)."""
        count, unit = super().contents()
        return count - self.filler_count(), unit

    def filler_count(self) -> int:
        """Return how many copies of the row filler the deck holds (0 without one)."""
        return sum(i.count for i in self.items if i.id == self.row_filler)


@register_model
class SheetModel(ComponentBase):
    """A roll-and-write sheet (score sheet, play sheet, legend) printed as a pad."""

    kind: Literal["sheet"] = "sheet"
    template: str = Field(description="Template name of the sheet's layout.")
    copies: int = Field(1, ge=1, le=1000,
                        description="Sheets in the pad unless --copies says otherwise.")
    glue_edge: Literal["top", "bottom", "left", "right", "none"] = Field(
        "top", description="Edge where the pad is glued (kept clear of art).")
    glue_strip: str = Field("8mm", description="Width of the clear strip at the glued edge.")
    layouts: ClassVar[tuple[str, ...]] = ("grid", "one-per-page")
    takes_copies: ClassVar[bool] = True

    _strip = field_validator("glue_strip")(_length)

    def contents(self) -> tuple[int, str]:
        """Return the sheets of the pad (``copies`` of every sheet)."""
        return (self.copies * max(1, sum(item.count for item in self.items)),
                self.pieces_called or "sheets")

    def strip(self) -> float:
        """Return the glue strip width in points (0 with no glue edge)."""
        return 0.0 if self.glue_edge == "none" else to_points(self.glue_strip)


@register_model
class TokensModel(CardsModel):
    """Tokens: every item is one token kind (``count`` copies) drawn from the templates."""

    kind: Literal["tokens"] = "tokens"
    shape: Literal["round", "square", "hex"] = Field("round", description="How tokens are cut.")
    gap: str | None = Field(None, description="Space between tokens on the sheet; default 3mm "
                            "for round and hex tokens, 0 for square ones (shared cuts).")
    layouts: ClassVar[tuple[str, ...]] = ("grid", "one-per-page")
    content_unit: ClassVar[str] = "tokens"

    @field_validator("gap")
    @classmethod
    def _gap(cls, value):
        if value is not None and to_points(value) < 0:
            raise ValueError("gap must be 0 or more")
        return value

    def gap_points(self) -> float:
        """Return the gap between tokens in points."""
        if self.gap is not None:
            return to_points(self.gap)
        return 0.0 if self.shape == "square" else to_points("3mm")


class BoardSide(Strict):
    """One side of the board: a template and its fields, or a title, caption and hex keys."""

    model_config = ConfigDict(extra="allow", defer_build=True)

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", description="Side id (file labels).")
    title: str = Field("", description="Printed in the band above the hexes (a template "
                       "side gets it as the field `title`).")
    caption: str = Field("", description="One line printed under the hexes (a template side "
                         "gets it as the field `caption`).")
    template: str | None = Field(None, description="Template that draws the whole side; its "
                                 "size is the board's size.")
    fields: dict[str, Any] = Field(default_factory=dict, description="Fields the template "
                                   "uses (with the component's defaults).")
    art: list[dict[str, Any]] = Field(default_factory=list, description="A hex side's own "
                                      "illustration: elements (any type, placed on the side's "
                                      "trimmed face) drawn over the board's backdrop and under "
                                      "the hexes, on this side only.")


@register_model
class BoardModel(ComponentBase):
    """A hex board; every side shares ``every_side`` and adds its own hex_board keys."""

    kind: Literal["board"] = "board"
    sides: list[BoardSide] = Field(description="The board's sides (1 or 2).", min_length=1)
    every_side: dict[str, Any] = Field(default_factory=dict, description="hex_board keys every "
                                       "side gets unless it sets them (hex_size, players...).")
    margin: str = Field("10mm", description="From the outermost hexes to the trim.")
    title_height: str = Field("14mm", description="Height of the title band (0 for none).")
    caption_height: str = Field("8mm", description="Height of the caption band, if any.")
    background: str = Field("paper", description="Colour of the board around the hexes.")
    frame: str = Field("gold", description="Colour of the frame line inside the trim.")
    title_color: str = Field("ink", description="Colour of the title and caption.")
    backdrop: str | None = Field(None, description="Template drawn under the hexes of every "
                                 "hex side instead of background, frame, title and caption "
                                 "(it gets the fields side, title and caption); its width and "
                                 "height are the board's size, the hexes centred between the "
                                 "title and caption bands.")
    bleed: str = Field(DEFAULT_BLEED, description="Bleed around each side for pod.")
    overlap: str = Field("10mm", description="Overlap (glue) strip between tiles at home.")
    size: tuple[str, str] | None = Field(None, description="Trimmed width and height every "
                                         "side prints at, hexes centred; default: the largest "
                                         "side's size, so two sides back each other.")
    shift: tuple[str, str] = Field(("0mm", "0mm"), description="Move every side's hexes this "
                                   "far right and down from the centre (negative: left, up), "
                                   "e.g. half a hex so that no hex name sits on the glue seam "
                                   "of a tiled print.")
    seams: list[str] = Field([], max_length=9, description="Where the vertical glue seams "
                             "of a tiled print fall, from the trimmed left edge (one length "
                             "per inner seam), e.g. clear of start hexes; used when the "
                             "profile tiles the board in that many columns plus one and "
                             "every tile still fits its page, else the tiles are equal.")
    pod_max: tuple[str, str] | None = Field(None, description="Largest page (with bleed) a "
                                            "one-per-page profile may produce, either way "
                                            "round; default: the profile's page_limit.")
    model_config = ConfigDict(extra="forbid", defer_build=True)
    layouts: ClassVar[tuple[str, ...]] = ("tiled", "one-per-page")

    def contents(self) -> tuple[int, str]:
        """Return one board (its sides print on one sheet each, or tiled)."""
        return 1, self.pieces_called or "boards"

    _lengths = field_validator("margin", "title_height", "caption_height", "bleed",
                               "overlap")(_length)

    @field_validator("size", "pod_max", "shift", "seams")
    @classmethod
    def _length_pair(cls, value):
        for v in value or ():
            to_points(v)
        return value


@register_model
class DiceModel(CardsModel):
    """Dice to make at home: every six items (one die's faces) become one die."""

    kind: Literal["dice"] = "dice"
    front: str = Field("die-face", description="Template of one face (square).")
    nets: list[SizeText] = Field(["16mm", "20mm"], max_length=10, description="Cube sizes "
                                 "of the fold-and-glue nets; empty for none.")
    blank: SizeText = Field("16mm", description="Size of the blank dice the stickers are for.")
    sticker: SizeText | None = Field("13mm", description="Sticker size (a blank die's flat face); "
                                     "null for no stickers.")
    reference: str | None = Field("Dice faces", description="Title of the reference card of "
                                  "every die's faces; null for none.")
    copies: dict[str, int] = Field({}, max_length=100, description="How many of a die "
                                   "(its dice.yaml id) to print, as nets and as sticker rows, "
                                   "so a table has every die it needs; a die not named prints "
                                   "once.")
    heading: str | None = Field(None, max_length=120, description="Title atop every page "
                                "(say which table the dice serve: 'Every die a 5-player game "
                                "needs'); a line under it counts the dice to make. Default: "
                                "the title.")
    gap: None = Field(None, description="Not for dice: their pages place nets and stickers "
                      "by their own sizes.")
    # one-per-page: Tabletop Simulator's tts profile (a texture per die), or a face a page
    layouts: ClassVar[tuple[str, ...]] = ("grid", "one-per-page")

    @field_validator("copies")
    @classmethod
    def _copies_in_range(cls, value: dict[str, int]) -> dict[str, int]:
        bad = next((k for k, n in value.items() if not 1 <= n <= MAX_DIE_COPIES), None)
        if bad is not None:
            raise ValueError(f"copies of {bad!r}: between 1 and {MAX_DIE_COPIES}")
        return value

    def contents(self) -> tuple[int, str]:
        """Return the dice to make: each die (six faces) times its ``copies``."""
        items = [item.fields() for item in self.items for _ in range(item.count)]
        return sum(self.copies.get(items[k].get("die", ""), 1)
                   for k in range(0, len(items), 6)), self.pieces_called or "dice"

    def folded(self) -> bool:
        """Return whether these dice are folded: they print nets (unless ``folds`` says)."""
        return bool(self.nets) if self.folds is None else self.folds
