"""A deck for the dice engine, read by the renderer's own loader (one reader of every file).

``read_deck`` loads ``<component>.yaml`` with :func:`sheetgen.load.loading.load_component`, the
function ``sheetgen build`` uses: the same validation, ``defaults:`` (``count`` included),
``items_from:`` (generators and spreadsheets), ids (given, or :func:`sheetgen.load.model.slugify`
of the ``name`` or ``title``) and counts. So a script shuffles exactly the cards that are
printed. The loader never imports ReportLab.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.errors import ProblemList, user_error
from ..load.loading import load_component
from ..load.model import slugify
from ..load.project import Project, user_path
from ..load.templates import TemplateBook
from ..load.variant_changes import apply_changes
from ..load.variants import load_variant
from ..load.yamlload import line_of

__all__ = ["Card", "read_deck", "slugify"]


@dataclass(frozen=True)
class Card:
    """One physical card; copies of an item share id and fields but differ in ``copy``."""

    id: str
    name: str
    order: int
    copy: int = 1
    fields: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    line: int = field(default=0, compare=False, hash=False)


def read_deck(game_dir: Path, component: str, variant: str | None = None,
              where: tuple[str | Path, int] | None = None, edition=None
              ) -> tuple[Path, list[Card]]:
    """Return the path and the cards (copies expanded, file order) of ``<component>.yaml``.

    With ``variant``, the deck as that playtest variant changes it (``variants/<name>.yaml``).

    A card's ``name`` is its ``name`` field, else its ``title``, else its id; its fields are
    the component's defaults under the item's own (``count`` aside). With ``edition``, the
    deck's texts are read in that edition (ids and order are the same in every edition).
    """
    path = user_path(game_dir, component, where or (game_dir, 0), "deck", ".yaml")
    if not path.is_file():
        raise user_error(path, 0, f"deck {component!r} not found: dice.yaml names a component "
                                  f"that has no file {path.name} in {game_dir.name}/")
    problems = ProblemList()
    project = Project.at(game_dir.parent.parent)
    loaded = load_component(project, path, component, problems, edition)
    problems.raise_if_any()
    source = loaded.model.items_from
    if source is not None and source.generator is not None:
        raise user_error(path, line_of(loaded.raw, ("items_from",)),
                         f"deck {component!r} is computed by generator {source.generator!r}; "
                         "a dice.yaml deck lists its cards (items:, or a csv or xlsx table)")
    if variant is not None:
        apply_changes(loaded, load_variant(game_dir, variant), TemplateBook(project), problems)
        problems.raise_if_any()
    model = loaded.model
    cards: list[Card] = []
    for index, item in enumerate(model.items):
        fields = {k: v for k, v in {**model.defaults, **item.fields()}.items() if k != "count"}
        name = str(fields.get("name") or fields.get("title") or item.id)
        line = loaded.item_where(index)[1]
        for copy in range(1, item.count + 1):
            cards.append(Card(item.id, name, len(cards), copy, fields, line))
    return path, cards
