"""The studio's other pages: a profile's printed sheets, variants side by side, the dice panel.

The printed pages are the component's own imposition for the profile (the PDF a build would
write, footer and marks included), rasterised small. Variants are compared as ``sheetgen
diff`` compares them: the same item-by-item diff and the same changed faces. The dice panel
runs the dice engine: a seed and a player count give the script, an expression its odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pypdfium2 as pdfium

from ..build.cache import drawn
from ..impose.components import component_for
from ..impose.components.contract import RenderEnv
from ..build.variant_diff import changed_faces, diff_games
from ..dice.api import make_script
from ..dice.formats import writer
from ..dice.load import DICE_FILE, load_game_dice
from ..dice.odds import describe, parse
from ..base.errors import UserError
from ..impose.imposition.common import ImposeOptions
from ..write.raster import png_bytes
from ..load.variants import variant_names

PAGE_DPI = 60


def print_profiles(session, comp) -> list[str]:
    """Return the profiles a component can be shown printed in (every accepted one but the
    Tabletop Simulator export, which is no page)."""
    book = session.profiles
    return [name for name in book.accepting(comp.model.kind) if book.get(name).output != "tts"]


@dataclass
class Printed:
    """A component imposed for one profile: the PDF a build would write, and its pages."""

    pdf: bytes
    pages: int


def printed(session, game, comp, prepared, profile_name: str) -> Printed:
    """Return ``comp`` imposed for ``profile_name`` (footer and marks included)."""
    if profile_name not in print_profiles(session, comp):
        raise UserError(f"{comp.model.id} is not printed in profile {profile_name!r}")
    profile = session.profiles.get(profile_name)
    footer = session.credits.footer(game.spec.name, comp.model.title, profile.name,
                                    art_sets=session.icons.art_sets(drawn(prepared)[0]))
    env = RenderEnv(session.fonts, session.icons, ImposeOptions(footer=footer),
                    title=f"{game.spec.name}: {comp.model.title}")
    artifact = component_for(comp.model).render(prepared, profile, env)
    return Printed(artifact.data, artifact.pages or len(pdfium.PdfDocument(artifact.data)))


def page_png(document: Printed, number: int) -> bytes:
    """Return page ``number`` (from 0) of a printed component as a PNG at PAGE_DPI (a pad
    of 100 sheets is drawn one page at a time, as the page scrolls to it)."""
    pdf = pdfium.PdfDocument(document.pdf)
    try:
        if not 0 <= number < len(pdf):
            raise IndexError(number)
        image = pdf[number].render(scale=PAGE_DPI / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    return png_bytes(image, None)


@dataclass
class VariantComparison:
    """A variant against the base game: the diff's text, and every face of each component the
    variant changes, base beside variant, the changed ones flagged."""

    text: str
    rows: list = field(default_factory=list)   # (component, label, side, base, variant, changed)


def variants_of(project, game_id: str) -> list[str]:
    """Return the names of a game's variants."""
    return variant_names(project.game_dir(game_id))


def compare(session, base_view, variant_view) -> VariantComparison:
    """Compare a variant's view with the base game's, as ``sheetgen diff`` does: the same
    item-by-item diff, and the same faces found changed."""
    result = diff_games(base_view.game, variant_view.game, "base", variant_view.variant,
                        session.templates)

    def prepared(view):
        return [(view.game, cv.comp, cv.prepared) for cv in view.components.values()
                if cv.prepared is not None]

    flagged = {label for label, _, _ in changed_faces(prepared(base_view),
                                                      prepared(variant_view), result)}
    touched = ({c.component for c in result.changed + result.settings}
               | {c for c, _ in result.added + result.removed})
    comparison = VariantComparison(result.as_text())
    for cid in [c for c in variant_view.components if c in touched]:
        before = _cards(base_view, cid)
        after = _cards(variant_view, cid)
        for label in dict.fromkeys([*before, *after]):
            for side in ("front", "back"):
                old = getattr(before.get(label), side, None)
                new = getattr(after.get(label), side, None)
                if old is None and new is None:
                    continue
                changed = f"{cid} / {label} ({side})" in flagged
                comparison.rows.append((cid, label, side, old, new, changed))
    return comparison


def _cards(view, cid: str) -> dict:
    """Return the first card of each label of a component in ``view`` (none if absent)."""
    cv = view.components.get(cid)
    cards: dict = {}
    for card in (cv.prepared.cards if cv is not None and cv.prepared else []):
        cards.setdefault(card.label, card)
    return cards


@dataclass
class DicePanel:
    """What the dice panel shows: the script, the odds, or the mistake."""

    script: str = ""
    odds: str = ""
    error: str = ""


def has_dice(project, game_id: str) -> bool:
    """Return whether the game has a dice.yaml."""
    return (project.game_dir(game_id) / DICE_FILE).is_file()


def dice_panel(project, game_id: str, seed: str, players: int | None, expression: str,
               variant: str | None = None) -> DicePanel:
    """Return the script of ``game_id`` for ``seed`` and ``players`` and the odds of
    ``expression`` (the game's dice by name); a mistake is the panel's error."""
    panel = DicePanel()
    try:
        if seed:
            script = make_script(project, game_id, players, seed, variant=variant)
            panel.script = writer("text")(script)
        if expression:
            dice = load_game_dice(project, game_id).model.dice
            panel.odds = describe(parse(expression, {k: list(d.faces) for k, d in dice.items()}))
    except UserError as exc:
        panel.error = "\n".join(str(p) for p in exc.problems)
    except ValueError as exc:
        panel.error = str(exc)
    return panel
