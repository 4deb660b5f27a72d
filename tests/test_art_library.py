"""The shipped colour art: vendored by a re-runnable script from its list, licensed, credited
exactly where it is used, shown by `sheetgen reference`, overridable by a project."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from conftest import REPO, run_cli
from sheetgen.fill.art.read import read_art
from sheetgen.fill.icons import IconBook
from sheetgen.load.project import Project

FLUENT = REPO / "templates" / "art" / "fluent"


def _vendor_module():
    spec = importlib.util.spec_from_file_location("vendor_art", REPO / ".ci" / "vendor_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_library_is_what_its_list_names_with_licence_and_credits():
    package, version, pieces = _vendor_module().read_list(FLUENT / "pieces.txt")
    assert package == "@iconify-json/fluent-emoji-flat" and version
    assert len(pieces) >= 150
    assert {p.stem for p in FLUENT.glob("*.svg")} == set(pieces)
    credits = (FLUENT / "CREDITS.md").read_text()
    for ours, source in pieces.items():
        assert f"| {ours} | {source} |" in credits
    assert "Permission is hereby granted" in (FLUENT / "LICENSE.md").read_text()
    assert "Microsoft" in (FLUENT / "credit.yaml").read_text()


def test_every_piece_is_drawn_in_full_and_in_its_own_colours():
    for svg in sorted(FLUENT.glob("*.svg")):
        art = read_art(svg)
        assert not art.warnings, (svg.name, art.warnings)
        assert not art.one_colour, svg.name
        assert any(s.fill not in (None, (0.0, 0.0, 0.0)) for s in art.shapes), svg.name


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


def test_colour_art_is_named_set_slash_name_and_a_project_overrides_it(tmp_path):
    book = IconBook.for_project(Project.at(REPO))
    assert "fluent/dragon" in book.art_names() and "dragon" in book.icon_names()
    assert book.files["fluent/dragon"] == FLUENT / "dragon.svg"
    own = tmp_path / "templates" / "art" / "fluent"
    own.mkdir(parents=True)
    (own / "dragon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">'
                                    '<rect width="2" height="1" fill="#0000ff"/>'
                                    '<rect y="1" width="2" height="1" fill="#00ff00"/></svg>')
    mine = IconBook.for_project(Project.at(tmp_path))
    assert mine.files["fluent/dragon"] == own / "dragon.svg"
    assert mine.files["fluent/axe"] == FLUENT / "axe.svg"


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
  - {type: icon, icon: fluent/dragon, x: 10mm, y: 10mm, w: 40mm, h: 40mm}
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
    assert "Art: Fluent Emoji (Microsoft), MIT" in beasts  # its pages' footer
    footer = re.findall(r"Icons: game-icons.net, CC BY 3.0[^\n]*", plain)
    assert footer and not any("Fluent" in line for line in footer)
    # the game's credits block names the set its files use
    assert "Colour art: Fluent Emoji by Microsoft, MIT licence" in plain
    (tmp_path / "templates/art.yaml").write_text(ART_FRONT.replace("fluent/dragon", "dragon"))
    result = run_cli("--project", str(tmp_path), "build", "artgame", "-p", "a4", "-q")
    assert result.exit_code == 0, result.output
    assert "Fluent" not in text("beasts") and "Fluent" not in text("plain")


@pytest.mark.slow
def test_the_reference_shows_every_piece_as_a_picture(tmp_path):
    result = run_cli("--project", str(tmp_path), "reference", "--out", str(tmp_path / "ref"))
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "ref").rglob("reference.pdf"))
    reader = PdfReader(pdf)
    art_pages = [p for p in reader.pages if "Colour art fluent/" in p.extract_text()]
    names = {s.stem for s in FLUENT.glob("*.svg")}
    assert len(art_pages) == -(-len(names) // 88)
    shown = set()
    for page in art_pages:
        forms = page["/Resources"]["/XObject"]
        shown |= {n.removeprefix("/FormXob.art-fluent~") for n in forms if "art-fluent" in n}
        assert "Fluent Emoji by Microsoft" in page.extract_text()
    assert shown == names
    index = next(i for i, p in enumerate(reader.pages) if p in art_pages)
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[index].render(scale=1).to_pil().convert("HSV")
    doc.close()
    _, sat, val = image.split()
    strong = Image.eval(sat, lambda s: 255 * (s > 150)).convert("L")
    bright = Image.eval(val, lambda v: 255 * (v > 100)).convert("L")
    saturated = ImageChops.multiply(strong, bright).histogram()[255]
    assert saturated > 20_000  # colour, not one ink


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
