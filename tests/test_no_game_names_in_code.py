"""Game knowledge lives in data/: no game or card name appears in sheetgen's Python code.

Comments and docstrings may name a game as an example; string literals (messages, help,
field descriptions) and identifiers may not.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sheetgen.load.yamlload import load_yaml

REPO = Path(__file__).resolve().parent.parent


def game_and_card_names() -> set[str]:
    """Every game's name and id, and the name of every card of every deck (4+ letters)."""
    names = set()
    for game_file in (REPO / "data").glob("*/game.yaml"):
        game = load_yaml(game_file)
        names |= {game["name"], game["id"]}
        for cid in game["components"]:
            component = load_yaml(game_file.parent / f"{cid}.yaml")
            if component.get("kind") != "cards":
                continue
            for item in component.get("items") or []:
                name = item.get("name")
                if isinstance(name, str) and len(name) >= 4:
                    names.add(name)
    return names


def code_words(source: str):
    """Yield (line, text) of every string literal that is not a docstring, and every name."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.arg)):
            yield node.lineno, getattr(node, "name", None) or node.arg


@pytest.mark.slow
def test_names_come_from_the_data():
    names = game_and_card_names()
    assert {"Ragnarocks", "roll-and-raid", "Odin"} <= names  # the list is not empty
    patterns = [re.compile(r"(?<![A-Za-z0-9])" + re.escape(name.replace("-", "[-_]"))
                           .replace(r"\[\-_\]", "[-_]") + r"(?![A-Za-z0-9])",
                           re.IGNORECASE if name.islower() or " " in name else 0)
                for name in sorted(names)]
    found = []
    for path in sorted((REPO / "sheetgen").rglob("*.py")):
        for line, text in code_words(path.read_text(encoding="utf-8")):
            for pattern in patterns:
                if pattern.search(text):
                    found.append(f"{path.relative_to(REPO)}:{line}: {text[:60]!r}")
    assert not found, "\n".join(found)


def test_the_check_would_catch_a_name():
    source = '"""Docstrings may say Ragnarocks."""\n# so may comments: Odin\nX = "Ragnarocks"\n'
    assert [text for _, text in code_words(source) if "Ragnarocks" in text] == ["Ragnarocks"]
