"""``build``: the transaction of one command. Select the games (skipping what the build
record knows is fresh), plan every output, prepare and render (``component_build``), stage
them all or nothing into ``out/``, and record what they were built from.

A build gathers and validates everything first (every game, component and face, collecting
all problems), and only then writes, so a mistake anywhere leaves every previous file
untouched.
"""

from __future__ import annotations

from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Iterator

import click

from ..base.errors import ProblemList
from ..base.output import written_files_discarded
from ..load.project import Project
from ..load.reads import ReadRecorder, opened_all, reported
from .component_build import BuildOptions, BuildWork, Job, build_components
from .plan import plan_jobs, warn_safe_areas
from .selection import select
from .session import Session, ignore


def build(project: Project, game_id: str | None = None, component_ids: list[str] | None = None,
          options: BuildOptions | None = None, progress: bool = False, warn=None,
          record: dict | None = None, skipped: list | None = None,
          reads: ReadRecorder | None = None, write: bool = True,
          checked: list | None = None) -> list[Path]:
    """Build the chosen components in their profiles; return the paths written.

    ``write=False`` is ``validate``: everything a build does (load, prepare, print checks,
    fit, render) but the writing; nothing is staged, written or recorded, and ``checked``
    (a list) receives each (game, component) built.

    ``reads`` (a ReadRecorder, sheetgen.load.reads) receives every file the build read
    (``watch`` and the studio follow them); for an output it did not rebuild, the files
    its record says it was made from.

    A build of whole games (no ``component_ids``) in named profiles leaves out the
    components that do not take them; ``skipped`` (a list) receives a Skipped for each.

    All or nothing: every output is rendered into a staging folder inside ``out/`` and moved
    into place only when all succeeded. ``warn(problem)`` receives each warning (e.g. an
    image below 300 dpi).
    With ``record`` (a dict, for ``sheetgen check``) print-check failures do not stop the
    build: the dict gets ``checks`` (game, component, ComponentChecks) and ``jobs`` (every
    output written, a Job each) instead.

    The phases, in order: select (load the games, skip what the record knows is fresh),
    plan (every output and its path), prepare and render (``component_build``), stage (all
    or nothing into ``out/``), record (``build_record``).
    """
    # stamped: the build record keeps each file's stamp from before it was read
    recorder = reads if reads is not None and reads.stamped else ReadRecorder(stamped=True)
    with (reads.recording() if reads is not None else nullcontext()), recorder.recording(), \
            written_files_discarded():  # a failed build leaves no temporary file
        return _build(project, game_id, component_ids, options, progress, warn, record,
                      skipped, recorder, write, checked)


