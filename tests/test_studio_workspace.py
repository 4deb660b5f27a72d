"""The studio's warm workspace, in process: after an edit only the edited faces are filled,
checked and drawn again; a mistake keeps the last good faces; a template edit reaches every
face that uses it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sheetgen.tools.newgame import new_project
from sheetgen.load.project import Project
from sheetgen.build import judging as judge_module
from sheetgen.build.selection import load_one
from sheetgen.studio.face_images import GRID_DPI
from sheetgen.studio.live import Studio

GAME = "warm"


@pytest.fixture
def studio(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    project = new_project(tmp_path / "proj", GAME)
    live = Studio(Project.at(project), [GAME])
    view = live.workspace.view(GAME)
    live.workspace.ready(view, "deck")
    live.shown[(GAME, None, "deck")] = GRID_DPI   # shown, at the grid's dpi
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


def test_a_file_no_reader_holds_starts_nothing_afresh(studio):
    """Whether a change starts the studio afresh (a new session and generation: every face
    drawn again) is the build's record of reads' to say: the files its readers hold (fonts,
    profiles, credits, icons, art, images). A picture, an icon or a font no face used is no
    such file, whatever its name."""
    from PIL import Image

    from conftest import REPO

    live, project = studio
    workspace = live.workspace
    before, generation, session = fronts(live), workspace.generation, workspace.session
    sketch = project / "data" / GAME / "sketch.png"
    Image.new("RGB", (40, 40), "#3366aa").save(sketch)
    icon = project / "templates" / "icons" / "unused.svg"
    icon.parent.mkdir(exist_ok=True)
    icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n')
    font = project / "fonts" / "Unused.ttf"
    font.parent.mkdir(exist_ok=True)
    shutil.copy(REPO / "fonts" / "Cinzel-Regular.ttf", font)
    live.changed({str(sketch), str(icon), str(font)})
    assert workspace.generation == generation and workspace.session is session
    assert all(a is b for a, b in zip(fronts(live), before, strict=True))


RULE = "- {id: rule, type: line, h: 0, inset: [0, 2mm], color: gray, width: 0.3mm}"
CREDIT = '- {id: credit, type: text, text: "{{ credits }}", h: 4mm, size: 5, min_size: 3}'


def test_a_credit_file_the_faces_print_starts_afresh(studio):
    """The credits are read once per session (held, by the record of reads): a saved
    credit.yaml, which is no template though it lies in templates/, gives every face the new
    credits, under a new generation."""
    live, project = studio
    workspace = live.workspace
    edit(live, project / "templates" / f"{GAME}-card-front.yaml", RULE, CREDIT)
    credit = project / "templates" / "icons" / "credit.yaml"
    generation = workspace.generation
    credit.parent.mkdir(exist_ok=True)  # the built-in credits stood alone: a new file
    credit.write_text('credit:\n  line: "Icons: drawn by us"\n  short: "Icons: us"\n')
    live.changed({str(credit)})
    assert workspace.generation == generation + 1
    workspace.ready(workspace.views[(GAME, None)], "deck")  # the page asks for it again
    printed = [e.text for face in fronts(live) for e in face.elements if e.id == "credit"]
    assert len(printed) == len(fronts(live)) and all("Icons: drawn by us" in t for t in printed)


def test_the_dice_and_variants_are_checked_after_the_new_faces(studio):
    """An edit shows its faces before dice.yaml and the variants are checked again (with the
    print checks, by judge_pending); meanwhile their mistakes stand, but for one in a file
    saved since, which is checked again first."""
    live, project = studio
    workspace = live.workspace
    view = workspace.views[(GAME, None)]
    dice, deck = project / "data" / GAME / "dice.yaml", project / "data" / GAME / "deck.yaml"
    good_dice = dice.read_text()

    def dice_problems() -> list:
        return [p for p in view.problems() if p.path.endswith("dice.yaml")]

    dice.write_text(good_dice.replace("rounds: 6", "rounds: six"))
    live.changed({str(dice)})
    assert view.extras_due and not dice_problems()   # the faces first
    workspace.judge_pending()
    assert not view.extras_due and dice_problems()

    deck.write_text(deck.read_text().replace("Re-roll one die.", "Re-roll two dice."))
    live.changed({str(deck)})
    assert view.extras_due and dice_problems()   # the mistake stands meanwhile
    workspace.judge_pending()
    assert dice_problems()

    dice.write_text(good_dice)
    live.changed({str(dice)})
    assert not dice_problems()   # its file was saved: checked again before it shows
    workspace.judge_pending()
    assert not view.problems()


def test_a_long_session_keeps_no_earlier_load_alive(studio):
    """Every edit loads the game again; the session kept each load's game and components
    (by the reads, rulings and art sets it remembers), and the YAML cache each saved text: a
    studio grew by 0.4 MB an edit. Now as many loads stay alive after eight edits as after
    two (the warm builder's game, the view's), and one text of the deck file is kept."""
    import gc

    from sheetgen.load import yamlload
    from sheetgen.load.loading import LoadedComponent, LoadedGame

    live, project = studio
    deck = project / "data" / GAME / "deck.yaml"

    def alive() -> int:
        gc.collect()
        return sum(isinstance(o, (LoadedGame, LoadedComponent)) for o in gc.get_objects())

    def edits(first: int, last: int) -> None:   # each save a text the deck never had
        for n in range(first, last):
            edit(live, deck, "Re-roll one die." if n == 0 else f"Re-roll {n} dice.",
                 f"Re-roll {n + 1} dice.")

    edits(0, 2)
    after_two = alive()
    edits(2, 8)
    assert "Re-roll 8 dice." in deck.read_text()
    assert alive() == after_two
    assert len([key for key in yamlload._parsed
                if Path(key[0]).resolve() == deck.resolve()]) == 1


def _picture(live, face):
    """Return the studio's picture of ``face`` (the PNG the page is sent), as an image."""
    import io

    from PIL import Image

    view = live.workspace.views[(GAME, None)]
    name = live.workspace.image_name(view, face)
    return Image.open(io.BytesIO(live.images.png(view.scope, name, face, 96))).convert("RGB")


