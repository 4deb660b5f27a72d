"""Build components from start to finish: prepare each one's faces, run its print checks, fit
them to every profile's page and render its outputs, in this process or in forked workers.

A build plans every output first (transaction.py); this module does the work of each component and
returns a ComponentResult: its problems, warnings and rendered bytes. The caller merges the
results in the planned order, so messages and files do not depend on which worker finished
first, and writes nothing unless every result is clean.

In one process, every component is prepared before any is rendered, so a mistake anywhere costs
no rendering. With workers, each component is prepared and rendered by one worker, so preparing
runs in parallel too; a worker that finds a mistake raises a shared flag and the others stop
rendering. Workers are forked after the games are loaded: they share the loaded data, fonts and
icons, and send back only bytes and problems.

One output (a designer's loop: one deck rebuilt after an edit) is prepared, checked and rendered
in this process: the forked helpers that once shared that work with a second core (a prefetch
child, a deck partner, checks beside the render) gained nothing on a loaded 2-core machine and
were removed (docs/src/explanation/performance.md).
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Protocol

from .cache import drawn
from ..base.errors import Problem, ProblemList, UserError, display_path
from ..load.loading import LoadedComponent, LoadedGame
from ..load.profiles import Profile
from ..load.yamlload import line_of
from ..base.units import MM
from ..load import reads

if TYPE_CHECKING:  # start-up: the kinds, their drawing and ReportLab load when a build renders
    from ..impose.components.contract import Prepared


@dataclass
class BuildOptions:
    """Choices a user makes for one build."""

    profiles: list[str] | None = None
    out_dir: str | Path | None = None
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    copies: int | None = None
    cmyk: bool = False
    ink_saver: bool = False
    pdfx: bool = False           # write PDF/X-1a (CMYK, no transparency, an output intent)
    previews: bool = False
    simulate: str | None = None  # protan, deutan or tritan: simulated previews as well
    variant: str | None = None   # data/<game>/variants/<name>.yaml: build the playtest variant
    stamp_all: bool = False      # stamp every face of a variant build, not only changed ones
    changed_only: bool = False   # a variant build prints only the faces it changed
    cache: bool = True           # skip outputs whose recorded inputs are unchanged (cache.py)
    jobs: int = 1                # worker processes building components (the CLI: the cores)


@dataclass(frozen=True, eq=False)
class Job:
    """One planned output: a game's component in one profile, written at ``path`` (None: only
    fitted, never written), with the component's faces once they are prepared."""

    game: LoadedGame
    comp: LoadedComponent
    profile: Profile
    path: Path | None = None
    ready: Prepared | None = None

    def with_faces(self, ready: Prepared) -> "Job":
        """Return this job with the component's prepared faces."""
        return dataclasses.replace(self, ready=ready)


class BuildSession(Protocol):
    """What the component builds take from the run's session (``build.session.Session``)."""

    fonts: object
    icons: object
    credits: object
    warnings: list
    checks: list
    make_elsewhere: object  # a big deck's faces made in workers (_made_in_workers), or None

    def prepare_all(self, selected: list, problems: ProblemList | None = None) -> list:
        """Build every face of every selected component: (game, component, Prepared)."""

    def reads_of(self, game: LoadedGame, comp: LoadedComponent) -> set:
        """Return the files a component's outputs depend on, once it is prepared."""


@dataclass
class ComponentResult:
    """What building one component gave, in the order a single process would report it."""

    index: int                                           # its place in the selection
    problems: list = field(default_factory=list)         # preparing its faces
    warnings: list = field(default_factory=list)         # e.g. an image below 300 dpi
    check_failures: list = field(default_factory=list)   # print checks its game enforces
    check_warnings: list = field(default_factory=list)   # print checks of a warn-mode game
    misfits: list = field(default_factory=list)          # faces too large for a page
    render_problems: list = field(default_factory=list)  # mistakes found while rendering
    outputs: list = field(default_factory=list)          # (job index, (kind, data))
    reads: tuple = ()                                    # files preparing it read (reads.py)
    job_reads: dict = field(default_factory=dict)        # job index -> files rendering it read
    # built in forked workers: every file each read, stamped from before (a ReadRecorder each)
    worker_reads: list = field(default_factory=list)
    prepared: bool = False                               # its faces were all built
    nothing_to_print: bool = False  # a --changed-only variant build changed none of its faces
    checks: list = field(default_factory=list, repr=False)  # its ComponentChecks
    # texts its edition lacked, found in a worker process (source -> where written)
    untranslated: dict = field(default_factory=dict)
    # outputs drawn while its faces were made (job index -> _render_job's), not yet taken
    early: dict = field(default_factory=dict, repr=False)

    def clean(self, checks_stop: bool) -> bool:
        """Return whether nothing found so far stops the build (``checks_stop``: enforced
        print-check failures do)."""
        return (self.prepared and not self.problems and not self.misfits
                and not (checks_stop and self.check_failures))


