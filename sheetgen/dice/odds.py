"""Exact dice probabilities: sums, comparisons and k-of-a-kind, as integer counts and Fractions.

Written here instead of depending on icepool or dyce: the games need only sums of a few
dice, comparisons with a number and "has k of a kind", which are a 20-line convolution and
one generating-function count; exact integers make the results reproducible to the digit,
and the CLI stays free of a dependency (icepool's newest line needs Python 3.12).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import Iterable, Sequence

from ..base.errors import user_error

Dist = dict[int, int]  # value -> number of equally likely outcomes giving it
MAX_DICE, MAX_SIDES = 200, 1000
_CMP = re.compile(r"(>=|<=|==|!=|=|>|<)")
_HAS = re.compile(r"^(?P<pool>.*?)\s+has\s+(?:(?P<k>\d+)\s*-?\s*of\s*-?\s*a\s*-?\s*kind|"
                  r"(?P<pair>a\s+pair|pair))\s*$", re.I)
_SHOWS = re.compile(r"^(?P<pool>.*?)\s+has\s+(?:(?P<k>\d+)\s+)?(?P<face>[a-z][\w-]*|\d+)\s*$",
                    re.I)
# + and - join terms; a hyphen between two letters belongs to a die name (crew-red).
_JOIN = re.compile(r"\s*(\+|(?<![a-z])-|-(?![a-z]))\s*", re.I)
_TERM = re.compile(r"^(?P<n>\d*)\s*(?:d(?P<s>\d+)|d\{(?P<f>[^}]*)\}|(?P<name>[a-z][\w-]*))$|"
                   r"^(?P<c>\d+)$", re.I)


def _err(message: str):
    return user_error("odds", 0, message)


def die(faces: Sequence[int]) -> Dist:
    """Return the distribution of one die with the given numeric faces."""
    return dict(Counter(faces))


def add(a: Dist, b: Dist) -> Dist:
    """Return the distribution of the sum of two independent quantities (convolution)."""
    out: Dist = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


def repeat(d: Dist, n: int) -> Dist:
    """Return the distribution of the sum of ``n`` independent copies of ``d``."""
    out: Dist = {0: 1}
    for _ in range(n):
        out = add(out, d)
    return out


def total(d: Dist) -> int:
    """Return the number of outcomes."""
    return sum(d.values())


def chance(d: Dist, op: str, target: int) -> Fraction:
    """Return the exact probability that the value ``op target`` holds."""
    test = {"=": int.__eq__, "==": int.__eq__, "!=": int.__ne__, ">=": int.__ge__,
            "<=": int.__le__, ">": int.__gt__, "<": int.__lt__}[op]
    return Fraction(sum(w for v, w in d.items() if test(v, target)), total(d))


def of_a_kind(n: int, faces: Sequence, k: int) -> Fraction:
    """Return the chance that ``n`` dice with these faces show some value ``k`` or more times.

    Counts the complement exactly: n! [x^n] prod over values v of sum_{j<k} (w_v x)^j / j!,
    where w_v is how many faces show v.
    """
    weights = Counter(faces).values()
    poly = [Fraction(1)]
    for w in weights:
        term = [Fraction(w ** j, factorial(j)) for j in range(min(k, n + 1))]
        poly = [sum(poly[i] * term[d - i] for i in range(len(poly)) if 0 <= d - i < len(term))
                for d in range(min(len(poly) + len(term) - 1, n + 1))]
    below = poly[n] * factorial(n) if n < len(poly) else 0
    return 1 - Fraction(below) / len(faces) ** n


@dataclass(frozen=True)
class Query:
    """A parsed expression: a sum of dice and constants, and what is asked about it."""

    text: str
    dist: Dist
    op: str | None = None
    target: int | None = None
    kind: int | None = None
    kind_dice: tuple[int, tuple] | None = None
    face: str | None = None


def parse(text: str, named: dict[str, list] | None = None) -> Query:
    """Parse ``2d6+2 >= 9``, ``4d6 has 3-of-a-kind``, ``3d{0,1,1,2,2,3}``; bad text -> UserError."""
    text = " ".join(text.split())
    if not text:
        raise _err("empty expression; try '2d6+2 >= 9' or '4d6 has 3-of-a-kind'")
    named = named or {}
    if m := _HAS.match(text):
        k = 2 if m["pair"] else int(m["k"])
        terms = _terms(m["pool"], named)
        if len(terms) != 1 or terms[0][0] != 1 or terms[0][2] is None:
            raise _err(f"{text!r}: 'has' needs one kind of die, e.g. '4d6 has 3-of-a-kind'")
        _, n, faces = terms[0]
        if k < 2:
            raise _err(f"{text!r}: ask for 2 or more of a kind")
        return Query(text, {}, kind=k, kind_dice=(n, tuple(faces)))
    if m := _SHOWS.match(text):
        return _count_face(text, m, named)
    parts = _CMP.split(text)
    if len(parts) not in (1, 3):
        raise _err(f"{text!r}: use at most one comparison, e.g. '2d6 >= 9'")
    dist: Dist = {0: 1}
    for sign, n, faces in _terms(parts[0], named):
        if faces is None:
            part = {sign * n: 1}
        else:
            if not all(isinstance(f, int) for f in faces):
                raise _err(f"{text!r}: dice with symbol faces cannot be summed; count a "
                           f"face instead, e.g. '2 crew-red has hammer'")
            part = repeat(die([sign * f for f in faces]), n)
        dist = add(dist, part)
    if len(parts) == 1:
        return Query(text, dist)
    target = parts[2].strip()
    if not re.fullmatch(r"-?\d+", target):
        raise _err(f"{text!r}: compare with a whole number, e.g. '>= 9', not {target!r}")
    return Query(text, dist, parts[1], int(target))


def _terms(text: str, named: dict[str, list]) -> list[tuple[int, int, list | None]]:
    """Return (sign, count, faces or None for a constant) for each ``+``/``-`` term."""
    pieces = _JOIN.split(text.strip())
    if pieces and pieces[0] == "":
        pieces = pieces[1:]
    else:
        pieces = ["+", *pieces]
    if len(pieces) % 2 or any(p == "" for p in pieces):
        raise _err(f"{text!r}: expected terms joined by + or -, e.g. '2d6+2'")
    out = []
    for sign_text, term in zip(pieces[0::2], pieces[1::2]):
        sign = -1 if sign_text == "-" else 1
        m = _TERM.match(term)
        if not m:
            raise _err(f"{term!r} is not a dice term: write 2d6, d8, 3d{{0,1,2}} or a number")
        if m["c"] is not None:
            out.append((sign, int(m["c"]), None))
            continue
        n = int(m["n"] or 1)
        if m["s"]:
            sides = int(m["s"])
            if not 1 <= sides <= MAX_SIDES:
                raise _err(f"{term!r}: a die needs 1-{MAX_SIDES} sides")
            faces: list = list(range(1, sides + 1))
        elif m["f"] is not None:
            try:
                faces = [int(x) for x in m["f"].split(",")]
            except ValueError:
                raise _err(f"{term!r}: faces in braces must be whole numbers") from None
        else:
            if m["name"] not in named:
                hint = f"known: {', '.join(named)}" if named else "use --game GAME for named dice"
                raise _err(f"unknown die {m['name']!r} ({hint})")
            faces = list(named[m["name"]])
        if not 1 <= n <= MAX_DICE:
            raise _err(f"{term!r}: roll 1-{MAX_DICE} dice")
        out.append((sign, n, faces))
    return out


def _count_face(text: str, m: re.Match, named: dict[str, list]) -> Query:
    """Return the query 'POOL has [K] FACE': at least K (default 1) dice show FACE."""
    face, k = m["face"], int(m["k"] or 1)
    count: Dist = {0: 1}
    for sign, n, faces in _terms(m["pool"], named):
        if faces is None or sign < 0:
            raise _err(f"{text!r}: 'has FACE' counts dice: write '3 crew-red has hammer'")
        hits = sum(str(f) == face for f in faces)
        if not hits and not any(str(f) == face for fs in named.values() for f in fs):
            raise _err(f"{text!r}: no die here shows {face!r} "
                       f"(faces: {', '.join(dict.fromkeys(map(str, faces)))})")
        count = add(count, repeat({1: hits, 0: len(faces) - hits}, n))
    return Query(text, count, ">=", k, face=face)


def _fmt(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ≈ {float(p) * 100:.2f}%"


def describe(q: Query) -> str:
    """Return the answer as text: one probability, or the whole distribution table."""
    if q.kind is not None:
        n, faces = q.kind_dice
        return f"P({q.text}) = {_fmt(of_a_kind(n, faces, q.kind))}"
    if q.op is not None:
        return f"P({q.text}) = {_fmt(chance(q.dist, q.op, q.target))}"
    n = total(q.dist)
    lines = [f"{q.text}: {n} equally likely outcomes", f"{'value':>6} {'P(=)':>10} {'P(>=)':>10}"]
    at_least = n
    for v in sorted(q.dist):
        lines.append(f"{v:>6} {q.dist[v] / n * 100:>9.2f}% {at_least / n * 100:>9.2f}%")
        at_least -= q.dist[v]
    return "\n".join(lines)


@dataclass(frozen=True)
class OddsRow:
    """One line of an odds table: a target value and the chance per bonus of reaching it."""

    target: int
    chances: tuple[Fraction, ...]

    def percents(self) -> tuple[int, ...]:
        """Return the chances as whole percentages (rounded half up), for printing."""
        return tuple(int(c * 100 + Fraction(1, 2)) for c in self.chances)


def odds_rows(targets: Iterable[int], bonuses: Sequence[int] = (0, 2, 4),
              dice: int = 2, sides: int = 6) -> list[OddsRow]:
    """Return the chance that ``dice``d``sides`` + bonus meets or beats each target value.

    (A game's YAML says what the targets are: e.g. the defense values of a deck.)
    """
    dist = repeat(die(range(1, sides + 1)), dice)
    return [OddsRow(t, tuple(chance(dist, ">=", t - b) for b in bonuses)) for t in targets]
