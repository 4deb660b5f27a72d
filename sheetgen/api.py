"""The Python API the CLI and the tests share: list, validate, build.

A build gathers and validates everything first (every game, component and face, collecting all
problems), and only then writes, so a mistake anywhere leaves every previous file untouched.
"""

from __future__ import annotations

import math
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import click

from .build.component_build import BuildOptions, BuildWork, Job, build_components, fit_problems
from .base.errors import ProblemList, UserError
from .generate.games import load_game
from .load.loading import LoadedComponent, LoadedGame
from .load.project import DICE_FILE, VARIANTS_DIR, Project
from .base.units import MM
from .base.suggest import command, unknown

if TYPE_CHECKING:
    from .checks.report import CheckReport
    from .impose.components.contract import Prepared

@dataclass
class GameSummary:
    """A game and its components, for ``sheetgen list``."""

    id: str
    name: str
    components: list = field(default_factory=list)


@dataclass
class ComponentSummary:
    """One component line of ``sheetgen list``."""

    id: str
    kind: str
    title: str


def list_games(project: Project) -> list[GameSummary]:
    """Return every game with its components (loading validates them)."""
    out = []
    for gid in project.game_ids():
        game = load_game(project, gid)
        out.append(GameSummary(gid, game.spec.name, [
            ComponentSummary(c.model.id, c.model.kind, c.model.title) for c in game.components]))
    return out


def _select(project: Project, game_id: str | None, component_ids: list[str],
            variant: str | None = None, skip: set[str] = frozenset(),
            problems: ProblemList | None = None):
    """Load the chosen games and components (but not the games in ``skip``, known to be up to
    date); collect problems across all of them.

    With ``problems`` given, mistakes are recorded there and every component that loaded is
    returned; otherwise they are raised together.
    """
    own = problems is None
    problems = ProblemList() if own else problems
    if component_ids and not game_id:
        raise UserError("name a game before its components")
    if variant and not game_id:
        raise UserError("name the game whose variant to build, e.g. "
                        f"{command(f'GAME --variant {variant}')}")
    selected: list[tuple[LoadedGame, LoadedComponent]] = []
    for gid in [game_id] if game_id else project.default_game_ids():
        if gid in skip:
            continue
        try:
            game = load_game(project, gid, only=component_ids or None, variant=variant,
                             problems=problems)
        except UserError as exc:
            problems.extend(exc)
            continue
        if game is None:
            continue
        loaded = {comp.model.id: comp for comp in game.components}
        for cid in component_ids or list(loaded):
            if cid in loaded:
                selected.append((game, loaded[cid]))
    if own:
        problems.raise_if_any()
    return selected


