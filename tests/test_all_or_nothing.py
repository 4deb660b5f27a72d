"""All-or-nothing builds, and faces that cannot fit their page found by validate and build."""

from __future__ import annotations

import pytest

from conftest import run_cli
from sheetgen.api import BuildOptions, build
from sheetgen.base.errors import UserError
from sheetgen.load.project import Project


def write_template(root, name: str, text: str) -> None:
    folder = root / "templates"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def edit(root, file: str, old: str, new: str) -> None:
    path = root / "data" / "ragnarocks" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def snapshot(root) -> dict:
    return {p.relative_to(root): p.read_bytes() for p in (root / "out").rglob("*") if p.is_file()}


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_card_larger_than_the_page_is_blamed_at_its_size_line(copy_game, command):
    root = copy_game("ragnarocks")
    write_template(root, "huge-front", "# a poster, not a card\nextends: mythology-front\n"
                   "width: 230mm\nheight: 88.9mm\n")
    write_template(root, "huge-back", "extends: mythology-back\nwidth: 230mm\nheight: 88.9mm\n")
    edit(root, "mythology-cards.yaml", "front: mythology-front", "front: huge-front")
    edit(root, "mythology-cards.yaml", "back: mythology-back", "back: huge-back")
    result = run_cli("--project", str(root), command, "ragnarocks")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "templates/huge-front.yaml:3: mythology-cards in profile a4: a face of 230.0 x 88.9 mm" \
        in result.output
    assert "larger than the a4 grid area (210.0 x 279.4 mm)" in result.output
    assert "half a gutterfold-a4 page" in result.output
    assert not (root / "out").exists()


def test_fronts_and_backs_of_different_sizes(copy_game):
    root = copy_game("ragnarocks")
    write_template(root, "tarot-back", "extends: mythology-back\nsize: tarot\n")
    edit(root, "mythology-cards.yaml", "back: mythology-back", "back: tarot-back")
    result = run_cli("--project", str(root), "validate", "ragnarocks")
    assert result.exit_code == 2
    assert "templates/tarot-back.yaml:2: the back (69.8 x 120.7 mm) and the front " \
        "(63.5 x 88.9 mm, template 'mythology-front') must be the same size" in result.output


def test_a_token_larger_than_the_sheet(copy_game):
    root = copy_game("ragnarocks")
    write_template(root, "token-huge", "extends: token-19-icon\nwidth: 200mm\nheight: 200mm\n")
    edit(root, "tokens.yaml", "front: token-19-icon", "front: token-huge")
    edit(root, "tokens.yaml", "back: token-19-icon", "back: token-huge")
    result = run_cli("--project", str(root), "build", "ragnarocks", "tokens")
    assert result.exit_code == 2
    assert "templates/token-huge.yaml:2: tokens in profile a4: a token of 200.0 x 200.0 mm " \
        "is larger than the printable area of the a4 page" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_a_board_over_the_pod_limit_when_pod_is_asked_for(copy_game):
    root = copy_game("ragnarocks")
    assert run_cli("--project", str(root), "build", "ragnarocks", "-p", "pod",
                   "-q").exit_code == 0
    before = snapshot(root)
    # every output would change (a new game name), and the board no longer fits pod
    path = root / "data" / "ragnarocks" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Ragnarocks",
                                                             "name: Ragnarocks II")
                    # 60 mm hexes tile with names on the seams: this test is about size
                    .replace("print_checks: {seams: true,", "print_checks: {seams: false,"),
                    "utf-8")
    # without its backdrop (which fixes the size) the board grows with its hexes
    edit(root, "board.yaml", "backdrop: ragnarocks-board\n", "")
    edit(root, "board.yaml", "  hex_size: 25mm", "  hex_size: 60mm")
    edit(root, "board.yaml", "kind: board\n", "kind: board\nprofiles: [a4]\n")
    assert run_cli("--project", str(root), "validate", "ragnarocks").exit_code == 0
    result = run_cli("--project", str(root), "build", "ragnarocks", "-p", "pod")
    assert result.exit_code == 2
    assert "board.yaml:" in result.output and "use hex_size" in result.output
    assert snapshot(root) == before


@pytest.mark.slow
def test_a_failure_in_the_last_job_leaves_every_earlier_output_untouched(copy_game,
                                                                         monkeypatch):
    from sheetgen.impose.components.tokens import Tokens

    root = copy_game("ragnarocks")
    project = Project.at(root)
    options = BuildOptions(profiles=["a4"], out_dir=root / "out")
    first = build(project, "ragnarocks", [], options)
    # the last component's output (the game's roll sheets are written after its components)
    assert [p.name for p in first if not p.name.startswith("roll-sheet-")][-1] == \
        "standees-a4.pdf"
    before = snapshot(root)
    path = root / "data" / "ragnarocks" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Ragnarocks",
                                                             "name: Ragnarocks II"), "utf-8")
    real = Tokens.render

    def fail_on_standees(self, *args, **kwargs):
        if self.model.id == "standees":
            raise UserError("the rasteriser ran out of ink")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Tokens, "render", fail_on_standees)
    with pytest.raises(UserError, match="out of ink"):
        build(project, "ragnarocks", [], options)
    assert snapshot(root) == before
    # no staging left (the build cache's record, kept in out/ unless SHEETGEN_CACHE_DIR
    # names another folder, is the one other entry)
    assert [p.name for p in (root / "out").iterdir() if p.name != ".sheetgen-cache.json"] \
        == ["ragnarocks"]
    monkeypatch.setattr(Tokens, "render", real)
    again = build(project, "ragnarocks", [], options)
    # every output again: the roll sheets print the game's name in their title band too
    assert again == first
    assert snapshot(root) != before  # the whole build landed, with the new name
