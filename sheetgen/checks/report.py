"""``sheetgen check``: build, run every print check, read the PDFs back, report per output.

The build (``api.run_check``) runs with the face checks collecting instead of stopping, writes
into a temporary folder (or ``--out``), then every written PDF is preflighted
(:mod:`.pdf_checks`) here. A game in
``print_checks: warn`` mode is reported like any other but never fails the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import Problem, display_path
from .pdf_checks import PdfReport, check_pdf


@dataclass
class OutputReport:
    """The checks of one written output (one component in one profile)."""

    game: str
    component: str
    profile: str
    path: Path
    enforced: bool
    pdf: PdfReport | None
    smallest_face_text: float | None
    lowest_contrast: float | None
    problems: list[str] = field(default_factory=list)
    game_file: str = ""        # the game's game.yaml, as printed (where warn mode is set)

    @property
    def passed(self) -> bool:
        """Whether nothing failed."""
        return not self.problems

    def line(self) -> str:
        """Return the report line of this output."""
        smallest = self.pdf.smallest_text if self.pdf else self.smallest_face_text
        small = f"{smallest:.1f} pt" if smallest is not None else "-"
        low = f"{self.lowest_contrast:.1f}:1" if self.lowest_contrast is not None else "-"
        under = f", {self.pdf.chars_below} chars < min" if self.pdf and self.pdf.chars_below \
            else ""
        verdict = "ok" if self.passed else ("FAIL" if self.enforced else "warn")
        return (f"{verdict:<4} {self.game}/{self.path.name}: smallest text {small}{under}, "
                f"lowest contrast {low}")


@dataclass
class CheckReport:
    """Every output's report plus the face problems, per template line."""

    outputs: list[OutputReport] = field(default_factory=list)
    face_problems: list[tuple[Problem, bool]] = field(default_factory=list)  # (problem, enforced)

    @property
    def failed(self) -> bool:
        """Whether an enforced game failed a check."""
        return any(not o.passed and o.enforced for o in self.outputs) or any(
            enforced for _, enforced in self.face_problems)


def check_report(record: dict, options) -> CheckReport:
    """Return the report of a finished build's ``record`` (its components' face checks and
    its written outputs, read back from the PDFs); ``options`` are the build's."""
    report = CheckReport()
    seen = set()
    for game, comp, checks in record["checks"]:
        for problem in checks.problems():
            if problem not in seen:
                seen.add(problem)
                report.face_problems.append((problem, checks.rules.enforced))
    by_component = {(g.spec.id, c.model.id): checks for g, c, checks in record["checks"]}
    for job in record["jobs"]:
        checks = by_component[(job.game.spec.id, job.comp.model.id)]
        out = _output(job.game.spec.id, job.comp.model.id, job.profile, job.path, checks,
                      options)
        out.game_file = display_path(Path(job.game.folder) / "game.yaml")
        report.outputs.append(out)
    return report


def _output(game: str, component: str, profile, path: Path, checks, options) -> OutputReport:
    rules = checks.rules
    # one face per page (pod): boxes must be set and every page one size
    one_per_page = getattr(profile, "page", None) is None
    colour = getattr(profile, "colour", "rgb")  # a print shop's profile may ask for CMYK
    pdfx = options.pdfx or colour == "pdfx"
    cmyk = options.cmyk or pdfx or colour == "cmyk"
    profile = getattr(profile, "name", profile)
    rendering = "ink-saver" if options.ink_saver else "cmyk" if options.cmyk else "normal"
    figures = checks.figures
    out = OutputReport(game, component, profile, path, rules.enforced, None,
                       figures.smallest_text, figures.lowest_contrast.get(rendering))
    if checks.failing:
        out.problems.append(f"{checks.failing} check(s) failed (listed above)")
    if path.suffix == ".pdf":
        out.pdf = check_pdf(path, min_text=rules.min_text_size, cmyk=cmyk, pod=one_per_page,
                            pdfx=pdfx)
        out.problems.extend(out.pdf.problems)
    return out


def print_report(report: CheckReport, echo) -> None:
    """Write the report: face problems by template line, then one line per output."""
    for problem, enforced in report.face_problems:
        echo(f"{'error' if enforced else 'warning'}: {problem}")
    for output in report.outputs:
        echo(output.line())
        for problem in output.problems:
            echo(f"       {problem}")
    echo(summary_line(report))


def summary_line(report: CheckReport) -> str:
    """Return the last line of the report: how many outputs pass and fail, and how many would
    fail but belong to a game whose ``print_checks`` is in warn mode (naming its game.yaml)."""
    outputs = report.outputs
    failed = [o for o in outputs if not o.passed]
    enforced = [o for o in failed if o.enforced]
    warned = [o for o in failed if not o.enforced]
    line = (f"{len(outputs)} output{'' if len(outputs) == 1 else 's'} checked: "
            f"{len(outputs) - len(failed)} pass, {len(enforced)} fail")
    if warned:
        files = " and ".join(dict.fromkeys(o.game_file or o.game for o in warned))
        line += (f" ({len(warned)} would fail, but print_checks is set to warn in {files})")
    return line
