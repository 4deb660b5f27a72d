"""Read a deck from a game's component YAML: just ``items`` (id, name, count and free fields).

The component files belong to the rendering side; this reader is deliberately tolerant: it
needs only a top-level ``items:`` list of mappings (with optional ``defaults:`` every item
inherits), takes ``count`` (default 1) and ``id`` (default: the slugified ``name``), and keeps
every other field for filters and labels.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import user_error
from ..yamlload import load_yaml


@dataclass(frozen=True)
class Card:
    """One physical card; copies of an item share id and fields but differ in ``copy``."""

    id: str
    name: str
    order: int
    copy: int = 1
    fields: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    line: int = field(default=0, compare=False, hash=False)


def slugify(text: str) -> str:
    """Return a lower-case ASCII id: ``'Ask and Embla'`` -> ``'ask-and-embla'``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "card"


def read_deck(game_dir: Path, component: str) -> tuple[Path, list[Card]]:
    """Return the path and the cards (copies expanded, file order) of ``<component>.yaml``."""
    path = game_dir / f"{component}.yaml"
    if not path.is_file():
        raise user_error(path, 0, f"deck {component!r} not found: dice.yaml names a component "
                                  f"that has no file {path.name} in {game_dir.name}/")
    data = load_yaml(path)
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise user_error(path, getattr(data, "line", 0), "expected a top-level 'items:' list")
    defaults = data.get("defaults") if isinstance(data.get("defaults"), dict) else {}
    lines = getattr(items, "item_lines", [0] * len(items))
    cards: list[Card] = []
    for pos, item in enumerate(items):
        line = lines[pos] if pos < len(lines) else 0
        if not isinstance(item, dict):
            raise user_error(path, line, "each item must be a mapping with at least a name")
        name = str(item.get("name") or item.get("location") or item.get("id") or f"card {pos+1}")
        card_id = str(item.get("id") or slugify(name))
        count = item.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise user_error(path, line, f"count must be a whole number >= 0, not {count!r}")
        fields = {k: v for k, v in {**defaults, **item}.items() if k != "count"}
        for copy in range(1, count + 1):
            cards.append(Card(card_id, name, len(cards), copy, fields, line))
    return path, cards
