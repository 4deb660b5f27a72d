"""The studio's pictures follow everything they draw, against a running ``sheetgen serve``: an
icon SVG, a font file named in fonts.yaml and a game.yaml colour each give the face a new URL
and a new picture (B1, B2); a face that cannot be drawn says why at its ``path:line``; the dice
panel answers outside the workspace's lock, offers the game's own dice, and the games list
says when the studio last rebuilt."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import shutil
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from PIL import Image, ImageChops

from sheetgen.dice.load import load_game_dice
from sheetgen.load.project import Project
from sheetgen.tools.newgame import new_project
from studio_server import REPO, Served, wait_until

uvicorn = pytest.importorskip("uvicorn")  # the serve extra (the test extra installs it)
from sheetgen.studio import extras  # noqa: E402
from sheetgen.studio.app import build_app  # noqa: E402
from sheetgen.studio.live import Studio  # noqa: E402
from sheetgen.studio import server as serving  # noqa: E402
from sheetgen.studio.server import bind, follow  # noqa: E402

GAME = "pictures"
SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<rect x="0" y="0" width="10" height="10"/></svg>')
RING = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M5 0a5 5 0 1 0 0.001 0zM5 3a2 2 0 1 1-0.001 0z" fill-rule="evenodd"/></svg>')
FONTS_YAML = """families:
  title:
    regular: mine/Title-Regular.ttf
    bold: mine/Title-Bold.ttf
"""


def make_project(root):
    """A new project whose cards draw a project icon (die.svg) and a project title font kept
    in a subfolder of fonts/."""
    project = new_project(root / "proj", GAME)
    (project / "templates" / "icons").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "icons" / "die.svg").write_text(SQUARE)
    (project / "fonts" / "mine").mkdir(parents=True)
    for style in ("Regular", "Bold"):
        shutil.copy(REPO / "fonts" / f"Cinzel-{style}.ttf",
                    project / "fonts" / "mine" / f"Title-{style}.ttf")
    (project / "fonts" / "fonts.yaml").write_text(FONTS_YAML)
    return project


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    project = make_project(tmp_path_factory.mktemp("studio-pictures"))
    server = Served(project, GAME, env={"SHEETGEN_CACHE_DIR": str(
        tmp_path_factory.mktemp("cache"))})
    yield server, project
    server.stop()


def first_front(server) -> dict:
    return json.loads(server.get(f"/api/component/{GAME}/deck"))["tiles"][0]["front"]


def picture(server, url: str) -> Image.Image:
    return Image.open(io.BytesIO(server.get(url))).convert("RGB")


def changed_picture(server, change) -> tuple[Image.Image, Image.Image]:
    """Return the first card's picture before and after ``change()``, once its URL moved."""
    old = first_front(server)["url"]
    before = picture(server, old)
    change()
    new = wait_until(lambda: (first_front(server)["url"] != old) and first_front(server)["url"])
    return before, picture(server, new)


def test_an_icon_a_font_and_a_colour_each_give_a_new_picture(served):
    server, project = served
    # B1: the icon's SVG (the card's art): the old picture was served under the new URL
    icon = project / "templates" / "icons" / "die.svg"
    before, after = changed_picture(server, lambda: icon.write_text(RING))
    assert ImageChops.difference(before, after).getbbox() is not None

    # B1: a font file fonts.yaml names (the card's title, in a subfolder of fonts/)
    bold = project / "fonts" / "mine" / "Title-Bold.ttf"
    before, after = changed_picture(
        server, lambda: shutil.copy(REPO / "fonts" / "AlegreyaSans-Bold.ttf", bold))
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    assert changed[3] - changed[1] < after.height / 3   # only the title line changed

    # B2: a game.yaml colour: the same URL kept the old colours
    game = project / "data" / GAME / "game.yaml"
    before, after = changed_picture(
        server, lambda: game.write_text(game.read_text().replace('"#2f5d8a"', '"#c0392b"')))
    assert _share(after, (0xc0, 0x39, 0x2b)) > 0.01 and _share(before, (0xc0, 0x39, 0x2b)) == 0
    assert _share(before, (0x2f, 0x5d, 0x8a)) > 0.01 and _share(after, (0x2f, 0x5d, 0x8a)) == 0


def _share(image: Image.Image, rgb: tuple) -> float:
    """Return the share of ``image``'s pixels within 6 levels of ``rgb``."""
    colours = image.getcolors(image.width * image.height)
    close = sum(n for n, p in colours if all(abs(a - b) <= 6 for a, b in zip(p, rgb)))
    return close / (image.width * image.height)


@contextlib.contextmanager
def in_process(studio):
    """Serve ``studio`` from this process (uvicorn in a thread); yield a GET of its JSON."""
    server = uvicorn.Server(uvicorn.Config(build_app(studio), log_level="warning"))
    sock = bind("127.0.0.1", 0)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    running = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
    running.start()
    try:
        wait_until(lambda: server.started)
        yield lambda path, timeout=60: json.loads(
            urllib.request.urlopen(base + path, timeout=timeout).read())
    finally:
        server.should_exit = True
        running.join(30)


