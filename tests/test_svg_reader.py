"""Reading SVG art: every path command, the basic shapes, transforms, styles, gradients,
<use>; and untrusted files refused with a clear message in bounded time."""

from __future__ import annotations


import pytest

from sheetgen.fill.art.model import CURRENT, Gradient
from sheetgen.fill.art.read import read_art
from sheetgen.fill.art.shapes import bounds
from sheetgen.fill.svgpath import parse_path

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def art_of(tmp_path, body: str, box: str = "0 0 100 100", head: str = ""):
    path = tmp_path / "a.svg"
    path.write_text(f'{head}<svg {NS} viewBox="{box}">{body}</svg>')
    return read_art(path)


def close(a, b, tol=1e-6):
    return all(abs(x - y) < tol for x, y in zip(a, b, strict=True))


def test_relative_and_shorthand_commands_become_absolute():
    assert parse_path("m10 10 h5 v5 H10 z m1 1 l2 0") == [
        ("M", 10, 10), ("L", 15, 10), ("L", 15, 15), ("L", 10, 15), ("Z",),
        ("M", 11, 11), ("L", 13, 11)]
    smooth = parse_path("M0 0 C0 10 10 10 10 0 S20 -10 20 0")
    assert smooth[2] == ("C", 10, -10, 20, -10, 20, 0)  # the first control point reflected
    quad = parse_path("M0 0 Q5 10 10 0 T20 0")
    assert close(quad[2][1:], (10 + 2 / 3 * 5, -2 / 3 * 10, 20 - 2 / 3 * 5, -2 / 3 * 10, 20, 0))
    assert parse_path("M1 2 3 4") == [("M", 1, 2), ("L", 3, 4)]  # implicit line-to


def test_arcs_with_compact_flags_reach_their_end_through_the_right_side():
    spaced = parse_path("M0 0 A10 10 0 0 1 20 0")
    assert parse_path("M0 0a10 10 0 0120 0") == spaced
    assert close(spaced[-1][-2:], (20, 0))
    assert close(bounds(spaced), (0, -10, 20, 0), 1e-3)  # sweep 1: up through (10, -10)
    large = parse_path("M0 0 A10 10 0 1 0 10 10")  # three quarters, about (0, 10)
    assert close(bounds(large), (-10, 0, 10, 20), 1e-3)


@pytest.mark.parametrize("data, words", [
    ("M0 0 L nan 5", "needs a number"), ("M0 0 L 1", "needs a number"),
    ("10 10", "start with a command"), ("M1e999 0", "out of range"),
    ("M0 0 a1 1 0 2 1 3 3", "arc flag"), ("L5 5", "start with a move")])
def test_malformed_path_data_is_refused(data, words):
    with pytest.raises(ValueError, match=words):
        parse_path(data)


def test_basic_shapes_and_transforms(tmp_path):
    art = art_of(tmp_path, """
      <rect x="10" y="10" width="20" height="10" rx="3"/>
      <circle cx="50" cy="50" r="5"/><ellipse cx="50" cy="80" rx="8" ry="4"/>
      <line x1="0" y1="0" x2="10" y2="5" stroke="red"/>
      <polyline points="0,0 5,5 10,0" fill="none" stroke="blue"/>
      <polygon points="0 0 5 5 10 0"/>
      <g transform="translate(10 0) scale(2)"><rect width="1" height="1" transform="rotate(90)"/>
      </g>""")
    boxes = [bounds(s.commands) for s in art.shapes]
    assert close(boxes[0], (10, 10, 30, 20)) and close(boxes[1], (45, 45, 55, 55))
    assert close(boxes[2], (42, 76, 58, 84))
    assert art.shapes[3].fill is None and art.shapes[3].stroke == (1, 0, 0)
    assert art.shapes[5].commands[-1] == ("Z",) and art.shapes[4].commands[-1] != ("Z",)
    assert close(art.shapes[6].matrix, (0, 2, -2, 0, 10, 0))


def test_styles_cascade_attribute_then_sheet_then_inline(tmp_path):
    art = art_of(tmp_path, """
      <style>.warm { fill: #ff0000 } path { stroke: #00ff00 } #last { fill: blue }</style>
      <g fill="#000080" stroke-width="3"><path d="M0 0h1v1z" class="warm" fill="#123456"/>
      <path d="M0 0h1v1z" class="warm" style="fill: #00ffff; stroke-opacity: 50%"/>
      <path id="last" d="M0 0h1v1z" fill-rule="evenodd" opacity=".5" fill-opacity=".5"/></g>""")
    first, second, third = art.shapes
    assert first.fill == (1, 0, 0) and first.stroke == (0, 1, 0) and first.stroke_width == 3
    assert second.fill == (0, 1, 1) and second.stroke_alpha == 0.5
    assert third.fill == (0, 0, 1) and third.evenodd and third.fill_alpha == 0.25
    assert not art.one_colour


def test_use_symbol_current_colour_and_one_colour_icons(tmp_path):
    art = art_of(tmp_path, """
      <defs><symbol id="dot"><circle r="2" fill="currentColor"/></symbol></defs>
      <use href="#dot" x="10" y="20"/><use xlink:href="#dot" x="30" y="20" color="red"/>""")
    one, two = art.shapes
    assert one.fill == CURRENT and one.matrix == (1, 0, 0, 1, 10, 20)
    assert two.fill == (1, 0, 0) and two.matrix[4:] == (30, 20)
    assert not art.one_colour
    plain = art_of(tmp_path, '<use href="#d"/><path id="d" d="M0 0h1v1z" fill="#000"/>'
                             '<circle r="3" fill="currentColor"/>')
    assert plain.one_colour and len(plain.shapes) == 3


