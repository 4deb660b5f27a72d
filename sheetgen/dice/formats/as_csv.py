"""CSV script for programs: one row per die rolled and per card placed."""

from __future__ import annotations

import csv
import io

from ..script import Script

COLUMNS = ["round", "seat", "event", "kind", "entry", "attempt", "final", "position", "group",
           "die", "value"]


def rows(script: Script) -> list[list]:
    """Return rows: meta (key in group), each die with roll and attempt, each card placed."""
    out: list[list] = [[0, 0, "script", "meta", "", "", "", "", key, "", value]
                       for key, value in (("algorithm", script.algorithm), ("game", script.game),
                                          ("players", script.players),
                                          ("commitment", script.commitment),
                                          ("digest", script.digest))]
    for section in script.sections:
        r = section.number
        for ev in section.events:
            for roll in ev.rolls:
                attempts = [*roll.rerolled, roll.faces]
                for a, faces in enumerate(attempts, 1):
                    final = int(a == len(attempts))
                    for pos, (die, face) in enumerate(zip(roll.dice, faces), 1):
                        out.append([r, ev.seat, ev.id, ev.kind, roll.index, a, final, pos, "",
                                    die, face])
            for group in ev.groups:
                for pos, item in enumerate(group.items, 1):
                    out.append([r, group.seat or ev.seat, ev.id, ev.kind, "", "", "", pos,
                                group.name, "", item])
            for pos, item in enumerate(ev.items, 1):
                out.append([r, ev.seat, ev.id, ev.kind, "", "", "", pos, "order", "", item])
    return out


def render(script: Script) -> str:
    """Return the CSV text: a header row, then meta rows (algorithm, digest...) and data."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(rows(script))
    return buf.getvalue()
