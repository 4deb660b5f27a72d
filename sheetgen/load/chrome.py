"""The page chrome in the edition's language: the words sheetgen itself prints around a game's
faces (page footers, the variant stamp, the page number), looked up in sheetgen's own catalog
``sheetgen/locale/CODE.po`` by one gettext-like function, :func:`chrome`.

A build sets the language once (:func:`use_language`) before it imposes anything; the forked
workers inherit it. Without a catalog for the language the source text prints, and the
``qps`` pseudo-edition pseudo-translates it like the game's own texts.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from sheetgen.base.errors import ProblemList

from .catalogs import read_catalog
from .strings import QPS, pseudo

LOCALE = Path(__file__).resolve().parent.parent / "locale"
# every text chrome() is asked for, so `sheetgen translate` and the tests know them all
CHROME = (
    "page {page}/{pages}",
    "fronts",
    "backs (print {duplex} duplex)",
    "long-edge",
    "short-edge",
    "{count} tokens",
    "gutterfold",
    "fold here, glue, then cut",
    "page map",
    "tile {label}",
    "Board",
    "Side {label}",
    "VARIANT {name} · {digest}",
)
_language: list[str | None] = [None]


def use_language(code: str | None) -> None:
    """Print the chrome of the builds that follow in ``code`` (None: the source, English)."""
    _language[0] = code


def language() -> str | None:
    """Return the language the chrome is printed in (None: the source)."""
    return _language[0]


def chrome(text: str, **fields) -> str:
    """Return one chrome text in the current language, its ``{fields}`` filled in."""
    code = _language[0]
    if code == QPS:
        text = pseudo(text)
    elif code is not None:
        text = _catalog(code).get(text) or text
    return text.format(**fields) if fields else text


@lru_cache(maxsize=None)
def _catalog(code: str) -> dict[str, str]:
    """Return sheetgen's chrome translations for ``code`` (empty when it has none)."""
    problems = ProblemList()
    catalog = read_catalog(LOCALE / f"{code}.po", problems)
    problems.raise_if_any()
    return {k: v for k in catalog.entries if (v := catalog.translation(k))}
