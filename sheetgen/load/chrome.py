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
    "Players", "{pieces} (print {copies}×)",
    "N", "E", "S", "W",
    "How to print",
    "Setup", "Round", "start player: by the rules", "Table", "Seat {n}", "re-rolled", "order",
    "draft order", "first player", ", balanced dice decks", "{n} player", "{n} players",
    "{pieces} per player",
    "{game}: roll sheet for {players}{mode}", "Game mode: {note}",
    "algorithm {algorithm}", "seed commitment (SHA-256 of the secret): {commitment}",
    "script digest: {digest}",
    # the roll sheet's PDF (dice/formats/as_pdf.py) and the ready roll sheets of a guide
    '{title}, continued',
    '(nothing to roll)',
    'Seed: {seed}',
    'Check: SHA-256 of the secret equals the commitment on the strip before.',
    "Rolled in advance: read your seat's row instead of rolling. Keep the strips below the "
    "fold line folded under (or cut off) until what they hold is revealed.",
    "Rolled in advance: read the table's rolls in order instead of rolling. Keep the strips "
    "below the fold line folded under (or cut off) until what they hold is revealed.",
    "Shuffle and deal the cards as usual; this sheet replaces only the dice.",
    "Roll sheet · {players}", "Hidden: fold under or cut off", "on the hidden strip",
    # the print pack's roll sheet of cut-apart slips (dice/formats/as_slips.py)
    "Cut the slips apart and stack them face down, {first} on top and the rest in order; "
    "turn the next one over when play reaches it.",
    "Fold a tab's cover over it, then the tab under; open it when the words above it say so.",
    "A numbered row is that seat's dice, a row marked {table} everyone's; tick a roll's box "
    "when it is used.",
    "A numbered row is that seat's dice; tick a roll's box when it is used.",
    "Every roll is the whole table's; tick its box when it is used.",
    "Every roll is yours; tick its box when it is used.",
    "fold under", "fold over", "cover",
    "Refill orders are not printed: when a deck runs out, shuffle its discard pile.",
    "Seed (reveal after the game)",
    'For checking',
    'cut or fold here',
    "{name}: {rolls} rolled", "(fair {expected})", "digest {digest}",
    'page {page}',
    'Roll sheets',
    'files, one per player count ({players})',
    "Optional: print only your player count's.",
    # the key under a guide's copies table (generate/print_guide.py)
    "{n} per player", "{n} per game", "a full set per player", "{n} more at {players}",
    "{n} fewer at {players}",
    "file {n}",
    'paper',
    "{name} stack", "Stacks by {by}, each shuffled alone, top first ({sizes}).",
    "Piles by {by}, each shuffled alone, first on top ({sizes}).", "face up",
    "deck ran out dealing to seat {seat}: discards reshuffled", "no cards left",
    "seat {seat}", "seat {seat} face down",
    "dealt from the top; the deck continues with card {n} of its order",
    "{colour} #{k} (seat {seat})", "#{k}: seat {seat}",
    "card", "cards", "token", "tokens", "sheet", "sheets", "die", "dice", "board",
    "board side", "board sides", "item", "items",
    "{w} x {h} mm trimmed",
    "{size}, like every side of this board (hexes centred), so the sides back each other",
    "{name}: page map ({rows} x {cols} tiles, {orientation} pages)",
    "landscape",
    "portrait",
    "Print the {count} tile pages at 100 % (no 'fit to page'). Each tile shows its row (R) "
    "and column (C); this map shows where it goes.",
    "When dry, trim the board along the corner crop marks; glue it to card if you like.",
    "GLUE · {tile} on top",
    "CUT HERE",
    "{name} · tile {label}: row {row} of {rows}, column {col} of {cols}",
    "left edges from column 2 on",
    "top edges from row 2 on",
    "Cut along the CUT edges, ruler on the ticks in the margins: {edges}; R1·C1 has none. Do "
    "not cut the grey GLUE strips.",
    "R1·C2 over R1·C1",
    ", then ",
    "row 2 over row 1",
    "{title} · page {page} of {pages}",
    "Make {total} {dice}, {how}: {counts}.", "The faces of {total} {dice}: {counts}.",
    "each from its net or its stickers", "each from its net",
    "with the stickers on {size} mm blank dice",
    "{name}: {size} mm cube", "{name}: stickers for a {size} mm blank die",
    "Spread glue on a grey strip and lay the next tile over it: {order}. Line up the artwork "
    "across the seam, and the half-diamonds in the margins beside every seam.",
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
    return chrome_in(_language[0], text, **fields)


def chrome_in(code: str | None, text: str, **fields) -> str:
    """Return one chrome text in language ``code`` (None: the source), ``{fields}`` filled."""
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