def test_a_face_that_cannot_be_drawn_says_where_and_why(tmp_path, monkeypatch):
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    project = make_project(tmp_path)
    art = project / "templates" / "art.png"
    Image.new("RGB", (40, 40), "red").save(art)
    template = project / "templates" / f"{GAME}-card-front.yaml"
    template.write_text(template.read_text().replace(
        "      - {id: rule,", "      - {id: picture, type: image, src: art.png, h: 5mm}\n"
        "      - {id: rule,"))
    studio = Studio(Project.at(project), [GAME])
    with in_process(studio) as get:
        first = get(f"/api/component/{GAME}/deck")
        assert not first["stale"], first["problems"]
        # the picture turns unreadable after the faces were prepared (no refresh has run
        # yet): drawing the large face fails
        art.write_bytes(b"not a picture")
        with pytest.raises(urllib.error.HTTPError) as failed:
            get(first["tiles"][0]["front"]["url"].replace("?dpi=96", "?dpi=200"))
        body = json.loads(failed.value.read())
        assert failed.value.code == 422, body
        where = f"{GAME}-card-front.yaml:"
        assert [line for line in body["error"] if where in line and "art.png" in line], body
        face = get(f"/api/face/{GAME}/deck/0/front")
        assert face["face"]["error"] == body["error"]
        assert set(body["error"]) <= set(face["problems"])   # in the page's banner


def test_the_games_list_says_when_it_rebuilt_and_offers_the_games_own_dice(served):
    server, _ = served
    games = json.loads(server.get("/api/games"))
    assert time.time() - 600 < games["rebuilt"] <= time.time()
    (game,) = games["games"]
    example = game["dice_example"]
    assert example.startswith("2 ") and ">=" in example
    dice = load_game_dice(Project.at(served[1]), GAME).model.dice
    assert example.split()[1] in dice
    odds = json.loads(server.get(f"/api/dice/{GAME}?odds=" + urllib.parse.quote(example)))
    assert odds["error"] == "" and odds["odds"].startswith(f"P({example}) = ")


def test_an_odds_question_holds_no_page_up(tmp_path, monkeypatch):
    """/api/games answers while an odds request is being worked out (it is held open here
    until then, through the real dice engine)."""
    project = make_project(tmp_path)
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    studio = Studio(Project.at(project), [GAME])
    working, release = threading.Event(), threading.Event()
    real = extras.describe

    def held(query):
        working.set()
        release.wait(30)
        return real(query)

    monkeypatch.setattr(extras, "describe", held)
    with in_process(studio) as get:
        get("/api/games")
        answers = []
        asking = threading.Thread(target=lambda: answers.append(
            get(f"/api/dice/{GAME}?odds=2%20d6%20%3E%3D%208")))
        asking.start()
        try:
            assert working.wait(30)
            games = get("/api/games", timeout=5)   # under the lock, it waited for the odds
            assert games["games"][0]["id"] == GAME and not answers
        finally:
            release.set()
            asking.join(30)
        assert answers and answers[0]["odds"].startswith("P(2 d6 >= 8) = ")


def test_the_studio_follows_the_files_the_build_read_and_no_others(served):
    server, project = served
    studio = Studio(Project.at(project), [GAME])
    view = studio.workspace.view(GAME)
    studio.workspace.ready(view, "deck")
    watched = studio.workspace.watched()
    for path in ("data/pictures/game.yaml", "data/pictures/deck.yaml", "fonts/fonts.yaml",
                 "fonts/mine/Title-Bold.ttf", "templates/icons/die.svg",
                 f"templates/{GAME}-card-front.yaml"):
        assert (project / path).resolve() in watched, path
    assert (project / "data" / GAME / "notes.md").resolve() not in watched

    # served: a file no build reads changes nothing; a component file refreshes
    json.loads(server.get(f"/api/component/{GAME}/deck"))

    def settled():
        """the time of the last refresh, once no refresh came for a second"""
        first = json.loads(server.get("/api/games"))["rebuilt"]   # moves with each refresh
        time.sleep(1.0)
        return first if json.loads(server.get("/api/games"))["rebuilt"] == first else None

    rebuilt = wait_until(settled)
    (project / "data" / GAME / "notes.md").write_text("ideas for the next version\n")
    time.sleep(1.5)
    assert json.loads(server.get("/api/games"))["rebuilt"] == rebuilt
    deck = project / "data" / GAME / "deck.yaml"
    deck.write_text(deck.read_text().replace("title: Deck", "title: The Deck"))
    wait_until(lambda: json.loads(server.get("/api/games"))["rebuilt"] > rebuilt)


@pytest.mark.slow
def test_a_save_landing_as_the_watch_grows_is_taken_in(tmp_path, monkeypatch):
    """The race behind a lost picture: preparing a component reads a folder the watch did not
    follow yet, so the watch restarts with it; an icon saved at that moment sat in the old
    watch's group of events, which stopping it threw away (its stamp was taken after the save,
    so the catch-up saw nothing either). Here the save lands exactly then, and the watch's
    groups close only after a quiet second (a slow machine), so the old watch always still
    holds it when it stops: the studio must take it in (a new generation of drawn files)."""
    monkeypatch.setattr(serving, "STEP_MS", 1000)
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path / "cache"))
    project = make_project(tmp_path)
    studio = Studio(Project.at(project), [GAME])
    ws = studio.workspace
    view = ws.view(GAME)
    icon = project / "templates" / "icons" / "die.svg"
    front = (project / "templates" / f"{GAME}-card-front.yaml").resolve()
    real, calls = ws.watched, []

    def watched():
        files = real()
        calls.append(len(files))
        if front in files and icon.read_text() != RING:   # the first look after preparing
            icon.write_text(RING)                          # the deck: the user saves now
        return files

    ws.watched = watched
    loop, stop = asyncio.new_event_loop(), None

    async def run():
        nonlocal stop
        stop = asyncio.Event()
        await follow(studio, stop, report=print)

    following = threading.Thread(target=loop.run_until_complete, args=(run(),))
    following.start()
    try:
        wait_until(lambda: len(calls) >= 3)   # watching, and polling for new folders
        ws.ready(view, "deck")                # reads templates/: the watch grows
        wait_until(lambda: ws.generation >= 1, timeout=10)
    finally:
        wait_until(lambda: stop is not None)
        loop.call_soon_threadsafe(stop.set)
        following.join(30)
        loop.close()
