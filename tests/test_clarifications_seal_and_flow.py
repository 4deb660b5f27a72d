"""Clarifications: each ruling marked by a seal keyed once, and a card too full goes on.

Every card said "Edition ruling · not the publisher's" in a band at its foot (fresh readers:
tool words repeated on every card). Now each ruling opens with a small seal (the
edition-seal icon) before its number, and only the deck's first card keys it in its foot band:
"Ruling of this edition, not the publisher's"; the other cards' foot holds the seal alone. A
card whose rulings do not fit (a longer language) flows on (the template's ``flow:``): the
card keeps the rulings that fit, a further card right after it says "(continued)" and numbers
on. Read from the printed PDF: text with pypdf, the seals as
the icon forms each page draws.
"""

from __future__ import annotations

import re

from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import run_cli, write_files

KEY = "This edition's rulings"  # Roll & Raid's band (s15: the same band on every card)


def seals(page, reader) -> int:
    """Return how many times a page draws the edition-seal icon (in its forms, nested)."""

    def count(container, resources) -> int:
        forms = (resources or {}).get("/XObject") or {}
        found = 0
        for operands, op in ContentStream(container, reader).operations:
            if op == b"Do" and str(operands[0]) in forms:
                name, form = str(operands[0]), forms[str(operands[0])].get_object()
                found += "edition-seal" in name or count(form, form.get("/Resources"))
        return found

    return count(page.get_contents(), page.get("/Resources"))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_ruling_has_its_seal_and_every_card_keys_it(built):
    path = built("roll-and-raid", "clarifications", "pod")
    reader = PdfReader(str(path))
    fronts = reader.pages[::2]
    texts = [_flat(page.extract_text()) for page in fronts]
    codes = [re.findall(r"R(\d+) ·", text) for text in texts]
    assert [int(n) for found in codes for n in found] == list(range(1, 13))
    # the key on every card (a reader, s15: the first card's banner and the others' lone
    # seal looked like two designs); the old sentence on no card
    assert all(KEY in text for text in texts), texts
    assert not any("Edition ruling" in text for text in texts), texts
    # a seal before every ruling, and one more at the foot, in each card's key band
    assert [seals(page, reader) for page in fronts] == [len(found) + 1 for found in codes]


GAME = "id: rules\nname: Rules\ncomponents: [clarifications]\n"
LONG = ("The player to the left of the dealer keeps the first card, then passes the rest on, "
        "and so on round the table until every player holds a hand of five.")
CLARIFICATIONS = """id: clarifications
title: Clarifications
kind: cards
front: clarifications-front
profiles: [pod]
items:
  - id: rulings-1
    title: Clarifications
    first: 1
    rulings:
{rulings}
"""


def _project(tmp_path, rulings: list[str]) -> None:
    lines = "\n".join(f'      - {{topic: "Topic {k}", ruling: "{text}"}}'
                      for k, text in enumerate(rulings, 1))
    write_files(tmp_path, {"data/rules/game.yaml": GAME,
                           "data/rules/clarifications.yaml": CLARIFICATIONS.format(
                               rulings=lines)})


def test_rulings_that_do_not_fit_go_on_onto_a_further_card(tmp_path):
    _project(tmp_path, [LONG] * 6)
    result = run_cli("--project", str(tmp_path), "build", "rules", "-p", "pod")
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(next((tmp_path / "out").rglob("clarifications-pod.pdf"))))
    fronts = [_flat(page.extract_text()) for page in reader.pages]  # no backs: fronts only
    assert len(fronts) == 2, fronts
    first, further = (re.findall(r"R(\d+) · Topic (\d+)", text) for text in fronts)
    # every ruling once, in order, numbered on across the cards, each number its own topic
    assert [n for n, _ in first + further] == [str(k) for k in range(1, 7)]
    assert all(n == topic for n, topic in first + further)
    assert first and further and "(continued)" in fronts[1] and "(continued)" not in fronts[0]
    assert KEY in fronts[0] and KEY not in fronts[1]


def test_a_ruling_too_long_for_a_card_alone_is_an_error_at_its_item(tmp_path):
    _project(tmp_path, [" ".join([LONG] * 8), "Short."])
    result = run_cli("--project", str(tmp_path), "build", "rules", "-p", "pod")
    assert result.exit_code == 2, result.output
    assert "clarifications.yaml:7: rulings-1 front: text 'body' text does not fit" \
        in result.output, result.output
    assert "Traceback" not in result.output


def test_licences_stay_in_print_without_the_tools_name(built):
    """Every page footer ended in "sheetgen" and every credits block in "Made with sheetgen":
    the licence lines stay (the footer of each home-printed page, the credits block of the
    Symbols key in a print-on-demand file, which has no footer: no play aid carries them),
    the tool's name goes."""
    footer = _flat(" ".join(p.extract_text() for p in
                            PdfReader(str(built("roll-and-raid", "clarifications", "a4"))).pages))
    assert "Icons: game-icons.net, CC BY 3.0" in footer and "Fonts: SIL OFL 1.1" in footer
    pod = _flat(" ".join(p.extract_text() for p in
                         PdfReader(str(built("roll-and-raid", "symbol-key", "pod"))).pages))
    assert "Icons: game-icons.net (Lorc, Delapouite and others), CC BY 3.0" in pod
    assert "SIL Open Font License 1.1" in pod
    # the footers (what the page is, then the licences) and the credits block: no tool name
    footers = re.findall(r"Roll & Raid · Clarifications · a4 · .*? · page \d/\d", footer)
    assert len(footers) == 2 and not any("sheetgen" in f for f in footers), footers
    assert "Made with" not in pod
