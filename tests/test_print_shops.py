"""Print shops as data (issue 35): what each shop's profile writes, and PDF/X-1a.

The expected numbers are the shops' published ones (docs/src/how-to/print-shop.md cites them),
written here by hand: The Game Crafter 825 x 1125 px, MakePlayingCards 822 x 1122 px (36 px of
bleed at 300 dpi), DriveThruCards 2.75 x 3.75 in pages (198 x 270 pt) with the poker trim
1/8 in inside, as PDF/X-1a:2003.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from click.testing import CliRunner

from conftest import REPO, run_cli, write_files
from sheetgen.cli import main

RAID_CARDS = 49  # 48 Raid cards and Paris (data/roll-and-raid/raid-cards.yaml)
RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


@pytest.fixture(scope="module")
def shop_out(tmp_path_factory) -> Path:
    """roll-and-raid's Raid cards built for the three shops, once."""
    out = tmp_path_factory.mktemp("shops")
    result = run_cli("build", "roll-and-raid", "raid-cards", "-p", "thegamecrafter", "-p",
                     "makeplayingcards", "-p", "drivethrucards", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    return out / "roll-and-raid"


def _pngs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.png"))


@pytest.mark.slow
@pytest.mark.parametrize("shop, size", [("thegamecrafter", (825, 1125)),
                                        ("makeplayingcards", (822, 1122))])
def test_a_png_shop_gets_one_png_per_face_at_its_pixel_size(shop_out, shop, size):
    files = _pngs(shop_out / f"raid-cards-{shop}")
    assert len(files) == 2 * RAID_CARDS  # a front and a back for every card
    names = [f.name for f in files]
    # fronts and backs sort apart, each in deck order, numbered by card
    assert names[0] == "back-001-lindisfarne.png"
    assert names[RAID_CARDS] == "front-001-lindisfarne.png"
    assert names[-1] == "front-049-paris.png"
    assert sum(n.startswith("front-") for n in names) == RAID_CARDS
    for path in files[:: 7]:
        with Image.open(path) as image:
            assert image.size == size
            assert image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300


@pytest.mark.slow
def test_the_makeplayingcards_png_is_the_game_crafter_png_less_its_extra_bleed(shop_out):
    """MPC's 36 px bleed is 1.5 px less per side than 1/8 in: the same card moved 1.5 px, not
    squeezed into the smaller image."""
    with Image.open(shop_out / "raid-cards-thegamecrafter" / "front-001-lindisfarne.png") as a, \
            Image.open(shop_out / "raid-cards-makeplayingcards"
                       / "front-001-lindisfarne.png") as b:
        tgc, mpc = a.convert("L"), b.convert("L")
    shifted = tgc.transform((822, 1122), Image.Transform.AFFINE, (1, 0, 1.5, 0, 1, 1.5),
                            resample=Image.Resampling.BILINEAR)
    apart = {name: _mean_difference(image, mpc) for name, image in [
        ("shifted", shifted), ("corner", tgc.crop((0, 0, 822, 1122))),
        ("squeezed", tgc.resize((822, 1122)))]}
    assert apart["shifted"] < 0.5 * apart["squeezed"], apart
    assert apart["shifted"] < 0.3 * apart["corner"], apart


def _mean_difference(a, b) -> float:
    histogram = ImageChops.difference(a, b).histogram()
    return sum(level * count for level, count in enumerate(histogram)) / sum(histogram)


@pytest.mark.slow
def test_drivethrucards_gets_one_pdf_x_1a_2003_with_a_face_per_page(shop_out):
    path = shop_out / "raid-cards-drivethrucards.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 2 * RAID_CARDS
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == [0, 0, 198, 270]
        assert [float(v) for v in page.bleedbox] == [0, 0, 198, 270]
        assert [float(v) for v in page.trimbox] == [9, 9, 189, 261]
    # front 1, back 1, front 2, ...
    assert "Lindisfarne" in reader.pages[0].extract_text()
    assert "Lindisfarne" not in reader.pages[1].extract_text()
    assert "Iona" in reader.pages[2].extract_text()
    info = reader.trailer["/Info"]
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "/GTS_PDFXConformance" not in info
    intent = _intent(reader)
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert not _transparency_or_rgb(reader)
    _ghostscript_renders_every_page(path, len(reader.pages))


def test_a_shop_refuses_a_card_size_it_does_not_print():
    result = run_cli("build", "reavers-of-midgard", "reaver-cards", "-p", "thegamecrafter",
                     "--out", "/nonexistent-never-written")
    assert result.exit_code == 2
    assert re.search(r"reavers-card\.yaml:\d+: .*thegamecrafter prints poker \(63\.5 x 88\.9 mm\) "
                     r"cards, not 44\.5 x 63\.5 mm", result.output), result.output


def _small_deck(root: Path, bleed: str) -> str:
    write_files(root, {
        "data/t/game.yaml": "id: t\nname: T\ncomponents: [deck]\n",
        "data/t/deck.yaml": "id: deck\ntitle: Deck\nkind: cards\nfront: t-card\nback: t-card\n"
                            "items:\n  - {id: one, name: One}\n  - {id: two, name: Two}\n",
        "templates/t-card.yaml": f"size: poker\nbleed: {bleed}\nelements:\n"
                                 "  - {id: bg, type: box, x: -4mm, y: -4mm, w: 71.5mm, h: 96.9mm,"
                                 " fill: '#2050a0'}\n",
    })
    return str(root)


def test_a_face_with_less_bleed_than_the_shop_cuts_is_refused(tmp_path):
    root = _small_deck(tmp_path, "2mm")
    result = run_cli("--project", root, "build", "t", "-p", "thegamecrafter")
    assert result.exit_code == 2
    assert re.search(r"t-card\.yaml:\d+: .*thegamecrafter pages carry 3\.175 mm of bleed and this "
                     r"face has 2\.000 mm: give the template bleed: 3\.175mm or more",
                     result.output), result.output
    assert not (tmp_path / "out").exists()


def test_a_project_profile_names_its_pngs(tmp_path):
    root = _small_deck(tmp_path, "4mm")
    write_files(tmp_path, {"profiles.yaml": (
        "profiles:\n  myshop:\n    paper: none\n    layout: {cards: one-per-page}\n"
        "    output: png\n    dpi: 100\n    bleed: 0.1in\n    sizes: [poker]\n"
        "    names: '{name}_{side}.png'\n")})
    result = run_cli("--project", root, "build", "t", "-p", "myshop", "-q")
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (tmp_path / "out" / "t" / "deck-myshop").iterdir())
    assert files == ["one_back.png", "one_front.png", "two_back.png", "two_front.png"]
    with Image.open(tmp_path / "out" / "t" / "deck-myshop" / "one_front.png") as image:
        assert image.size == (270, 370)  # (2.5 + 0.2) x (3.5 + 0.2) in at 100 dpi


