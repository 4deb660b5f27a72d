"""The address-based random generator: HMAC-SHA256 words, exact dice, Fisher-Yates shuffles.

Version ``sheetgen-dice/1`` (``docs/src/dice-spec.md`` has the full specification and test
vectors):

* key = SHA-256(UTF-8("sheetgen-dice/1 key|" + seed))
* address = "sheetgen-dice/1|<game>|<players>|<round>|<seat>|<purpose>|<index>"
* block k of an address = HMAC-SHA256(key, UTF-8(address + "|" + k)), k = 0, 1, 2, ...
* each block is eight big-endian unsigned 32-bit words, used in order;
* ``uniform(n)`` rejects words >= 2**32 - (2**32 mod n) and returns ``word mod n``;
* a shuffle of n items is Fisher-Yates from the end: for i = n-1 .. 1, swap i with uniform(i+1).

Every event has its own address, so what happens at one address never shifts another.
Only ``hashlib`` and ``struct`` are used: no ``random``, no NumPy.
"""

from __future__ import annotations

import hashlib
import struct
from typing import Sequence, TypeVar

ALGORITHM = "sheetgen-dice/1"
_WORDS = struct.Struct(">8I").unpack
_SPACE = 1 << 32
T = TypeVar("T")


def derive_key(seed: str) -> bytes:
    """Return the 32-byte HMAC key for an already normalised seed."""
    return hashlib.sha256(f"{ALGORITHM} key|{seed}".encode()).digest()


def address(game: str, players: int, round_no: int, seat: int, purpose: str, index: int) -> str:
    """Return the text address of one event: round 0 is setup, seat 0 is the table."""
    return f"{ALGORITHM}|{game}|{players}|{round_no}|{seat}|{purpose}|{index}"


def limit_for(n: int) -> int:
    """Return the first rejected word for a uniform choice among ``n`` (1 <= n <= 2**32)."""
    if not 1 <= n <= _SPACE:
        raise ValueError(f"cannot choose among {n} outcomes with 32-bit words")
    return _SPACE - _SPACE % n


class Keyed:
    """HMAC-SHA256 under one key, with the padded inner and outer hashes computed once.

    ``block(msg)`` equals ``hmac.new(key, msg, 'sha256').digest()``; copying the two prepared
    SHA-256 states is about twice as fast as the ``hmac`` module's own copy.
    """

    __slots__ = ("key", "_inner", "_outer")

    def __init__(self, key: bytes):
        if len(key) > 64:
            key = hashlib.sha256(key).digest()
        padded = key.ljust(64, b"\0")
        self.key = key
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in padded))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in padded))

    @classmethod
    def from_seed(cls, seed: str) -> "Keyed":
        """Return the keyed hash for a normalised seed."""
        return cls(derive_key(seed))

    def block(self, message: bytes) -> bytes:
        """Return HMAC-SHA256(key, message)."""
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()

    def stream(self, addr: str) -> "Stream":
        """Return the word stream of one address."""
        return Stream(self, addr)


class Stream:
    """The 32-bit words of one address, block after block, consumed in order."""

    __slots__ = ("_keyed", "_prefix", "_block", "_words", "_pos")

    def __init__(self, keyed: Keyed, addr: str):
        self._keyed = keyed
        self._prefix = addr + "|"
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._pos = 8

    def _refill(self) -> None:
        msg = f"{self._prefix}{self._block}".encode()
        self._words = _WORDS(self._keyed.block(msg))
        self._block += 1
        self._pos = 0

    def word(self) -> int:
        """Return the next 32-bit word."""
        if self._pos == 8:
            self._refill()
        w = self._words[self._pos]
        self._pos += 1
        return w

    def uniform(self, n: int) -> int:
        """Return an exactly uniform integer in ``range(n)`` by rejection sampling."""
        limit = limit_for(n)
        while True:
            w = self.word()
            if w < limit:
                return w % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one of ``items``, each equally likely (a die roll when items are faces)."""
        return items[self.uniform(len(items))]

    def rolls(self, n: int, count: int) -> list[int]:
        """Return ``count`` uniform integers in ``range(n)``: the same as calling uniform()."""
        limit = limit_for(n)
        out: list[int] = []
        words, pos = self._words, self._pos
        while len(out) < count:
            if pos == 8:
                self._refill()
                words, pos = self._words, 0
            for w in words[pos:]:
                pos += 1
                if w < limit:
                    out.append(w % n)
                    if len(out) == count:
                        break
        self._words, self._pos = words, pos
        return out

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Return a Fisher-Yates shuffled copy: for i from the end, swap i with uniform(i+1)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.uniform(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
