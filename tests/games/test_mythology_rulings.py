"""Ragnarocks Mythology cards (issue 25): one spelling, the right tense, Hildisvini's push
decided on the card, a subtitle on every card and one anatomy (the powers start at one height)."""

from __future__ import annotations

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO
from pdfcheck import page_texts


@pytest.fixture(scope="module")
def pod(built):
    return built("ragnarocks", "mythology-cards", "pod")


def card_texts(path) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(path)[::2]]


def test_card_text_fixes(pod):
    text = " ".join(card_texts(pod))
    assert "Fyorgynn" not in text and "Fjorgyn and Fjorgynn" in text
    assert "scored" not in text
    assert "Your opponent scores an extra point for each Runestone on their card" in text
    # Hildisvini's "back" (R7) prints on the Clarifications (design pass: a ruling prints
    # once); the card keeps the ruling seal and its code (session 14)
    assert "Push one hex further" not in text
    assert "R7" in text and "Clarifications" not in text


def test_every_card_has_a_subtitle():
    deck = yaml.safe_load((REPO / "data/ragnarocks/mythology-cards.yaml").read_text())
    assert len(deck["items"]) == 32
    assert all(item.get("epithet") for item in deck["items"]), "a card without a subtitle"


def test_every_card_has_its_own_medallion(built):
    # issue 34, session 12 (the reader: "the gods are Noto emoji drawings: clip-art"): each of
    # the 32 cards draws its own heraldic medallion (templates/art/medallions: a gold band with
    # the name in runes round a game-icons silhouette) before its scene; no Noto drawing, no
    # halo; no other silhouette but the command badge and the ruling seal; the credits name
    # the medallions, not Noto Emoji
    import re
    reader = PdfReader(built("ragnarocks", "mythology-cards", "pod"))
    medallions = {p.stem.encode() for p in
                  (REPO / "templates" / "art" / "medallions").glob("*.svg")}
    noto = {p.stem.encode() for p in (REPO / "templates" / "art" / "noto").glob("*.svg")}
    pictures = []
    for page in reader.pages[::2]:
        face = next(iter(page["/Resources"]["/XObject"].values())).get_object()
        data = face.get_data()
        art = {re.sub(rb"-[0-9a-f]{12}$", b"", name)
               for name in re.findall(rb"/FormXob\.art-([^\s]+) Do", data)}
        figures = art & medallions
        assert not art & noto and b"halo" not in art, art
        assert len(art) == 2 and len(figures) == 1, art   # the scene and the medallion
        icons = set(re.findall(rb"/FormXob\.icon-([^\s]+) Do", data)) - {b"command",
                                                                         b"edition-seal"}
        assert not icons, icons
        pictures.append(figures.pop())
    assert len(pictures) == 32 and len(set(pictures)) == 32
    assert b"odin" in pictures and b"fenrir" in pictures
    a4 = PdfReader(built("ragnarocks", "mythology-cards", "a4")).pages[0].extract_text()
    assert "Medallions: game-icons.net" in a4 and "Noto" not in a4