@dataclass(eq=False)
class SideTask:
    """Work a build does beside its components (a game's roll sheets), sharing their workers:
    run in a worker when the build forks (queued with the components by ``cost``), else in
    this process after them (:meth:`finish`). Its result must pickle; the files it read are
    reported where the build's other reads are."""

    cost: int                   # an estimate, in the units of _costliest_first
    run: Callable[[], object]
    result: object = None
    done: bool = False
    seen: reads.ReadRecorder | None = None  # what it read in a worker, stamped from before

    def finish(self) -> object:
        """Return the result, running the task here if no worker ran it, and report the
        files a worker read for it."""
        if not self.done:
            self.result, self.done = self.run(), True
        elif self.seen is not None:
            reads.reported(self.seen)
            self.seen = None
        return self.result


@dataclass
class BuildWork:
    """What the component builds of one command share."""

    session: BuildSession    # fonts, icons, templates, profiles, print checks
    selected: list[tuple[LoadedGame, LoadedComponent]]  # in order
    jobs: list[Job]          # every planned output, in order
    options: BuildOptions
    # a variant's base game, prepared by key (variant_stamps.mark_changes)
    base: list[tuple[LoadedGame, LoadedComponent, Prepared]] | None = None
    checks_stop: bool = True  # enforced print-check failures stop the build (not for `check`)
    render: bool = True       # False: the plan itself failed, only look for more mistakes
    side: list[SideTask] = field(default_factory=list)  # run beside the components


def build_components(work: BuildWork, workers: int, bar) -> list[ComponentResult]:
    """Build every selected component; return their results in selection order.

    With as many components as workers, each worker builds whole components. With fewer (one
    deck rebuilt after an edit), they are prepared here and their outputs, one per profile,
    are rendered by the workers.
    """
    if workers > 1 and len(work.selected) >= workers and _can_fork():
        return _forked(work, workers, bar)
    ready = [_prepare(work, index, workers) for index in range(len(work.selected))]
    results = [result for result, _ in ready]
    if not work.render or not all(result.clean(work.checks_stop) for result in results):
        return results
    if workers > 1 and len(work.jobs) > 1 and _can_fork():
        _forked_outputs(work, ready, workers, bar)
        return results
    for result, prepared in ready:
        _render(work, result, prepared, bar)
    return results


def fit_problems(jobs: list[Job], problems: ProblemList) -> None:
    """Fit every job's faces to its profile's page; record every misfit at its size line."""
    from ..impose.components import component_for  # start-up: the kinds load when faces are fitted

    for job in jobs:
        model = job.comp.model
        for path, line, message in component_for(model).check(job.ready, job.profile):
            problems.add(path, line, f"{model.id} in profile {job.profile.name}: {message}")


