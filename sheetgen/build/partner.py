"""Render a one-output deck in a forked partner while this process still prepares its cards.

A cold one-deck build used to prepare every face (templates, text layout: about 0.10 s for the
32-card Mythology deck) and only then render them (another 0.10 s), on one core of two. A
deck's pages place its cards in order, so a page can be drawn once its cards are prepared: the
deck kind (``components/cards.py``) hands each item's cards to a :class:`DeckPartner` as soon
as they are built. The partner is forked once the first card is built, so it has everything
that card needed (imports, validators, fonts, art). It renders the output from
:class:`ArrivingCards`, a sequence of known length whose cards it waits for in turn, while
this process prepares the rest, fits and checks them (:mod:`sheetgen.build.component_build`) and
takes the partner's output only if all of that passes.

The partner's bytes are the ones this process would render: the same faces (each distinct face
pickled once, and shared by key as the deck shares them), the same code, the same fonts and
art: the fonts and art this process takes from its prefetch child (:mod:`sheetgen.build.prefetch`)
go down to the partner ahead of the cards that need them. Its output is checked against one
thing a page needs before the deck is whole: the footer credits the art sets the deck's faces
draw, and the partner knows only the cards that have arrived when it starts. It reports the
sets it credited; if the whole deck draws others, the output is dropped and rendered here.
"""

from __future__ import annotations

import os
import pickle
import struct
from collections.abc import Sequence
from typing import Callable

from ..base.child_process import end_child

_HEADER = struct.Struct(">BI")  # each message: its kind, its length, then its bytes
_END, _ITEM, _RECORD = 0, 1, 2  # the kinds: no more cards, an item's cards, a prefetch record
_KEY = struct.Struct(">H")  # a record: its key's length, its key, its data
_PIPE_BYTES = 1 << 20  # room for a deck's cards: this process does not wait for the partner


class DeckAbandoned(Exception):
    """The preparing process stopped sending cards: the deck has a mistake (or it failed)."""


