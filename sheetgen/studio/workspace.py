"""The studio's warm state: every game shown, its components prepared, kept between edits.

A saved file is reloaded with the build's own loader (which re-reads only changed files); then
only the components fed by a changed file are prepared again, with the FaceBuilder they had,
so an item whose values did not change gets its face back from the builder's cache and only
the edited faces are filled, fitted and checked. A template change gives the components that
use it a new builder; a change to a file the session holds (by the build's record of reads:
fonts, profiles, credits, icons, art, images) starts everything afresh. A component the
change feeds that no page shows is prepared again only once the new faces of those on show
are drawn (with the print checks), or when a page asks for it first. A mistake keeps the
component's last good faces (marked stale) and records every problem.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import threading
import time
from pathlib import Path

from ..base.errors import ProblemList, UserError
from ..build.judging import judge
from ..build.selection import count_guide, load_one, made_from_counts
from ..build.session import Session
from ..build.validate import validate_extras
from ..load import reads
from ..load.reads import ReadRecorder
from .memo import MemoBuilder
from .views import ComponentView, GameView


class Workspace:
    """The games the studio has opened, refreshed in place after every change."""

    def __init__(self, project):
        self.project = project
        self.lock = threading.RLock()   # requests and refreshes run in different threads
        # requests waiting for the lock: drawing an edit's pictures lets them in between its
        # documents (``turn``, ``give_way``), so a page has its answer before the last picture
        self._queue = threading.Condition(threading.Lock())
        self._waiting = 0
        self.session = self._session()
        self.views: dict[tuple, GameView] = {}
        self.version = 0                # bumped by every refresh: the page asks again
        self.generation = 0             # bumped when fonts, icons, art or profiles change
        self.rebuilt = time.time()      # when the last refresh finished (the page shows it)
        self._folders: dict[str, list[Path]] = {}   # data, templates, fonts: resolved
        # the content last taken in of each shared file (a font, an icon...): one save may
        # reach the studio as two groups of events, and a second new generation would give
        # unchanged faces new names, which the page takes for the next change's pictures
        self._drawn: dict[Path, str | None] = {}
        # game id -> the mistakes of its dice.yaml and variants (reads.kept): checked again
        # only when a file that check read changed
        self._extras: dict = {}
        self._shown = None   # during a refresh: which components are on show (refresh)
        # each recorded path resolved (symlinks, ..): the record is looked at four times a
        # second while the watch follows it; forgotten at every refresh, so a change of a link
        # is seen as soon as any file is saved
        self._resolved: dict[Path, Path] = {}

    @contextlib.contextmanager
    def turn(self):
        """Hold the lock for a request; a long task that gives way (``give_way``) lets it in
        between its steps."""
        with self._queue:
            self._waiting += 1
        try:
            self.lock.acquire()
        finally:
            with self._queue:
                self._waiting -= 1
                self._queue.notify_all()
        try:
            yield
        finally:
            self.lock.release()

    def give_way(self, timeout: float = 1.0) -> None:
        """Wait, not holding the lock, until the requests waiting for it (``turn``) have it
        (at most ``timeout`` seconds)."""
        with self._queue:
            self._queue.wait_for(lambda: not self._waiting, timeout)

    def view(self, game_id: str, variant: str | None = None,
             edition: str | None = None) -> GameView:
        """Return the view of a game (in ``edition``, None: the source), loading it the first
        time (each component is prepared when first asked for: ``ready``)."""
        with self.lock:
            key = (game_id, variant) + ((edition,) if edition else ())
            if key not in self.views:
                view = GameView(game_id, variant, edition=edition)
                # the print guide counts every component (100 ms for Roll & Raid): counted
                # when it is first prepared, not before the first component a page shows
                self._reload(view, set(), everything=True, counted=variant is not None)
                self.views[key] = view
            return self.views[key]

    def ready(self, view: GameView, cid: str, judged: bool = True) -> ComponentView:
        """Return a component of ``view``, prepared the first time it is asked for (and
        judged, unless ``judged`` is False: then ``judge_late`` does it)."""
        with self.lock:
            cv = self._caught_up(view, cid)
            if cv.pending and view.uncounted and made_from_counts(cv.comp):
                self._count(view)
                cv = view.components[cid]
            if cv.pending:
                builder = MemoBuilder(self.session.builder(cv.game, cv.comp))
                cv = view.components[cid] = self._prepare(cv.game, cv.comp, builder, None,
                                                          judged)
            if judged:
                self.judge_late(view, cid)
            return cv

    def judge_pending(self) -> bool:
        """Judge every component prepared without its checks, and check again the dice and
        variants of every game changed since; return whether there was any to do."""
        with self.lock:
            judged = [self.judge_late(view, cid) for view in self.views.values()
                      for cid in list(view.components)]
            judged += [self.check_extras(view) for view in self.views.values()]
            if any(judged):
                self.version += 1
            return any(judged)

    def judge_late(self, view: GameView, cid: str) -> bool:
        """Run the print checks and fits of a component prepared without them; return
        whether there were any to run (the page then has more to show)."""
        with self.lock:
            if cid not in view.components:
                return False
            cv = self._caught_up(view, cid)
            if not cv.unjudged:
                return False
            self._judge(cv, None)
            return True

    def _caught_up(self, view: GameView, cid: str) -> ComponentView:
        """Return a component of ``view`` with any change put off (``again``) taken in."""
        cv = view.components[cid]
        if cv.again is not None and view.uncounted and made_from_counts(cv.comp):
            self._count(view)   # a refresh left the print guide's counts for when it is shown
            cv = view.components[cid]
        if cv.again is not None:
            cv = view.components[cid] = cv.again()
        return cv

    def ready_all(self, view: GameView) -> GameView:
        """Prepare every component of ``view`` not prepared yet; return the view."""
        for cid in list(view.components):
            self.ready(view, cid)
        return view

    def refresh(self, paths: set, shown=None) -> list[tuple]:
        """Take in saved, added or deleted files; return the (game, variant) views changed.

        ``shown(view, cid)`` tells the components on show: any other one the change feeds is
        prepared again only when looked at or judged (``again``), after the new faces are on
        the page (None: every one now)."""
        paths = {Path(p).resolve() for p in paths}
        with self.lock:
            self._resolved.clear()
            self.version += 1
            self._shown = shown
            try:
                return self._refresh(paths)
            finally:
                self._shown = None
                self.rebuilt = time.time()
                self.session.forget_except(
                    [view.game for view in self.views.values() if view.game is not None],
                    [cv.comp for view in self.views.values()
                     for cv in view.components.values()])

    def _refresh(self, paths: set[Path]) -> list[tuple]:
        # a change to a file held (fonts, profiles, credits, drawn files) may alter faces whose
        # values are unchanged: everything is prepared again, with a new session and generation
        shared = paths & self._held()
        fresh = {p for p in shared if self._new_content(p)}
        paths = paths - (shared - fresh)    # saved again as it was: nothing to redraw
        if fresh:
            self.session = self._session()
            self._extras.clear()
            self.generation += 1
            for view in self.views.values():
                self._reload(view, paths, everything=True)
            return list(self.views)
        templates = {p for p in paths if self._under(p, "templates")}
        if templates:
            self.session.reload_templates()
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

    def look(self, view: GameView) -> str:
        """Return the part of a face image's name that is not the face's key: it changes with
        whatever draws a face without being a value on it (the game's palette, and the
        generation of fonts, icons, art and images), so such a change gives a new URL."""
        palette = sorted((view.game.spec.colors if view.game is not None else {}).items())
        return hashlib.sha1(repr((self.generation, palette)).encode()).hexdigest()[:10]

    def image_name(self, view: GameView, face) -> str:
        """Return the name of a face's image: the game's look, then the face's key."""
        return f"{self.look(view)}-{face.key}"

    def watched(self) -> set[Path]:
        """Return every file the studio's work has read or looked for, from the build's
        record of reads (sheetgen.load.reads): loading each game, its dice and variants, the
        fonts, profiles and credits, and preparing each component shown. A change to any of
        them refreshes the studio; no other file does."""
        with self.lock:
            files = set(self.session.reads())
            for view in self.views.values():
                for cv in view.components.values():
                    files |= cv.inputs
            return set(map(self._resolve, files))

    def read_stamps(self, files) -> dict[Path, tuple | None]:
        """Return the stamp (modification time in nanoseconds and size, None when absent) each
        of ``files`` (resolved, as ``watched`` gives them) had when this session first read
        it; a file it did not read is left out. A file saved after it was read but before the
        watch followed its folder is told by its stamp."""
        with self.lock:
            recorder = self.session.recorder
            wanted = set(files)
            return {self._resolve(p): recorder.stamp(p) for p in recorder.files()
                    if self._resolve(p) in wanted}

    def _session(self) -> Session:
        """Return a new session whose record of reads keeps each file's stamp when read."""
        return Session(self.project, print_checks=False, recorder=ReadRecorder(stamped=True))

    def _under(self, path: Path, name: str) -> bool:
        if name not in self._folders:
            self._folders[name] = [d.resolve() for d in self.project.subdirs(name)]
        return any(path.is_relative_to(d) for d in self._folders[name])

    def _inputs(self, game, comp) -> set[Path]:
        """Return the files (resolved) a component's faces depend on."""
        return set(map(self._resolve, self.session.reads_of(game, comp)))

    def _new_content(self, path: Path) -> bool:
        """Return whether ``path`` holds other bytes than when last taken in (True the first
        time), and remember them. A folder always counts as changed (its listing)."""
        if path.is_dir():
            return True
        try:
            digest = hashlib.sha1(path.read_bytes()).hexdigest()
        except OSError:  # absent, or unreadable: loading says so
            digest = None
        if path in self._drawn and self._drawn[path] == digest:
            return False
        self._drawn[path] = digest
        return True

    def _held(self) -> set[Path]:
        """Return the files (resolved) the session's readers hold as process state or draw
        as they are, by the build's record of reads (sheetgen.load.reads, ``held``): the
        fonts and fonts.yaml, the profiles, the credits, the icons, art and images."""
        return set(map(self._resolve, self.session.recorder.held()))

    def _resolve(self, path) -> Path:
        """Return ``path`` resolved, as watchfiles names it (remembered till the next
        refresh)."""
        resolved = self._resolved.get(path)
        if resolved is None:
            resolved = self._resolved[path] = Path(path).resolve()
        return resolved

    def _reload(self, view: GameView, touched: set, everything: bool = False,
                counted: bool = True) -> None:
        """Load the game again and prepare each component that ``touched`` files feed (the
        print guide's counts left for ``_count`` unless ``counted``); what loading read goes
        to the session's record of reads (``watched``)."""
        with self.session.recording():
            self._load(view, touched, everything, counted)

    def _count(self, view: GameView) -> None:
        """Count the pieces of a game loaded without its counts: the print guide's items,
        as loading makes them (a guide that cannot be made says why, as loading does)."""
        problems = ProblemList()
        with self.session.recording():
            count_guide(self.project.with_edition(view.edition), view.game, problems)
        view.uncounted = False
        view.set_problems(view.loading_problems + problems.problems)
        present = {comp.model.id for comp in view.game.components}
        for cid, cv in view.components.items():
            if cid not in present:   # its generator failed: nothing to prepare
                cv.pending, cv.stale, cv.again = False, True, None

    def check_extras(self, view: GameView) -> bool:
        """Check a game's dice.yaml and every variant file, as validate does, if they are due
        (a first load, or a change since); return whether they were."""
        with self.lock:
            return self._check_extras(view) if view.extras_due else False

    def _check_extras(self, view: GameView) -> bool:
        """Check a game's dice.yaml and every variant file, as validate does (again only
        when a file the last check read changed: the record of reads)."""
        def check() -> list:
            extras = ProblemList()
            try:
                validate_extras(self.project, view.game_id, extras)
            except UserError as exc:  # the game's folder is gone: loading said so already
                extras.extend(exc)
            return extras.problems

        with self.session.recording():
            problems = reads.kept(self._extras, view.game_id, check)
        view.set_problems(extras=problems)
        view.extras_due = False
        return True

    def _load(self, view: GameView, touched: set, everything: bool, counted: bool = True
              ) -> None:
        problems = ProblemList()
        if counted and self._shown is not None and view.variant is None:
            # the print guide counts every component (10 ms for a template edit): counted
            # now if a page shows it, else when it is prepared again (``_caught_up``), after
            # the new faces on show are drawn
            counted = any(self._shown(view, cid) for cid, cv in view.components.items()
                          if not cv.pending and made_from_counts(cv.comp))
        game = load_one(self.project.with_edition(view.edition), view.game_id,
                        variant=view.variant, problems=problems, counted=counted)
        view.uncounted = not counted
        # the dice and variants are checked with the print checks, once the faces are shown
        # (the first screen answers without them: check_extras, judge_pending); till then a
        # mistake of theirs stands, unless its file was saved since
        view.set_problems(problems.problems, [p for p in view.extras_problems
                                              if Path(p.path).resolve() not in touched])
        view.extras_due = True
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
            behind = old.again is not None   # an earlier change it has not taken in yet
            if not behind and not old.stale and not fresh and not uses & templates \
                    and not touched & old.inputs and Path(comp.path).resolve() not in touched:
                if counted or not made_from_counts(comp):  # a guide keeps its counted items
                    old.comp = comp
                old.game = game
                components[comp.model.id] = old
                continue
            # a builder sees the game, the component's id and title and a variant's element
            # changes: when those change, a new builder (one behind starts afresh)
            warm = (not behind and not fresh and not uses & templates
                    and (old.comp.model.title, old.comp.element_changes)
                    == (comp.model.title, comp.element_changes))
            again = functools.partial(self._prepare_again, game, comp, old, warm,
                                      fresh or behind)
            if self._shown is None or self._shown(view, comp.model.id):
                components[comp.model.id] = again()
            else:  # not on show: its last faces wait, still followed by their inputs
                components[comp.model.id] = dataclasses.replace(old, comp=comp, game=game,
                                                                again=again)
        if problems.problems:  # a component that failed to load keeps its last good faces
            for cid, old in view.components.items():
                if cid not in components:
                    old.stale = True
                    components[cid] = old
        view.game, view.components = game, components

    def _prepare_again(self, game, comp, old: ComponentView, warm: bool, fresh: bool
                       ) -> ComponentView:
        """Prepare ``comp`` again after a change, with ``old``'s builder if ``warm``; judged
        after the new faces are on the page (judge_pending)."""
        builder = old.builder if warm else self._builder(game, comp, old, fresh)
        return self._prepare(game, comp, builder, old, False)

    def _builder(self, game, comp, old, fresh: bool) -> MemoBuilder:
        """Return a new builder for ``comp``; after a template edit it adopts the elements
        the last one prepared (same session, same game.yaml): an element whose values, file
        and line did not change is not made again, so the edit costs its changed elements."""
        builder = MemoBuilder(self.session.builder(game, comp))
        if old is not None and old.builder is not None and not fresh:
            builder.adopt_elements(old.builder._builder)
        return builder

    def _prepare(self, game, comp, builder, old, judged: bool = True) -> ComponentView:
        """Prepare one component with ``builder`` and judge it (or leave that for later);
        on a mistake keep ``old``'s faces, marked stale. Its inputs are what the session
        knows it read once prepared (``_inputs``), also up to a mistake."""
        view = ComponentView(comp, builder, game)
        warned = len(builder.warnings)
        try:
            view.prepared = self.session.prepare(game, comp, builder)
        except UserError as exc:
            view.inputs = self._inputs(game, comp)   # with what preparing read, up to the fault
            view.problems = list(exc.problems)
            view.stale = True
            if old is not None:
                view.prepared, view.verdict = old.prepared, old.verdict
        else:
            view.inputs = self._inputs(game, comp)   # with what preparing it read
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