class Session:
    """Fonts, icons, templates and face builders shared by one validate or build run."""

    def __init__(self, project: Project, print_checks: bool = True, keys_only: bool = False,
                 art_sets=None):
        """``print_checks=False`` prepares faces only to compare them (a variant's base game,
        one side of a diff): nothing of that session is printed, so nothing is checked.
        ``keys_only`` also skips building each face's elements: its key tells it apart.
        ``art_sets`` (credits.ArtSets): the build's, when its record has asked already."""
        from .fill.fonts import FontBook
        from .fill.icons import IconBook
        from .tools.credits import ArtSets
        from .load.profiles import ProfileBook
        from .load.templates import TemplateBook

        self.project = project
        self.print_checks, self.keys_only = print_checks, keys_only
        self.fonts = FontBook.for_project(project)
        self.icons = IconBook.for_project(project)
        self.templates = TemplateBook(project)
        self._edition_templates: dict[int, TemplateBook] = {}  # id(Edition) -> its templates
        self.profiles = ProfileBook.for_project(project)
        self._art_sets = art_sets or ArtSets(project)
        self.credits = self._art_sets.credits
        self.warnings: list = []
        # (game, component, ComponentChecks) of every prepared component
        self.checks: list = []

    def art_sets(self, game: LoadedGame) -> tuple[str, ...]:
        """Return the art sets a game's files name (its credits block credits them), once."""
        return self._art_sets(game)

    def builder(self, game: LoadedGame, component: LoadedComponent):
        """Return a FaceBuilder whose templates see the game, the component and credits."""
        from .fill.faces import FaceBuilder

        spec = game.spec
        globals_ = {"game": spec.model_dump(),
                    "credits": self.credits.block(spec.credits, self.art_sets(game)),
                    "component": {"id": component.model.id, "title": component.model.title}}
        from .checks.findings import ComponentChecks

        templates = self.templates
        if game.edition is not None:
            from .load.templates import TemplateBook

            templates = self._edition_templates.setdefault(
                id(game.edition), TemplateBook(self.project, game.edition))
        if component.element_changes:
            from .load.variant_changes import patched_templates  # start-up: variant builds only

            templates = patched_templates(templates, component.element_changes)
        builder = FaceBuilder(self.project, templates, self.fonts, self.icons, spec.colors,
                              globals_)
        if self.print_checks:
            builder.checks = ComponentChecks(spec.print_checks, self.fonts, self.icons)
        builder.keys_only = self.keys_only
        return builder

    def prepare_all(self, selected, problems: ProblemList | None = None
                    ) -> list[tuple[LoadedGame, LoadedComponent, Prepared]]:
        """Build every face of every selected component, collecting all problems (raised
        together, or recorded in ``problems`` when given)."""
        from .impose.components import component_for  # start-up: the kinds load to prepare faces

        own = problems is None
        problems = ProblemList() if own else problems
        prepared = []
        for game, comp in selected:
            builder = self.builder(game, comp)
            try:
                if builder.checks is not None:
                    builder.checks.check_component(comp, game.spec.colors)
                prepared.append((game, comp, component_for(comp.model).prepare(builder, comp)))
            except UserError as exc:
                problems.extend(exc)
            self.warnings.extend(dict.fromkeys(builder.warnings))
            if builder.checks is not None:
                self.checks.append((game, comp, builder.checks))
        if own:
            problems.raise_if_any()
        return prepared

    def apply_print_checks(self, warn, problems: ProblemList) -> None:
        """Record the failures of enforced games in ``problems``; pass warn-mode games'
        failures to ``warn``."""
        from .checks.findings import split_problems

        failures, warnings = split_problems([checks for _, _, checks in self.checks])
        for problem in warnings:
            (warn or _ignore)(problem)
        problems.problems.extend(failures)


def validate(project: Project, game_ids: list[str] | None = None, warn=None,
             profiles: list[str] | None = None, component_ids: list[str] | None = None) -> int:
    """Load, fill and fit every face of the chosen games (or only ``component_ids`` of one
    game), check their dice.yaml and variant files; return how many components are valid.

    Faces are fitted to every profile the components would build (``profiles``, or each
    component's defaults), so a face too large for its page is found without building. One
    run reports every independent mistake, across files and stages.
    """
    problems = ProblemList()
    if component_ids and len(game_ids or []) != 1:
        raise UserError("name a game before its components")
    ids = game_ids or project.default_game_ids()
    selected = []
    for gid in ids:
        selected.extend(_select(project, gid, component_ids or [], problems=problems))
    for gid in ids:
        validate_extras(project, gid, problems, component_ids or None)
    session = Session(project)
    prepared = session.prepare_all(selected, problems)
    for problem in session.warnings:
        (warn or _ignore)(problem)
    session.apply_print_checks(warn, problems)
    fit_problems(_plan_jobs(prepared, BuildOptions(profiles=profiles), None, session.profiles,
                            problems, None if component_ids else []), problems)
    problems.raise_if_any()
    return len(selected)


def validate_extras(project: Project, game_id: str, problems: ProblemList,
                     component_ids: list[str] | None = None) -> None:
    """Check a game's dice.yaml (rules, decks, every mode) and each of its variant files
    (applied to ``component_ids``, or to every component)."""
    from .dice.load import load_game_dice
    from .load.variants import variant_names

    folder = project.game_dir(game_id)
    if (folder / DICE_FILE).is_file():
        try:
            load_game_dice(project, game_id, use_cache=False)
        except UserError as exc:
            problems.extend(exc)
    for name in variant_names(folder):
        if (folder / VARIANTS_DIR / f"{name}.yaml").is_file():
            try:
                load_game(project, game_id, only=component_ids, variant=name)
            except UserError as exc:
                problems.extend(exc)


def _ignore(_problem) -> None:
    """Drop a warning (the API's default; the CLI prints them)."""


