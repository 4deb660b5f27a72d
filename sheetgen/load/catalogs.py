"""A game's translations: one gettext PO catalog per language, ``data/GAME/locale/CODE.po``.

Catalogs are read and written with polib (see docs/src/explanation/dependencies.md). The file's
text is read through the same reader as every YAML file, so a build records it as an input.
Each entry's translation is checked against its source when the catalog is read: a number, an
``:icon:``, a Jinja expression, a ``{field}`` or markup dropped, added or misspelled is a
mistake at the entry's line of the PO file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.base.errors import ProblemList, UserError
from sheetgen.load import reads
from sheetgen.load.yamlload import read_text

from .strings import normal, placeholder_mistake

LOCALE_DIR = "locale"
MAX_PO_BYTES = 8_000_000


@dataclass(frozen=True)
class Entry:
    """One translated text of a catalog and the line of the PO file that holds it."""

    msgid: str
    msgstr: str
    line: int
    fuzzy: bool = False


@dataclass
class Catalog:
    """The entries of one PO file by source text (an empty catalog when there is no file)."""

    path: Path
    entries: dict[str, Entry] = field(default_factory=dict)

    def translation(self, msgid: str) -> str | None:
        """Return the translation of ``msgid``, or None when it is missing or fuzzy."""
        entry = self.entries.get(msgid)
        return entry.msgstr if entry and entry.msgstr and not entry.fuzzy else None


def catalog_path(game_dir: Path, code: str) -> Path:
    """Return where the catalog of edition ``code`` of a game lives."""
    return game_dir / LOCALE_DIR / f"{code}.po"


def parse_po(path: Path) -> "polib.POFile":  # noqa: F821 (polib loads with the first catalog)
    """Return the polib file of ``path``; a file polib cannot read is a UserError at it."""
    import polib

    text = read_text(path, MAX_PO_BYTES)
    try:
        return polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise UserError([_problem(path, _line_of(str(exc)), f"not a PO catalog: {exc}")]) \
            from None


def _line_of(message: str) -> int:
    import re

    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else 1


def _problem(path: Path, line: int, message: str):
    from sheetgen.base.errors import Problem, display_path

    return Problem(display_path(path), line, message)


def read_catalog(path: Path, problems: ProblemList) -> Catalog:
    """Read a game's catalog, checking every translation's placeholders; mistakes are
    recorded in ``problems`` at their PO line (such an entry is not used)."""
    catalog = Catalog(path)
    if not path.is_file():
        reads.opened(path)  # a catalog that appears later is a change too
        return catalog
    try:
        po = parse_po(path)
    except UserError as exc:
        problems.extend(exc)
        return catalog
    lines = read_text(path, MAX_PO_BYTES).splitlines()
    for entry in po:
        if entry.obsolete or not entry.msgid:
            continue
        msgid, msgstr = normal(entry.msgid), normal(entry.msgstr)
        line = _msgstr_line(entry, lines)
        mistake = placeholder_mistake(msgid, msgstr) if msgstr else None
        if mistake:
            problems.add(path, line, f"the translation of {_short(msgid)} {mistake}")
            continue
        catalog.entries[msgid] = Entry(msgid, msgstr, line, "fuzzy" in entry.flags)
    return catalog


def _msgstr_line(entry, lines: list[str]) -> int:
    """Return the line of an entry's msgstr (polib gives about the msgid's)."""
    for index in range(max(0, entry.linenum - 1), len(lines)):
        if lines[index].startswith("msgstr"):
            return index + 1
    return entry.linenum


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")
