"""Gather the face checks of one component: each failure once per element, with its figures.

A template line that fails on 48 cards is one problem ("... on raid-1 front and 47 more
faces"), carrying the worst value; the component's figures are the extremes over its faces.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.docs_links import see
from ..base.errors import Problem, UserError
from ..fill.faces import Origin
from ..load.model import PrintChecks
from .face_checks import FaceFigures, Finding, check_face


@dataclass
class ComponentChecks:
    """The checks of one component's faces, gathered as they are built."""

    rules: PrintChecks
    fonts: object
    icons: object
    findings: dict = field(default_factory=dict)
    # component-level failures (colour blindness): Problems at the component file's lines
    component_problems: list = field(default_factory=list)
    figures: FaceFigures = field(default_factory=FaceFigures)
    _seen: set = field(default_factory=set)

    def inspect(self, face, origins: list[Origin]) -> None:
        """Check ``face`` (once per distinct face) and keep the results."""
        if face.key in self._seen:
            return
        self._seen.add(face.key)
        self._check(face, origins)

    def _check(self, face, origins: list[Origin]) -> None:
        self.record(*self.measure(face, origins))

    def measure(self, face, origins: list[Origin]) -> tuple:
        """Return the (findings, figures) of ``face``, keeping nothing (a big deck's worker
        checks its share of the faces: :meth:`take` keeps them in the build)."""
        return check_face(face, origins, self.fonts, self.icons, self.rules)

    def take(self, key: str, checked: tuple | None) -> None:
        """Keep the (findings, figures) of the face of ``key`` measured elsewhere, as
        :meth:`inspect` would have (``checked`` None: it was not checked)."""
        if key in self._seen:
            return
        self._seen.add(key)
        if checked is not None:
            self.record(*checked)

    def record(self, found: list[Finding], figures: FaceFigures) -> None:
        """Keep the findings and figures of one face checked elsewhere (the studio checks
        each face once and gathers them again after every edit)."""
        for finding in found:
            key = (finding.origin, finding.kind)
            worst, count = self.findings.get(key, (finding, 0))
            if finding.value < worst.value:
                worst = finding
            self.findings[key] = (worst, count + 1)
        self._merge(figures)

    def _merge(self, figures: FaceFigures) -> None:
        mine = self.figures
        if figures.smallest_text is not None and (
                mine.smallest_text is None or figures.smallest_text < mine.smallest_text):
            mine.smallest_text = figures.smallest_text
            mine.smallest_text_sample = figures.smallest_text_sample
        for rendering, value in figures.lowest_contrast.items():
            mine.lowest_contrast[rendering] = min(value, mine.lowest_contrast.get(rendering, 99))

    def check_component(self, loaded, colors: dict[str, str]) -> None:
        """Run the component-level checks: its meaning colours under colour blindness."""
        from ..base.errors import display_path
        from ..load.yamlload import line_of
        from .colour_blind import check_groups

        groups = loaded.model.meaning_colors
        path = display_path(loaded.path)
        try:
            for group, message in check_groups(groups, colors):
                line = line_of(loaded.raw, ("meaning_colors", group))
                self.component_problems.append(Problem(path, line, message))
        except ValueError as exc:
            raise UserError(Problem(path, line_of(loaded.raw, ("meaning_colors",)),
                                    f"meaning_colors: {exc}")) from None

    def check_symbols(self, loaded, spec, seen) -> None:
        """Run the symbol key check (:mod:`.symbol_key`) on what the component's faces
        printed and keyed (``seen``: sheetgen.fill.symbols.SymbolsSeen)."""
        from ..base.errors import display_path
        from .symbol_key import symbol_key_problems

        self.component_problems.extend(symbol_key_problems(
            loaded.model.id, display_path(loaded.path), spec.symbols, spec.symbol_key, seen))

    @property
    def failing(self) -> int:
        """How many checks failed (per element and check, plus component checks)."""
        return len(self.findings) + len(self.component_problems)

    def problems(self) -> list[Problem]:
        """Return one problem per failing element and check, worst case first per line."""
        out = list(self.component_problems)
        for (origin, _kind), (finding, count) in sorted(
                self.findings.items(), key=lambda kv: (kv[0][0].path, kv[0][0].line)):
            more = f" and {count - 1} more face{'s' if count > 2 else ''}" if count > 1 else ""
            out.append(Problem(origin.path, origin.line,
                               f"{finding.message()} (on {finding.face}{more})"
                               + see("print-checks")))
        return out

    def failed(self) -> list[Finding]:
        """Return the worst finding of every failing element and check."""
        return [finding for finding, _ in self.findings.values()]


def split_problems(checks: list) -> tuple[list, list]:
    """Return the print-check failures of ``checks`` (ComponentChecks) as (failures of games
    that enforce the checks, warnings of games in warn mode, each marked as such)."""
    failures, warnings = [], []
    for entry in checks:
        if entry.rules.enforced:
            failures.extend(entry.problems())
        else:
            warnings.extend(Problem(p.path, p.line, f"{p.message} [print_checks: warn]")
                            for p in entry.problems())
    return failures, warnings