def test_a_template_edit_makes_again_only_the_elements_it_changed(studio):
    """After a template edit the component's new builder adopts the elements the last one
    prepared: an element whose values, file and line are unchanged is not made again (its
    text not fitted again); the changed one is, and every picture shows it."""
    live, project = studio
    template = project / "templates" / f"{GAME}-card-front.yaml"
    before = fronts(live)
    assert _picture(live, before[0]).getpixel((2, 2)) != (208, 32, 32)
    edit(live, template, "fill: paper, bleed_art: true", 'fill: "#d02020", bleed_art: true')
    after = fronts(live)
    assert len(after) == len(before)
    for old_face, new_face in zip(before, after):
        old = {e.id: e for e in old_face.elements if e.id}
        new = {e.id: e for e in new_face.elements if e.id}
        assert new.keys() == old.keys()
        assert new["background"] is not old["background"]
        assert all(new[k] is old[k] for k in new if k != "background")
        assert _picture(live, new_face).getpixel((2, 2)) == (208, 32, 32)


def test_a_template_edit_that_moves_lines_gives_every_element_its_new_line(studio):
    """An element is shared only at the same line of the same file: a line added above the
    elements makes each again, and every face says where its elements now are."""
    live, project = studio
    template = project / "templates" / f"{GAME}-card-front.yaml"
    before = fronts(live)
    edit(live, template, "\nelements:\n", "\n# a note\nelements:\n")
    after = fronts(live)
    for old_face, new_face in zip(before, after):
        assert [o.line + 1 for o in old_face.origins] == [o.line for o in new_face.origins]
        assert not {id(e) for e in old_face.elements} & {id(e) for e in new_face.elements}


