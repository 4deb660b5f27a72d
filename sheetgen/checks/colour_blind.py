"""Colours that carry meaning must stay apart for colour-blind players, or be marked otherwise.

A component declares its meaning-carrying colours in groups (``meaning_colors:``), each colour
with what else tells it apart (a letter, a shape, a pattern; empty when colour alone does)::

    meaning_colors:
      level:                       # Raid levels: band and back colour
        level-i: numeral I         # also printed as I, II, III on the band
        level-ii: numeral II
        level-iii: numeral III

Each pair of a group is simulated for protanopia, deuteranopia and tritanopia (Machado et al.
2009, full severity). Two colours are indistinguishable when their CIEDE2000 difference under a
simulation is below ``MIN_DELTA_E`` (10: clearly different at a glance on small printed areas;
2.3 is a just-noticeable difference side by side). Such a pair fails unless both colours carry
another mark.
"""

from __future__ import annotations

from itertools import combinations

from ..fill.colors import parse_color
from .colour import delta_e2000, simulate

MIN_DELTA_E = 10.0
SIMULATIONS = {"protan": "protanopia", "deutan": "deuteranopia", "tritan": "tritanopia"}


def check_groups(groups: dict[str, dict[str, str | None]], names: dict[str, str]):
    """Yield (group, message) for every pair of a group that colour-blind players confuse.

    ``names`` are the game's extra colour names. Unknown colours raise ValueError.
    """
    for group, entries in groups.items():
        rgb = {name: parse_color(name, names) for name in entries}
        for (a, rgb_a), (b, rgb_b) in combinations(rgb.items(), 2):
            if entries[a] and entries[b]:
                continue  # both also carry a letter, shape or pattern
            for kind, condition in SIMULATIONS.items():
                delta = delta_e2000(simulate(rgb_a, kind), simulate(rgb_b, kind))
                if delta < MIN_DELTA_E:
                    unmarked = " and ".join(n for n in (a, b) if not entries[n])
                    yield group, (
                        f"meaning colours {group!r}: {a} and {b} differ by ΔE00 {delta:.1f} "
                        f"under {condition} (minimum {MIN_DELTA_E:g}); change one, or give "
                        f"{unmarked} a letter, shape or pattern and name it here "
                        f"({a}: \"letter A\")")
                    break
