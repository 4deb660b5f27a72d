"""The studio's other pages: a profile's printed sheets, variants side by side, the dice panel.

The printed pages are the build's own rendering of the component in the profile (the PDF a
build would write, footer, marks and colour included), rasterised small by the build.
Editions are shown side by side the same way: every face of one beside the same face of the
other, each face that prints a text with no translation flagged with those texts.
Variants are compared as ``sheetgen diff`` compares them (``build.variant_diff``): the same
item-by-item diff and the same changed faces. The dice panel runs the dice engine: a seed and
a player count give the script, an expression its odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import UserError
from ..build.pictures import page_png as _page_png
from ..build.pictures import printed_pages
from ..build.variant_diff import changed_faces, diff_games
from ..dice.api import make_script
from ..dice.formats import writer
from ..dice.load import DICE_FILE, load_game_dice
from ..dice.odds import describe, parse
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
    """Return ``comp`` imposed for ``profile_name`` as the build writes it (footer, marks and
    colour included)."""
    if profile_name not in print_profiles(session, comp):
        raise UserError(f"{comp.model.id} is not printed in profile {profile_name!r}")
    artifact = printed_pages(session, game, comp, prepared, profile_name)
    return Printed(artifact.data, artifact.pages)


def page_png(document: Printed, number: int) -> bytes:
    """Return page ``number`` (from 0) of a printed component as a PNG at PAGE_DPI (a pad
    of 100 sheets is drawn one page at a time, as the page scrolls to it)."""
    return _page_png(document.pdf, number, PAGE_DPI)


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
        for label, side, old, new in _paired_faces(base_view, variant_view, cid):
            changed = f"{cid} / {label} ({side})" in flagged
            comparison.rows.append((cid, label, side, old, new, changed))
    return comparison


def _paired_faces(base_view, other_view, cid: str):
    """Yield (label, side, base face, other face) of component ``cid`` in two views, paired by
    the card's label; a face missing on one side is None."""
    before, after = _cards(base_view, cid), _cards(other_view, cid)
    for label in dict.fromkeys([*before, *after]):
        for side in ("front", "back"):
            old = getattr(before.get(label), side, None)
            new = getattr(after.get(label), side, None)
            if old is not None or new is not None:
                yield label, side, old, new


def edition_rows(base_view, edition_view) -> list[tuple]:
    """Return every face of a game in one edition beside the same face in another (the
    source, or a second edition): (component, label, side, base face, edition face, the
    texts printed on it that have no translation and so print in the source language).

    Faces are paired by their card's label, which an edition keeps (item ids do not
    change with the language)."""
    edition = getattr(edition_view.game, "edition", None)
    lacking = sorted(getattr(edition, "missing", None) or {})
    rows = []
    for cid in edition_view.components:
        for label, side, old, new in _paired_faces(base_view, edition_view, cid):
            rows.append((cid, label, side, old, new, untranslated_on(new, lacking)))
    return rows


def untranslated_on(face, lacking: list[str]) -> list[str]:
    """Return the source texts of ``lacking`` (texts with no translation) that ``face``
    prints: each stands in a text of the face as it was written."""
    if face is None or not lacking:
        return []
    texts = [str(text) for element in face.elements
             for text in (getattr(element, "text", None),) if text]
    return [source for source in lacking if any(source in text for text in texts)]


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


def dice_example(project, game_id: str) -> str:
    """Return an odds expression in the game's own dice for the panel to offer: two of its
    first die with numbers, at least twice its middle face (``2 wood >= 8``), or else a face of
    its first die with symbols (``2 crew-red has hammer``); "" when it names no dice."""
    try:
        dice = load_game_dice(project, game_id).model.dice
    except UserError:
        return ""
    for name, die in dice.items():
        values = sorted(f for f in die.faces if isinstance(f, int) and not isinstance(f, bool))
        if len(values) == len(die.faces):
            return f"2 {name} >= {2 * values[len(values) // 2]}"
    for name, die in dice.items():
        return f"2 {name} has {die.faces[0]}"
    return ""
