"""Human-readable lines for script events, shared by the text, HTML and PDF writers."""

from __future__ import annotations

from ...load.chrome import chrome_in
from ..script import FACE_UP, Event, Roll, Script

ARROW = "\u2192"  # between a thrown-away attempt and the next: a glyph of the sheet's body font


def seat_name(seat: int, language: str | None = None) -> str:
    """Return ``'Table'`` for seat 0, else ``'Seat N'`` (in an edition's ``language``)."""
    return chrome_in(language, "Table") if seat == 0 else chrome_in(language, "Seat {n}",
                                                                    n=seat)


def roll_parts(roll: Roll, script: Script) -> tuple[str, int | None]:
    """Return one roll's faces (``4 2 6``, symbols by name, thrown-away attempts first) and
    its total, None when it has none worth printing (a single die)."""
    def faces(attempt: list) -> str:
        if len(set(roll.dice)) == 1:
            return " ".join(str(f) for f in attempt)
        return ", ".join(f"{script.dice[d].short} {f}" for d, f in zip(roll.dice, attempt))

    # In the order they happen: each thrown-away attempt, then the roll that stands.
    again = chrome_in(script.language, "re-rolled")
    text = "".join(f"{faces(a)} {ARROW} {again} {ARROW} " for a in roll.rerolled) + faces(
        roll.faces)
    return text, (roll.total if roll.total is not None and len(roll.faces) > 1 else None)


def roll_text(roll: Roll, script: Script) -> str:
    """Return one roll as ``4 2 6`` (symbols by name), its total and thrown-away attempts."""
    text, total = roll_parts(roll, script)
    return text if total is None else f"{text} = {total}"


def event_lines(event: Event, script: Script) -> list[str]:
    """Return the lines that show one event: a heading line, then details."""
    lang = script.language
    who = ("" if event.seat == 0 or event.kind == "first-player"
           else f"{seat_name(event.seat, lang)}: ")
    note = [f"  ({event.note})"] if event.note else []
    if event.kind == "pause":
        return [f"-- {event.label} --", *note]
    if event.kind == "roll":
        if len(event.rolls) == 1:
            return [f"{who}{event.label}: {roll_text(event.rolls[0], script)}", *note]
        names = [f"{n}: " for n in event.items] or [""] * len(event.rolls)
        return [f"{who}{event.label}:", *packed([f"{r.index}. {name}{roll_text(r, script)}"
                                                  for r, name in zip(event.rolls, names)])] + note
    if event.kind == "first-player":
        return [f"{event.label}: {seat_name(event.seat, lang)}", *note]
    out = [f"{event.label}:"]
    groups = [f"  {chrome_in(lang, group.name)}: {join_items(group.items) or '-'}"
              for group in event.groups]
    if event.kind == "shuffle" and event.items:
        # in reading order: the cards face up (the top of the deck), the whole order, then
        # the cards set aside after them (reserves)
        up = 1 if event.groups and event.groups[0].name == FACE_UP else 0
        order = join_items([f"{i}. {c}" for i, c in enumerate(event.items, 1)])
        return (out + groups[:up] + [f"  {chrome_in(lang, 'order')}: {order}"] + groups[up:]
                + note)
    out += groups
    if event.kind == "teams":
        out.append(f"  {chrome_in(lang, 'draft order')}: " + join_items(event.items))
    return out + note


def packed(entries: list[str], width: int = 76) -> list[str]:
    """Return indented lines holding the entries in order, several to a line when they are
    short (a pool of 2d6 rolls), one to a line when they are long."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 4 + len(entry) <= width:
            lines[-1] += "    " + entry
        else:
            lines.append("  " + entry)
    return lines


def join_items(items: list[str]) -> str:
    """Return items joined by ``", "``, or by ``"; "`` when an item has a comma of its own
    (``1 Crew die, colour of your choice, rolled``), so the list still reads unambiguously."""
    return ("; " if any("," in item for item in items) else ", ").join(items)


def section_parts(section) -> list[list[Event]]:
    """Return a section's events split before each pause (a pause opens the next part)."""
    parts: list[list[Event]] = [[]]
    for ev in section.events:
        if ev.kind == "pause" and parts[-1]:
            parts.append([])
        parts[-1].append(ev)
    return parts


def section_heading(section, script: Script) -> str:
    """Return a section's title with its first player, when the game has one."""
    if section.first_player:
        first = seat_name(section.first_player, script.language)
        return f"{section.title} ({chrome_in(script.language, 'first player')}: {first})"
    return section.title


def title_lines(script: Script) -> list[str]:
    """Return the lines that name the sheet: game, players, dice mode, game mode."""
    lang = script.language
    mode = chrome_in(lang, ", balanced dice decks") if script.balanced else ""
    players = chrome_in(lang, "{n} player" if script.players == 1 else "{n} players",
                        n=script.players)
    return [
        chrome_in(lang, "{game}: roll sheet for {players}{mode}", game=script.game_name,
                  players=players, mode=mode),
        *([chrome_in(lang, "Game mode: {note}", note=script.mode_note)]
          if script.variant else []),
    ]


def check_lines(script: Script) -> list[str]:
    """Return the lines a table checks a shared script by: version, commitment, digest."""
    lang = script.language
    return [
        chrome_in(lang, "algorithm {algorithm}", algorithm=script.algorithm),
        chrome_in(lang, "seed commitment (SHA-256 of the secret): {commitment}",
                  commitment=script.commitment),
        chrome_in(lang, "script digest: {digest}", digest=script.digest),
    ]


def header_lines(script: Script) -> list[str]:
    """Return the lines every printout starts with: game, players, version, commitment, digest."""
    return title_lines(script) + check_lines(script)


def summary_lines(script: Script, width: int = 30) -> list[str]:
    """Return each die's face counts with a bar histogram and the fair expectation."""
    out = []
    lang = script.language
    for die, info in script.summary().items():
        name = script.dice[die].name
        out.append(chrome_in(lang, "{name}: {rolls} rolled", name=name, rolls=info["rolls"]))
        top = max(info["faces"].values()) or 1
        for face, count in info["faces"].items():
            bar = "#" * round(width * count / top)
            fair = chrome_in(lang, "(fair {expected})", expected=f"{info['expected'][face]:g}")
            out.append(f"  {face:>12} {count:>5} {fair} {bar}")
    return out
