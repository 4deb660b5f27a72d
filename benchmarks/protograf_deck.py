"""The Mythology deck in protograf 0.6.0, for the side-by-side figure of bench_iteration.py.

protograf (https://pypi.org/project/protograf/) is a Python library for drawing card decks
with PyMuPDF. It is installed by the benchmark itself into a throw-away virtual environment
(``python3.13 -m venv``, then ``pip install protograf==0.6.0``), never into sheetgen's.
protograf 0.6.0 needs Python 3.13: :func:`python313` finds one, or the column is skipped.

The deck, as close to sheetgen's as protograf's vocabulary allows: the 32 cards of
``data/ragnarocks/mythology-cards.yaml`` (read here, so both tools print the same words), poker
size (63.5 x 88.9 mm), nine to an A4 page (5 mm margins) with cut marks, each page of fronts
followed by its page of backs (8 pages, as sheetgen's a4 profile). Each front has a parchment
fill with a rounded dark border, an inner frame, the card's name (14 pt) and Old Norse name
(8 pt), its emblem (the same game-icons.net SVG sheetgen draws, 2.4 cm square) and its powers
(each timing line and its text, wrapped in a 5.25 x 4 cm box at 7 pt: at 8 pt the longest
overflow in protograf, where sheetgen shrinks the emblem). Each back has a dark fill, an inner
frame, and "Mythology" with the group (simple or advanced). sheetgen's deck has more on it (a
mottled texture, knotwork corners, a command icon, per-card backs), so the comparison, if
anything, flatters protograf.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "data" / "ragnarocks" / "mythology-cards.yaml"
ICONS = ROOT / "templates" / "icons"
VERSION = "0.6.0"
PYTHON = "3.13"  # protograf 0.6.0 requires it

SCRIPT = '''\
from protograf import *

ROWS = json.loads(open("deck.json", encoding="utf-8").read())
Create(filename="mythology-protograf.pdf", paper="A4", units="cm", margin=0.5)
Data(data_list=ROWS)
Deck(cards=len(ROWS) - 1, card_size="poker", fill="#efe3c8", stroke="#3b2a1a", rounding=0.3,
     grid_marks=True)
Card("all",
     rectangle(x=0.3, y=0.3, width=5.75, height=8.29, fill=None, stroke="#7a5c2e",
               stroke_width=1.2),
     text(text=T("{{ name }}"), x=3.175, y=1.1, font_size=14, stroke="#2b1d0e"),
     text(text=T("{{ norse }}"), x=3.175, y=1.6, font_size=8, stroke="#5a4630"),
     image(T("{{ emblem }}"), x=1.975, y=1.9, width=2.4, height=2.4),
     text(text=T("{{ powers }}"), x=0.55, y=4.5, width=5.25, height=4.0, wrap=True,
          font_size=7, stroke="#2b1d0e", align="left"))
CardBack("all",
         rectangle(x=0, y=0, width=6.35, height=8.89, fill="#3b2a1a", stroke=None),
         rectangle(x=0.4, y=0.4, width=5.55, height=8.09, fill=None, stroke="#c9a45c",
                   stroke_width=1.5),
         text(text="Mythology", x=3.175, y=4.2, font_size=18, stroke="#c9a45c"),
         text(text=T("{{ group }}"), x=3.175, y=5.0, font_size=9, stroke="#c9a45c"))
Save()
'''


def deck_rows() -> list[list[str]]:
    """Return the deck as protograf's list of lists: a header row, then one row per card."""
    spec = yaml.safe_load(DECK.read_text(encoding="utf-8"))
    defaults = spec.get("defaults", {})
    rows = [["name", "norse", "emblem", "powers", "group"]]
    for item in spec["items"]:
        card = {**defaults, **item}
        powers = "\n".join(f"{p['timing']}: {p['text']}" if p.get("timing") else p["text"]
                           for p in card.get("powers", []))
        rows.append([card["name"], card.get("norse", ""), str(ICONS / f"{card['figure']}.svg"),
                     powers, card.get("group", "")])
    return rows


def python313() -> str | None:
    """Return a Python 3.13 interpreter that runs (on PATH, or a pyenv version), or None."""
    candidates = [shutil.which(f"python{PYTHON}"),
                  *map(str, sorted(Path.home().glob(f".pyenv/versions/{PYTHON}*/bin/python3")))]
    check = f"import sys; sys.exit(sys.version_info[:2] != {tuple(map(int, PYTHON.split('.')))})"
    for candidate in filter(None, candidates):
        try:
            if subprocess.run([candidate, "-c", check], capture_output=True).returncode == 0:
                return candidate
        except OSError:
            continue
    return None


def prepare(folder: Path, python: str, venv: Path | None = None) -> list[str]:
    """Make a venv of ``python`` (3.13) with protograf in ``folder`` (or use ``venv``, one
    made already) and write the deck script; return the command that builds the deck (run
    it with ``cwd=folder``)."""
    env = venv or folder / "venv"
    if not (env / "bin" / "python").exists():
        print(f"installing protograf {VERSION} into a throw-away venv ({env}) ...", flush=True)
        subprocess.run([python, "-m", "venv", str(env)], check=True)
        subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "-q",
                        f"protograf=={VERSION}"], check=True)
    (folder / "deck.json").write_text(json.dumps(deck_rows()), encoding="utf-8")
    (folder / "mythology.py").write_text("import json\n" + SCRIPT, encoding="utf-8")
    return [str(env / "bin" / "python"), "mythology.py"]


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    target.mkdir(parents=True, exist_ok=True)
    interpreter = python313()
    if interpreter is None:
        raise SystemExit(f"protograf {VERSION} needs Python {PYTHON}; none found")
    print(prepare(target, interpreter))
