"""An ``image`` fitted by cover about a focal point, cropped, clipped to a shape, faded and
tinted, raster and SVG alike; a texture filling a shape; line icons in their element's colour;
a dark icon on a dark fill caught by the print checks. Every picture is checked in the PDF's
pixels (pypdfium2)."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import run_cli, write_files

MM = 72 / 25.4
SCALE = 4  # pixels per point when rendering
BLEED = 9.0  # a pod page: the trim inside 1/8 in of bleed

RED, GREEN, BLUE, YELLOW = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)
# four bands side by side, 100 x 100 px each: what a crop or a cover shows is read by colour
BANDS = [RED, GREEN, BLUE, YELLOW]
# the same bands as SVG art (400 x 100 user units), and two overlapping squares for group
# opacity (red under blue)
BANDS_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">'
             '<rect x="0" width="100" height="100" fill="#ff0000"/>'
             '<rect x="100" width="100" height="100" fill="#00ff00"/>'
             '<rect x="200" width="100" height="100" fill="#0000ff"/>'
             '<rect x="300" width="100" height="100" fill="#ffff00"/></svg>')
SQUARES_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
               '<rect width="100" height="100" fill="#ff0000"/>'
               '<rect x="25" y="25" width="50" height="50" fill="#0000ff"/></svg>')
LINE_ICONS = {
    "cross-current": '<path d="M4 4 L20 20 M20 4 L4 20" fill="none" stroke="currentColor" '
                     'stroke-width="4"/>',
    "cross-hex": '<path d="M4 4 L20 20 M20 4 L4 20" fill="none" stroke="#000" '
                 'stroke-width="4"/>',
    "cross-black": '<path d="M4 4 L20 20 M20 4 L4 20" fill="none" stroke="black" '
                   'stroke-width="4"/>',
}

def _at(x: float, y: float, w: float = 20, h: float = 20) -> dict:
    return {"x": f"{x}mm", "y": f"{y}mm", "w": f"{w}mm", "h": f"{h}mm"}


def _image(src: str, **keys) -> dict:
    return {"type": "image", "src": f"art/{src}", **keys}


LEFT = {"fit": "cover", "focus": ["0%", "50%"]}  # the red band, covering the box
# each picture in a 20 x 20 mm box; _at gives the top-left corner on a 150 x 130 mm card
ELEMENTS = [
    _image("bands.png", **LEFT, **_at(5, 5)),
    _image("bands.png", fit="cover", focus=["100%", "50%"], **_at(30, 5)),
    _image("bands.png", fit="cover", **_at(55, 5)),
    _image("bands.png", fit="fill", crop=[200, 0, 100, 100], **_at(80, 5)),
    _image("bands.png", fit="fill", crop=["75%", 0, "25%", "100%"], **_at(105, 5)),
    {"type": "box", "fill": "#000000", **_at(5, 30)},
    _image("white.png", fit="fill", opacity=0.5, **_at(5, 30)),
    _image("bands.png", **LEFT, clip="circle", **_at(30, 30)),
    _image("bands.png", **LEFT, clip="rounded", radius="6mm", **_at(55, 30)),
    _image("bands.png", **LEFT, clip="hexagon", **_at(80, 30)),
    _image("bands.png", **LEFT, clip="M 0 0 L 10 0 L 5 10 Z", **_at(105, 30)),
    _image("white.png", fit="fill", tint="#ff8000", **_at(5, 55)),
    _image("bands.svg", fit="cover", focus=["100%", "50%"], **_at(30, 55)),
    _image("bands.svg", fit="fill", crop=[100, 0, 100, 100], clip="circle", **_at(55, 55)),
    _image("squares.svg", fit="fill", opacity=0.5, **_at(80, 55)),
    _image("bands.svg", **LEFT, tint="#808080", **_at(105, 55)),
    {"type": "texture", "clip": "circle", "base": "#00ff00", "strength": 0, **_at(5, 80)},
    {"type": "icon", "icon": "cross-current", "color": "#0000ff", **_at(30, 80)},
    {"type": "icon", "icon": "cross-hex", "color": "#0000ff", **_at(55, 80)},
    {"type": "icon", "icon": "cross-black", "color": "#0000ff", **_at(80, 80)},
    _image("bands.png", fit="cover", focus=["30%", "50%"], **_at(5, 105, w=40)),
    {"type": "icon", "icon": "test/squares", "tint": "#808080", **_at(55, 105)},
    {"type": "icon", "icon": "cross-hex", "color": "#ffffff", "tint": "#ff0000", **_at(80, 105)},
]
TEMPLATE = "width: 150mm\nheight: 130mm\nelements:\n" + "".join(
    f"  - {json.dumps(element)}\n" for element in ELEMENTS)


def _write_art(root):
    art = root / "templates" / "art"
    art.mkdir(parents=True, exist_ok=True)
    bands = Image.new("RGB", (400, 100))
    for index, colour in enumerate(BANDS):
        bands.paste(colour, (index * 100, 0, index * 100 + 100, 100))
    bands.save(art / "bands.png")
    Image.new("RGB", (300, 300), (255, 255, 255)).save(art / "white.png")
    (art / "bands.svg").write_text(BANDS_SVG)
    (art / "squares.svg").write_text(SQUARES_SVG)
    (art / "test").mkdir(exist_ok=True)
    (art / "test" / "squares.svg").write_text(SQUARES_SVG)  # colour art for an icon element
    for name, body in LINE_ICONS.items():
        write_files(root, {f"templates/icons/{name}.svg":
                           f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{body}'
                           "</svg>"})


def _project(root, template: str = TEMPLATE):
    write_files(root, {
        "data/g/game.yaml": "id: g\nname: G\ncomponents: [c]\n",
        "data/g/c.yaml": "id: c\ntitle: C\nkind: cards\nfront: f\nitems:\n  - name: One\n",
        "templates/f.yaml": template,
    })
    _write_art(root)
    return root


def _build(root, *args):
    return run_cli("--project", str(root), "build", "g", "-p", "pod", "--out",
                   str(root / "out"), *args)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The rendered card (RGB), and a function giving the colour at (x, y) mm of the trim."""
    root = _project(tmp_path_factory.mktemp("fitclip"))
    result = _build(root, "-q")
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "g" / "c-pod.pdf"
    document = pdfium.PdfDocument(str(pdf))
    image = document[0].render(scale=SCALE).to_pil().convert("RGB")
    document.close()

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round((BLEED + x_mm * MM) * SCALE),
                               round((BLEED + y_mm * MM) * SCALE)))

    at.pdf = pdf
    return at


