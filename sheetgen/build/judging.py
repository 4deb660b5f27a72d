"""A prepared component's print checks and page fits, as ``validate`` reports them, for a warm
client (the studio) that judges a component after showing its faces.

Each distinct face is checked once (its findings are kept by face key); after an edit only the
new faces are checked, and the component's findings are gathered again from the kept ones, so
a fixed face's finding goes away with it. The fits are planned as ``validate`` plans them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import ProblemList, UserError
from ..checks.face_checks import check_face
from ..checks.findings import ComponentChecks, split_problems
from .component_build import BuildOptions, fit_problems
from .pictures import drawing_failure
from .plan import plan_jobs


@dataclass
class Verdict:
    """What the checks of one component found: failures stop a build, warnings do not."""

    failures: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    checked: dict = field(default_factory=dict)   # face key -> (findings, figures)


def distinct_faces(prepared) -> list:
    """Return every distinct face of a Prepared, fronts and backs, in card order."""
    faces: dict[str, object] = {}
    for card in prepared.cards:
        for face in (card.front, card.back):
            if face is not None:
                faces.setdefault(face.key, face)
    return list(faces.values())


def judge(session, game, comp, prepared, checked: dict) -> Verdict:
    """Check every face of ``prepared`` (reusing ``checked``: face key -> results) and fit
    them to the component's default profiles; return the failures, warnings and results."""
    rules = game.spec.print_checks
    checks = ComponentChecks(rules, session.fonts, session.icons)
    verdict = Verdict()
    try:
        checks.check_component(comp, game.spec.colors)
    except UserError as exc:
        verdict.failures.extend(exc.problems)
    for face in distinct_faces(prepared):
        result = checked.get(face.key)
        if result is None:
            try:
                result = check_face(face, face.origins, session.fonts, session.icons, rules)
            except Exception as exc:  # noqa: BLE001 - a face that cannot be drawn says why
                verdict.failures.extend(drawing_failure(face, exc))
                continue
        verdict.checked[face.key] = result
        checks.record(*result)
    failures, warnings = split_problems([checks])
    verdict.failures.extend(failures)
    verdict.warnings.extend(warnings)
    misfits = ProblemList()
    fit_problems(plan_jobs([(game, comp, prepared)], BuildOptions(), None, session.profiles,
                           misfits), misfits)
    verdict.failures.extend(misfits.problems)
    return verdict


def face_findings(verdict_checked: dict, face) -> list:
    """Return the print-check findings of one face (empty when it was not checked)."""
    found = verdict_checked.get(face.key)
    return list(found[0]) if found else []


def painted(session, face) -> list:
    """Return what each element of ``face`` painted (a Drawing each: fills, text and icon
    marks, in points), as the print checks see it."""
    from ..checks.record import record

    return record(face, session.fonts, session.icons)[0]
