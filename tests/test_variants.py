"""Playtest variants: overlays in variants/NAME.yaml, stamped outputs, diffs, the same deck
for the renderer and the dice engine, and every mistake at its line in the variant file."""

import json
import re
import shutil

import pytest
from pypdf import PdfReader

from conftest import REPO, run_cli

STAMP = "VARIANT harsh-winter"
CHANGED = {"seville", "london", "york", "hamburg", "canterbury", "pisa"}


def _stamps(pdf) -> list[int]:
    return [page.extract_text().count(STAMP) for page in PdfReader(pdf).pages]


@pytest.fixture(scope="module")
def raid(tmp_path_factory):
    """A project with Roll & Raid, built once in its base version (shared: tests add files)."""
    tmp_path = tmp_path_factory.mktemp("variants")
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    result = run_cli("--project", str(tmp_path), "build", "-q", "roll-and-raid", "raid-cards",
                     "-p", "a4")
    assert result.exit_code == 0, result.output
    return tmp_path


@pytest.mark.slow
def test_a_variant_build_stamps_exactly_the_changed_faces_and_leaves_the_base_alone(raid):
    base = raid / "out" / "roll-and-raid" / "raid-cards-a4.pdf"
    before = base.read_bytes()
    result = run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards",
                     "-p", "a4", "--variant", "harsh-winter")
    assert result.exit_code == 0, result.output
    variant = raid / "out" / "roll-and-raid" / "variants" / "harsh-winter" / "raid-cards-a4.pdf"
    assert base.read_bytes() == before
    texts = [page.extract_text() for page in PdfReader(variant).pages]  # read once
    stamps = [text.count(STAMP) for text in texts]
    assert sum(stamps) == len(CHANGED)  # fronts only: the backs did not change
    assert len(stamps) == len(PdfReader(base).pages)
    for text, count in zip(texts, stamps):
        named = {c for c in CHANGED if c.upper() in text.upper()}
        assert count == len(named), (named, count)
    again = raid / "again"
    run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards", "-p", "a4",
            "--variant", "harsh-winter", "--out", str(again))
    assert (again / "roll-and-raid/variants/harsh-winter/raid-cards-a4.pdf").read_bytes() \
        == variant.read_bytes()


@pytest.mark.slow
def test_changed_only_prints_just_the_changed_cards_and_stamp_all_stamps_every_face(raid):
    out = raid / "changed"
    result = run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards", "-p",
                     "a4", "--variant", "harsh-winter", "--changed-only", "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = out / "roll-and-raid/variants/harsh-winter/raid-cards-a4.pdf"
    pages = PdfReader(pdf).pages
    assert len(pages) == 2  # six cards: one sheet of fronts and its backs
    fronts = pages[0].extract_text().upper()
    assert all(c.upper() in fronts for c in CHANGED) and "LINDISFARNE" not in fronts
    every = raid / "every"
    run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards", "-p", "a4",
            "--variant", "harsh-winter", "--stamp", "all", "--out", str(every))
    stamps = _stamps(every / "roll-and-raid/variants/harsh-winter/raid-cards-a4.pdf")
    assert all(count > 0 for count in stamps)


@pytest.mark.slow
def test_diff_lists_exactly_the_changed_items_and_writes_the_side_by_side_sheet(tmp_path):
    result = run_cli("diff", "roll-and-raid", "harsh-winter", "--format", "json")
    assert result.exit_code == 0, result.output
    diff = json.loads(result.output)
    assert {c["item"] for c in diff["changed"]} == CHANGED
    assert all(list(c["fields"]) == ["winter.ships"] for c in diff["changed"])
    york = next(c for c in diff["changed"] if c["item"] == "york")
    assert york["fields"]["winter.ships"][1] == york["fields"]["winter.ships"][0] + 1
    assert diff["added"] == diff["removed"] == []
    text = run_cli("diff", "ragnarocks", "frigg-reworked").output
    assert "fjorgyn-and-fjorgynn" in text and "removed" in text and "powers.2.text" in text
    sheet = tmp_path / "diff.pdf"
    result = run_cli("diff", "roll-and-raid", "harsh-winter", "--out", str(sheet))
    assert result.exit_code == 0, result.output
    pages = PdfReader(sheet).pages
    shown = " ".join(page.extract_text() for page in pages)
    assert all(f"raid-cards / {c} (front)" in shown for c in CHANGED)
    assert "(back)" not in shown
    png = tmp_path / "diff.png"  # the same sheet, its pages stacked in one picture
    result = run_cli("diff", "roll-and-raid", "harsh-winter", "--out", str(png))
    assert result.exit_code == 0, result.output
    from PIL import Image

    with Image.open(png) as picture:
        assert picture.format == "PNG" and picture.height > picture.width  # pages one under another