def test_a_component_not_on_show_takes_a_change_in_when_looked_at(studio):
    """A template edit prepares at once the component on show; another one it feeds keeps
    its last faces until it is looked at or judged, and then has the edit (also after a
    second edit came first), so no page sees its old faces."""
    live, project = studio
    workspace = live.workspace
    data = project / "data" / GAME
    (data / "deck2.yaml").write_text((data / "deck.yaml").read_text().replace(
        "id: deck", "id: deck2"))
    game = data / "game.yaml"
    game.write_text(game.read_text().replace("  - deck\n", "  - deck\n  - deck2\n", 1))
    live.changed({str(game)})
    view = workspace.views[(GAME, None)]
    workspace.ready_all(view)
    template = project / "templates" / f"{GAME}-card-front.yaml"

    def texts(cid: str) -> set:
        cv = view.components[cid]
        return {e.size for card in cv.prepared.cards for e in card.front.elements
                if e.id == "name"}

    assert texts("deck") == texts("deck2") == {14}
    template.write_text(template.read_text().replace("size: 14, min_size: 9",
                                                     "size: 13, min_size: 9"))
    live.changed({str(template)})
    assert texts("deck") == {13}                             # on show: at once
    assert view.components["deck2"].again is not None and texts("deck2") == {14}
    assert template in {p for p in workspace.watched()}      # still followed
    template.write_text(template.read_text().replace("size: 13, min_size: 9",
                                                     "size: 12, min_size: 9"))
    live.changed({str(template)})                            # a second edit came first
    assert texts("deck") == {12}
    assert workspace.ready(view, "deck2").again is None and texts("deck2") == {12}
    template.write_text(template.read_text().replace("size: 12, min_size: 9",
                                                     "size: 14, min_size: 9"))
    live.changed({str(template)})
    assert view.components["deck2"].again is not None
    assert workspace.judge_pending() and texts("deck2") == {14}   # judged: taken in first
    assert view.components["deck2"].again is None and not view.components["deck2"].unjudged


def test_the_print_guide_is_counted_when_first_prepared(tmp_path, monkeypatch):
    """A first load leaves the print guide's counts (every deck's faces built to count its
    flowed cards) until the guide is prepared: a page showing another component first does
    not wait for them. The guide then has the items a build's load gives it."""
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    project = Project.at(Path(__file__).resolve().parent.parent)
    ws = Studio(project, ["roll-and-raid"]).workspace
    view = ws.view("roll-and-raid")
    guide = view.components["how-to-print"]
    assert view.uncounted and guide.pending and not guide.comp.model.items
    prepared = ws.ready(view, "how-to-print", judged=False)
    assert not view.uncounted and not prepared.stale and prepared.prepared.cards
    built = {comp.model.id: comp for comp in load_one(project, "roll-and-raid").components}
    assert ([item.model_dump() for item in prepared.comp.model.items]
            == [item.model_dump() for item in built["how-to-print"].model.items])
    assert ws.session.reads_of(view.game, prepared.comp)   # what counting read is followed


def test_a_refresh_leaves_the_print_guides_counts_until_it_is_shown(tmp_path, monkeypatch):
    """An edit with another component on show does not count the game for the print guide
    before the new faces are drawn: the guide, prepared before, is counted when it takes the
    change in (judged, or looked at), and then has the items a build's load gives it."""
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    project = Project.at(tmp_path)
    live = Studio(project, ["roll-and-raid"])
    ws = live.workspace
    view = ws.view("roll-and-raid")
    ws.ready(view, "how-to-print")
    ws.ready(view, "creature-cards")
    live.shown[("roll-and-raid", None, "creature-cards")] = GRID_DPI
    before = [item.model_dump() for item in view.components["how-to-print"].comp.model.items]
    deck = tmp_path / "data" / "roll-and-raid" / "creature-cards.yaml"
    deck.write_text(deck.read_text().replace("  - name: Fafnir\n",
                                             "  - name: Fafnir\n    count: 2\n", 1))
    live.changed({str(deck)})
    guide = view.components["how-to-print"]
    assert view.uncounted and guide.again is not None         # not counted yet
    assert ws.judge_pending() and not view.uncounted
    guide = view.components["how-to-print"]
    built = {comp.model.id: comp for comp in load_one(project, "roll-and-raid").components}
    after = [item.model_dump() for item in guide.comp.model.items]
    assert after == [item.model_dump() for item in built["how-to-print"].model.items]
    assert after != before and not guide.stale and guide.again is None
