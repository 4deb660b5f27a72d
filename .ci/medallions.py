"""Write the medallion pieces of ``templates/art/medallions/`` from its ``sources.txt``.

A medallion is a heraldic roundel: a dark rim, a gold band carrying a name cut in runes (Elder
Futhark, transliterated letter by letter) between two rows of rivets, and a field in one colour
with a game-icons.net silhouette (``templates/icons/<icon>.svg``) in pale gold on it. Each line
of ``sources.txt`` is::

    our-name = icon field-colour (hex, no #) NAME IN LETTERS
    our-name = icon stone -        (a carved stone: the icon cut into shaded granite)

Run ``python .ci/medallions.py`` after changing the list: it writes one SVG per line, deletes the
folder's SVGs no longer listed, writes ``CREDITS.md`` and checks that sheetgen draws every piece
without a warning. Same list, same files.
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vendor_art import keep_only_drawable  # noqa: E402 - .ci/, beside this script

FOLDER = ROOT / "templates/art/medallions"

# Elder Futhark runes as strokes in a box 1 wide and 2 tall (y down)
RUNES = {
    "f": [[(0.2, 0), (0.2, 2)], [(0.2, 0.55), (0.85, 0.05)], [(0.2, 1.05), (0.85, 0.55)]],
    "u": [[(0.2, 2), (0.2, 0), (0.85, 0.6), (0.85, 2)]],
    "th": [[(0.2, 0), (0.2, 2)], [(0.2, 0.55), (0.8, 1.0), (0.2, 1.45)]],
    "a": [[(0.2, 0), (0.2, 2)], [(0.2, 0.05), (0.85, 0.55)], [(0.2, 0.6), (0.85, 1.1)]],
    "r": [[(0.2, 2), (0.2, 0), (0.8, 0.5), (0.2, 1.0), (0.85, 2)]],
    "k": [[(0.85, 0.45), (0.25, 1.0), (0.85, 1.55)]],
    "g": [[(0.1, 0.25), (0.9, 1.75)], [(0.9, 0.25), (0.1, 1.75)]],
    "w": [[(0.2, 2), (0.2, 0), (0.8, 0.45), (0.2, 0.9)]],
    "h": [[(0.15, 0), (0.15, 2)], [(0.85, 0), (0.85, 2)], [(0.15, 0.7), (0.85, 1.3)]],
    "n": [[(0.5, 0), (0.5, 2)], [(0.2, 0.7), (0.8, 1.3)]],
    "i": [[(0.5, 0), (0.5, 2)]],
    "j": [[(0.5, 0.25), (0.15, 0.65), (0.5, 1.05)], [(0.5, 0.95), (0.85, 1.35), (0.5, 1.75)]],
    "s": [[(0.8, 0.1), (0.2, 0.8), (0.8, 1.2), (0.2, 1.9)]],
    "t": [[(0.5, 0), (0.5, 2)], [(0.1, 0.5), (0.5, 0.05), (0.9, 0.5)]],
    "b": [[(0.2, 0), (0.2, 2)], [(0.2, 0), (0.8, 0.5), (0.2, 1.0), (0.8, 1.5), (0.2, 2)]],
    "e": [[(0.15, 2), (0.15, 0), (0.5, 0.6), (0.85, 0), (0.85, 2)]],
    "m": [[(0.15, 0), (0.15, 2)], [(0.85, 0), (0.85, 2)], [(0.15, 0.05), (0.85, 0.8)],
          [(0.85, 0.05), (0.15, 0.8)]],
    "l": [[(0.2, 0), (0.2, 2)], [(0.2, 0.05), (0.8, 0.55)]],
    "o": [[(0.1, 2), (0.8, 0.95), (0.5, 0.35), (0.2, 0.95), (0.9, 2)]],
    "d": [[(0.1, 0), (0.1, 2)], [(0.9, 0), (0.9, 2)], [(0.1, 0), (0.9, 2)], [(0.9, 0), (0.1, 2)]],
    "p": [[(0.2, 0), (0.2, 2)], [(0.2, 0.05), (0.8, 0.4), (0.8, 0.7)],
          [(0.2, 1.95), (0.8, 1.6), (0.8, 1.3)]],
    "z": [[(0.5, 0), (0.5, 2)], [(0.1, 0.55), (0.5, 1.0), (0.9, 0.55)]],
}
LETTERS = {"c": "k", "q": "k", "x": "ks", "y": "i", "v": "w", "ð": "th", "þ": "th",
           "æ": "a", "á": "a", "é": "e", "í": "i", "ó": "o", "ö": "o", "ú": "u", "ý": "i"}


def runes_of(text: str) -> list[str]:
    """Return the runes spelling ``text`` (``:`` between words), letter by letter."""
    out: list[str] = []
    for word in re.findall(r"[^\W\d_]+", text.lower()):
        if out:
            out.append(":")
        word = "".join(LETTERS.get(ch, ch) for ch in word)
        word = word.replace("th", "\0")
        out += ["th" if ch == "\0" else ch for ch in word if ch == "\0" or ch in RUNES]
    return out


def icon_body(icon: str) -> tuple[str, float]:
    """Return the paths of game-icons icon ``icon`` (templates/icons) and its box size."""
    svg = (ROOT / "templates/icons" / f"{icon}.svg").read_text(encoding="utf-8")
    size = float(re.search(r'viewBox="0 0 ([0-9.]+)', svg).group(1))
    body = re.search(r"<svg[^>]*>(.*)</svg>", svg, re.S).group(1)
    return re.sub(r'fill="#000000"', "", body), size


def band(name: str) -> str:
    """Return the runes of ``name`` round the top of the band and rivets round the rest."""
    runes = runes_of(name)
    radius, height = 86.5, 13.5                   # the band's middle, a rune's height
    width, step = height / 2, 12.0                # a rune's width, its arc from the next
    span = step * (len(runes) - 1) / radius       # radians the name takes
    if span > math.radians(300):                  # a long name: tighter
        step = radius * math.radians(300) / max(len(runes) - 1, 1)
        span = math.radians(300)
    parts = []
    for index, rune in enumerate(runes):
        angle = -math.pi / 2 - span / 2 + index * step / radius   # clockwise from the top
        x, y = 100 + radius * math.cos(angle), 100 + radius * math.sin(angle)
        turn = math.degrees(angle) + 90
        if rune == ":":
            parts += [f'<circle cx="{x:.2f}" cy="{y:.2f}" r="1.9" fill="#3a2a12" '
                      f'transform="rotate({turn:.2f} {x:.2f} {y:.2f}) translate(0 -2.6)"/>',
                      f'<circle cx="{x:.2f}" cy="{y:.2f}" r="1.9" fill="#3a2a12" '
                      f'transform="rotate({turn:.2f} {x:.2f} {y:.2f}) translate(0 2.6)"/>']
            continue
        lines = " ".join("M" + " L".join(f"{px * width - width / 2:.2f} "
                                         f"{py * height / 2 - height / 2:.2f}" for px, py in stroke)
                         for stroke in RUNES[rune])
        parts.append(f'<path d="{lines}" fill="none" stroke="#3a2a12" stroke-width="2.3" '
                     f'stroke-linecap="round" stroke-linejoin="round" '
                     f'transform="translate({x:.2f} {y:.2f}) rotate({turn:.2f})"/>')
    # rivets along the rest of the band, bottom half
    free = 2 * math.pi - span - 2 * step / radius
    count = max(int(free * radius / 13), 0)
    for index in range(count):
        angle = -math.pi / 2 + span / 2 + step / radius + (index + 0.5) * free / count
        x, y = 100 + radius * math.cos(angle), 100 + radius * math.sin(angle)
        parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="3" fill="#6b4a16"/>'
                     f'<circle cx="{x - 0.6:.2f}" cy="{y - 0.6:.2f}" r="1.2" fill="#f6e3a8"/>')
    return "\n".join(parts)


def medallion(icon: str, field: str, name: str) -> str:
    """Return the SVG of one medallion."""
    body, size = icon_body(icon)
    scale = 104 / size
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
<defs>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#f0d58c"/><stop offset="0.5" stop-color="#c9973f"/>
<stop offset="1" stop-color="#8f6320"/></linearGradient>
<radialGradient id="field" cx="0.5" cy="0.42" r="0.6">
<stop offset="0" stop-color="{field}"/><stop offset="1" stop-color="#1c1712"/></radialGradient>
<linearGradient id="figure" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fbf0cf"/><stop offset="1" stop-color="#d9b870"/></linearGradient>
</defs>
<circle cx="100" cy="100" r="99" fill="#241a10"/>
<circle cx="100" cy="100" r="96.5" fill="url(#gold)"/>
<circle cx="100" cy="100" r="76.5" fill="#3a2a12"/>
<circle cx="100" cy="100" r="74.5" fill="url(#field)"/>
<circle cx="100" cy="100" r="69" fill="none" stroke="#c9973f" stroke-width="0.9"/>
{band(name)}
<g transform="translate({100 - 52 + 1.6:.2f} {100 - 52 + 2.4:.2f}) scale({scale:.5f})" \
fill="#140e08">{body}</g>
<g transform="translate({100 - 52:.2f} {100 - 52:.2f}) scale({scale:.5f})" \
fill="url(#figure)">{body}</g>
</svg>
"""


