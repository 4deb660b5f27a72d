"""Attribute values of SVG: colours, numbers and lengths, transforms, and CSS declarations.

Every parser is strict: a value it cannot read is a ValueError saying what was expected.
"""

from __future__ import annotations

import math
import re

from reportlab.lib.colors import getAllNamedColors

from .model import CURRENT, IDENTITY, multiply

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LENGTH = re.compile(rf"\s*({_NUMBER})\s*(px|pt|pc|mm|cm|in|%)?\s*$")
_PER_PX = {None: 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54,
           "in": 96.0}
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)[\s,]*")
_NUMBERS = re.compile(_NUMBER)
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_RGB = re.compile(rf"rgba?\(\s*({_NUMBER})(%?)\s*,?\s*({_NUMBER})(%?)\s*,?\s*({_NUMBER})(%?)"
                  rf"\s*(?:[,/]\s*{_NUMBER}%?\s*)?\)$")
SVG_NS = "{http://www.w3.org/2000/svg}"
LINE = "{sheetgen}line"  # the attribute the reader keeps each element's line in
_NAMED = {name.lower(): color for name, color in getAllNamedColors().items()}


def number(text: str, what: str) -> float:
    """Return the finite number ``text`` (a bare number); ValueError names ``what``."""
    return length(text, what, percent_of=None)


def length(text: str, what: str, percent_of: float | None = None) -> float:
    """Return length ``text`` in user units (px; pt, mm, cm, in converted at 96 per inch; a
    percentage of ``percent_of`` when that is given)."""
    found = _LENGTH.match(text)
    unit = found.group(2) if found else None
    if found is None or (unit == "%" and percent_of is None):
        raise ValueError(f"{what}={text!r} is not a number")
    value = float(found.group(1))
    value = value * percent_of / 100 if unit == "%" else value * _PER_PX[unit]
    if not math.isfinite(value) or abs(value) > 1e9:
        raise ValueError(f"{what}={text!r} is out of range")
    return value


def numbers(text: str, what: str) -> list[float]:
    """Return the numbers of a list (``points``, ``viewBox``, ``stroke-dasharray``)."""
    leftover = _NUMBERS.sub("", text).replace(",", "").strip()
    if leftover:
        raise ValueError(f"{what}={text[:40]!r} holds something that is not a number")
    values = [float(v) for v in _NUMBERS.findall(text)]
    if not all(math.isfinite(v) and abs(v) < 1e9 for v in values):
        raise ValueError(f"{what}={text[:40]!r} has a number out of range")
    return values


def transform(text: str) -> tuple:
    """Return the matrix of a ``transform`` attribute."""
    matrix, pos = IDENTITY, 0
    text = text.strip()
    while pos < len(text):
        found = _TRANSFORM.match(text, pos)
        if found is None:
            raise ValueError(f"transform={text[:60]!r} cannot be read at {text[pos:pos + 20]!r}")
        name, args = found.group(1), numbers(found.group(2), "transform")
        matrix = multiply(matrix, _one_transform(name, args, text))
        pos = found.end()
    return matrix


def _one_transform(name: str, args: list[float], text: str) -> tuple:
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
              "skewX": (1,), "skewY": (1,)}
    if len(args) not in counts[name]:
        raise ValueError(f"transform={text[:60]!r}: {name} takes "
                         f"{' or '.join(map(str, counts[name]))} numbers")
    if name == "matrix":
        return tuple(args)
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, args[0], args[1] if len(args) > 1 else 0.0)
    if name == "scale":
        return (args[0], 0.0, 0.0, args[-1], 0.0, 0.0)
    if name == "rotate":
        t = math.radians(args[0])
        turn = (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0.0, 0.0)
        if len(args) == 1:
            return turn
        cx, cy = args[1], args[2]
        return multiply(multiply((1, 0, 0, 1, cx, cy), turn), (1, 0, 0, 1, -cx, -cy))
    tan = math.tan(math.radians(args[0]))
    return (1.0, 0.0, tan, 1.0, 0.0, 0.0) if name == "skewX" else (1.0, tan, 0.0, 1.0, 0.0, 0.0)


def colour(text: str):
    """Return the paint of a colour value: None (none), :data:`CURRENT` or (r, g, b) 0-1.

    ``url(...)`` references are resolved by the reader, not here.
    """
    value = text.strip()
    low = value.lower()
    if low in ("none", "transparent"):
        return None
    if low == "currentcolor":
        return CURRENT
    hexa = _HEX.match(value)
    if hexa:
        digits = hexa.group(1)
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    rgb = _RGB.match(low)
    if rgb:
        parts = rgb.groups()
        return tuple(min(1.0, max(0.0, float(parts[i]) / (100 if parts[i + 1] else 255)))
                     for i in (0, 2, 4))
    if low in _NAMED:
        named = _NAMED[low]
        return (named.red, named.green, named.blue)
    raise ValueError(f"colour {value[:40]!r} is not a colour SVG art can use (#rrggbb, rgb(), "
                     "a CSS colour name, none, currentColor or url(#gradient))")


def declarations(text: str) -> dict[str, str]:
    """Return the ``property: value`` pairs of a CSS declaration block (``style=``)."""
    out = {}
    for part in text.split(";"):
        if ":" in part:
            key, value = part.split(":", 1)
            out[key.strip().lower()] = value.strip().removesuffix("!important").strip()
    return out


def stylesheet(text: str) -> tuple[dict[str, dict], list[str]]:
    """Return the rules of a simple ``<style>`` sheet by selector (``.class``, ``tag``,
    ``#id``), and the selectors it cannot follow (descendants, pseudo-classes...)."""
    rules: dict[str, dict] = {}
    skipped = []
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        block = declarations(body)
        for selector in (s.strip() for s in selectors.split(",")):
            if re.fullmatch(r"[.#]?[A-Za-z_][\w-]*", selector):
                rules.setdefault(selector, {}).update(block)
            elif selector:
                skipped.append(selector)
    return rules, skipped


def describe(el) -> str:
    """Return how a message names SVG element ``el``: ``<path id="leaf"> (line 12)``."""
    tag = el.tag.removeprefix(SVG_NS)
    ident = f' id="{el.get("id")}"' if el.get("id") else ""
    return f"<{tag}{ident}> (line {el.get(LINE, '?')})"


def fraction(text: str, what: str) -> float:
    """Return an opacity (a number or a percentage) clamped to 0-1."""
    return min(1.0, max(0.0, length(text, what, 1.0)))
