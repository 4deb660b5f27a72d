"""Hostile mutations of the shipped YAML files, and a sandbox that runs sheetgen on each.

Shared by ``tests/test_fuzz.py`` (about a hundred cases, every kind once) and
``benchmarks/fuzz_long.py`` (thousands, every game). A case is one file of one game replaced
by a mutated copy: a text mutation (control characters, deep nesting, alias bombs, tags,
binary, truncation...) or a structural one (a value replaced by a wrong type, a huge or
negative number, a very long text, a Jinja or sandbox escape, a path leaving the project; a key
deleted or added; a list item duplicated). Everything is seeded: the same seed gives the same
cases.
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml
from click.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
SENTINEL = "@@RAW@@"

# Values a structural mutation puts in place of an existing one.
HOSTILE_VALUES: list[Any] = [
    [1, 2], {"a": 1}, "text", 7, True, None, "", 0, -1, -7.5, 10**12, -10**12, 1e300, 2**64,
    "word " * 5000, "x" * 100_000, "Þórr ᚦ 🐉 \u202e", "{{ 7 * 7 }}", "{{ nope_field }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}", "{{ cycler.__init__.__globals__ }}",
    "{{ lipsum.__globals__['os'].system('touch PWNED') }}", "{{ 'a' * 1000000000 }}",
    "{{ 9 ** 9 ** 9 }}", "{% for i in range(100000000) %}x{% endfor %}", "{{ range(10) | list }}",
    "{{", "{% if %}", "{# open", "{{ self.__init__.__globals__ }}",
    "../../../../etc/passwd", "/etc/passwd", "../../out/evil", "..", "nul\\0byte", "%s%n",
    "#zzzzzz", "#12345", "1e99mm", "-5mm", "0mm", "999999mm", "5 furlongs",
]
# Raw YAML put in place of an existing value (tags, aliases, odd scalars).
RAW_VALUES = [
    '!!python/object/apply:os.system ["touch PWNED"]', "!!python/name:os.system",
    "!!binary aGVsbG8=", "!!set {a, b}", "!foo bar", ".nan", "-.inf", "2024-05-01",
    "&loop [1, *loop]", "0x1F", "0o17", "1_000", "~", "yes", "'\\x00'", '"\\0\\a\\e"',
]


@dataclass(frozen=True)
class Case:
    """One mutated file: where it goes in the project, what was done, the new bytes."""

    game: str
    file: str  # relative to the project root: data/<game>/x.yaml or templates/x.yaml
    mutation: str
    data: bytes
    kind: str = ""  # one of mutation_kinds(): what was done, without where


def source(file: str, base: Path = REPO) -> Path:
    """Return where ``file`` (relative to a project) is read from: ``base``, else the repo."""
    return base / file if (base / file).is_file() else REPO / file


def game_files(game: str, base: Path = REPO) -> list[str]:
    """Return the YAML files one game reads: its data folder (with its variants) and the
    templates it uses."""
    folder = base / "data" / game
    files = sorted(str(p.relative_to(base)) for p in [*folder.glob("*.yaml"),
                                                       *folder.glob("variants/*.yaml")])
    names = {p.stem for p in (REPO / "templates").glob("*.yaml")}
    used: set[str] = set()
    todo = [source(f, base) for f in files]
    while todo:
        text = todo.pop().read_text(encoding="utf-8")
        for word in set(re.findall(r"[a-z0-9][a-z0-9-]*", text)) & names - used:
            used.add(word)
            todo.append(REPO / "templates" / f"{word}.yaml")
    return files + sorted(f"templates/{name}.yaml" for name in used)


def _templates_named(text: str, names: set[str]) -> set[str]:
    return set(re.findall(r"[a-z0-9][a-z0-9-]*", text)) & names


@functools.lru_cache(maxsize=None)
def component_for(game: str, file: str, base: Path = REPO) -> str:
    """Return a component whose validation reads ``file``: the file's own component, one
    whose templates (with their extends chains) include it, or the game's smallest."""
    folder = base / "data" / game
    components = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))["components"]
    name = Path(file).stem
    if file.startswith("data/") and name in components:
        return name
    if "/variants/" in file:  # a component the variant changes, so its changes are applied
        words = set(re.findall(r"[a-z0-9][a-z0-9-]*", source(file, base).read_text(
            encoding="utf-8")))
        changed = [c for c in components if c in words]
        if changed:
            return changed[0]
    if file.startswith("templates/"):
        names = {p.stem for p in (REPO / "templates").glob("*.yaml")}
        for comp in components:
            todo = _templates_named((folder / f"{comp}.yaml").read_text(encoding="utf-8"),
                                    names)
            seen: set[str] = set()
            while todo:
                template = todo.pop()
                seen.add(template)
                todo |= _templates_named((REPO / "templates" / f"{template}.yaml").read_text(
                    encoding="utf-8"), names) - seen
            if name in seen:
                return comp
    return min(components, key=lambda c: (folder / f"{c}.yaml").stat().st_size)


