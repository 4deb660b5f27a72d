"""Lay out card text: wrap words, place inline icons, and shrink the size until it fits.

Markup is small on purpose: a newline starts a paragraph, ``**...**`` is bold and ``:name:`` is
an inline icon the size of a capital letter; a no-break space never wraps, and neither does the
space between a number and the inline icon after it ("2 :food:", "+1 :coin:", "2x :die:"): a
cost never ends one line with its number and starts the next with its icon. Nor does the space
after an inline icon that opens a list item ("West · :castle: Castle"): the icon never ends a
line with the word it labels on the next. With a paragraph gap, blank lines between paragraphs
become that gap instead of an empty line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# A no-break space (U+00A0) is part of its word, so "2\u00a0GP" never wraps between 2 and GP.
# An inline icon is :name: or :set/name: (colour art).
_TOKEN = re.compile(r"\*\*|:([a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)?):"
                    r"|[^\S\u00a0]+|(?:[^\s*:]|\u00a0)+|[*:]")
# A number that holds on to the inline icon after it: figures with a sign, "x" or "×" ("2", "+1",
# "-3", "2x", "×2"), an opening bracket allowed ("(2 :food:)").
_NUMBER = re.compile(r"[(\[]?[+\-\u2212\u2013±]?[x×]?\d+(?:[.,]\d+)?[x×]?")
# Runs that part the items of a list ("Army · :castle: Castle"): an icon after one opens an item.
_SEPARATORS = frozenset({"·", "•", "|", "–", "—", "/"})
# A number with the punctuation that ends its clause ("2,", "12.", "6;"): the punctuation is a
# run of its own, glued to the number, so a number font sets the figures and not the comma.
_NUMBER_THEN_STOP = re.compile(r"([(\[]?[+\-\u2212\u2013±]?\d+(?:[.,]\d+)?[%)\]]?)([,.;]+)")
ASCENT = 0.78  # baseline below the top of a line, as a share of the size


class TextFitError(ValueError):
    """The text is too long for its box even at the smallest allowed size."""


@dataclass(frozen=True)
class Run:
    """One word (or icon) with its style; ``space`` says a space comes before it, ``tied``
    that the space is a no-break one."""

    text: str
    bold: bool
    icon: bool
    space: bool
    tied: bool = False  # the space before it is a no-break space: never a line break


@dataclass(frozen=True)
class Line:
    """One laid-out line: runs with their x offsets, the line's width, ``drop``: how far
    (points) the paragraph gaps above it push it below its place in even line spacing, and
    ``opens``: it is the first line of a paragraph with text (a list item's marker goes there)."""

    runs: tuple[tuple[Run, float], ...]
    width: float
    drop: float = 0.0
    opens: bool = False


@dataclass(frozen=True)
class Layout:
    """The chosen size and the lines at that size."""

    size: float
    leading: float
    lines: tuple[Line, ...]

    @property
    def height(self) -> float:
        """Height from the top of the first line to the lowest descender."""
        return (len(self.lines) - 1) * self.size * self.leading + self.size + self.lines[-1].drop

    def top(self, index: int) -> float:
        """Return how far the top of line ``index`` lies below the top of the text (points)."""
        return index * self.size * self.leading + self.lines[index].drop


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[tuple[Run, ...], ...]:
    """Split ``text`` into paragraphs of runs (cached: faces repeat their texts)."""
    paragraphs = []
    for para in str(text).split("\n"):
        runs, bold, space, tied = [], False, False, False
        for match in _TOKEN.finditer(para):
            token = match.group(0)
            if token == "**":
                bold = not bold
            elif "\u00a0" in token and token.isspace():
                # no-break spaces alone (an icon's beside **bold**): a space, never a break
                space, tied = bool(runs), bool(runs)
            elif token.isspace():
                space = bool(runs)
            elif match.group(1):
                runs.append(Run(match.group(1), bold, True, space, tied))
                space, tied = False, False
            else:
                # glue punctuation straight after an icon or word without a space
                stop = _NUMBER_THEN_STOP.fullmatch(token)
                if stop:
                    runs.append(Run(stop.group(1), bold, False, space, tied))
                    token, space, tied = stop.group(2), False, False
                runs.append(Run(token, bold, False, space, tied))
                space, tied = False, False
        paragraphs.append(tuple(runs))
    return tuple(paragraphs)


@lru_cache(maxsize=4096)
def inline_icons(text: str) -> frozenset[str]:
    """Return the names of the inline icons in ``text`` (cached)."""
    return frozenset(run.text for para in parse(text) for run in para if run.icon)


def layout(paragraphs, width: float, height: float, measure, size: float, min_size: float,
           leading: float = 1.2, paragraph_gap: float | None = None,
           no_lone_word: bool = False, hyphenate=None) -> Layout:
    """Return the largest layout from ``size`` down to ``min_size`` (0.25 pt steps) that fits.

    ``measure(text, bold, size)`` returns a string's width in points. With ``paragraph_gap``
    (points), blank lines between paragraphs are that much extra space instead of empty lines.
    With ``no_lone_word``, a paragraph whose last line would hold one word (or icon) alone is
    wrapped a little narrower, so that line takes a word from the line above. With
    ``hyphenate`` (:func:`hyphenator`), a word that does not fit the rest of a line is broken
    at a syllable, with a hyphen.
    Raises TextFitError when even ``min_size`` does not fit.
    """
    steps = [size - 0.25 * i for i in range(int((size - min_size) / 0.25) + 1)] or [size]
    if steps[-1] > min_size:  # a size between quarter points still tries the minimum itself
        steps.append(min_size)
    lo, hi, best = 0, len(steps) - 1, None
    # sizes fit monotonically enough for a binary search (smaller never fits worse)
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = _wrap(paragraphs, width, measure, steps[mid], leading, paragraph_gap,
                        no_lone_word, hyphenate)
        if attempt is not None and attempt.height <= height + 0.01:
            best, hi = attempt, mid - 1
        else:
            lo = mid + 1
    if best is None:
        raise TextFitError(f"text does not fit its {width / 72 * 25.4:.1f} x "
                           f"{height / 72 * 25.4:.1f} mm box even at {min_size:g} pt"
                           + _needed(paragraphs, width, height, measure, min_size, leading,
                                     paragraph_gap, hyphenate))
    return best


def _needed(paragraphs, width, height, measure, min_size, leading, paragraph_gap,
            hyphenate=None) -> str:
    """Say the size the text would need to fit (searched in quarter points down to 2 pt)."""
    steps = [min_size - 0.25 * i for i in range(1, int((min_size - 2) / 0.25) + 1)]
    lo, hi, found = 0, len(steps) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = _wrap(paragraphs, width, measure, steps[mid], leading, paragraph_gap,
                        hyphenate=hyphenate)
        if attempt is not None and attempt.height <= height + 0.01:
            found, hi = steps[mid], mid - 1
        else:
            lo = mid + 1
    return (f" (it needs {found:g} pt)" if found is not None
            else " (it does not fit even at 2 pt)")


def _wrap(paragraphs, width, measure, size, leading, paragraph_gap=None,
          no_lone_word=False, hyphenate=None) -> Layout | None:
    space_w = measure(" ", False, size)
    lines: list[Line] = []
    drop, blank = 0.0, False  # blank: a blank line waits to become a gap before the next text
    for runs in paragraphs:
        if paragraph_gap is not None and not runs:
            blank = bool(lines)
            continue
        if blank:
            drop, blank = drop + paragraph_gap, False
        wrapped = _wrap_paragraph(runs, width, measure, size, space_w, hyphenate)
        if wrapped is None:
            return None
        if no_lone_word and len(wrapped) > 1 and _words(wrapped[-1]) == 1:
            wrapped = _with_company(runs, width, measure, size, space_w, wrapped, hyphenate)
        lines.extend(Line(runs_, w, drop, k == 0 and bool(runs))
                     for k, (runs_, w) in enumerate(wrapped))
    if not lines:  # a text of blank lines only still has one (empty) line
        lines.append(Line((), 0.0))
    return Layout(size, leading, tuple(lines))


def _words(line: tuple[tuple[tuple[Run, float], ...], float]) -> int:
    """Return how many words (runs after a space, or an icon) a wrapped line holds."""
    runs = line[0]
    return sum(1 for k, (run, _) in enumerate(runs) if k == 0 or run.space)


def _with_company(runs, width, measure, size, space_w, wrapped, hyphenate=None):
    """Return ``runs`` wrapped narrower, in 2 % steps down to 70 % of ``width``, the first
    way that keeps the number of lines and puts two words or more on the last; else
    ``wrapped`` as it was."""
    for step in range(1, 16):
        narrower = _wrap_paragraph(runs, width * (1 - 0.02 * step), measure, size, space_w,
                                   hyphenate)
        if narrower is None or len(narrower) != len(wrapped):
            return wrapped
        if _words(narrower[-1]) > 1:
            return narrower
    return wrapped


def _wrap_paragraph(runs, width, measure, size, space_w, hyphenate=None):
    """Return the lines of one paragraph as (runs with their x offsets, width), or None when
    a word is wider than ``width`` (and cannot be hyphenated to fit)."""
    lines = []
    current: list[tuple[Run, float]] = []
    x, word = 0.0, 0  # word: where the word being set starts in current (glued runs)
    queue = list(runs)[::-1]
    while queue:
        run = queue.pop()
        w = size if run.icon else measure(run.text, run.bold, size)
        if hyphenate is not None and not run.icon and (run.space or not current):
            gap = space_w if run.space and current else 0.0
            cut = (_hyphen_cut(run, width - x - gap, measure, size, hyphenate)
                   if w > width - x - gap + 0.01 else None)
            if cut is not None:
                head, tail = cut
                current.append((head, x + gap))
                lines.append((tuple(current), x + gap + measure(head.text, head.bold, size)))
                current, x, word = [], 0.0, 0
                queue.append(tail)
                continue
            if current and w > width + 0.01:  # too long for any line: break it on the next
                lines.append((tuple(current), x))
                current, x, word = [], 0.0, 0
                queue.append(Run(run.text, run.bold, False, False))
                continue
        if w > width + 0.01:
            return None
        gap = space_w if run.space and current else 0.0
        bound = (run.tied and bool(current)) or (
            run.icon and run.space and word > 0 and _holds_icon(current[-1][0])) or (
            run.space and word > 0 and _labels_word(current, run))
        if run.space and not bound:
            word = len(current)
        if current and x + gap + w > width + 0.01:
            if bound and x - current[word][1] + gap + w > width + 0.01:
                bound = False  # number and icon wider than a line: part them, do not fail
            if run.space and not bound:
                lines.append((tuple(current), x))
                current, x, gap, word = [], 0.0, 0.0, 0
            elif word > 0:  # glued (":food:).") or bound ("2 :food:"): the word wraps whole
                start = current[word][1]
                lines.append((tuple(current[:word]), start - space_w))
                current = [(r, offset - start) for r, offset in current[word:]]
                x, word = x - start, 0
            if x + gap + w > width + 0.01:
                return None  # one word wider than the line: a smaller size may fit
        current.append((run, x + gap))
        x += gap + w
    lines.append((tuple(current), x))
    return lines


def _hyphen_cut(run: Run, room: float, measure, size: float, hyphenate):
    """Return ``run`` parted at its last break point (a syllable, or after a hyphen it has)
    whose first part, with a hyphen, fits ``room``: (head, tail), or None."""
    text = run.text
    breaks = sorted(set(hyphenate(text)) | {i + 1 for i, c in enumerate(text[:-2]) if c == "-"})
    for at in reversed(breaks):
        head = text[:at] if text[at - 1] == "-" else text[:at] + "-"
        if measure(head, run.bold, size) <= room + 0.01:
            return (Run(head, run.bold, False, run.space, run.tied),
                    Run(text[at:], run.bold, False, False))
    return None


_LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # a word's letters, inner hyphens kept


@lru_cache(maxsize=16)
def hyphenator(language: str | None):
    """Return a function giving the break points of a word in ``language`` (pyphen's
    dictionary), or None for no language or a language pyphen does not know."""
    if not language:
        return None
    import pyphen  # start-up: only an edition's text hyphenates

    code = language.replace("-", "_")
    if not pyphen.language_fallback(code):
        return None
    dictionary = pyphen.Pyphen(lang=code, left=2, right=3)

    @lru_cache(maxsize=8192)
    def breaks(word: str) -> tuple[int, ...]:
        # the letters alone are hyphenated: "marcador)." breaks as "marca-dor).", never
        # "marcado-r)."; a word of fewer than six letters is not broken
        core = _LETTERS.search(word)
        if core is None or len(core.group()) < 6:
            return ()
        return tuple(core.start() + at for at in dictionary.positions(core.group()))
    return breaks


def _labels_word(current: list[tuple[Run, float]], run: Run) -> bool:
    """Return whether the word ``run`` closes a list item that an inline icon opens, the icon
    standing after a separator ("West · :castle: Castle 1-3"): the icon never ends a line with
    its word starting the next. An icon inside a sentence ("roll one :die: and") wraps as a word."""
    return (not run.icon and len(current) >= 2 and current[-1][0].icon and current[-1][0].space
            and not current[-2][0].icon and current[-2][0].text in _SEPARATORS)


def _holds_icon(run: Run) -> bool:
    """Return whether ``run`` is a number that keeps an inline icon after it on its line."""
    return not run.icon and _NUMBER.fullmatch(run.text) is not None
