"""Read the code examples of the documentation pages, so a test can run every one.

A page's fenced blocks are taken in order:

- ``yaml`` blocks are files. A block that is a snippet include (``--8<-- "docs/examples/
  <project>/<path>"``) is that example project's file; any other block starts with a comment
  naming where it goes: ``# data/<game>/<file>.yaml`` (the whole file), or
  ``# fragment of data/<game>/<file>.yaml``: its top-level keys go into that file (a mapping
  adds to the file's mapping of that key, and ``items`` replace the items of the same name).
  A whole ``# templates/<name>.yaml`` is built as the front and back of a one-card deck.
- ``sh`` blocks are commands, one a line (a trailing ``\\`` continues a line; ``# exit 2`` at
  the end of a line says the command must fail with that code).
- ``console`` blocks are ``$ command`` lines, each followed by the output it must print.
- ``text`` blocks are shown output or listings: snippet includes in them name example files.

Commands that install or test the package itself (``pip``, ``pytest``), benchmarks and the
golden-output tool are not run here: CI runs the first two, and the others are checked to
exist (see ``SKIPPED``).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^( *)```(\w*)[^\n]*\n(.*?)^\1```", re.S | re.M)  # indented in lists too
SNIPPET = re.compile(r'^--8<-- "([^"]+)"$')
TARGET = re.compile(r"^# (fragment of )?((?:data|templates)/\S+\.(?:yaml|csv)|profiles\.yaml)\b")
EXIT = re.compile(r"#\s*exit (\d+)\b")
# first words of commands not run by the docs test, and why
SKIPPED = {
    "pip": "installs the package: CI runs the README's install commands",
    "pytest": "runs the suite: CI runs it",
    "python tests/golden/golden.py": "the golden tool: tests/test_golden.py runs it",
    "python benchmarks/": "benchmarks: scripts checked to exist, too slow for the suite",
    "python .ci/constraints.py": "rewrites constraints.txt: checked to exist",
    "mkdocs": "builds this site: tests/test_docs.py runs it",
    "node": "the JavaScript reference: tests/test_dice_pins.py runs it",
}


@dataclass
class Example:
    """One fenced block of a page: its language, text, and where it stands."""

    page: Path
    line: int
    lang: str
    text: str

    @property
    def where(self) -> str:
        """Return ``page:line`` for messages."""
        return f"{self.page}:{self.line}"

    @property
    def snippet(self) -> str | None:
        """Return the included file when the block is one snippet include."""
        match = SNIPPET.match(self.text.strip())
        return match[1] if match else None


@dataclass
class Command:
    """One shell command of an ``sh`` or ``console`` block, and what it must do."""

    text: str
    exit_code: int = 0
    output: list[str] | None = None  # console blocks: the lines it must print
    example: Example | None = field(default=None, repr=False)

    def skipped(self) -> str | None:
        """Return why the command is not run here, or None."""
        return next((why for start, why in SKIPPED.items() if self.text.startswith(start)),
                    None)


def examples(page: Path) -> list[Example]:
    """Return the fenced blocks of ``page`` in order."""
    return examples_in(page.read_text(encoding="utf-8"), page)


def commands(example: Example) -> list[Command]:
    """Return the commands of an ``sh`` or ``console`` block."""
    if example.lang == "console":
        out: list[Command] = []
        for line in example.text.splitlines():
            if line.startswith("$ "):
                out.append(Command(line[2:].strip(), output=[], example=example))
            elif out:
                out[-1].output.append(line.rstrip())
        return out
    joined = example.text.replace("\\\n", " ")
    out = []
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        code = EXIT.search(line)
        out.append(Command(line, int(code[1]) if code else 0, example=example))
    return out


def target(example: Example) -> tuple[str, bool] | None:
    """Return (path, is_fragment) named by a yaml block's first-line comment."""
    match = TARGET.match(example.text)
    return (match[2], bool(match[1])) if match else None


def first_yaml(page: Path, after: str | None = None) -> str:
    """Return the first ``yaml`` block of ``page`` (after the line starting ``after``)."""
    text = page.read_text(encoding="utf-8")
    if after is not None:
        text = text.split(after, 1)[1]
    return next(e.text for e in examples_in(text, page) if e.lang == "yaml")


def examples_in(text: str, page: Path) -> list[Example]:
    """Return the fenced blocks of a page's ``text``."""
    return [Example(page, text.count("\n", 0, m.start()) + 1, m[2], textwrap.dedent(m[3]))
            for m in FENCE.finditer(text)]
