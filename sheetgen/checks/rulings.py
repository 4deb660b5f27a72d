"""Every ruling code a component prints ("R10", "T7") names a ruling the game has.

A game's rulings are the items of its components that carry a ``rulings`` list: each ruling's
code is the item's ``prefix`` (the item's field, else the component's ``defaults``, else its
front template's) and its number, counted on from the item's ``first``. The codes printed on
every other output of the game, read back from the PDFs, must be among them: a sheet that
says "see T13" when the cards stop at T12 sends the table looking for a ruling that is not
there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

RULINGS_FIELD = "rulings"


@dataclass(frozen=True)
class Rulings:
    """The ruling codes a game defines, by prefix, and the components that print them."""

    numbers: dict[str, set[int]]
    components: frozenset[str]

    def codes(self) -> str:
        """Return the codes as ranges for a message: "R1-R8"."""
        return ", ".join(f"{prefix}{min(found)}-{prefix}{max(found)}"
                         for prefix, found in sorted(self.numbers.items()))


def game_rulings(game, template_prefix) -> Rulings:
    """Return the rulings ``game`` (a loaded game) defines; ``template_prefix(model)`` gives
    the prefix a component's front template sets by default (or None)."""
    numbers: dict[str, set[int]] = {}
    components = set()
    for comp in game.components:
        defaults = comp.model.defaults
        for item in comp.model.items:
            fields = item.fields()
            rulings = fields.get(RULINGS_FIELD)
            if not isinstance(rulings, list) or not rulings:
                continue
            prefix = fields.get("prefix") or defaults.get("prefix") \
                or template_prefix(comp.model)
            first = fields.get("first", defaults.get("first", 1))
            if not isinstance(prefix, str) or not isinstance(first, int):
                continue
            numbers.setdefault(prefix, set()).update(range(first, first + len(rulings)))
            components.add(comp.model.id)
    return Rulings(numbers, frozenset(components))


def cited(text: str, prefixes) -> set[str]:
    """Return the ruling codes (prefix and number) ``text`` prints, for ``prefixes``."""
    if not prefixes:
        return set()
    pattern = "|".join(re.escape(prefix) for prefix in sorted(prefixes, key=len, reverse=True))
    return {m.group(1) + m.group(2)
            for m in re.finditer(rf"(?<![A-Za-z0-9])({pattern})(\d{{1,3}})(?![0-9])", text)}


def pdf_text(path: Path) -> str:
    """Return the text of every page of the PDF at ``path``."""
    from pypdf import PdfReader

    return " ".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def unknown_citations(rulings: Rulings, text: str) -> list[str]:
    """Return the codes ``text`` cites that are not among ``rulings``, in order."""
    known = {f"{prefix}{n}" for prefix, found in rulings.numbers.items() for n in found}
    return sorted(cited(text, rulings.numbers) - known,
                  key=lambda code: (re.sub(r"\d", "", code), int(re.sub(r"\D", "", code))))


def check_citations(report, record: dict, project) -> None:
    """Add to ``report`` (a CheckReport) a problem on every output that cites a ruling its
    game does not have; ``record`` is the build's (its jobs carry the loaded games)."""
    from ..base.errors import UserError
    from ..load.templates import TemplateBook

    book = TemplateBook(project)

    def template_prefix(model) -> str | None:
        front = getattr(model, "front", None)
        if not front:
            return None
        try:
            return book.get(front, ("sheetgen", 0)).fields.get("prefix")
        except UserError:  # the build reported it already
            return None

    games = {job.game.spec.id: job.game for job in record.get("jobs", [])}
    rulings = {gid: game_rulings(game, template_prefix) for gid, game in games.items()}
    for out in report.outputs:
        found = rulings.get(out.game)
        if found is None or not found.numbers or out.component in found.components \
                or out.path.suffix != ".pdf" or not out.path.exists():
            continue
        unknown = unknown_citations(found, pdf_text(out.path))
        if unknown:
            out.problems.append(f"cites {', '.join(unknown)}: not among the game's rulings "
                                f"({found.codes()}, in {', '.join(sorted(found.components))})")