def _nodes(data: Any, path: tuple = ()) -> list[tuple]:
    """Return the path of every node (mapping keys and list indexes) below ``data``."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _nodes(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _nodes(value, path + (index,))
    return found


def _get(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _dump(data: Any, raw: str | None = None) -> bytes:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=4096)
    if raw is not None:
        text = text.replace(f"'{SENTINEL}'", raw).replace(SENTINEL, raw)
    return text.encode("utf-8")


STRUCTURAL_KINDS = ([f"value #{n}" for n in range(len(HOSTILE_VALUES))]
                    + [f"raw #{n}" for n in range(len(RAW_VALUES))]
                    + ["delete", "unknown", "duplicate", "empty"])


def _structural(data: Any, rng: random.Random,
                kind: str | None = None) -> tuple[str, str, bytes]:
    """Mutate one node of a parsed copy of ``data`` (in the way ``kind`` of STRUCTURAL_KINDS
    names, else one drawn at random); return (kind, description, new bytes)."""
    import copy

    data = copy.deepcopy(data)
    paths = _nodes(data)
    listed = [p for p in paths if p and isinstance(_get(data, p[:-1]), list)]
    if kind == "duplicate" and listed:  # an item of a list, which can be duplicated
        path = rng.choice(listed)
    else:
        path = rng.choice(paths[1:] or paths)
    where = "/".join(map(str, path)) or "root"
    parent, last = (_get(data, path[:-1]), path[-1]) if path else (None, None)
    if kind is None:
        kind = rng.choice(["value", "value", "value", "raw", "delete", "unknown",
                           "duplicate", "empty"])
    family, _, number = kind.partition(" #")
    if parent is None:
        return kind, "root replaced by a list", _dump([data])
    if family == "value":
        value = HOSTILE_VALUES[int(number)] if number else rng.choice(HOSTILE_VALUES)
        parent[last] = value
        return kind, f"{where} = {str(value)[:40]!r}", _dump(data)
    if family == "raw":
        raw = RAW_VALUES[int(number)] if number else rng.choice(RAW_VALUES)
        parent[last] = SENTINEL
        return kind, f"{where} = raw {raw}", _dump(data, raw)
    if kind == "delete":
        del parent[last]
        return kind, f"{where} deleted", _dump(data)
    if kind == "unknown":
        target = _get(data, path) if isinstance(_get(data, path), dict) else parent
        if isinstance(target, dict):
            target["bogus_key"] = 1
            return kind, f"{where}: unknown key added", _dump(data)
        target.append({"bogus_key": 1})
        return kind, f"{where}: odd item appended", _dump(data)
    if kind == "duplicate" and isinstance(parent, list):
        parent.append(parent[last])
        return kind, f"{where} duplicated", _dump(data)
    parent[last] = rng.choice([[], {}, [[]], [{}]])
    return "empty", f"{where} emptied", _dump(data)


def _alias_bomb() -> str:
    text = "bomb0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 9):
        text += f"bomb{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n"
    return text


def _textual_choices(text: str, rng: random.Random) -> list[tuple[str, Callable[[], bytes]]]:
    """Return every textual mutation of ``text``: (name, a function making the new bytes)."""
    at = rng.randrange(len(text) + 1)
    lines = text.split("\n")
    line_no = rng.randrange(len(lines))
    choices: list[tuple[str, Callable[[], bytes]]] = [
        ("empty file", lambda: b""),
        ("blank lines", lambda: b"\n\n  \n"),
        ("a bare word", lambda: b"hello\n"),
        ("a list, not a mapping", lambda: b"- 1\n- 2\n"),
        ("binary", lambda: rng.randbytes(300)),
        ("truncated", lambda: text[:at].encode()),
        ("control character", lambda: (text[:at] + rng.choice("\x00\x01\x07\x0b\x1b\x7f\x9b")
                                       + text[at:]).encode()),
        ("byte-order mark", lambda: ("\ufeff" + text).encode()),
        ("not UTF-8", lambda: text[:at].encode() + b"\xff\xfe\xc3" + text[at:].encode()),
        ("deep flow nesting", lambda: (text + "\nnest: " + "[" * 100_000 + "]" * 100_000
                                       + "\n").encode()),
        ("deep block nesting", lambda: (text + "\nnest:\n" + "".join(
            " " * (i + 1) + "- \n" for i in range(300))).encode()),
        ("alias bomb", lambda: (text + "\n" + _alias_bomb()).encode()),
        ("recursive alias", lambda: (text + "\nloop: &loop [1, *loop]\n").encode()),
        ("python tag", lambda: (text + '\nevil: !!python/object/apply:os.system '
                                       '["touch PWNED"]\n').encode()),
        ("tab indent", lambda: "\n".join(
            ln if i != line_no else re.sub(r"^ +", "\t", ln)
            for i, ln in enumerate(lines)).encode()),
        ("duplicated line", lambda: "\n".join(
            lines[:line_no + 1] + lines[line_no:]).encode()),
        ("line deleted", lambda: "\n".join(lines[:line_no] + lines[line_no + 1:]).encode()),
        ("huge file", lambda: (text + "\n# " + "x" * 2_500_000 + "\n").encode()),
        ("two documents", lambda: (text + "\n---\nid: other\n").encode()),
    ]
    return choices


def _textual(text: str, rng: random.Random, kind: str | None = None) -> tuple[str, bytes]:
    """Mutate the text of a file (in the way ``kind`` names, else one drawn at random);
    return (name, new bytes)."""
    choices = _textual_choices(text, rng)
    name, make = rng.choice(choices) if kind is None else (kind, dict(choices)[kind])
    return name, make()


def mutation_kinds() -> list[str]:
    """Return every kind of mutation: each textual one, each hostile and raw value put in
    place of a value, and each other structural change (deleted, unknown key, duplicated,
    emptied)."""
    return [name for name, _ in _textual_choices("x", random.Random(0))] + STRUCTURAL_KINDS


def cases(game: str, count: int, seed: str = "fuzz", structural_share: float = 0.65,
          base: Path = REPO, first_kind: int | None = None) -> list[Case]:
    """Return ``count`` seeded mutations spread over every YAML file ``game`` reads (its data
    files as they are in the project ``base``). Each mutation's kind is drawn at random, or
    with ``first_kind``, taken in turn from ``mutation_kinds()`` starting at that index (so
    that a few cases make every kind)."""
    files = game_files(game, base)
    texts = {f: source(f, base).read_text(encoding="utf-8") for f in files}
    parsed = {f: yaml.safe_load(text) for f, text in texts.items()}
    kinds = mutation_kinds()
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:{game}:{i}")
        file = files[i % len(files)]
        if first_kind is None:
            structural = rng.random() < structural_share and parsed[file] is not None
            kind = None
        else:
            kind = kinds[(first_kind + i) % len(kinds)]
            structural = kind in STRUCTURAL_KINDS and parsed[file] is not None
        if structural:
            kind, name, data = _structural(parsed[file], rng, kind)
        else:
            name, data = _textual(texts[file], rng, None if kind in STRUCTURAL_KINDS else kind)
            kind = name
        out.append(Case(game, file, name, data, kind))
    return out


# ---- SVG art and spreadsheet items ---------------------------------------------------

# An icon a small component draws (shadowed in the sandbox by a mutated copy), and the
# spreadsheet a deck reads its items from.
SVG_TARGET = ("roll-and-might", "templates/icons/swords.svg", "legend")
CSV_TARGET = ("roll-and-might", "data/roll-and-might/cards.csv", "cards")
_SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
_GRADIENT = ('<linearGradient id="g" gradientTransform="{}"><stop offset="nan"/>'
             '</linearGradient><path fill="url(#g)"')


def _svg_mutation(text: str, rng: random.Random, pick: int) -> tuple[str, bytes]:
    """Mutate an SVG icon with mutation number ``pick`` (of a cycle); return (description, new
    bytes)."""
    at = rng.randrange(len(text) + 1)
    numbers = [m.span() for m in re.finditer(r"\d+(?:\.\d+)?", text)]
    start, end = rng.choice(numbers)
    body = text[text.index(">") + 1:text.rindex("</svg>")]
    choices: list[tuple[str, Callable[[], str | bytes]]] = [
        ("truncated", lambda: text[:at]),
        ("a number changed", lambda: text[:start] + str(rng.randint(0, 512)) + text[end:]),
        ("a comment", lambda: text.replace("<path", "<!-- <text>x</text> --><path", 1)),
        ("restyled", lambda: text.replace("<path", '<path style="fill: #8b0000; opacity: 0.5"'
                                          ' transform="rotate(10 256 256)"', 1)),
        ("binary", lambda: rng.randbytes(400)),
        ("empty", lambda: ""),
        ("not UTF-8", lambda: text[:at].encode() + b"\xff\xfe" + text[at:].encode()),
        ("stray character", lambda: text[:at] + rng.choice("<>&\"'\x00;#%") + text[at:]),
        ("number replaced", lambda: text[:start] + rng.choice(
            ["nan", "NaN", "inf", "1e999", "-", "1e9999999", "0x10", "", ".", "1..2"]) +
            text[end:]),
        ("entity bomb", lambda: '<!DOCTYPE svg [<!ENTITY a "' + "a" * 50 + '">' + "".join(
            f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9))
            + "]>" + text.replace("</svg>", "<desc>&j;</desc></svg>")),
        ("external entity", lambda: '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            + text.replace("</svg>", "<desc>&x;</desc></svg>")),
        ("use loop", lambda: text.replace("</svg>", '<g id="a"><use href="#b"/></g>'
                                          '<g id="b"><use href="#a"/></g></svg>')),
        ("use fan-out", lambda: text.replace("<path", '<path id="p0"', 1).replace("</svg>", "".join(
            f'<g id="p{n}">' + f'<use href="#p{n - 1}"/>' * 10 + "</g>" for n in range(1, 7))
            + "</svg>")),
        ("100,000 elements", lambda: text.replace("</svg>", "<g/>" * 100_000 + "</svg>")),
        ("deep nesting", lambda: _SVG_HEAD + "<g>" * 5000 + body + "</g>" * 5000 + "</svg>"),
        ("text", lambda: text.replace("</svg>", "<text>Odin</text></svg>")),
        ("external image", lambda: text.replace(
            "</svg>", '<image href="file:///etc/passwd" width="9" height="9"/></svg>')),
        ("external use", lambda: text.replace("</svg>", '<use href="http://x.test/a.svg#b"/></svg>')),
        ("no viewBox", lambda: text.replace('viewBox="0 0 512 512"', "")),
        ("empty viewBox", lambda: text.replace('viewBox="0 0 512 512"', 'viewBox="0 0 0 0"')),
        ("huge file", lambda: text.replace("</svg>", "<desc>" + "x" * 2_500_000 + "</desc></svg>")),
        ("gradient", lambda: text.replace("<path", _GRADIENT.format(
            rng.choice(["rotate(", "scale(1e999)", "skewX(90)", "scale(2)"])), 1)),
        ("path data garbage", lambda: re.sub(r' d="[^"]*"', ' d="' + rng.choice(
            ["M", "Z 1 2", "M0 0 A1 1 0 2 1 3 3", "M0,0 L" + "9" * 400, "M0 0" + " L1 1" * 300_000])
            + '"', text, count=1)),
    ]
    name, make = choices[pick % len(choices)]
    data = make()
    return name, data if isinstance(data, bytes) else data.encode()


def _csv_mutation(text: str, rng: random.Random, pick: int) -> tuple[str, bytes]:
    """Mutate a CSV of items with mutation number ``pick`` (of a cycle, or a YAML-style text
    mutation); return (description, new bytes)."""
    lines = text.split("\n")
    row = rng.randrange(1, max(2, len(lines) - 1))
    cells = lines[row].split(",")
    column = rng.randrange(len(cells))
    choices: list[tuple[str, Callable[[], str | bytes]]] = [
        ("unbalanced quote", lambda: text.replace(",", ',"', 1)),
        ("extra column", lambda: "\n".join(ln + ",x" if i == row else ln
                                           for i, ln in enumerate(lines))),
        ("missing columns", lambda: "\n".join(ln.split(",")[0] if i == row else ln
                                              for i, ln in enumerate(lines))),
        ("header renamed", lambda: "\n".join(["x" + lines[0]] + lines[1:])),
        ("header only", lambda: lines[0] + "\n"),
        ("cell replaced", lambda: "\n".join(",".join(
            rng.choice(["", "nan", "-1", "1e999", "{{ 7 * 7 }}", "x" * 20_000, "\x00", "\u202e",
                        "=cmd|' /C calc'!A0", "../../etc/passwd", "[1, 2]", "{a: 1}"])
            if (i, j) == (row, column) else c for j, c in enumerate(ln.split(",")))
            for i, ln in enumerate(lines))),
        ("duplicate row", lambda: "\n".join(lines[:row + 1] + lines[row:])),
        ("byte-order mark", lambda: "\ufeff" + text),
        ("semicolons", lambda: text.replace(",", ";")),
    ]
    choices += [("text", lambda: _textual(text, rng)[1])] * 3
    name, make = choices[pick % len(choices)]
    data = make()
    return name, data if isinstance(data, bytes) else data.encode()


def input_cases(count: int, seed: str = "fuzz") -> list[tuple[Case, str]]:
    """Return ``count`` seeded mutations of an SVG icon and of a CSV of items, each with the
    component whose validation reads the file."""
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:inputs:{i}")
        game, file, component = SVG_TARGET if i % 2 == 0 else CSV_TARGET
        text = (REPO / file).read_text(encoding="utf-8")
        mutate = _svg_mutation if file.endswith(".svg") else _csv_mutation
        name, data = mutate(text, rng, i // 2)
        out.append((Case(game, file, name, data), component))
    return out


def xlsx_workbook(rows: list[list], sheet: str = "Cards") -> bytes:
    """Return the bytes of a workbook holding ``rows`` on sheet ``sheet``."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    book.active.title = sheet
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def xlsx_cases(rows: list[list], count: int, seed: str = "fuzz") -> list[tuple[str, bytes]]:
    """Return ``count`` seeded (description, bytes) mutations of a workbook of ``rows``: broken
    bytes (flipped, truncated, random, another format) and hostile cell values."""
    import math

    original = xlsx_workbook(rows)
    out = []
    for i in range(count):
        rng = random.Random(f"{seed}:xlsx:{i}")
        row, column = rng.randrange(1, len(rows)), rng.randrange(len(rows[0]))

        def cell(value):
            changed = [list(r) for r in rows]
            changed[row][column] = value
            return xlsx_workbook(changed)

        def flipped():
            data = bytearray(original)
            for _ in range(rng.randint(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            return bytes(data)

        choices: list[tuple[str, Callable[[], bytes]]] = [
            ("flipped bytes", flipped),
            ("truncated", lambda: original[:rng.randrange(len(original))]),
            ("random bytes", lambda: rng.randbytes(2000)),
            ("a CSV named .xlsx", lambda: b"id,name\na,b\n"),
            ("empty", lambda: b""),
            ("no such sheet", lambda: xlsx_workbook(rows, sheet="Other")),
            ("header only", lambda: xlsx_workbook(rows[:1])),
            ("cell value", lambda: cell(rng.choice(
                [math.nan, math.inf, 1e308, -1, 0, True, "=1/0", '=HYPERLINK("http://x")',
                 "x" * 30_000, "{{ 7 * 7 }}", "\u202e", None, 3.5, "[1, 2]", "2024-05-01"]))),
            ("unchanged", lambda: original),
        ]
        name, make = choices[i % len(choices)] if i < len(choices) else rng.choice(choices)
        out.append((name, make()))
    return out


# ---- running a case -------------------------------------------------------------------

# path:line, path.csv:row:column, or a workbook's cell: path.xlsx:Sheet!C7
ERROR_LINE = re.compile(r"^error: (?P<path>.+?):(?:(?P<line>\d+)|[^:!\n]+![A-Z]+(?P<row>\d+)): ",
                        re.M)


@dataclass
class Outcome:
    """What one case did, and every way it broke the rules."""

    case: Case
    command: list[str]
    exit_code: int
    output: str
    seconds: float
    traceback: str = ""
    unlocated: list[str] = field(default_factory=list)
    lost_outputs: list[str] = field(default_factory=list)
    strays: list[str] = field(default_factory=list)

    @property
    def broken(self) -> list[str]:
        """Return every rule this case broke (empty when it behaved)."""
        rules = []
        if self.exit_code not in (0, 2):
            rules.append(f"exit code {self.exit_code}")
        if self.traceback:
            rules.append(f"traceback: {self.traceback}")
        rules += [f"error without path:line: {line}" for line in self.unlocated]
        rules += [f"output lost or changed: {p}" for p in self.lost_outputs]
        rules += [f"file created outside out/: {p}" for p in self.strays]
        return rules


def _shorten_items(path: Path, max_items: int) -> None:
    """Keep the first ``max_items`` items of a component file whose items: list is longer,
    and every item the game's dice.yaml or variants name (they must stay valid)."""
    from sheetgen.load.model import slugify

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list) or len(items) <= max_items:
        return
    folder = path.parent
    named = " ".join(p.read_text(encoding="utf-8") for p in
                     [*folder.glob("dice.yaml"), *folder.glob("variants/*.yaml")])
    words = set(re.findall(r"[a-z0-9][a-z0-9-]*", named))

    def item_id(item) -> str:
        if not isinstance(item, dict):
            return ""
        return str(item.get("id") or slugify(str(item.get("name") or item.get("title") or "")))

    data["items"] = [item for index, item in enumerate(items)
                     if index < max_items or item_id(item) in words]
    path.write_bytes(_dump(data))


def _digest_tree(root: Path, skip: set[Path] = frozenset()) -> dict[str, str]:
    """Return {relative path: sha256} of every file below ``root`` except under ``skip``."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        dirnames[:] = [d for d in dirnames if here / d not in skip]
        for name in filenames:
            path = here / name
            found[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


class Sandbox:
    """A project folder holding copies of some games, where cases are applied and run."""

    def __init__(self, root: Path, games: list[str], max_items: int | None = None):
        """Copy ``games`` below ``root``; with ``max_items``, every longer ``items:`` list
        keeps only its first ``max_items`` (a small copy that validates much faster)."""
        import shutil

        self.root = root
        self.out = root / "out"
        self.cwd = root / "cwd"  # the working directory while a case runs: must stay empty
        self.cache = root / "cache"
        for game in games:
            shutil.copytree(REPO / "data" / game, root / "data" / game)
            if max_items is not None:
                for path in sorted((root / "data" / game).glob("*.yaml")):
                    _shorten_items(path, max_items)
        (root / "templates").mkdir()
        self.out.mkdir()
        self.cwd.mkdir()
        self.runner = CliRunner()

    def invoke(self, args: list[str]):
        """Run ``sheetgen --project ROOT ARGS`` in-process from the empty working folder."""
        old_cwd, old_cache = os.getcwd(), os.environ.get("SHEETGEN_CACHE_DIR")
        os.chdir(self.cwd)
        os.environ["SHEETGEN_CACHE_DIR"] = str(self.cache)
        try:
            from sheetgen.cli import main

            return self.runner.invoke(main, ["--project", str(self.root), *args])
        finally:
            os.chdir(old_cwd)
            if old_cache is None:
                os.environ.pop("SHEETGEN_CACHE_DIR", None)
            else:
                os.environ["SHEETGEN_CACHE_DIR"] = old_cache

    def run(self, case: Case, command: list[str]) -> Outcome:
        """Apply ``case``, run ``command``, restore the file; return what happened."""
        target = self.root / case.file
        original = target.read_bytes() if target.exists() else None
        guarded = {self.out, self.cache, self.cwd, target}
        before_tree = _digest_tree(self.root, guarded)
        before_out = _digest_tree(self.out)
        target.write_bytes(case.data)
        start = time.perf_counter()
        try:
            result = self.invoke(command)
        finally:
            seconds = time.perf_counter() - start
            if original is None:
                target.unlink()
            else:
                target.write_bytes(original)
        outcome = Outcome(case, command, result.exit_code, result.output, seconds)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            import traceback

            frame = traceback.extract_tb(result.exc_info[2])[-1]
            outcome.traceback = (f"{type(result.exception).__name__}: "
                                 f"{str(result.exception)[:200]} at {frame.filename}:"
                                 f"{frame.lineno}")
        for line in result.output.splitlines():
            if line.startswith("error:"):
                match = ERROR_LINE.match(line)
                if not match or int(match["line"] or match["row"]) < 1:
                    outcome.unlocated.append(line[:300])
        after_out = _digest_tree(self.out)
        if result.exit_code != 0 or command[0] == "validate":
            outcome.lost_outputs = sorted(
                p for p in set(before_out) | set(after_out)
                if before_out.get(p) != after_out.get(p))
        after_tree = _digest_tree(self.root, guarded)
        outcome.strays = sorted(set(after_tree) - set(before_tree))
        outcome.strays += [str(p) for p in self.cwd.iterdir()]
        return outcome
