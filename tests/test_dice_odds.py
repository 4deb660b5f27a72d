"""Exact odds against brute-force enumeration, and the Roll & Raid odds card rows."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from sheetgen.dice.odds import (chance, describe, of_a_kind, parse, odds_rows, repeat,
                                die)
from sheetgen.base.errors import UserError


def brute(n, faces, test):
    outcomes = list(itertools.product(faces, repeat=n))
    return Fraction(sum(1 for o in outcomes if test(o)), len(outcomes))


@pytest.mark.parametrize("n,faces,k", [(4, range(1, 7), 3), (3, range(1, 7), 3),
                                       (5, range(1, 7), 2), (6, range(1, 7), 4),
                                       (4, (0, 1, 1, 2, 2, 3), 3), (5, (1, 2, 3), 3)])
def test_of_a_kind_matches_enumeration(n, faces, k):
    want = brute(n, faces, lambda o: max(o.count(x) for x in o) >= k)
    assert of_a_kind(n, list(faces), k) == want


@pytest.mark.parametrize("expr,n,faces,test", [
    ("2d6+2 >= 9", 2, range(1, 7), lambda o: sum(o) + 2 >= 9),
    ("3d6 - 1 < 8", 3, range(1, 7), lambda o: sum(o) - 1 < 8),
    ("3d{0,1,1,2,2,3} >= 5", 3, (0, 1, 1, 2, 2, 3), lambda o: sum(o) >= 5),
    ("d20 = 20", 1, range(1, 21), lambda o: o[0] == 20),
])
def test_sums_match_enumeration(expr, n, faces, test):
    q = parse(expr)
    assert chance(q.dist, q.op, q.target) == brute(n, faces, test)


def test_mixed_terms_and_distribution_total():
    q = parse("d6 + d8 - 2")
    assert sum(q.dist.values()) == 48 and min(q.dist) == 0 and max(q.dist) == 12
    assert "48 equally likely outcomes" in describe(q)
    assert parse("4d6 has 3-of-a-kind").kind == 3 and parse("5d6 has a pair").kind == 2


def test_odds_rows():
    rows = odds_rows(range(2, 15), bonuses=(0, 2, 4))
    two_d6 = repeat(die(range(1, 7)), 2)
    for row in rows:
        assert row.chances == tuple(chance(two_d6, ">=", row.target - b) for b in (0, 2, 4))
        assert row.chances[0] <= row.chances[1] <= row.chances[2]
    by = {r.target: r for r in rows}
    assert by[7].chances[0] == Fraction(7, 12) and by[7].percents() == (58, 83, 97)
    assert by[12].chances == (Fraction(1, 36), Fraction(1, 6), Fraction(5, 12))
    assert by[14].chances[0] == 0 and by[2].chances[0] == 1


@pytest.mark.parametrize("bad", ["", "2d6 >= 9 >= 3", "2d0", "0d6", "2d6 has 1-of-a-kind",
                                 "d{a,b} >= 1", "2d6 + + 3"])
def test_malformed_expressions_are_user_errors(bad):
    with pytest.raises(UserError):
        parse(bad)


def test_named_dice_with_hyphens_and_face_counts_match_enumeration():
    from itertools import product

    named = {"crew-red": ["hammer", "hammer", "two-hammers", "two-hammers", "shield", "ship"],
             "crew-blue": ["ship", "ship", "hammer", "two-hammers", "shield", "chest"],
             "d6": [1, 2, 3, 4, 5, 6]}
    q = parse("crew-red + 2 crew-blue has 2 ship", named)
    dice = [named["crew-red"], named["crew-blue"], named["crew-blue"]]
    outcomes = list(product(*dice))
    want = Fraction(sum(r.count("ship") >= 2 for r in outcomes), len(outcomes))
    assert chance(q.dist, q.op, q.target) == want == Fraction(5, 27)
    q = parse("2d6-1 >= 7", named)  # a minus between a digit and a number still subtracts
    assert chance(q.dist, q.op, q.target) == Fraction(15, 36)
    with pytest.raises(UserError, match="count a face instead"):
        parse("1 crew-red >= 1", named)
    with pytest.raises(UserError, match="no die here shows 'axe'"):
        parse("2 crew-red has axe", named)
