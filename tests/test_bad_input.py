"""Every mistake a user can make: ``path:line: message``, exit 2, no traceback, output intact."""

from __future__ import annotations

import shutil

import pytest

from conftest import REPO, run_cli

DECK = "data/ragnarocks/mythology-cards.yaml"
GAME = "data/ragnarocks/game.yaml"
FRONT = "templates/mythology-front.yaml"


def line_of(text: str, needle: str) -> int:
    """Return the 1-based line where ``needle`` first appears."""
    return text[: text.index(needle)].count("\n") + 1


def replace(path, old: str, new: str) -> int:
    """Replace the first ``old`` in file ``path`` by ``new``; return the line it was on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line_of(text, old)


@pytest.fixture(scope="module")
def built_copy(tmp_path_factory):
    """A project holding a copy of Ragnarocks with its Mythology cards built on A4: built once
    per module (each test's build of the same deck cost about 0.35 s of CPU, 17 times)."""
    root = tmp_path_factory.mktemp("bad-input")
    shutil.copytree(REPO / "data" / "ragnarocks", root / "data" / "ragnarocks")
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards",
                     "--profile", "a4", "-q")
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture
def proj(built_copy, tmp_path):
    """A project holding a copy of Ragnarocks, built so there is output to protect: a copy of
    ``built_copy`` (its files, its output and the build's record, their times kept)."""
    return shutil.copytree(built_copy, tmp_path, dirs_exist_ok=True)


def project_template(root, name=FRONT):
    """Copy a built-in template into the project (it then overrides the built-in one)."""
    (root / "templates").mkdir(exist_ok=True)
    shutil.copy(REPO / name, root / name)
    return root / name


def check_fails(root, file: str, line: int | None, *words: str):
    """Build again: exit 2, the message names file:line and the words, the old PDF is intact."""
    pdf = root / "out/ragnarocks/mythology-cards-a4.pdf"
    before = pdf.read_bytes()
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards",
                     "--profile", "a4", "-q")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    where = f"{file}:{line}" if line else file
    assert where in result.output, result.output
    for word in words:
        assert word in result.output, result.output
    assert pdf.read_bytes() == before
    assert not [p for p in pdf.parent.iterdir() if p.name.startswith(".")], "temp files left"
    return result.output


def test_yaml_syntax(proj):
    path = proj / DECK
    text = path.read_text()
    path.write_text(text + "  - name: [unclosed\n")
    check_fails(proj, DECK, text.count("\n") + 2, "YAML syntax")


def test_unknown_key(proj):
    line = replace(proj / DECK, "kind: cards\n", "kind: cards\ncolour: red\n")
    check_fails(proj, DECK, line + 1, "unknown key 'colour'")


def test_wrong_type(proj):
    line = replace(proj / DECK, "  - name: Hel\n", "  - name: Hel\n    count: many\n")
    check_fails(proj, DECK, line + 1, "count", "whole number")


def test_wrong_range(proj):
    line = replace(proj / DECK, "  - name: Hel\n", "  - name: Hel\n    count: -1\n")
    check_fails(proj, DECK, line + 1, "count", "greater than or equal to 0")


def test_unknown_template(proj):
    line = replace(proj / DECK, "front: mythology-front", "front: mythology-frnt")
    check_fails(proj, DECK, line, "unknown template 'mythology-frnt'", "mythology-front")


def test_unknown_picture(proj):
    # a Mythology card's figure is an icon (templates/icons), named in its data
    line = replace(proj / DECK, "figure: necklace", "figure: no-such-figure")
    check_fails(proj, DECK, line - 3, "no-such-figure")


def test_unknown_colour(proj):
    line = replace(proj / GAME, 'simple: "#3d6b4a"', 'simple: "greenish"')
    check_fails(proj, GAME, line, "simple", "#rrggbb", "'greenish'")


def test_unknown_font(proj):
    template = project_template(proj)
    line = replace(template, "font: title, bold: true, size: 7,",
                   "font: gothic, bold: true, size: 7,")
    # blamed at the line of the element holding the font (its "- " line above the key)
    lines = template.read_text(encoding="utf-8").splitlines()
    element = max(n for n in range(1, line + 1) if lines[n - 1].lstrip().startswith("- "))
    check_fails(proj, FRONT, element, "unknown font 'gothic'", "body")


