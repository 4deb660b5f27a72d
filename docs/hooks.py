"""MkDocs hooks: put the shipped icon and art files into the site, so the reference shows each.

The icons live once, in ``templates/icons/``; the generated icons page
(``reference/icons.md``) links to ``reference/icons/<name>.svg``, and this hook adds those
files to the build from the repository instead of a copy under ``docs/``.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent


def on_files(files, config):
    """Add every shipped icon SVG to the site under ``reference/icons/``, and every piece of
    colour art under ``reference/art/<set>/``."""
    for svg in sorted((ROOT / "templates" / "icons").glob("*.svg")):
        files.append(File.generated(config, f"reference/icons/{svg.name}",
                                    abs_src_path=str(svg)))
    for svg in sorted((ROOT / "templates" / "art").glob("*/*.svg")):
        files.append(File.generated(config, f"reference/art/{svg.parent.name}/{svg.name}",
                                    abs_src_path=str(svg)))
    return files
