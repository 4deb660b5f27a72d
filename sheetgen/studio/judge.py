"""A prepared component's print checks and page fits, as ``validate`` reports them.

Each distinct face is checked once (its findings are kept by face key); after an edit only the
new faces are checked, and the component's findings are gathered again from the kept ones, so
a fixed face's finding goes away with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..checks.face_checks import check_face
from ..checks.findings import ComponentChecks, split_problems
from ..build.component_build import Job, fit_problems
from ..base.errors import ProblemList, UserError


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
            result = check_face(face, face.origins, session.fonts, session.icons, rules)
        verdict.checked[face.key] = result
        checks.record(*result)
    failures, warnings = split_problems([checks])
    verdict.failures.extend(failures)
    verdict.warnings.extend(warnings)
    book = session.profiles
    accepted = book.accepting(comp.model.kind)
    jobs = [Job(game, comp, book.get(name), None, prepared)
            for name in book.default_profiles(comp.model) if name in accepted]
    misfits = ProblemList()
    fit_problems(jobs, misfits)
    verdict.failures.extend(misfits.problems)
    return verdict


def face_findings(verdict_checked: dict, face) -> list:
    """Return the print-check findings of one face (empty when it was not checked)."""
    found = verdict_checked.get(face.key)
    return list(found[0]) if found else []
