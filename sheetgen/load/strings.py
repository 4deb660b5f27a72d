"""Which texts of a game are translatable, the pieces of a text a translation must keep, and
the ``qps`` pseudo-translation.

A text is translatable when, once its placeholders are set aside, it holds a word (two letters
or more) and is not a name the files use as a key: a lowercase id (``monastery``,
``scenes/sea``), a size (``12mm``), a colour (``#b8862b``), a file name or a Roman numeral
(``II``, a level). The same rule runs over every data file, table cell and template, so a text
written twice (an item's name and a ``deck:`` that names it) is translated the same way twice.

In a template text with Jinja, the quoted words inside an expression are the translatable
pieces (``{{ 'a monastery' if ... }}``); a text whose expressions hold no such words is one
piece, its expressions kept as placeholders (``Round {{ n }}``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# the pieces a translation must keep, each in the same number
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
_FORMAT = re.compile(r"\{[a-z_][a-z0-9_.]*\}")
_ICON = re.compile(r":[a-z0-9]+(?:[-/][a-z0-9]+)*:")  # :name: or :set/name: (symbol/army)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_MARKUP = re.compile(r"\*\*|</?[a-z]+>|\\n")
_LITERAL = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
_WORD = re.compile(r"[A-Za-zÀ-ɏ]{2,}")
_ID = re.compile(r"^[a-z0-9][a-z0-9_./-]*$")
_ROMAN = re.compile(r"^[IVXLC]+$")
_SIZE = re.compile(r"^-?\d+(\.\d+)?\s*(mm|cm|in|pt)$")
_CONDITION = re.compile(r"^(<=|>=|==|!=|<|>)\s*[\w.]+$")  # a dice.yaml count: "<= players"
_FILE = re.compile(r"\.(ya?ml|csv|xlsx|svg|png|jpe?g|ttf|otf|pdf)$", re.I)
QPS = "qps"  # the pseudo-edition every game has


@dataclass(frozen=True)
class Span:
    """One translatable piece of a text: ``text[start:end]``; ``quote`` is the quote character
    when the piece is a literal inside a Jinja expression (its translation is escaped)."""

    start: int
    end: int
    quote: str = ""


def _bare(text: str) -> str:
    """Return ``text`` without its placeholders (expressions, icons, fields, markup)."""
    for pattern in (_JINJA, _FORMAT, _ICON, _MARKUP):
        text = pattern.sub(" ", text)
    return text


def is_translatable(text: str) -> bool:
    """Return whether a text (with no Jinja expression of its own) is words a reader reads."""
    stripped = _JINJA.sub("0", text).strip()  # an expression joined to a unit or id: a name
    if (not stripped or _ID.match(stripped) or _ROMAN.match(stripped) or _SIZE.match(stripped)
            or stripped.startswith("#") or _FILE.search(stripped)
            or _CONDITION.match(stripped)):
        return False
    return bool(_WORD.search(_bare(stripped)))


def spans(text: str, shown: bool = False) -> list[Span]:
    """Return the translatable pieces of ``text`` (a data value or a template text).

    ``shown``: the value of a key that is always printed (``text:``, ``label:``...), where a
    lone lowercase word (``unlimited``) is a word to translate, not an id.
    """
    if shown and not _JINJA.search(text) and _WORD.search(_bare(text)) and not (
            _SIZE.match(text.strip()) or _FILE.search(text) or text.startswith("#")):
        return [Span(0, len(text))]
    blocks = list(_JINJA.finditer(text))
    literals = [
        Span(m.start(g), m.end(g), m.group(0)[0])
        for block in blocks for m in _LITERAL.finditer(text, block.start(), block.end())
        for g in (1, 2) if m.group(g) is not None and is_translatable(_unescape(m.group(g)))
    ]
    if not literals:
        return [Span(0, len(text))] if is_translatable(text) else []
    outside, start = [], 0
    for block in blocks + [None]:
        end = block.start() if block else len(text)
        if is_translatable(text[start:end]):
            outside.append(Span(start, end))
        start = block.end() if block else end
    return sorted(outside + literals, key=lambda s: s.start)


def _unescape(literal: str) -> str:
    return re.sub(r"\\(.)", r"\1", literal)


def pieces(text: str, shown: bool = False) -> list[str]:
    """Return the source texts (msgids) of the translatable pieces of ``text``."""
    return [_unescape(text[s.start:s.end]) if s.quote else text[s.start:s.end]
            for s in spans(text, shown)]


def replace_pieces(text: str, translate, shown: bool = False) -> str:
    """Return ``text`` with each translatable piece replaced by ``translate(piece)``."""
    out, last = [], 0
    for span in spans(text, shown):
        source = text[span.start:span.end]
        if span.quote:
            new = translate(_unescape(source))
            new = new.replace("\\", "\\\\").replace(span.quote, "\\" + span.quote)
        else:
            new = translate(source)
        out.append(text[last:span.start] + new)
        last = span.end
    return "".join(out) + text[last:]


def placeholders(text: str) -> list[str]:
    """Return the pieces a translation of ``text`` must keep, sorted: numbers, ``:icons:``,
    Jinja expressions, ``{fields}`` and markup."""
    found = [m.group(0) for m in _JINJA.finditer(text)]
    rest = _JINJA.sub(" ", text)
    for pattern in (_FORMAT, _ICON, _MARKUP):
        found += pattern.findall(rest)
        rest = pattern.sub(" ", rest)
    found += _NUMBER.findall(rest)
    return sorted(found)


def placeholder_mistake(source: str, translation: str) -> str | None:
    """Return what a translation drops, adds or changes among its source's placeholders (a
    sentence), or None when it keeps every one."""
    want, got = placeholders(source), placeholders(translation)
    if want == got:
        return None
    missing = [p for p in dict.fromkeys(want) if got.count(p) < want.count(p)]
    extra = [p for p in dict.fromkeys(got) if want.count(p) < got.count(p)]
    said = []
    if missing:
        said.append("drops " + ", ".join(repr(p) for p in missing))
    if extra:
        said.append("adds " + ", ".join(repr(p) for p in extra))
    return (" and ".join(said) + " (a translation keeps every number, :icon:, {{ expression "
            "}}, {field} and ** of its source)")


_ACCENTS = dict(zip("aceinouyACEINOUY", "àçéîñöûýÀÇÉÎÑÖÛÝ"))


def pseudo(text: str) -> str:
    """Return the ``qps`` pseudo-translation of ``text``: its letters accented, about 40 %
    longer (tildes in words of up to six, which wrap like words), in brackets; placeholders
    are kept as they are."""
    out, last = [], 0
    keep = sorted((m.start(), m.end()) for pattern in (_JINJA, _FORMAT, _ICON, _MARKUP)
                  for m in pattern.finditer(text))
    letters = 0
    for start, end in keep + [(len(text), len(text))]:
        if start < last:
            continue
        chunk = text[last:start]
        letters += sum(c.isalpha() for c in chunk)
        out.append("".join(_ACCENTS.get(c, c) for c in chunk) + text[start:end])
        last = end
    pad = _pad(max(1, round(letters * 0.4)))
    lead = len(text) - len(text.lstrip())
    body = "".join(out)
    return f"{body[:lead]}[{body[lead:].rstrip()} {pad}]{body[len(body.rstrip()):]}"


PAD_WORD = 6  # the longest run of padding: a line can break between runs, as between words


def _pad(count: int) -> str:
    """Return ``count`` tildes in words of at most :data:`PAD_WORD`, a space between them:
    padding as long as a translation's extra words, and wrapping as they would (one run of
    120 tildes was a word no box could hold)."""
    return " ".join("~" * min(PAD_WORD, count - at) for at in range(0, count, PAD_WORD))


def normal(text: str) -> str:
    """Return ``text`` in Unicode NFC (how catalogs are compared and written)."""
    return unicodedata.normalize("NFC", text)
