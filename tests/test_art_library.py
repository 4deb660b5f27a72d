"""The shipped colour art: vendored by a re-runnable script from its list, licensed, credited
exactly where it is used, shown by `sheetgen reference`, overridable by a project."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.fill.art.read import read_art
from sheetgen.fill.icons import IconBook
from sheetgen.load.project import Project

ART = REPO / "templates" / "art"


def _vendor_module():
    spec = importlib.util.spec_from_file_location("vendor_art", REPO / ".ci" / "vendor_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_art_set_has_its_licence_and_credit():
    """Each set under templates/art/ carries its licence, its credits and the credit a page
    prints (the Fluent set, used by no game, is no longer shipped: vendor only what is used)."""
    sets = sorted(p for p in ART.iterdir() if p.is_dir())
    assert [s.name for s in sets] and "fluent" not in [s.name for s in sets]
    for folder in sets:
        assert (folder / "LICENSE.md").is_file() and (folder / "CREDITS.md").is_file(), folder
        assert "line:" in (folder / "credit.yaml").read_text(), folder


def test_every_vendored_art_file_is_used():
    """Vendor only what is used: every icon (game-icons) and every piece of a vendored colour
    art set (one written from its pieces.txt by .ci/vendor_art.py) is named by a game's data,
    a template or the code (an icon: field, :name: inline, art/SET/NAME.svg); an unused file
    is deleted with its credits row. The original CC0 drawings (bands, scenes, might) are
    made here, not vendored; a set composed here from icons (medallions: sources.txt, written
    by .ci/medallions.py) uses the icons its sources.txt names."""
    used = "\n".join(p.read_text(encoding="utf-8", errors="ignore")
                     for pattern in ("data/**/*.yaml", "data/**/*.csv", "templates/*.yaml",
                                     "sheetgen/**/*.py", "templates/art/*/sources.txt")
                     for p in REPO.glob(pattern))
    unused = []
    vendored = [folder for folder in ART.iterdir() if (folder / "pieces.txt").is_file()]
    for svg in sorted((REPO / "templates" / "icons").glob("*.svg")) + sorted(
            svg for folder in vendored for svg in folder.glob("*.svg")):
        name = svg.stem if svg.parent.name == "icons" else f"{svg.parent.name}/{svg.stem}"
        before = r"(?<![\w/-])" if "/" not in name else r"(?<![\w-])"  # art/SET/NAME.svg
        if not re.search(rf"{before}{re.escape(name)}(?![\w-])", used):
            unused.append(name)
    assert not unused, unused


def test_every_art_piece_made_here_is_drawn():
    """The sets made here (composed from icons by a .ci script, or original drawings) ship
    only what a page draws: each piece is named as art/SET/NAME by a template or the code, or
    its set is picked by a data value (a template's src ``art/SET/{{ ... }}``) and its name is
    such a value in a game's data or a template. The 32 Mythology medallions outlived their
    cards by a session because only vendored sets were checked."""
    def text(*patterns):
        return "\n".join(p.read_text(encoding="utf-8", errors="ignore")
                         for pattern in patterns for p in REPO.glob(pattern))
    named = text("data/**/*.yaml", "data/**/*.csv", "templates/*.yaml", "sheetgen/**/*.py")
    values = text("data/**/*.yaml", "data/**/*.csv", "templates/*.yaml")
    picked = set(re.findall(r"art/([\w-]+)/\{\{", named))
    unused = []
    for folder in sorted(f for f in ART.iterdir() if not (f / "pieces.txt").is_file()):
        for svg in sorted(folder.glob("*.svg")):
            by_path = re.search(rf"(?<![\w-]){re.escape(folder.name)}/{re.escape(svg.stem)}"
                                r"(?![\w-])", named)
            by_value = folder.name in picked and re.search(
                rf"(?<![\w/-]){re.escape(svg.stem)}(?![\w-])", values)
            if not (by_path or by_value):
                unused.append(f"{folder.name}/{svg.stem}")
    assert not unused, unused


def test_the_vendor_list_reads_aliases_and_refuses_bad_names(tmp_path):
    vendor = _vendor_module()
    listing = tmp_path / "pieces.txt"
    listing.write_text("# c\npackage: @iconify-json/x 1.0.0\nraven = blackbird  # the bird\naxe\n")
    assert vendor.read_list(listing) == ("@iconify-json/x", "1.0.0",
                                         {"raven": "blackbird", "axe": "axe"})
    listing.write_text("package: @iconify-json/x 1.0.0\naxe\naxe\n")
    with pytest.raises(SystemExit, match="pieces.txt:3: 'axe' is not a new"):
        vendor.read_list(listing)
    icons = {"width": 32, "height": 32, "icons": {"a": {"body": "<path d='M0 0h1v1z'/>"}},
             "aliases": {"b": {"parent": "a", "width": 16}}}
    assert vendor.svg_of(icons, "b") == ('<svg xmlns="http://www.w3.org/2000/svg" '
                                         "viewBox=\"0 0 16 32\"><path d='M0 0h1v1z'/></svg>\n")


def test_a_vendored_piece_using_xlink_is_well_formed_and_drawn(tmp_path):
    """Noto's drawings reference gradients with ``xlink:href``: the written file declares the
    xlink namespace, so sheetgen reads it (it refused it as unbound before)."""
    vendor = _vendor_module()
    icons = {"width": 16, "height": 16, "icons": {"disc": {"body": (
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/>'
        '<stop offset="1" stop-color="#00f"/></linearGradient>'
        '<linearGradient id="h" xlink:href="#g"/></defs>'
        '<circle cx="8" cy="8" r="6" fill="url(#h)"/>')}}}
    path = tmp_path / "disc.svg"
    path.write_text(vendor.svg_of(icons, "disc"))
    art = read_art(path)
    assert len(art.shapes) == 1 and not art.one_colour


def test_colour_art_is_named_set_slash_name_and_a_project_overrides_it(tmp_path):
    book = IconBook.for_project(Project.at(REPO))
    assert "might/army-camp" in book.art_names() and "dragon" in book.icon_names()
    assert book.files["might/army-camp"] == ART / "might" / "army-camp.svg"
    own = tmp_path / "templates" / "art" / "might"
    own.mkdir(parents=True)
    (own / "army-camp.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">'
                                       '<rect width="2" height="1" fill="#0000ff"/>'
                                       '<rect y="1" width="2" height="1" fill="#00ff00"/></svg>')
    mine = IconBook.for_project(Project.at(tmp_path))
    assert mine.files["might/army-camp"] == own / "army-camp.svg"
    assert mine.files["might/great-hall"] == ART / "might" / "great-hall.svg"


GAME = "id: artgame\nname: Art game\ncredits: 'By us'\ncomponents: [beasts, plain]\n"
DECK = """id: {id}
title: {id}
kind: cards
front: {front}
items:
  - name: One
"""
ART_FRONT = """size: poker
elements:
  - {type: icon, icon: might/army-camp, x: 10mm, y: 10mm, w: 40mm, h: 40mm}
"""
PLAIN_FRONT = """size: poker
elements:
  - {type: icon, icon: dragon, x: 10mm, y: 10mm, w: 20mm, h: 20mm}
  - {type: text, text: "{{ credits }}", x: 5mm, y: 40mm, w: 53mm, h: 40mm, size: 7, role: credit}
"""


def test_credits_name_the_art_set_exactly_where_it_is_used(tmp_path):
    (tmp_path / "data/artgame").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "data/artgame/game.yaml").write_text(GAME)
    (tmp_path / "data/artgame/beasts.yaml").write_text(DECK.format(id="beasts", front="art"))
    (tmp_path / "data/artgame/plain.yaml").write_text(DECK.format(id="plain", front="plain"))
    (tmp_path / "templates/art.yaml").write_text(ART_FRONT)
    (tmp_path / "templates/plain.yaml").write_text(PLAIN_FRONT)
    result = run_cli("--project", str(tmp_path), "build", "artgame", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output

    def text(name):
        reader = PdfReader(tmp_path / "out" / "artgame" / f"{name}-a4.pdf")
        return " ".join(page.extract_text() for page in reader.pages)

    beasts, plain = text("beasts"), text("plain")
    assert "Scenes: CC0" in beasts  # its pages' footer
    footer = re.findall(r"Icons: game-icons.net, CC BY 3.0[^\n]*", plain)
    assert footer and not any("Scenes" in line for line in footer)
    # a credits block names the sets its own component's files use, not the game's others:
    # built alone, the component prints the same bytes as in its whole game
    assert "By us" in plain and "Card scenes" not in plain
    whole = (tmp_path / "out/artgame/plain-a4.pdf").read_bytes()
    result = run_cli("--project", str(tmp_path), "build", "artgame", "plain", "-p", "a4", "-q",
                     "--no-cache", "--out", str(tmp_path / "alone"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "alone/artgame/plain-a4.pdf").read_bytes() == whole
    # its own template drawing a piece of the set: its block names it
    (tmp_path / "templates/plain.yaml").write_text(PLAIN_FRONT.replace("icon: dragon",
                                                                       "icon: might/army-camp"))
    result = run_cli("--project", str(tmp_path), "build", "artgame", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output
    assert "Card scenes: original drawings, CC0 1.0" in text("plain")
    (tmp_path / "templates/art.yaml").write_text(ART_FRONT.replace("might/army-camp", "dragon"))
    result = run_cli("--project", str(tmp_path), "build", "artgame", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output
    assert "Scenes" not in text("beasts")


@pytest.mark.slow
def test_the_reference_shows_every_piece_as_a_picture(tmp_path):
    result = run_cli("--project", str(tmp_path), "reference", "--out", str(tmp_path / "ref"))
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "ref").rglob("reference.pdf"))
    reader = PdfReader(pdf)
    art_pages = [p for p in reader.pages if "Colour art might/" in p.extract_text()]
    names = {s.stem for s in (ART / "might").glob("*.svg")}
    assert art_pages
    shown = set()
    for page in art_pages:
        forms = page["/Resources"]["/XObject"]
        shown |= {n.removeprefix("/FormXob.art-might~") for n in forms if "art-might" in n}
    assert shown == names
    index = next(i for i, p in enumerate(reader.pages) if p in art_pages)
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[index].render(scale=1).to_pil().convert("HSV")
    doc.close()
    _, _, val = image.split()
    assert Image.eval(val, lambda v: 255 * (v < 200)).convert("L").histogram()[255] > 2_000  # drawn


@pytest.mark.slow
def test_a_project_built_in_another_folder_gives_the_same_bytes(tmp_path):
    """A game's own art files (Roll & Might's card pictures) are named in the PDF by their
    bytes, not their path: the same project in two folders builds the same PDF (the form
    names carried a digest of the absolute path, so the goldens held only in one folder)."""
    built = []
    for folder in ("one", "two/deeper"):
        root = tmp_path / folder
        shutil.copytree(REPO / "data" / "roll-and-might", root / "data" / "roll-and-might")
        result = run_cli("--project", str(root), "build", "roll-and-might", "cards", "-p", "a4",
                         "-q", "--no-cache")
        assert result.exit_code == 0, result.output
        built.append((root / "out/roll-and-might/cards-a4.pdf").read_bytes())
    assert built[0] == built[1]


@pytest.mark.slow
def test_a_page_drawing_several_pieces_of_a_set_credits_the_set_once(tmp_path):
    """A face drawing two scenes of one art set and a ground shadow printed "Scenes: CC0"
    once per file in its footer (23 times on a sheet of Raid cards); a set is credited once."""
    scenes = REPO / "templates" / "art" / "scenes"
    image = ("  - {{type: image, src: art/scenes/{0}.svg, fit: cover, x: 5mm, y: {1}mm, w: 50mm, "
             "h: 20mm}}\n")
    (tmp_path / "data/g").mkdir(parents=True)
    (tmp_path / "templates/art/scenes").mkdir(parents=True)
    for name in ("sea", "meadow", "shadow", "credit"):
        suffix = ".yaml" if name == "credit" else ".svg"
        (tmp_path / "templates/art/scenes" / f"{name}{suffix}").write_bytes(
            (scenes / f"{name}{suffix}").read_bytes())
    (tmp_path / "data/g/game.yaml").write_text("id: g\nname: G\ncomponents: [deck]\n")
    (tmp_path / "data/g/deck.yaml").write_text(DECK.format(id="deck", front="f"))
    (tmp_path / "templates/f.yaml").write_text(
        "size: poker\nelements:\n" + image.format("sea", 5) + image.format("meadow", 30)
        + image.format("shadow", 55))
    result = run_cli("--project", str(tmp_path), "build", "g", "deck", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "out" / "g" / "deck-a4.pdf").pages[0].extract_text()
    assert text.count("Scenes: CC0") == 1, text
