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
from math import comb
from typing import Iterable, Sequence

from ..base.errors import user_error
from ..base.limits import (ODDS_MAX_DICE, ODDS_MAX_DIGITS, ODDS_MAX_FACES,
                           ODDS_MAX_NUMBER_DIGITS, ODDS_MAX_TERMS, ODDS_MAX_VALUES)

Dist = dict[int, int]  # value -> number of equally likely outcomes giving it
MAX_DICE, MAX_SIDES = ODDS_MAX_DICE, ODDS_MAX_FACES
_CMP = re.compile(r"(>=|<=|==|!=|=|>|<)")
_HAS = re.compile(r"^(?P<pool>.*?)\s+has\s+(?:(?P<k>[0-9]+)\s*-?\s*of\s*-?\s*a\s*-?\s*kind|"
                  r"(?P<pair>a\s+pair|pair))\s*$", re.I)
_SHOWS = re.compile(r"^(?P<pool>.*?)\s+has\s+(?:(?P<k>[0-9]+)\s+)?(?P<face>[a-z][\w-]*|[0-9]+)\s*$",
                    re.I)
# + and - join terms; a hyphen between two letters belongs to a die name (crew-red).
_JOIN = re.compile(r"\s*(\+|(?<![a-z])-|-(?![a-z]))\s*", re.I)
_TERM = re.compile(r"^(?P<n>[0-9]*)\s*(?:d(?P<s>[0-9]+)|d\{(?P<f>[^}]*)\}|(?P<name>[a-z][\w-]*))$|"
                   r"^(?P<c>[0-9]+)$", re.I)


def _err(message: str):
    return user_error("odds", 0, message)


def _number(text: str, where: str) -> int:
    """Return a whole number written in an expression; too many digits -> UserError."""
    digits = text.strip().lstrip("+-")
    if len(digits) > ODDS_MAX_NUMBER_DIGITS:
        raise _err(f"{where[:60]!r}: a number has at most {ODDS_MAX_NUMBER_DIGITS} digits "
                   f"(this one has {len(digits)})")
    return int(text)


def die(faces: Sequence[int]) -> Dist:
    """Return the distribution of one die with the given numeric faces."""
    return dict(Counter(faces))


def total(d: Dist) -> int:
    """Return the number of outcomes."""
    return sum(d.values())


def check_size(parts: Sequence[tuple[Dist, int]], text: str = "") -> None:
    """Refuse (UserError naming the limit) a sum whose distribution is too large to count.

    Worked out from the parts alone, before any counting: the values a sum of ``n`` copies of
    each part can take are at most ``1 + Σ n (max - min)``, and every count is at most the
    number of outcomes ``Π total^n``, so the exact table holds at most values x digits.
    """
    what = f"{text[:80]!r}: " if text else ""
    dice = sum(n for d, n in parts if len(d) > 1 or total(d) > 1)
    if dice > ODDS_MAX_DICE:
        raise _err(f"{what}{dice} dice; sheetgen odds counts at most {ODDS_MAX_DICE} dice "
                   f"in one expression (ODDS_MAX_DICE)")
    values = 1 + sum(n * (max(d) - min(d)) for d, n in parts)
    if values > ODDS_MAX_VALUES:
        raise _err(f"{what}the sum takes up to {values:,} values; sheetgen odds counts at most "
                   f"{ODDS_MAX_VALUES:,} (ODDS_MAX_VALUES)")
    outcomes = 1
    for d, n in parts:
        outcomes *= total(d) ** n
    digits = values * len(str(outcomes))
    if digits > ODDS_MAX_DIGITS:
        raise _err(f"{what}its exact table is {values:,} values of up to "
                   f"{len(str(outcomes)):,}-digit counts ({digits:,} digits); sheetgen odds "
                   f"counts at most {ODDS_MAX_DIGITS:,} digits (ODDS_MAX_DIGITS)")