def stone(icon: str) -> str:
    """Return the SVG of a carved stone seen from above: a granite disc shaded as a dome (lit
    from the upper left), a dressed rim, speckles, and ``icon`` cut into its face (a dark cut
    with a lit lower wall)."""
    body, size = icon_body(icon)
    scale = 118 / size
    speckles = []
    seed = 7
    for _ in range(140):  # a fixed little generator: same list, same file
        seed = (seed * 1103515245 + 12345) % 2**31
        angle = seed % 3600 / 3600 * 2 * math.pi
        seed = (seed * 1103515245 + 12345) % 2**31
        radius = 88 * math.sqrt(seed % 1000 / 1000)
        seed = (seed * 1103515245 + 12345) % 2**31
        dot = 0.7 + (seed % 100) / 100 * 1.3
        tone = ("#4a4e4f", "#eceee8", "#6d7170")[seed % 3]
        speckles.append(f'<circle cx="{100 + radius * math.cos(angle):.2f}" '
                        f'cy="{100 + radius * math.sin(angle):.2f}" r="{dot:.2f}" '
                        f'fill="{tone}"/>')
    place = f"translate({100 - 59:.2f} {100 - 57:.2f}) scale({scale:.5f})"
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
<defs>
<radialGradient id="dome" cx="0.36" cy="0.32" r="0.78">
<stop offset="0" stop-color="#eef0ea"/><stop offset="0.45" stop-color="#b7bab3"/>
<stop offset="0.85" stop-color="#7e827f"/><stop offset="1" stop-color="#4d5152"/>
</radialGradient>
<linearGradient id="rim" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#f4f5f0"/><stop offset="0.5" stop-color="#9a9d98"/>
<stop offset="1" stop-color="#2f3334"/></linearGradient>
</defs>
<circle cx="100" cy="100" r="100" fill="url(#rim)"/>
<circle cx="100" cy="100" r="91" fill="url(#dome)"/>
{chr(10).join(speckles)}
<g transform="translate(2.6 3.2) {place}" fill="#f2f3ee">{body}</g>
<g transform="{place}" fill="#1d2022">{body}</g>
</svg>
"""


def main() -> None:
    """Write every medallion of sources.txt, drop the stale ones, write CREDITS.md."""
    pieces = {}
    for number, raw in enumerate((FOLDER / "sources.txt").read_text("utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        ours, _, rest = (part.strip() for part in line.partition("="))
        try:
            icon, field, name = rest.split(maxsplit=2)
        except ValueError:
            sys.exit(f"{FOLDER}/sources.txt:{number}: want 'name = icon colour NAME'")
        pieces[ours] = (icon, field, name)
    for ours, (icon, field, name) in pieces.items():
        svg = stone(icon) if field == "stone" else medallion(icon, "#" + field, name)
        (FOLDER / f"{ours}.svg").write_text(svg, encoding="utf-8")
    keep_only_drawable(FOLDER, pieces, "medallions sheetgen cannot draw in full")
    rows = "\n".join(f"| {ours} | {icon} | {name} |"
                     for ours, (icon, _, name) in sorted(pieces.items()))
    (FOLDER / "CREDITS.md").write_text(
        "# Medallions\n\nEvery SVG in this folder is written by `.ci/medallions.py` from "
        "`sources.txt`: an original roundel (rim, gold band, the name in Elder Futhark runes, "
        "rivets; CC0 1.0) around a silhouette from **game-icons.net** (Lorc, Delapouite and "
        "others), licensed under **CC BY 3.0** (https://creativecommons.org/licenses/by/3.0/; "
        "the silhouettes are the files of `templates/icons/`, unchanged but for their colour). "
        "A build prints the credit of `credit.yaml` on the pages of every component that draws "
        "one of them.\n\n| sheetgen name (medallions/...) | game-icons.net icon "
        "(templates/icons) | name in runes |\n| --- | --- | --- |\n" + rows + "\n",
        encoding="utf-8")
    print(f"{FOLDER}: {len(pieces)} medallions")


if __name__ == "__main__":
    main()
