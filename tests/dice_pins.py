"""Pinned dice scripts: one or more per game, seed -> digest, with their inputs frozen.

Each entry holds what a script is made from (game id, players, seed or secret and words,
balanced, variant, the game's dice.yaml and the deck files it reads, as plain JSON) and the
digest. The inputs are frozen copies, so a later edit of a game's cards does not move a pin;
only a change of the engine (or of the algorithm) does. The Node checker rebuilds every entry
from the README's rules alone.

Regenerate (after a reviewed, intended change of the script format):
    python tests/dice_pins.py > tests/dice_pins.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
PINS = Path(__file__).with_name("dice_pins.json")
# (game, players, seed, variant, balanced, words): every game, every step kind and option.
CASES = [
    ("roll-and-raid", 4, "odin", None, False, None),
    ("roll-and-raid", 1, "to paris", "paris", False, None),
    ("roll-and-raid", 3, "catan", None, True, None),
    ("roll-and-raid", 6, "fenrir", "creatures", False, None),
    ("rolling-thunder", 1, "thunder", None, False, None),
    ("rolling-thunder", 3, 2024, None, False, None),
    ("roll-and-might", 1, "alone", None, False, None),
    ("roll-and-might", 5, "  Ragnarök  ", None, False, "odin  thor\u0085freya"),
    ("reavers-of-midgard", 3, "longship", None, False, None),
    ("ragnarocks", 2, "ivory", None, False, None),
    ("ragnarocks", 5, "teams", "quick-setup", False, None),
]


def plain(data):
    """Return YAML data as JSON data (mapping keys as text)."""
    return json.loads(json.dumps(data, default=str))


def inputs(data_dir: Path, game: str) -> tuple[dict, dict]:
    """Return a game's dice.yaml and every deck file it names, as JSON data."""
    folder = data_dir / game
    rules = plain(yaml.safe_load((folder / "dice.yaml").read_text(encoding="utf-8")))
    steps = [s for part in ("setup", "each_round") for s in rules.get(part) or []]
    steps += [s for v in (rules.get("variants") or {}).values()
              for s in v.get("steps", {}).values()]
    names = sorted({s["deck"] for s in steps if s.get("deck")})
    decks = {n: deck_data(folder, n) for n in names}
    return rules, decks


def deck_data(folder: Path, name: str) -> dict:
    """Return a deck file as JSON data; items read from a table are written out as items."""
    data = plain(yaml.safe_load((folder / f"{name}.yaml").read_text(encoding="utf-8")))
    source = data.get("items_from") or {}
    if "csv" in source or "xlsx" in source:
        from sheetgen.base.errors import ProblemList
        from sheetgen.load.loading import load_component
        from sheetgen.load.project import Project

        problems = ProblemList()
        loaded = load_component(Project.at(folder.parent.parent), folder / f"{name}.yaml", name,
                                problems)
        problems.raise_if_any()
        del data["items_from"]
        data["items"] = [plain(item.fields()) for item in loaded.model.items]
    return data


def entry(project, case, rules: dict, decks: dict) -> dict:
    """Return one pinned entry: the case, its frozen inputs and the digest sheetgen gives."""
    from sheetgen.dice.api import make_script

    game, players, seed, variant, balanced, words = case
    if words:
        script = make_script(project, game, players, secret=str(seed), words=words,
                             balanced=balanced, variant=variant)
    else:
        script = make_script(project, game, players, seed=seed, balanced=balanced,
                             variant=variant)
    out = {"game": game, "players": players, "balanced": balanced, "variant": script.variant,
           "dice_yaml": rules, "decks": decks, "digest": script.digest}
    out |= {"secret": str(seed), "words": words} if words else {"seed": seed}
    return out


def write_project(root: Path, pinned: dict) -> None:
    """Write a pinned entry's frozen inputs as a project folder (YAML files)."""
    folder = root / "data" / pinned["game"]
    folder.mkdir(parents=True, exist_ok=True)
    # the game's own game.yaml, so the project finds the game here and reads the frozen decks,
    # not the repository's live ones (a game folder without it is not a game)
    (folder / "game.yaml").write_text(
        (REPO / "data" / pinned["game"] / "game.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    (folder / "dice.yaml").write_text(yaml.safe_dump(pinned["dice_yaml"], allow_unicode=True),
                                      encoding="utf-8")
    for name, data in pinned["decks"].items():
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True),
                                             encoding="utf-8")


# (game, players, seed, playtest variant file): every shipped variant file, checked against
# the current data only (not pinned: a playtest's cards change often).
FILE_VARIANTS = [
    ("roll-and-might", 3, "short", "short-game"),
    ("reavers-of-midgard", 5, "seas", "more-sea-battles"),
    ("ragnarocks", 2, "frigg", "frigg-reworked"),
    ("roll-and-raid", 2, "winter", "harsh-winter"),
]


def variant_entries() -> list[dict]:
    """Return entries for the shipped playtest variant files (current data, files as JSON)."""
    sys.path.insert(0, str(REPO))
    from sheetgen.load.project import Project

    project = Project.at(REPO)
    out = []
    for game, players, seed, variant in FILE_VARIANTS:
        rules, decks = inputs(REPO / "data", game)
        folder = REPO / "data" / game / "variants"
        files = {p.stem: plain(yaml.safe_load(p.read_text(encoding="utf-8")))
                 for p in sorted(folder.glob("*.yaml"))}
        for name in files[variant].get("changes", {}):
            if name not in decks and (REPO / "data" / game / f"{name}.yaml").is_file():
                decks[name] = deck_data(REPO / "data" / game, name)
        out.append({**entry(project, (game, players, seed, variant, False, None), rules, decks),
                    "variant_files": files})
    return out


def live_entries(cases=CASES) -> list[dict]:
    """Return entries made from the repository's current data."""
    sys.path.insert(0, str(REPO))
    from sheetgen.load.project import Project

    project = Project.at(REPO)
    return [entry(project, case, *inputs(REPO / "data", case[0])) for case in cases]


if __name__ == "__main__":
    print(json.dumps({"scripts": live_entries()}, ensure_ascii=False, indent=1))