def _prepare(work: BuildWork, index: int, workers: int = 1) -> tuple[ComponentResult, object]:
    """Prepare and check component ``index``; return its result and its Prepared (or None).
    With ``workers`` above 1, a big deck's faces are made and checked in that many forked
    workers (:func:`_made_in_workers`), the rest here."""
    from ..checks.findings import split_problems  # with ReportLab: not for a no-change build
    from ..fill.faces import MakeHere  # start-up: loads with preparing, as session.builder's

    session = work.session
    game, comp = work.selected[index]
    problems = ProblemList()
    warned, checked = len(session.warnings), len(session.checks)
    early = None
    if workers > 1:
        early = _EarlyRender(work, index)
        session.make_elsewhere = functools.partial(_made_in_workers, workers, early=early)
    try:
        prepared = session.prepare_all([(game, comp)], problems)
    except MakeHere:  # a face made in a worker had mistakes: made here, as a serial build
        session.make_elsewhere = None
        if early is not None:
            early.done = None
        prepared = session.prepare_all([(game, comp)], problems)
    finally:
        session.make_elsewhere = None
    prepared_reads = session.reads_of(game, comp)
    if prepared and work.base is not None:
        # start-up: elements, for variant builds only
        from ..impose.variant_stamps import mark_changes

        options = work.options
        prepared = mark_changes(prepared, work.base, game.variant, session.fonts,
                                session.icons, options.stamp_all, options.changed_only)
    result = ComponentResult(index, problems.problems, session.warnings[warned:],
                             reads=tuple(sorted(prepared_reads)))
    if prepared and _one_sheet_of_pad(comp, work.options):
        result.warnings.append(Problem(
            display_path(comp.path), line_of(comp.raw, ("copies",)) or 1,
            f"--changed-only prints one sheet of this pad, not its {comp.model.copies} copies "
            "(build without --changed-only, or with --copies N, for the whole pad)"))
    result.checks = [checks for _, _, checks in session.checks[checked:]]
    result.prepared = not problems.problems
    result.nothing_to_print = result.prepared and not prepared
    if prepared and result.checks:
        _seam_checks(_jobs_of(work, comp, prepared[0][2]), result.checks[-1], session)
    result.check_failures, result.check_warnings = split_problems(result.checks)
    if not prepared:
        return result, None
    ready = prepared[0][2]
    misfits = ProblemList()
    fit_problems(_jobs_of(work, comp, ready), misfits)
    result.misfits = misfits.problems
    if early is not None:
        result.early = early.taken(ready, result.clean(work.checks_stop))
    return result, ready


def _seam_checks(jobs: list[Job], checks, session: BuildSession) -> None:
    """Add to ``checks`` (the component's ComponentChecks) a problem for every text that
    crosses a glue seam of a face a job's profile tiles (sheetgen/checks/seams.py)."""
    if not checks.rules.seams:
        return
    from ..impose.components import component_for

    for job in jobs:
        tiles = component_for(job.comp.model).tiles(job.ready, job.profile)
        if not tiles:  # a deck of cards: nothing tiled, and no tiling module to load
            continue
        from ..checks.seams import seam_problems  # with ReportLab: only a component that tiles
        from ..impose.imposition.tiling import side_name

        for face, plan in tiles:
            side = side_name(face.label, len(tiles)).lower()
            checks.component_problems.extend(seam_problems(
                face, plan, session.fonts, session.icons, side, job.profile.name))


def _one_sheet_of_pad(comp, options: BuildOptions) -> bool:
    """Whether a ``--changed-only`` variant build prints one sheet of ``comp``'s pad: a trial
    of the changed sheet, not the whole pad (``--copies`` still says how many)."""
    return (options.changed_only and comp.model.takes_copies and options.copies is None
            and comp.model.copies > 1)


def _jobs_of(work: BuildWork, comp, ready) -> list[Job]:
    """Return the planned jobs of ``comp``, with its prepared faces."""
    return [job.with_faces(ready) for job in work.jobs if job.comp is comp]


def _render(work: BuildWork, result: ComponentResult, ready, bar, stop=None) -> None:
    """Render every output of a prepared component into ``result`` (``stop``: a flag that,
    once set, ends the rendering early because another component failed)."""
    if result.nothing_to_print:
        return
    comp = work.selected[result.index][1]
    for index, job in enumerate(work.jobs):
        if job.comp is not comp:
            continue
        if stop is not None and stop.is_set():
            return
        output, problems, read = (result.early.pop(index) if index in result.early
                                  else _render_job(work, index, ready))
        if output is not None:
            result.outputs.append((index, output))
        result.render_problems.extend(problems)
        result.job_reads[index] = read
        if bar is not None:
            bar.update(1, job.path.name)


def _render_job(work: BuildWork, index: int, ready, art_sets: tuple | None = None
                ) -> tuple[tuple | None, list, tuple]:
    """Render planned job ``index`` with its component's prepared faces: (output, problems,
    the files rendering read). ``art_sets``: the sets its footers credit (default: those its
    faces draw)."""
    job = work.jobs[index]
    with reads.part() as read:
        try:
            output, problems = _output(job.with_faces(ready), work.options, work.session,
                                       art_sets), []
        except UserError as exc:
            output, problems = None, exc.problems
    return output, problems, tuple(read.files())


def _art_sets(session: BuildSession, prepared: Prepared | None) -> tuple[str, ...]:
    """Return the art sets the prepared faces draw (their credits go in every footer)."""
    return tuple(session.icons.art_sets(drawn(prepared)[0])) if prepared is not None else ()


