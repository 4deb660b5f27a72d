"""The documentation site: it builds with --strict, and its generated pages are up to date."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from conftest import REPO, run_cli
from sheetgen.base.docs_links import PAGES
from sheetgen.tools.reference_pages import GENERATED, reference_pages

pytestmark = pytest.mark.slow  # builds the documentation site

DOCS = REPO / "docs"


def test_the_site_builds_strict(tmp_path):
    # --strict turns every warning (a broken link, a missing anchor, a page not in the nav)
    # into a failure
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                           "--site-dir", str(tmp_path / "site")], cwd=REPO,
                          capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    icons = tmp_path / "site" / "reference" / "icons"
    assert (tmp_path / "site" / "reference" / "icons" / "index.html").is_file()
    assert len(list(icons.glob("*.svg"))) == len(list((REPO / "templates" / "icons")
                                                      .glob("*.svg")))


def test_generated_reference_pages_are_up_to_date(project):
    folder = DOCS / "src" / "reference"
    pages = reference_pages(project)
    committed = {p.name for p in folder.glob("*.md") if p.read_text().startswith(GENERATED)}
    assert committed == set(pages), (
        "run: python -m sheetgen.tools.reference_pages docs/src/reference")
    for name, text in pages.items():
        assert (folder / name).read_text(encoding="utf-8") == text, (
            f"docs/src/reference/{name} is stale: "
            "python -m sheetgen.tools.reference_pages docs/src/reference")


def test_every_page_a_message_points_at_exists():
    for topic, page in PAGES.items():
        assert (DOCS / "src" / page).is_file(), f"{topic}: docs/src/{page} does not exist"


def test_a_print_check_failure_ends_with_its_page(copy_game):
    root = copy_game("roll-and-might")
    path = root / "data" / "roll-and-might" / "game.yaml"
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    game["print_checks"] = {"min_text_size": 30}
    path.write_text(yaml.safe_dump(game), encoding="utf-8")
    result = run_cli("--project", str(root), "validate", "roll-and-might")
    assert result.exit_code == 2
    failures = [line for line in result.output.splitlines() if " pt, minimum 30 pt" in line]
    assert failures and all(line.endswith("(docs: explanation/print-checks.md)")
                            for line in failures), result.output


def test_no_paragraph_is_written_twice_across_the_hand_written_pages():
    # one copy of each section (issue 35 gap 4: layout.md had a drifted copy of the board, hex
    # and token section of boards-tokens.md, 6 pt against 7 pt for hex coordinates)
    seen: dict[str, str] = {}
    twice = []
    for page in sorted((DOCS / "src").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if text.startswith(GENERATED) or page.name == "changelog.md":
            continue
        for paragraph in text.split("\n\n"):
            words = " ".join(paragraph.split())
            if len(words) < 200 or words.startswith("```"):
                continue
            where = str(page.relative_to(DOCS / "src"))
            if words in seen and seen[words] != where:
                twice.append(f"{seen[words]} and {where}: {words[:60]}...")
            seen.setdefault(words, where)
    assert not twice, "\n".join(twice)


def test_the_studio_install_line_works_from_a_checkout():
    # issue 35 gap 1: "sheetgen[serve]" sends a checkout's user to the package index
    for page in (REPO / "README.md", DOCS / "src" / "how-to" / "studio.md",
                 DOCS / "src" / "tutorial.md"):
        assert 'pip install ".[serve]"' in page.read_text(encoding="utf-8"), page
    serve_line = next(line for line in (REPO / "README.md").read_text().splitlines()
                      if "serve --open" in line)
    assert ".[serve]" in serve_line


def test_the_reference_names_every_game_yaml_key_and_a_boards_side_keys(project, tmp_path):
    # issue 35 gap 5: colors, credits, print_checks and rulebook were only in the generated
    # game.yaml's comment; a board's sides: keys only in `sheetgen schema`
    from sheetgen.load.component_models import BoardSide
    from sheetgen.load.model import GameSpec

    pages = reference_pages(project)
    result = run_cli("--project", str(REPO), "reference", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    printed = (tmp_path / "reference.md").read_text(encoding="utf-8")
    for key in GameSpec.model_fields:
        assert f"| `{key}` |" in pages["game-yaml.md"] and f"| `{key}` |" in printed, key
    for key in ("colors", "credits", "print_checks", "rulebook", "min_game_text"):
        assert f"| `{key}` |" in pages["game-yaml.md"], key
    sides = pages["component-files.md"].split("a board's `sides:` entries")[1]
    for key in BoardSide.model_fields:
        assert f"| `{key}` |" in sides, key
