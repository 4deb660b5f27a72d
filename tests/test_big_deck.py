"""A big deck holds each checked face without its elements and makes them again when a page
draws it (issue 36: memory that does not grow with the faces); the files are the very bytes of
a deck whose faces are held, and the print checks' drawing cache lets go of freed elements."""

from __future__ import annotations

import gc
import types
import weakref

import pytest

from sheetgen.api import BuildOptions, Session, build, select
from sheetgen.base.errors import ProblemList
from sheetgen.checks.probe import START
from sheetgen.checks.record import DrawingCache
from sheetgen.fill.faces import FaceBuilder
from sheetgen.impose.components import cards
from sheetgen.impose.pdf import PdfDocument
from sheetgen.load.tabular import read_rows
from sheetgen.write.fast_canvas import FastForm
from sheetgen.write.pdf_objects import deflate_soon
from sheetgen.write.spool import MAX_PENDING, SpooledStream, StreamSpool

PROFILES = ["a4", "gutterfold-letter", "pod"]


def _faces(prepared) -> list:
    return list({id(f): f for card in prepared.cards for f in (card.front, card.back)}.values())


def test_a_big_decks_faces_are_held_without_elements_and_made_again_equal(project,
                                                                           monkeypatch):
    selected = select(project, "ragnarocks", ["mythology-cards"])
    held = Session(project)
    [(_, _, kept)] = held.prepare_all(selected)
    monkeypatch.setattr(cards, "BIG_DECK", 0)
    light = Session(project)
    [(_, _, released)] = light.prepare_all(selected)
    fronts = [card.front for card in released.cards]
    assert all("elements" not in face.__dict__ for face in fronts)
    assert len({face.key for face in fronts}) > 20
    warnings = list(light.warnings)
    for made, face in zip(_faces(released), _faces(kept)):
        assert made.key == face.key and made.icons() == face.icons()
        assert [e.model_dump() for e in made.elements] == [e.model_dump() for e in face.elements]
        assert made.origins == face.origins
        made.release()
        assert "elements" not in made.__dict__
    assert light.warnings == warnings  # making a face again warns nothing twice


def test_forgetting_a_big_decks_unused_faces_does_not_make_the_kept_ones_again(project,
                                                                              monkeypatch):
    monkeypatch.setattr(cards, "BIG_DECK", 0)
    session = Session(project)
    [(game, comp)] = select(project, "ragnarocks", ["mythology-cards"])
    builder = session.builder(game, comp)
    prepared = session.prepare(game, comp, builder)
    fronts = [card.front for card in prepared.cards]
    builder.forget_unused({face.key for face in fronts[:5]})  # as the studio does after edits
    assert all("elements" not in face.__dict__ for face in fronts)
    assert fronts[0].elements  # still made when drawn


@pytest.mark.slow
def test_a_big_deck_gives_the_bytes_of_a_deck_whose_faces_are_held(project, tmp_path,
                                                                   monkeypatch):
    def outputs(name: str) -> dict[str, bytes]:
        out = tmp_path / name
        build(project, "ragnarocks", ["mythology-cards"],
              BuildOptions(profiles=PROFILES, out_dir=out, cache=False, jobs=1))
        return {p.name: p.read_bytes() for p in sorted(out.rglob("*.pdf"))}

    held = outputs("held")
    made = {"again": 0}
    remake = FaceBuilder._remake

    def counted(self, *args):
        made["again"] += 1
        return remake(self, *args)

    monkeypatch.setattr(cards, "BIG_DECK", 0)
    monkeypatch.setattr(FaceBuilder, "_remake", counted)
    released = outputs("released")
    # every profile's document makes its fronts again (no recording is kept to replay)
    assert made["again"] >= len(PROFILES) * 30
    assert len(released) == len(PROFILES) and released == held


def test_a_big_decks_form_streams_wait_in_a_file_until_the_document_is_written(
        project, tmp_path, monkeypatch):
    def output(name: str) -> bytes:
        out = tmp_path / name
        build(project, "ragnarocks", ["mythology-cards"],
              BuildOptions(profiles=["a4"], out_dir=out, cache=False, jobs=1))
        return (out / "ragnarocks" / "mythology-cards-a4.pdf").read_bytes()

    held = output("held")
    seen = []
    finish = PdfDocument.finish

    def watched(doc):
        spool = doc.canvas.__dict__.get("stream_spool")
        faces = [obj.Contents for key, obj in doc.canvas._doc.idToObject.items()
                 if isinstance(obj, FastForm) and key.startswith("FormXob.face-")]
        seen.append((faces, [(s.where, s.deflating, s._content) for s in faces], spool.size))
        data = finish(doc)
        seen.append(spool.file)
        return data

    monkeypatch.setattr(cards, "BIG_DECK", 0)
    monkeypatch.setattr(PdfDocument, "finish", watched)
    assert output("released") == held
    (faces, states, size), closed = seen
    # every face's compressed stream is in the spool's file, none in memory
    assert len(faces) > 30 and all(isinstance(s, SpooledStream) for s in faces)
    spooled = states[:-MAX_PENDING]  # the last ones may still be compressing
    assert all(where is not None and deflating is None and content is None
               for where, deflating, content in spooled)
    assert size >= sum(where[1] for where, _, _ in spooled) > 10 * 1000
    assert closed is None  # the file is deleted once the document is written


def test_a_spooled_stream_read_back_to_be_written_goes_with_its_form():
    spool = StreamSpool()
    stream = spool.add(deflate_soon(b"0 0 m 10 10 l S " * 200))
    assert len(stream.content) > 20  # read back from the spool, as its form is written
    gone = weakref.ref(stream)
    gc.disable()  # freed when its form lets go of it, not by the cycle collector
    try:
        del stream
        assert gone() is None
    finally:
        gc.enable()
        spool.close()


class _Mark:
    """An element that draws one filled rectangle."""

    def draw(self, canvas, ctx) -> None:
        canvas.rect(0, 0, 10, 10, stroke=0, fill=1)


def test_the_drawing_cache_forgets_a_freed_element_and_keeps_a_live_one():
    cache = DrawingCache()
    ctx = types.SimpleNamespace(fonts=object(), icons=object(), width=10, height=10)
    live, freed = _Mark(), _Mark()
    for element in (live, freed, live, freed):  # kept from the second drawing on
        cache.draw(element, ctx, "both", START)
    gone = weakref.ref(freed)
    del freed, element
    gc.collect()
    assert gone() is None  # the cache did not hold it
    assert cache.draw(live, ctx, "both", START) is cache.draw(live, ctx, "both", START)
    assert len(cache._seen) == 1 and len(cache._kept) == 1



def test_a_table_of_more_than_ten_thousand_rows_is_read_whole(tmp_path):
    # 32,000 distinct cards are kept in a table (a YAML file stops at 2 MB): a table holds
    # up to 100,000 rows, and used to stop at 10,000
    table = tmp_path / "cards.csv"
    table.write_text("name,die\n" + "".join(f"Card {n},{n % 6 + 1}\n" for n in range(32_000)),
                     encoding="utf-8")
    problems = ProblemList()
    rows = read_rows(table, None, problems)
    assert not problems.problems
    assert len(rows) == 32_000
    assert rows[-1].fields == {"name": "Card 31999", "die": 2} and rows[-1].line == 32_001