def test_a_names_pattern_with_an_unknown_field_is_blamed_at_its_line(tmp_path):
    root = _small_deck(tmp_path, "4mm")
    write_files(tmp_path, {"profiles.yaml": (
        "profiles:\n  myshop:\n    paper: none\n    layout: {cards: one-per-page}\n"
        "    output: png\n    names: '{nope}.png'\n")})
    result = run_cli("--project", root, "build", "t", "-p", "myshop")
    assert result.exit_code == 2
    assert "profiles.yaml:6:" in result.output and "'{nope}.png'" in result.output
    assert "fields: card, dash, label, name, page, side" in result.output


def test_a_safe_area_narrower_than_the_shop_cut_is_warned_with_the_margin_to_set(tmp_path):
    root = _small_deck(tmp_path, "4mm")
    result = CliRunner().invoke(main, ["--project", root, "build", "t", "-p", "makeplayingcards",
                                       "-q"])
    assert result.exit_code == 0, result.output
    assert ("game.yaml: makeplayingcards's cut may wander 3.048 mm inside the trim, and the "
            "print checks keep text 3 mm inside it: set print_checks: {safe_area: 3.1mm}"
            in result.stderr)
    write_files(tmp_path, {"data/t/game.yaml": "id: t\nname: T\ncomponents: [deck]\n"
                                               "print_checks: {safe_area: 3.1mm}\n"})
    result = CliRunner().invoke(main, ["--project", root, "build", "t", "-p", "makeplayingcards",
                                       "-q", "--no-cache"])
    assert result.exit_code == 0 and "may wander" not in result.stderr


