"""Print checks at fill time and ``sheetgen check``: illegible text is refused at its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_cli
from sheetgen.checks.colour import contrast, delta_e2000_lab, simulate

GAME = """id: demo
name: Demo
components: [cards]
"""
CARDS = """id: cards
title: Cards
kind: cards
front: demo-front
profiles: [pod]
items:
  - {name: Axe}
  - {name: Shield}
"""
FRONT = """size: poker
elements:
  - id: band
    type: box
    x: -3mm
    y: -3mm
    w: 69.5mm
    h: 30mm
    fill: "{band}"
  - id: title
    type: text
    x: 6mm
    y: 8mm
    w: 50mm
    h: 10mm
    text: "{{{{ name }}}}"
    size: 12
    color: "{title}"
  - id: def
    type: text
    x: 6mm
    y: 40mm
    w: 30mm
    h: 6mm
    text: DEF
    size: {size}{extra}
  - id: rule
    type: line
    x: 6mm
    y: 50mm
    w: 50mm
    h: 0mm
    width: {stroke}
"""


def make(root: Path, size=8, band="white", title="ink", extra="", stroke="0.5pt",
         game_extra="") -> Path:
    """Write a one-deck project whose front has a band, a title, a DEF label and a rule."""
    (root / "data/demo").mkdir(parents=True, exist_ok=True)
    (root / "templates").mkdir(exist_ok=True)
    (root / "data/demo/game.yaml").write_text(GAME + game_extra)
    (root / "data/demo/cards.yaml").write_text(CARDS)
    (root / "templates/demo-front.yaml").write_text(
        FRONT.format(size=size, band=band, title=title, extra=extra, stroke=stroke))
    return root


def line_of(root: Path, needle: str) -> int:
    text = (root / "templates/demo-front.yaml").read_text()
    return text[: text.index(needle)].count("\n") + 1


def build(root: Path, *extra: str):
    return run_cli("--project", str(root), "build", "demo", "-q", *extra)


def test_small_text_is_refused_at_its_template_line(tmp_path):
    root = make(tmp_path, size=4)
    result = build(root)
    assert result.exit_code == 2, result.output
    line = line_of(root, "id: def")
    assert (f'templates/demo-front.yaml:{line}: (def): text "DEF" is 4.0 pt, minimum 6 pt'
            in result.output), result.output
    assert not (root / "out").exists()


def test_shrink_to_fit_is_checked_at_its_final_size(tmp_path):
    # 8 pt does not fit a 1.6 mm box; it shrinks to 4.5 pt, which is then too small
    root = make(tmp_path, size=8, extra="\n    min_size: 4\n    h: 1.6mm")
    text = (root / "templates/demo-front.yaml").read_text().replace("    h: 6mm\n", "", 1)
    (root / "templates/demo-front.yaml").write_text(text)
    result = build(root)
    assert result.exit_code == 2, result.output
    assert '(def): text "DEF" is 4.' in result.output, result.output


def test_low_contrast_is_refused_and_names_the_rendering(tmp_path):
    # a #b0b0b0 title on white: 2.2:1 (WCAG), under the 3:1 that 12 pt text needs
    root = make(tmp_path, title="#b0b0b0")
    result = build(root)
    assert result.exit_code == 2, result.output
    line = line_of(root, "id: title")
    assert f"templates/demo-front.yaml:{line}: (title): text" in result.output
    assert "has contrast 2.2:1" in result.output and "minimum 3:1" in result.output


@pytest.mark.parametrize("title", ["white", "#e0b000"])
def test_light_and_mid_tone_text_turns_ink_on_an_ink_saver_band(tmp_path, title):
    # gold on navy is 5.8:1 as designed; the ink saver tints the navy pale, where gold would
    # be 1.6:1, so it prints the text in ink (the checks pass in every rendering)
    import pypdfium2

    root = make(tmp_path, band="#1f3b5a", title=title, size=7, extra="\n    font: title")
    assert build(root).exit_code == 0
    assert build(root, "--ink-saver", "--out", str(tmp_path / "saver")).exit_code == 0
    page = pypdfium2.PdfDocument(str(tmp_path / "saver/demo/cards-pod-ink.pdf"))[0]
    image = page.render(scale=2).to_pil().convert("L")
    # the title box (6 mm in from the trim + 1/8 in bleed, 8 mm down) has dark glyphs on a
    # pale band
    mm = 2 * 72 / 25.4
    box = image.crop((int(9.2 * mm), int(11.2 * mm), int(30 * mm), int(19 * mm)))
    low, high = box.getextrema()
    assert low < 80 and high > 200


def test_thin_lines_and_the_safe_area(tmp_path):
    root = make(tmp_path, stroke="0.1pt")
    text = (root / "templates/demo-front.yaml").read_text().replace("x: 6mm\n    y: 40mm",
                                                                     "x: 1mm\n    y: 40mm")
    (root / "templates/demo-front.yaml").write_text(text)
    result = build(root)
    assert result.exit_code == 2, result.output
    assert f":{line_of(root, 'id: rule')}: (rule): line is 0.10 pt wide, minimum 0.25 pt" \
        in result.output
    assert f":{line_of(root, 'id: def')}: (def): text \"DEF\" comes 1.0 mm from the trim" \
        in result.output


def test_overrides_are_per_element_and_visible(tmp_path):
    root = make(tmp_path, size=4,
                extra="\n    allow_small: 4   # deliberate fine print\n    role: credit")
    result = build(root)
    assert result.exit_code == 0, result.output
    assert (root / "out/demo/cards-pod.pdf").is_file()


def test_warn_mode_reports_but_builds(tmp_path):
    root = make(tmp_path, size=4, game_extra="print_checks: warn\n")
    result = build(root)
    assert result.exit_code == 0, result.output
    assert '(def): text "DEF" is 4.0 pt' in result.output
    assert "print_checks: warn" in result.output
    assert (root / "out/demo/cards-pod.pdf").is_file()


def test_limits_are_set_per_game(tmp_path):
    root = make(tmp_path, size=7, game_extra="print_checks: {min_text_size: 8}\n")
    result = build(root)
    assert result.exit_code == 2, result.output
    assert '"DEF" is 7.0 pt, minimum 8 pt' in result.output


def test_game_text_under_7_pt_is_refused_and_7_pt_passes(tmp_path):
    # Cinzel's capitals are 0.70 em: at 7 pt they are 1.73 mm tall, so only the size decides
    root = make(tmp_path, size=6.5, extra="\n    font: title")
    result = run_cli("--project", str(root), "check", "demo")
    assert result.exit_code == 2, result.output
    assert (f"templates/demo-front.yaml:{line_of(root, 'id: def')}: (def): text \"DEF\" is "
            "6.5 pt, game text needs 7 pt: 7 pt would pass (min_game_text") in result.output, \
        result.output
    root = make(tmp_path / "ok", size=7, extra="\n    font: title")
    result = run_cli("--project", str(root), "check", "demo")
    assert result.exit_code == 0, result.output


def test_game_text_is_measured_by_its_glyphs_not_its_size(tmp_path):
    # Alegreya Sans's capitals are 0.64 em: 7 pt gives 1.58 mm, under 1.7 mm; 7.6 pt passes
    root = make(tmp_path, size=7)
    result = build(root)
    assert result.exit_code == 2, result.output
    assert ('(def): text "DEF" is 7.0 pt but its capitals are 1.58 mm tall, game text needs '
            "1.70 mm") in result.output, result.output
    assert build(make(tmp_path / "ok", size=7.6)).exit_code == 0
    # a number is read by its figures: Alegreya's old-style "1" is x-height tall at 9 pt
    root = make(tmp_path / "number", size=9)
    front = root / "templates/demo-front.yaml"
    front.write_text(front.read_text().replace("text: DEF", 'text: "+1"'))
    result = build(root)
    assert "its figures are 1.59 mm tall" in result.output, result.output
    # ... and the lining figures of the label family pass at 7 pt
    front.write_text(front.read_text().replace("size: 9", "size: 7\n    font: label"))
    assert build(root).exit_code == 0


def test_footers_credits_numbers_and_slugs_may_be_6_pt(tmp_path):
    for role in ("footer", "credit", "number", "slug"):
        root = make(tmp_path / role, size=6, extra=f"\n    role: {role}")
        assert build(root).exit_code == 0, role
    # but not under the game's minimum, and game text is not exempt by default
    assert build(make(tmp_path / "tiny", size=5.5, extra="\n    role: footer")).exit_code == 2
    assert build(make(tmp_path / "game", size=6)).exit_code == 2


def test_min_game_text_is_switched_per_game(tmp_path):
    off = make(tmp_path / "off", size=6.5, game_extra="print_checks: {min_game_text: false}\n")
    assert build(off).exit_code == 0
    lower = make(tmp_path / "lower", size=6.5,
                 game_extra="print_checks: {min_game_text: {size: 6.5, glyph_height: 1.4mm}}\n")
    assert build(lower).exit_code == 0
    bad = make(tmp_path / "bad", game_extra="print_checks: {min_game_text: {height: 2}}\n")
    result = build(bad)
    assert result.exit_code == 2 and "data/demo/game.yaml:4" in result.output, result.output


def test_reading_roles_have_their_own_minimums(tmp_path):
    # Cinzel (font: title) capitals are 0.70 em: 8 pt gives 1.98 mm, over the 1.9 mm of rules
    for role, small, enough in (("rules", 7.5, 8), ("board", 8.5, 9), ("ladder", 7.5, 8),
                                ("note", 6.5, 7)):
        root = make(tmp_path / role, size=small, extra=f"\n    font: title\n    role: {role}")
        result = run_cli("--project", str(root), "check", "demo")
        assert result.exit_code == 2, (role, result.output)
        assert (f"templates/demo-front.yaml:{line_of(root, 'id: def')}: (def): text \"DEF\" is "
                f"{small:.1f} pt, {role} text needs {enough:g} pt: {enough:g} pt would pass "
                "(role_text)") in result.output, result.output
        extra = f"\n    font: title\n    role: {role}"
        ok = make(tmp_path / f"{role}-ok", size=enough, extra=extra)
        assert run_cli("--project", str(ok), "check", "demo").exit_code == 0, role
    # rules text is read by its capitals too: Alegreya Sans's are 0.64 em, 1.81 mm at 8 pt
    root = make(tmp_path / "alegreya", size=8, extra="\n    role: rules")
    result = build(root)
    assert result.exit_code == 2, result.output
    assert ('text "DEF" is 8.0 pt but its capitals are 1.81 mm tall, rules text needs 1.90 mm: '
            "8.5 pt would pass (role_text)") in result.output, result.output


def test_role_text_is_switched_and_changed_per_game(tmp_path):
    off = make(tmp_path / "off", size=7.6, extra="\n    role: board",
               game_extra="print_checks: {role_text: false}\n")
    assert build(off).exit_code == 0
    # switched off, the role still keeps the game's smallest text size
    assert build(make(tmp_path / "tiny", size=5.5, extra="\n    role: board",
                      game_extra="print_checks: {role_text: false}\n")).exit_code == 2
    higher = make(tmp_path / "higher", size=9, extra="\n    font: title\n    role: board",
                  game_extra="print_checks: {role_text: {board: {size: 10}}}\n")
    result = build(higher)
    assert result.exit_code == 2 and "board text needs 10 pt" in result.output, result.output
    bad = make(tmp_path / "bad", game_extra="print_checks: {role_text: {menu: {size: 2}}}\n")
    result = build(bad)
    assert result.exit_code == 2 and "data/demo/game.yaml:4" in result.output, result.output


def test_check_command_reports_every_output(tmp_path):
    root = make(tmp_path, size=7, extra="\n    font: title")
    result = run_cli("--project", str(root), "check", "demo", "-p", "pod", "-p", "a4")
    assert result.exit_code == 0, result.output
    assert "ok   demo/cards-pod.pdf: smallest text 7.0 pt" in result.output
    # the home page carries a slug: its size is read from the PDF, not the faces
    a4 = next(line for line in result.output.splitlines() if "cards-a4.pdf" in line)
    assert "smallest text" in a4 and "lowest contrast" in a4
    assert result.output.splitlines()[-1] == "2 outputs checked: 2 pass, 0 fail"
    assert not (root / "out").exists(), "check writes to a temporary folder"


def test_check_summary_names_the_game_file_that_sets_warn_mode(tmp_path):
    root = make(tmp_path, size=4, game_extra="print_checks: warn\n")
    result = run_cli("--project", str(root), "check", "demo", "-p", "pod", "-p", "a4")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "2 outputs checked: 0 pass, 0 fail (2 would fail, but print_checks is set to warn in "
        f"{root / 'data/demo/game.yaml'})"), result.output


def test_check_command_fails_with_exit_2(tmp_path):
    root = make(tmp_path, size=4)
    result = run_cli("--project", str(root), "check", "demo", "--out", str(tmp_path / "o"))
    assert result.exit_code == 2, result.output
    assert '(def): text "DEF" is 4.0 pt' in result.output
    assert "FAIL demo/cards-pod.pdf" in result.output
    assert result.output.splitlines()[-1] == "1 output checked: 0 pass, 1 fail"
    assert "characters under 6 pt (smallest 4.0 pt" in result.output
    # the kept PDF really holds 4 pt text
    assert (tmp_path / "o/demo/cards-pod.pdf").is_file()


def test_check_command_finds_rgb_in_cmyk_output(tmp_path):
    from sheetgen.checks.pdf_checks import check_pdf

    root = make(tmp_path, size=7, extra="\n    font: title")
    assert build(root, "--cmyk").exit_code == 0
    assert build(root).exit_code == 0
    cmyk, rgb = root / "out/demo/cards-pod-cmyk.pdf", root / "out/demo/cards-pod.pdf"
    assert check_pdf(cmyk, min_text=6, cmyk=True, pod=True).problems == []
    assert "RGB colour in a --cmyk file" in check_pdf(rgb, min_text=6, cmyk=True,
                                                       pod=True).problems
    page = PdfReader(str(cmyk)).pages[0]
    assert "/TrimBox" in page


@pytest.mark.parametrize("a, b, expected", [
    # Sharma, Wu & Dalal (2005), test data for CIEDE2000, pairs 1, 7 and 17
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
])
def test_ciede2000_matches_the_published_test_data(a, b, expected):
    assert delta_e2000_lab(a, b) == pytest.approx(expected, abs=1e-4)


def test_contrast_and_simulation_fixed_points():
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)) == pytest.approx(1.0)
    # greys stay grey under every simulation; pure red and green collapse for deutans
    for kind in ("protan", "deutan", "tritan"):
        grey = simulate((0.5, 0.5, 0.5), kind)
        assert max(grey) - min(grey) < 0.02
    red, green = simulate((0.8, 0.2, 0.2), "deutan"), simulate((0.3, 0.6, 0.2), "deutan")
    assert max(abs(x - y) for x, y in zip(red, green)) < 0.2


def with_meaning_colors(root: Path, block: str) -> int:
    """Append a meaning_colors block to the demo deck; return the line of its first group."""
    path = root / "data/demo/cards.yaml"
    text = path.read_text()
    path.write_text(text + "meaning_colors:\n" + block)
    return text.count("\n") + 2


def test_colours_a_deutan_cannot_tell_apart_are_refused_at_their_group(tmp_path):
    root = make(tmp_path, size=7)
    line = with_meaning_colors(root, "  clans:\n    '#a3322a': ''\n    '#3a7a3a': ''\n"
                                     "    '#2a5ea8': ''\n")
    result = build(root)
    assert result.exit_code == 2, result.output
    assert (f"data/demo/cards.yaml:{line}: meaning colours 'clans': #a3322a and #3a7a3a differ "
            "by ΔE00 4.8 under deuteranopia (minimum 10)") in result.output
    assert "#2a5ea8" not in result.output  # blue stays apart from both


def test_colours_that_also_carry_a_letter_pass(tmp_path):
    root = make(tmp_path, size=7, extra="\n    font: title")
    with_meaning_colors(root, "  clans:\n    '#a3322a': letter R\n    '#3a7a3a': letter G\n")
    assert build(root).exit_code == 0


def test_an_unknown_meaning_colour_is_an_error_at_its_line(tmp_path):
    root = make(tmp_path, size=7)
    line = with_meaning_colors(root, "  clans:\n    crimson: ''\n")
    result = build(root)
    assert result.exit_code == 2
    assert f"data/demo/cards.yaml:{line - 1}: meaning_colors: unknown colour 'crimson'" \
        in result.output


def test_simulated_previews_show_what_a_deutan_sees(tmp_path):
    from PIL import Image

    root = make(tmp_path, size=7, band="#a3322a", title="white", extra="\n    font: title")
    out = tmp_path / "o"
    result = build(root, "--simulate", "deutan", "--out", str(out))
    assert result.exit_code == 0, result.output
    normal = Image.open(out / "demo/previews/cards-pod.png").convert("RGB")
    seen = Image.open(out / "demo/previews/cards-pod-deutan.png").convert("RGB")
    assert (out / "demo/contact-sheet-deutan.png").is_file()
    r, g, b = normal.getpixel((normal.width // 2, 8))
    rs, gs, bs = seen.getpixel((seen.width // 2, 8))
    assert r - g > 80  # the band is red as printed...
    assert abs(rs - gs) < 40  # ...and olive-brown for a deutan: red and green levels close
