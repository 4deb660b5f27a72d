"""The ``print-guide`` generator: a game's "How to print" page, from its YAML and its components.

A published print-and-play game opens with a page saying which files to print, how to set the
duplex, on what paper, how many copies per player count, in what order to cut, fold and glue,
and what the box holds. The words are the game's data (the component's ``items_from.options``);
the counts of the files and of the contents checklist are read from the game's components
(:meth:`sheetgen.load.model.ComponentBase.contents`, gathered by
:func:`sheetgen.generate.games.piece_counts`
once the other generators have run), so a deck that grows a card changes the page.
The template ``how-to-print`` lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from ..base.errors import OptionError
from ..base.limits import MAX_COUNT, MAX_ID
from ..load.model import KEBAB, Strict


@dataclass(frozen=True)
class Count:
    """How many pieces a component prints, what one is called, and the component's title."""

    pieces: int
    unit: str
    title: str
    language: str | None = None  # the edition's: its file names and words
    folds: bool = False  # its pieces are folded when made (dice nets, standees)


@dataclass(frozen=True)
class Counted:
    """What a guide counts from: each component's pieces (by id) and the game's player
    counts, fewest to most (empty when game.yaml gives none); the game's id and the player
    counts of its ready roll sheets (sheetgen/dice/roll_sheets.py; empty: no dice script)."""

    pieces: dict[str, Count]
    players: tuple[int, ...]
    game: str = ""
    roll_sheets: tuple[int, ...] = ()


GUIDE_PROFILE = "a4"  # the files the guide names (<id>-a4.pdf) and counts the pieces of


def guide_profile(project):
    """Return the profile whose files the guide names and counts (A4)."""
    from ..load.profiles import ProfileBook

    return ProfileBook.for_project(project).get(GUIDE_PROFILE)


class GuideFile(Strict):
    """One file to print, in print order."""

    component: str = Field(pattern=KEBAB, max_length=MAX_ID,
                           description="Component id (its file is <id>-a4.pdf or -letter.pdf).")
    sides: Literal["single", "double"] = Field(
        "single", description="double: duplex, long edge (fronts and backs on one sheet).")
    stock: str = Field("paper", max_length=200, description="Paper or card stock to print on.")
    note: str = Field("", max_length=500, description="What the file holds, how many to print.")


class GuideCheck(Strict):
    """One line of the contents checklist: a component (counted) or a thing to add."""

    label: str = Field(max_length=200, description="What to tick off.")
    component: str | None = Field(None, pattern=KEBAB, max_length=MAX_ID,
                                  description="Count this component's pieces.")
    count: int | None = Field(None, ge=0, le=MAX_COUNT,
                              description="The count of a thing not printed (pencils, dice).")
    note: str = Field("", max_length=300, description="Printed after the count.")
    made: bool = Field(False, description="Count the pieces a game uses at each player count "
                       "(the component's needs: column, \"5 dice (1 player), 7 (2 players)\"), "
                       "as the copies table does, not the pieces its copies print.")


class GuideNeed(Strict):
    """A column of the copies table, computed for each player count: the pieces of a
    component a game needs, and the copies of its file that give them."""

    label: str = Field(max_length=60, description="The column heading.")
    component: str = Field(pattern=KEBAB, max_length=MAX_ID,
                           description="The component whose pieces are needed.")
    per_player: int = Field(0, ge=0, le=MAX_COUNT, description="Pieces each player needs.")
    copies_per_player: int = Field(
        0, ge=0, le=MAX_COUNT, description="Whole copies of the component each player needs "
        "(1: a Clarifications deck or an aid at every seat): the pieces of that many copies "
        "of its file, per player.")
    per_game: int = Field(0, ge=0, le=MAX_COUNT,
                          description="Pieces a game needs whatever the player count.")
    copies_per_game: int = Field(
        0, ge=0, le=MAX_COUNT, description="Whole copies of the component a game needs "
        "whatever the player count (1: the deck once): the pieces its file prints, counted "
        "from the component, never typed.")
    extra: dict[int, int] = Field(
        default_factory=dict, description="Pieces needed on top at a player count "
        "({1: 2}: solo needs 2 more).")
    means: str = Field("", max_length=200, description="What the column counts, in the key "
                       "under the table (default: computed from the numbers above, \"1 per "
                       "player\", \"18 per game, 36 at 4-6 players\").")


