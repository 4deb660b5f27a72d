"""Vendor colour art from an Iconify JSON package on npm into ``templates/art/<set>/``.

Each set folder holds ``pieces.txt``: its first line names the npm package and version
(``package: @iconify-json/fluent-emoji-flat 1.2.6``), then one piece a line, an Iconify name
or ``our-name = iconify-name``; ``#`` starts a comment. To add pieces, add names and run::

    python .ci/vendor_art.py                 # every set folder that has a pieces.txt
    python .ci/vendor_art.py templates/art/fluent

The script runs ``npm pack`` in a scratch folder (the build never needs npm), writes one SVG
file per listed piece, deletes the folder's SVGs that are no longer listed, writes
``CREDITS.md`` (which piece is which source icon) and ``LICENSE.md`` (the package's licence),
and checks that sheetgen draws every piece without a warning. Same list, same files.

A ``fades: drop`` line in ``pieces.txt`` leaves out, from every piece of that set, the shapes
painted with a gradient whose stop-opacity varies (a soft shading fade over hair or cloth, which
a PDF shading cannot carry), so such pieces draw in full; ``CREDITS.md`` then says the drawings
are modified that way.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.fill.art.read import read_art  # noqa: E402 - after the path is set

LICENCES = {"MIT": """MIT License

Copyright (c) Microsoft Corporation.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""}


def licence_text(spdx: str) -> str:
    """Return the full text of licence ``spdx``: MIT above, longer ones in ``.ci/licences/``."""
    if spdx in LICENCES:
        return LICENCES[spdx]
    return (ROOT / ".ci" / "licences" / f"{spdx}.txt").read_text(encoding="utf-8")


def read_list(path: Path) -> tuple[str, str, dict[str, str]]:
    """Return (package, version, {our name: iconify name}) of a ``pieces.txt``."""
    package, version, pieces, _ = read_set(path)
    return package, version, pieces


def read_set(path: Path) -> tuple[str, str, dict[str, str], bool]:
    """Return (package, version, {our name: iconify name}, drop fades) of a ``pieces.txt``."""
    package = version = ""
    fades = False
    pieces: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("package:"):
            package, version = line.removeprefix("package:").split()
            continue
        if line.startswith("fades:"):
            if line.removeprefix("fades:").strip() != "drop":
                sys.exit(f"{path}:{number}: the only fades: setting is 'fades: drop'")
            fades = True
            continue
        ours, _, theirs = (part.strip() for part in line.partition("="))
        source = theirs or ours
        if not ours.replace("-", "").isalnum() or ours != ours.lower() or ours in pieces:
            sys.exit(f"{path}:{number}: {ours!r} is not a new lower-case name (a-z, 0-9, -)")
        pieces[ours] = source
    if not package:
        sys.exit(f"{path}: the first line must be 'package: <npm package> <version>'")
    return package, version, pieces, fades


FADE_GRADIENT = re.compile(r'<(linear|radial)Gradient\b[^>]*\bid="([^"]+)"[^>]*>(.*?)</\1Gradient>',
                           re.S)
STOP_OPACITY = re.compile(r'stop-opacity[=:]\s*"?([0-9.]+)')


def drop_fades(svg: str) -> str:
    """Return ``svg`` without the shapes painted with a gradient whose stop-opacity varies."""
    fading = set()
    for match in FADE_GRADIENT.finditer(svg):
        stops = re.findall(r"<stop\b[^>]*>", match.group(3))
        opacities = {float(m.group(1)) if (m := STOP_OPACITY.search(stop)) else 1.0
                     for stop in stops}
        if len(opacities) > 1:
            fading.add(match.group(2))
    for name in fading:
        svg = re.sub(r'<(path|circle|ellipse|rect|polygon)\b[^>]*url\(#' + re.escape(name)
                     + r'\)[^>]*?(/>|>.*?</\1>)', "", svg, flags=re.S)
    return svg


