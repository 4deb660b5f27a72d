"""The component contract: every kind fills it in, and a new kind is one class plus YAML."""

from __future__ import annotations

from typing import Literal

import pytest
from pypdf import PdfReader

from conftest import run_cli
from sheetgen.components import KINDS, component_kinds, register_kind
from sheetgen.components.contract import Artifact, Component, Misfit, Prepared
from sheetgen.model import ComponentBase


def test_every_kind_fills_in_the_contract():
    kinds = component_kinds()
    assert set(kinds) >= {"cards", "sheet", "board", "tokens"}
    for cls in kinds.values():
        assert issubclass(cls, Component)
        assert not getattr(cls, "__abstractmethods__", None), cls
    assert [k for k, cls in kinds.items() if cls.takes_copies] == ["sheet"]


def test_a_class_that_is_not_a_component_is_refused():
    class Loose(ComponentBase):
        kind: Literal["loose"] = "loose"

    with pytest.raises(TypeError, match="must fill in"):
        register_kind(Loose)
    assert "loose" not in KINDS


def test_a_new_kind_is_one_class_and_a_profile(copy_game):
    """A 'stickers' kind: one face per page, each page a sticker sheet's cut-out."""
    component_kinds()

    @register_kind
    class Stickers(ComponentBase, Component):
        kind: Literal["stickers"] = "stickers"
        front: str

        def prepare(self, builder, loaded) -> Prepared:
            from sheetgen.faces import Where
            from sheetgen.faces import Card

            path = str(loaded.path)
            return Prepared([Card(builder.build(self.front, {**self.defaults, **item.fields()},
                                                Where(path, loaded.item_line(i), item.id),
                                                (path, 1)), None, item.id)
                             for i, item in enumerate(self.items)])

        def check(self, prepared, profile) -> list[Misfit]:
            return []

        def render(self, prepared, profile, env) -> Artifact:
            from sheetgen.imposition.pod import impose_pod

            doc = env.document(profile.page)
            pages = impose_pod(doc, prepared.cards, profile, env.options)
            return Artifact(doc.finish(), pages, doc.faces_drawn)

    try:
        root = copy_game("ragnarocks")
        (root / "profiles.yaml").write_text(
            "profiles:\n  sticker-pod:\n    paper: none\n    layout: {stickers: one-per-page}\n"
            "    marks: none\n    duplex: none\n    default_for: [stickers]\n", encoding="utf-8")
        game = root / "data" / "ragnarocks" / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace(
            "components:\n", "components:\n  - stickers\n", 1), encoding="utf-8")
        (root / "data" / "ragnarocks" / "stickers.yaml").write_text(
            "id: stickers\ntitle: Stickers\nkind: stickers\nfront: token-20-icon\n"
            "items:\n  - {id: odin, icon: odin, color: gold}\n"
            "  - {id: thor, icon: hammer, color: red}\n", encoding="utf-8")
        result = run_cli("--project", str(root), "build", "ragnarocks", "stickers", "-q")
        assert result.exit_code == 0, result.output
        reader = PdfReader(root / "out" / "ragnarocks" / "stickers-sticker-pod.pdf")
        assert len(reader.pages) == 2
        assert round(float(reader.pages[0].trimbox.width) / 72 * 25.4, 1) == 20.0
    finally:
        KINDS.pop("stickers", None)