class PrintGuideOptions(Strict):
    """Options of ``print-guide`` (every text may use **bold** and :icon: markup)."""

    title: str = Field("How to print", max_length=200, description="The page title.")
    intro: str = Field("", max_length=1000, description="A line under the title.")
    files: list[GuideFile] = Field(min_length=1, max_length=30,
                                   description="The files to print, in print order.")
    duplex: str = Field(max_length=1500, description="Printer settings for double-sided files.")
    duplex_wrong: str = Field(max_length=1500, description="What goes wrong otherwise.")
    paper: str = Field(max_length=1500, description="Paper and card stock.")
    copies: list[list[str | int]] = Field(
        default_factory=list, max_length=12, description="Copies per player count typed: a "
        "header row, then one row per player count (or needs:, computed).")
    needs: list[GuideNeed] = Field(
        default_factory=list, max_length=6, description="Copies per player count computed: "
        "one column per component, a row per player count of game.yaml's players (player "
        "counts that need the same share one row, \"2-6\"); the checklist counts these "
        "components' pieces per player count too.")
    steps: list[str] = Field(min_length=1, max_length=20,
                             description="The cut, fold and glue order.")
    checklist: list[GuideCheck] = Field(min_length=1, max_length=40,
                                        description="The contents checklist.")

    @model_validator(mode="after")
    def _copies_typed_or_computed(self) -> "PrintGuideOptions":
        if bool(self.copies) == bool(self.needs):
            raise ValueError("give copies: (a typed table) or needs: (computed), one of them")
        return self

    @field_validator("copies")
    @classmethod
    def _rows_as_wide_as_the_header(cls, rows: list[list[str | int]]) -> list[list[str | int]]:
        if len(rows) == 1:
            raise ValueError("a header row and at least one row per player count")
        for number, row in enumerate(rows[1:], start=2):
            if len(row) != len(rows[0]):
                raise ValueError(f"row {number} has {len(row)} cells; the header row (row 1) "
                                 f"has {len(rows[0])}")
        return rows


def _unit(pieces: int, unit: str) -> str:
    """Return ``unit`` for ``pieces`` of it: "1 card", "1 die", "2 cards"."""
    if pieces != 1:
        return unit
    return {"dice": "die", "board sides": "board side"}.get(unit, unit.removesuffix("s"))


def column_widths(rows: list[list[str | int]]) -> list[float]:
    """Return a table's relative column widths: each column's longest cell in characters (the
    bold header row counted a tenth wider), at least 4, plus 1.5 for the room either side, so a
    long heading ("Resource dice") gets the room a one-figure column does not need."""
    columns = max(len(row) for row in rows)  # a ragged row is the table's to report
    return [1.5 + max([4.0, *(len(str(row[i])) * (1.1 if j == 0 else 1.0)
                              for j, row in enumerate(rows) if i < len(row))])
            for i in range(columns)]


@dataclass(frozen=True)
class ChecklistLayout:
    """How the contents checklist is set: its columns, where each column's lines start in the
    list (``bounds``: column k holds lines bounds[k] to bounds[k + 1], padded to four so a
    template may slice three columns), the most lines a column holds, type size (pt) and the
    gap between lines (mm)."""

    columns: int
    bounds: tuple[int, ...]
    rows: int
    size: float
    gap: float


CHECKLIST_MM = 36.0  # the room of the template's checklist boxes (36.5 mm, less a margin)
TICK_MM = 4.0  # the side of the template's tick boxes (its tick_boxes)
ONE_COLUMN_MOST = 4  # up to this many lines in one column, more in two
COLUMN_MOST = 6  # lines a column holds with one of them wrapped and tick boxes 1 mm apart


