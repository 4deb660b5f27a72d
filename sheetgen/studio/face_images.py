"""Faces as PNG images at screen resolution, drawn by the build (``build.pictures``).

An image is kept by its name, which is what it draws: the face's key (every value on it) and
the workspace's look of the game (its palette, and the generation of fonts, icons and art), so
an unchanged face is never drawn again and a changed font, icon or colour is a new name and a
new picture. Several faces are drawn in one document and rasterised together. The cache keeps
the images of the faces on show and forgets the oldest others. A face that cannot be drawn
keeps its mistake, at its ``path:line``, for the page to show.

Pictures can be promised before they are drawn (``expect``): a page then has the names of new
faces at once, and a request for one of them waits for that picture (``drawn``), answered as
soon as the document holding it is rasterised, not when the last one is. A name is a face's
content, so what a page waits for is never an older picture.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict

from ..build.pictures import drawing_failure, face_pictures, face_pngs

GRID_DPI = 96       # the grid of every face, on a screen of more than one pixel a point
SCREEN_DPI = 72     # the grid on a screen of one pixel a point: drawn at the size it is shown
GRID_CHOICES = (SCREEN_DPI, GRID_DPI)   # what a page may ask its grid to be drawn at
LARGE_DPI = 200     # the face view
ALLOWED_DPI = (GRID_DPI, SCREEN_DPI, LARGE_DPI)
KEEP = 64           # images kept besides those of the faces on show (undo, a variant)


class FaceFailed(Exception):
    """A face could not be drawn: its messages, each ``path:line: message``."""

    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages


class FaceImages:
    """PNG bytes of faces, by (scope, image name, dpi); ``scope`` tells games apart."""

    def __init__(self, session_of):
        self._session_of = session_of   # () -> the Session whose fonts and icons draw
        self._images: OrderedDict[tuple, bytes] = OrderedDict()
        self.failed: dict[tuple, list[str]] = {}   # (scope, name) -> why it was not drawn
        # a kept image is served without the workspace's lock (``kept_png``), while a refresh
        # or the checks hold it: this lock keeps the cache whole between threads
        self._guard = threading.Lock()
        # (scope, name, dpi) promised and not drawn yet -> the requests waiting for it, each
        # (event loop, future)
        self._pending: dict[tuple, list] = {}

    def expect(self, scope: tuple, names, dpi: int) -> None:
        """Promise the pictures of ``names`` at ``dpi`` (those not kept, and not failed): a
        request for one waits in ``drawn`` until ``draw`` has made it (or given up on it)."""
        with self._guard:
            for name in names:
                key = (scope, name, dpi)
                if key not in self._images and (scope, name) not in self.failed:
                    self._pending.setdefault(key, [])

    async def drawn(self, scope: tuple, name: str, dpi: int, timeout: float = 30.0
                    ) -> bytes | None:
        """Return the PNG named ``name`` at ``dpi`` if it is kept, or once it is drawn if it
        is promised (``expect``); None if it is neither (then it is drawn on request)."""
        key = (scope, name, dpi)
        with self._guard:
            data = self._images.get(key)
            if data is not None or key not in self._pending:
                return data
            waiter = asyncio.get_running_loop().create_future()
            self._pending[key].append((asyncio.get_running_loop(), waiter))
        try:
            await asyncio.wait_for(waiter, timeout)
        except asyncio.TimeoutError:
            pass
        return self.kept_png(scope, name, dpi)

    def settle(self, keys) -> None:
        """Wake the requests waiting for the pictures of ``keys`` ((scope, name, dpi)):
        drawn, failed, or no longer promised."""
        with self._guard:
            waiters = [waiter for key in keys for waiter in self._pending.pop(key, ())]
        for loop, waiter in waiters:
            try:
                loop.call_soon_threadsafe(_wake, waiter)
            except RuntimeError:  # the server's loop has closed: no one waits any more
                pass

    def kept_png(self, scope: tuple, name: str, dpi: int) -> bytes | None:
        """Return the PNG named ``name`` at ``dpi`` if it is kept (None if not): its name
        says what it draws, so it needs no face and no workspace."""
        key = (scope, name, dpi)
        with self._guard:
            data = self._images.get(key)
            if data is not None:
                self._images.move_to_end(key)
            return data

    def png(self, scope: tuple, name: str, face, dpi: int) -> bytes:
        """Return the PNG of ``face`` (named ``name``) at ``dpi``, drawing it if it is not
        kept; FaceFailed when it cannot be drawn."""
        data = self.kept_png(scope, name, dpi)
        if data is None:
            self.draw(scope, {name: face}, dpi)
            data = self.kept_png(scope, name, dpi)
            if data is None:
                raise FaceFailed(self.failed[(scope, name)])
        return data

    def draw(self, scope: tuple, faces: dict, dpi: int = GRID_DPI) -> None:
        """Draw every face of ``faces`` (image name -> face) not kept yet, in one document; a
        face that fails is drawn alone, and its mistake kept in ``failed``."""
        for _ in self.drawing(scope, faces, dpi):
            pass

    def drawing(self, scope: tuple, faces: dict, dpi: int = GRID_DPI):
        """Draw as ``draw`` does, one picture a step: a generator that yields once each
        picture is kept and its requests woken, so that a caller holding a lock for pdfium
        can let others in between pictures."""
        try:
            with self._guard:
                todo = {name: face for name, face in faces.items() if (scope, name, dpi)
                        not in self._images and (scope, name) not in self.failed}
            session = self._session_of() if todo else None
            made = set()
            try:
                pictures = face_pictures(session, list(todo.values()), dpi, "sheetgen studio")
                for name, data in zip(todo, pictures):
                    self._keep(scope, name, dpi, data)
                    made.add(name)
                    yield
            except Exception:  # noqa: BLE001 - one face's mistake must not hide the others
                pass
            for name, face in todo.items():  # those left: each alone, to say which failed
                if name in made:
                    continue
                try:
                    self._keep(scope, name, dpi, face_pngs(session, [face], dpi)[0])
                except Exception as exc:  # noqa: BLE001 - shown on the page at its line
                    self.failed[(scope, name)] = [str(p) for p in drawing_failure(face, exc)]
                    self.settle([(scope, name, dpi)])
                yield
            self._trim()
        finally:
            self.settle([(scope, name, dpi) for name in faces])

    def _keep(self, scope: tuple, name: str, dpi: int, data: bytes) -> None:
        """Keep a picture drawn and wake the requests waiting for it."""
        with self._guard:
            self._images[(scope, name, dpi)] = data
        self.settle([(scope, name, dpi)])

    def kept(self) -> set[tuple]:
        """Return the (scope, image name, dpi) of every image kept."""
        with self._guard:
            return set(self._images)

    def forget_except(self, live: set) -> None:
        """Forget the images of faces not in ``live`` ((scope, name) pairs) beyond KEEP, and
        every failure not in it."""
        with self._guard:
            old = [k for k in self._images if (k[0], k[1]) not in live]
            for key in old[:max(0, len(old) - KEEP)]:
                del self._images[key]
        self.failed = {k: v for k, v in self.failed.items() if k in live}

    def _trim(self) -> None:
        with self._guard:
            while len(self._images) > 4 * KEEP:
                self._images.popitem(last=False)


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)