def build(project: Project, game_id: str | None = None, component_ids: list[str] | None = None,
          options: BuildOptions | None = None, progress: bool = False, warn=None,
          record: dict | None = None, skipped: list | None = None) -> list[Path]:
    """Build the chosen components in their profiles; return the paths written.

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
    # start-up: only a build reads the record, stages outputs and plans with profiles
    from .build.build_record import BuildRecord
    from .tools.credits import ArtSets
    from .base.output import OutputWriter
    from .load.profiles import ProfileBook

    options = options or BuildOptions()
    # every independent mistake, of every file and stage, is recorded and raised together
    problems = ProblemList()
    out_dir = Path(options.out_dir) if options.out_dir else project.out_dir
    writer = OutputWriter(out_dir)
    # --no-cache builds everything but still records it; variant, preview and check builds
    # (whose outputs depend on more than one component) neither read nor write the record
    art_sets = ArtSets(project)  # asked by the record and the faces' credits: found once
    # an edition's build is not recorded yet: its outputs are rebuilt every time
    recorded = (record is None and not options.variant and not options.previews
                and project.edition is None)
    cache = BuildRecord.start(project, out_dir, recorded, game_id, component_ids or [], options,
                              art_sets)
    # select
    selected = _select(project, game_id, component_ids or [], options.variant,
                       skip=cache.fresh, problems=problems)
    planned = None  # every output of the command, when the cache picks the stale ones
    skips: list | None = None if component_ids else []
    if cache.enabled and options.cache and not problems.problems:
        planned = _plan_jobs([(g, c, None) for g, c in selected], options,
                             OutputWriter(out_dir), ProfileBook.for_project(project),
                             skipped=skips)
        _report_skips(skips, skipped)
        selected = cache.stale(selected, planned, options)
        if not selected:
            cache.remember(planned)
            return []
    # plan
    session = Session(project, art_sets=art_sets)
    planning = ProblemList()
    again = None if skips is None else [] if planned is not None else skips  # reported once
    jobs = _plan_jobs([(g, c, None) for g, c in selected], options, writer, session.profiles,
                      planning, again)
    _report_skips(again if planned is None else None, skipped)
    _warn_safe_areas(jobs, warn)
    # prepare and render (component_build: in this process or in workers)
    work = BuildWork(session, selected, jobs, options,
                     _base_game(project, game_id, component_ids, options, problems),
                     checks_stop=record is None,
                     render=not planning.problems and not problems.problems)
    with progress_bar(len(jobs), progress) as bar:
        # `check` reads each component's print checks back from this process's session
        results = build_components(work, options.jobs if record is None else 1, bar)
    _merge_problems(results, planning, problems, warn, checks_stop=record is None)
    problems.raise_if_any()
    for edition in dict.fromkeys(g.edition for g, _ in selected if g.edition is not None):
        if edition.missing:
            (warn or _ignore)(edition.missing_message())
    nothing = {id(selected[r.index][1]) for r in results if r.nothing_to_print}
    jobs = [job for job in jobs if id(job.comp) not in nothing]
    if record is not None:
        record["checks"] = session.checks
        record["jobs"] = jobs
    # stage, then record
    written = _stage(jobs, work, results, writer, session)
    cache.finish(jobs, options, {id(selected[r.index][1]): r.drawn for r in results}, planned,
                 session.icons.named_files())
    return written


def _warn_safe_areas(jobs: list[Job], warn) -> None:
    """Warn, once per game and profile, when a print shop's safe area is wider than the margin
    the game's print checks keep text and icons inside the trim."""
    from .base.errors import Problem

    seen = set()
    for job in jobs:
        shop, checks = job.profile.safe, job.game.spec.print_checks
        if shop is None or checks.safe_area_pt >= shop - 0.01:
            continue
        if (job.game.spec.id, job.profile.name) in seen:
            continue
        seen.add((job.game.spec.id, job.profile.name))
        (warn or _ignore)(Problem(
            str(job.game.folder / "game.yaml"), 0,
            f"{job.profile.name}'s cut may wander {shop / MM:.3f} mm inside the trim, and the "
            f"print checks keep text {checks.safe_area_pt / MM:g} mm inside it: set "
            f"print_checks: {{safe_area: {math.ceil(shop / MM * 10) / 10:g}mm}}"))


def _base_game(project: Project, game_id: str | None, component_ids: list[str] | None,
               options: BuildOptions, problems: ProblemList) -> list | None:
    """Return a variant build's base game, prepared only to tell changed faces (its own
    session: nothing of it printed or checked); None for any other build."""
    if not options.variant or problems.problems:
        return None
    return Session(project, print_checks=False, keys_only=True).prepare_all(
        _select(project, game_id, component_ids or []))


