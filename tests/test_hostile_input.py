"""Hostile input, one regression test per class that once ended in a traceback.

Each case runs the CLI in-process and asserts exit 2, a ``path:line`` naming the mistake, no
traceback, and (for output errors) the previous file untouched.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
from pathlib import Path

import pytest

from conftest import run_cli

DECK = "data/ragnarocks/mythology-cards.yaml"


pytestmark = pytest.mark.usefixtures("private_cache_dir")


@pytest.fixture
def proj(copy_game):
    """A project holding a copy of Ragnarocks."""
    return copy_game("ragnarocks")


def fails(root: Path, where: str, *words: str, command=("validate", "ragnarocks")) -> str:
    result = run_cli("--project", str(root), *command)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert re.search(rf"^error: \S*{re.escape(where)}", result.output, re.M), result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


def append(root: Path, text: str) -> int:
    """Append ``text`` to the deck; return the line the text starts on."""
    path = root / DECK
    old = path.read_text(encoding="utf-8")
    path.write_text(old + text, encoding="utf-8")
    return old.count("\n") + 1


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f", "\x9b"])
def test_a_control_character_is_named_with_its_line(proj, char):
    line = append(proj, f"description: bad{char}text\n")
    fails(proj, f"{DECK}:{line}:", f"U+{ord(char):04X}", "column 17")


def test_deep_nesting_is_refused_before_it_recurses(proj):
    # Whether PyYAML or sheetgen stops it first (PyYAML 6.0.4 has a depth limit of its own),
    # the mistake is exit 2 at its line with no traceback; the wording is the refuser's.
    line = append(proj, "deep: " + "[" * 200_000 + "]" * 200_000 + "\n")
    fails(proj, f"{DECK}:{line}:")


def test_nesting_past_sheetgens_limit_is_refused(proj):
    # 41 levels: far below any parser's own limit, so sheetgen's check is the one that speaks.
    line = append(proj, "deep: " + "[" * 41 + "]" * 41 + "\n")
    fails(proj, f"{DECK}:{line}:", "nested more than 40 levels")


def test_an_alias_bomb_is_refused(proj):
    text = "lol0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 8):
        text += f"lol{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n"
    line = append(proj, text)
    fails(proj, f"{DECK}:", "expands to more than 200,000 values")
    output = run_cli("--project", str(proj), "validate", "ragnarocks").output
    assert any(f"{DECK}:{line + i}:" in output for i in range(8)), output


def test_an_alias_inside_itself_is_refused(proj):
    line = append(proj, "loop: &me [1, *me]\n")
    fails(proj, f"{DECK}:{line}:", "alias refers to the collection that holds it")


def test_python_tags_are_refused_and_never_run(proj, tmp_path):
    marker = tmp_path / "PWNED"
    line = append(proj, f'evil: !!python/object/apply:os.system ["touch {marker}"]\n')
    fails(proj, f"{DECK}:{line}:", "tag !!python/object/apply:os.system is not allowed")
    assert not marker.exists()


@pytest.mark.parametrize("value", [".nan", "-.inf", ".Inf"])
def test_nan_and_infinity_are_refused(proj, value):
    line = append(proj, f"description: {value}\n")
    fails(proj, f"{DECK}:{line}:", "not a finite number")


def test_a_key_that_reads_as_true_must_be_quoted(proj):
    line = append(proj, "yes: 1\n")
    fails(proj, f"{DECK}:{line}:", "key True must be text", "quotes")


def test_a_huge_file_is_refused_by_size(proj):
    game = proj / "data" / "ragnarocks" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "# " + "x" * 2_100_000 + "\n",
                    encoding="utf-8")
    fails(proj, "data/ragnarocks/game.yaml:1:", "larger than 2 MB")


def test_a_component_file_may_hold_a_big_deck_but_not_more_than_8_mb(proj):
    # a deck of tens of thousands of cards passes 2 MB (32,000 Mythology cards are 4.4 MB)
    append(proj, "# " + "x" * 2_100_000 + "\n")
    result = run_cli("--project", str(proj), "validate", "ragnarocks")
    assert result.exit_code == 0, result.output
    append(proj, "# " + "x" * 6_000_000 + "\n")
    fails(proj, f"{DECK}:1:", "larger than 8 MB")


def test_plain_values_past_200000_pass_in_a_big_file(proj):
    # 210,000 plain values written out are not an alias bomb: only aliases can give more
    # values than a file has characters
    path = proj / DECK
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("items:\n", "items:\n  - name: Long\n    rulings: ["
                                 + ", ".join(["R7"] * 210_000) + "]\n", 1), encoding="utf-8")
    result = run_cli("--project", str(proj), "validate", "ragnarocks")
    assert "expands to more than" not in result.output


def test_an_alias_bomb_in_a_big_file_is_refused(proj):
    # the values a file may hold grow with its length, never with what its aliases repeat
    text = "lol0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 9):
        text += f"lol{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n"
    append(proj, "# " + "x" * 3_000_000 + "\n" + text)
    length = len((proj / DECK).read_text(encoding="utf-8"))
    fails(proj, f"{DECK}:", f"expands to more than {length:,} values")


def test_bytes_that_are_not_utf8_are_located(proj):
    path = proj / DECK
    data = path.read_bytes()
    path.write_bytes(data + b"description: caf\xe9\n")
    line = data.count(b"\n") + 1
    fails(proj, f"{DECK}:{line}:", "not UTF-8", "0xe9")


def test_a_date_stays_text(proj):
    append(proj, "description: 2024-05-01\n")
    result = run_cli("--project", str(proj), "validate", "ragnarocks")
    assert result.exit_code == 0, result.output


# ---- the output path -------------------------------------------------------------------

def dice(root: Path, out: Path):
    return run_cli("--project", str(root), "dice", "ragnarocks", "--seed", "s", "--players",
                   "2", "--out", str(out))


def test_dice_out_below_a_file(proj, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("keep")
    result = dice(proj, blocker / "sub" / "script.txt")
    assert result.exit_code == 2, result.output
    assert f"{blocker / 'sub' / 'script.txt'}: cannot write: {blocker} is a file" \
        in result.output
    assert blocker.read_text() == "keep"


def test_build_out_below_a_file(proj, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("keep")
    result = run_cli("--project", str(proj), "build", "ragnarocks", "tokens", "-p", "a4",
                     "--out", str(blocker / "out"), "-q")
    assert result.exit_code == 2, result.output
    assert f"{blocker} is a file, not a folder" in result.output
    assert "Traceback" not in result.output


def test_dice_out_onto_a_folder_name(proj, tmp_path, monkeypatch):
    # click refuses an existing folder; a folder appearing later is caught by the writer
    from sheetgen.base.errors import UserError
    from sheetgen.base.output import OutputWriter

    (tmp_path / "folder").mkdir()
    with pytest.raises(UserError, match="a folder has this name"):
        OutputWriter.write_file(tmp_path / "folder", b"x")


@pytest.mark.parametrize("code, words", [
    (errno.EACCES, "permission denied"), (errno.ENOSPC, "the disk is full"),
    (errno.EROFS, "the file system is read-only"),
])
def test_os_refusals_name_the_path_and_keep_the_old_file(proj, tmp_path, monkeypatch, code,
                                                         words):
    out = tmp_path / "scripts" / "script.txt"
    out.parent.mkdir()  # an -o file's folder must exist (tests/test_roll_sheets.py)
    assert dice(proj, out).exit_code == 0
    before = out.read_bytes()

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", refuse)
    result = run_cli("--project", str(proj), "dice", "ragnarocks", "--seed", "other",
                     "--players", "2", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert f"error: {out}: cannot write: {words}" in result.output
    assert out.read_bytes() == before
    assert [p.name for p in out.parent.iterdir()] == ["script.txt"]


def test_build_into_an_unwritable_folder(proj, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    out = tmp_path / "out"
    result = run_cli("--project", str(proj), "build", "ragnarocks", "tokens", "-p", "a4",
                     "--out", str(out), "-q")
    assert result.exit_code == 2, result.output
    assert f"{out / 'ragnarocks' / 'tokens-a4.pdf'}: cannot write: permission denied" \
        in result.output


# ---- watch -----------------------------------------------------------------------------

def test_watch_survives_an_unexpected_exception(copy_game, monkeypatch):
    import time

    from sheetgen.load.project import Project
    from sheetgen.build.watch import watch

    project = Project.at(copy_game("ragnarocks"))
    calls, said, sleeps = [], [], []

    def flaky_build(reads):
        reads.add(project.root / DECK)  # what a build reports reading (sheetgen.load.reads)
        calls.append(1)
        if len(calls) == 1:
            raise ZeroDivisionError("a bug")
        return ["x.pdf"]

    deck = project.root / DECK
    stamp = deck.stat().st_mtime

    def sleep_then_edit(seconds):
        sleeps.append(seconds)
        if len(sleeps) == 1:  # the first poll finds the deck changed: a rebuild follows
            os.utime(deck, (stamp + 10, stamp + 10))

    monkeypatch.setattr(time, "sleep", sleep_then_edit)
    watch(project, flaky_build, said.append, interval=0.01, debounce=0.0, rounds=3,
          notify=False)
    assert len(calls) == 2
    assert said[0].startswith("error: unexpected ZeroDivisionError at ")
    assert "a bug" in said[0] and "previous files are untouched" in said[1]
    assert said[2].startswith("built 1 file(s)")


# ---- numbers, text and template keys: bounded, with the allowed range in the message ----

def write_template(root: Path, name: str, text: str) -> str:
    (root / "templates").mkdir(exist_ok=True)
    (root / "templates" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return f"templates/{name}.yaml"


def use_front(root: Path, name: str) -> None:
    path = root / DECK
    path.write_text(path.read_text().replace("front: mythology-front", f"front: {name}"))


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_huge_font_size_is_refused_with_its_range(proj, command):
    where = write_template(proj, "big-front", "extends: mythology-front\nelements:\n"
                           "  - id: name\n    type: text\n    text: x\n    size: 1000000000000\n")
    use_front(proj, "big-front")
    args = (command, "ragnarocks") + (("mythology-cards", "-p", "a4", "-q")
                                      if command == "build" else ())
    fails(proj, f"{where}:3:", "text element size: 1e+12 pt is outside the allowed range "
          "1 pt to 300 pt", command=args)
    assert not (proj / "out").exists()


def test_a_huge_length_is_refused_with_its_range(proj):
    where = write_template(proj, "wide-front", "extends: mythology-front\nelements:\n"
                           "  - id: name\n    type: text\n    text: x\n    w: 1000000000000mm\n")
    use_front(proj, "wide-front")
    fails(proj, f"{where}:3:", "length 1000000000000mm is outside the allowed range "
          "-5000mm to 5000mm")


def test_any_element_number_beyond_the_limit_is_refused(proj):
    where = write_template(proj, "dash-front", "extends: mythology-front\nelements:\n"
                           "  - type: line\n    dash: [3, 1000000000000]\n")
    use_front(proj, "dash-front")
    fails(proj, f"{where}:3:", "dash: 1e+12 is outside the allowed range -100,000 to 100,000")


def test_a_huge_count_of_cards_is_refused(proj):
    line = _edit(proj, DECK, "  - name: Hel\n", "  - name: Hel\n    count: 1000000000000\n")
    fails(proj, f"{DECK}:{line + 1}:", "count", "less than or equal to 10000")


def test_very_long_text_is_refused_by_length(proj):
    line = _edit(proj, DECK, "  - name: Hel\n", "  - name: " + "Hel " * 5000 + "\n")
    fails(proj, f"{DECK}:{line}:", "text of 19,999 characters; the limit is 10,000")


def test_template_keys_are_checked_by_their_model(proj):
    where = write_template(proj, "odd-front", "extends: mythology-front\nsize: [1, 2]\n"
                           "remove: hello\nelements:\n  - type: text\n    id: {a: 1}\n")
    use_front(proj, "odd-front")
    output = fails(proj, f"{where}:2:", "size: expected a size name (poker, a5...), got [1, 2]")
    assert re.search(rf"{re.escape(where)}:3: remove: expected a list", output), output


def test_a_template_name_cannot_leave_templates(proj):
    line = _edit(proj, DECK, "front: mythology-front", "front: ../../../etc/passwd")
    fails(proj, f"{DECK}:{line}:", "is not a file name in templates/")


def test_a_non_text_element_type_is_an_unknown_type(proj):
    where = write_template(proj, "typed-front", "extends: mythology-front\nelements:\n"
                           "  - type: [text]\n")
    use_front(proj, "typed-front")
    fails(proj, f"{where}:3:", "unknown element type ['text']")


def test_a_gutterfold_face_larger_than_half_the_page(proj):
    where = write_template(proj, "long-front", "extends: mythology-front\nheight: 200mm\n")
    write_template(proj, "long-back", "extends: mythology-back\nheight: 200mm\n")
    use_front(proj, "long-front")
    path = proj / DECK
    path.write_text(path.read_text().replace("back: mythology-back", "back: long-back"))
    fails(proj, f"{where}:2:", "half a gutterfold-a4 page",
          command=("build", "ragnarocks", "mythology-cards", "-p", "gutterfold-a4", "-q"))


def _edit(root: Path, file: str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` in ``file`` (below the project); return the line of ``old``."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


@pytest.mark.parametrize("old, new, words", [
    ("options: {dice: [red, blue, yellow, dummy]}", "options: {dice: [[], blue]}",
     "items_from: options: dice.0: expected text, got []"),
    ("options: {dice: [red, blue, yellow, dummy]}", "options: {dice: red, colour: 3}",
     "items_from: options: dice: expected a list, got 'red'"),
])
def test_a_wrong_generator_option_is_named_at_its_line(copy_game, old, new, words):
    root = copy_game("rolling-thunder")
    file = "data/rolling-thunder/printable-dice.yaml"
    line = _edit(root, file, old, new)
    fails(root, f"{file}:{line}:", words, command=("validate", "rolling-thunder",
                                                   "printable-dice"))


def test_generator_options_are_checked_one_by_one(copy_game):
    root = copy_game("roll-and-raid")
    file = "data/roll-and-raid/odds-card.yaml"
    line = _edit(root, file, "    bonuses: [0, 2, 4, 6]", "    bonuses: null\n    dice: 1000")
    output = fails(root, f"{file}:{line}:", "items_from: options: bonuses: expected a list",
                   command=("validate", "roll-and-raid", "odds-card"))
    assert re.search(rf"{file}:{line + 1}: items_from: options: dice: Input should be less "
                     "than or equal to 10", output), output


def test_a_deck_value_that_is_no_number_is_named_with_its_card(copy_game):
    root = copy_game("roll-and-raid")
    deck = root / "data/roll-and-raid/raid-cards.yaml"
    text = deck.read_text(encoding="utf-8")
    first = re.search(r"defense: \d+", text)
    text = text[:first.start()] + "defense: [7, 8]" + text[first.end():]
    # the generator's own check (the shipped deck types defense, which refuses it earlier)
    typed = "  defense: {type: int, min: 1, max: 12}\n"
    assert typed in text
    deck.write_text(text.replace(typed, ""), encoding="utf-8")
    fails(root, "data/roll-and-raid/odds-card.yaml:", "defense must be a whole number",
          command=("validate", "roll-and-raid", "odds-card"))


def test_a_generator_deck_that_does_not_exist_is_blamed_at_its_option(copy_game):
    root = copy_game("roll-and-raid")
    file = "data/roll-and-raid/odds-card.yaml"
    line = _edit(root, file, "    deck: raid-cards", "    deck: 2024-05-01")
    fails(root, f"{file}:{line}:", "deck '2024-05-01' not found",
          command=("validate", "roll-and-raid", "odds-card"))


@pytest.mark.parametrize("nets, words", [
    ('["{{ 7 }}"]', "nets.0: expected a length such as 12mm"),
    ("[0mm]", "nets.0: 0mm must be larger than 0"),
])
def test_a_printable_die_size_is_checked_when_read(copy_game, nets, words):
    root = copy_game("rolling-thunder")
    file = "data/rolling-thunder/printable-dice.yaml"
    line = _edit(root, file, "nets: [16mm]", f"nets: {nets}")
    fails(root, f"{file}:{line}:", words, command=("validate", "rolling-thunder",
                                                   "printable-dice"))


@pytest.mark.parametrize("offset", ["1e400,2", "nan,0", "0,-60"])
@pytest.mark.parametrize("command", [("build", "ragnarocks", "tokens"), ("calibrate",)])
def test_a_back_offset_beyond_any_printer_is_a_usage_error(proj, offset, command):
    result = run_cli("--project", str(proj), *command, "--back-offset", offset)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "must be within -50 to 50 mm" in result.output, result.output
    assert not (proj / "out").exists()


@pytest.mark.parametrize("name", ["word " * 200, "a/" * 600 + "x.csv", "cards\\0.csv"])
def test_a_file_name_no_file_system_takes_is_an_error_at_its_line(copy_game, name):
    root = copy_game("roll-and-might")
    file = "data/roll-and-might/cards.yaml"
    line = _edit(root, file, "items_from: {csv: cards.csv}",
                 f'items_from: {{csv: "{name}"}}')
    fails(root, f"{file}:{line}:", "is not a file name", command=("validate", "roll-and-might",
                                                                  "cards"))


@pytest.mark.parametrize("data, words", [
    (b"\xf5\x00binary", "cannot read the table"),
    (b"", "the table is empty"),
    (b"name\n" + b"x" * 200_000 + b"\n", "cannot read the table: field larger than"),
    (b"name\n" + b"a\n" * 100_001, "more than 100000 rows"),
])
def test_a_table_that_cannot_be_read_is_blamed_where_it_is_named(copy_game, data, words):
    root = copy_game("roll-and-might")
    (root / "data/roll-and-might/cards.csv").write_bytes(data)
    text = (root / "data/roll-and-might/cards.yaml").read_text(encoding="utf-8")
    line = text[:text.index("items_from:")].count("\n") + 1
    fails(root, f"data/roll-and-might/cards.yaml:{line}: ", "cards.csv: " + words,
          command=("validate", "roll-and-might", "cards"))


@pytest.mark.parametrize("image, box, words", [
    (b"not a png", "", "image 'art/bad.png' cannot be read as PNG or JPEG"),
    (None, "w: 0mm, h: 0mm, ", "an image needs a box wider and taller than 0, not 0 x 0 mm"),
])
def test_an_unreadable_image_or_an_empty_box_is_an_error_at_its_line(proj, image, box, words):
    from PIL import Image

    art = proj / "templates" / "art"
    art.mkdir(parents=True)
    if image is None:
        Image.new("RGB", (10, 10), "white").save(art / "bad.png")
    else:
        (art / "bad.png").write_bytes(image)
    where = write_template(proj, "img-front", "extends: mythology-front\nelements:\n"
                           f"  - {{type: image, {box}src: art/bad.png}}\n")
    use_front(proj, "img-front")
    fails(proj, f"{where}:3:", words, command=("validate", "ragnarocks", "mythology-cards"))


def test_a_font_file_that_is_no_truetype_is_blamed_at_its_fonts_yaml_line(proj):
    (proj / "fonts").mkdir()
    (proj / "fonts" / "Broken-Regular.ttf").write_bytes(b"\x00\x01\x00\x00 not a font" * 10)
    (proj / "fonts" / "fonts.yaml").write_text(
        "credit:\n  line: 'Fonts: Broken'\n  short: 'Fonts: Broken'\nfamilies:\n"
        "  body:\n    regular: Broken-Regular.ttf\n", encoding="utf-8")
    fails(proj, "fonts/fonts.yaml:5:", "font file Broken-Regular.ttf is no usable TrueType font",
          command=("validate", "ragnarocks", "mythology-cards"))


@pytest.mark.parametrize("svg, words", [
    ("garbage", "the SVG is not well-formed XML"),
    ('<svg viewBox="0 0 0 0"><path d="M 0 0 L 10 10 Z"/></svg>', "viewBox needs a width"),
    ('<svg viewBox="0 0 24 24"><path d="M 1e400 0 L 10 10 Z"/></svg>',
     "'1e400' at character 3 is out of range"),
])
def test_an_icon_that_cannot_be_drawn_is_found_by_validate(proj, svg, words):
    icons = proj / "templates" / "icons"
    icons.mkdir(parents=True)
    # (the command symbol's icon, the ringed raven; session 15)
    (icons / "command-badge.svg").write_text(svg, encoding="utf-8")
    output = fails(proj, "", "icon 'command-badge' cannot be drawn",
                   words, command=("validate", "ragnarocks", "mythology-cards"))
    assert "command-badge.svg" in output
    # named where the picture is asked for: the game's symbol of it, or the card template
    assert re.search(r"^error: \S*(data/ragnarocks/game\.yaml:\d+: symbol 'command'|"
                     r"templates/mythology-front\.yaml:\d+:)", output, re.M), output


@pytest.mark.parametrize("size, words", [("[0, 0]", "a4.0: Input should be greater than 0"),
                                         ("[1e12, 297]", "a4.0: Input should be less than or "
                                          "equal to 5000")])
def test_a_paper_size_of_no_area_or_beyond_5_m_is_refused(proj, size, words):
    (proj / "profiles.yaml").write_text(f"sizes:\n  a4: {size}\n", encoding="utf-8")
    fails(proj, "profiles.yaml:2:", words, command=("build", "ragnarocks", "tokens", "-p", "a4"))
    assert not (proj / "out").exists()


@pytest.mark.parametrize("deck", ["raid-car", '"\\0\\a"'])
def test_a_dice_deck_that_does_not_exist_is_blamed_at_its_dice_yaml_line(copy_game, deck):
    root = copy_game("roll-and-raid")
    file = "data/roll-and-raid/dice.yaml"
    line = _edit(root, file, "deck: raid-cards", f"deck: {deck}")
    fails(root, f"{file}:{line}:", "not found: no component file",
          command=("validate", "roll-and-raid", "odds-card"))
