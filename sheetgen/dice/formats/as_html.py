"""One self-contained HTML page (no network) for the table: dice drawn as dice, one tap a round.

Every die is an inline SVG in its colour: pips for faces 1-6 of a numeric die, the number
for other numbers, the project's icon for a symbol face (its name when there is none).
Each (die, face) picture is defined once as a ``<symbol>`` and used by reference, which
keeps a thousand-dice script small. Rounds are hidden; a big button reveals the next step
(a round, or the part of a round after a pause line), and the seed only after the last.
A seat selector shows the table's events and one seat's. The whole script also travels as
JSON in ``<script type="application/json" id="dice-script">`` for programs. It hides the
future from a glance, not from someone reading the page source.
"""

from __future__ import annotations

import json
from html import escape

from ..faces import BLANK, PIPS, face_key, ink_for
from ..script import BY_RULES, Event, Roll, Script
from .lines import (
    event_lines,
    header_lines,
    join_items,
    seat_name,
    section_heading,
    section_parts,
    summary_lines,
)

ICON_CREDIT = "Icons: game-icons.net (Lorc, Delapouite and others), CC BY 3.0"

STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:.8em .8em 6em;
max-width:40em;background:#faf7f0;color:#222;line-height:1.35;font-size:17px}
h1{font-size:1.25em;margin:.2em 0}
.meta{font-size:.75em;color:#555;word-break:break-all}
.step{background:#fff;border:1px solid #d9d2c0;border-radius:10px;padding:.5em .8em;margin:.7em 0}
.step h2{font-size:1.1em;margin:.2em 0 .5em}
.ev{margin:.45em 0}
.lbl{font-weight:600}
.line{white-space:pre-wrap;font-size:.95em}
.pause{background:#7a2e1d;color:#fff;border-radius:6px;padding:.4em .6em;font-weight:600}
.note{font-size:.85em;color:#555}
.roll{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:.25em 0}
.idx{min-width:1.4em;color:#777;font-size:.9em}
.die{width:46px;height:46px}
.thrown .die{width:30px;height:30px;opacity:.55}
.thrown{display:inline-flex;gap:3px;align-items:center}
.arrow{color:#999;font-size:.8em}
.total{font-weight:700;font-size:1.15em;margin-left:.2em}
.bar{position:fixed;left:0;right:0;bottom:0;background:#faf7f0ee;padding:.5em .8em;
border-top:1px solid #d9d2c0;display:flex;gap:.5em;max-width:40em;margin:auto}
button{flex:1;font-size:1.15em;padding:.8em;border-radius:10px;border:0;background:#7a2e1d;
color:#fff}
button[disabled]{background:#aaa}
select{font-size:1em;padding:.5em;border-radius:8px}
.credit{font-size:.7em;color:#777;margin-top:2em}
"""

SCRIPT = """
(function(){
  var steps=[].slice.call(document.querySelectorAll('.step[hidden]'));
  var next=0, btn=document.getElementById('next'), pick=document.getElementById('seat');
  function label(){
    if(next>=steps.length){btn.disabled=true;btn.textContent='All revealed';return;}
    btn.textContent='Reveal: '+steps[next].getAttribute('data-title');
  }
  function view(){
    var seat=pick.value;
    [].forEach.call(document.querySelectorAll('[data-seat]'),function(el){
      var s=el.getAttribute('data-seat');
      el.style.display=(seat==='all'||s==='0'||s===seat)?'':'none';
    });
  }
  btn.addEventListener('click',function(){
    if(next<steps.length){steps[next].hidden=false;steps[next].scrollIntoView();next++;}
    label();
  });
  pick.addEventListener('change',view);
  label();view();
})();
"""


def _symbol_id(die: str, face) -> str:
    return f"d-{die}-{face}".replace(" ", "_")


def _face_art(die: str, face, numeric: bool, ink: str, script: Script) -> str:
    """Return the SVG inside a 100 x 100 die for one face (nothing for a blank face)."""
    if numeric and isinstance(face, int) and face in PIPS:
        return "".join(f'<circle cx="{x}" cy="{y}" r="9" fill="{ink}"/>' for x, y in PIPS[face])
    icon = script.icons.get(face_key(die, face))
    if icon is not None:
        x0, y0, w, h = (float(v) for v in icon.viewbox.split())
        scale = 66 / max(w, h)
        rule = "evenodd" if icon.evenodd else "nonzero"
        body = f'<path d="{escape(icon.fill)}" fill-rule="{rule}"/>' if icon.fill else ""
        body += "".join(f'<path d="{escape(line.d)}" fill="none" stroke="{ink}" '
                        f'stroke-width="{line.width:g}" stroke-linecap="{line.cap}" '
                        f'stroke-linejoin="{line.join}"/>' for line in icon.lines)
        return (f'<g fill="{ink}" transform="translate(17 17) scale({scale:.6f}) '
                f'translate({-x0:g} {-y0:g})">{body}</g>')
    if face == BLANK and icon is None:
        return ""
    text = str(face)
    size = 46 if len(text) <= 2 else max(14, 120 // len(text))
    return (f'<text x="50" y="50" dy=".35em" text-anchor="middle" font-size="{size}" '
            f'font-weight="700" font-family="system-ui,sans-serif" fill="{ink}">'
            f"{escape(text)}</text>")


def _symbols(script: Script) -> str:
    """Return one ``<symbol>`` per (die, face) of the script's dice."""
    out = []
    for die, info in script.dice.items():
        numeric = all(isinstance(f, int) for f in info.faces)
        ink = ink_for(info.colour)
        for face in dict.fromkeys(info.faces):
            out.append(f'<symbol id="{escape(_symbol_id(die, face))}" viewBox="0 0 100 100">'
                       f'<rect x="3" y="3" width="94" height="94" rx="17" '
                       f'fill="{info.colour}" stroke="#333" stroke-width="3"/>'
                       f"{_face_art(die, face, numeric, ink, script)}</symbol>")
    return ('<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{''.join(out)}</defs></svg>")


def _die(die: str, face, script: Script) -> str:
    name = script.dice[die].name
    return (f'<svg class="die" role="img" aria-label="{escape(f"{name}: {face}")}" '
            f'data-die="{escape(die)}" data-face="{escape(str(face))}">'
            f'<use href="#{escape(_symbol_id(die, face))}"/></svg>')


def _roll(roll: Roll, script: Script, numbered: bool, name: str = "") -> str:
    parts = [f'<span class="idx">{roll.index}.</span>'] if numbered else []
    if name:  # the card this roll belongs to (per_card)
        parts.append(f'<span class="idx">{escape(name)}:</span>')
    for attempt in roll.rerolled:  # thrown-away attempts first, in the order they happened
        dice = "".join(_die(d, f, script) for d, f in zip(roll.dice, attempt))
        parts.append(f'<span class="thrown" data-thrown="1">{dice}'
                     f'<span class="arrow">re-rolled &rarr;</span></span>')
    parts.append("".join(_die(d, f, script) for d, f in zip(roll.dice, roll.faces)))
    if roll.total is not None and len(roll.faces) > 1:
        parts.append(f'<span class="total">= {roll.total}</span>')
    return f'<div class="roll" data-index="{roll.index}">{"".join(parts)}</div>'


def _event(event: Event, script: Script) -> str:
    """Return one event's HTML, marked with its seat (groups carry their own seats)."""
    note = f'<div class="note">{escape(event.note)}</div>' if event.note else ""
    if event.kind == "pause":
        return f'<div class="ev pause" data-seat="0">{escape(event.label)}</div>{note}'
    if event.kind == "roll":
        who = f"{seat_name(event.seat)}: " if event.seat else ""
        names = event.items or [""] * len(event.rolls)
        rolls = "".join(_roll(r, script, len(event.rolls) > 1, n)
                        for r, n in zip(event.rolls, names))
        return (f'<div class="ev" data-seat="{event.seat}" data-event="{escape(event.id)}">'
                f'<div class="lbl">{escape(who + event.label)}</div>{rolls}{note}</div>')
    if event.kind == "deal":
        hands = "".join(f'<div class="line" data-seat="{g.seat}">{escape(g.name)}: '
                        f"{escape(join_items(g.items) or '-')}</div>" for g in event.groups)
        return (f'<div class="ev" data-seat="0" data-event="{escape(event.id)}">'
                f'<div class="lbl">{escape(event.label)}</div>{hands}{note}</div>')
    lines = event_lines(event, script)
    body = "".join(f'<div class="line">{escape(ln)}</div>' for ln in lines[1:])
    return (f'<div class="ev" data-seat="0" data-event="{escape(event.id)}">'
            f'<div class="lbl">{escape(lines[0])}</div>{body}</div>')


def _steps(script: Script) -> list[tuple[str, str, str, bool]]:
    """Return (title, button label, html, hidden) per step: setup shown, rounds split at
    their pauses."""
    out = []
    for section in script.sections:
        if not section.events and section.number == 0:
            continue
        title = section_heading(section, script)
        short = section.title.replace(f" ({BY_RULES})", "")
        for k, events in enumerate(section_parts(section)):
            name = title if k == 0 else f"{short}, continued"
            html = "".join(_event(e, script) for e in events) or "(nothing to roll)"
            out.append((name, short if k == 0 else name, html, section.number != 0))
    return out


def _block(title: str, button: str, html: str, hidden: bool, number: int | None = None) -> str:
    attr = " hidden" if hidden else ""
    num = "" if number is None else f' data-step="{number}"'
    return (f'<section class="step" data-title="{escape(button)}"{num}{attr}>'
            f"<h2>{escape(title)}</h2>{html}</section>")


def render(script: Script) -> str:
    """Return the HTML page: header and setup visible, rounds and seed behind a button."""
    head = header_lines(script)
    blocks = [_block(t, b, h, hidden, n) for n, (t, b, h, hidden) in enumerate(_steps(script))]
    summary = "".join(f'<div class="line">{escape(ln)}</div>'
                      for ln in summary_lines(script, 20)) or "no dice"
    blocks.append(_block("Dice summary", "Dice summary", summary, True))
    blocks.append(_block("Seed (revealed at the end)", "the seed",
                         f'<div class="line" id="seed">{escape(script.seed)}</div>'
                         '<div class="note">Check: SHA-256 of the secret must equal the '
                         "commitment above.</div>", True))
    seats = "".join(f'<option value="{s}">{seat_name(s)} only</option>'
                    for s in range(1, script.players + 1))
    data = json.dumps(script.to_dict(), sort_keys=True, ensure_ascii=True).replace("</", "<\\/")
    credit = f'<div class="credit">{ICON_CREDIT}</div>' if script.icons else ""
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(head[0])}</title><style>{STYLE}</style></head><body>",
        _symbols(script),
        f"<h1>{escape(head[0])}</h1>",
        f'<div class="meta">{"<br>".join(escape(x) for x in head[1:])}</div>',
        f'<p><label>Show: <select id="seat"><option value="all">Whole table</option>{seats}'
        "</select></label></p>",
        *blocks, credit,
        '<div class="bar"><button id="next" type="button">Reveal the next round</button></div>',
        f'<script type="application/json" id="dice-script">{data}</script>',
        f"<script>{SCRIPT}</script></body></html>\n",
    ])
