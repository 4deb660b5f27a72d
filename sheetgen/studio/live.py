"""The running studio: the workspace, the face images, the pages listening for changes.

A change is taken in by ``changed`` (in a worker thread: the workspace is refreshed, the new
faces of the components on show are drawn), then ``publish`` tells every open page (in the
event loop) that it should ask again.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

from .extras import print_profiles, printed
from .face_images import FaceImages
from .workspace import Workspace

JUDGE_DELAY = 0.4  # seconds between a first showing and its print checks
QUIET = 0.05       # after an edit, the checks wait for this long without a request


class Studio:
    """The workspace, its images and the listeners of the change stream."""

    def __init__(self, project, game_ids: list[str], editor: str = "vscode"):
        self.workspace = Workspace(project)
        self.images = FaceImages(lambda: self.workspace.session)
        self.game_ids, self.editor = game_ids, editor
        self.listeners: set[asyncio.Queue] = set()
        # components the pages showed last (drawn first), each with the dpi it was shown at
        self.shown: dict[tuple, int] = {}
        self._printed: dict[tuple, list] = {}
        self.loop = None    # the server's event loop, for news from worker threads
        self.first_shown = threading.Event()   # a page has had a component's faces
        self._asked = threading.Condition()
        self._answered = -1    # the latest workspace version a page had an answer of
        self._last_request = 0.0   # when the last request was answered (monotonic seconds)
        self._superseded = False   # a new change came: the checks waiting give way to it
        self.judging = None        # the task judging the last change (server.follow)
        self.stopping = lambda: False          # the server sets it: true once it stops

    def changed(self, paths: set) -> None:
        """Refresh after a change and draw the new faces of the components on show: their
        pictures are promised and the pages told first, so a page asks for the new faces
        while they are drawn and shows each as soon as its document is rasterised."""
        ws = self.workspace
        todo = []
        with ws.lock:
            # a component not on show is prepared again after the new faces are drawn
            ws.refresh(paths, lambda view, cid: (view.game_id, view.variant, cid) in self.shown)
            live = set()
            for view in ws.views.values():
                scope = view.scope
                for cid, cv in view.components.items():
                    named = {ws.image_name(view, face): face for face in cv.faces().values()}
                    live |= {(scope, name) for name in named}
                    dpi = self.shown.get((view.game_id, view.variant, cid))
                    if dpi is not None:
                        todo.append((scope, named, dpi))
            self.images.forget_except(live)
            for scope, named, dpi in todo:
                self.images.expect(scope, named, dpi)
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.publish)
        self.draw(todo)

    def draw(self, todo: list) -> None:
        """Draw the pictures of ``todo`` ((scope, {image name: face}, dpi) each), each
        answered as soon as it is rasterised, letting the requests waiting for the workspace
        in between pictures (a page's answer, a face view); a promised picture not drawn is
        given up at the end."""
        ws = self.workspace
        kept = self.images.kept()
        try:
            for scope, named, dpi in todo:
                # only the faces not drawn yet: one document of them
                steps = self.images.drawing(scope, {name: face for name, face in named.items()
                                                    if (scope, name, dpi) not in kept}, dpi)
                drawing = True
                while drawing:
                    ws.give_way()
                    with ws.lock:
                        drawing = next(steps, steps) is not steps
        finally:
            for scope, named, dpi in todo:
                self.images.settle([(scope, name, dpi) for name in named])

    def show_first(self, view, cid: str, named: dict, dpi: int) -> None:
        """Draw the pictures a grid's first answer promised, then judge the component."""
        self.draw([(view.scope, named, dpi)])
        self.judge_late(view, cid)

    def printed(self, view, cv, profile: str):
        """Return a component imposed for ``profile`` (the last few are kept)."""
        if profile == "-":  # the first profile the component builds by default
            book = self.workspace.session.profiles
            shown = print_profiles(self.workspace.session, cv.comp)
            profile = next((p for p in book.default_profiles(cv.comp.model) if p in shown),
                           shown[0])
        key = (view.game_id, view.variant, cv.comp.model.id, profile, self.workspace.version)
        if key not in self._printed:
            self._printed[key] = (profile, printed(self.workspace.session, view.game, cv.comp,
                                                   cv.prepared, profile))
            while len(self._printed) > 2:
                self._printed.pop(next(iter(self._printed)))
        return self._printed[key]

    def judge_late(self, view, cid: str) -> None:
        """Judge a component prepared without its print checks (and check the game's dice
        and variants if due), and tell the pages; first the page gets the images it asks for
        right after the faces (checks hold the lock)."""
        time.sleep(JUDGE_DELAY)
        if any([self.workspace.judge_late(view, cid), self.workspace.check_extras(view)]):
            with self.workspace.lock:
                self.workspace.version += 1
            if self.loop is not None:
                self.loop.call_soon_threadsafe(self.publish)

    def answered(self, version: int | None = None) -> None:
        """Note that a request was answered (from its thread): a page's answer for workspace
        ``version``, or an image."""
        with self._asked:
            self._last_request = time.monotonic()
            if version is not None:
                self._answered = max(self._answered, version)
            self._asked.notify_all()

    def wait_for_pages(self, timeout: float = JUDGE_DELAY) -> bool:
        """Wait until the pages listening have asked for the workspace as it is now and had
        their images (no request for ``QUIET`` seconds), or ``timeout`` seconds: the checks
        that follow an edit hold the workspace's lock and a core, and the page has the new
        faces first. Return False if a new change came meanwhile (``supersede``)."""
        version = self.workspace.version
        end = time.monotonic() + timeout
        with self._asked:
            if not self.listeners:
                return not self._superseded
            self._asked.wait_for(lambda: self._superseded or self._answered >= version,
                                 timeout)
            while (not self._superseded and (now := time.monotonic()) < end
                   and now - self._last_request < QUIET):
                self._asked.wait(min(end, self._last_request + QUIET) - now)
            return not self._superseded

    def supersede(self) -> None:
        """A new change came: checks waiting for the pages give way to it."""
        with self._asked:
            self._superseded = True
            self._asked.notify_all()

    def resume(self) -> None:
        """The checks waiting gave way: the next ones wait for the pages again."""
        with self._asked:
            self._superseded = False

    def publish(self) -> None:
        """Tell every open page that the workspace changed."""
        message = json.dumps({"version": self.workspace.version,
                              "rebuilt": self.workspace.rebuilt})
        for queue in list(self.listeners):
            queue.put_nowait(message)
