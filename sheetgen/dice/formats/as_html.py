"""One self-contained HTML file (no network) that reveals the script one round at a time.

Rounds are rendered here in Python (the same lines as the text script) and hidden; a few
lines of JavaScript reveal the next one, and the seed only after the last. The whole script
also travels as JSON in ``<script type="application/json" id="dice-script">`` for programs.
It hides future rounds from a glance, not from someone reading the page source.
"""

from __future__ import annotations

import json
from html import escape

from ..script import Script
from .lines import event_lines, header_lines, section_heading, summary_lines

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:1em;
max-width:44em;margin:auto;background:#faf7f0;color:#222;line-height:1.4}
h1{font-size:1.3em;margin:.2em 0}
.meta{font-size:.8em;color:#555;word-break:break-all}
section{background:#fff;border:1px solid #d9d2c0;border-radius:8px;padding:.6em .9em;
margin:.8em 0}
section h2{font-size:1.05em;margin:.2em 0 .4em}
pre{white-space:pre-wrap;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;
margin:0}
button{font-size:1.1em;padding:.7em 1em;border-radius:8px;border:0;background:#7a2e1d;
color:#fff;width:100%;margin:.4em 0}
button[disabled]{background:#aaa}
.swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #555;border-radius:2px;
vertical-align:middle;margin-right:.3em}
"""

SCRIPT = """
(function(){
  var parts=[].slice.call(document.querySelectorAll('.step'));
  var next=0, btn=document.getElementById('next');
  function label(){
    if(next>=parts.length){btn.disabled=true;btn.textContent='All revealed';return;}
    btn.textContent='Reveal: '+parts[next].getAttribute('data-title');
  }
  btn.addEventListener('click',function(){
    if(next<parts.length){parts[next].hidden=false;parts[next].scrollIntoView();next++;}
    label();
  });
  label();
})();
"""


def _block(title: str, lines: list[str], css_class: str = "step", hidden: bool = True) -> str:
    body = escape("\n".join(lines))
    attr = " hidden" if hidden else ""
    return (f'<section class="{css_class}" data-title="{escape(title)}"{attr}>'
            f"<h2>{escape(title)}</h2><pre>{body}</pre></section>")


def render(script: Script) -> str:
    """Return the HTML page: header and setup visible, rounds and seed behind a button."""
    head = header_lines(script)
    dice = "".join(
        f'<div><span class="swatch" style="background:{escape(d.colour)}"></span>'
        f"{escape(d.name)}: {escape(', '.join(str(f) for f in d.faces))}</div>"
        for d in script.dice.values())
    parts = []
    for section in script.sections:
        if not section.events and section.number == 0:
            continue
        lines = [line for ev in section.events for line in event_lines(ev, script)]
        title = section_heading(section, script)
        parts.append(_block(title, lines or ["(nothing to roll)"], "setup" if section.number == 0
                            else "step", hidden=section.number != 0))
    parts.append(_block("Dice summary", summary_lines(script, 20) or ["no dice"]))
    parts.append(_block("Seed (revealed at the end)", [script.seed, "",
                        "Check: SHA-256 of the secret must equal the commitment above."]))
    data = json.dumps(script.to_dict(), sort_keys=True, ensure_ascii=True).replace("</", "<\\/")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{escape(head[0])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(head[0])}</h1>",
        f'<div class="meta">{"<br>".join(escape(x) for x in head[1:])}</div>',
        f'<details><summary>Dice</summary>{dice}</details>',
        *parts,
        '<button id="next" type="button">Reveal the next round</button>',
        f'<script type="application/json" id="dice-script">{data}</script>',
        f"<script>{SCRIPT}</script></body></html>\n",
    ])