def _render_env(game, comp, profile, options, session, art_sets: tuple[str, ...],
                to_file: bool = False):
    """Return the fonts, icons, options, title and copies one job renders with, its footers
    crediting ``art_sets`` (``to_file``: its PDF written to a temporary file as formatted)."""
    # start-up: the kinds and imposition (with ReportLab) load only when something renders
    from ..impose.components.contract import RenderEnv
    from ..impose.imposition.common import ImposeOptions

    # every home-printed page carries the licence credits along its margin, with the credit
    # of each art set the component's faces draw
    footer = session.credits_of(game, art_sets).footer(game.spec.name, comp.model.title,
                                                       profile.name, art_sets=art_sets)
    pdfx = (profile.pdfx, profile.output_condition) if (
        options.pdfx or profile.colour == "pdfx") else None
    cmyk = options.cmyk or pdfx is not None or profile.colour == "cmyk"
    return RenderEnv(session.fonts, session.icons,
                     ImposeOptions((options.back_offset_mm[0] * MM, options.back_offset_mm[1] * MM),
                                   cmyk, options.ink_saver, footer, pdfx=pdfx),
                     title=f"{game.spec.name}: {comp.model.title}",
                     copies=1 if _one_sheet_of_pad(comp, options) else
                     options.copies if comp.model.takes_copies else None, to_file=to_file)


def _output(job: Job, options: BuildOptions, session: BuildSession,
            art_sets: tuple[str, ...] | None = None) -> tuple[str, object]:
    """Render one job to ("file", bytes), ("file", WrittenFile) (a PDF, written to a temporary
    file as it is formatted) or ("folder", {name: bytes}), its footers crediting ``art_sets``
    (default: the art sets its faces draw)."""
    game, comp, prepared, profile, path = job.game, job.comp, job.ready, job.profile, job.path
    if profile.output == "tts":
        # start-up: PIL and the TTS sheets, for a tts profile only
        from ..impose.tts import tts_files

        env = _render_env(game, comp, profile, options, session,
                          _art_sets(session, prepared) if art_sets is None else art_sets)
        return "folder", tts_files(comp.model, prepared.cards, env, profile.dpi, path)
    artifact = render_pages(job, options, session, art_sets, to_file=profile.output == "pdf")
    if profile.output == "png":
        return "folder", _rasterised(artifact, profile)
    return "file", artifact.data


def render_pages(job: Job, options: BuildOptions, session: BuildSession,
                 art_sets: tuple[str, ...] | None = None, to_file: bool = False):
    """Return a job's pages as the build draws them (an Artifact: the PDF bytes, or with
    ``to_file`` the temporary file they were written to, and its pages and labels when the
    kind knows them), footers crediting ``art_sets`` (default: the art sets its faces draw).
    A PNG profile's pages are these, rasterised."""
    from ..impose.components import component_for  # start-up: see _render_env

    if art_sets is None:
        art_sets = _art_sets(session, job.ready)
    env = _render_env(job.game, job.comp, job.profile, options, session, art_sets, to_file)
    return component_for(job.comp.model).render(job.ready, job.profile, env)


def _rasterised(artifact, profile: Profile) -> dict[str, bytes]:
    """Return every page of ``artifact`` as a PNG at the profile's dpi, named by its pattern
    (page number, page label, card number: a back takes its front's number)."""
    from ..write.raster import png_bytes, rasterise_pages  # start-up: pypdfium2, png profiles only

    images = rasterise_pages(artifact.data, profile.dpi)
    labels = artifact.page_labels or [""] * len(images)
    files, card = {}, 0
    for page, (label, image) in enumerate(zip(labels, images), 1):
        card += not label.endswith("-back")
        name = profile.page_file_name(page, label, card)
        if name in files:
            raise UserError(f"profile {profile.name}: its names pattern {profile.names!r} "
                            f"gives two pages the name {name!r}; use {{page}} or {{card}}")
        files[name] = png_bytes(image, profile.dpi)
    return files


# what forked workers build: (BuildWork, the shared "a component failed" flag), set just
# before the pool forks
_FORKED: tuple | None = None


@dataclass
class _SideDone:
    """A side task's result sent back by a worker (``ran``: False when a failed component
    stopped the build first), with the stamps of the files it read."""

    index: int
    value: object
    ran: bool
    seen: reads.ReadRecorder | None


