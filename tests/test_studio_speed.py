"""What keeps the studio quick, each checked by what it does: connections send at once, a kept
image is answered while the workspace is busy, the checks after an edit wait for the page and
give way to the next edit, and the dice and variants are checked after the new faces."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from sheetgen.load.project import Project
from sheetgen.studio.app import build_app
from sheetgen.studio.live import QUIET, Studio
from sheetgen.studio.server import bind
from sheetgen.tools.newgame import new_project

GAME = "warm"


def test_each_connection_sends_without_delay():
    """asyncio sets TCP_NODELAY only on a socket whose protocol says TCP: the studio's
    listening socket did not say so, and every reply after a connection's first waited for
    the browser's delayed acknowledgement (40 ms an image)."""
    listening = bind("127.0.0.1", 0)

    async def accept_one() -> int:
        accepted: asyncio.Future = asyncio.get_running_loop().create_future()

        def handle(reader, writer):
            sock = writer.get_extra_info("socket")
            accepted.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(handle, sock=listening)
        _, writer = await asyncio.open_connection(*listening.getsockname()[:2])
        try:
            return await asyncio.wait_for(accepted, 10)
        finally:
            writer.close()
            server.close()

    assert asyncio.run(accept_one())


@pytest.fixture
def running(tmp_path, monkeypatch):
    """The studio's app served by uvicorn in a thread of this process (no watch, no warm-up):
    the test can hold the workspace's lock as a refresh does."""
    import uvicorn

    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    studio = Studio(Project.at(new_project(tmp_path / "proj", GAME)), [GAME])
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(build_app(studio), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started and time.monotonic() < end:
        time.sleep(0.01)
    yield studio, f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.should_exit = True
    thread.join(timeout=30)


def get(url: str, timeout: float = 30) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as reply:
        return reply.read()


def test_a_kept_image_is_answered_while_the_workspace_is_busy(running):
    studio, base = running
    grid = json.loads(get(f"{base}/api/component/{GAME}/deck"))
    url = grid["tiles"][0]["front"]["url"]   # drawn after the grid's answer: then kept
    first = get(base + url)
    with studio.workspace.lock:   # as a refresh or the print checks hold it
        png = get(base + url, timeout=10)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert png == first


def test_an_image_not_kept_is_drawn_on_request(running):
    studio, base = running
    grid = json.loads(get(f"{base}/api/component/{GAME}/deck"))
    url = grid["tiles"][-1]["front"]["url"].replace("dpi=96", "dpi=200")  # never drawn
    assert all(dpi != 200 for _, _, dpi in studio.images.kept())
    assert get(base + url).startswith(b"\x89PNG\r\n\x1a\n")
    assert any(dpi == 200 for _, _, dpi in studio.images.kept())


def test_the_checks_after_an_edit_wait_for_the_page_and_give_way_to_the_next_edit(tmp_path):
    studio = Studio(Project.at(new_project(tmp_path / "proj", GAME)), [GAME])
    assert studio.wait_for_pages(30)   # no page listening: nothing to wait for
    studio.listeners.add(asyncio.Queue())   # a page listening
    version = studio.workspace.version

    started = time.monotonic()   # the page never asks: the whole timeout
    assert studio.wait_for_pages(0.3)
    assert time.monotonic() - started >= 0.3

    asked: list[float] = []

    def ask():   # the page asks for the new faces
        asked.append(time.monotonic())
        studio.answered(version)

    threading.Timer(0.1, ask).start()
    assert studio.wait_for_pages(30)
    assert QUIET <= time.monotonic() - asked[0] < 10   # then a quiet moment

    threading.Timer(0.1, studio.supersede).start()   # a new edit comes first
    started = time.monotonic()
    studio.workspace.version += 1   # not asked for yet
    assert not studio.wait_for_pages(30)
    assert time.monotonic() - started < 10
    assert not studio.wait_for_pages(0)   # until the next edit's checks wait again
    studio.resume()
    assert studio.wait_for_pages(0)


def png_size(png: bytes) -> tuple[int, int]:
    """Return a PNG's width and height in pixels, from its header."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_a_grid_asked_at_the_screens_size_is_drawn_at_that_size(running):
    """A screen of one pixel a point shows a tile at its size in points: the page asks for
    72 dpi and gets pictures of that size (not 96 dpi ones the browser shrinks)."""
    studio, base = running
    grid = json.loads(get(f"{base}/api/component/{GAME}/deck?dpi=72"))
    front = grid["tiles"][0]["front"]
    assert front["url"].endswith("?dpi=72")
    width, height = png_size(get(base + front["url"]))
    assert (front["url"].split("?")[0], 72) in {(f"/img/{GAME}/-/{name}.png", dpi)
                                               for _, name, dpi in studio.images.kept()}
    assert abs(width - (front["width"] + 2 * front["bleed"])) <= 1
    assert abs(height - (front["height"] + 2 * front["bleed"])) <= 1
    large = png_size(get(base + front["url"].replace("dpi=72", "dpi=96")))
    assert abs(large[0] - width * 96 / 72) <= 1.5
    with pytest.raises(urllib.error.HTTPError) as refused:   # not a grid's dpi
        get(f"{base}/api/component/{GAME}/deck?dpi=300")
    assert refused.value.code == 404


def test_a_promised_picture_is_answered_once_drawn_without_the_workspace(running):
    """A page asks for a new face's picture as soon as it has its name: the request waits
    for that picture (not for the workspace's lock, which the drawing holds) and gets it
    once drawn."""
    studio, base = running
    ws = studio.workspace
    view = ws.view(GAME)
    face = ws.ready(view, "deck").prepared.cards[-1].front
    name = ws.image_name(view, face)
    answers: list[bytes] = []
    with ws.lock:   # as an edit's drawing holds it
        studio.images.expect(view.scope, [name], 96)
        asking = threading.Thread(target=lambda: answers.append(
            get(f"{base}/img/{GAME}/-/{name}.png?dpi=96")))
        asking.start()
        studio.images.draw(view.scope, {name: face}, 96)
        asking.join(30)   # answered while the lock is still held
        assert answers == [studio.images.kept_png(view.scope, name, 96)]
    assert answers[0].startswith(b"\x89PNG\r\n\x1a\n")


def test_drawing_an_edit_lets_a_waiting_request_in_between_pictures(tmp_path, monkeypatch):
    """An edit's pictures are drawn in one document and rasterised one at a time; a request
    waiting for the workspace (the page asking for the new grid) has it after the first
    picture, not after the last."""
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    studio = Studio(Project.at(new_project(tmp_path / "proj", GAME)), [GAME])
    ws = studio.workspace
    view = ws.view(GAME)
    faces = [card.front for card in ws.ready(view, "deck").prepared.cards]
    named = {f"{n}-{faces[n % len(faces)].key}": faces[n % len(faces)]
             for n in range(12)}   # twelve pictures
    order: list[str] = []
    real_drawing = studio.images.drawing

    def request() -> None:
        with ws.turn():
            order.append("request")

    def drawing(scope, batch, dpi):
        for step in real_drawing(scope, batch, dpi):
            order.append("picture")
            if len(order) == 1:   # a request comes while the first picture is made
                threading.Thread(target=request).start()
                while not ws._waiting:
                    time.sleep(0.001)
            yield step

    monkeypatch.setattr(studio.images, "drawing", drawing)
    studio.draw([(view.scope, named, 96)])
    assert order == ["picture", "request"] + ["picture"] * 11
    assert len(studio.images.kept()) == 12


def test_an_edits_document_holds_only_faces_not_drawn_yet(tmp_path, monkeypatch):
    """A grid's faces already drawn are not sent to a document again: an edit's document
    holds its new faces only (nine new faces among twelve)."""
    from sheetgen.studio import face_images

    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    studio = Studio(Project.at(new_project(tmp_path / "proj", GAME)), [GAME])
    ws = studio.workspace
    view = ws.view(GAME)
    faces = [card.front for card in ws.ready(view, "deck").prepared.cards]
    named = {f"{n}-{faces[n % len(faces)].key}": faces[n % len(faces)] for n in range(12)}
    old = dict(list(named.items())[3:6])   # drawn before: in the middle of the first eight
    studio.draw([(view.scope, old, 96)])
    documents: list[int] = []
    real = face_images.face_pictures
    monkeypatch.setattr(face_images, "face_pictures", lambda session, batch, *a: documents.append(
        len(batch)) or real(session, batch, *a))
    studio.draw([(view.scope, named, 96)])
    assert documents == [9]
    assert len(studio.images.kept()) == 12
