"""``extends``: a child template's element replaces the parent's element of the same id also
inside a stack (the How-to-print page's file list sits in its left column); the parent
template, built beside it, keeps its own element."""

from __future__ import annotations

import pypdfium2 as pdfium

from conftest import run_cli, write_files

GAME = "id: ext\nname: Ext\ncomponents: [parents, children]\n"
DECK = ("id: {id}\ntitle: {id}\nkind: cards\nfront: {front}\nprofiles: [pod]\n"
        "items:\n  - {{name: A}}\n")
PARENT = """size: poker
elements:
  - id: column
    type: stack
    x: 5mm
    y: 5mm
    w: 50mm
    h: 60mm
    gap: 2mm
    children:
      - {id: kept, type: text, h: auto, size: 10, text: "Kept words"}
      - {id: swapped, type: text, h: auto, size: 10, text: "Parent words"}
      - {id: last, type: text, h: auto, size: 10, text: "Last words"}
"""
CHILD = """extends: parent
elements:
  - {id: swapped, type: text, h: 20mm, size: 10, text: "Child words"}
"""


def page_text(tmp_path, component: str) -> list[tuple[str, float]]:
    """Return each line of the first page's text with its baseline height (points)."""
    path = next((tmp_path / "out").rglob(f"{component}-*pod*.pdf"))
    text = pdfium.PdfDocument(str(path))[0].get_textpage()
    words = text.get_text_range().split("\r\n")
    tops, i = [], 0
    for word in words:
        tops.append((word, round(text.get_charbox(i)[1], 1)))
        i += len(word) + 2
    return tops


def test_a_child_replaces_a_stack_child_by_id_and_the_parent_keeps_its_own(tmp_path):
    write_files(tmp_path, {
        "data/ext/game.yaml": GAME,
        "data/ext/parents.yaml": DECK.format(id="parents", front="parent"),
        "data/ext/children.yaml": DECK.format(id="children", front="child"),
        "templates/parent.yaml": PARENT, "templates/child.yaml": CHILD})
    result = run_cli("--project", str(tmp_path), "build", "ext", "-p", "pod")
    assert result.exit_code == 0, result.output
    parent, child = page_text(tmp_path, "parents"), page_text(tmp_path, "children")
    assert [w for w, _ in parent] == ["Kept words", "Parent words", "Last words"]
    assert [w for w, _ in child] == ["Kept words", "Child words", "Last words"]
    # the replacement takes its place in the stack: its 20 mm push the last line down
    drop = 72 / 25.4 * 20 - 10  # 20 mm box instead of one 10 pt line
    assert abs((parent[2][1] - child[2][1]) - drop) < 0.5