def test_missing_field(proj):
    hel = ("  - name: Hel\n    scene: shadow\n    figure: crowned-skull\n"
           "    figure_color: figure-light   # a pale figure on its dark scene\n"
           "    epithet: Ruler of the Dead\n")
    line = replace(proj / DECK, hel + "    powers:\n", hel + "    powrs:\n")
    check_fails(proj, DECK, line, "field 'powers' is missing")


def test_text_too_long_for_its_box(proj):
    long_text = "Score 1 point for each Runestone on the board. " * 20
    line = replace(proj / DECK, "  - name: Hel\n",
                   "  - name: Hel\n    bogus_note: x\n    bogus_pad: 1\n")
    replace(proj / DECK, "text: Score 1 point for each Runestone on the board instead of your "
            "settled areas.", f"text: {long_text}")
    # the powers' panel is sized to its text: the overflow is the text's, at the card's line
    output = check_fails(proj, DECK, line, "text 'powers'", "does not fit",
                         "even at 8.5 pt")  # one body size, never shrunk
    assert "children need" not in output and FRONT + ":" not in output.split("(template")[0]


def test_image_outside_project(proj):
    template = project_template(proj)
    text = template.read_text()
    template.write_text(text + "  - type: image\n    src: ../../../../etc/hostname.png\n")
    check_fails(proj, FRONT, text.count("\n") + 1, "'..' leaves the folder")


def test_duplicate_item_ids(proj):
    line = replace(proj / DECK, "  - name: Hel\n", "  - name: Freya\n")
    check_fails(proj, DECK, line, "two items have the id 'freya'")


def test_unknown_element_type(proj):
    template = project_template(proj)
    text = template.read_text()
    template.write_text(text + "  - type: sparkle\n")
    check_fails(proj, FRONT, text.count("\n") + 1, "unknown element type 'sparkle'")


def test_every_error_reported_in_one_run(proj):
    replace(proj / DECK, "  - name: Hel\n", "  - name: Hel\n    count: many\n")
    replace(proj / DECK, "  - name: Mani\n", "  - name: Mani\n    count: -3\n")
    output = check_fails(proj, DECK, None)
    assert output.count("error:") >= 2


def test_unknown_game_and_component(proj):
    result = run_cli("--project", str(proj), "build", "ragnarok")
    assert result.exit_code == 2 and "unknown game 'ragnarok'" in result.output
    assert "ragnarocks" in result.output
    result = run_cli("--project", str(proj), "build", "ragnarocks", "mythology")
    assert result.exit_code == 2 and "no component 'mythology'" in result.output


def test_unknown_profile(proj):
    result = run_cli("--project", str(proj), "build", "ragnarocks", "mythology-cards",
                     "--profile", "a2")
    assert result.exit_code == 2 and "unknown profile 'a2'" in result.output
    assert "known profiles: a4, letter, a3" in result.output
    # a3 exists, but only boards and sheets accept it
    result = run_cli("--project", str(proj), "build", "ragnarocks", "mythology-cards",
                     "--profile", "a3")
    assert result.exit_code == 2 and "cannot be built in profile 'a3'" in result.output
    assert not list(proj.rglob("mythology-cards-a3*"))


def test_a_profile_listed_twice_is_refused_at_its_line(copy_game):
    # both would write how-to-print-a4.pdf: refused where the list is, not at the output
    root = copy_game("ragnarocks")
    line = replace(root / "data/ragnarocks/how-to-print.yaml", "profiles: [a4, letter]",
                   "profiles: [a4, a4]")
    result = run_cli("--project", str(root), "validate", "ragnarocks", "how-to-print")
    assert result.exit_code == 2, result.output
    assert f"data/ragnarocks/how-to-print.yaml:{line}: profiles: a profile is listed twice" \
        in result.output, result.output
    assert "would both write" not in result.output


def test_validate_reports_without_writing(proj):
    replace(proj / DECK, "front: mythology-front", "front: nope")
    result = run_cli("--project", str(proj), "validate", "ragnarocks")
    assert result.exit_code == 2 and "unknown template 'nope'" in result.output


def test_a_template_mistake_is_reported_once_not_per_card(proj):
    template = project_template(proj)
    replace(template, "font: title, bold: true, size: 15,",
            "font: title, colour: red, bold: true, size: 15,")
    output = check_fails(proj, FRONT, None, "unknown key for a text element")
    assert output.count("error:") == 1, output


def test_a_row_filler_that_names_no_item(proj):
    line = replace(proj / DECK, "kind: cards\n", "kind: cards\nrow_filler: blank-card\n")
    check_fails(proj, DECK, line + 1, "row_filler 'blank-card' names no item")
