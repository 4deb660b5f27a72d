"""The duplex calibration sheet: one page, front and back, to find a printer's back offset."""

from __future__ import annotations

from pathlib import Path

from ..base.units import MM
from ..load.project import Project
from .session import Session


def write_calibration(project: Project, paper: str, out_dir: str | Path | None,
                      back_offset_mm: tuple[float, float]) -> Path:
    """Write the duplex calibration sheet for ``paper`` and return its path."""
    from ..base.output import OutputWriter
    from ..impose.components.contract import RenderEnv
    from ..impose.imposition.calibration import impose_calibration
    from ..impose.imposition.common import ImposeOptions

    session = Session(project)
    size = session.profiles.size(paper)
    writer = OutputWriter(Path(out_dir) if out_dir else project.out_dir)
    path = writer.claim(f"duplex-calibration-{paper}.pdf", "calibration")
    env = RenderEnv(session.fonts, session.icons,
                    ImposeOptions(back_offset=(back_offset_mm[0] * MM, back_offset_mm[1] * MM)),
                    title="sheetgen duplex calibration")
    doc = env.document(size)
    impose_calibration(doc, size, env.options)
    writer.write_file(path, doc.finish())
    return path
