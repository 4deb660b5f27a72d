"""``sheetgen diff``'s own parts: the project as it was at a git revision, and the changed faces
before and after, side by side. What changed, item by item and face by face, is the build's
(``sheetgen.build.variant_diff``), shared with the studio's variant page; the dice script's
changes are ``dice_diff.py``.
"""

from __future__ import annotations

import subprocess
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from ..base.errors import UserError


def project_at_revision(project, revision: str) -> tuple[Path, tempfile.TemporaryDirectory]:
    """Return a temporary copy of the project's data/, templates/ and fonts/ at ``revision``.

    The revision is checked to name a commit (``git rev-parse --verify REV^{commit}``) before
    anything else reads it, and a value starting with ``-`` is refused: git would read it as an
    option (``--output=FILE`` makes ``git archive`` write a file)."""
    root = Path(project.root)
    shown = revision if revision.isprintable() else repr(revision)
    if revision.startswith("-"):
        raise UserError(f"--against {shown}: a revision does not start with '-' (name a commit, "
                        "e.g. HEAD~1, a branch or a tag)")
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, check=True,
                             capture_output=True, text=True).stdout.strip()
        commit = subprocess.run(["git", "rev-parse", "--verify", "--quiet",
                                 f"{revision}^{{commit}}"], cwd=top, capture_output=True,
                                text=True)
        if commit.returncode != 0:
            raise UserError(f"--against {shown}: no such commit in the git repository at {top}")
        prefix = str(root.resolve().relative_to(Path(top).resolve()))
        paths = [p if prefix == "." else f"{prefix}/{p}" for p in ("data", "templates", "fonts")
                 if (root / p).exists()]
        archive = subprocess.run(["git", "archive", "--format=tar", commit.stdout.strip(),
                                  *paths], cwd=top, check=True, capture_output=True).stdout
    except FileNotFoundError:
        raise UserError("--against needs git on the PATH") from None
    except subprocess.CalledProcessError as exc:
        stderr = exc.stderr or b""  # text from rev-parse, bytes from archive
        if isinstance(stderr, bytes):
            stderr = stderr.decode(errors="replace")
        detail = stderr.strip().splitlines()
        raise UserError(f"--against {shown}: {detail[-1] if detail else 'git failed'} "
                        f"(is {root} in a git repository with that revision?)") from None
    holder = tempfile.TemporaryDirectory(prefix="sheetgen-rev-")
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(holder.name, filter="data")
    base = Path(holder.name) / ("" if prefix == "." else prefix)
    return base, holder


def side_by_side_pdf(pairs: list[tuple[str, object, object]], fonts, icons, title: str) -> bytes:
    """Return an A4 PDF showing each (label, old face, new face) pair side by side."""
    from ..impose.pdf import PdfDocument
    from ..base.units import MM

    page_w, page_h = 210 * MM, 297 * MM
    margin, gap, label_h = 12 * MM, 8 * MM, 6 * MM
    doc = PdfDocument((page_w, page_h), fonts, icons, title=title)
    canvas = doc.canvas
    col_w = (page_w - 2 * margin - gap) / 2
    y = page_h - margin
    for label, old, new in pairs:
        faces = [f for f in (old, new) if f is not None]
        scale = min(1.0, col_w / max(f.width for f in faces))
        row_h = max(f.height for f in faces) * scale + label_h + 4 * MM
        if y - row_h < margin:
            canvas.showPage()
            y = page_h - margin
        canvas.setFont(fonts.font_name("body", bold=True), 9)
        canvas.setFillColorRGB(0.14, 0.12, 0.13)
        canvas.drawString(margin, y - 4 * MM, f"{label}:  before  |  after")
        for column, face in enumerate((old, new)):
            x = margin + column * (col_w + gap)
            if face is None:
                canvas.setFont(fonts.font_name("body"), 9)
                canvas.drawString(x, y - label_h - 8 * MM, "(not in this version)")
                continue
            doc.form(face)
            canvas.saveState()
            canvas.translate(x, y - label_h - face.height * scale)
            canvas.scale(scale, scale)
            doc.place(face, 0, 0, clip=(0, 0, face.width, face.height))
            canvas.restoreState()
        y -= row_h
    canvas.showPage()
    return doc.finish()
