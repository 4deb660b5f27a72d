"""A big deck's faces are filled in the build's process and made and checked in its workers,
which store what they made for the pages to read back (issue 36: a big deck used one core);
the files, warnings, print checks and mistakes are those of a build that makes every face
itself."""

from __future__ import annotations

import gc
from pathlib import Path

from conftest import run_cli
from sheetgen.api import BuildOptions, Session, build, select
from sheetgen.build import component_build
from sheetgen.fill.faces import FaceBuilder
from sheetgen.fill.stored_faces import FaceFolder, StoredFace
from sheetgen.impose.components import cards


def _in_turn(builder, count: int, prepared=None) -> tuple[list, list, None]:
    """Make the deferred faces here, one after another, as the workers make their shares."""
    return [builder.made_here(index) for index in range(count)], [builder.symbols_seen], None


def _checks(session) -> list:
    [(_, _, checks)] = session.checks
    return [checks.problems(), checks.figures, sorted(checks._seen)]


def test_faces_made_elsewhere_give_what_faces_made_here_give(project, monkeypatch):
    selected = select(project, "ragnarocks", ["mythology-cards"])
    monkeypatch.setattr(cards, "BIG_DECK", 0)
    here = Session(project)
    [(_, _, made)] = here.prepare_all(selected)
    elsewhere = Session(project)
    elsewhere.make_elsewhere = _in_turn
    [(_, _, deferred)] = elsewhere.prepare_all(selected)
    assert [(c.front.key, c.back.key, c.label) for c in deferred.cards] == \
        [(c.front.key, c.back.key, c.label) for c in made.cards]
    fronts = [card.front for card in deferred.cards]
    assert all("elements" not in face.__dict__ for face in fronts)  # made only to be drawn
    for face, kept in zip(fronts, (card.front for card in made.cards)):
        assert face.icons() == kept.icons() and face.images() == kept.images()
    assert fronts[3].elements and fronts[3].origins == made.cards[3].front.origins
    assert elsewhere.warnings == here.warnings
    assert _checks(elsewhere) == _checks(here) and _checks(here)[2]


def test_a_big_deck_built_with_workers_gives_the_bytes_of_one_process(project, tmp_path,
                                                                        monkeypatch):
    def output(name: str, jobs: int) -> bytes:
        out = tmp_path / name
        build(project, "ragnarocks", ["mythology-cards"],
              BuildOptions(profiles=["a4"], out_dir=out, cache=False, jobs=jobs))
        return (out / "ragnarocks" / "mythology-cards-a4.pdf").read_bytes()

    monkeypatch.setattr(cards, "BIG_DECK", 0)
    monkeypatch.setattr(component_build, "SHARE_FACES", 4)  # the pages wait for 9 shares
    serial = output("serial", 1)
    shares, folders, read, remade = [], [], [], []
    made_in_workers = component_build._made_in_workers
    read_back, remake = StoredFace.__call__, FaceBuilder._remake

    def counted(workers, builder, count, prepared=None, early=None):
        shares.append(count)
        made, seen, folder = made_in_workers(workers, builder, count, prepared, early)
        folders.append(folder.path)
        return made, seen, folder

    taken = component_build._EarlyRender.taken
    early = []
    monkeypatch.setattr(component_build._EarlyRender, "taken",
                        lambda self, *args: early.append(taken(self, *args)) or dict(early[-1]))

    monkeypatch.setattr(component_build, "_made_in_workers", counted)
    monkeypatch.setattr(StoredFace, "__call__", lambda self: read.append(1) or read_back(self))
    monkeypatch.setattr(FaceBuilder, "_remake",
                        lambda self, *args: remade.append(1) or remake(self, *args))
    assert output("workers", 2) == serial
    assert shares and shares[0] > 30  # every distinct face of the deck, in the workers
    # its PDF drawn as the shares came back, and kept: the serial build's bytes
    assert [list(drawn) for drawn in early] == [[0]]
    # each page read its faces back from the workers' files, made none again
    assert len(read) >= shares[0] and not remade
    gc.collect()
    assert not Path(folders[0]).exists()  # deleted with the last face that could read it


