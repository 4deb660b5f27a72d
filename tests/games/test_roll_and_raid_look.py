"""Roll & Raid as a player printing at home sees it (look pass): keys with room, words on the
line of the marks they explain. Measured on the built PDFs (pypdfium2 glyph and path bounds,
turned to mm down the page), never against the template's own numbers.
"""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO
from pdfcheck import drawn_shapes

MM = 72 / 25.4


class Page:
    """A built page's glyphs and drawn shapes, in mm from the page's top-left corner."""

    def __init__(self, path, index: int = 0):
        self.page = pdfium.PdfDocument(str(path))[index]
        self.height = self.page.get_height()
        self.chars = self.page.get_textpage()
        self.text = self.chars.get_text_range()

    def shapes(self) -> list[tuple[float, float, float, float]]:
        """Return every drawn path as (left, top, right, bottom) in mm."""
        return [(x0 / MM, (self.height - y1) / MM, x1 / MM, (self.height - y0) / MM)
                for x0, y0, x1, y1 in drawn_shapes(self.page)]

    def glyphs(self, text: str, start: int = 0) -> tuple[float, float, float, float]:
        """Return the ink box (left, top, right, bottom; mm) of the first ``text`` from
        ``start`` in the page's text."""
        found = self.text.find(text, start)
        assert found >= 0, f"{text!r} is not on the page"
        boxes = [self.chars.get_charbox(i) for i in range(found, found + len(text))]
        boxes = [b for b in boxes if b[2] > b[0]]
        return (min(b[0] for b in boxes) / MM, (self.height - max(b[3] for b in boxes)) / MM,
                max(b[2] for b in boxes) / MM, (self.height - min(b[1] for b in boxes)) / MM)


def clan_sheet(built) -> Page:
    """The first page of the A4 clan sheet."""
    return Page(built("roll-and-raid", "clan-sheet", "a4", copies=1))


def test_the_round_key_has_room_the_seasons_in_the_band_the_festival_on_its_boxes(built):
    """The Round tracker's key sat in three 7.7 pt lines squeezed under rounds 1-3, 0.3 mm
    under the spaces, "none: -2 GP" alone on the last line against the frame. The season key
    now reads in the title row (over its rule), and the festival rule's lines (three at
    8.5 pt since issue 34) are centred on the row of festival write-in boxes, clear of the
    spaces above and of the frame below."""
    page = clan_sheet(built)
    shapes = page.shapes()
    # the title row: 6 mm over the title's rule (the titles are ink over a rule, no band)
    rule = next(s for s in shapes if s[2] - s[0] > 150 and s[3] - s[1] < 1 and 70 < s[1] < 82)
    band = (rule[0], rule[3] - 6, rule[2], rule[3])
    for word in ("winter", "summer"):
        left, top, right, bottom = page.glyphs(word)
        assert band[1] < top and bottom < band[3], f"{word!r} at {top:.1f} mm, not in the band"
    spaces = [s for s in shapes if 10 < s[2] - s[0] < 11.5 and 10 < s[3] - s[1] < 11.5
              and band[3] < s[1] < band[3] + 5]
    assert len(spaces) == 16, len(spaces)
    boxes = sorted(s for s in shapes if 7 < s[3] - s[1] < 8 and s[1] > spaces[0][3] - 1
                   and s[3] < band[1] + 30)
    assert len(boxes) == 4, boxes  # the festival GP boxes under rounds 4, 8, 12, 16
    frame_bottom = max(s[3] for s in shapes if s[2] - s[0] > 150 and 25 < s[3] - s[1] < 31)
    first = page.glyphs("Festival:")
    last = page.glyphs("none:")
    assert last[1] > first[3], "the festival rule is on two lines"
    top, bottom = first[1], last[3]
    assert top - max(s[3] for s in spaces) >= 0.5, f"{top - spaces[0][3]:.2f} mm under spaces"
    assert frame_bottom - bottom >= 1.5, f"{frame_bottom - bottom:.2f} mm over the frame"
    box_middle = (boxes[0][1] + boxes[0][3]) / 2
    assert abs((top + bottom) / 2 - box_middle) <= 0.5, ((top + bottom) / 2, box_middle)
    left = page.glyphs("0-3")[0]  # the rule's lines start on round 1's edge (outline 0.3 mm)
    assert abs(left - (spaces[0][0] + 0.3)) <= 0.5, (left, spaces[0][0])


UPGRADES = [("Improved production (", "Production tracker."),
            ("Intensive production:", "Intensive"), ("Specialized production:", "white hex"),
            ("Ritual:", "take the rewards"), ("Upgraded tools", "that die"),
            ("Berserker substances", "Berserker")]  # (the row's start, a word on its last line)


