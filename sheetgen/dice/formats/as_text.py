"""Plain-text script for the terminal."""

from __future__ import annotations

from ..script import Script
from .lines import event_lines, header_lines, section_heading, summary_lines


def render(script: Script) -> str:
    """Return the whole script as text: header, setup, rounds, summary, revealed seed."""
    out = header_lines(script)
    for section in script.sections:
        if not section.events and section.number == 0:
            continue
        out += ["", f"== {section_heading(section, script)} =="]
        for event in section.events:
            out += event_lines(event, script)
    if script.dice:
        out += ["", "== Dice summary (every die in the script, re-rolls included) =="]
        out += summary_lines(script)
    out += ["", f"seed (revealed): {script.seed}", ""]
    return "\n".join(out)
