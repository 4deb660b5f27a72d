"""``kind: cards``: a deck of faces with a shared back or a back filled per card."""

from __future__ import annotations

from ...load.component_models import CardsModel
from ...base.errors import ProblemList, UserError
from ...fill.faces import Card, MakeHere, Where
from functools import partial

from ..imposition.card_grid import gap_setting, grid_for, impose_card_grid
from ..imposition.common import LayoutError, size_text
from ..imposition.gutterfold import gutterfold_grids, impose_gutterfold
from ..imposition.pod import check_page_limit, check_shop, impose_pod, pod_faces
from ...load.yamlload import line_of
from . import register_kind
from .contract import Artifact, Component, Layout, Misfit, Prepared, RenderEnv

# items above which a deck's faces are held without their elements (FaceBuilder.release_faces):
# the memory of a deck no longer grows with its faces (issue 36); smaller decks keep them,
# since making a face again costs time
BIG_DECK = 500


@register_kind
class Cards(Component):
    """A deck: every item is one card (``count`` copies), drawn from the front template."""

    model_class = CardsModel

    def prepare(self, builder, loaded) -> Prepared:
        """Build every card's faces (each distinct face once); UserError lists every problem."""
        model = self.model
        problems = ProblemList()
        path = str(loaded.path)
        front_where = (path, line_of(loaded.raw, ("front",)))
        back_where = (path, line_of(loaded.raw, ("back",)))
        cards: list[Card] = []
        total = sum(item.count for item in model.items)
        # a big deck holds each checked face without its elements until a page draws it
        builder.release_faces = len(model.items) > BIG_DECK
        flow = _flow_of(builder, model.front, front_where)
        # a big deck without a flowing list: filled here, made and checked by the build's
        # workers (a flowing list must be made to know how much fits a card)
        deferred = flow is None and builder.defer_making()
        for index, item in enumerate(model.items):
            item_path, line = loaded.item_where(index)
            cells = loaded.cells_of(item.id)
            try:
                fronts = _item_fronts(builder, loaded, index, total, flow, front_where)
                made = [(front, front_fields,
                         builder.build(model.back, front_fields,
                                       Where(item_path, line, f"{item.id} back", cells),
                                       back_where) if model.back else None)
                        for front, front_fields in fronts]
            except UserError as exc:
                problems.extend(exc)
                continue
            front, _, back = made[0]
            if back is not None and (back.width, back.height) != (front.width, front.height):
                problems.add(back.where[0], back.where[1],
                             f"the back ({size_text(back.width, back.height)}) and the front "
                             f"({size_text(front.width, front.height)}, template "
                             f"{model.front!r}) must be the same size")
                break
            for part, (front, _, back) in enumerate(made):
                label = item.id if part == 0 else f"{item.id}-{part + 1}"
                cards.extend(Card(front, back, label) for _ in range(item.count))
        if model.row_filler and all(item.id != model.row_filler for item in model.items):
            problems.add(path, line_of(loaded.raw, ("row_filler",)) or 1,
                         f"row_filler {model.row_filler!r} names no item of {model.id!r}")
        if not cards and not problems.problems:
            problems.add(path, line_of(loaded.raw, ("items",)) or 1,
                         f"{model.kind} component {model.id!r} has nothing to print: give items "
                         "(with a count above 0)")
        prepared = Prepared(_dedupe(cards))
        # the workers' faces: its pages may be drawn as they come back (component_build.py)
        if deferred and (problems.problems or not builder.made_elsewhere(prepared)):
            raise MakeHere()  # the serial build's messages, in its order
        problems.raise_if_any()
        return prepared

    def _fit_each_size(self, prepared: Prepared, fits) -> list[Misfit]:
        """Return a Misfit for every distinct face size that ``fits(face)`` refuses."""
        problems = []
        for face in distinct_sizes(prepared.cards):
            try:
                fits(face)
            except LayoutError as exc:
                problems.append(Misfit(*face.where, str(exc)))
        return problems

    def _gap(self, profile) -> str | None:
        """The gap between this deck's cards in ``profile`` (the deck's, else the profile's)."""
        return gap_setting(self.model.gap, profile)

    def _fit_grid(self, prepared: Prepared, profile) -> list[Misfit]:
        return self._fit_each_size(
            prepared, lambda face: grid_for(profile, face.width, face.height, face.bleed,
                                            self._gap(profile)))

    def _fit_gutterfold(self, prepared: Prepared, profile) -> list[Misfit]:
        return self._fit_each_size(
            prepared, lambda face: gutterfold_grids(profile, face.width, face.height,
                                                    face.bleed, self._gap(profile)))

    def _fit_page_limit(self, prepared: Prepared, profile) -> list[Misfit]:
        return self._fit_each_size(
            prepared, lambda face: (check_page_limit(face, profile.page_limit, profile.name),
                                    check_shop(face, profile)))

    def _rows_completed(self, prepared: Prepared, across: int) -> Prepared:
        """Return the deck with the row filler only where it completes the last row of
        ``across`` cards (across 0: one a page, no filler)."""
        filler = self.model.row_filler
        if not filler:
            return prepared
        regular = [card for card in prepared.cards if card.label != filler]
        fillers = [card for card in prepared.cards if card.label == filler]
        return Prepared(regular + fillers[:row_short(len(regular), across)])

    def _impose_grid(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        face = prepared.cards[0].front
        gap = self._gap(profile)
        across = grid_for(profile, face.width, face.height, face.bleed, gap).cols
        return imposed(partial(impose_card_grid, gap=gap), self._rows_completed(prepared, across),
                       profile, env)

    def _impose_gutterfold(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        face = prepared.cards[0].front  # a deck with a row filler has one card size
        gap = self._gap(profile)
        across = gutterfold_grids(profile, face.width, face.height, face.bleed, gap)[0].cols
        return imposed(partial(impose_gutterfold, gap=gap), self._rows_completed(prepared, across),
                       profile, env)

    def _impose_pod(self, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
        prepared = self._rows_completed(prepared, 0)
        artifact = imposed(impose_pod, prepared, profile, env)
        artifact.page_labels = [label for label, _ in pod_faces(prepared.cards)]
        return artifact

    layouts = {"grid": Layout(_fit_grid, _impose_grid),
               "gutterfold": Layout(_fit_gutterfold, _impose_gutterfold),
               "one-per-page": Layout(_fit_page_limit, _impose_pod)}


def _item_fronts(builder, loaded, index: int, total: int, flow: dict | None,
                 front_where: tuple[str, int]) -> list[tuple]:
    """Return the (face, fields) of item ``index``'s front and of the further cards its
    flowing list goes on onto (one source: the deck's build and the print guide's count)."""
    model = loaded.model
    item = model.items[index]
    fields = {**model.defaults, **item.fields(), "index": index + 1, "total": total}
    item_path, line = loaded.item_where(index)
    return _flowed(builder, model.front, fields, flow,
                   Where(item_path, line, f"{item.id} front", loaded.cells_of(item.id)),
                   front_where)


def flowed_cards(builder, loaded) -> int | None:
    """Return how many cards deck ``loaded`` prints once each item's flowing list has gone on
    onto further cards (its front template's ``flow:``), the row filler left out, as
    :meth:`Cards.prepare` makes them; None when its front has no flow or a face cannot be
    built (the deck's own build says why)."""
    model = loaded.model
    front_where = (str(loaded.path), line_of(loaded.raw, ("front",)))
    flow = _flow_of(builder, model.front, front_where)
    if flow is None:
        return None
    total = sum(item.count for item in model.items)
    printed = 0
    for index, item in enumerate(model.items):
        if item.id == model.row_filler:
            continue
        try:
            printed += item.count * len(_item_fronts(builder, loaded, index, total, flow,
                                                     front_where))
        except UserError:
            return None
    return printed


def _flow_of(builder, name: str, where: tuple[str, int]) -> dict | None:
    """Return the ``flow:`` of template ``name`` (None without one, or when it cannot be
    read: building a face says why)."""
    try:
        return builder.templates.get(name, where).flow
    except UserError:
        return None


def _flowed(builder, name: str, fields: dict, flow: dict | None, where: Where,
            template_where: tuple[str, int]) -> list[tuple]:
    """Return the (face, fields) of an item's front and of the further cards its flowing
    list goes on onto (the template's ``flow``): each card keeps the most entries that fit,
    the next one the rest, its ``count_on`` number advanced and its ``mark`` field true.
    UserError, as the whole item's, when even one entry does not fit a card."""
    entries = fields.get(flow["list"]) if flow else None
    if not (isinstance(entries, list) and len(entries) > 1):
        return [(builder.build(name, fields, where, template_where), fields)]
    face = builder.attempt(name, fields, where, template_where)
    if face is not None:
        return [(face, fields)]
    for keep in range(len(entries) - 1, 0, -1):
        kept = {**fields, flow["list"]: entries[:keep]}
        face = builder.attempt(name, kept, where, template_where)
        if face is None:
            continue
        rest = {**fields, flow["list"]: entries[keep:], flow["mark"]: True}
        if flow["count_on"] and isinstance(fields.get(flow["count_on"]), int):
            rest[flow["count_on"]] = fields[flow["count_on"]] + keep
        further = Where(where.path, where.line, f"{where.label} (continued)", where.cells)
        return [(face, kept), *_flowed(builder, name, rest, flow, further, template_where)]
    return [(builder.build(name, fields, where, template_where), fields)]  # its mistakes


def row_short(cards: int, across: int) -> int:
    """Return how many cards the last row of ``cards`` lacks, ``across`` to a row (0: one a
    page, never short)."""
    return -cards % across if across else 0


# layout family -> the cards a row holds (a family missing here has no rows: one a page)
ROW_OF = {"grid": lambda profile, w, h, bleed, gap: grid_for(profile, w, h, bleed, gap).cols,
          "gutterfold": lambda profile, w, h, bleed, gap: gutterfold_grids(profile, w, h, bleed,
                                                                           gap)[0].cols}


def fillers_printed(model, profile, size: tuple[float, float, float],
                    regular: int | None = None) -> int:
    """Return how many copies of ``model``'s row filler its file for ``profile`` prints, its
    cards ``size`` (width, height, bleed in points), after ``regular`` other cards (default:
    the items' counts): as many as the last row lacks, up to the filler's count
    (``Cards._rows_completed`` prints exactly these)."""
    row_of = ROW_OF.get(profile.layout("cards"))
    if not model.row_filler or row_of is None:
        return 0
    if regular is None:
        regular, _ = model.contents()
    return min(model.filler_count(),
               row_short(regular, row_of(profile, *size, gap_setting(model.gap, profile))))


def imposed(impose, prepared: Prepared, profile, env: RenderEnv) -> Artifact:
    """Return the PDF of ``impose(doc, cards, profile, options)`` on the profile's page."""
    doc = env.document(profile.page)
    pages = impose(doc, prepared.cards, profile, env.options)
    return Artifact(doc.finish(), pages, doc.faces_drawn)


def distinct_sizes(cards: list[Card]) -> list:
    """Return one face of every distinct size among the fronts and backs."""
    sizes: dict[tuple, object] = {}
    for card in cards:
        for face in (card.front, card.back):
            if face is not None:
                sizes.setdefault((face.width, face.height, face.bleed), face)
    return list(sizes.values())


def _dedupe(cards: list[Card]) -> list[Card]:
    """Share one Face object between cards whose faces are identical (one form each)."""
    seen: dict[str, object] = {}
    out = []
    for card in cards:
        front = seen.setdefault(card.front.key, card.front)
        back = seen.setdefault(card.back.key, card.back) if card.back else None
        out.append(Card(front, back, card.label))
    return out