def test_each_upgrade_reads_on_the_line_of_its_marks_and_unlimited_is_a_tag(built):
    """Each upgrade's words are centred on its row of 6 mm marks (one-line rows sat at the
    marks' top, 1.2 mm high), and Improved production's "unlimited" is a tag on the marks'
    column (it floated, a bold word centred in the column's 27 mm, 3.5 mm right of the
    marks' left edge, with no shape around it)."""
    page = clan_sheet(built)
    shapes = page.shapes()
    marks = [s for s in shapes if 5.8 < s[2] - s[0] < 6.6 and 5.8 < s[3] - s[1] < 6.6
             and 90 < s[0] < 120 and 155 < s[1] < 210]
    rows = sorted({round((s[1] + s[3]) / 2, 1) for s in marks})
    assert len(rows) == 5, rows  # Intensive, Specialized, Ritual, Upgraded tools, Berserker
    column = min(s[0] for s in marks)
    words = [page.glyphs("unlimited", i) for i in range(len(page.text))
             if page.text.startswith("unlimited", i)]
    tag_word = max(words)  # the rightmost: the marks column's, not the description's
    assert tag_word[0] > column - 1, tag_word
    tags = [s for s in shapes if s[0] <= tag_word[0] and tag_word[2] <= s[2]
            and s[1] <= tag_word[1] and tag_word[3] <= s[3] and s[2] - s[0] < 30]
    assert tags, "no shape around 'unlimited'"
    tag = min(tags, key=lambda s: s[2] - s[0])
    assert abs(tag[0] - column) <= 0.3, (tag[0], column)
    widest = max(s[2] for s in marks)
    assert abs(tag[2] - widest) <= 0.5, (tag[2], widest)  # as wide as the longest row
    middles = [(tag[1] + tag[3]) / 2, *rows]
    for (first, last), middle in zip(UPGRADES, middles):
        start = page.text.find(first)
        cap_top = page.glyphs(first[0], start)[1]
        baseline = page.glyphs(last[0], page.text.find(last, start))[3]
        off = (cap_top + baseline) / 2 - middle
        assert abs(off) <= 0.4, f"{first}: words {off:+.2f} mm off their marks' middle"


def paragraphs(lines: list[str], start: str, end: str) -> list[list[str]]:
    """Return the numbered paragraphs ("1. ...", "2. ...") of the page's text lines from the
    line ``start`` up to the line ``end``, each as its lines."""
    block = lines[lines.index(start) + 1:lines.index(end)]
    found: list[list[str]] = []
    for line in block:
        if re.match(r"\d+\. ", line) or not found:
            found.append([line])
        else:
            found[-1].append(line)
    return found


@pytest.mark.parametrize("profile", ["a4", "letter"])
def test_the_print_guide_lists_end_no_paragraph_on_a_lone_word(built, profile):
    """The How-to-print file list and steps ended three paragraphs on one word ("pad).",
    "together.", "coats.") and broke "5" from "dice" across two lines; the notes panel under
    the copies had no line to write on. Now every numbered paragraph's last line holds two
    words or more, no line ends on a count whose unit starts the next, and the notes panel
    has a ruled line."""
    path = built("roll-and-raid", "how-to-print", profile)
    page = Page(path)
    lines = page.text.split("\r\n")
    files = paragraphs(lines, "1 · What to print, in this order",
                       "2 · How many for your player count")
    steps = paragraphs(lines, "5 · Cut, fold and glue, in order", "6 · Contents: tick each "
                       "when it is made")
    # 10: the Symbols sheet, and the ready roll sheets last
    assert len(files) == 10 and len(steps) == 5, (len(files), len(steps))
    assert files[-1][0].startswith("10. Roll sheets (roll-sheet-1p-"), files[-1]
    for paragraph in files + steps:
        assert len(paragraph[-1].split()) >= 2, f"{paragraph[0][:30]!r} ends on {paragraph[-1]!r}"
        for line, after in zip(paragraph, paragraph[1:]):
            assert not re.search(r"\d$", line) or not re.match(r"(dice|cards|sheets)\b", after), (
                line, after)
    # the notes panel has a ruled line to write on (it lost it when the roll sheets joined the
    # file list; the files now carry no notes the checklist already gives)
    notes = page.glyphs("Notes:")
    section = page.glyphs("6 · Contents")
    ruled = [s for s in page.shapes() if s[3] - s[1] < 0.5 and s[2] - s[0] > 60
             and s[0] < notes[0] and notes[3] < s[1] < section[1]]
    assert ruled, "no ruled line to write on under 'Notes:'"


def test_the_clarifications_say_where_rulings_are_cited_and_end_none_on_a_lone_word(built):
    """Each Clarifications card said "not the publisher's" twice, under its title and in the
    band at its foot; the line under the title now says where the rulings are cited, and no
    ruling ends on a lone word (R1 ended on "sooner).")."""
    page = Page(built("roll-and-raid", "clarifications", "a4"))
    lines = page.text.split("\r\n")
    titles = [i for i, line in enumerate(lines) if line == "Clarifications"]
    assert len(titles) == 3, titles
    for i in titles:
        assert "(R1) to (R12)" in lines[i + 1] and "publisher" not in lines[i + 1], lines[i + 1]
    rulings: list[list[str]] = []
    for line in lines:
        if re.match(r"R\d+ · ", line):
            rulings.append([line])
        elif line == "Clarifications" or line.startswith("Ruling of this edition"):
            rulings.append([])  # a card's title or band ends the ruling before it
        elif rulings and rulings[-1]:
            rulings[-1].append(line)
    rulings = [r for r in rulings if r]
    assert len(rulings) == 12, len(rulings)
    for ruling in rulings:
        assert len(ruling[-1].split()) >= 2, f"{ruling[0][:20]!r} ends on {ruling[-1]!r}"


