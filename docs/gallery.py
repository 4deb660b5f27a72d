"""Write the gallery: a picture of every shipped component, from a real build.

    python docs/gallery.py

builds every game with ``--previews`` into a temporary folder (each output's first page as
PNG), keeps one picture per component (its ``pod`` output when it has one: a face at its own
size; else its ``a4`` page), and writes ``docs/src/gallery/<game>/<component>.png`` and
``docs/src/gallery.md``. Run it after a change that alters what a component looks like.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.api import list_games  # noqa: E402
from sheetgen.load.project import Project  # noqa: E402

GALLERY = ROOT / "docs" / "src" / "gallery"
PAGE = ROOT / "docs" / "src" / "gallery.md"
WIDTH = 560        # px: sharp on a screen, small in the repository
PREFERRED = ("pod", "a4", "letter")


def build_previews(out: Path) -> None:
    """Build every game's default outputs with their first-page previews into ``out``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHEETGEN_CACHE_DIR": str(out / ".cache")}
    subprocess.run([sys.executable, "-m", "sheetgen", "--project", str(ROOT), "build",
                    "--previews", "--quiet", "--out", str(out)], check=True, env=env)


def pick(previews: Path, component: str) -> Path | None:
    """Return the preview that shows ``component`` best (see PREFERRED)."""
    for profile in PREFERRED:
        path = previews / f"{component}-{profile}.png"
        if path.is_file():
            return path
    found = sorted(previews.glob(f"{component}-*.png"))
    return found[0] if found else None


def shrink(source: Path, target: Path) -> None:
    """Save ``source`` at the gallery width as a 256-colour PNG."""
    image = Image.open(source).convert("RGB")
    height = round(image.height * WIDTH / image.width)
    image = image.resize((WIDTH, height), Image.LANCZOS).quantize(256, dither=Image.NONE)
    target.parent.mkdir(parents=True, exist_ok=True)
    image.save(target, optimize=True)


def main() -> None:
    """Build, pick, shrink, and write the gallery page."""
    lines = ["# Gallery", "",
             "Every component of the five shipped games, as `sheetgen build` prints it (the first",
             "page of its print-on-demand output, or of its A4 output). Made by",
             "`python docs/gallery.py` from a real build.", ""]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        build_previews(out)
        for game in list_games(Project.at(ROOT)):
            lines += [f"## {game.name}", "", '<div class="gallery" markdown>', ""]
            for component in game.components:
                source = pick(out / game.id / "previews", component.id)
                if source is None:
                    continue
                target = GALLERY / game.id / f"{component.id}.png"
                shrink(source, target)
                lines.append(f'<figure markdown>![{component.title}](gallery/{game.id}/'
                             f'{component.id}.png)<figcaption>{component.title} '
                             f'(`{component.id}`)</figcaption></figure>')
            lines += ["", "</div>", ""]
    PAGE.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)} and {GALLERY.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
