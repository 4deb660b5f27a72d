"""A text element with ``no_lone_word`` never ends a paragraph on a line holding one word or
one icon alone: the paragraph is wrapped a little narrower so that line takes the word before
it; without the option, or when a narrower wrap would cost a line, the text is set as before."""

from __future__ import annotations

from layout_fakes import measure, words
from sheetgen.fill.textlayout import layout, parse


def test_the_last_word_takes_company_from_the_line_above():
    # "one two three four" is 90 pt: at 80 pt "four" ends the paragraph alone
    text = parse("one two three four\nnext")
    assert words(layout(text, 80, 100, measure, 10, 10)) == [
        ["one", "two", "three"], ["four"], ["next"]]
    lay = layout(text, 80, 100, measure, 10, 10, no_lone_word=True)
    assert words(lay) == [["one", "two"], ["three", "four"], ["next"]]
    assert [line.opens for line in lay.lines] == [True, False, True]


def test_a_lone_icon_takes_company_too():
    # "roll one more die" is 85 pt; the space and the 10 pt icon make 100, past 95
    text = parse("roll one more die :die:")
    assert words(layout(text, 95, 100, measure, 10, 10))[-1] == [":die:"]
    lay = layout(text, 95, 100, measure, 10, 10, no_lone_word=True)
    assert words(lay) == [["roll", "one", "more"], ["die", ":die:"]]


def test_a_narrower_wrap_that_costs_a_line_is_not_taken():
    # two long words: moving "bb" down would need a third line
    text = parse("aaaaaaaaaaaaaa bbbbbbbbbbbbbb c")
    plain = layout(text, 75, 100, measure, 10, 10)
    assert words(layout(text, 75, 100, measure, 10, 10, no_lone_word=True)) == words(plain)