def _stage(jobs: list[Job], work: BuildWork, results: list, writer, session: Session
           ) -> list[Path]:
    """Write every rendered output (and, asked for, the previews) into a staging folder and
    move them into place together; return the paths written."""
    from .build.staging import Staging  # start-up: only a build that renders stages anything

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
                staging.file(job.path, data)
                if options.previews:
                    previews.setdefault(job.game.spec.id, []).append((job.path, data))
        _stage_previews(previews, writer, staging, session, options.simulate)
        staging.commit()
    return [final for _, final in staging.moves]


def run_check(project: Project, game_id: str | None, component_ids: list[str],
              options: BuildOptions, warn=None) -> CheckReport:
    """Build the chosen components (``options`` as for a build, into a temporary folder unless
    ``options.out_dir`` says where) and check every output; return the report."""
    from .checks.report import check_report  # start-up: only `check` reads its PDFs back

    record: dict = {}
    with tempfile.TemporaryDirectory(prefix="sheetgen-check-") as tmp:
        if options.out_dir is None:
            options.out_dir = tmp
        build(project, game_id, component_ids, options, warn=warn, record=record)
        _untranslated(record)
        return check_report(record, options)


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
            (warn or _ignore)(problem)
    for result in results:
        for problem in result.check_warnings:
            (warn or _ignore)(problem)
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
    from .build.previews import contact_sheet, first_page_png, simulated_png  # PIL: --previews only

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


def _plan_jobs(prepared, options: BuildOptions, writer, book,
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
    from .load.yamlload import line_of

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


def write_calibration(project: Project, paper: str, out_dir: str | Path | None,
                      back_offset_mm: tuple[float, float]) -> Path:
    """Write the duplex calibration sheet for ``paper`` and return its path."""
    from .impose.components.contract import RenderEnv
    from .impose.imposition.calibration import impose_calibration
    from .impose.imposition.common import ImposeOptions
    from .base.output import OutputWriter

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


def diff_game(project: Project, game_id: str, a: str | None, b: str | None,
              revision: str | None = None, out_file: str | Path | None = None):
    """Return the Diff of variant ``b`` against ``a`` (None: the base game), or against the
    project at git ``revision``; with ``out_file``, write the changed faces side by side."""
    from .tools.diff import changed_faces, diff_games, project_at_revision, side_by_side_pdf
    from .tools.dice_diff import dice_changes, dice_rules

    holder = None
    left_project = project
    if revision is not None:
        root, holder = project_at_revision(project, revision)
        left_project = Project(root)
    try:
        left = load_game(left_project, game_id, variant=a)
        right = load_game(project, game_id, variant=b)
        label_a = (f"{a or 'base'} at {revision}" if revision else a or "base")
        from .load.templates import TemplateBook

        result = diff_games(left, right, label_a, b or "base", TemplateBook(project))
        result.dice = dice_changes(dice_rules(left_project.game_dir(game_id), a),
                                   dice_rules(project.game_dir(game_id), b))
        if out_file:
            from .base.output import output_errors, write_target

            left_ready = Session(left_project, print_checks=False).prepare_all(
                [(left, c) for c in left.components])
            session = Session(project, print_checks=False)
            right_ready = session.prepare_all([(right, c) for c in right.components])
            pairs = changed_faces(left_ready, right_ready, result)
            data = side_by_side_pdf(pairs, session.fonts, session.icons,
                                    f"{game_id}: {result.a} -> {result.b}")
            if str(out_file).lower().endswith(".png"):
                data = _stacked_png(data)
            with output_errors():
                write_target(out_file, data)
    finally:
        if holder is not None:
            holder.cleanup()
    return result


def _stacked_png(pdf: bytes) -> bytes:
    """Return every page of ``pdf`` at 100 dpi, one under the other, as one PNG."""
    from PIL import Image

    from .write.raster import png_bytes, rasterise_pages

    pages = rasterise_pages(pdf, 100)
    sheet = Image.new("RGB", (max(p.width for p in pages), sum(p.height for p in pages)),
                      "white")
    y = 0
    for page in pages:
        sheet.paste(page, (0, y))
        y += page.height
    return png_bytes(sheet, 100)