def _build(project: Project, game_id: str | None, component_ids: list[str] | None,
           options: BuildOptions | None, progress: bool, warn, record: dict | None,
           skipped: list | None, recorder: ReadRecorder, write: bool = True,
           checked: list | None = None) -> list[Path]:
    """Run :func:`build` with its reads recorded into ``recorder``."""
    # start-up: only a build reads the record, stages outputs and plans with profiles
    from ..base.output import OutputWriter
    from ..load.profiles import ProfileBook
    from .build_record import BuildRecord
    from ..load.chrome import use_language

    use_language(project.edition)  # the page chrome in the edition's language
    options = options or BuildOptions()
    # every independent mistake, of every file and stage, is recorded and raised together
    problems = ProblemList()
    out_dir = Path(options.out_dir) if options.out_dir else project.out_dir
    writer = OutputWriter(out_dir)
    # --no-cache builds everything but still records it; variant, preview and check builds
    # (whose outputs depend on more than one component) neither read nor write the record
    # an edition's outputs are recorded like the source's: their own names, and the
    # edition in the command's key
    recorded = record is None and write and not options.variant and not options.previews
    cache = BuildRecord.start(project, out_dir, recorded, game_id, component_ids or [], options,
                              recorder)
    # select
    selected = select(project, game_id, component_ids or [], options.variant,
                       skip=cache.fresh, problems=problems)
    planned = None  # every output of the command, when the cache picks the stale ones
    skips: list | None = None if component_ids else []
    # the ready roll sheets of a game built whole (roll_sheets.py); not for `check`
    every_sheet = sheets = []
    sheet_games = {g.spec.id: g for g, _ in selected}  # before the cache drops fresh ones
    if not component_ids and not options.variant and record is None and write:
        from .roll_sheets import plan_roll_sheets  # start-up: a game-wide build only

        every_sheet = sheets = plan_roll_sheets(
            project, {id(g): g for g, _ in selected}.values(), options, writer,
            ProfileBook.for_project(project), problems)
    if cache.enabled and options.cache and not problems.problems:
        planned = plan_jobs([(g, c, None) for g, c in selected], options,
                             OutputWriter(out_dir), ProfileBook.for_project(project),
                             skipped=skips)
        _report_skips(skips, skipped)
        selected = cache.stale(selected, planned, options)
        sheets = cache.stale_game_outputs(every_sheet, options)
        if not selected and not sheets:
            cache.remember(planned, every_sheet)
            return []
    # plan
    session = Session(project, recorder=recorder)
    planning = ProblemList()
    again = None if skips is None else [] if planned is not None else skips  # reported once
    jobs = plan_jobs([(g, c, None) for g, c in selected], options, writer, session.profiles,
                      planning, again)
    _report_skips(again if planned is None else None, skipped)
    warn_safe_areas(jobs, warn)
    for game, comp in selected:  # translated here: what the edition lacks is recorded here
        session.credits_of(game, session.art_sets(game, comp))
    # prepare and render (component_build: in this process or in workers)
    side = []  # the roll sheets, drawn by the components' workers (roll_sheets.py)
    if sheets and not problems.problems:
        from .roll_sheets import roll_sheet_tasks

        side = roll_sheet_tasks(project, sheets, {
            game: session.credits_of(g, session.game_art_sets(g))
            for game, g in sheet_games.items()})
    work = BuildWork(session, selected, jobs, options,
                     _base_game(project, game_id, component_ids, options, problems),
                     checks_stop=record is None,
                     render=not planning.problems and not problems.problems, side=side)
    with progress_bar(len(jobs), progress) as bar:
        # `check` reads each component's print checks back from this process's session
        results = build_components(work, options.jobs if record is None else 1, bar)
    for result in results:  # what workers read, stamped as they first read it
        for seen in result.worker_reads:
            reported(seen)
    _merge_problems(results, planning, problems, warn, checks_stop=record is None)
    if side and not problems.problems:
        from .roll_sheets import finished_roll_sheets

        sheets = finished_roll_sheets(side, problems)
    problems.raise_if_any()
    for edition in dict.fromkeys(g.edition for g, _ in selected if g.edition is not None):
        if edition.missing:
            (warn or ignore)(edition.missing_message())
    nothing = {id(selected[r.index][1]) for r in results if r.nothing_to_print}
    jobs = [job for job in jobs if id(job.comp) not in nothing]
    if record is not None:
        record["checks"] = session.checks
        record["jobs"] = jobs
    if checked is not None:
        checked.extend((game, comp) for game, comp in selected)
    if not write:  # validate: the outputs were made, and go nowhere
        return []
    # stage, then record
    written = _stage(jobs, work, results, writer, session,
                     [(path, data) for path, _, _, data in sheets])
    cache.finish(jobs, options, _made_from(work, results), planned,
                 [(path, game, inputs) for path, game, inputs, _ in sheets], every_sheet)
    return written


def _made_from(work: BuildWork, results: list) -> dict[Path, tuple[Path, ...]]:
    """Return the files each planned output's build read (preparing its component, rendering
    it), by output path; reported to the build's record of reads too, since workers read
    them in their own processes."""
    made_from = {}
    for result in results:
        for index, read in result.job_reads.items():
            files = tuple(dict.fromkeys(result.reads + read))
            opened_all(files)
            made_from[work.jobs[index].path] = files
    return made_from



def _base_game(project: Project, game_id: str | None, component_ids: list[str] | None,
               options: BuildOptions, problems: ProblemList) -> list | None:
    """Return a variant build's base game, prepared only to tell changed faces (its own
    session: nothing of it printed or checked); None for any other build."""
    if not options.variant or problems.problems:
        return None
    return Session(project, print_checks=False, keys_only=True).prepare_all(
        select(project, game_id, component_ids or []))