def test_gradients_inherit_stops_and_keep_units_and_transform(tmp_path):
    art = art_of(tmp_path, """
      <linearGradient id="base"><stop offset="10%" stop-color="#fff"/>
        <stop offset=".9" style="stop-color: #000; stop-opacity: 1"/></linearGradient>
      <linearGradient id="g" href="#base" gradientUnits="userSpaceOnUse" x1="0" x2="50"
        gradientTransform="rotate(90)"/>
      <radialGradient id="r" fx="0.25"><stop offset="0" stop-color="red"/>
        <stop offset="1" stop-color="blue" stop-opacity=".5"/></radialGradient>
      <rect width="10" height="10" fill="url(#g)"/><rect width="10" height="10" fill="url(#r)"/>
      <rect width="10" height="10" fill="url(#missing) green"/>""")
    linear, radial, fallback = (s.fill for s in art.shapes)
    assert isinstance(linear, Gradient) and not linear.bounding_box
    assert [s.offset for s in linear.stops] == [0.1, 0.9] and linear.coords == (0, 0, 50, 0)
    assert close(linear.matrix, (0, 1, -1, 0, 0, 0))
    assert radial.kind == "radial" and radial.bounding_box
    assert radial.coords == (0.5, 0.5, 0.5, 0.25, 0.5)
    assert fallback == (0, 128 / 255, 0)
    assert any("stop-opacity varies" in w for w in art.warnings)


def test_unsupported_parts_are_warned_about_with_their_element(tmp_path):
    art = art_of(tmp_path, '\n<filter id="f"/>\n<g filter="url(#f)" id="glow"><path d="M0 0h1v1z"/>'
                           '</g><path d="M0 0h1v1z" mask="url(#m)"/>')
    assert any('<g id="glow"> (line 3): filters are not drawn' in w for w in art.warnings)
    assert any("masks are not drawn" in w for w in art.warnings)
    assert len(art.shapes) == 2


ENTITY_BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
               + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                         for i in range(8)) + ']>\n')


@pytest.mark.parametrize("head, body, words", [
    (ENTITY_BOMB, "<desc>&i;</desc>", "declares entities"),
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>', "<desc>&x;</desc>",
     "declares entities"),
    ("", '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>', "<use> loop"),
    ("", "<g/>" * 100_000, "100,001 elements; art may have at most"),
    ("", '<path d="M0 0 L 10 x"/>', '<path> (line 1): command L needs a number'),
    ("", '<circle cx="NaN" r="3"/>', "cx='NaN' is not a number"),
    ("", '<path d="M0 0 L 1e400 0"/>', "out of range"),
    ("", '<text x="0" y="10">Hi</text>', "<text> (line 1): text (convert it to paths"),
    ("", '<image href="cat.png" width="5" height="5"/>', "raster image"),
    ("", '<use href="other.svg#x"/>', "external references are never fetched"),
    ("", '<rect width="5" height="5" fill="url(http://example.com/p.svg#g)"/>',
     "never fetched"),
    ("", '<g><rect width="1" height="1" transform="scale(2"/></g>', "transform="),
    ("", "<g><path d='M0 0h1v1z'/></g", "not well-formed XML"),
    ("", "<g>" * 10_000 + "</g>" * 10_000, "nested more than 40 deep (line 1)"),
], ids=["entity bomb", "external entity", "use loop", "100,000 elements", "malformed path",
        "NaN", "huge number", "text", "raster", "external use", "external paint", "transform",
        "malformed XML", "deep nesting"])
def test_untrusted_svg_is_refused_with_a_clear_message(tmp_path, head, body, words):
    with pytest.raises(ValueError, match=None) as caught:
        art_of(tmp_path, body, head=head)
    assert words in str(caught.value), str(caught.value)


@pytest.mark.slow
def test_a_use_fan_out_is_bounded(tmp_path):
    levels = ['<g id="l0"><rect width="1" height="1"/></g>'] + [
        f'<g id="l{n}">' + f'<use href="#l{n - 1}"/>' * 10 + "</g>" for n in range(1, 6)]
    with pytest.raises(ValueError, match="more than 20,000 shapes"):
        art_of(tmp_path, "<defs>" + "".join(levels) + '</defs><use href="#l5"/>')
    empty = ['<g id="l0"/>'] + [f'<g id="l{n}">' + f'<use href="#l{n - 1}"/>' * 10 + "</g>"
                                for n in range(1, 7)]
    with pytest.raises(ValueError, match="walks more than 100,000 elements"):
        art_of(tmp_path, "<defs>" + "".join(empty) + '</defs><use href="#l6"/>')
    chain = [f'<g id="l{n}"><use href="#l{n + 1}"/></g>' for n in range(10)] + ['<g id="l10"/>']
    with pytest.raises(ValueError, match="nested more than 8 deep"):
        art_of(tmp_path, "".join(chain))


def test_a_file_without_a_size_or_too_large_is_refused(tmp_path):
    with pytest.raises(ValueError, match="needs a viewBox"):
        path = tmp_path / "n.svg"
        path.write_text(f'<svg {NS}><rect width="1" height="1"/></svg>')
        read_art(path)
    big = tmp_path / "big.svg"
    big.write_text(f'<svg {NS} viewBox="0 0 1 1"><desc>{"x" * 2_100_000}</desc></svg>')
    with pytest.raises(ValueError, match="at most 2,000,000"):
        read_art(big)