class DeckPartner:
    """Fork a partner that runs ``render(cards)`` (an :class:`ArrivingCards`) and sends back
    what it returns; feed it the deck's cards as they are prepared.

    ``prefetch``: the build's :class:`~sheetgen.build.prefetch.Prefetch`, if any; the partner gets
    what it has read so far, then every record it receives. ``ahead(faces)``, run here on the
    new faces of the first half of the deck, returns what it draws ahead for the partner; the
    partner hands it to ``take_ahead`` before drawing them. (The partner renders a card in
    more time than this process prepares one: drawing ahead for half the deck lets both end
    together. For the Mythology deck, 3.3 and 1.9 ms a card, 0.8 ms of it drawn ahead.) The
    partner is forked when the first card is sent (see :meth:`expect`); a refused fork
    leaves the deck to be rendered here.
    """

    def __init__(self, render: Callable[["ArrivingCards"], object], prefetch=None,
                 ahead: Callable[[list], object] | None = None,
                 take_ahead: Callable[[object], None] | None = None):
        self._render, self._prefetch = render, prefetch
        self._ahead, self._take_ahead = ahead, take_ahead
        self._pid: int | None = None
        self._cards: int | None = None   # the pipe the cards go down
        self._result: int | None = None  # the pipe the partner's outcome comes up
        self._sent: set[str] = set()     # the keys of the faces sent
        self._count = 0                  # the cards of the deck (expect)
        self._ahead_until = 0            # the cards that come with drawing ahead: half
        self._cards_sent = 0

    @property
    def started(self) -> bool:
        """Whether a partner is rendering (or has rendered) the deck."""
        return self._pid is not None

    def expect(self, count: int) -> None:
        """Say the deck has ``count`` cards: the first one sent forks the partner."""
        self._count = count
        self._ahead_until = count // 2

    def _start(self) -> None:
        """Fork the partner (once): it renders ``render(ArrivingCards(...))``."""
        count, self._count = self._count, 0
        if count <= 0:
            return
        prefetch = self._prefetch
        if prefetch is not None:
            prefetch.receive_now()  # the partner has what has arrived; the rest is passed on
        cards_in, cards_out = os.pipe()
        result_in, result_out = os.pipe()
        try:
            import fcntl

            fcntl.fcntl(cards_out, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        except (ImportError, AttributeError, OSError):
            pass  # a smaller pipe: this process waits while the partner catches up
        try:
            pid = os.fork()
        except OSError:  # no process to spare (a process limit): the deck renders here
            for fd in (cards_in, cards_out, result_in, result_out):
                os.close(fd)
            return
        if pid == 0:  # the partner: render, send the outcome, leave without exit handlers
            status = 1
            try:
                os.close(cards_out)
                os.close(result_in)
                given = None
                if prefetch is not None:
                    prefetch.detach()
                    given = prefetch.give
                outcome = self._render(ArrivingCards(count, cards_in, given,
                                                     self._take_ahead))
                with os.fdopen(result_out, "wb") as out:
                    out.write(pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL))
                status = 0
            except DeckAbandoned:
                pass
            finally:
                os._exit(status)
        os.close(cards_in)
        os.close(result_out)
        self._pid, self._cards, self._result = pid, cards_out, result_in
        if prefetch is not None:
            prefetch.forward = self._send_record

    def send(self, front, back, label: str, count: int) -> None:
        """Give the partner an item's ``count`` cards (faces as built: it shares them by key,
        and a face it has is sent as its key alone)."""
        if self._pid is None:
            self._start()
        faces, new = [], []
        for face in (front, back):
            if face is None or face.key in self._sent:
                faces.append(None if face is None else face.key)
            else:
                self._sent.add(face.key)
                faces.append(face)
                new.append(face)
        ahead = self._ahead is not None and new and self._cards_sent < self._ahead_until
        extra = self._ahead(new) if ahead else None
        self._cards_sent += count
        self._write(_ITEM, pickle.dumps((*faces, label, count, extra),
                                        protocol=pickle.HIGHEST_PROTOCOL))

    def _send_record(self, key: str, data: bytes) -> None:
        encoded = key.encode()
        self._write(_RECORD, _KEY.pack(len(encoded)) + encoded + data)

    def finish(self) -> None:
        """Tell the partner the deck is complete, or (before every card was sent, after a
        mistake) that it is abandoned: either way no more cards come."""
        self._write(_END, b"")
        self._close_cards()

    def _write(self, kind: int, data: bytes) -> None:
        if self._cards is None:
            return
        try:
            _write_all(self._cards, _HEADER.pack(kind, len(data)) + data)
        except OSError:  # the partner is gone: its outcome will be missing, rendered here
            self._close_cards()

    def outcome(self):
        """Wait for the partner; return what its ``render`` returned, or None if it failed."""
        if self._pid is None:
            return None
        self.finish()
        data = b""
        if self._result is not None:
            with os.fdopen(self._result, "rb") as received:
                data = received.read()
            self._result = None
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        return pickle.loads(data) if status == 0 and data else None

    def stop(self) -> None:
        """End the partner (its output is not wanted) and wait for it."""
        if self._pid is None:
            return
        self._close_cards()
        if self._result is not None:
            os.close(self._result)
            self._result = None
        end_child(self._pid)
        self._pid = None

    def _close_cards(self) -> None:
        if self._prefetch is not None:
            self._prefetch.forward = None
        if self._cards is not None:
            os.close(self._cards)
            self._cards = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class ArrivingCards(Sequence):
    """A deck of ``count`` cards read from pipe ``reader`` as they come: asking for a card not
    yet arrived waits for it. Faces with the same key are one object, the first one (as the
    deck shares them). Slices are views, so taking a page's cards waits for none of them.
    Prefetch records met on the way are given to ``given(key, data)``, and what the preparing
    process drew ahead for a card to ``take_ahead`` (see :class:`DeckPartner`)."""

    def __init__(self, count: int, reader: int, given: Callable[[str, bytes], None] | None,
                 take_ahead: Callable[[object], None] | None = None):
        self._count = count
        self._given, self._take_ahead = given, take_ahead
        self._file = os.fdopen(reader, "rb")
        self._cards: list = []
        self._faces: dict[str, object] = {}

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _View(self, range(self._count)[index])
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        while len(self._cards) <= index:
            self._receive()
        return self._cards[index]

    @property
    def arrived(self) -> list:
        """The cards received so far, in order."""
        return list(self._cards)

    def _receive(self) -> None:
        from ..fill.faces import Card  # the kind that sends cards has loaded it already

        while True:
            header = self._file.read(_HEADER.size)
            kind, size = _HEADER.unpack(header) if len(header) == _HEADER.size else (_END, 0)
            if kind == _END:
                raise DeckAbandoned
            data = self._file.read(size)
            if kind == _ITEM:
                break
            if self._given is not None:
                end = _KEY.size + _KEY.unpack_from(data)[0]
                self._given(data[_KEY.size:end].decode(), data[end:])
        *faces, label, count, extra = pickle.loads(data)
        if extra is not None and self._take_ahead is not None:
            self._take_ahead(extra)
        front, back = (self._face(face) for face in faces)
        self._cards.extend(Card(front, back, label) for _ in range(count))

    def _face(self, face):
        """Return the face sent (kept by key, unless one with its key came first) or named
        by its key (sent before)."""
        if face is None or isinstance(face, str):
            return self._faces.get(face)
        return self._faces.setdefault(face.key, face)


class _View(Sequence):
    """Some cards of an :class:`ArrivingCards` (a slice), each waited for when asked."""

    def __init__(self, cards: ArrivingCards, indices: range):
        self._cards, self._indices = cards, indices

    def __len__(self) -> int:
        return len(self._indices)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _View(self._cards, self._indices[index])
        return self._cards[self._indices[index]]
