"""The studio's warm workspace, in process: after an edit only the edited faces are filled,
checked and drawn again; a mistake keeps the last good faces; a template edit reaches every
face that uses it."""

from __future__ import annotations

import shutil

import pytest

from sheetgen.tools.newgame import new_project
from sheetgen.load.project import Project
from sheetgen.build import judging as judge_module
from sheetgen.studio.live import Studio

GAME = "warm"


@pytest.fixture
def studio(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    project = new_project(tmp_path / "proj", GAME)
    live = Studio(Project.at(project), [GAME])
    view = live.workspace.view(GAME)
    live.workspace.ready(view, "deck")
    live.shown[(GAME, None, "deck")] = None
    live.changed(set())  # draws the faces on show
    return live, project


def fronts(live) -> list:
    cv = live.workspace.views[(GAME, None)].components["deck"]
    return [card.front for card in cv.prepared.cards]


def edit(live, path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))
    live.changed({str(path)})
    live.workspace.judge_pending()


def test_an_item_edit_fills_checks_and_draws_only_its_face(studio, monkeypatch):
    live, project = studio
    deck = project / "data" / GAME / "deck.yaml"
    before = fronts(live)
    checked, images = [], live.images.kept()
    assert len(images) == 6  # five fronts and the back
    real_check = judge_module.check_face
    monkeypatch.setattr(judge_module, "check_face",
                        lambda face, *a, **k: checked.append(face.key) or real_check(face, *a, **k))
    edit(live, deck, "Re-roll one die.", "Re-roll two dice.")
    drawn = [name.split("-", 1)[1] for _, name, _ in live.images.kept() - images]
    after = fronts(live)
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a is not b]
    smith = [i for i, face in enumerate(after) if face.label.startswith("smith")]
    assert changed == smith and len(smith) == 2          # the Smith's two copies, one face
    assert after[smith[0]].key != before[smith[0]].key
    assert checked == [after[smith[0]].key]               # one new face checked
    assert drawn == [after[smith[0]].key]                 # and drawn


def test_a_mistake_keeps_the_last_good_faces_until_fixed(studio):
    live, project = studio
    deck = project / "data" / GAME / "deck.yaml"
    good_text, good = deck.read_text(), fronts(live)
    edit(live, deck, "value: 3,", "value: 3, text: [broken,")
    view = live.workspace.views[(GAME, None)]
    assert view.components["deck"].stale
    assert any("deck.yaml:" in str(p) for p in view.problems())
    assert fronts(live) == good
    deck.write_text(good_text)
    live.changed({str(deck)})
    assert not view.components["deck"].stale and not view.problems()


def test_a_template_edit_reaches_every_face(studio):
    live, project = studio
    template = project / "templates" / f"{GAME}-card-front.yaml"
    before = {face.key for face in fronts(live)}
    edit(live, template, "size: 14, min_size: 9", "size: 13, min_size: 9")
    after = {face.key for face in fronts(live)}
    assert len(after) == len(before) and not after & before


def test_a_title_change_gets_a_new_builder(studio):
    live, project = studio
    deck = project / "data" / GAME / "deck.yaml"
    old = live.workspace.views[(GAME, None)].components["deck"].builder
    edit(live, deck, "title: Deck", "title: The Deck")
    new = live.workspace.views[(GAME, None)].components["deck"].builder
    assert new is not old and new.globals["component"]["title"] == "The Deck"


def test_a_deleted_game_folder_is_a_problem_not_a_crash(studio):
    live, project = studio
    good = fronts(live)
    shutil.rmtree(project / "data" / GAME)
    live.changed({str(project / "data" / GAME / "deck.yaml")})
    view = live.workspace.views[(GAME, None)]
    assert any(f"unknown game {GAME!r}" in p.message for p in view.problems())
    assert view.components["deck"].stale and fronts(live) == good