def fetch(package: str, version: str, scratch: Path) -> tuple[dict, dict]:
    """Return (icons.json, info.json) of the npm package, fetched with ``npm pack``."""
    subprocess.run(["npm", "pack", f"{package}@{version}", "--silent"], cwd=scratch,
                   check=True, stdout=subprocess.DEVNULL)
    tarball = next(scratch.glob("*.tgz"))
    with tarfile.open(tarball) as archive:
        icons = json.load(archive.extractfile("package/icons.json"))
        info = json.load(archive.extractfile("package/info.json"))
    return icons, info


def svg_of(icons: dict, name: str) -> str:
    """Return the SVG file text of Iconify icon ``name`` (following an alias)."""
    entry = icons["icons"].get(name)
    alias = icons.get("aliases", {}).get(name)
    if entry is None and alias is not None:
        entry = {**icons["icons"][alias["parent"]], **{k: v for k, v in alias.items()
                                                         if k != "parent"}}
    if entry is None:
        raise KeyError(name)
    if any(entry.get(key) for key in ("rotate", "hFlip", "vFlip")):
        raise KeyError(f"{name} (rotated or flipped: not supported)")
    width, height = entry.get("width", icons.get("width", 16)), entry.get(
        "height", icons.get("height", 16))
    box = f"{entry.get('left', 0)} {entry.get('top', 0)} {width} {height}"
    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if "xlink:" in entry["body"] else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg"{xlink} viewBox="{box}">'
            f'{entry["body"]}</svg>\n')


def vendor(folder: Path) -> int:
    """Write the pieces of one set folder; return how many."""
    package, version, pieces, fades = read_set(folder / "pieces.txt")
    with tempfile.TemporaryDirectory() as scratch:
        icons, info = fetch(package, version, Path(scratch))
    missing = []
    for ours, source in pieces.items():
        try:
            svg = svg_of(icons, source)
            (folder / f"{ours}.svg").write_text(drop_fades(svg) if fades else svg,
                                                encoding="utf-8")
        except KeyError as exc:
            missing.append(str(exc))
    if missing:
        sys.exit(f"{folder}/pieces.txt: not in {package} {version}: {', '.join(missing)}")
    keep_only_drawable(folder, pieces, "pieces sheetgen cannot draw in full (pick others)")
    licence = info["license"]
    (folder / "LICENSE.md").write_text(licence_text(licence["spdx"]), encoding="utf-8")
    rows = "\n".join(f"| {ours} | {source} |" for ours, source in sorted(pieces.items()))
    author = info["author"]
    (folder / "CREDITS.md").write_text(
        f"# {info['name']}\n\n"
        f"Every SVG in this folder is from **{info['name']}** by {author['name']} "
        f"({author['url']}), licensed under the **{licence['title']}** licence "
        f"({licence['url']}; the text is in `LICENSE.md`).\n\n"
        f"They were written by `.ci/vendor_art.py` from the npm package `{package}` {version} "
        "(Iconify's packaging of the same drawings) from the names in `pieces.txt`; the "
        + ("drawings are modified: the shapes painted with a gradient whose opacity varies "
           "(soft shading fades) are left out. " if fades else "drawings are unchanged. ")
        + "A build prints the credit of `credit.yaml` on the pages of "
        "every component that draws one of them.\n\n"
        f"| sheetgen name ({folder.name}/...) | {info['name']} name |\n| --- | --- |\n"
        f"{rows}\n", encoding="utf-8")
    return len(pieces)



def keep_only_drawable(folder: Path, names, what: str) -> None:
    """Delete every SVG of ``folder`` not in ``names``; exit naming each of ``names`` that
    sheetgen cannot draw in full (``what`` heads the message)."""
    for stale in folder.glob("*.svg"):
        if stale.stem not in names:
            stale.unlink()
    problems = [f"{ours}: {w}" for ours in names
                for w in read_art(folder / f"{ours}.svg").warnings]
    if problems:
        sys.exit(f"{what}:\n" + "\n".join(problems))

def main(args: list[str]) -> None:
    """Vendor the set folders named (default: every one with a pieces.txt)."""
    folders = [Path(a) for a in args] or sorted(
        p.parent for p in (ROOT / "templates/art").glob("*/pieces.txt"))
    for folder in folders:
        print(f"{folder}: {vendor(folder)} pieces")


if __name__ == "__main__":
    main(sys.argv[1:])