def _worker(item: int | tuple[str, int]) -> ComponentResult | _SideDone:
    """Prepare, check and render component ``item`` of ``_FORKED`` in a worker, or run side
    task ``("side", k)``, with the stamps of the files it read (from before it read them)."""
    if isinstance(item, tuple):
        work, failed = _FORKED
        if failed.is_set():  # nothing will be written: left to this process, which skips it
            return _SideDone(item[1], None, False, None)
        with reads.ReadRecorder(stamped=True).recording() as seen:
            value = work.side[item[1]].run()
        return _SideDone(item[1], value, True, seen)
    with reads.ReadRecorder(stamped=True).recording() as seen:
        result = _worker_build(item)
    result.worker_reads.append(seen)
    return result


def _worker_build(index: int) -> ComponentResult:
    """Prepare, check and render component ``index`` of ``_FORKED`` (see :func:`_worker`)."""
    work, failed = _FORKED
    # prepared even after another component failed, so one run reports every mistake
    result, ready = _prepare(work, index)
    result.checks = []  # they hold the fonts: the parent needs only their problems
    edition = work.selected[index][0].edition
    if edition is not None:  # this process's copy: the parent merges what it lacked
        result.untranslated = dict(edition.missing)
    if not result.clean(work.checks_stop) or not work.render:
        failed.set()
        return result
    _render(work, result, ready, None, failed)
    if result.render_problems:
        failed.set()
    return result


def _forked(work: BuildWork, workers: int, bar) -> list[ComponentResult]:
    """Build the components in ``workers`` forked processes, the costliest first."""
    import multiprocessing  # start-up: only a build that forks needs it

    global _FORKED

    _warm_up(work)
    context = multiprocessing.get_context("fork")
    failed = context.Event()
    _FORKED = (work, failed)
    results: list = [None] * len(work.selected)
    try:
        with context.Pool(min(workers, len(work.selected))) as pool:
            for result in pool.imap_unordered(_worker, _costliest_first(work)):
                if isinstance(result, _SideDone):
                    task = work.side[result.index]
                    task.result, task.done, task.seen = result.value, result.ran, result.seen
                    continue
                results[result.index] = result
                for index, _ in result.outputs:
                    bar.update(1, work.jobs[index].path.name)
    finally:
        _FORKED = None
    for result in results:  # the texts the workers' editions lacked, as one process's would
        edition = work.selected[result.index][0].edition
        for source, where in result.untranslated.items():
            edition.lack(source, where)
    return results


def _warm_up(work: BuildWork) -> None:
    """Before forking, do once what every worker would otherwise do again: import the element,
    imposition, drawing and check modules and register the fonts. (Templates, icons and Jinja
    strings are read by the workers: each needs only some, in parallel.) A font that fails
    here is skipped: the worker that uses it reports the mistake at its line."""
    import importlib
    import pkgutil

    from reportlab.pdfgen.canvas import Canvas  # noqa: F401 - imported by every document

    from .. import checks
    from ..impose import imposition
    from ..fill.elements import element_types
    from ..impose.pdf import PdfDocument  # noqa: F401 - the form replay

    element_types()
    for package in (imposition, checks):
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
    fonts = work.session.fonts
    for family, styles in fonts.files.items():
        for style in styles:
            try:
                fonts.font_name(family, "bold" in style, "italic" in style)
            except UserError:
                pass


def _costliest_first(work: BuildWork) -> list[int | tuple[str, int]]:
    """Return the component indexes and the side tasks (``("side", k)``), those likely to
    take longest first, so no large one is left to run alone at the end. A component's
    estimate is its outputs times its faces (a board or a sheet is one large face, counted
    as many small ones); a side task's is its own."""
    outputs: dict[int, int] = {}
    for job in work.jobs:
        outputs[id(job.comp)] = outputs.get(id(job.comp), 0) + 1

    def cost(index: int) -> int:
        comp = work.selected[index][1]
        model = comp.model
        faces = 30 if model.kind in ("board", "sheet") else len(getattr(model, "items", None) or [])
        return outputs.get(id(comp), 0) * max(faces, 1)

    tasks = [(-cost(index), 0, index) for index in range(len(work.selected))]
    tasks += [(-task.cost, 1, k) for k, task in enumerate(work.side)]
    return [index if side == 0 else ("side", index) for _, side, index in sorted(tasks)]


# the FaceBuilder whose deferred faces forked workers make (_made_in_workers), set just
# before the pool forks
_DEFERRING = None
# the fewest faces a worker makes in one share of a big deck
SHARE_FACES = 64


