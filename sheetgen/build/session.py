"""The fill stage of one run: fonts, icons, templates, profiles and credits, shared by every
component a validate, build, check or the studio prepares.

A Session gives each component a FaceBuilder seeing its game, the component and the credits,
and prepares components into faces (``prepare_all``, or ``prepare`` with a builder of the
caller's own, as the studio's memoising one); the print checks found while preparing are kept
per component and split into failures and warnings afterwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..base.errors import ProblemList, UserError, user_error
from ..load import reads
from ..load.loading import LoadedComponent, LoadedGame
from ..load.project import GAME_FILE, Project
from ..load.reads import ReadRecorder
from ..load.yamlload import line_of, load_yaml

if TYPE_CHECKING:
    from ..impose.components.contract import Prepared


def ignore(_problem) -> None:
    """Drop a warning (the API's default; the CLI prints them)."""


class Session:
    """Fonts, icons, templates and face builders shared by one validate or build run."""

    def __init__(self, project: Project, print_checks: bool = True, keys_only: bool = False,
                 recorder: ReadRecorder | None = None):
        """``print_checks=False`` prepares faces only to compare them (a variant's base game,
        one side of a diff): nothing of that session is printed, so nothing is checked.
        ``keys_only`` also skips building each face's elements: its key tells it apart.
        ``recorder``: the build's record of reads (sheetgen.load.reads), when it started
        before the session (a build records its loading too); by default the session's own."""
        self.project = project
        self.print_checks, self.keys_only = print_checks, keys_only
        self.recorder = recorder if recorder is not None else ReadRecorder()
        # the files read by the session itself (fonts.yaml, profiles, credits): every output's
        self.shared = ReadRecorder()
        self._prepared_reads: dict[int, tuple] = {}  # id(component) -> (it, files it read)
        # a big deck's faces made and checked in the build's workers (FaceBuilder's
        # make_elsewhere; component_build.py sets it while it prepares one component)
        self.make_elsewhere = None
        with self.recorder.recording(), self.shared.recording():
            self._open_books(project)

    def _open_books(self, project: Project) -> None:
        """Read the project's fonts, icons, templates, profiles and credits registries."""
        from ..fill.fonts import FontBook
        from ..fill.icons import IconBook
        from ..load.profiles import ProfileBook
        from ..load.templates import TemplateBook
        from .credits import ArtSets

        self.fonts = FontBook.for_project(project)
        self.icons = IconBook.for_project(project)
        self.templates = TemplateBook(project)
        self._rulings: dict[int, tuple] = {}  # id(game) -> (game, its ruling() function)
        self._edition_templates: dict[int, TemplateBook] = {}  # id(Edition) -> its templates
        self.profiles = ProfileBook.for_project(project)
        self._art_sets = ArtSets(project)
        self.credits = self._art_sets.credits
        # (id(Edition), art sets) -> (the edition, its Credits)
        self._edition_credits: dict[tuple, tuple] = {}
        self.warnings: list = []
        # (game, component, ComponentChecks) of every prepared component
        self.checks: list = []

    def reads(self) -> list[Path]:
        """Return every file this session's work has read so far (and every place it looked
        for one that was absent), in the order first read: what a build, ``watch`` or the
        studio depends on (sheetgen.load.reads)."""
        return self.recorder.files()

    def recording(self):
        """Return a context manager recording, into :meth:`reads`, every file read while it
        runs (loading games, preparing, rendering)."""
        return self.recorder.recording()

    def reads_of(self, game: LoadedGame, comp: LoadedComponent) -> set[Path]:
        """Return the files a component's outputs depend on, as far as this session knows:
        the session's own (fonts.yaml, profiles, credits), the game's and the component's
        (loading), the templates its settings name with their ``extends`` chain, and, once
        this session prepared it, everything preparing it read (fonts, icons, art, images)."""
        from .credits import template_chain, template_names

        with ReadRecorder().recording() as chain:
            template_chain(self.project, template_names(comp.model), self._art_sets.chains)
        entry = self._prepared_reads.get(id(comp))
        prepared = entry[1] if entry is not None and entry[0] is comp else ()
        return {*self.shared.files(), *game.reads, *comp.reads, *chain.files(), *prepared}

    def art_sets(self, game: LoadedGame, comp: LoadedComponent) -> tuple[str, ...]:
        """Return the art sets ``comp``'s credits block credits (credits.ArtSets), once."""
        return self._art_sets(game, comp)

    def game_art_sets(self, game: LoadedGame) -> tuple[str, ...]:
        """Return the art sets of every component of ``game`` (credits.ArtSets.of_game)."""
        return self._art_sets.of_game(game)

    def _ruling(self, game: LoadedGame):
        """Return the game's ``ruling(code)`` template function (checks/rulings.py), made
        once per game; the rulings are read from every component of the game, those this
        build did not select loaded when a template first asks for a ruling."""
        from ..checks.rulings import ruling_function

        if id(game) not in self._rulings:
            self._rulings[id(game)] = (game, ruling_function(lambda: self._game_rulings(game)))
        return self._rulings[id(game)][1]

    def _game_rulings(self, game: LoadedGame) -> tuple:
        """Return the rulings of ``game`` and the files that define them."""
        from ..checks.rulings import front_prefix, game_rulings
        from ..load.loading import load_game_files

        components = list(game.components)
        loaded = {comp.model.id for comp in components}
        missing = [cid for cid in game.spec.components if cid not in loaded]
        if missing:  # their mistakes are their own build's to report
            rest = load_game_files(self.project, game.spec.id, missing, ProblemList())
            if rest is not None:
                components.extend(rest.components)
        rulings = game_rulings(components, front_prefix(self.templates))
        files = [path for comp in components if comp.model.id in rulings.components
                 for path in comp.reads]
        return rulings, files

    def credits_of(self, game: LoadedGame, art_sets: tuple[str, ...] = ()):
        """Return the credits as ``game`` prints them: in its edition's words, with those of
        the art sets ``art_sets`` (translated once per edition and sets, so the build's
        first call, in the main process, records what the edition lacks)."""
        if game.edition is None:
            return self.credits
        key = (id(game.edition), tuple(art_sets))
        entry = self._edition_credits.get(key)
        if entry is None or entry[0] is not game.edition:
            entry = self._edition_credits[key] = (
                game.edition, self.credits.in_edition(game.edition, art_sets))
        return entry[1]

    def builder(self, game: LoadedGame, component: LoadedComponent):
        """Return a FaceBuilder whose templates see the game, the component and credits."""
        from ..fill.faces import FaceBuilder

        spec = game.spec
        art_sets = self.art_sets(game, component)
        globals_ = {"game": spec.model_dump(),
                    "credits": self.credits_of(game, art_sets).block(spec.credits, art_sets),
                    "component": {"id": component.model.id, "title": component.model.title},
                    "ruling": self._ruling(game)}
        from ..checks.findings import ComponentChecks

        templates = self.templates
        if game.edition is not None:
            from ..load.templates import TemplateBook

            templates = self._edition_templates.setdefault(
                id(game.edition), TemplateBook(self.project, game.edition))
        if component.element_changes:
            from ..load.variant_changes import patched_templates  # start-up: variant builds only

            templates = patched_templates(templates, component.element_changes)
        self._check_symbol_pictures(game)
        builder = FaceBuilder(self.project, templates, self.fonts, self.icons, spec.colors,
                              globals_, spec.symbols)
        if game.edition is not None and game.edition.spec is not None:
            builder.font_roles = game.edition.spec.fonts
        if game.edition is not None and not game.edition.pseudo:
            builder.language = game.edition.code
        if self.print_checks:
            builder.checks = ComponentChecks(spec.print_checks, self.fonts, self.icons)
        builder.keys_only = self.keys_only
        builder.make_elsewhere = self.make_elsewhere
        return builder

    def _check_symbol_pictures(self, game: LoadedGame) -> None:
        """Raise a UserError at game.yaml's line when a symbol names a picture that does not
        exist or cannot be drawn (a legend draws it without a template line of its own)."""
        for name, symbol in game.spec.symbols.items():
            try:
                self.icons.check(symbol.icon)
            except ValueError as exc:
                path = game.folder / GAME_FILE
                line = line_of(load_yaml(path), ("symbols", name, "icon"))
                raise user_error(path, line, f"symbol {name!r}: {exc}") from None

    def prepare(self, game: LoadedGame, component: LoadedComponent, builder=None) -> Prepared:
        """Return one component's faces, built by ``builder`` (default: a new one of this
        session; a warm client passes its own, as the studio's memoising one) after the
        component's own checks; a mistake is raised."""
        from ..impose.components import component_for  # start-up: the kinds load to prepare faces

        with self.recording(), reads.part() as read:
            try:
                builder = builder or self.builder(game, component)
                if builder.checks is not None:
                    builder.checks.check_component(component, game.spec.colors)
                prepared = component_for(component.model).prepare(builder, component)
                if builder.checks is not None and game.spec.symbols:
                    builder.checks.check_symbols(component, game.spec, builder.symbols_seen)
                return prepared
            finally:  # what preparing it read: reads_of gives it to the studio and the record
                self._prepared_reads[id(component)] = (component, tuple(read.files()))

    def prepare_all(self, selected, problems: ProblemList | None = None
                    ) -> list[tuple[LoadedGame, LoadedComponent, Prepared]]:
        """Build every face of every selected component, collecting all problems (raised
        together, or recorded in ``problems`` when given)."""
        own = problems is None
        problems = ProblemList() if own else problems
        prepared = []
        for game, comp in selected:
            with self.recording(), reads.part() as read:
                builder = self.builder(game, comp)
                try:
                    prepared.append((game, comp, self.prepare(game, comp, builder)))
                except UserError as exc:
                    problems.extend(exc)
            self._prepared_reads[id(comp)] = (comp, tuple(read.files()))
            self.warnings.extend(dict.fromkeys([*comp.warnings, *builder.warnings]))
            if builder.checks is not None:
                self.checks.append((game, comp, builder.checks))
        if own:
            problems.raise_if_any()
        return prepared

    def forget_except(self, games, components) -> None:
        """Forget what this session keeps of games and components other than ``games`` and
        ``components`` (a warm client's live ones, after it loaded them again): their reads,
        rulings and art sets would otherwise keep every earlier load alive."""
        keep = {id(x) for x in (*games, *components)}
        self._prepared_reads = {k: v for k, v in self._prepared_reads.items() if k in keep}
        self._rulings = {k: v for k, v in self._rulings.items() if k in keep}
        self._art_sets.forget_except(games)

    def reload_templates(self) -> None:
        """Read the templates again (a template file changed), for the builders made next."""
        from ..load.templates import TemplateBook

        self.templates = TemplateBook(self.project)
        self._art_sets.chains.clear()  # the templates' files and extends, found again
        self._edition_templates.clear()
        self._rulings.clear()  # a front template's prefix may have changed

    def apply_print_checks(self, warn, problems: ProblemList) -> None:
        """Record the failures of enforced games in ``problems``; pass warn-mode games'
        failures to ``warn``."""
        from ..checks.findings import split_problems

        failures, warnings = split_problems([checks for _, _, checks in self.checks])
        for problem in warnings:
            (warn or ignore)(problem)
        problems.problems.extend(failures)

