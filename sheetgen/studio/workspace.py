"""The studio's warm state: every game shown, its components prepared, kept between edits.

A saved file is reloaded with the build's own loader (which re-reads only changed files); then
only the components fed by a changed file are prepared again, with the FaceBuilder they had,
so an item whose values did not change gets its face back from the builder's cache and only
the edited faces are filled, fitted and checked. A template change gives the components that
use it a new builder; fonts, icons or profiles changing start everything afresh. A mistake
keeps the component's last good faces (marked stale) and records every problem.
"""

from __future__ import annotations

import threading
from pathlib import Path

from ..build.session import Session
from ..build.validate import validate_extras
from ..impose.components import component_for
from ..base.errors import ProblemList, UserError
from ..generate.games import load_game
from ..load.templates import TemplateBook
from .judge import judge
from .memo import MemoBuilder
from .views import ComponentView, GameView


class Workspace:
    """The games the studio has opened, refreshed in place after every change."""

    def __init__(self, project):
        self.project = project
        self.lock = threading.RLock()   # requests and refreshes run in different threads
        self.session = Session(project, print_checks=False)
        self.views: dict[tuple, GameView] = {}
        self.version = 0                # bumped by every refresh: the page asks again
        self.generation = 0             # bumped when fonts, icons or profiles change
        self._folders: dict[str, list[Path]] = {}   # data, templates, fonts: resolved

    def view(self, game_id: str, variant: str | None = None) -> GameView:
        """Return the view of a game, loading it the first time (each component is prepared
        when first asked for: ``ready``)."""
        with self.lock:
            key = (game_id, variant)
            if key not in self.views:
                view = GameView(game_id, variant)
                self._reload(view, set(), everything=True)
                self.views[key] = view
            return self.views[key]

    def ready(self, view: GameView, cid: str, judged: bool = True) -> ComponentView:
        """Return a component of ``view``, prepared the first time it is asked for (and
        judged, unless ``judged`` is False: then ``judge_late`` does it)."""
        with self.lock:
            cv = view.components[cid]
            if cv.pending:
                cv.inputs = self._inputs(cv.game, cv.comp)
                builder = MemoBuilder(self.session.builder(cv.game, cv.comp))
                cv = view.components[cid] = self._prepare(cv.game, cv.comp, builder,
                                                          cv.inputs, None, judged)
            if judged:
                self.judge_late(view, cid)
            return cv

    def judge_pending(self) -> bool:
        """Judge every component prepared without its checks; return whether any was."""
        with self.lock:
            judged = [self.judge_late(view, cid) for view in self.views.values()
                      for cid in list(view.components)]
            if any(judged):
                self.version += 1
            return any(judged)

    def judge_late(self, view: GameView, cid: str) -> bool:
        """Run the print checks and fits of a component prepared without them; return
        whether there were any to run (the page then has more to show)."""
        with self.lock:
            cv = view.components.get(cid)
            if cv is None or not cv.unjudged:
                return False
            self._judge(cv, None)
            return True

    def ready_all(self, view: GameView) -> GameView:
        """Prepare every component of ``view`` not prepared yet; return the view."""
        for cid in list(view.components):
            self.ready(view, cid)
        return view

    def refresh(self, paths: set) -> list[tuple]:
        """Take in saved, added or deleted files; return the (game, variant) views changed."""
        paths = {Path(p).resolve() for p in paths}
        with self.lock:
            self.version += 1
            if any(self._shared(p) for p in paths):
                self.session = Session(self.project, print_checks=False)
                self.generation += 1
                for view in self.views.values():
                    self._reload(view, paths, everything=True)
                return list(self.views)
            templates = {p for p in paths if self._under(p, "templates")}
            if templates:
                self.session.templates = TemplateBook(self.project)
            changed = []
            for key, view in self.views.items():
                try:
                    folder = self.project.game_dir(view.game_id).resolve()
                except UserError:  # the game's folder is gone: loading says so
                    folder = None
                touched = {p for p in paths if folder is None or p.is_relative_to(folder)}
                if touched or templates:
                    self._reload(view, touched | templates)
                    changed.append(key)
            return changed

    def _under(self, path: Path, name: str) -> bool:
        if name not in self._folders:
            self._folders[name] = [d.resolve() for d in self.project.subdirs(name)]
        return any(path.is_relative_to(d) for d in self._folders[name])

    def _inputs(self, game, comp) -> set[Path]:
        """Return the files (resolved) a component's faces depend on."""
        return {Path(p).resolve() for p in self.session.reads_of(game, comp)}

    def _shared(self, path: Path) -> bool:
        """Return whether a change to ``path`` may alter every face: fonts, icons, images of
        the templates folder, or a profile registry."""
        return (self._under(path, "fonts") or path.name == "profiles.yaml"
                or (self._under(path, "templates") and path.suffix != ".yaml"))

    def _reload(self, view: GameView, touched: set, everything: bool = False) -> None:
        """Load the game again and prepare each component that ``touched`` files feed."""
        problems = ProblemList()
        try:
            game = load_game(self.project, view.game_id, variant=view.variant,
                             problems=problems)
        except UserError as exc:
            problems.extend(exc)
            game = None
        extras = ProblemList()  # dice.yaml and every variant file, checked as validate does
        try:
            validate_extras(self.project, view.game_id, extras)
        except UserError as exc:  # the game's folder is gone: loading said so already
            extras.extend(exc)
        view.load_problems = list(dict.fromkeys(problems.problems + extras.problems))
        if game is None:
            for old in view.components.values():
                old.stale = True
            return
        folder = Path(game.folder).resolve()
        fresh = everything or (folder / "game.yaml") in touched
        templates = {p.stem for p in touched if p.suffix == ".yaml" and self._under(p, "templates")}
        components = {}
        for comp in game.components:
            old = None if everything else view.components.get(comp.model.id)
            if old is None or old.pending:  # prepared when someone asks for it
                components[comp.model.id] = ComponentView(comp, None, game, set(),
                                                          pending=True)
                continue
            uses = {p.stem for p in old.inputs if self._under(p, "templates")}
            if not old.stale and not fresh and not uses & templates \
                    and not touched & old.inputs and Path(comp.path).resolve() not in touched:
                old.comp, old.game = comp, game
                components[comp.model.id] = old
                continue
            inputs = self._inputs(game, comp)
            # a builder sees the game, the component's id and title and a variant's element
            # changes: when those change, a new builder
            warm = (old is not None and not fresh and not uses & templates
                    and (old.comp.model.title, old.comp.element_changes)
                    == (comp.model.title, comp.element_changes))
            builder = old.builder if warm else MemoBuilder(self.session.builder(game, comp))
            # judged after the new faces are on the page (judge_pending)
            components[comp.model.id] = self._prepare(game, comp, builder, inputs, old, False)
        if problems.problems:  # a component that failed to load keeps its last good faces
            for cid, old in view.components.items():
                if cid not in components:
                    old.stale = True
                    components[cid] = old
        view.game, view.components = game, components

    def _prepare(self, game, comp, builder, inputs: set, old, judged: bool = True
                 ) -> ComponentView:
        """Prepare one component with ``builder`` and judge it (or leave that for later);
        on a mistake keep ``old``'s faces, marked stale."""
        view = ComponentView(comp, builder, game, inputs)
        warned = len(builder.warnings)
        try:
            view.prepared = component_for(comp.model).prepare(builder, comp)
        except UserError as exc:
            view.problems = list(exc.problems)
            view.stale = True
            if old is not None:
                view.prepared, view.verdict = old.prepared, old.verdict
        view.warnings = list(dict.fromkeys(builder.warnings[warned:]))
        del builder.warnings[warned:]
        if view.stale:
            return view
        builder.forget_unused(set(view.faces()))
        if old is not None:  # the last checks stand until this one is judged
            view.verdict, view.problems = old.verdict, list(old.verdict.failures)
        view.unjudged = True
        if judged:
            self._judge(view, old)
        return view

    def _judge(self, view: ComponentView, old) -> None:
        """Run a prepared component's print checks and fits (each face checked once)."""
        checked = old.verdict.checked if old is not None else view.verdict.checked
        view.verdict = judge(self.session, view.game, view.comp, view.prepared, checked)
        view.problems = view.verdict.failures
        view.warnings += view.verdict.warnings
        view.unjudged = False
