"""`sheetgen new`: a skeleton project that validates, builds and scripts dice on its own."""

from pypdf import PdfReader

from conftest import run_cli


def test_new_project_builds_and_scripts_dice(tmp_path):
    result = run_cli("new", "my-game", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    root = tmp_path / "my-game"
    assert (root / "data" / "my-game" / "game.yaml").is_file()
    game_text = (root / "data" / "my-game" / "game.yaml").read_text()
    assert "name: My Game" in game_text
    modeline = game_text.splitlines()[0].split("$schema=")[1]
    assert (root / "data" / "my-game" / modeline).resolve() == root / "schemas" / "game.json"
    assert (root / "schemas" / "template.json").is_file()
    assert run_cli("--project", str(root), "validate", cwd=tmp_path).exit_code == 0
    built = run_cli("--project", str(root), "build", "-q", "my-game", "deck", "score-sheet",
                    "-p", "a4", cwd=tmp_path)
    assert built.exit_code == 0, built.output
    deck = PdfReader(root / "out" / "my-game" / "deck-a4.pdf")
    text = "".join(page.extract_text() for page in deck.pages)
    for name in ("Scout", "Raider", "Smith", "Skald", "Jarl"):
        assert name.upper() in text.upper()
    sheet = PdfReader(root / "out" / "my-game" / "score-sheet-a4.pdf")
    assert "MY GAME" in sheet.pages[0].extract_text().upper()
    script = run_cli("--project", str(root), "dice", "my-game", "--players", "2", "-s", "x",
                     cwd=tmp_path)
    assert script.exit_code == 0, script.output
    assert script.output.count("Scout") == 3  # the deck the script shuffles is the printed one


def test_new_refuses_an_existing_folder_and_a_bad_id(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run_cli("new", "taken", cwd=tmp_path)
    assert result.exit_code == 2 and "already exists" in result.output
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"
    result = run_cli("new", "My Game", cwd=tmp_path)
    assert result.exit_code == 2 and "kebab-case" in result.output
    assert not (tmp_path / "My Game").exists()
    named = run_cli("new", "folder", "--id", "saga", "--name", "The Saga", cwd=tmp_path)
    assert named.exit_code == 0
    assert "name: The Saga" in (tmp_path / "folder" / "data" / "saga" / "game.yaml").read_text()
