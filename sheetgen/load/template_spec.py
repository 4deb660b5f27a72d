"""The shape of a template file (``templates/<name>.yaml``), for the reference and JSON Schema.

:mod:`sheetgen.load.templates` reads and resolves templates; this model names and describes the
keys it accepts, so the reference, the schema and the loader agree on one list.
"""


from typing import Any, Literal

from pydantic import Field, field_validator

from .model import Strict
from ..base.units import DEFAULT_BLEED

STAMP_CORNERS = ("lower-left", "lower-right", "upper-left", "upper-right")
LENGTH_HELP = "a length: 63.5mm, 2.5in, 180pt, or a bare number of mm"


class FlowSpec(Strict):
    """How a card too full for its front goes on onto a further card (``flow:``)."""

    list: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description=(
        "The field holding the list the card's text is made of (rulings): the entries that do "
        "not fit go on a further card, right after it, in order."))
    count_on: str | None = Field(None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description=(
        "A number field the further card adds the entries left behind to (first: its first "
        "ruling's number), so numbering goes on."))
    mark: str = Field("continued", pattern=r"^[A-Za-z_][A-Za-z0-9_]*$", description=(
        "The field set to true on a further card (the template can print 'continued')."))


class TemplateSpec(Strict):
    """``templates/<name>.yaml``: the size of a face and the elements drawn on it."""

    description: str = Field("", description="What the template draws (for people; not printed).")
    extends: str | None = Field(None, description=(
        "Start from another template: its size, fields and elements come first; an element "
        "here with the same id replaces the parent's in place, also inside a stack or grid."))
    size: str | None = Field(None, description=(
        "A named face size (poker, tarot, a5...; see the size names); or give width and height."))
    width: str | float | None = Field(None, description=f"Face width, {LENGTH_HELP}.")
    height: str | float | None = Field(None, description=f"Face height, {LENGTH_HELP}.")
    bleed: str | float | None = Field(None, description=(
        f"Art beyond the trim on every side, {LENGTH_HELP}; default {DEFAULT_BLEED} (1/8 in)."))
    stamp_corner: Literal[STAMP_CORNERS] | None = Field(None, description=(
        "Where a playtest variant's stamp goes on a changed face: lower-left (the default), "
        "lower-right, upper-left or upper-right; inherited through extends."))
    flow: FlowSpec | None = Field(None, description=(
        "A card whose front does not fit (a longer language, a long entry) goes on onto a "
        "further card: {list: rulings, count_on: first, mark: continued} keeps on the card "
        "the most entries of the list that fit and gives the rest to a card printed right "
        "after it; inherited through extends."))
    fields: dict[str, Any] = Field(default_factory=dict, description=(
        "Default values of item fields the elements use (`{{ name }}`); an item's own wins."))
    remove: list[str] = Field(default_factory=list, description=(
        "Ids of the parent template's elements to drop (with extends)."))
    elements: list[dict[str, Any]] = Field(default_factory=list, description=(
        "What is drawn, in order (later elements on top): each a mapping with a type; "
        "values may hold Jinja such as \"{{ name }}\" (an item's fields), \"{{ game.name }}\", "
        "\"{{ credits }}\", \"{{ component.title }}\", and \"{{ ruling('T7') }}\" (the text of "
        "the game's ruling T7; ruling(code, 'topic') or ruling(code, 'both'))."))

    @field_validator("size", mode="before")
    @classmethod
    def _size_is_a_name(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple, dict)):
            raise ValueError(f"expected a size name (poker, a5...), got {value!r}; for another "
                             "size give width: and height: instead")
        return value


TEMPLATE_KEYS = frozenset(TemplateSpec.model_fields)