def test_the_dice_engine_shuffles_the_variants_deck():
    added = run_cli("dice", "reavers-of-midgard", "--players", "2", "-s", "x", "--variant",
                    "more-sea-battles", "-f", "json")
    assert added.exit_code == 0, added.output
    assert "Danish Longship" in added.output
    assert "Danish Longship" not in run_cli("dice", "reavers-of-midgard", "--players", "2",
                                            "-s", "x", "-f", "json").output
    removed = run_cli("dice", "ragnarocks", "--players", "2", "-s", "x", "--variant",
                      "frigg-reworked")
    assert removed.exit_code == 0 and "Fjorgyn" not in removed.output
    assert "Fjorgyn" in run_cli("dice", "ragnarocks", "--players", "2", "-s", "x").output


@pytest.mark.parametrize("changes, message", [
    ("raid-cards: {yrok: {defense: 6}}", "unknown item of raid-cards 'yrok'; did you mean 'york'"),
    ("raid-card: {york: {defense: 6}}", "unknown component 'raid-card'; did you mean 'raid-cards'"),
    ("raid-cards: {york: {defence: 6}}", "unknown field of raid-cards items 'defence'; did you "
                                         "mean 'defense'"),
    ("raid-cards: {york: {count: many}}", "count: expected a whole number"),
    ("raid-cards: {remove: [nowhere]}", "remove: unknown item of raid-cards 'nowhere'"),
    ("raid-cards: {settings: {front: nope, colour: red}}", "unknown component key 'colour'"),
])
def test_variant_mistakes_are_reported_at_their_line(raid, changes, message):
    folder = raid / "data" / "roll-and-raid" / "variants"
    (folder / "broken.yaml").write_text(f"title: Broken\n\nchanges:\n  {changes}\n")
    base = raid / "out" / "roll-and-raid" / "raid-cards-a4.pdf"
    before = base.read_bytes()
    # the component the variant changes, as a designer builds it while trying the variant:
    # each mistake is the variant file's, found as it is read (the whole game's build, 1.5 s
    # of CPU each, reported the same lines)
    result = run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards",
                     "-p", "a4", "--variant", "broken")
    assert result.exit_code == 2, result.output
    assert "variants/broken.yaml:4: " in result.output and message in result.output
    assert "Traceback" not in result.output and base.read_bytes() == before
    assert not (raid / "out" / "roll-and-raid" / "variants" / "broken").exists()


def test_an_unknown_variant_names_the_known_ones():
    result = run_cli("build", "roll-and-raid", "--variant", "harsh-wintr")
    assert result.exit_code == 2 and "did you mean 'harsh-winter'" in result.output
    assert "paris" in run_cli("diff", "roll-and-raid", "nope").output  # dice modes are variants


def test_a_sheet_variant_changes_template_elements_and_the_dice_rounds(tmp_path):
    result = run_cli("build", "-q", "roll-and-might", "score-sheet", "-p", "a4", "--variant",
                     "short-game", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "roll-and-might/variants/short-game/score-sheet-a4.pdf").pages[0]
    text = " ".join(page.extract_text().split())  # a number is drawn on its own (number_font)
    assert "6 in all" in text and "8 in all" not in text and "VARIANT short-game" in text
    diff = json.loads(run_cli("diff", "roll-and-might", "short-game", "--format", "json").output)
    (settings,) = diff["settings"]
    assert settings["fields"]["elements.turns-label.text"] == ["**Turn** (8 in all)",
                                                               "**Turn** (6 in all)"]
    script = run_cli("dice", "roll-and-might", "--players", "2", "-s", "x", "--variant",
                     "short-game").output
    assert "== Turn 6" in script and "== Turn 7" not in script


def test_an_unknown_template_element_is_reported_at_its_line(raid):
    folder = raid / "data" / "roll-and-raid" / "variants"
    (folder / "broken.yaml").write_text("title: Broken\nchanges:\n  raid-cards:\n    elements:\n"
                                        "      titel: {text: x}\n")
    result = run_cli("--project", str(raid), "validate", "roll-and-raid")  # checks variants too
    assert result.exit_code == 2 and "variants/broken.yaml:5: elements: unknown element" \
        in result.output
    result = run_cli("--project", str(raid), "diff", "roll-and-raid", "broken")
    assert result.exit_code == 2 and "variants/broken.yaml:5: elements: unknown element" \
        in result.output


def _stamp_position(pdf) -> tuple[float, float, float, float]:
    """Return (x, y, page width, page height) of the stamp text on the first stamped page."""
    for page in PdfReader(pdf).pages:
        found = []
        page.extract_text(visitor_text=lambda text, cm, tm, *_: found.append(
            (tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5])) if STAMP in text else None)
        if found:
            box = page.mediabox
            return (*found[0], float(box.width), float(box.height))
    raise AssertionError("no stamp found")


