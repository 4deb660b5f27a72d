"""Items from a spreadsheet: ``items_from: {csv: cards.csv}`` or ``{xlsx: cards.xlsx, sheet: S}``.

The first row names the fields; every later row is one item, exactly as if it were written in
YAML. Header conventions:

- ``winter.ships``: a nested field (``winter: {ships: ...}``);
- ``shields[]``: a list, the cell split on ``;`` (``yellow;blue``);
- ``id`` and ``count`` work as in YAML (an empty ``count`` takes the component's default).

Cells are typed by these rules (docs/src/dice-spec.md lists them), like YAML scalars: a
whole number (``[-+]?[0-9]+``, leading zeros read as decimal: ``012`` is 12), a finite decimal
(``1.5``, ``.5``, ``1e3``), ``true``/``false`` and ``null``/``~`` in any case, else text
(``yes``, ``0x10``, ``1_000``, ``inf`` stay text), not YAML's older ``yes``/``0x10``
forms. An empty cell leaves the field unset (the template's or ``defaults:`` value applies);
``null`` sets it to nothing, as ``players: null`` does in YAML. Every mistake is reported at
its cell: ``cards.csv:7:3`` (row 7, column 3) or ``cards.xlsx:Raids!C7``.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import Problem, ProblemList, display_path
from ..base.suggest import close_matches
from . import reads

LIST_SUFFIX = "[]"
LIST_SEPARATOR = ";"
# rows a table may hold: a deck of tens of thousands of cards is kept in a table (YAML files
# stop at 2 MB); a sheet of more rows is refused before its items are made
MAX_ROWS = 100_000
NULL = object()  # a cell reading "null": the field is set, to None
_INT = re.compile(r"[-+]?[0-9]+")  # ASCII digits only (fullmatch: no trailing newline)
_FLOAT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][-+]?[0-9]+)?")


# what spreadsheet programs write between cells: a comma, or a semicolon where the comma is the
# decimal sign (Spanish, German, French Excel), or a tab
DELIMITERS = (",", ";", "\t")
MAX_HEADER = 65536  # characters of the header row read to find the delimiter


def csv_delimiter(text: str) -> str:
    """Return the delimiter of a CSV file: the one its header row (first line, outside quotes)
    holds most often; a comma on a tie or when it holds none."""
    header, quoted = [], False
    for char in text.split("\n", 1)[0]:
        quoted = not quoted if char == '"' else quoted
        if not quoted:
            header.append(char)
    counts = {delimiter: header.count(delimiter) for delimiter in DELIMITERS}
    best = max(DELIMITERS, key=lambda delimiter: counts[delimiter])
    return best if counts[best] > counts[","] else ","


@dataclass(frozen=True)
class Row:
    """One item read from a sheet, with where each of its fields came from."""

    fields: dict[str, Any]
    line: int                 # the row number (1 = the header)
    cells: dict[str, str]     # top-level field -> cell reference, for messages

    def where(self, field: str | None = None) -> str:
        """Return the cell (or the row's first cell) a message should point at."""
        return self.cells.get(field or "", next(iter(self.cells.values()), ""))


def column_letter(index: int) -> str:
    """Return the spreadsheet letter of 0-based column ``index`` (0: A, 26: AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def parse_cell(value: Any) -> Any:
    """Return a cell's value typed like a YAML scalar; None if empty, NULL for ``null``."""
    if value is None:
        return None
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return int(value) if isinstance(value, float) and value.is_integer() else value
    text = str(value).strip()
    if text == "":
        return None
    if text.lower() in ("null", "~"):
        return NULL
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text) and math.isfinite(number := float(text)):
        return number
    return text  # 1e400 overflows to infinity: kept as written, as inf and nan are


