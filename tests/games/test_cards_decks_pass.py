"""Design pass on the play cards (issue 34, session 13): every finding of the session-12 readers
on the Mythology, Raid, Creature, dice-deck, odds and Roll & Might cards, decided on the page.

Each test reads the printed PDF (pypdf text and drawing operators, pypdfium2 font sizes and
pixels), never the code that made it.
"""

from __future__ import annotations

import re
from collections import Counter

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, run_cli

MM = 72 / 25.4
# the scene's clip (x y w h re W* n) right before the scene's drawing
_ART_CLIP = re.compile(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W\* n\s*q\s*([-\d. ]+) cm\s*"
                       rb"/FormXob\.art-([^\s]+) Do")


def _faces(path) -> list[bytes]:
    """Return the drawing of each front of a face-per-page (pod) print (backs between them)."""
    reader = PdfReader(path)
    return [next(iter(page["/Resources"]["/XObject"].values())).get_object().get_data()
            for page in reader.pages[::2]]


def _scene(face: bytes) -> tuple[float, bytes, bytes]:
    """Return (the art window's height in mm, the scene's matrix, the scene's form name)."""
    found = _ART_CLIP.search(face)
    assert found, "no scene drawn in an art window"
    name = re.sub(rb"-[0-9a-f]{12}$", b"", found.group(6))
    return float(found.group(4)) / MM, found.group(5), name + b"|" + found.group(6)


@pytest.fixture(scope="module")
def mythology(built):
    return built("ragnarocks", "mythology-cards", "pod")


def _edition_pod(tmp_path_factory, edition: str):
    out = tmp_path_factory.mktemp(f"myth-{edition}")
    result = run_cli("build", "ragnarocks", "mythology-cards", "-p", "pod", "--edition",
                     edition, "--out", str(out), "-j", "1")
    assert result.exit_code == 0, result.output
    return out / "ragnarocks" / f"mythology-cards-{edition}-pod.pdf"


@pytest.mark.parametrize("edition", ["en", "es", "de"])
def test_mythology_art_window_is_one_size_on_every_card(mythology, tmp_path_factory, edition):
    # finding (Ragnarocks 6.4): "the card layout varies with text length (the art window is
    # squashed on cards with rulings)": the picture's window is 33 mm tall (its clip 32.4 mm)
    # on all 32 cards, the one-line power and the three-power card alike, in every edition
    path = mythology if edition == "en" else _edition_pod(tmp_path_factory, edition)
    heights = [round(_scene(face)[0], 1) for face in _faces(path)]
    assert len(heights) == 32
    assert set(heights) == {32.4}, Counter(heights)


def test_mythology_medallion_stays_inside_its_window(mythology):
    # finding: "the Odin medallion spills": every card's medallion is drawn inside the art
    # window's clip, at one size on every card
    sizes = set()
    for face in _faces(mythology):
        clip = _ART_CLIP.search(face)
        x, y, w, h = (float(v) for v in clip.group(1, 2, 3, 4))
        after = face[clip.end():]
        medal = re.search(rb"([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*/FormXob\.art-", after)
        size, _, mx, my = (float(v) for v in medal.groups())
        assert x <= mx and mx + size <= x + w and y <= my and my + size <= y + h + 0.01
        sizes.add(round(size / MM, 1))
    assert len(sizes) == 1, sizes


def test_mythology_body_text_is_one_of_three_sizes_never_below_the_rules_size(mythology):
    # finding: "body text 7-11 pt": the powers print at 10 pt, 9.25 pt for a long text and
    # 8.5 pt (the rules size) for the longest; nothing on a card's text box below 8 pt
    document = pdfium.PdfDocument(str(mythology))
    used = Counter()
    for index in range(0, len(document), 2):
        chars = document[index].get_textpage()
        text = chars.get_text_range()
        start = min(text.index(t) for t in re.findall(r"[A-Z][A-Za-z ]+:", text)[:1])
        size = round(pdfium.raw.FPDFText_GetFontSize(chars.raw, start + 1), 2)
        used[size] += 1
    assert set(used) <= {10.0, 9.25, 8.5}, used
    assert used[10.0] >= 16, used   # most cards at the deck's one size


def test_mythology_rulings_print_once_on_the_clarifications(mythology, built):
    # finding: "pink 'Edition ruling' boxes on cards; rulings printed 3 times": no ruling's
    # words print on a card; the three cards with a ruling keep one line under the seal saying
    # where it is, and the Clarifications print each ruling
    clarifications = yaml.safe_load((REPO / "data/ragnarocks/clarifications.yaml").read_text())
    rulings = [r["ruling"] for card in clarifications["items"] for r in card.get("rulings", [])]
    reader = PdfReader(mythology)
    cards = " ".join(" ".join(p.extract_text().split()) for p in reader.pages[::2])
    for ruling in rulings:
        assert ruling[:40] not in cards, ruling
    assert cards.count("Edition ruling on the Clarifications") == 3
    for name in ("Gullinbursti", "Hildisvini", "Tyr"):
        assert re.search(name + r"\b.*?Edition ruling on the Clarifications", cards), name
    clar = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(built("ragnarocks", "clarifications", "pod")).pages)
    for start in ("At step 3, instead of summoning", "Push one hex further along",
                  "Any adjacent Viking, yours or your opponent's"):
        assert start in clar, start
    # no pink panel: no fill of the old ruling panel's colour on any card
    for face in _faces(mythology):
        assert b".960784 .894118 .862745 rg" not in face


def test_mythology_every_card_has_a_picture_of_its_own(mythology):
    # finding: "card scenes recycled (8 scenes repeat across 32 cards)": 32 different
    # pictures (a scene shown whole or in part, in its tint, under the card's own medallion);
    # no backdrop drawn on more than two cards, and those two show different parts of it
    scenes = [_scene(face) for face in _faces(mythology)]
    shown = {(matrix, form) for _, matrix, form in scenes}
    assert len(shown) == 32
    per_scene = Counter(form.split(b"|")[0] for _, _, form in scenes)
    assert len(per_scene) >= 24 and max(per_scene.values()) <= 2, per_scene