def checklist_layout(lines: int) -> ChecklistLayout:
    """Return how to set a checklist of ``lines`` lines so a short one uses its box.

    One column up to 4 lines, else two, or three past 12 (a column holds 6: seven 9 pt lines,
    one wrapped, with 4 mm tick boxes no nearer than 1 mm; the template has three), the lines
    shared out evenly (the first columns the longer); the fewer lines a column, the larger the
    type (11 pt up to 3, 10 pt up to 6 in two columns, else 9); the room left (one line kept
    for a line that wraps) shared out between the lines, up to 10 mm each, never so little
    that the tick boxes of neighbouring lines come nearer than 1 mm.
    """
    columns = 1 if lines <= ONE_COLUMN_MOST else min(max(2, -(-lines // COLUMN_MOST)), 3)
    rows, longer = divmod(lines, columns)
    bounds = [0]
    for column in range(columns):
        bounds.append(bounds[-1] + rows + (column < longer))
    bounds += [lines] * (4 - len(bounds))
    rows += longer > 0
    size = 11.0 if rows <= 3 else 10.0 if columns <= 2 else 9.0
    line = size * 1.3 * 25.4 / 72  # the template's leading 1.3, in mm
    gap = (CHECKLIST_MM - (rows + 1) * line) / max(rows - 1, 1)
    gap = max(gap, TICK_MM + 1.0 - line)
    return ChecklistLayout(columns, tuple(bounds), rows, size, round(min(gap, 10.0), 2))


def _players(numbers: list[int], language: str | None = None) -> str:
    """Return player counts as a range: "1-2 players", "3 players" (in ``language``)."""
    from ..load.chrome import chrome_in

    span = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else f"{numbers[0]}"
    return chrome_in(language, "{n} players" if numbers[-1] > 1 else "{n} player", n=span)


@dataclass(frozen=True)
class Need:
    """What a game of one player count needs of a component: pieces, and copies to print."""

    players: int
    pieces: int
    copies: int


def needs_of(need: GuideNeed, count: Count, players: tuple[int, ...]) -> list[Need]:
    """Return, for each player count, the pieces of ``need``'s component a game needs and the
    copies of its file (``count.pieces`` a copy) that give them."""
    found = []
    for number in players:
        pieces = (need.per_player + need.copies_per_player * count.pieces) * number \
            + need.per_game + need.copies_per_game * count.pieces + need.extra.get(number, 0)
        copies = -(-pieces // count.pieces) if count.pieces else 0
        found.append(Need(number, pieces, copies))
    return found


def _copies_table(options: PrintGuideOptions, counts: Counted, count_of,
                  language: str | None = None
                  ) -> tuple[list[list[str | int]], dict[str, list[Need]]]:
    """Return the copies table (typed, or computed from ``needs``; its own words in
    ``language``) and each needed component's needs by player count."""
    from ..load.chrome import chrome_in

    if not options.needs:
        return options.copies, {}
    if not counts.players:
        raise OptionError("needs", "needs: computes a row per player count: give game.yaml "
                          "players: {min: .., max: ..}")
    needs = {}
    for need in options.needs:
        count_of(need.component, "needs")
        needs[need.component] = needs_of(need, counts.pieces[need.component], counts.players)
    rows: list[list[str | int]] = [[chrome_in(language, "Players"),
                                    *(need.label for need in options.needs)]]
    numbers: list[list[int]] = []  # the player counts of each row
    for row, number in enumerate(counts.players):
        cells: list[str | int] = []
        for need in options.needs:
            found = needs[need.component][row]
            cells.append(found.pieces if found.copies <= 1
                         else chrome_in(language, "{pieces} (print {copies}×)",
                                        pieces=found.pieces, copies=found.copies))
        if len(rows) > 1 and rows[-1][1:] == cells and numbers[-1][-1] + 1 == number:
            numbers[-1].append(number)  # needs as the row above: one row for both counts
        else:
            rows.append(["", *cells])
            numbers.append([number])
    for row, span in zip(rows[1:], numbers):
        row[0] = f"{span[0]}-{span[-1]}" if len(span) > 1 else str(span[0])
    return rows, needs


def _counted(pieces: int, unit: str, needs: list[Need], per_copy: int, unit_of,
             language: str | None = None) -> str:
    """Return a checklist line's count in bold markup: "**3** cards", or for a component
    needed by player count the pieces the copies print: "**7** dice (1-2 players), **14**
    dice (3-4 players)", or "**3** cards per player" when every count prints a copy per player
    (``unit_of(n)``: what n pieces are called)."""
    if not needs or len({need.copies for need in needs}) == 1 and needs[0].copies <= 1:
        return f"**{pieces}**{' ' + unit if unit else ''}"
    groups: dict[int, list[int]] = {}
    for need in needs:
        groups.setdefault(max(need.copies, 1), []).append(need.players)
    each = {need.copies / need.players for need in needs}
    if len(groups) > 2 and len(each) == 1 and float(next(iter(each))).is_integer():
        # a copy per player at every count: one short line, not one group per count
        from ..load.chrome import chrome_in

        n = int(next(iter(each))) * per_copy
        return chrome_in(language, "{pieces} per player", pieces=f"**{n}** {unit_of(n)}")
    return ", ".join(f"**{copies * per_copy}** {unit_of(copies * per_copy)} "
                     f"({_players(numbers, language)})" for copies, numbers in groups.items())


def _made(needs: list[Need], unit_of, language: str | None = None) -> str:
    """Return a checklist line's count of the pieces a game uses at each player count, in bold
    markup: "**5** dice (1 player), **7** (2 players)", player counts needing as many joined
    ("**3** cards (1-2 players)")."""
    groups: dict[int, list[int]] = {}
    for need in needs:
        groups.setdefault(need.pieces, []).append(need.players)
    parts = []
    for pieces, numbers in groups.items():
        unit = f" {unit_of(pieces)}" if not parts else ""
        parts.append(f"**{pieces}**{unit} ({_players(numbers, language)})")
    return ", ".join(parts)


def _roll_sheet_file(number: int, counts: Counted, language: str | None) -> dict[str, Any]:
    """Return the file list's entry of the ready roll sheets (one file per player count,
    named as the build writes them: the first and last named) and how to make a fresh one
    for the next game."""
    from ..dice.roll_sheets import roll_sheet_file
    from ..load.chrome import chrome_in

    sheets = counts.roll_sheets
    first, last = (roll_sheet_file(str(n), GUIDE_PROFILE, language) for n in (sheets[0],
                                                                               sheets[-1]))
    return {"number": number, "file": first if first == last else f"{first} … {last}",
            "title": chrome_in(language, "Roll sheets"), "pieces": len(sheets),
            "unit": chrome_in(language, "files, one per player count ({players})",
                              players=_players(list(sheets), language)),
            "sides": "single", "stock": chrome_in(language, "paper"),
            "note": chrome_in(language, "Optional: print only your player count's.")}


def _per(number: int, what: str, language: str | None) -> str:
    """Return "3 per player" or "5 per game" (``what``: player or game) in ``language``."""
    from ..load.chrome import chrome_in

    return chrome_in(language, "{n} per player" if what == "player" else "{n} per game",
                     n=number)


def need_means(need: GuideNeed, count: Count, players: tuple[int, ...],
               language: str | None = None) -> str:
    """Return what a copies-table column counts, in words for the key under the table: the
    author's ``means``, else read from the numbers ("1 per player", "a set per player", "18
    per game, 36 at 4-6 players"), each player count whose need differs named with it."""
    from ..load.chrome import chrome_in

    if need.means:
        return need.means
    parts = []
    if need.copies_per_player:
        parts.append(chrome_in(language, "a full set per player") if need.copies_per_player
                     == 1 else _per(need.copies_per_player * count.pieces, "player", language))
    if need.per_player:
        parts.append(_per(need.per_player, "player", language))
    if need.per_game or need.copies_per_game:
        parts.append(_per(need.per_game + need.copies_per_game * count.pieces, "game",
                          language))
    changes: dict[int, list[int]] = {}
    for number in players:
        if need.extra.get(number):
            changes.setdefault(need.extra[number], []).append(number)
    for change, numbers in changes.items():
        parts.append(chrome_in(language, "{n} more at {players}" if change > 0
                               else "{n} fewer at {players}", n=abs(change),
                               players=_players(numbers, language)))
    return ", ".join(parts)


def copies_key(options: PrintGuideOptions, counts: Counted,
               language: str | None = None) -> str:
    """Return the key under the copies table (markup): each column heading with its file (by
    its number in the list) and what the column counts, as one paragraph."""
    from ..load.chrome import chrome_in

    if not options.needs:
        return ""
    number = {entry.component: n for n, entry in enumerate(options.files, 1)}
    keys = []
    for need in options.needs:
        where = (chrome_in(language, "file {n}", n=number[need.component])
                 if need.component in number else counts.pieces[need.component].title)
        means = need_means(need, counts.pieces[need.component], counts.players, language)
        keys.append(f"**{need.label}**: {where}, {means}.")
    return " ".join(keys)


def print_guide(options: PrintGuideOptions, counts: Counted) -> list[dict[str, Any]]:
    """Return the one item of a How-to-print page: the options' texts, each file and checklist
    line with its count read from the game's components and the copies table computed from
    the player counts (``counts``, made by :func:`sheetgen.generate.games.piece_counts`), and
    ``folds``: whether any piece of the game is folded when made (the page shows a fold step
    only then)."""

    from ..load.chrome import chrome_in

    language = next((c.language for c in counts.pieces.values()), None)

    def count_of(cid: str, option: str) -> tuple[int, str, str]:
        if cid not in counts.pieces:
            raise OptionError(option, f"component {cid!r} is not one of this game's "
                              f"components: {', '.join(counts.pieces)}")
        found = counts.pieces[cid]
        return found.pieces, chrome_in(language, _unit(found.pieces, found.unit)), found.title

    stem = f"-{language}" if language else ""  # an edition's outputs carry its language
    files = []
    for number, entry in enumerate(options.files, 1):
        pieces, unit, title = count_of(entry.component, "files")
        files.append({"number": number, "file": f"{entry.component}{stem}-a4.pdf",
                      "title": title, "pieces": pieces, "unit": unit,
                      "sides": entry.sides, "stock": entry.stock, "note": entry.note})
    if counts.roll_sheets:
        files.append(_roll_sheet_file(len(files) + 1, counts, language))
    copies, needs = _copies_table(options, counts, count_of, language)
    checklist = []
    for entry in options.checklist:
        if entry.component is not None:
            pieces, unit, _ = count_of(entry.component, "checklist")
            full = counts.pieces[entry.component].unit

            def unit_of(n: int, full: str = full) -> str:
                return chrome_in(language, _unit(n, full))

            if entry.made and not needs.get(entry.component):
                raise OptionError("checklist", f"{entry.label!r}: made: counts the pieces of "
                                  f"a needs: column; give one for {entry.component!r}")
            counted = (_made(needs[entry.component], unit_of, language) if entry.made
                       else _counted(pieces, unit, needs.get(entry.component, []), pieces,
                                     unit_of, language))
        elif entry.count is not None:
            pieces, unit = entry.count, ""  # the label names what is counted
            counted = f"**{pieces}**"
        else:
            raise OptionError("checklist", f"{entry.label!r} needs component: or count:")
        checklist.append({"label": entry.label, "count": pieces, "unit": unit,
                          "counted": counted, "note": entry.note})
    return [{"id": "how-to-print", "title": chrome_in(language, options.title),
             "intro": options.intro,
             "files": files, "duplex": options.duplex, "duplex_wrong": options.duplex_wrong,
             "paper": options.paper, "copies": copies,
             "copies_widths": column_widths(copies),
             "copies_key": copies_key(options, counts, language), "steps": options.steps,
             "checklist": checklist, "checklist_layout": checklist_layout(len(checklist)),
             "folds": any(count.folds for count in counts.pieces.values())}]