class SheetReader:
    """Reads one CSV file or one worksheet of an XLSX workbook into :class:`Row` objects."""

    def __init__(self, path: Path, sheet: str | None, problems: ProblemList,
                 blame: tuple[str, int] | None = None):
        self.path, self.sheet, self.problems = path, sheet, problems
        self.shown = display_path(path)
        self.blame = blame  # (path, line) that names the table: blamed for the whole table

    def cell_ref(self, row: int, col: int) -> str:
        """Return how a message names a cell: ``file.csv:ROW:COL`` or ``file.xlsx:S!C7``."""
        if self.sheet is not None:
            return f"{self.shown}:{self.sheet}!{column_letter(col)}{row}"
        return f"{self.shown}:{row}:{col + 1}"

    def problem(self, where: str, message: str) -> None:
        """Record a problem at a cell reference."""
        self.problems.problems.append(Problem(where, 0, message))

    def table_problem(self, message: str) -> None:
        """Record a problem of the whole table, at the line that names it when known."""
        if self.blame is None:
            self.problem(self.shown, message)
        else:
            self.problems.add(self.blame[0], self.blame[1], f"{self.shown}: {message}")

    def grid(self) -> list[list[Any]] | None:
        """Return the sheet's cells row by row, or None (problem recorded) if unreadable."""
        reads.opened(self.path)
        try:
            if self.sheet is None:
                with self.path.open(newline="", encoding="utf-8-sig") as handle:
                    delimiter = csv_delimiter(handle.readline(MAX_HEADER))
                    handle.seek(0)
                    rows = csv.reader(handle, delimiter=delimiter)
                    return [row for _, row in zip(range(MAX_ROWS + 2), rows)]
            return self._xlsx_grid()
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            self.table_problem(f"cannot read the table: {exc}")
        return None

    def _xlsx_grid(self) -> list[list[Any]] | None:
        import zlib
        from xml.etree.ElementTree import ParseError
        from zipfile import BadZipFile

        from openpyxl import load_workbook

        # what a damaged workbook raises, opening it or reading its rows: a broken zip or
        # compressed part, an unknown compression, a missing part, malformed XML (refused
        # entities included: openpyxl parses with defusedxml when it is installed)
        damaged = (BadZipFile, zlib.error, NotImplementedError, EOFError, KeyError, ValueError,
                   OSError, ParseError)
        try:
            book = load_workbook(self.path, read_only=True, data_only=True)
        except damaged as exc:
            self.table_problem(f"not a readable .xlsx workbook ({exc})")
            return None
        try:
            if self.sheet not in book.sheetnames:
                self.table_problem(f"no sheet {self.sheet!r}; its sheets: "
                                   f"{', '.join(book.sheetnames)}")
                return None
            rows = book[self.sheet].iter_rows(values_only=True, max_row=MAX_ROWS + 1)
            return [list(row) for row in rows]
        except damaged as exc:
            self.table_problem(f"not a readable .xlsx workbook ({exc})")
            return None
        finally:
            book.close()

    def rows(self) -> list[Row]:
        """Return every item row; problems (bad headers, too many rows) are recorded."""
        grid = self.grid()
        if not grid:
            if grid is not None:
                self.table_problem("the table is empty: the first row names the fields")
            return []
        if len(grid) > MAX_ROWS + 1:
            self.table_problem(f"more than {MAX_ROWS} rows; split the deck")
            return []
        headers = self._headers(grid[0])
        if headers is None:
            return []
        out = []
        for number, cells in enumerate(grid[1:], start=2):
            if all(parse_cell(c) is None for c in cells):
                continue  # a blank row separates groups, as a blank line does in YAML
            out.append(self._row(number, cells, headers))
        return out

    def _headers(self, cells: list[Any]) -> list[tuple[int, list[str], bool]] | None:
        headers, seen = [], {}
        for col, cell in enumerate(cells):
            name = "" if cell is None else str(cell).strip()
            if not name:
                continue
            is_list = name.endswith(LIST_SUFFIX)
            path = name.removesuffix(LIST_SUFFIX).split(".")
            if not all(re.match(r"^[A-Za-z_][A-Za-z0-9_-]*$", part) for part in path):
                self.problem(self.cell_ref(1, col), f"header {name!r} is not a field name "
                             "(letters, digits, - and _; 'a.b' nests, 'a[]' is a list)")
                return None
            key = ".".join(path)
            if key in seen:
                self.problem(self.cell_ref(1, col), f"column {name!r} repeats column "
                             f"{column_letter(seen[key])}")
                return None
            seen[key] = col
            headers.append((col, path, is_list))
        if not headers:
            self.table_problem("the first row must name the fields (name, count, ...)")
            return None
        if not any(path[0] in ("id", "name", "title") for _, path, _ in headers):
            names = {".".join(path): col for col, path, _ in headers}
            near = close_matches("name", names) or close_matches("id", names)
            col = names[near[0]] if near else 0
            hint = f"; is {near[0]!r} meant to be 'name'?" if near else ""
            self.problem(self.cell_ref(1, col), "no 'name', 'title' or 'id' column: each row "
                         f"is an item and needs one (its id is derived from the name){hint}")
            return None
        return headers

    def _row(self, number: int, cells: list[Any], headers) -> Row:
        fields: dict[str, Any] = {}
        refs: dict[str, str] = {}
        for col, path, is_list in headers:
            raw = cells[col] if col < len(cells) else None
            if is_list:
                text = "" if raw is None else str(raw)
                items = [parse_cell(part) for part in text.split(LIST_SEPARATOR)]
                value = ([None if v is NULL else v for v in items if v is not None]
                         if text.strip() else None)
            else:
                value = parse_cell(raw)
            refs.setdefault(path[0], self.cell_ref(number, col))
            if value is None:
                continue
            value = None if value is NULL else value
            target = fields
            for part in path[:-1]:
                target = target.setdefault(part, {})
                if not isinstance(target, dict):
                    self.problem(self.cell_ref(number, col),
                                 f"{'.'.join(path)}: {part!r} is also a plain column")
                    break
            else:
                target[path[-1]] = value
        return Row(fields, number, refs)


def read_rows(path: Path, sheet: str | None, problems: ProblemList,
              blame: tuple[str, int] | None = None) -> list[Row]:
    """Read the items of a CSV file (``sheet`` None) or of one XLSX worksheet; a problem of
    the whole table (unreadable, empty, too long) is blamed at ``blame`` (path, line)."""
    return SheetReader(path, sheet, problems, blame).rows()
