"""Click-to-source: where an element of a face was written, and where its values came from.

Each element of a face knows its template file and line (``Face.origins``). Its raw template
entry names the fields its Jinja reads; each field is then found on the item: a line of the
component file (or of its ``defaults:``), a variant file's line, or a spreadsheet cell
``file.csv:row:col``. A ``{by: field}`` pick (a band's colour, the art chosen by guild) reads
its field as Jinja does, and is traced the same way. A spreadsheet cell is marked in its row
(``cell``: where it starts and ends in the line). Every location comes with a few lines of the
file and an editor link.
"""

from __future__ import annotations

import csv
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from ..base.errors import UserError
from ..load.tabular import MAX_HEADER, csv_delimiter
from ..load.yamlload import LineDict, line_of, load_yaml
from .guard import editor_link

_PARSER = SandboxedEnvironment()
_CELL = re.compile(r"^(?P<file>.+):(?P<row>\d+):(?P<col>\d+)$")
_SHEET_CELL = re.compile(r"^(?P<file>.+\.xlsx):.*!(?P<col>[A-Z]+)(?P<row>\d+)$", re.I)
TEXT_FILES = (".yaml", ".yml", ".csv")  # shown line by line; a workbook is not
CONTEXT = 2  # lines shown either side of a located line


@dataclass
class Location:
    """One place in a file: what it holds, file, line (a cell: row and column) and a link."""

    what: str
    path: str
    line: int
    column: int = 0
    link: str = ""
    lines: list = None          # [(number, text)] around the line
    cell: tuple | None = None   # a CSV cell: (start, end) of its text in the line

    def as_json(self) -> dict:
        """Return the location for the page."""
        return asdict(self)


def element_sources(face, index: int, comp, card_label: str, editor: str) -> list[Location]:
    """Return where element ``index`` of ``face`` was written, then where each field it reads
    was given for the item ``card_label`` of component ``comp`` (a LoadedComponent)."""
    if not 0 <= index < len(face.origins):
        return []
    origin = face.origins[index]
    template = _absolute(origin.path)
    out = [_located(f"template element {origin.name}", template, origin.line, 0, editor)]
    raw = _raw_element(template, origin.line)
    picks = _fields_picked(raw)
    for name in sorted(_fields_read(raw) | set(picks)):
        where = _field_where(comp, card_label, name)
        if where is not None:
            what = f"field {name}" + (f" (picks {', '.join(picks[name])})" if name in picks
                                      else "")
            out.append(_located(what, *where, editor))
    return out


def _absolute(shown: str) -> Path:
    """Return a path as messages show it (relative to the working folder) made absolute."""
    return Path(shown).resolve()


def _nodes(value):
    """Yield ``value`` and every mapping, list and scalar nested in it, depth first."""
    yield value
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in inner:
        yield from _nodes(child)


def _raw_element(path: Path, line: int):
    """Return the template entry written at ``line`` of ``path`` (None if not found)."""
    try:
        raw = load_yaml(path)
    except (UserError, OSError):
        return None
    return next((node for node in _nodes(raw) if isinstance(node, LineDict)
                 and node.line == line and "type" in node), None)


def _fields_read(raw) -> set[str]:
    """Return the names an element's Jinja reads (fields, or ``game``, ``credits``...)."""
    names: set[str] = set()
    for value in _nodes(raw):
        if isinstance(value, str) and "{" in value:
            try:
                names.update(meta.find_undeclared_variables(_PARSER.parse(value)))
            except Exception:  # noqa: BLE001 - a broken expression is reported by the build
                pass
    return names


def _fields_picked(raw) -> dict[str, list[str]]:
    """Return each field a ``{by: field}`` choice of the element reads, with the keys it picks
    (``fill``, ``src``...) in the order written."""
    picked: dict[str, list[str]] = {}

    def walk(value, key: str) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("by"), str):
                keys = picked.setdefault(value["by"], [])
                if key not in keys:
                    keys.append(key)
            for k, v in value.items():  # a choice's picks belong to the key it chooses
                walk(v, key if isinstance(value.get("by"), str) else str(k))
        elif isinstance(value, list):
            for v in value:
                walk(v, key)

    if isinstance(raw, dict):
        for k, v in raw.items():
            walk(v, str(k))
    return picked


def _field_where(comp, label: str, name: str) -> tuple[Path, int, int] | None:
    """Return (file, line, column) where field ``name`` of item ``label`` was given."""
    items = getattr(comp.model, "items", None) or []
    index = next((i for i, item in enumerate(items) if getattr(item, "id", None) == label), None)
    if index is None:
        return None
    if comp.item_sources is not None:
        source, line = comp.item_sources[index]
        cell = _CELL.match(source)
        sheet = _SHEET_CELL.match(source)
        if sheet is not None:  # a workbook's row: its first cell
            return Path(sheet["file"]).resolve(), int(sheet["row"]), _letters(sheet["col"])
        if cell is None:  # a variant's item: its line in the variant file
            return Path(source).resolve(), line, 0
        table = Path(cell["file"]).resolve()
        column = _column(table, name)
        if column:
            return table, int(cell["row"]), column
    else:
        entries = comp.raw.get("items")
        entry = entries[index] if isinstance(entries, list) and index < len(entries) else None
        if isinstance(entry, dict) and name in entry:
            return Path(comp.path), line_of(comp.raw, ("items", index, name)), 0
    defaults = comp.raw.get("defaults")
    if isinstance(defaults, dict) and name in defaults:
        return Path(comp.path), line_of(comp.raw, ("defaults", name)), 0
    return None


def _letters(column: str) -> int:
    """Return the 1-based number of a spreadsheet column (A: 1, AA: 27)."""
    number = 0
    for letter in column.upper():
        number = number * 26 + ord(letter) - 64
    return number


def _column(table: Path, name: str) -> int:
    """Return the 1-based column of header ``name`` in a CSV file (0: not a CSV header), its
    delimiter found as the loader finds it (a semicolon file reads the same)."""
    if table.suffix.lower() != ".csv":
        return 0
    try:
        with table.open(newline="", encoding="utf-8-sig") as handle:
            delimiter = csv_delimiter(handle.readline(MAX_HEADER))
            handle.seek(0)
            header = next(csv.reader(handle, delimiter=delimiter), [])
    except (OSError, UnicodeDecodeError):
        return 0
    return header.index(name) + 1 if name in header else 0


def _cell_span(table: Path, text: str, column: int) -> tuple[int, int] | None:
    """Return where the ``column``-th cell (1-based) of CSV line ``text`` starts and ends (its
    quotes included), or None."""
    try:
        with table.open(newline="", encoding="utf-8-sig") as handle:
            delimiter = csv_delimiter(handle.readline(MAX_HEADER))
    except (OSError, UnicodeDecodeError):
        return None
    start, index, quoted = 0, 1, False
    for at, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            if index == column:
                return start, at
            start, index = at + 1, index + 1
    return (start, len(text)) if index == column else None


def _located(what: str, path: Path, line: int, column: int, editor: str) -> Location:
    """Return a Location with the lines around ``line`` and its editor link."""
    try:
        text = (Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
                if Path(path).suffix.lower() in TEXT_FILES else [])
    except OSError:
        text = []
    first = max(1, line - CONTEXT)
    shown = [(n, text[n - 1]) for n in range(first, min(len(text), line + CONTEXT) + 1)]
    cell = (_cell_span(Path(path), text[line - 1], column)
            if column and Path(path).suffix.lower() == ".csv" and 0 < line <= len(text)
            else None)
    return Location(what, str(path), line, column, editor_link(editor, Path(path), line),
                    shown, cell)
