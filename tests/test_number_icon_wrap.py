"""A number and the inline icon after it ("2 :food:") never part at a line end: the wrapper keeps
them together like a no-break space, in the layout and in the built PDF; lines that do not
break there are set as before."""

from __future__ import annotations

import pypdfium2 as pdfium
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import run_cli, write_files
from layout_fakes import measure, words
from sheetgen.fill.textlayout import TextFitError, layout, parse

MM = 72 / 25.4


def test_a_number_wraps_with_its_icon():
    # "Pay 2" is 25 pt, the space and the 10 pt icon would make it 40: the old wrapper ended
    # the first line on a bare "2" and began the second with the icon
    lay = layout(parse("Pay 2 :food: go"), 36, 100, measure, 10, 10)
    assert words(lay) == [["Pay"], ["2", ":food:", "go"]]
    assert lay.lines[0].width == 15  # "Pay" alone, no trailing space
    assert [x for _, x in lay.lines[1].runs] == [0, 10, 25]  # "2", a space, the icon, "go"
    assert lay.lines[1].width == 35


def test_signs_and_times_hold_their_icon_too():
    for number in ("+1", "-3", "2x", "x2", "×2", "(2"):
        lay = layout(parse(f"Pay {number} :coin:"), 40, 100, measure, 10, 10)
        assert words(lay)[-1] == [number, ":coin:"], number


def test_other_words_and_glued_numbers_still_wrap_at_the_space():
    # a word is not a number, and "2," is a list: the icon may start a line after them
    assert words(layout(parse("Pay two :food:"), 40, 100, measure, 10, 10)) == [
        ["Pay", "two"], [":food:"]]
    # ("2," is two runs, the comma glued to the figure: a number face sets only the figure)
    assert words(layout(parse("Pay 2, :food:"), 40, 100, measure, 10, 10)) == [
        ["Pay", "2", ","], [":food:"]]


def test_a_number_first_on_its_line_still_lets_a_too_wide_icon_go():
    # the pair is wider than the box: it wraps at the space rather than failing the fit
    assert words(layout(parse("22 :food:"), 20, 100, measure, 10, 10)) == [["22"], [":food:"]]
    # "22:food:3" glued after "a": carried with its icon to a line of its own, 40 pt > 36
    assert words(layout(parse("a 22:food:3 :coin:"), 36, 100, measure, 10, 10)) == [
        ["a", "22", ":food:", "3"], [":coin:"]]


def test_lines_that_do_not_break_there_are_unchanged():
    lay = layout(parse("Pay 2 :food: to move 3 :coin: now"), 1000, 100, measure, 10, 10)
    assert [x for _, x in lay.lines[0].runs] == [0, 20, 30, 45, 60, 85, 95, 110]



def test_a_no_break_space_beside_bold_or_an_icon_never_breaks():
    # a lone no-break space is a token of its own when bold markup meets it; Python calls it
    # whitespace, and the wrapper broke there ("Take :coin:" / "Gold", "Pay **2**" / ":coin:")
    nbsp = "\u00a0"
    lay = layout(parse(f"Take :coin:{nbsp}**Gold**"), 50, 100, measure, 10, 10)
    assert words(lay) == [["Take"], [":coin:", "Gold"]]
    assert [x for _, x in lay.lines[1].runs] == [0, 15]  # the icon, a space, the word
    assert words(layout(parse(f"Pay it **2**{nbsp}:coin:"), 50, 100, measure, 10, 10)) == [
        ["Pay", "it"], ["2", ":coin:"]]
    # the bold word keeps its bold; the space is a space (no character drawn), a tied one
    bold = parse(f":coin:{nbsp}**Gold**")[0][1]
    assert (bold.text, bold.bold, bold.space, bold.tied) == ("Gold", True, True, True)
    # a tied pair wider than the line parts rather than failing the fit
    assert words(layout(parse(f"**Goldsmith**{nbsp}:coin:"), 50, 100, measure, 10, 10)) == [
        ["Goldsmith"], [":coin:"]]

