"""Plan every output of a command before anything is prepared or rendered: which component
in which profile, written where; a profile a component does not take is an error naming those
it does (or, in a game-wide build, the component is left out and said so).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..base.errors import Problem, ProblemList
from ..base.suggest import command, unknown
from ..base.units import MM
from .component_build import BuildOptions, Job
from .session import ignore


@dataclass(frozen=True)
class Skipped:
    """A component a game-wide build left out: it does not take a profile the user named."""

    game: str
    component: str
    kind: str
    profile: str
    accepted: tuple[str, ...]

    def __str__(self) -> str:
        return (f"skipped {self.game} {self.component}: {self.kind} components do not take "
                f"{self.profile} (they take {', '.join(self.accepted)})")


def plan_jobs(prepared, options: BuildOptions, writer, book,
               problems: ProblemList | None = None, skipped: list | None = None
               ) -> list[Job]:
    """Decide every (component, profile, path) up front (no paths when ``writer`` is None).

    A profile that is unknown is an error naming the known ones. A profile the user named
    (``-p``) that a component does not accept is an error naming the accepted ones when the
    components were named too; for a game-wide build (``skipped``, a list, given) the
    component is left out and recorded there, and only a profile no component takes is an
    error. A component's own profile it does not accept is always an error. The errors are
    raised together, or recorded in ``problems`` when given (the jobs that could be planned
    are returned).
    """
    from ..load.yamlload import line_of

    raise_here = problems is None
    problems = ProblemList() if raise_here else problems
    jobs = []
    unknown_names = [name for name in options.profiles or [] if name not in book.profiles]
    for name in unknown_names:
        problems.add("sheetgen", 0, unknown("profile", name, book.names(),
                                            f"see `{command(name='profiles')}`"))
    if unknown_names:
        if raise_here:
            problems.raise_if_any()
        return jobs
    for game, comp, ready in prepared:
        model = comp.model
        accepted = book.accepting(model.kind)
        for name in options.profiles or book.default_profiles(model):
            if name not in accepted and options.profiles and skipped is not None:
                skipped.append(Skipped(game.spec.id, model.id, model.kind, name,
                                       tuple(accepted)))
                continue
            if name not in accepted:
                own = not options.profiles
                problems.add(comp.path, line_of(comp.raw, ("profiles",)) if own else 0,
                             f"{model.kind} component {model.id!r} cannot be built in profile "
                             f"{name!r}; profiles for {model.kind}: {', '.join(accepted)}"
                             + ("" if own else _takers_hint(game, prepared, book, name)))
                continue
            profile = book.get(name)
            if options.pdfx and (profile.output != "pdf" or profile.page is not None):
                problems.add("sheetgen", 0, f"--pdfx writes a face per page (PDF/X needs a "
                             f"TrimBox on every page); profile {name!r} writes "
                             + ("PNGs" if profile.output == "png" else
                                "pages of paper" if profile.output == "pdf" else "TTS files")
                             + ": use profile pod or drivethrucards")
                continue
            # a variation of the normal output never takes its name: -cmyk, -ink, -cmyk-ink
            suffix = ("-pdfx" if options.pdfx else "-cmyk" if options.cmyk else "") + (
                "-ink" if options.ink_saver else "")
            folder = (f"{game.spec.id}/variants/{game.variant.name}" if game.variant
                      else game.spec.id)
            language = f"-{game.edition.code}" if game.edition else ""
            relative = f"{folder}/{model.id}{language}-{name}{suffix}{profile.suffix}"
            path = writer.claim(relative, model.id) if writer else None
            jobs.append(Job(game, comp, profile, path, ready))
    taken = {job.profile.name for job in jobs}
    for name in options.profiles or []:
        if skipped is not None and prepared and name not in taken:
            problems.add("sheetgen", 0, f"no component being built takes profile {name!r}; "
                         f"see `{command(name='profiles')}`")
    if raise_here:
        problems.raise_if_any()
    return jobs


def _takers_hint(game, prepared, book, profile: str) -> str:
    """Return the command building only ``game``'s components that take ``profile``."""
    takers = [comp.model.id for other, comp, _ in prepared if other is game
              and profile in book.accepting(comp.model.kind)]
    if not takers:
        return ""
    args = " ".join([game.spec.id, *takers, "-p", profile])
    return f" (for the components that take it: {command(args)})"



def warn_safe_areas(jobs: list[Job], warn) -> None:
    """Warn, once per game and profile, when a print shop's safe area is wider than the margin
    the game's print checks keep text and icons inside the trim."""
    seen = set()
    for job in jobs:
        shop, checks = job.profile.safe, job.game.spec.print_checks
        if shop is None or checks.safe_area_pt >= shop - 0.01:
            continue
        if (job.game.spec.id, job.profile.name) in seen:
            continue
        seen.add((job.game.spec.id, job.profile.name))
        (warn or ignore)(Problem(
            str(job.game.folder / "game.yaml"), 0,
            f"{job.profile.name}'s cut may wander {shop / MM:.3f} mm inside the trim, and the "
            f"print checks keep text {checks.safe_area_pt / MM:g} mm inside it: set "
            f"print_checks: {{safe_area: {math.ceil(shop / MM * 10) / 10:g}mm}}"))

