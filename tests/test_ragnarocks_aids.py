"""Ragnarocks player aids: the rulebook's open points are decided on paper, once per player."""

from __future__ import annotations

from pypdf import PdfReader


def aid_text(built) -> str:
    reader = PdfReader(built("ragnarocks", "reference", "a4"))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def test_setup_lists_the_pieces_and_the_random_colour(built):
    text = aid_text(built)
    assert "40 Runestones, 3 Ivory and 3 Red Vikings; 32 Mythology cards" in text
    assert "Ivory (chosen at random)" in text
    assert "Empty supply: no one can Summon" in text


def test_turn_and_scoring_close_the_rulebook_gaps_for_both_players(built):
    text = aid_text(built)
    # a move is at least one hex (else "skip your turn" could never apply to Move)
    assert text.count("one or more hexes") == 2
    # the rulebook names no tie rule
    assert text.count("equal points share the win") == 2
