"""Which print checks each element's text meets at its default sizes: the reference page
"Element defaults and print checks", measured, not kept by hand.

Each element type's sample (the reference's example) is drawn with no text size given, as the
print checks draw a face (:mod:`sheetgen.checks.record`), and every text run it prints is held
to each rule with the checks' own measure (:func:`sheetgen.checks.game_text.game_text_problem`):
the game's smallest text (``min_text_size``), game text (``min_game_text``) and the reading
roles of ``role_text``, at the defaults of a new game's ``print_checks``.
"""

from __future__ import annotations

import copy
import typing

from ..checks.game_text import READING_ROLES, game_text_problem, text_need
from ..checks.probe import Text
from ..checks.record import record
from ..fill.elements import DrawContext, element_types
from ..fill.elements.base import FontSize
from ..fill.faces import Face
from ..load.model import PrintChecks, SymbolSpec

PAGE = (420.0, 595.0)  # an A5 sheet, in points: room for every sample
SIZE_MARK = FontSize.__metadata__[0]  # the validator every text-size field carries
# a game's symbols (game.yaml), for the legend's sample
SYMBOLS = {"army": SymbolSpec(icon="swords", label="Army", meaning="fights"),
           "castle": SymbolSpec(icon="castle", label="Castle", meaning="defends")}


def size_fields(cls) -> list[str]:
    """Return the fields of element class ``cls`` that give a text size in points."""
    found = []
    for name, info in cls.model_fields.items():
        inner = [getattr(arg, "__metadata__", ()) for arg in typing.get_args(info.annotation)]
        if SIZE_MARK in info.metadata or any(SIZE_MARK in meta for meta in inner):
            found.append(name)
    return found


def _texts(cls, fonts, icons) -> list[Text]:
    """Return the text runs ``cls``'s sample prints with no text size given."""
    sample = {k: v for k, v in copy.deepcopy(cls.sample).items() if k not in size_fields(cls)}
    context = {"width": PAGE[0], "height": PAGE[1], "fonts": fonts, "icons": icons,
               "colors": {}, "symbols": SYMBOLS}
    element = cls.model_validate(sample, context=context)
    element.prepare(DrawContext(*PAGE, fonts, icons))
    face = Face(PAGE[0], PAGE[1], 0.0, [element], cls.__name__, cls.__name__)
    normal, _saver = record(face, fonts, icons, cache=None)
    return [mark for drawing in normal for mark in drawing.marks
            if isinstance(mark, Text) and mark.text.strip()]


def _verdict(texts: list[Text], size: float, height: float) -> str:
    """Return "yes", or the first run that fails a rule of ``size`` pt and ``height`` pt."""
    for run in texts:
        if run.size < size - 0.01:
            return f'no: "{run.text}" {run.size:.1f} pt'
        problem = game_text_problem(run.font, run.size, run.text, size, height)
        if problem is not None:
            return f'no: "{run.text}" {run.size:.1f} pt'
    return "yes"


def element_defaults_page(fonts, icons) -> list[str]:
    """Return the Markdown lines of the page: one row per element type that prints text."""
    rules = PrintChecks()
    needs = {"game text": text_need(rules, "game")}
    needs.update({f"`{role}`": text_need(rules, role) for role in READING_ROLES})
    header = ["element", "smallest text (sample)", f"{rules.min_text_size:g} pt minimum",
              *[f"{what} ({need.size:g} pt, {need.height * 25.4 / 72:.2f} mm)"
                for what, need in needs.items()]]
    rows, silent = [], []
    for name, cls in sorted(element_types().items()):
        if name == "image":
            continue  # prints a picture, never text
        texts = _texts(cls, fonts, icons)
        if not texts:
            silent.append(f"`{name}`")
            continue
        small = min(texts, key=lambda run: run.size)
        rows.append([f"`{name}`", f'"{small.text}" {small.size:.1f} pt',
                     _verdict(texts, rules.min_text_size, 0.0),
                     *[_verdict(texts, need.size, need.height) for need in needs.values()]])
    lines = [
        "Generated: each element's sample (the example under Element types) drawn with no text "
        "size given, and every text run it prints measured as `sheetgen check` measures it "
        "(its size, and its capitals' or figures' height from the font's outlines), against "
        "a new game's `print_checks` defaults. \"yes\": every run passes; \"no\": the first "
        "that fails. Game text is every element's text unless it says `role:`; an element "
        "with `role: rules`, `board`, `ladder` or `note` meets that column's rule. A size the "
        "element works out from its box (a share of a mark or a cell) is at least 9.5 pt "
        "(10 pt for regular weight), so it passes game text.", "",
        "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    lines += ["", "Elements whose sample prints no text: " + ", ".join(silent) + "."]
    return lines
