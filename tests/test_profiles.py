"""Print profiles are data: the shipped registry, a project's own profiles.yaml, and refusals."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import run_cli
from pdfcheck import MM


@pytest.mark.slow
def test_a3_board_prints_on_a3_pages(copy_game):
    root = copy_game("ragnarocks")
    result = run_cli("--project", str(root), "build", "ragnarocks", "board", "-p", "a3", "-q")
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out" / "ragnarocks" / "board-a3.pdf")
    sizes = {tuple(sorted((round(float(p.mediabox.width) / MM), round(float(p.mediabox.height)
                                                                        / MM))))
             for p in reader.pages}
    assert sizes == {(297, 420)}
    # an A3 page holds more of the board than A4: fewer tiles than the a4 build
    result = run_cli("--project", str(root), "build", "ragnarocks", "board", "-p", "a4", "-q")
    assert len(reader.pages) < len(PdfReader(root / "out" / "ragnarocks" / "board-a4.pdf").pages)


def test_an_unknown_profile_beside_a_good_one_writes_nothing(copy_game):
    root = copy_game("ragnarocks")
    result = run_cli("--project", str(root), "build", "ragnarocks", "-p", "a4", "-p",
                     "no-such-profile")
    assert result.exit_code == 2
    assert "unknown profile 'no-such-profile'" in result.output
    assert "a4, letter, a3, gutterfold-a4, gutterfold-letter, pod, pod-png" in result.output
    assert not (root / "out").exists()


def test_a_profile_a_named_component_refuses_is_an_error(copy_game):
    root = copy_game("ragnarocks")
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards", "board",
                     "-p", "pod-png")
    assert result.exit_code == 2
    assert "board component 'board' cannot be built in profile 'pod-png'" in result.output
    assert not (root / "out").exists()


def test_a_component_naming_an_unknown_profile_is_blamed_at_its_line(copy_game):
    root = copy_game("ragnarocks")
    path = root / "data" / "ragnarocks" / "tokens.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("kind: tokens\n", "kind: tokens\nprofiles: [a4, a5]\n", 1),
                    encoding="utf-8")
    line = text[: text.index("kind: tokens")].count("\n") + 2
    result = run_cli("--project", str(root), "build", "ragnarocks", "tokens")
    assert result.exit_code == 2
    assert f"tokens.yaml:{line}: tokens component 'tokens' cannot be built in profile 'a5'" \
        in result.output


def test_a_project_adds_a_profile_in_yaml(copy_game):
    root = copy_game("ragnarocks")
    (root / "profiles.yaml").write_text(
        "sizes:\n  tabloid: [279.4, 431.8]\n"
        "profiles:\n"
        "  tabloid-landscape:\n"
        "    paper: tabloid\n    orientation: landscape\n"
        "    layout: {cards: grid, tokens: grid}\n", encoding="utf-8")
    listed = run_cli("--project", str(root), "profiles").output
    assert "tabloid-landscape" in listed and "431.8 x 279.4 mm" in listed
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards", "-p",
                     "tabloid-landscape", "-q")
    assert result.exit_code == 0, result.output
    reader = PdfReader(root / "out" / "ragnarocks" / "mythology-cards-tabloid-landscape.pdf")
    page = reader.pages[0]
    assert round(float(page.mediabox.width) / MM, 1) == 431.8
    assert round(float(page.mediabox.height) / MM, 1) == 279.4
    # 6 x 3 poker cards fit a landscape tabloid page: 32 cards need 2 sheets (fronts + backs)
    assert len(reader.pages) == 4


def test_a_broken_profiles_file_names_its_line(copy_game):
    root = copy_game("ragnarocks")
    (root / "profiles.yaml").write_text(
        "profiles:\n  huge:\n    paper: a4\n    layout: {cards: grid}\n    duplex: sideways\n",
        encoding="utf-8")
    result = run_cli("--project", str(root), "build", "ragnarocks", "mythology-cards")
    assert result.exit_code == 2
    assert "profiles.yaml:5:" in result.output and "duplex" in result.output
    assert "Traceback" not in result.output


def test_credits_come_from_the_font_and_icon_metadata(copy_game):
    from pypdf import PdfReader as Reader

    root = copy_game("ragnarocks")
    (root / "fonts").mkdir()
    (root / "fonts" / "fonts.yaml").write_text(
        "credit:\n  line: 'Fonts: House Serif (OFL)'\n  short: 'Fonts: House OFL'\n"
        "families: {}\n", encoding="utf-8")
    # the credits block is on the How-to-print page (the aids print only the footer)
    result = run_cli("--project", str(root), "build", "ragnarocks", "reference", "how-to-print",
                     "-p", "a4", "-q")
    assert result.exit_code == 0, result.output
    guide = Reader(root / "out" / "ragnarocks" / "how-to-print-a4.pdf").pages[0].extract_text()
    assert "House Serif" in guide  # the block
    reader = Reader(root / "out" / "ragnarocks" / "reference-a4.pdf")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Fonts: House OFL" in text  # the footer
    assert "game-icons.net" in text
    (root / "fonts" / "fonts.yaml").write_text("credit: OFL\nfamilies: {}\n", encoding="utf-8")
    result = run_cli("--project", str(root), "build", "ragnarocks", "reference", "-p", "a4")
    assert result.exit_code == 2 and "fonts.yaml:1: credit: give 'line:'" in result.output


@pytest.mark.parametrize("command", [["validate"], ["build", "roll-and-might", "cards"],
                                     ["build", "roll-and-might", "legend", "-p", "weird"]])
def test_a_profile_giving_a_kind_a_layout_it_lacks_is_refused_at_its_line(copy_game, command):
    root = copy_game("roll-and-might")
    (root / "profiles.yaml").write_text(
        "# a4 paper, but neither kind has these layouts\n"
        "profiles:\n"
        "  weird: {paper: a4, layout: {sheet: gutterfold, cards: tiled}}\n", encoding="utf-8")
    result = run_cli("--project", str(root), *command)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if "profiles.yaml:3:" in line]
    assert len(lines) == 2, result.output
    assert "sheet has no layout 'gutterfold'" in lines[0] and "grid, one-per-page" in lines[0]
    assert "cards has no layout 'tiled'" in lines[1]
    assert not (root / "out").exists()