def _made_in_workers(workers: int, builder, count: int, prepared=None,
                     early: "_EarlyRender | None" = None) -> tuple[list, list, object]:
    """Make and check a big deck's ``count`` deferred faces (``FaceBuilder.made_here``) in
    ``workers`` forked processes, in shares of consecutive faces; return every face's
    MadeFace in order, each share's SymbolsSeen and the FaceFolder the workers stored the
    faces' elements in, and report the files the workers read.

    The deck is filled in this process first (each face's key, which dedupes it); the
    workers inherit its faces and make, fit and check their share, sending back only
    warnings, problems, check figures and what each face draws, and store the elements
    they made in a file of the share (``sheetgen/fill/stored_faces.py``): a page reads its
    faces back from there when it draws them. Meanwhile this process draws the deck's
    first PDF (``early``, with the component's faces ``prepared``), each page as soon as
    the shares of its faces are back.
    """
    from ..fill.stored_faces import FaceFolder  # start-up: with preparing, as faces.py
    import multiprocessing  # start-up: only a build that forks needs it

    global _DEFERRING

    if not _can_fork():  # made here, in turn (asked only once a deck is big: no import)
        return ([builder.made_here(index) for index in range(count)], [builder.symbols_seen],
                None)
    size = max(SHARE_FACES, -(-count // (workers * 8)))  # about 8 shares a worker: balanced
    shares = [(start, min(start + size, count)) for start in range(0, count, size)]
    made: list = []
    seen: list = []
    folder = FaceFolder()
    _DEFERRING = (builder, folder)
    try:
        with multiprocessing.get_context("fork").Pool(min(workers, len(shares))) as pool:
            taken = _Shares(pool.imap(_made_share, shares), folder, builder.took_made)
            if early is not None and prepared is not None:
                builder.await_made(taken.stored)
                early(prepared)
            for faces, symbols, read in taken.rest():
                made += faces
                seen.append(symbols)
                reads.reported(read)
    finally:
        _DEFERRING = None
    return made, seen, folder


class _Abandoned(Exception):
    """A share came back with a face's mistakes: the pages being drawn are not kept."""


class _Shares:
    """A big deck's shares as the workers send them back, in order: taken in as a page being
    drawn needs their faces, or all at the end (:meth:`rest`)."""

    def __init__(self, results, folder, took) -> None:
        self._results = results  # the pool's imap of _made_share
        self._folder = folder
        self._took = took        # FaceBuilder.took_made: each clean share as it comes back
        self._taken: list = []   # the shares back so far: (MadeFaces, symbols, files read)
        self._made: list = []    # their MadeFaces, in order
        self._failed = False

    def _take(self) -> tuple:
        """Return the next share back (StopIteration: none left), given to its faces."""
        share = next(self._results)
        start = len(self._made)
        self._made += share[0]
        self._failed = self._failed or any(face.problems for face in share[0])
        if not self._failed:
            self._took(start, share[0], self._folder)
        return share

    def stored(self, index: int):
        """Return deferred face ``index``'s StoredFace (None: not stored), once its share
        is back; _Abandoned when a share had mistakes (the deck is made again here)."""
        from ..fill.stored_faces import StoredFace  # start-up: with preparing, as faces.py

        while len(self._made) <= index and not self._failed:
            self._taken.append(self._take())
        if self._failed:
            raise _Abandoned()
        done = self._made[index]
        return StoredFace(self._folder, done.stored) if done.stored is not None else None

    def rest(self):
        """Yield every share, those taken in already first, then the rest as they come."""
        yield from self._taken
        self._taken = None
        while True:
            try:
                share = self._take()
            except StopIteration:
                return
            yield share


class _EarlyRender:
    """A big deck's first PDF, drawn while the build's workers still make its faces (page by
    page, as their shares come back: :class:`_Shares`) rather than after the last share.

    Its footers credit the art sets the component's files name (what the faces draw is known
    only once all are made); the output is kept only if the faces drew exactly those, and
    the component came out clean (:meth:`taken`), so it is the file a later drawing would
    make. It is drawn in the context the build's own rendering runs in, so the files it
    reads are recorded as that rendering's. (Not for an edition, whose credits note the
    texts it lacks as they are first drawn: a guess would note more.)
    """

    def __init__(self, work: BuildWork, index: int) -> None:
        self.work = work
        self.game, self.comp = work.selected[index]
        self.context = contextvars.copy_context()  # the reads recorded around _prepare
        self.job = next((i for i, job in enumerate(work.jobs) if job.comp is self.comp
                         and job.profile.output == "pdf"), None)
        self.art_sets: tuple = ()
        self.done: tuple | None = None  # what _render_job gave

    def __call__(self, prepared) -> None:
        """Draw the job's PDF with ``prepared`` (its faces still being made)."""
        work = self.work
        if self.job is None or not work.render or work.base is not None or \
                self.game.edition is not None:  # an edition notes the credits it lacks
            return
        misfits = ProblemList()
        fit_problems([work.jobs[self.job].with_faces(prepared)], misfits)
        if misfits.problems:  # nothing will be drawn
            return
        self.art_sets = tuple(work.session.art_sets(self.game, self.comp))
        try:
            done = self.context.run(_render_job, work, self.job, prepared, self.art_sets)
        except _Abandoned:
            return
        if not done[1]:  # a mistake is found again, and said, when the job is drawn
            self.done = done

    def taken(self, ready, clean: bool) -> dict:
        """Return {job index: what _render_job gave} if the PDF drawn is the one to write:
        the component ``clean`` and its faces (``ready``) drawing the art sets guessed."""
        done, self.done = self.done, None
        if done is None or not clean or tuple(
                _art_sets(self.work.session, ready)) != self.art_sets:
            return {}
        return {self.job: done}


def _made_share(share: tuple[int, int]) -> tuple[list, object, reads.ReadRecorder]:
    """Make and check the deferred faces ``share`` (start, stop) of ``_DEFERRING`` in a
    worker, their elements stored in the share's file: their MadeFaces, the symbols they
    printed and keyed, the files they read."""
    builder, folder = _DEFERRING
    writer = folder.writer(f"share-{share[0]}")
    with reads.ReadRecorder(stamped=True).recording() as seen:
        faces = [builder.made_here(index, writer.write) for index in range(*share)]
    if not writer.close():  # not all of it written: its pages make the faces again
        for face in faces:
            face.stored = None
    return faces, builder.symbols_seen, seen


def _job_worker(index: int) -> tuple[int, tuple | None, list, tuple, reads.ReadRecorder]:
    """Render planned job ``index`` of ``_FORKED`` in a worker: (index, output, problems,
    files read, the worker's stamped record of them)."""
    work, ready = _FORKED
    with reads.ReadRecorder(stamped=True).recording() as seen:
        done = _render_job(work, index, ready[id(work.jobs[index].comp)])
    return (index, *done, seen)


def _forked_outputs(work: BuildWork, ready: list, workers: int, bar) -> None:
    """Render the outputs of prepared components in forked workers, one output a task, into
    their results (``ready``: (result, Prepared) of each component)."""
    import multiprocessing  # start-up: only a build that forks needs it

    global _FORKED

    by_component = {id(work.selected[result.index][1]): (result, prepared)
                    for result, prepared in ready}
    _FORKED = (work, {key: prepared for key, (_, prepared) in by_component.items()})
    done: dict[int, tuple] = {index: (*drawn, None) for result, _ in ready
                              for index, drawn in result.early.items()}  # drawn already
    indexes = [index for index, job in enumerate(work.jobs)
               if not by_component[id(job.comp)][0].nothing_to_print and index not in done]
    try:
        for index in done:
            bar.update(1, work.jobs[index].path.name)
        with multiprocessing.get_context("fork").Pool(max(1, min(workers, len(indexes)))
                                                      ) as pool:
            for index, output, problems, read, seen in pool.imap_unordered(_job_worker,
                                                                           indexes):
                done[index] = (output, problems, read, seen)
                bar.update(1, work.jobs[index].path.name)
    finally:
        _FORKED = None
    for index in sorted(done):  # in the planned order, whichever worker finished first
        output, problems, read, seen = done[index]
        result = by_component[id(work.jobs[index].comp)][0]
        result.early.pop(index, None)
        if seen is not None:
            result.worker_reads.append(seen)
        if output is not None:
            result.outputs.append((index, output))
        result.render_problems.extend(problems)
        result.job_reads[index] = read


def _can_fork() -> bool:
    """Return whether this platform can fork worker processes (not Windows)."""
    import multiprocessing  # only for a build that may fork: one output needs no workers

    return "fork" in multiprocessing.get_all_start_methods()