def test_no_player_aid_block_ends_on_a_lone_word(built):
    """The player aids ended seven blocks on a word alone on its line ("first.",
    "expansions).", "players).", "tracker.", "further.", "GP.", "you.") and one on the Fate
    die icon alone; their text now sets each block's last word on the line of the word before
    it. Read from the pod PDF (a card a page): the last two words of every block of every aid,
    as the data writes them, stand on one line."""
    data = yaml.safe_load((REPO / "data" / "roll-and-raid" / "reference.yaml").read_text("utf-8"))
    document = pdfium.PdfDocument(str(built("roll-and-raid", "reference", "pod")))
    text = "\n".join(document[i].get_textpage().get_text_range()
                     for i in range(0, len(document), 2))  # the fronts
    # spaces dropped: the extractor loses some between bold and plain words ("resultscard.")
    text = re.sub(r"[ \u00a0]+", "", text.replace("\r\n", "\n"))
    blocks = [block for item in data["items"] for block in item["body"].split("\n") if block]
    assert len(blocks) >= 40, len(blocks)
    for block in blocks:
        plain = re.sub(r":[a-z0-9/-]+:", " ", block.replace("**", ""))
        words = [w for w in plain.split() if re.search(r"\w", w)]  # not a lone "." or ":"
        last = plain[plain.rindex(words[-2]):]  # from the word before the last to the end
        assert re.sub(r"\s+", "", last) in text, f"{block[:40]!r} ends on {words[-1]!r} alone"


NUMBER = re.compile(r"[(\[]?[+\-\u2212]?\d+[+%]?[)\]]?[.,:;]?")


def test_every_number_on_the_clan_sheet_is_set_in_the_number_face(built):
    """The game's type rule: every number a player reads is in the label face (IBM Plex Sans
    SemiBold, lining figures as tall as capitals). The round numbers 1-16, the God trackers'
    20 / 15 / 10 GP tiers, "Empty tracker: 0 GP" (read as "o GP") and the summary's "11+: +3"
    were set in Alegreya Sans' old-style figures, a 0 no taller than an o. Read with pypdf:
    each word of the first page that is a number, and the face it is set in (the round
    tracker's band note, a sentence in the band's own face, aside)."""
    reader = PdfReader(built("roll-and-raid", "clan-sheet", "a4", copies=1))
    found = []

    def text(words, cm, tm, font, size):
        if "Cross out a space as each round starts" in words:
            return
        for word in words.split():
            if NUMBER.fullmatch(word):
                found.append((word, str(font.get("/BaseFont")) if font else ""))

    reader.pages[0].extract_text(visitor_text=text)
    numbers = [word for word, _ in found]
    for expected in ("1", "16", "20", "0", "+3"):
        assert expected in numbers, expected
    assert len(found) >= 60, len(found)
    other = [(word, font) for word, font in found if "IBMPlexSans" not in font]
    assert not other, other


CARD_NUMBERS = [("raid-cards", 100, ("Cinzel", "Italic")), ("creature-cards", 12, ("Cinzel",)),
                ("odds-card", 100, ("Cinzel",)), ("reference", 40, ("Cinzel",))]


@pytest.mark.parametrize("component, most, kept", CARD_NUMBERS)
def test_card_numbers_are_set_in_the_number_face(built, component, most, kept):
    """The Raid cards' season costs (the numbers a raider pays) were set in Alegreya Sans'
    old-style figures at 15 pt, the Creature cards' rewards ("8 GP", "1-2") and payments in its
    bold ones, the Raid odds' "+0 to +6" (read "+o") and the aids' subtitles ("showing 4+",
    "16 rounds") in its italic ones; they now take the number face like every other number a
    player reads. Titles keep the carved title face (Cinzel: the defense, the Battle GP, "1 ·
    Production"), the Raid cards' epithets their years in italic ("raided 793")."""
    reader = PdfReader(built("roll-and-raid", component, "pod"))
    found = []

    def text(words, cm, tm, font, size):
        face = str(font.get("/BaseFont")) if font else ""
        found.extend((word, face) for word in words.split() if NUMBER.fullmatch(word))

    for page in reader.pages:
        page.extract_text(visitor_text=text)
    plex = [word for word, face in found if "IBMPlexSans" in face]
    assert len(plex) >= most, len(plex)
    other = {(word, face) for word, face in found
             if not any(kind in face for kind in ("IBMPlexSans", *kept))}
    assert not other, sorted(other)[:10]
