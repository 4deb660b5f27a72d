"""Fuzz the loaders: hostile mutations of the shipped YAML files, every kind, in-process.

Every case must exit 0 or 2, never with a traceback; every error names ``path:line``; the
outputs already in ``out/`` stay byte-identical when a command fails (and ``validate`` never
touches them); nothing is created outside ``out/``; no case grows memory much (how long the
slowest case takes is a figure of ``benchmarks/fuzz_long.py``, not a test: the machine is shared).
Most cases run ``validate GAME COMPONENT`` on the component that reads the mutated file; a
sample builds a small component over earlier outputs. To stay quick, the games are copied with
at most three items per ``items:`` list (mutations are made of those short files). The long
run over every game's whole files is ``benchmarks/fuzz_long.py``.
"""

from __future__ import annotations

import resource

import pytest

import csv
import re

from fuzzcases import (Case, Sandbox, cases, component_for, input_cases, mutation_kinds,
                       xlsx_cases)

pytestmark = pytest.mark.slow  # a hundred validations and builds

# Cases per game; Reavers of Midgard (whose board alone validates in seconds) is left to the
# long run. Each game's build sample uses a small component that prints on A4. The cases take
# the kinds of mutation in turn (fuzzcases.mutation_kinds: each textual one, each hostile
# value, each structural change), the games one after another, so every kind runs at least
# once: 520 cases drawn at random (until session 18) made the same kinds again, 80 ms each,
# and missed some. Many more, at random, are benchmarks/fuzz_long.py's.
CASES = {"ragnarocks": 32, "roll-and-might": 30, "rolling-thunder": 16, "roll-and-raid": 30}
BUILT = {"ragnarocks": "tokens", "roll-and-might": "legend", "rolling-thunder": "play-sheet",
         "roll-and-raid": "odds-card"}
BUILD_EVERY = 2  # of the cases touching a built component (17 of them)
BUILDS = 8  # builds over earlier outputs, at least
MAX_GROWTH_KB = 1_000_000
MAX_ITEMS = 3


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = Sandbox(tmp_path_factory.mktemp("fuzz"), list(CASES), max_items=MAX_ITEMS)
    for game, component in BUILT.items():
        result = box.invoke(["build", game, component, "-p", "a4", "--out", str(box.out), "-q"])
        assert result.exit_code == 0, result.output
    return box


def test_hostile_mutations_never_break_the_rules(sandbox):
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    outcomes, built, first_kind = [], 0, 0
    for game, count in CASES.items():
        for case in cases(game, count, seed="suite", base=sandbox.root, first_kind=first_kind):
            component = component_for(game, case.file, sandbox.root)
            command = ["validate", game, component]
            if component == BUILT[game]:
                built += 1
                if built % BUILD_EVERY == 0:
                    command = ["build", game, component, "-p", "a4", "--out", str(sandbox.out),
                               "-q"]
            outcomes.append(sandbox.run(case, command))
        first_kind += count
    broken = [f"{o.case.file} [{o.case.mutation}] {' '.join(o.command[:3])}: {rule}"
              for o in outcomes for rule in o.broken]
    assert not broken, "\n".join(broken[:30])
    missed = set(mutation_kinds()) - {o.case.kind for o in outcomes}
    assert not missed, f"kinds of mutation never made: {sorted(missed)}"
    assert sum(o.command[0] == "build" for o in outcomes) >= BUILDS
    for game in CASES:  # harmless and harmful mutations both ran (the copy itself is valid)
        assert {o.exit_code for o in outcomes if o.case.game == game} == {0, 2}, game
    growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before
    assert growth < MAX_GROWTH_KB, f"peak memory grew by {growth} kB"
    outputs = sorted(p.name for p in sandbox.out.rglob("*.pdf"))
    assert outputs == sorted(f"{c}-a4.pdf" for c in BUILT.values()), outputs


def test_hostile_svg_art_and_csv_items_never_break_the_rules(sandbox):
    (sandbox.root / "templates/icons").mkdir(parents=True, exist_ok=True)  # shadows one
    outcomes = []
    for index, (case, component) in enumerate(input_cases(60, seed="suite")):
        command = ["validate", case.game, component]
        if case.file.endswith(".svg") and index % 6 == 0:
            command = ["build", case.game, component, "-p", "a4", "--out", str(sandbox.out), "-q"]
        outcomes.append(sandbox.run(case, command))
    broken = [f"{o.case.file} [{o.case.mutation}] {' '.join(o.command[:3])}: {rule}"
              for o in outcomes for rule in o.broken]
    assert not broken, "\n".join(broken[:30])
    for kind in (".svg", ".csv"):  # harmless and harmful mutations both ran
        assert {o.exit_code for o in outcomes if o.case.file.endswith(kind)} == {0, 2}, kind
    refused = [o for o in outcomes if o.exit_code == 2 and o.case.file.endswith(".svg")]
    # named where the picture is asked for: the game's symbol of it (game.yaml refuses a symbol
    # whose picture cannot be drawn), or the Legend's template line
    where = re.compile(r"(data/roll-and-might/game\.yaml:\d+: symbol '|"
                       r"templates/roll-and-might-legend\.yaml:\d+:)")
    assert all(where.search(o.output) for o in refused), \
        [o.output[:300] for o in refused if not where.search(o.output)]
    assert {o.case.mutation for o in outcomes} >= {"entity bomb", "use loop", "100,000 elements",
                                                   "number replaced", "unbalanced quote"}


def test_hostile_xlsx_items_never_break_the_rules(tmp_path):
    box = Sandbox(tmp_path, ["roll-and-might"], max_items=MAX_ITEMS)
    folder = box.root / "data" / "roll-and-might"
    with (folder / "cards.csv").open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    deck = folder / "cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "items_from: {csv: cards.csv}", "items_from: {xlsx: cards.xlsx, sheet: Cards}"),
        encoding="utf-8")
    outcomes = []
    for name, data in xlsx_cases(rows, 40, seed="suite"):
        case = Case("roll-and-might", "data/roll-and-might/cards.xlsx", name, data)
        outcomes.append(box.run(case, ["validate", "roll-and-might", "cards"]))
    broken = [f"[{o.case.mutation}]: {rule}" for o in outcomes for rule in o.broken]
    assert not broken, "\n".join(broken[:30])
    assert {o.exit_code for o in outcomes} == {0, 2}
    refused = [o for o in outcomes if o.exit_code == 2]
    assert all("cards.xlsx" in o.output or "cards.yaml" in o.output for o in refused), \
        [o.output[:200] for o in refused]