TOKENS = st.sampled_from(["Pay", "move", "the", "2", "+1", "10", "3x", "-2", ":food:",
                          ":coin:", ":food:).", "**4**", "and", "x2"])


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, min_size=1, max_size=30), st.integers(min_value=30, max_value=200))
def test_no_line_ends_on_a_bare_number_before_an_icon(tokens, width):
    try:
        lay = layout(parse(" ".join(tokens)), width, 10_000, measure, 10, 10)
    except TextFitError:
        assume(False)
    for line, following in zip(lay.lines, lay.lines[1:]):
        last, first = line.runs[-1][0], following.runs[0][0]
        number = last.text.lstrip("+-x×").rstrip("x×").isdigit()
        # a number alone on its line may let an icon too wide to join it go (30 pt: never here)
        assert not (number and len(line.runs) > 1 and first.icon and first.space), words(lay)
    for line in lay.lines:
        assert line.width <= width + 0.01


GAME = "id: wrap\nname: Wrap\ncomponents: [cards]\n"
CARDS = "id: cards\ntitle: Cards\nkind: cards\nfront: wrap-front\nprofiles: [pod]\n" \
        "items:\n  - {name: A}\n"
FRONT = """size: poker
elements:
  - {type: text, x: 5mm, y: 5mm, w: 9mm, h: 30mm, size: 10, leading: 1.2, color: black,
     text: "Pay 2 :food:"}
"""


def test_the_built_card_sets_the_number_and_its_icon_on_one_line(tmp_path):
    write_files(tmp_path, {"data/wrap/game.yaml": GAME, "data/wrap/cards.yaml": CARDS,
                           "templates/wrap-front.yaml": FRONT})
    result = run_cli("--project", str(tmp_path), "build", "wrap", "-p", "pod")
    assert result.exit_code == 0, result.output
    page = pdfium.PdfDocument(str(next((tmp_path / "out").rglob("cards-*pod*.pdf"))))[0]
    text = page.get_textpage()
    boxes = {text.get_text_range(i, 1): text.get_charbox(i) for i in range(text.count_chars())}
    # "Pay" on the first line, "2" starts the second, 12 pt (10 pt at 1.2) lower, at the left
    assert round(boxes["P"][1] - boxes["2"][1], 1) == 12.0
    assert abs(boxes["2"][0] - boxes["P"][0]) < 1
    # the icon is drawn on the 2's line, right of it: ink there, and none on a third line
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_height()

    def ink(left, bottom, right, top):
        crop = image.crop((int(left * scale), int((height - top) * scale),
                           int(right * scale), int((height - bottom) * scale)))
        return sum(1 for value in crop.tobytes() if value < 128)

    two = boxes["2"]
    assert ink(two[2] + 1, two[1] - 2, two[2] + 14, two[3] + 2) > 20
    assert ink(two[0] - 2, two[1] - 14, two[0] + 25, two[1] - 4) == 0


def test_an_icon_opening_a_list_item_wraps_with_its_word():
    # "West · :castle: Castle": the icon labels the word after it, so both go to the next line
    # (the old wrapper ended the line on the icon: "West · :castle:" / "Castle")
    assert words(layout(parse("West · :castle: Castle"), 60, 100, measure, 10, 10)) == [
        ["West", "·"], [":castle:", "Castle"]]
    # an icon inside a sentence is a word like any other: "one" is not a separator
    assert words(layout(parse("roll one :die: and"), 60, 100, measure, 10, 10)) == [
        ["roll", "one", ":die:"], ["and"]]
    # a number after the icon still holds the icon after it: the whole item wraps together
    assert words(layout(parse("a · :food: 2 :coin:"), 50, 100, measure, 10, 10)) == [
        ["a", "·"], [":food:", "2", ":coin:"]]
