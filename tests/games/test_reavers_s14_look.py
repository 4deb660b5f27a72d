"""Reavers of Midgard, session 14 reader report, measured in the built PDFs: every letter and
figure on a die face or a marker in the house faces (the reader took Cinzel's small capitals
and figures for a fallback serif)."""

from __future__ import annotations

import pypdf


def _fonts_of(pdf, page: int, wanted: str) -> set[str]:
    """Return the base font names of the text runs that read ``wanted`` on ``page``."""
    found: set[str] = set()

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip() == wanted:
            found.add(str(font["/BaseFont"]).split("+")[-1])
    pdf.pages[page].extract_text(visitor_text=visit)
    return found


def test_the_combat_die_blank_face_is_set_in_the_label_face(built):
    pdf = pypdf.PdfReader(built("reavers-of-midgard", "printable-dice", "a4"))
    assert _fonts_of(pdf, len(pdf.pages) - 1, "0") == {"IBMPlexSans-SemiBold"}
    stickers = pypdf.PdfReader(built("reavers-of-midgard", "dice-stickers", "a4"))
    faces = set().union(*(_fonts_of(stickers, k, "0") for k in range(len(stickers.pages))))
    assert faces == {"IBMPlexSans-SemiBold"}


def test_the_glory_markers_initials_and_backs_are_set_in_the_label_face(built):
    pdf = pypdf.PdfReader(built("reavers-of-midgard", "markers", "a4"))
    for letter in "CAGOP":
        assert _fonts_of(pdf, 0, letter) == {"IBMPlexSans-SemiBold"}, letter
    assert _fonts_of(pdf, 1, "+100") == {"IBMPlexSans-SemiBold"}


def test_no_reavers_output_uses_a_font_the_house_does_not_ship(built):
    """Every font in every component is one of the house faces, embedded (no base-14 or
    fallback face)."""
    house = {"Cinzel-Bold", "Cinzel-Regular", "AlegreyaSans-Regular", "AlegreyaSans-Bold",
             "AlegreyaSans-Italic", "IBMPlexSans-SemiBold", "NotoSansRunic-Regular"}
    for component in ("markers", "pawns", "tokens", "printable-dice", "ship-upgrade-tiles"):
        pdf = pypdf.PdfReader(built("reavers-of-midgard", component, "a4"))
        for page in pdf.pages:
            seen: set[str] = set()

            def visit(text, cm, tm, font, size, seen=seen):
                if font is not None and text.strip():
                    seen.add(str(font["/BaseFont"]).split("+")[-1])
            page.extract_text(visitor_text=visit)
            assert seen <= house, (component, seen - house)
