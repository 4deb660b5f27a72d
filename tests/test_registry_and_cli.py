"""The element registry, the project lookup, and the CLI's surface."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import run_cli
from sheetgen.fill.elements import DrawContext, element_types
from sheetgen.fill.fonts import FontBook
from sheetgen.fill.icons import IconBook
from sheetgen.load.model import SymbolSpec, slugify
from sheetgen.load.project import Project, builtin_root


# a game's symbols (game.yaml), for the legend's sample
SAMPLE_SYMBOLS = {"army": SymbolSpec(icon="swords", label="Army", meaning="fights"),
                  "castle": SymbolSpec(icon="castle", label="Castle", meaning="defends")}


def test_every_element_has_schema_doc_and_a_sample_that_draws(project):
    """Each sample is drawn alone on a 180 x 252 pt page; the page, rasterised, shows ink."""
    from io import BytesIO

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    types = element_types()
    assert {"box", "line", "text", "icon", "image"} <= set(types)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(180.0, 252.0), initialFontName=fonts.font_name("body"))
    drawn = []
    for name, cls in types.items():
        assert cls.doc, f"{name} has no doc"
        assert cls.model_json_schema()["properties"], f"{name} has no schema"
        assert cls.sample.get("type") == name, f"{name} has no sample"
        if name == "image":
            continue  # its sample names a file that a designer's project would hold
        context = {"width": 180.0, "height": 252.0, "fonts": fonts, "icons": icons,
                   "colors": {}, "symbols": SAMPLE_SYMBOLS}
        element = cls.model_validate(cls.sample, context=context)
        ctx = DrawContext(180.0, 252.0, fonts, icons)
        element.prepare(ctx)
        for icon in element.icons():
            icons.form_name(canvas, icon)
        element.draw(canvas, ctx)
        canvas.showPage()
        drawn.append(name)
    canvas.save()
    pdf = pdfium.PdfDocument(buffer.getvalue())
    try:
        assert len(pdf) == len(drawn)
        for name, page in zip(drawn, pdf):
            grey = page.render(scale=1).to_pil().convert("L")
            # greyscale: a byte a pixel; inked: darker than paper white
            inked = sum(1 for value in grey.tobytes() if value < 250)
            assert inked >= 10, f"the {name} sample draws nothing visible"
    finally:
        pdf.close()


def test_icons_have_credits(project):
    icons = IconBook.for_project(project)
    credits = (builtin_root() / "templates" / "icons" / "CREDITS.md").read_text()
    assert len(icons.icon_names()) >= 40
    for name in icons.icon_names():
        assert f"| {name} |" in credits, f"icon {name} has no credit line"


def test_icon_credits_are_sorted_with_a_row_per_file_and_a_file_per_row():
    """templates/icons/CREDITS.md stays sorted by name (rows added by several hands merge
    cleanly), and its table and the folder's SVG files name the same icons."""
    folder = builtin_root() / "templates" / "icons"
    rows = [line.split("|")[1].strip() for line in
            (folder / "CREDITS.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith(("| sheetgen name", "| ---"))]
    assert rows == sorted(rows), [a for a, b in zip(rows, sorted(rows)) if a != b][:3]
    assert len(rows) == len(set(rows)), "an icon has two rows"
    files = sorted(path.stem for path in folder.glob("*.svg"))
    assert sorted(set(rows) - set(files)) == [] and sorted(set(files) - set(rows)) == []


def test_fonts_have_licences():
    folder = builtin_root() / "fonts"
    for ttf in folder.glob("*.ttf"):
        family = ttf.stem.split("-")[0]
        assert (folder / f"{family}-OFL.txt").is_file(), ttf.name


def test_slugify_is_stable_for_norse_names():
    assert slugify("Þórr's Hammer") == "thorr-s-hammer"
    assert slugify("Njörðr") == "njordr"
    assert slugify("Ask and Embla") == "ask-and-embla"


def test_a_designers_folder_uses_builtin_templates(copy_game, tmp_path):
    root = copy_game("ragnarocks")
    assert not (root / "templates").exists()
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards",
                     "--profile", "pod", "-q")
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out/ragnarocks/mythology-cards-pod.pdf")
    assert len(reader.pages) == 64
    ids = Project.at(root).game_ids()
    assert ids[0] == "ragnarocks" and "roll-and-raid" in ids  # own games first, then built-ins
    assert Project.at(root).game_dir("ragnarocks") == root / "data" / "ragnarocks"


def test_cli_help_and_list():
    for args in (["--help"], ["build", "--help"], ["validate", "--help"], ["list", "--help"],
                 ["calibrate", "--help"]):
        result = run_cli(*args)
        assert result.exit_code == 0 and "Usage" in result.output
    result = run_cli("build", "--help")
    assert "--back-offset" in result.output and "--profile" in result.output
    listing = run_cli("list")
    assert "ragnarocks" in listing.output and "mythology-cards" in listing.output


def test_bad_back_offset_is_a_usage_error():
    result = run_cli("build", "ragnarocks", "--back-offset", "left")
    assert result.exit_code == 2 and "X,Y" in result.output


def test_calibration_sheet(tmp_path):
    result = run_cli("calibrate", "--paper", "letter", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "duplex-calibration-letter.pdf")
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == 612
    assert "--back-offset" in reader.pages[0].extract_text()


@pytest.mark.slow
def test_schema_command_covers_every_shape():
    import json

    result = run_cli("schema")
    assert result.exit_code == 0
    schemas = json.loads(result.output)
    assert "game" in schemas and "component-cards" in schemas and "template" in schemas
    assert "dice" in schemas
    for name in element_types():
        assert f"element-{name}" in schemas
    box = schemas["element-box"]["properties"]
    assert "string" in json.dumps(box["x"])  # lengths are written as text with units
    assert run_cli("schema", "nope").exit_code == 2


def test_a_bare_build_in_a_designers_folder_builds_only_its_games(copy_game):
    root = copy_game("ragnarocks")
    result = run_cli("--project", str(root), "build", "-p", "pod", "-q")
    assert result.exit_code == 0, result.output
    assert [p.name for p in (root / "out").iterdir() if p.name != ".sheetgen-cache.json"] \
        == ["ragnarocks"]
    assert "roll-and-raid" in run_cli("--project", str(root), "list").output  # still usable


def test_an_element_made_in_python_takes_points_where_a_template_takes_millimetres(project):
    fonts, icons = FontBook.for_project(project), IconBook.for_project(project)
    context = {"width": 180.0, "height": 252.0, "fonts": fonts, "icons": icons, "colors": {}}
    box = element_types()["box"]
    values = {"type": "box", "x": 10.0, "y": 20.5, "w": 30.0, "h": 40.0, "radius": 2.0}
    made = box.in_points(values, context)
    assert (made.x, made.y, made.w, made.h, made.radius) == (10.0, 20.5, 30.0, 40.0, 2.0)
    written = box.model_validate(values, context=context)  # a template's bare number is mm
    assert round(written.x, 3) == round(10.0 * 72 / 25.4, 3)
