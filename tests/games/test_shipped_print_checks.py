"""``sheetgen check`` over every shipped game in its default profiles.

A game still marked ``print_checks: warn`` in its game.yaml is reported but may fail; every
other game must pass every check, one test per game (``sheetgen check GAME``). The figures
(smallest text, lowest contrast, characters under the minimum per output) are printed:
``pytest -s tests/games/test_shipped_print_checks.py``.
"""

from __future__ import annotations

import pytest

from conftest import REPO
from sheetgen.api import BuildOptions, run_check
from sheetgen.generate.games import load_game
from sheetgen.load.project import Project

# one test per game, as `sheetgen check GAME` (the longest test of the suite when it was one:
# now the games' checks run on every xdist worker at once)
GAMES = Project.at(REPO).default_game_ids()


def test_every_shipped_game_is_checked():
    assert len(GAMES) >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_not_in_warn_mode_passes_sheetgen_check(project, tmp_path, game_id):
    report = run_check(project, game_id, [], BuildOptions(out_dir=tmp_path))
    games: dict[str, list] = {}
    for output in report.outputs:
        games.setdefault(output.game, []).append(output)
    assert list(games) == [game_id]
    summary = []
    for game, outputs in sorted(games.items()):
        small = [o for o in outputs if o.pdf and o.pdf.chars_below]
        mode = "enforce" if outputs[0].enforced else "warn"
        summary.append(f"{game} ({mode}): {len(small)}/{len(outputs)} outputs with text under "
                       f"the minimum, {sum(not o.passed for o in outputs)} failing")
        summary.extend(f"  {o.line()}" for o in outputs)
    print("\n".join(summary))
    enforced_failures = [o.line() + ": " + "; ".join(o.problems)
                         for o in report.outputs if o.enforced and not o.passed]
    enforced_face = [str(p) for p, enforced in report.face_problems if enforced]
    assert enforced_failures == [] and enforced_face == []
    assert not report.failed
    if all(o.enforced for o in report.outputs):  # an enforcing game: not even a warning
        assert [o.line() for o in report.outputs if not o.passed] == []
        assert [str(p) for p, _ in report.face_problems] == []
    # every component was checked (in each of its profiles: Roll & Might's qps check in
    # tests/games/test_roll_and_might_table.py counts its 23 outputs)
    components = load_game(project, game_id).spec.components
    assert {o.component for o in report.outputs} == set(components)
    assert len(report.outputs) > len(components)
    # every output was read back: each PDF reports its smallest text
    assert all(o.pdf is not None and o.pdf.smallest_text for o in report.outputs
               if o.path.suffix == ".pdf")
