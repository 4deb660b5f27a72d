"""A cold one-deck build imports only what it uses (issue 21: start-up time)."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import REPO, run_cli, write_files

NOT_NEEDED = [
    "sheetgen.impose.components.board", "sheetgen.impose.components.sheet",
    "sheetgen.impose.components.tokens", "sheetgen.impose.components.dice",
    "sheetgen.impose.imposition.tiling", "sheetgen.impose.imposition.notepad",
    "sheetgen.dice.cli",            # the dice commands
    "sheetgen.checks.pdf_checks",   # `sheetgen check` reads PDFs back; a build does not
    "sheetgen.build.previews",            # --previews only
    "multiprocessing",              # one output: no workers
    "importlib.metadata",           # pydantic's plugin loader, with every plugin off
    "PIL._imaging",                 # Pillow's core: no raster image in the deck
]


def _process(tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run ``sheetgen ARGS`` as the ``sheetgen`` command runs (``sheetgen.__main__``) in a new
    process; return it and the names of the modules it had imported when it ended."""
    code = ("import atexit, json, sys\n"
            "atexit.register(lambda: print(json.dumps(sorted(sys.modules))))\n"
            f"sys.argv = ['sheetgen', *{list(args)!r}]\n"
            "from sheetgen.__main__ import run\nrun()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120,
                          env={"SHEETGEN_CACHE_DIR": str(tmp_path / "cache"),
                               "PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done, set(json.loads(done.stdout.splitlines()[-1]))


def test_a_one_deck_build_imports_only_what_it_uses(tmp_path):
    _, loaded = _process(tmp_path, "--project", str(REPO), "build", "ragnarocks",
                         "mythology-cards", "-p", "a4", "-q", "--out", str(tmp_path / "out"))
    assert (tmp_path / "out/ragnarocks/mythology-cards-a4.pdf").is_file()
    assert "sheetgen.impose.components.cards" in loaded and "jinja2" in loaded  # it did build
    assert [name for name in NOT_NEEDED if name in loaded] == []


def test_a_raster_image_loads_pillow_when_drawn_with_the_same_bytes(tmp_path):
    """The command's process imports Pillow's Image module when an image first reads it
    (``sheetgen.__main__``): a PNG is drawn as an in-process build (Pillow imported at the
    start, as ReportLab imports it) draws it."""
    from PIL import Image

    project = write_files(tmp_path / "project", {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [deck]\n",
        "data/g/deck.yaml": ("id: deck\ntitle: Deck\nkind: cards\nfront: pic\n"
                             "profiles: [pod]\nitems:\n  - {name: One}\n"),
        "templates/pic.yaml": ("size: poker\nelements:\n  - {type: image, src: art/pic.png, "
                               "x: 5mm, y: 5mm, w: 20mm, h: 20mm}\n"),
    })
    (project / "templates/art").mkdir()
    Image.new("RGBA", (240, 240), (200, 30, 30, 128)).save(project / "templates/art/pic.png")
    done, loaded = _process(tmp_path, "--project", str(project), "build", "g", "-q",
                            "--out", str(tmp_path / "process"))
    assert "PIL._imaging" in loaded and "wrote" in done.stdout
    assert run_cli("--project", str(project), "build", "g", "-q",
                   "--out", str(tmp_path / "in-process")).exit_code == 0
    drawn = (tmp_path / "process/g/deck-pod.pdf").read_bytes()
    assert b"/Subtype /Image" in drawn
    assert drawn == (tmp_path / "in-process/g/deck-pod.pdf").read_bytes()


def test_pillow_stand_in_answers_every_way_pillow_is_imported():
    """``from PIL import Image`` (ReportLab), ``import PIL.Image; PIL.Image`` (pypdfium2) and
    Pillow's own modules all reach the real module through the stand-in."""
    code = ("import sys\nfrom sheetgen.__main__ import pillow_on_first_use\n"
            "pillow_on_first_use()\n"
            "from reportlab.lib import utils\n"
            "assert 'PIL._imaging' not in sys.modules\n"
            "import PIL.Image\n"
            "picture = PIL.Image.new('RGB', (3, 2))\n"
            "from PIL import Image, ImageChops\n"
            "assert ImageChops.invert(picture).size == (3, 2)\n"
            "assert isinstance(picture, utils.Image.Image) and utils._isPILImage(picture)\n"
            "assert sys.modules['PIL.Image'] is PIL.Image is Image\n"
            "print(Image.__name__, picture.size)\n")
    threads = ("import sys, threading\nfrom sheetgen.__main__ import pillow_on_first_use\n"
               "pillow_on_first_use()\nfrom PIL import Image\nsizes = []\n"
               "def use():\n    sizes.append(Image.new('L', (4, 4)).size)\n"
               "workers = [threading.Thread(target=use) for _ in range(8)]\n"
               "[w.start() for w in workers]\n[w.join() for w in workers]\n"
               "assert sizes == [(4, 4)] * 8, sizes\n"
               "assert Image.Image is sys.modules['PIL.Image'].Image\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["PIL.Image", "(3,", "2)"]
    done = subprocess.run([sys.executable, "-c", threads], capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr  # eight threads first reading it at once