def sum_of(parts: Sequence[tuple[Dist, int]], text: str = "") -> Dist:
    """Return the distribution of the sum of ``n`` independent copies of each ``(d, n)``.

    The size is checked first (:func:`check_size`). Counting packs each distribution into one
    integer, a count every ``width`` bytes (Kronecker substitution), so a sum is a product of
    integers, a power for ``n`` copies; a count never exceeds the number of outcomes, so
    counts never spill into their neighbours. Exact, and fast for anything accepted.
    """
    parts = [(d, n) for d, n in parts if n]
    check_size(parts, text)
    outcomes = 1
    for d, n in parts:
        outcomes *= total(d) ** n
    width = max(1, (outcomes.bit_length() + 7) // 8)
    powers, low, length = [], 0, 1
    for d, n in parts:
        lo, hi = min(d), max(d)
        dense = b"".join(d.get(v, 0).to_bytes(width, "little") for v in range(lo, hi + 1))
        powers.append(int.from_bytes(dense, "little") ** n)
        low += n * lo
        length += n * (hi - lo)
    while len(powers) > 1:  # multiply like sizes together (a product tree): fewer digit steps
        powers.sort(key=int.bit_length)
        powers = [powers[i] * powers[i + 1] if i + 1 < len(powers) else powers[i]
                  for i in range(0, len(powers), 2)]
    data = (powers[0] if powers else 1).to_bytes(width * length, "little")
    counts = (int.from_bytes(data[i:i + width], "little") for i in range(0, len(data), width))
    return {low + i: w for i, w in enumerate(counts) if w}


def add(a: Dist, b: Dist) -> Dist:
    """Return the distribution of the sum of two independent quantities (convolution)."""
    return sum_of([(a, 1), (b, 1)])


def repeat(d: Dist, n: int) -> Dist:
    """Return the distribution of the sum of ``n`` independent copies of ``d``."""
    return sum_of([(d, n)]) if n else {0: 1}


def chance(d: Dist, op: str, target: int) -> Fraction:
    """Return the exact probability that the value ``op target`` holds."""
    test = {"=": int.__eq__, "==": int.__eq__, "!=": int.__ne__, ">=": int.__ge__,
            "<=": int.__le__, ">": int.__gt__, "<": int.__lt__}[op]
    return Fraction(sum(w for v, w in d.items() if test(v, target)), total(d))


def of_a_kind(n: int, faces: Sequence, k: int) -> Fraction:
    """Return the chance that ``n`` dice with these faces show some value ``k`` or more times.

    Counts the complement exactly: the rolls where every value shows fewer than ``k`` times
    are n! [x^n] Π_v Σ_{j<k} (w_v x)^j / j!, w_v the faces showing v. Worked in integers as
    exponential generating functions (coefficient j stands for (...) x^j / j!, so a product
    takes binomials), cut at degree n, values of the same weight taken as one power.
    """
    binomials = [[comb(m, j) for j in range(m + 1)] for m in range(n + 1)]

    def times(a: list[int], b: list[int]) -> list[int]:
        out = []
        for m in range(min(n, len(a) + len(b) - 2) + 1):
            row = binomials[m]
            out.append(sum(row[j] * a[j] * b[m - j]
                           for j in range(max(0, m - len(b) + 1), min(m, len(a) - 1) + 1)))
        return out

    below = [1]
    for w, values in Counter(Counter(faces).values()).items():
        base, power = [w ** j for j in range(min(k, n + 1))], values
        while power:
            if power & 1:
                below = times(below, base)
            power >>= 1
            if power:
                base = times(base, base)
    count = below[n] if n < len(below) else 0
    return 1 - Fraction(count, len(faces) ** n)


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
        k = 2 if m["pair"] else _number(m["k"], text)
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
    sums: list[tuple[Dist, int]] = []
    for sign, n, faces in _terms(parts[0], named):
        if faces is None:
            sums.append(({sign * n: 1}, 1))
        else:
            if not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
                raise _err(f"{text!r}: dice with symbol faces cannot be summed; count a "
                           f"face instead, e.g. '2 crew-red has hammer'")
            sums.append((die([sign * f for f in faces]), n))
    target = parts[2].strip() if len(parts) == 3 else None
    if target is not None and not re.fullmatch(r"[-+]?[0-9]+", target):
        raise _err(f"{text!r}: compare with a whole number, e.g. '>= 9', not {target[:40]!r}")
    target_value = None if target is None else _number(target, text)
    dist = sum_of(sums, text)
    if target is None:
        return Query(text, dist)
    return Query(text, dist, parts[1], target_value)


def _terms(text: str, named: dict[str, list]) -> list[tuple[int, int, list | None]]:
    """Return (sign, count, faces or None for a constant) for each ``+``/``-`` term."""
    pieces = _JOIN.split(text.strip())
    if pieces and pieces[0] == "":
        pieces = pieces[1:]
    else:
        pieces = ["+", *pieces]
    if len(pieces) // 2 > ODDS_MAX_TERMS:
        raise _err(f"{text[:60]!r}...: {len(pieces) // 2:,} terms; sheetgen odds takes at most "
                   f"{ODDS_MAX_TERMS:,} (ODDS_MAX_TERMS)")
    if len(pieces) % 2 or any(p == "" for p in pieces):
        raise _err(f"{text[:80]!r}: expected terms joined by + or -, e.g. '2d6+2'")
    out = []
    for sign_text, term in zip(pieces[0::2], pieces[1::2]):
        sign = -1 if sign_text == "-" else 1
        m = _TERM.match(term)
        if not m:
            raise _err(f"{term!r} is not a dice term: write 2d6, d8, 3d{{0,1,2}} or a number")
        if m["c"] is not None:
            out.append((sign, _number(m["c"], term), None))
            continue
        n = _number(m["n"] or "1", term)
        if m["s"]:
            sides = _number(m["s"], term)
            if not 1 <= sides <= MAX_SIDES:
                raise _err(f"{term!r}: a die needs 1-{MAX_SIDES} sides")
            faces: list = list(range(1, sides + 1))
        elif m["f"] is not None:
            listed = m["f"].split(",")
            if len(listed) > MAX_SIDES:
                raise _err(f"{term[:40]!r}...: a die has at most {MAX_SIDES} faces")
            if not all(re.fullmatch(r"\s*[-+]?[0-9]+\s*", x) for x in listed):
                raise _err(f"{term[:60]!r}: faces in braces must be whole numbers")
            faces = [_number(x, term) for x in listed]
        else:
            if m["name"] not in named:
                hint = f"known: {', '.join(named)}" if named else "use --game GAME for named dice"
                raise _err(f"unknown die {m['name']!r} ({hint})")
            faces = list(named[m["name"]])
            if len(faces) > MAX_SIDES:
                raise _err(f"{term!r}: a die has at most {MAX_SIDES} faces")
        if not 1 <= n <= MAX_DICE:
            raise _err(f"{term!r}: roll 1-{MAX_DICE} dice")
        out.append((sign, n, faces))
    return out


def _count_face(text: str, m: re.Match, named: dict[str, list]) -> Query:
    """Return the query 'POOL has [K] FACE': at least K (default 1) dice show FACE."""
    face, k = m["face"], _number(m["k"] or "1", text)
    counts: list[tuple[Dist, int]] = []
    for sign, n, faces in _terms(m["pool"], named):
        if faces is None or sign < 0:
            raise _err(f"{text!r}: 'has FACE' counts dice: write '3 crew-red has hammer'")
        hits = sum(str(f) == face for f in faces)
        if not hits and not any(str(f) == face for fs in named.values() for f in fs):
            raise _err(f"{text!r}: no die here shows {face!r} "
                       f"(faces: {', '.join(dict.fromkeys(map(str, faces)))})")
        counts.append(({1: hits, 0: len(faces) - hits}, n))
    return Query(text, sum_of(counts, text), ">=", k, face=face)


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