def _stage(jobs: list[Job], work: BuildWork, results: list, writer, session: Session,
           extra: list[tuple[Path, bytes]] = ()) -> list[Path]:
    """Write every rendered output, the ``extra`` files (the roll sheets: path, bytes) and,
    asked for, the previews into a staging folder and move them into place together; return
    the paths written."""
    from .staging import Staging  # start-up: only a build that renders stages anything

    options = work.options
    outputs = {work.jobs[index].path: output for result in results
               for index, output in result.outputs}
    previews: dict[str, list] = {}
    with Staging(writer) as staging:
        for job in jobs:
            kind, data = outputs[job.path]
            if kind == "folder":
                staging.folder(job.path, data)
            else:
                if options.previews:  # read before a written file is moved into staging
                    previews.setdefault(job.game.spec.id, []).append(
                        (job.path, data if isinstance(data, bytes) else data.read_bytes()))
                staging.file(job.path, data)
        for path, data in extra:
            staging.file(path, data)
        _stage_previews(previews, writer, staging, session, options.simulate)
        staging.commit()
    return [final for _, final in staging.moves]



def _report_skips(found: list | None, skipped: list | None) -> None:
    """Pass the components a game-wide build left out to the caller's list, once each."""
    if found and skipped is not None:
        skipped.extend(s for s in dict.fromkeys(found) if s not in skipped)


def _merge_problems(results, planning: ProblemList, problems: ProblemList, warn,
                    checks_stop: bool) -> None:
    """Gather the components' mistakes into ``problems`` and pass their warnings to ``warn``,
    in the order one process finds them: preparing, print checks, the plan, page fits."""
    for result in results:
        problems.problems.extend(result.problems)
    for result in results:
        for problem in result.warnings:
            (warn or ignore)(problem)
    for result in results:
        for problem in result.check_warnings:
            (warn or ignore)(problem)
    if checks_stop:
        for result in results:
            problems.problems.extend(result.check_failures)
    problems.problems.extend(planning.problems)
    for result in results:
        problems.problems.extend(result.misfits + result.render_problems)


def _stage_previews(built: dict, writer, staging, session: Session,
                    simulate: str | None = None) -> None:
    """Stage a PNG of each PDF's first page and a contact sheet per game.

    ``simulate`` (protan, deutan, tritan) adds the same previews as a colour-blind player sees
    them, named ``<output>-<simulate>.png`` and ``contact-sheet-<simulate>.png``.
    """
    if not built:
        return
    from .previews import contact_sheet, first_page_png, simulated_png  # PIL: --previews only

    font = session.fonts.files["body"]["regular"]
    for game_id, outputs in built.items():
        entries, simulated = [], []
        for pdf_path, data in outputs:
            png = first_page_png(data)
            staging.file(writer.claim(f"{game_id}/previews/{pdf_path.stem}.png", pdf_path.stem),
                         png)
            entries.append((pdf_path.stem, png))
            if simulate:
                seen = simulated_png(png, simulate)
                name = f"{pdf_path.stem}-{simulate}"
                staging.file(writer.claim(f"{game_id}/previews/{name}.png", name), seen)
                simulated.append((f"{pdf_path.stem} ({simulate})", seen))
        sheet_path = writer.claim(f"{game_id}/contact-sheet.png", "contact sheet")
        staging.file(sheet_path, contact_sheet(entries, font))
        if simulate:
            path = writer.claim(f"{game_id}/contact-sheet-{simulate}.png", "contact sheet")
            staging.file(path, contact_sheet(simulated, font))



class _Bar:
    """A progress bar's one method the build calls: ``update(n, output name)``."""

    def __init__(self, bar=None):
        self.bar = bar

    def update(self, n: int, name: str) -> None:
        """Advance the bar by ``n`` outputs, showing ``name`` (nothing when there is no bar)."""
        if self.bar is not None:
            self.bar.update(n, name)


@contextmanager
def progress_bar(total: int, enabled: bool) -> Iterator[_Bar]:
    """Show a bar over ``total`` outputs while the block runs (only when ``enabled`` and more
    than three); the bar is closed however the block ends."""
    if not enabled or total <= 3:
        yield _Bar()
        return
    with click.progressbar(length=total, label="building", file=None,
                           item_show_func=lambda name: name or "") as bar:
        yield _Bar(bar)
