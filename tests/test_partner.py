"""A one-output deck is rendered by a forked partner while its cards are still being prepared
(issue 21: the cold start): the partner waits for each card in turn, the bytes are those of a
build that prepares first and renders after, and anything the partner cannot vouch for (a
mistake in the deck, an art set its first cards do not draw, a partner that fails) is left to
this process."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import REPO, run_cli
from sheetgen.build import component_build
from sheetgen.build.partner import DeckPartner

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the partner is forked")

DECK = "data/ragnarocks/mythology-cards.yaml"


@dataclass
class Face:
    """A stand-in face: the partner only needs to pickle it and read its key."""

    key: str


def _children() -> list[int]:
    """Return the process ids whose parent is this process (zombies included)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


_EXISTING: set[int] = set()  # children of this process before the test (other fixtures')


@pytest.fixture(autouse=True)
def existing_children():
    """Note this process's children before each test: a test asserts it left no new one."""
    _EXISTING.clear()
    _EXISTING.update(_children())


def _new_children() -> list[int]:
    """Return this process's children that the test started and left (zombies included)."""
    return [pid for pid in _children() if pid not in _EXISTING]


def test_the_partner_waits_for_each_card_and_shares_faces_by_key():
    def render(cards):  # in the partner
        page = cards[0:3]  # a page's cards: a view that waits for none of them
        seen = [len(cards), len(page), len(cards.arrived)]
        labels = [card.label for card in page]  # now the first three have arrived
        seen.append(len(cards.arrived))
        last = cards[-1]
        backs = {id(card.back) for card in cards}
        fronts = [card.front.key for card in cards]
        return (seen, labels, last.label, len(backs), fronts, cards[1].front is cards[2].front,
                taken)

    drawn_ahead, taken = [], []  # drawn here for the first half of the deck; taken there
    partner = DeckPartner(render, ahead=lambda faces: drawn_ahead.append(
        [face.key for face in faces]) or len(drawn_ahead), take_ahead=taken.append)
    partner.expect(5)
    assert not partner.started  # forked with the first card
    back = Face("back")
    partner.send(Face("a"), back, "a", 1)
    assert partner.started
    partner.send(Face("b"), back, "b", 2)  # two copies of one card
    partner.send(Face("a"), Face("back"), "a-again", 2)  # faces equal to ones sent before
    seen, labels, last, backs, fronts, shared, taken_there = partner.outcome()
    # five cards: the first two come with what was drawn ahead (new faces only)
    assert drawn_ahead == [["a", "back"], ["b"]] and taken_there == [1, 2]
    assert seen == [5, 3, 0, 3]
    assert labels == ["a", "b", "b"] and last == "a-again"
    assert backs == 1  # one back object for the whole deck, as the deck shares it
    assert fronts == ["a", "b", "b", "a", "a"] and shared
    assert _new_children() == []


def test_an_abandoned_deck_ends_its_partner():
    partner = DeckPartner(lambda cards: [card.label for card in cards])
    partner.expect(3)
    partner.send(Face("a"), None, "a", 1)
    partner.finish()  # a mistake in the second card: no more come
    assert partner.outcome() is None  # the partner left without an outcome
    assert _new_children() == []


@pytest.fixture(autouse=True)
def idle_core(monkeypatch):
    """A partner is forked only when a core is idle: here, always (the machine is shared)."""
    monkeypatch.setattr(component_build, "_idle_core", lambda: True)


def _build(root, jobs: str, out: Path) -> bytes:
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards", "-p",
                     "a4", "-q", "--no-cache", "--jobs", jobs, "--out", str(out))
    assert result.exit_code == 0, result.output
    return (out / "ragnarocks/mythology-cards-a4.pdf").read_bytes()


def _count_renders_here(monkeypatch) -> list:
    """Count the outputs this process renders itself (a partner's are not counted)."""
    here, render = [], component_build._render_job
    me = os.getpid()

    def counting(*args, **kwargs):
        if os.getpid() == me:
            here.append(args[1])
        return render(*args, **kwargs)

    monkeypatch.setattr(component_build, "_render_job", counting)
    return here


def test_the_partner_renders_the_bytes_of_preparing_first(tmp_path, monkeypatch):
    here = _count_renders_here(monkeypatch)
    serial = _build(REPO, "1", tmp_path / "serial")
    assert here == [0]
    here.clear()
    assert _build(REPO, "2", tmp_path / "partner") == serial
    assert here == []  # the partner rendered it
    assert _new_children() == []


def test_without_an_idle_core_the_deck_renders_here(tmp_path, monkeypatch):
    here = _count_renders_here(monkeypatch)
    serial = _build(REPO, "1", tmp_path / "serial")
    monkeypatch.setattr(component_build, "_idle_core", lambda: False)
    here.clear()
    assert _build(REPO, "2", tmp_path / "busy") == serial
    assert here == [0]


def test_the_idle_core_is_looked_for_before_the_build_forks(tmp_path, monkeypatch):
    # this build's own children (the prefetch child) would take the idle core it looks for
    asked = []
    monkeypatch.setattr(component_build, "_idle_core",
                        lambda: asked.append(_new_children()) or True)
    _build(REPO, "2", tmp_path / "out")
    assert asked == [[]]


