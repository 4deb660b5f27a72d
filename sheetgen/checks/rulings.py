"""Every ruling code a component prints ("R10", "T7") names a ruling the game has.

A game's rulings are the items of its components that carry a ``rulings`` list: each ruling's
code is the item's ``prefix`` (the item's field, else the component's ``defaults``, else its
front template's) and its number, counted on from the item's ``first``. The codes printed on
every other output of the game, read back from the PDFs, must be among them: a sheet that
says "see T13" when the cards stop at T12 sends the table looking for a ruling that is not
there.

Rulings where they are needed: every template of the game may call ``ruling("T7")`` (Jinja),
which prints the ruling's text (``ruling("T7", "both")``: "Topic: ruling"), so an aid or a
sheet that cites a ruling prints it where the players need it, from the one text in the
Clarifications file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from jinja2.exceptions import TemplateRuntimeError

from ..load import reads

RULINGS_FIELD = "rulings"


@dataclass(frozen=True)
class Rulings:
    """The ruling codes a game defines, by prefix, and the components that print them."""

    numbers: dict[str, set[int]]
    components: frozenset[str]
    # code ("T7") -> (topic, ruling): what a template prints with ruling("T7")
    texts: dict[str, tuple[str, str]] = field(default_factory=dict)

    def codes(self) -> str:
        """Return the codes as ranges for a message: "R1-R8"."""
        return ", ".join(f"{prefix}{min(found)}-{prefix}{max(found)}"
                         for prefix, found in sorted(self.numbers.items()))


def game_rulings(components, template_prefix) -> Rulings:
    """Return the rulings a game's ``components`` (LoadedComponents) define;
    ``template_prefix(model)`` gives the prefix a component's front template sets by default
    (or None)."""
    numbers: dict[str, set[int]] = {}
    texts: dict[str, tuple[str, str]] = {}
    defining = set()
    for comp in components:
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
            defining.add(comp.model.id)
            for number, entry in enumerate(rulings, first):
                if isinstance(entry, dict):
                    texts[f"{prefix}{number}"] = (str(entry.get("topic", "")),
                                                  str(entry.get("ruling", "")))
                else:
                    texts[f"{prefix}{number}"] = ("", str(entry))
    return Rulings(numbers, frozenset(defining), texts)


class RulingNotFound(TemplateRuntimeError):
    """A template asked for a ruling code the game does not have."""


def ruling_function(found_rulings):
    """Return ``ruling(code, part="ruling")`` for a game's templates: the text of the ruling
    ``code`` ("T7") names, so a component that cites a ruling can print it where it is used
    (``part``: ``ruling``, ``topic``, or ``both``: "Topic: ruling").

    ``found_rulings()`` returns (Rulings, the files that define them), asked on the first
    call only (a build of one component loads the Clarifications file then). Each call
    records those files as read, so a change to a ruling rebuilds every output that prints
    it; an unknown code is a template error naming the codes."""
    known: list = []

    def ruling(code, part: str = "ruling") -> str:
        if not known:
            known.append(found_rulings())
        rulings, files = known[0]
        found = rulings.texts.get(str(code).strip())
        if found is None:
            raise RulingNotFound(f"ruling({code!r}): the game has no ruling {code} (its "
                                 f"rulings: {rulings.codes() or 'none'})")
        if part not in ("ruling", "topic", "both"):
            raise RulingNotFound(f"ruling({code!r}, {part!r}): part is ruling, topic or both")
        reads.opened_all(files)
        topic, text = found
        if part == "topic":
            return topic
        return f"{topic}: {text}" if part == "both" and topic else text

    return ruling


def front_prefix(book):
    """Return ``template_prefix(model)`` for :func:`game_rulings`: the ``prefix`` field the
    component's front template (in ``book``, a TemplateBook) sets, or None."""
    from ..base.errors import UserError

    def template_prefix(model) -> str | None:
        front = getattr(model, "front", None)
        if not front:
            return None
        try:
            return book.get(front, ("sheetgen", 0)).fields.get("prefix")
        except UserError:  # the build reported it already
            return None

    return template_prefix


def cited(text: str, prefixes) -> set[str]:
    """Return the ruling codes (prefix and number) ``text`` prints, for ``prefixes``."""
    if not prefixes:
        return set()
    pattern = "|".join(re.escape(prefix) for prefix in sorted(prefixes, key=len, reverse=True))
    return {m.group(1) + m.group(2)
            for m in re.finditer(rf"(?<![A-Za-z0-9])({pattern})(\d{{1,3}})(?![0-9])", text)}


def pdf_text(path: Path) -> str:
    """Return the text of every page of the PDF at ``path``, read by pdfium. (pypdf parsed
    each subset font's ToUnicode map again in every form of every page: nearly all the CPU
    of checking a whole game, minutes for the shipped games.)"""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        texts = []
        for page in document:
            textpage = page.get_textpage()
            texts.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return " ".join(texts)
    finally:
        document.close()


def unknown_citations(rulings: Rulings, text: str) -> list[str]:
    """Return the codes ``text`` cites that are not among ``rulings``, in order."""
    known = {f"{prefix}{n}" for prefix, found in rulings.numbers.items() for n in found}
    return sorted(cited(text, rulings.numbers) - known,
                  key=lambda code: (re.sub(r"\d", "", code), int(re.sub(r"\D", "", code))))


def check_citations(report, record: dict, project) -> None:
    """Add to ``report`` (a CheckReport) a problem on every output that cites a ruling its
    game does not have; ``record`` is the build's (its jobs carry the loaded games)."""
    from ..load.templates import TemplateBook

    book = TemplateBook(project)
    games = {job.game.spec.id: job.game for job in record.get("jobs", [])}
    rulings = {gid: game_rulings(game.components, front_prefix(book))
               for gid, game in games.items()}
    for out in report.outputs:
        found = rulings.get(out.game)
        if found is None or not found.numbers or out.component in found.components \
                or out.path.suffix != ".pdf" or not out.path.exists():
            continue
        unknown = unknown_citations(found, pdf_text(out.path))
        if unknown:
            out.problems.append(f"cites {', '.join(unknown)}: not among the game's rulings "
                                f"({found.codes()}, in {', '.join(sorted(found.components))})")