def near(colour, expected, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_cover_fills_the_box_and_keeps_the_focal_point_in_view(page):
    # 400 x 100 px over a 20 mm square: the height fills, a quarter of the width shows
    for x in (6, 15, 24):
        assert near(page(x, 15), RED), page(x, 15)           # focus 0%: the left band
        assert near(page(25 + x, 15), YELLOW), page(25 + x, 15)  # focus 100%: the right band
    # the default focus, the middle: green left of the box's middle, blue right of it
    assert near(page(57, 15), GREEN) and near(page(73, 15), BLUE)
    # the whole box is painted, edge to edge (no margins as contain would leave)
    assert near(page(55.3, 5.3), GREEN) and near(page(74.7, 24.7), BLUE)
    # a focus at 30% in a 2:1 box: the picture is 80 mm wide, the point at 24 mm is centred
    # in the 40 mm box, so the box shows 4..44 mm of it: red from its left edge to 16 mm
    # (100 px = 20 mm), green from 16 mm to 36 mm, blue after
    assert near(page(5 + 15, 115), RED) and near(page(5 + 17, 115), GREEN)
    assert near(page(5 + 35, 115), GREEN) and near(page(5 + 37, 115), BLUE)


def test_crop_shows_only_the_part_named(page):
    for x in (81, 90, 99):
        assert near(page(x, 15), BLUE), page(x, 15)              # pixels 200-300: blue
        assert near(page(25 + x, 15), YELLOW), page(25 + x, 15)  # 75% to 100%: yellow


def test_cropped_raster_keeps_only_the_pixels_shown(page):
    """The PDF holds the part of the picture a crop or cover shows, not the whole file."""
    reader = PdfReader(page.pdf)
    sizes = []
    for xobj in reader.pages[0]["/Resources"]["/XObject"].values():
        for image in xobj.get_object()["/Resources"].get("/XObject", {}).values():
            image = image.get_object()
            if image.get("/Subtype") == "/Image":
                sizes.append((image["/Width"], image["/Height"]))
    assert (100, 100) in sizes       # crop [200, 0, 100, 100]; cover of a quarter
    assert (400, 100) not in sizes   # no picture embedded whole when only part shows


def test_opacity_lets_what_is_under_show_through(page):
    # white at 50% over black: mid grey
    grey = page(15, 40)
    assert near(grey, (128, 128, 128), 8), grey


def test_clip_shapes_cut_the_picture_and_leave_the_corners_clear(page):
    white = (255, 255, 255)
    # circle: corners white, middle and the middle of each side red
    assert near(page(30.7, 30.7), white) and near(page(49.3, 49.3), white)
    assert near(page(40, 40), RED) and near(page(30.7, 40), RED) and near(page(40, 30.7), RED)
    # rounded (6 mm corners): the corner is clear, 2 mm along an edge is painted
    assert near(page(55.5, 30.5), white) and near(page(74.5, 49.5), white)
    assert near(page(57, 40), RED) and near(page(65, 30.7), RED)
    # hexagon, points left and right: 20 mm across the points, 17.3 mm across the flats, so
    # the top and bottom 1.3 mm are clear, and so are the box's corners
    assert near(page(90, 30.6), white) and near(page(90, 49.4), white)
    assert near(page(80.7, 31.5), white) and near(page(99.3, 48.5), white)
    assert near(page(80.7, 40), RED) and near(page(90, 32), RED)
    # a path (a triangle pointing down): the bottom corners clear, the top edge painted
    assert near(page(105.7, 49), white) and near(page(124.3, 49), white)
    assert near(page(106, 30.7), RED) and near(page(115, 48), RED)


def test_tint_multiplies_the_colours(page):
    assert near(page(15, 65), (255, 128, 0)), page(15, 65)   # white through orange
    assert near(page(115, 65), (128, 0, 0)), page(115, 65)   # SVG red through grey


def test_tint_on_an_icon_multiplies_art_and_a_one_colour_icons_color(page):
    assert near(page(57, 107), (128, 0, 0)), page(57, 107)    # red art through grey
    assert near(page(65, 115), (0, 0, 128)), page(65, 115)    # its blue square through grey
    assert near(page(85, 110), (255, 0, 0), 30), page(85, 110)  # white lines through red


def test_svg_art_takes_cover_crop_clip_and_opacity(page):
    assert near(page(31, 65), YELLOW) and near(page(49, 65), YELLOW)   # cover, focus 100%
    # crop [100, 0, 100, 100] of the bands: green, cut to a circle
    assert near(page(65, 65), GREEN) and near(page(55.7, 55.7), (255, 255, 255))
    # opacity on SVG art fades the picture as one: where blue lies over red, the faded blue
    # alone shows (half blue, half paper), not red through it
    assert near(page(82, 57), (255, 128, 128), 8), page(82, 57)     # red at 50%
    assert near(page(90, 65), (128, 128, 255), 8), page(90, 65)     # blue at 50%, no red


def test_texture_fills_a_clip_shape(page):
    assert near(page(15, 90), GREEN) and near(page(5.7, 80.7), (255, 255, 255))


def test_line_icons_take_the_elements_colour(page):
    """fill="none" with stroke currentColor, #000 or black: the strokes print in ``color``."""
    for left in (30, 55, 80):
        # on the diagonal of the cross, a quarter of the way in
        colour = page(left + 5, 85)
        assert near(colour, (0, 0, 255), 30), (left, colour)


def test_the_icons_of_a_line_icon_are_one_colour_forms(page):
    reader = PdfReader(page.pdf)
    face = next(iter(reader.pages[0]["/Resources"]["/XObject"].values())).get_object()
    names = [str(name) for name in face["/Resources"]["/XObject"]]
    assert {"/FormXob.icon-cross-current", "/FormXob.icon-cross-hex",
            "/FormXob.icon-cross-black"} <= set(names), names


def test_the_300_dpi_warning_counts_the_pixels_shown(tmp_path):
    """800 px across 20 mm is 1016 dpi; a crop of 10% of it shows 80 px there: 102 dpi. A
    cover of a 1000 x 100 px strip shows its 100 px of height over 20 mm: 127 dpi."""
    template = """size: poker
elements:
  - {type: image, src: art/big.png, crop: [0, 0, 10%, 10%], x: 5mm, y: 5mm, w: 20mm,
     h: 20mm}
  - {type: image, src: art/strip.png, fit: cover, x: 5mm, y: 30mm, w: 20mm, h: 20mm}
  - {type: image, src: art/strip.png, fit: contain, x: 5mm, y: 55mm, w: 20mm, h: 20mm}
"""
    root = _project(tmp_path, template)
    Image.new("RGB", (800, 800), (10, 10, 10)).save(root / "templates/art/big.png")
    Image.new("RGB", (1000, 100), (10, 10, 10)).save(root / "templates/art/strip.png")
    result = _build(root)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    # each at the item's line (c.yaml:6), as every warning of a face is
    assert any("c.yaml:6: one front: big.png prints at 102 dpi (< 300) (the part shown is "
               "80 x 80 px)" in w for w in warnings), warnings
    assert any("c.yaml:6: one front: strip.png prints at 127 dpi (< 300) (the part shown is "
               "100 x 100 px)" in w for w in warnings), warnings
    assert len(warnings) == 2, warnings  # contain: 1000 px over 20 mm, 1270 dpi


@pytest.mark.parametrize("line, message", [
    ("{type: image, src: art/bands.png, crop: [300, 0, 200, 100], w: 20mm, h: 20mm}",
     "one front: crop [300, 0, 200, 100] reaches beyond bands.png, which is 400 x 100 px; "
     "give a part inside it (or percentages) (template "),
    ("{type: image, src: art/bands.png, clip: star, w: 20mm, h: 20mm}",
     "templates/f.yaml:3: image element clip: 'star' is not a clip shape: give one of rect, "
     "rounded, circle, ellipse, hexagon, hexagon-pointy, none, or SVG path data starting "
     "with M"),
    ("{type: image, src: art/bands.png, focus: [120%, 0%], w: 20mm, h: 20mm}",
     "templates/f.yaml:3: image element focus: focus: '120%' is outside 0% to 100%"),
    ("{type: image, src: art/bands.png, crop: [0, 0, 0, 10], w: 20mm, h: 20mm}",
     "width and height must be more than 0"),
    ("{type: texture, clip: 'M 0 0 L 10 0 Z', w: 20mm, h: 20mm}",
     "encloses no area"),
])
def test_bad_fit_crop_and_clip_values_are_errors_at_their_line(tmp_path, line, message):
    root = _project(tmp_path, f"size: poker\nelements:\n  - {line}\n")
    result = _build(root)
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output
    assert not (root / "out" / "g" / "c-pod.pdf").exists()


def test_a_dark_icon_on_a_dark_fill_fails_the_print_checks(tmp_path):
    """Black line runes on a navy die: the contrast check catches the icon (1.4:1); in
    white they pass, and a light icon on paper (a watermark) is left alone."""
    dark = """size: poker
elements:
  - {type: box, fill: "#1b2450"}
  - {type: icon, icon: cross-hex, color: "#000000", x: 20mm, y: 20mm, w: 20mm, h: 20mm}
"""
    root = _project(tmp_path, dark)
    result = _build(root)
    assert result.exit_code == 2, result.output
    assert ("templates/f.yaml:4: (icon): icon 'cross-hex' has contrast 1.4:1 against what is "
            "under it (normal rendering), minimum 3:1") in result.output, result.output
    (root / "templates/f.yaml").write_text(dark.replace('"#000000"', "white"))
    result = _build(root)
    assert result.exit_code == 0, result.output
    watermark = ("size: poker\nelements:\n  - {type: icon, icon: cross-hex, color: \"#eeeeee\", "
                 "x: 20mm, y: 20mm, w: 20mm, h: 20mm}\n")
    (root / "templates/f.yaml").write_text(watermark)
    result = _build(root)
    assert result.exit_code == 0, result.output


def test_a_faded_image_is_faded_in_every_profile_of_a_build(tmp_path):
    """A face that sets an opacity lists its graphics state in each document (the second
    document does not replay the first one's drawing without it)."""
    template = """size: poker
elements:
  - {type: box, fill: "#000000", x: 5mm, y: 5mm, w: 20mm, h: 20mm}
  - {type: image, src: art/white.png, fit: fill, opacity: 0.5, x: 5mm, y: 5mm, w: 20mm,
     h: 20mm}
"""
    root = _project(tmp_path, template)
    result = run_cli("--project", str(root), "build", "g", "-p", "pod", "-p", "a4", "--out",
                     str(root / "out"), "-q")
    assert result.exit_code == 0, result.output
    for name in ("c-pod.pdf", "c-a4.pdf"):
        reader = PdfReader(root / "out" / "g" / name)
        forms = [xobj.get_object()
                 for xobj in reader.pages[0]["/Resources"]["/XObject"].values()]
        faces = [form for form in forms if "/ExtGState" in form["/Resources"]]
        assert faces, name
        states = faces[0]["/Resources"]["/ExtGState"]
        assert any(state.get_object().get("/ca") == 0.5 for state in states.values()), name


def test_a_cmyk_document_fades_into_the_paper_without_transparency(tmp_path):
    """--cmyk (and PDF/X) carries no transparency: a faded raster is the inks it leaves on
    white (red at 50%: pink), and faded SVG art its inks times the opacity."""
    template = """size: poker
elements:
  - {type: image, src: art/bands.png, fit: cover, focus: [0%, 50%], opacity: 0.5,
     x: 5mm, y: 5mm, w: 20mm, h: 20mm}
  - {type: image, src: art/bands.svg, fit: cover, focus: [0%, 50%], opacity: 0.5,
     x: 30mm, y: 5mm, w: 20mm, h: 20mm}
"""
    root = _project(tmp_path, template)
    result = _build(root, "--cmyk", "-q")
    assert result.exit_code == 0, result.output
    pdf = root / "out" / "g" / "c-pod-cmyk.pdf"
    reader = PdfReader(pdf)
    for xobj in reader.pages[0]["/Resources"]["/XObject"].values():
        resources = xobj.get_object()["/Resources"]
        assert "/ExtGState" not in resources
        for inner in resources.get("/XObject", {}).values():
            inner = inner.get_object()
            assert "/Group" not in inner and "/ExtGState" not in inner.get("/Resources", {})
    document = pdfium.PdfDocument(str(pdf))
    image = document[0].render(scale=SCALE).to_pil().convert("RGB")
    document.close()
    for x in (15, 40):
        colour = image.getpixel((round((BLEED + x * MM) * SCALE), round((BLEED + 15 * MM)
                                                                         * SCALE)))
        assert colour[0] > 200 and 100 < colour[1] < 160 and 100 < colour[2] < 160, (x, colour)
