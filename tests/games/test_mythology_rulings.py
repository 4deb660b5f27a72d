"""Ragnarocks Mythology cards (issue 25): one spelling, the right tense, Hildisvini's push
decided on the card, a subtitle on every card and one anatomy (the powers start at one height)."""

from __future__ import annotations

import pytest
import yaml

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