def test_pdfx_goes_with_a_face_per_page_profile(tmp_path):
    root = _small_deck(tmp_path, "4mm")
    result = run_cli("--project", root, "build", "t", "-p", "a4", "--pdfx")
    assert result.exit_code == 2
    assert "--pdfx writes a face per page" in result.output
    assert "use profile pod or drivethrucards" in result.output
    assert not (tmp_path / "out").exists()


# ---- PDF/X-1a ----

def _intent(reader: PdfReader) -> dict:
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/RegistryName"] == "http://www.color.org"
    assert intent["/Info"]
    return intent


def _space_is_rgb(space) -> bool:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, str):
        return space in RGB_SPACES
    if isinstance(space, list) and space:
        if space[0] == "/ICCBased":
            return int(space[1].get_object().get("/N", 0)) == 3
        if space[0] == "/Indexed":
            return _space_is_rgb(space[1])
        return space[0] in RGB_SPACES
    return False


def _transparency_or_rgb(reader: PdfReader) -> set[str]:
    """Return what a PDF/X-1a preflight would refuse in colour: every content stream, form,
    image, shading and graphics state read."""
    found: set[str] = set()
    seen: set[int] = set()

    def resources(res) -> None:
        if res is None:
            return
        res = res.get_object()
        for state in (res.get("/ExtGState") or {}).values():
            state = state.get_object()
            for key in ("/CA", "/ca"):
                if key in state and float(state[key]) < 1:
                    found.add(f"graphics state {key} {state[key]}")
            if state.get("/SMask", "/None") != "/None":
                found.add("soft mask")
            if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                found.add("blend mode")
        for shading in (res.get("/Shading") or {}).values():
            if _space_is_rgb(shading.get_object().get("/ColorSpace")):
                found.add("RGB shading")
        for name, space in (res.get("/ColorSpace") or {}).items():
            if _space_is_rgb(space):
                found.add(f"RGB colour space {name}")
        for ref in (res.get("/XObject") or {}).values():
            number = getattr(ref, "idnum", None)
            if number in seen:
                continue
            seen.add(number)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image":
                if "/SMask" in xobject or "/Mask" in xobject:
                    found.add("image mask")
                if _space_is_rgb(xobject.get("/ColorSpace")):
                    found.add("RGB image")
            else:
                if "/Group" in xobject:
                    found.add("transparency group")
                content(xobject, xobject.get("/Resources"))

    def content(stream, res) -> None:
        for operands, operator in ContentStream(stream, reader).operations:
            if operator in (b"rg", b"RG"):
                found.add("rg colour")
            if operator in (b"cs", b"CS") and operands and operands[0] in RGB_SPACES:
                found.add("RGB colour space")
        resources(res)

    for page in reader.pages:
        if "/Group" in page:
            found.add("page group")
        stream = page.get_contents()
        if stream is not None:
            content(stream, page.get("/Resources"))
    return found