def test_an_idle_core_is_one_more_than_the_runnable_tasks(tmp_path, monkeypatch):
    monkeypatch.undo()  # the real _idle_core, reading a /proc/loadavg of our own
    real_open = open

    def loadavg(running: int):
        def fake(path, *args, **kwargs):
            if path == "/proc/loadavg":
                return io.StringIO(f"1.50 1.20 1.00 {running}/310 4242\n")
            return real_open(path, *args, **kwargs)
        return fake

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr("builtins.open", loadavg(1))
    assert component_build._idle_core()  # only this process runs: the other core is idle
    monkeypatch.setattr("builtins.open", loadavg(2))
    assert not component_build._idle_core()  # something else runs on the other core


def test_a_deck_whose_first_card_draws_no_colour_art_is_rendered_here(copy_game, monkeypatch):
    # the first card loses its picture: its faces draw no colour art, the rest do, so the
    # partner's footers (made when the first card arrived) would not credit the art set
    root = copy_game("ragnarocks")
    deck = root / DECK
    text = deck.read_text(encoding="utf-8")
    assert "    picture: gem-stone\n" in text
    deck.write_text(text.replace("    picture: gem-stone\n", "", 1), encoding="utf-8")
    here = _count_renders_here(monkeypatch)
    serial = _build(root, "1", root / "serial")
    here.clear()
    assert _build(root, "2", root / "partner") == serial
    assert here == [0]  # the partner's output was dropped and rendered here
    assert _new_children() == []


def test_a_deck_with_a_mistake_stops_its_partner(copy_game):
    root = copy_game("ragnarocks")
    deck = root / DECK
    text = deck.read_text(encoding="utf-8")
    assert "    picture: boar\n" in text  # the second card
    deck.write_text(text.replace("    picture: boar\n", "    picture: no-such-art\n", 1),
                    encoding="utf-8")
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards", "-p",
                     "a4", "-q", "--jobs", "2")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "no-such-art" in result.output
    assert not (root / "out").exists()
    assert _new_children() == []


def test_a_partner_that_fails_leaves_the_deck_to_this_process(tmp_path, monkeypatch):
    render, me = component_build._render_job, os.getpid()

    def failing_in_the_partner(*args, **kwargs):
        if os.getpid() != me:
            raise RuntimeError("a bug in the partner")
        return render(*args, **kwargs)

    serial = _build(REPO, "1", tmp_path / "serial")
    monkeypatch.setattr(component_build, "_render_job", failing_in_the_partner)
    assert _build(REPO, "2", tmp_path / "partner") == serial
    assert _new_children() == []


@pytest.mark.parametrize("pattern", ["grain", "mottle", "waves", "weave"])
def test_texture_marks_drawn_ahead_are_the_marks_drawn_here(pattern, monkeypatch):
    from io import BytesIO

    from sheetgen.write import speed_layer
    from sheetgen.fill.elements import DrawContext
    from sheetgen.fill.elements.texture import Texture, _AHEAD, marks_ahead, take_marks_ahead
    from sheetgen.impose.pdf import canvas_class

    texture = Texture(x="3mm", y="5mm", w="40mm", h="30mm", pattern=pattern, seed="odin",
                      color="brown", base="parchment")
    face = type("Face", (), {"elements": [texture], "height": 250.0})()

    def drawn(kind) -> list[str]:
        canvas = kind(BytesIO())
        canvas._code = []
        texture.draw(canvas, DrawContext(200.0, 250.0, None, None))
        return canvas._code

    for enabled in (True, False):  # the speed layer's canvas, and ReportLab's own
        monkeypatch.setattr(speed_layer, "ENABLED", enabled)
        kind = canvas_class()
        here = drawn(kind)
        marks = marks_ahead([face], kind)
        assert len(marks) == 1 and len(next(iter(marks.values()))) > 3
        take_marks_ahead(marks)
        try:
            drawing = []
            monkeypatch.setattr(Texture, "_marks", lambda *a: drawing.append(a))
            assert drawn(kind) == here  # the same operators, written from the marks ahead
            assert drawing == []
        finally:
            monkeypatch.undo()
            _AHEAD.clear()


def test_an_edit_while_the_partner_renders_is_built_by_the_next_build(copy_game, monkeypatch):
    from pypdf import PdfReader

    from sheetgen.build.build_record import BuildRecord

    root = copy_game("ragnarocks")
    deck = root / DECK
    ahead = BuildRecord.ahead

    def edit_meanwhile(self, *args):
        ahead(self, *args)  # the inputs are hashed: now the designer saves an edit
        text = deck.read_text(encoding="utf-8")
        deck.write_text(text.replace("name: Freya\n", "name: Froya\n", 1), encoding="utf-8")

    monkeypatch.setattr(BuildRecord, "ahead", edit_meanwhile)
    command = ["--project", str(root), "build", "ragnarocks", "mythology-cards", "-p", "a4",
               "-q", "--jobs", "2"]
    assert run_cli(*command).exit_code == 0
    pdf = root / "out/ragnarocks/mythology-cards-a4.pdf"
    assert "Froya" not in PdfReader(pdf).pages[0].extract_text()  # built before the edit
    monkeypatch.setattr(BuildRecord, "ahead", ahead)
    assert run_cli(*command).exit_code == 0
    assert "Froya" in PdfReader(pdf).pages[0].extract_text()  # not taken as up to date
