"""``check``: build the chosen components into a temporary folder and read every output back
through the print checks; an edition's untranslated texts are failures too."""

from __future__ import annotations

import tempfile
from typing import TYPE_CHECKING

from ..base.errors import ProblemList
from ..load.project import Project
from .component_build import BuildOptions
from .transaction import build

if TYPE_CHECKING:
    from ..checks.report import CheckReport


def run_check(project: Project, game_id: str | None, component_ids: list[str],
              options: BuildOptions, warn=None) -> CheckReport:
    """Build the chosen components (``options`` as for a build, into a temporary folder unless
    ``options.out_dir`` says where) and check every output; return the report."""
    from ..checks.report import check_report  # start-up: only `check` reads its PDFs back
    from ..checks.rulings import check_citations

    record: dict = {}
    with tempfile.TemporaryDirectory(prefix="sheetgen-check-") as tmp:
        if options.out_dir is None:
            options.out_dir = tmp
        build(project, game_id, component_ids, options, warn=warn, record=record)
        _untranslated(record)
        report = check_report(record, options)
        check_citations(report, record, project)
        return report


def _untranslated(record: dict) -> None:
    """Raise every text an edition built by ``check`` had no translation for: a shop-ready
    edition has none."""
    problems = ProblemList()
    editions = dict.fromkeys(job.game.edition for job in record.get("jobs", [])
                             if job.game.edition is not None)
    for edition in editions:
        for source, where in sorted(edition.missing.items(), key=lambda kv: kv[1]):
            path, _, line = where.rpartition(":") if where.count(":") == 1 else (where, "", "0")
            problems.add(path, int(line) if line.isdigit() else 0,
                         f"no translation in {edition.catalog.path.name} for {source[:60]!r} "
                         "(`sheetgen translate update` adds it to the catalog)")
    problems.raise_if_any()
