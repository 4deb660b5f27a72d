"""Golden outputs: the SHA-256 of every default output of the shipped games.

``tests/golden/sha256.txt`` holds one line per output of ``sheetgen build`` (every game, every
component, default profiles): its hash and its path under ``out/``. ``tests/test_golden.py``
rebuilds and compares, so no upgrade of ReportLab, Pillow or anything else can change a PDF
unnoticed.

When an output changes on purpose::

    python tests/golden/golden.py update             # rebuild, rewrite sha256.txt, list changes
    python tests/golden/golden.py review [--base REV] # before/after PNGs of every changed page

``review`` builds REV (default ``HEAD``) in a temporary checkout and the working tree side by
side, and writes ``out/golden-review/<game>/<output>-p<N>.png``: the page before on the left,
after on the right, for every page whose pixels differ. Look at them before you commit.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "sha256.txt"
REVIEW_DPI = 100


def build_outputs(repo: Path, out: Path, cache: Path, env: dict | None = None,
                  project: Path | None = None, what: tuple[str, ...] = ()) -> None:
    """Build the default outputs (``what``: a game and its components; default every game) of
    ``project`` (default ``repo``) into ``out``, with ``repo``'s code."""
    command = [sys.executable, "-m", "sheetgen", "--project", str(project or repo), "build",
               *what, "--out", str(out), "--no-cache", "--quiet"]
    environ = {**os.environ, "PYTHONPATH": str(repo), "SHEETGEN_CACHE_DIR": str(cache),
               **(env or {})}
    done = subprocess.run(command, cwd=repo, env=environ, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"build failed ({done.returncode}):\n{done.stdout}{done.stderr}")


def hashes(out: Path) -> dict[str, str]:
    """Return ``{path under out: sha256}`` of every file in ``out``."""
    return {path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(out.rglob("*")) if path.is_file()}


def read_golden(path: Path = GOLDEN) -> dict[str, str]:
    """Return the recorded hashes."""
    pairs = (line.split(maxsplit=1) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#"))
    return {name.strip(): digest for digest, name in pairs}


def write_golden(recorded: dict[str, str], path: Path = GOLDEN) -> None:
    """Write the hashes, one ``sha256  path`` line each, sorted by path."""
    lines = ["# SHA-256 of every default output of `sheetgen build`;",
             "# regenerate with: python tests/golden/golden.py update"]
    lines += [f"{recorded[name]}  {name}" for name in sorted(recorded)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def differences(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """Return one line per output added, removed or changed between two hash tables."""
    lines = [f"added    {name}" for name in sorted(new.keys() - old.keys())]
    lines += [f"removed  {name}" for name in sorted(old.keys() - new.keys())]
    lines += [f"changed  {name}" for name in sorted(old.keys() & new.keys())
              if old[name] != new[name]]
    return lines


def update() -> int:
    """Rebuild the working tree's outputs, rewrite the golden file, print what changed."""
    with tempfile.TemporaryDirectory() as tmp:
        build_outputs(REPO, Path(tmp) / "out", Path(tmp) / "cache")
        new = hashes(Path(tmp) / "out")
    old = read_golden() if GOLDEN.exists() else {}
    write_golden(new)
    changes = differences(old, new)
    print("\n".join(changes) if changes else "no output changed")
    print(f"{len(new)} outputs recorded in {GOLDEN.relative_to(REPO)}")
    return 0


def page_images(path: Path) -> list:
    """Return each page of a PDF (or the PNG itself) as a Pillow image."""
    if path.suffix.lower() == ".png":
        return [Image.open(path).convert("RGB")]
    document = pypdfium2.PdfDocument(str(path))
    try:
        return [page.render(scale=REVIEW_DPI / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def side_by_side(before, after):
    """Return one image: ``before`` on the left, ``after`` on the right, a red rule between."""
    gap = 8
    width = before.width + after.width + gap
    picture = Image.new("RGB", (width, max(before.height, after.height)), (200, 0, 0))
    picture.paste(before, (0, 0))
    picture.paste(after, (before.width + gap, 0))
    return picture


def review(base: str, dest: Path) -> int:
    """Write before/after PNGs of every page that differs between ``base`` and the tree."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        checkout = tmp / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(checkout),
                        base], check=True, capture_output=True)
        try:
            build_outputs(checkout, tmp / "before", tmp / "cache-before")
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(checkout)], check=True, capture_output=True)
        build_outputs(REPO, tmp / "after", tmp / "cache-after")
        old, new = hashes(tmp / "before"), hashes(tmp / "after")
        written = 0
        for line in differences(old, new):
            print(line)
            status, name = line.split(maxsplit=1)
            if status != "changed":
                continue
            before, after = page_images(tmp / "before" / name), page_images(tmp / "after" / name)
            for number, (a, b) in enumerate(zip(before, after), start=1):
                if a.size == b.size and a.tobytes() == b.tobytes():
                    continue
                target = dest / f"{Path(name).with_suffix('')}-p{number}.png"
                target.parent.mkdir(parents=True, exist_ok=True)
                side_by_side(a, b).save(target)
                written += 1
            if len(before) != len(after):
                print(f"         {name}: {len(before)} pages before, {len(after)} after")
    print(f"{written} before/after pictures in {dest}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run ``update`` or ``review``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("update", help="rebuild, rewrite sha256.txt, list changed outputs")
    look = commands.add_parser("review", help="before/after PNGs of every changed page")
    look.add_argument("--base", default="HEAD", help="the revision to compare with (HEAD)")
    look.add_argument("--dest", type=Path, default=REPO / "out" / "golden-review")
    args = parser.parse_args(argv)
    if args.command == "update":
        return update()
    return review(args.base, args.dest)


if __name__ == "__main__":
    sys.exit(main())
