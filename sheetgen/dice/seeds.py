"""Seeds: normalising the text, memorable random seeds, and the commit-and-reveal scheme.

A seed is any text (an integer is its decimal text). It is NFC-normalised and stripped of
surrounding whitespace. For commit and reveal the seed is ``secret + "|" + words``: the
organiser publishes ``SHA-256(secret)`` first, the players add their words afterwards.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from pathlib import Path

from ..base.errors import UserError, user_error

SEED_WORDS = tuple(
    word for word in (Path(__file__).with_name("seed-words.txt")
                      .read_text(encoding="utf-8").split("\n"))
    if word and not word.startswith("#"))  # data, not code: sheetgen/dice/seed-words.txt


# The whitespace of sheetgen-dice/1, written out so that every language strips and splits the
# same code points (Python's str.isspace() set; JavaScript's \s differs: it lacks U+001C-U+001F
# and U+0085 and adds U+FEFF, which is NOT whitespace here).
WHITESPACE = ("\u0009\u000a\u000b\u000c\u000d\u001c\u001d\u001e\u001f\u0020\u0085\u00a0"
              "\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
              "\u2028\u2029\u202f\u205f\u3000")
_RUNS = re.compile(f"[{WHITESPACE}]+")


def utf8_text(text: str, what: str) -> str:
    """Return ``text`` if it is Unicode text UTF-8 can encode; else a UserError naming the
    first bad byte (an argument that was not UTF-8 reaches Python as lone surrogates)."""
    for at, char in enumerate(text):
        if "\ud800" <= char <= "\udfff":
            byte = f"byte 0x{ord(char) - 0xDC00:02x}" if ord(char) >= 0xDC80 else \
                f"U+{ord(char):04X}"
            raise user_error(what, 0, f"not UTF-8 text ({byte} at character {at + 1}); "
                                      "give it as UTF-8")
    return text


def normalise_seed(text: str | int, what: str = "seed") -> str:
    """Return the canonical form of a seed or secret: NFC, trimmed, not empty."""
    seed = unicodedata.normalize("NFC", utf8_text(str(text), what)).strip(WHITESPACE)
    if not seed:
        raise user_error(what, 0, f"the {what} is empty; give any text or number")
    return seed


def normalise_words(text: str) -> str:
    """Return the players' words NFC-normalised with single spaces between them."""
    return " ".join(w for w in _RUNS.split(unicodedata.normalize("NFC", utf8_text(text, "words")))
                    if w)


def compose_seed(secret: str, words: str | None) -> str:
    """Return the seed made of the organiser's secret and the players' words (if any)."""
    secret = normalise_seed(secret, "secret")
    words = normalise_words(words or "")
    return f"{secret}|{words}" if words else secret


def commitment(secret: str) -> str:
    """Return the hex SHA-256 of the normalised secret: what the organiser publishes first."""
    return hashlib.sha256(normalise_seed(secret, "secret").encode()).hexdigest()


def check_commitment(secret: str, published: str) -> None:
    """Raise a UserError unless ``secret`` hashes to the ``published`` commitment."""
    wanted = published.strip().lower()
    if len(wanted) != 64 or any(c not in "0123456789abcdef" for c in wanted):
        raise user_error("commitment", 0, "expected 64 hexadecimal digits (a SHA-256)")
    got = commitment(secret)
    if got != wanted:
        raise UserError(
            f"the secret does not match the commitment: SHA-256 of the secret is {got}, "
            f"the published commitment is {wanted}"
        )


def memorable_seed(words: int = 3) -> str:
    """Return a fresh random seed of Norse words, e.g. ``raven-fjord-mead`` (for casual play)."""
    return "-".join(secrets.choice(SEED_WORDS) for _ in range(words))


def new_secret() -> str:
    """Return a high-entropy secret for commit and reveal (128 random bits, URL-safe text)."""
    return secrets.token_urlsafe(16)