def test_a_template_puts_the_stamp_in_the_corner_it_names(tmp_path):
    shutil.copytree(REPO / "data" / "roll-and-raid", tmp_path / "data" / "roll-and-raid")
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "raid-front-stamped.yaml").write_text(
        "extends: raid-front\nstamp_corner: upper-right\n")
    deck = tmp_path / "data" / "roll-and-raid" / "raid-cards.yaml"
    deck.write_text(deck.read_text().replace("front: raid-front", "front: raid-front-stamped"))
    args = ("--project", str(tmp_path), "build", "-q", "roll-and-raid", "raid-cards", "-p", "pod",
            "--variant", "harsh-winter", "--changed-only")
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out/roll-and-raid/variants/harsh-winter/raid-cards-pod.pdf"
    right, top, width, height = _stamp_position(pdf)
    assert top > height / 2  # upper (PDF y grows upwards)
    (tmp_path / "templates" / "raid-front-stamped.yaml").write_text(
        "extends: raid-front\n")  # the default corner: lower left
    assert run_cli(*args).exit_code == 0
    left, bottom, _, _ = _stamp_position(pdf)
    assert bottom < height / 2 and left < width / 4
    assert right - left > 20  # the stamp moved right (it is narrower than the face)
    (tmp_path / "templates" / "raid-front-stamped.yaml").write_text(
        "extends: raid-front\nstamp_corner: top\n")
    result = run_cli(*args)
    assert result.exit_code == 2
    assert "raid-front-stamped.yaml:2: unknown stamp corner 'top'" in result.output


def test_changed_only_with_nothing_changed_says_so(tmp_path):
    result = run_cli("build", "-q", "roll-and-raid", "creature-cards", "-p", "a4",
                     "--variant", "harsh-winter", "--changed-only", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "the variant changes no face" in result.output and "up to date" not in result.output


def test_a_variant_line_that_sets_the_base_value_is_a_warning_at_its_line(tmp_path):
    # issue 35: a value equal to the base game's was dropped without a word (no diff, no stamp)
    raid = tmp_path
    shutil.copytree(REPO / "data" / "roll-and-raid", raid / "data" / "roll-and-raid")
    folder = raid / "data" / "roll-and-raid" / "variants"
    (folder / "same.yaml").write_text(
        "title: Same\nchanges:\n  raid-cards:\n"
        "    york: {defense: 10, winter: {ships: 5}}\n"       # 4: defense is 10 already
        "    london: {winter: {ships: 3}}\n"                  # 5: a real change (base: 2)
        "    fields: {players: 1, creature: false}\n"         # 6: creature changes York
        "    settings: {back: raid-back}\n"                   # 7: the back it has
        "    elements:\n      name: {font: title}\n")         # 9: the template says title
    result = run_cli("--project", str(raid), "validate", "roll-and-raid")
    assert result.exit_code == 0, result.output
    said = re.findall(r"^warning: .*variants/same\.yaml:(\d+): (.*)$", result.output, re.M)
    assert sorted(int(line) for line, _ in said) == [4, 7, 9], result.output
    assert ("4", "york: defense is 10 in the base game already: this line changes nothing "
            "(remove it, or give the value the variant means)") in said
    built = run_cli("--project", str(raid), "build", "-q", "roll-and-raid", "raid-cards",
                    "-p", "a4", "--variant", "same", "--out", str(raid / "same-out"))
    assert built.exit_code == 0, built.output
    assert "same.yaml:4: york: defense is 10" in built.output


@pytest.mark.slow
def test_changed_only_prints_one_sheet_of_a_changed_pad_and_says_so(tmp_path):
    # issue 35: the short game's score sheet (a pad of 50) reprinted all 50 sheets
    args = ("build", "roll-and-might", "score-sheet", "-p", "pod", "-p", "a4", "--variant",
            "short-game", "--changed-only")
    result = run_cli(*args, "--out", str(tmp_path / "one"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "one" / "roll-and-might" / "variants" / "short-game"
    pod, home = (PdfReader(folder / f"score-sheet-{p}.pdf") for p in ("pod", "a4"))
    assert len(pod.pages) == 1 and len(home.pages) == 1
    assert "Scoring after 6 turns" in pod.pages[0].extract_text()
    assert re.search(r"warning: .*score-sheet\.yaml:\d+: --changed-only prints one sheet of "
                     r"this pad, not its 50 copies", result.output), result.output
    result = run_cli(*args, "--copies", "3", "--out", str(tmp_path / "three"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "three" / "roll-and-might" / "variants" / "short-game"
    assert len(PdfReader(folder / "score-sheet-pod.pdf").pages) == 3
    assert "prints one sheet" not in result.output