def _ghostscript_renders_every_page(path: Path, pages: int) -> None:
    result = subprocess.run(["gs", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR",
                             "-sDEVICE=nullpage", str(path)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    rendered = [int(n) for n in re.findall(r"^Page (\d+)$", result.stdout, re.M)]
    assert rendered == list(range(1, pages + 1))
    assert "error" not in result.stderr.lower(), result.stderr[-2000:]


def _assert_pdfx_1a_2001(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.3\n")  # PDF/X-1a:2001 is PDF 1.3
    reader = PdfReader(path)
    info = reader.trailer["/Info"]
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False" and info["/Title"] and info["/CreationDate"]
    assert "/ID" in reader.trailer
    intent = _intent(reader)
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert "/DestOutputProfile" not in intent  # a registered condition: named, not embedded
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
    for font in _fonts(reader):
        assert any(k in font for k in ("/FontFile", "/FontFile2", "/FontFile3")), font
    assert not _transparency_or_rgb(reader)
    _ghostscript_renders_every_page(path, len(reader.pages))


def _fonts(reader: PdfReader) -> list:
    """Every font descriptor in the file (every object read, not only those pages use)."""
    objects = (reader.get_object(number) for number in reader.xref[0])
    descriptors = [obj for obj in objects
                   if hasattr(obj, "get") and obj.get("/Type") == "/FontDescriptor"]
    assert descriptors
    return descriptors


@pytest.mark.slow
def test_pdfx_writes_pdf_x_1a_2001_for_a_deck(tmp_path):
    result = run_cli("build", "roll-and-raid", "raid-cards", "-p", "pod", "--pdfx", "--out",
                     str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    path = tmp_path / "roll-and-raid" / "raid-cards-pod-pdfx.pdf"
    _assert_pdfx_1a_2001(path)
    assert len(PdfReader(path).pages) == 2 * RAID_CARDS


def test_cmyk_art_with_opacity_leaves_no_transparency(tmp_path):
    """Keep-spoils art is translucent; --cmyk (and so PDF/X) printed it with /ca 0.53."""
    result = run_cli("build", "reavers-of-midgard", "keep-spoils", "-p", "pod", "--cmyk",
                     "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "reavers-of-midgard" / "keep-spoils-pod-cmyk.pdf")
    assert not _transparency_or_rgb(reader)


def _decks(game: str) -> list[str]:
    return sorted(p.stem for p in (REPO / "data" / game).glob("*.yaml")
                  if re.search(r"^kind: cards$", p.read_text(encoding="utf-8"), re.M))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["ragnarocks", "reavers-of-midgard", "roll-and-might",
                                  "roll-and-raid", "rolling-thunder"])
def test_every_deck_of_every_game_passes_the_pdf_x_checks(tmp_path, game):
    decks = _decks(game)
    assert decks
    result = run_cli("build", game, *decks, "-p", "pod", "--pdfx", "--out", str(tmp_path),
                     "-q", "-j", "1")
    assert result.exit_code == 0, result.output
    for deck in decks:
        _assert_pdfx_1a_2001(tmp_path / game / f"{deck}-pod-pdfx.pdf")


# ---- sheetgen check reads a shop's or --pdfx file as the shop would ----

def test_check_reads_a_pdfx_file_for_its_identification_and_transparency(tmp_path):
    from sheetgen.checks.pdf_checks import check_pdf

    # a deck of its own with a translucent picture (the shipped decks' art is opaque now)
    root = _small_deck(tmp_path, "3.175mm")
    write_files(tmp_path, {
        "templates/dot.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                             '<circle cx="5" cy="5" r="4" fill="#c03020"/></svg>\n',
        "templates/t-card.yaml": "size: poker\nbleed: 3.175mm\nelements:\n"
                                 "  - {id: bg, type: box, x: -4mm, y: -4mm, w: 71.5mm, h: 96.9mm,"
                                 " fill: '#2050a0'}\n"
                                 "  - {id: dot, type: image, src: dot.svg, x: 10mm, y: 10mm,"
                                 " w: 20mm, h: 20mm, opacity: 0.5}\n"})
    result = run_cli("--project", root, "build", "t", "-p", "pod", "--out", str(tmp_path / "o"),
                     "-q")
    assert result.exit_code == 0, result.output
    plain = tmp_path / "o" / "t" / "deck-pod.pdf"  # RGB, translucent art
    problems = check_pdf(plain, min_text=6, cmyk=False, pod=True, pdfx=True)
    assert problems.problems == [
        "RGB colour in a --cmyk file", "transparency in a CMYK file",
        "PDF/X: no GTS_PDFX output intent naming a printing condition",
        "PDF/X: no GTS_PDFXVersion in the document information"]


@pytest.mark.slow
def test_check_passes_the_shop_and_pdfx_outputs():
    for args in (["-p", "drivethrucards"], ["-p", "pod", "--pdfx"]):
        result = run_cli("check", "roll-and-raid", "raid-cards", *args)
        assert result.exit_code == 0, result.output
        assert "1 output checked: 1 pass, 0 fail" in result.output
