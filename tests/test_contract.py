"""The component contract: every kind fills it in, and a new kind is one class plus YAML."""

from __future__ import annotations

from typing import ClassVar, Literal

import pytest
from pypdf import PdfReader

from conftest import run_cli
from sheetgen.load.component_models import MODELS, CardsModel, component_models, register_model
from sheetgen.impose.components import KINDS, component_kinds, register_kind
from sheetgen.impose.components.contract import Artifact, Component, Layout, Misfit, Prepared
from sheetgen.load.model import ComponentBase


def test_every_kind_fills_in_the_contract():
    kinds = component_kinds()
    assert set(kinds) == set(component_models()) >= {"cards", "sheet", "board", "tokens"}
    for kind, cls in kinds.items():
        assert issubclass(cls, Component)
        assert not getattr(cls, "__abstractmethods__", None), cls
        assert cls.model_class is component_models()[kind]
        # the table fills in exactly the families the model names, each with both functions
        assert set(cls.layouts) == set(cls.model_class.layouts)
        assert all(callable(layout.fit) and callable(layout.impose)
                   for layout in cls.layouts.values())
    assert [k for k, cls in component_models().items() if cls.takes_copies] == ["sheet"]


def test_a_class_that_is_not_a_component_is_refused():
    class Loose(ComponentBase):
        kind: Literal["loose"] = "loose"

    with pytest.raises(TypeError, match="must fill in"):
        register_kind(Loose)
    assert "loose" not in KINDS


def test_a_layout_table_missing_a_family_its_model_names_is_refused():
    class HalfCards(Component):
        model_class = CardsModel
        layouts = {"grid": Layout(lambda *a: [], lambda *a: None)}

        def prepare(self, builder, loaded) -> Prepared:
            raise AssertionError("never called")

    with pytest.raises(TypeError, match="gutterfold, one-per-page"):
        register_kind(HalfCards)
    assert KINDS["cards"] is not HalfCards


def test_a_new_kind_is_a_model_a_class_and_a_profile(copy_game):
    """A 'stickers' kind: one face per page, each page a sticker sheet's cut-out."""
    component_kinds()

    @register_model
    class StickersModel(ComponentBase):
        kind: Literal["stickers"] = "stickers"
        front: str
        layouts: ClassVar[tuple[str, ...]] = ("one-per-page",)

    @register_kind
    class Stickers(Component):
        model_class = StickersModel

        def prepare(self, builder, loaded) -> Prepared:
            from sheetgen.fill.faces import Where
            from sheetgen.fill.faces import Card

            path, model = str(loaded.path), self.model
            return Prepared([Card(builder.build(model.front, {**model.defaults, **item.fields()},
                                                Where(path, loaded.item_line(i), item.id),
                                                (path, 1)), None, item.id)
                             for i, item in enumerate(model.items)])

        def _fit(self, prepared, profile) -> list[Misfit]:
            return []

        def _impose(self, prepared, profile, env) -> Artifact:
            from sheetgen.impose.imposition.pod import impose_pod

            doc = env.document(profile.page)
            pages = impose_pod(doc, prepared.cards, profile, env.options)
            return Artifact(doc.finish(), pages, doc.faces_drawn)

        layouts = {"one-per-page": Layout(_fit, _impose)}

    try:
        root = copy_game("ragnarocks")
        (root / "profiles.yaml").write_text(
            "profiles:\n  sticker-pod:\n    paper: none\n    layout: {stickers: one-per-page}\n"
            "    marks: none\n    duplex: none\n    default_for: [stickers]\n", encoding="utf-8")
        game = root / "data" / "ragnarocks" / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace(
            "components:\n", "components:\n  - stickers\n", 1), encoding="utf-8")
        (root / "data" / "ragnarocks" / "stickers.yaml").write_text(
            "id: stickers\ntitle: Stickers\nkind: stickers\nfront: token-19-icon\n"
            "items:\n  - {id: odin, icon: odin, color: gold}\n"
            "  - {id: thor, icon: hammer, color: parchment}\n", encoding="utf-8")
        result = run_cli("--project", str(root), "build", "ragnarocks", "stickers", "-q")
        assert result.exit_code == 0, result.output
        reader = PdfReader(root / "out" / "ragnarocks" / "stickers-sticker-pod.pdf")
        assert len(reader.pages) == 2
        assert round(float(reader.pages[0].trimbox.width) / 72 * 25.4, 1) == 19.0
    finally:
        KINDS.pop("stickers", None)
        MODELS.pop("stickers", None)