def test_a_stored_face_reads_back_equal_and_what_does_not_pickle_is_made_again(project):
    session = Session(project)
    [(_, _, prepared)] = session.prepare_all(select(project, "ragnarocks", ["mythology-cards"]))
    faces = [card.front for card in prepared.cards[:3]]
    folder = FaceFolder()
    writer = folder.writer("share-0")
    where = [writer.write(face.elements, face.origins) for face in faces[:2]]
    assert writer.write([lambda: None], []) is None  # not stored: its page makes it again
    where.append(writer.write(faces[2].elements, faces[2].origins))
    assert writer.close() and all(where)
    for face, at in zip(faces, where):
        elements, origins = StoredFace(folder, at)()
        assert [e.model_dump() for e in elements] == [e.model_dump() for e in face.elements]
        assert origins == face.origins
    path = folder.path
    del folder, writer
    gc.collect()
    assert not Path(path).exists()


def test_a_mistake_found_while_a_worker_makes_a_face_is_said_as_one_process_says_it(
        copy_game, monkeypatch):
    root = copy_game("ragnarocks")
    path = root / "data" / "ragnarocks" / "mythology-cards.yaml"
    power = "Score all wild regions in addition to your settled regions."
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(power, " ".join([power] * 30), 1), encoding="utf-8")
    monkeypatch.setattr(cards, "BIG_DECK", 0)
    failed = []
    made_in_workers = component_build._made_in_workers

    def counted(workers, builder, count, prepared=None, early=None):
        made, seen, folder = made_in_workers(workers, builder, count, prepared, early)
        failed.append([face.problems for face in made if face.problems])
        return made, seen, folder

    monkeypatch.setattr(component_build, "_made_in_workers", counted)
    said = [run_cli("--project", str(root), "build", "--jobs", jobs, "ragnarocks",
                    "mythology-cards", "-p", "a4") for jobs in ("1", "2")]
    assert [len(found) for found in failed] == [1]  # the workers found it; made here again
    assert [result.exit_code for result in said] == [2, 2]
    assert said[1].output == said[0].output
    assert "mythology-cards.yaml:61: freya front: text 'powers' text does not fit" \
        in said[0].output
    assert not (root / "out").exists()


def test_a_mistake_on_a_big_decks_last_card_stops_the_pages_drawn_meanwhile(copy_game,
                                                                             monkeypatch):
    root = copy_game("ragnarocks")
    path = root / "data" / "ragnarocks" / "mythology-cards.yaml"
    power = "you may make a second move with your selected Viking (once per turn)."
    text = path.read_text(encoding="utf-8")
    assert text.rstrip().endswith(power)  # the deck's last card
    path.write_text(text.replace(power, " ".join([power] * 30)), encoding="utf-8")
    earlier = root / "out" / "ragnarocks" / "mythology-cards-a4.pdf"
    earlier.parent.mkdir(parents=True)
    earlier.write_bytes(b"the previous build's file")
    monkeypatch.setattr(cards, "BIG_DECK", 0)
    drawn = []
    draw = component_build._EarlyRender.__call__
    monkeypatch.setattr(component_build._EarlyRender, "__call__",
                        lambda self, prepared: draw(self, prepared) or drawn.append(self.done))
    said = run_cli("--project", str(root), "build", "--jobs", "2", "ragnarocks",
                   "mythology-cards", "-p", "a4")
    assert said.exit_code == 2 and "Traceback" not in said.output
    assert "mythology-cards.yaml:392: njord front: text 'powers' text does not fit" \
        in said.output
    assert drawn == [None]  # its pages were being drawn, and were given up
    assert earlier.read_bytes() == b"the previous build's file"
