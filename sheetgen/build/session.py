"""The fill stage of one run: fonts, icons, templates, profiles and credits, shared by every
component a validate, build, check or the studio prepares.

A Session gives each component a FaceBuilder seeing its game, the component and the credits,
and prepares components into faces (``prepare_all``, or ``prepare`` with a builder of the
caller's own, as the studio's memoising one); the print checks found while preparing are kept
per component and split into failures and warnings afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.errors import ProblemList, UserError
from ..load.loading import LoadedComponent, LoadedGame
from ..load.project import Project

if TYPE_CHECKING:
    from ..impose.components.contract import Prepared


def ignore(_problem) -> None:
    """Drop a warning (the API's default; the CLI prints them)."""


class Session:
    """Fonts, icons, templates and face builders shared by one validate or build run."""

    def __init__(self, project: Project, print_checks: bool = True, keys_only: bool = False,
                 art_sets=None):
        """``print_checks=False`` prepares faces only to compare them (a variant's base game,
        one side of a diff): nothing of that session is printed, so nothing is checked.
        ``keys_only`` also skips building each face's elements: its key tells it apart.
        ``art_sets`` (credits.ArtSets): the build's, when its record has asked already."""
        from ..fill.fonts import FontBook
        from ..fill.icons import IconBook
        from ..load.profiles import ProfileBook
        from ..load.templates import TemplateBook
        from .credits import ArtSets

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
        from ..fill.faces import FaceBuilder

        spec = game.spec
        globals_ = {"game": spec.model_dump(),
                    "credits": self.credits.block(spec.credits, self.art_sets(game)),
                    "component": {"id": component.model.id, "title": component.model.title}}
        from ..checks.findings import ComponentChecks

        templates = self.templates
        if game.edition is not None:
            from ..load.templates import TemplateBook

            templates = self._edition_templates.setdefault(
                id(game.edition), TemplateBook(self.project, game.edition))
        if component.element_changes:
            from ..load.variant_changes import patched_templates  # start-up: variant builds only

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
        from ..impose.components import component_for  # start-up: the kinds load to prepare faces

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
        from ..checks.findings import split_problems

        failures, warnings = split_problems([checks for _, _, checks in self.checks])
        for problem in warnings:
            (warn or ignore)(problem)
        problems.problems.extend(failures)

