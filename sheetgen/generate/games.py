"""A game as every later stage sees it, in three stages: its files loaded and validated
(``loading``), the items of ``items_from: {generator: ...}`` components computed (here, after
loading: the loader never computes items), then a playtest variant overlaid on the result
(``variant_changes``), so a variant can change generated items by id like any others.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from ..base.errors import ProblemList, UserError
from ..load import reads
from ..load.loading import LoadedGame, assign_item_ids, load_game_files
from ..load.model import Item
from ..load.project import Project
from ..load.validation import describe
from ..load.yamlload import line_of

if TYPE_CHECKING:  # start-up: generators (dice decks, the print guide) load for generated items
    from .print_guide import Counted


def load_game(project: Project, game_id: str, only: list[str] | None = None,
              variant: str | None = None, problems: ProblemList | None = None,
              counted: bool = True) -> LoadedGame | None:
    """Load ``data/<game_id>/``, compute its generated items and overlay ``variant``
    (``variants/<variant>.yaml``); raise one UserError holding every problem.

    ``only`` limits the component files read to those ids. With ``problems`` given, mistakes
    are recorded there instead and the game comes back with the components that loaded (None
    when game.yaml itself is unusable). With ``counted`` False (and no variant), the items
    of the components made from the others' counts (the print guide) are left to
    :func:`count_pieces`: a warm client showing another component first need not count the
    whole game before it.
    """
    own = problems is None
    problems = ProblemList() if own else problems
    game = load_game_files(project, game_id, only, problems)
    if game is not None:
        expand_generated(game, problems)
        if counted or variant is not None:
            count_pieces(project, game, problems)
        if variant is not None:
            from ..load.variant_changes import overlay_variant  # start-up: variant builds only

            with reads.part() as variant_reads:
                overlay_variant(project, game, variant, problems)
            game.reads += tuple(variant_reads.files())
    if own:
        problems.raise_if_any()
    return game


def count_pieces(project: Project, game: LoadedGame, problems: ProblemList) -> None:
    """Compute the items of ``game``'s components made from the other components' counts
    (the print guide), as loading does unless told not to (``load_game``'s ``counted``)."""
    if any(counts_pieces(comp) for comp in game.components):
        with reads.part() as counted:
            counts = piece_counts(project, game)
        expand_generated(game, problems, counts, tuple(counted.files()))


def expand_generated(game: LoadedGame, problems: ProblemList,
                     counts: Counted | None = None, counted: tuple = ()) -> None:
    """Compute the items of every generated component of ``game`` and give them ids; a
    component whose generator fails is dropped, its mistakes recorded at their lines.

    Without ``counts``, the generators made from the game's files; with them (the pieces of
    every other component, :func:`piece_counts`, made from the files ``counted``), those made
    from counts (the print guide).
    """
    kept = []
    for comp in game.components:
        source = comp.model.items_from
        if source is None or source.generator is None or comp.model.items \
                or counts_pieces(comp) != (counts is not None):
            kept.append(comp)
            continue
        before = len(problems.problems)
        with reads.part() as generated:
            reads.opened_all(counted)  # made from every other component: their files too
            _generate(comp.model, comp.raw, comp.path, problems, counts, game.edition)
        comp.reads = tuple(dict.fromkeys(comp.reads + tuple(generated.files())))
        assign_item_ids(comp, problems)
        if len(problems.problems) == before:
            kept.append(comp)
    game.components = kept


def counts_pieces(comp) -> bool:
    """Return whether ``comp`` is generated from the other components' counts."""
    source = comp.model.items_from
    if source is None or source.generator is None:
        return False
    from .generators import generator  # start-up: only generated components load generators

    try:
        return generator(source.generator).counts
    except ValueError:
        return False


def whole_game(project: Project, game: LoadedGame) -> dict:
    """Return every component of ``game`` by id: those loaded, and those a partial load left
    out read now (their generated items computed, but not those made from counts; a
    component that does not load is left out: its own build reports it). What a page about
    the whole game (the print guide's counts, its credits) is made from."""
    loaded = {comp.model.id: comp for comp in game.components}
    missing = [cid for cid in game.spec.components if cid not in loaded]
    if missing:
        rest = load_game_files(project, game.spec.id, missing, ProblemList())
        if rest is not None:
            expand_generated(rest, ProblemList())
            loaded.update({comp.model.id: comp for comp in rest.components})
    return loaded


def piece_counts(project: Project, game: LoadedGame) -> Counted:
    """Return how many pieces each component of ``game`` prints (generated items computed;
    a deck's row filler as many times as the guide's own profile prints it), those a partial
    load left out read too, so a guide counts the whole game, and the game's player counts."""
    loaded = whole_game(project, game)
    from .print_guide import Count, Counted, guide_profile  # start-up: see counts_pieces

    reads.opened_all(path for comp in loaded.values() for path in comp.reads)
    counts = {}
    for cid in game.spec.components:
        comp = loaded.get(cid)
        if comp is not None and not counts_pieces(comp):
            pieces, unit = comp.model.contents()
            flowed = _flowed(project, game, comp)
            pieces = pieces if flowed is None else flowed
            pieces += _fillers(project, comp, guide_profile(project), pieces)
            counts[cid] = Count(pieces, unit, comp.model.title,
                                game.edition.code if game.edition is not None else None,
                                comp.model.folded())
    from ..dice.roll_sheets import roll_sheet_players  # reads dice.yaml: the guide names them

    try:
        sheets = roll_sheet_players(project, game.spec.id)
    except UserError:  # a dice.yaml mistake: the dice's own load reports it at its line
        sheets = ()
    players = game.spec.players
    return Counted(counts, tuple(range(players.min, players.max + 1)) if players else (),
                   game.spec.id, sheets)


# (project roots, game, edition, component) -> (the component's settings and items, {"count":
# reads.Made}): a flowed count, kept while neither they nor a file it read changed
_FLOWED: dict[tuple, tuple] = {}


def _flowed(project: Project, game: LoadedGame, comp) -> int | None:
    """Return how many cards deck ``comp`` prints once its front template's ``flow:`` has
    carried each too-full card on onto further ones, counted by building its faces as the
    deck's build does (in the game's edition: a longer language flows more); None for a
    component whose front has no flow (its items' counts are what it prints).

    Counted once for the same settings and items while no file the count read (the game's
    own, the templates, fonts and icons: the record of reads) changed: a warm process (the
    studio) loads the game again after every edit, and an edit to another component leaves
    this count as it was."""
    if getattr(comp.model, "front", None) is None or comp.model.kind not in ("cards", "tokens"):
        return None
    ident = (tuple(project.roots), game.spec.id,
             game.edition.code if game.edition is not None else None, comp.model.id)
    values = repr((str(comp.path), comp.model))
    slot = _FLOWED.get(ident)
    if slot is None or slot[0] != values:
        slot = _FLOWED[ident] = (values, {})

    def count() -> int | None:
        reads.opened_all(game.reads)  # the game's settings and edition: the faces see them
        return _flowed_count(project, game, comp)
    return reads.kept(slot[1], "count", count)


def _flowed_count(project: Project, game: LoadedGame, comp) -> int | None:
    """Return :func:`_flowed`'s count, counted now."""
    front = getattr(comp.model, "front", None)
    if front is None or comp.model.kind not in ("cards", "tokens"):
        return None
    from ..load.templates import TemplateBook

    templates = TemplateBook(project, game.edition)
    try:
        if templates.get(front, (str(comp.path), 1)).flow is None:
            return None
    except UserError:
        return None
    from ..fill.faces import FaceBuilder  # start-up: only a deck whose cards flow builds here
    from ..fill.fonts import FontBook
    from ..fill.icons import IconBook
    from ..impose.components.cards import flowed_cards

    spec = game.spec
    builder = FaceBuilder(project, templates, FontBook.for_project(project),
                          IconBook.for_project(project), spec.colors,
                          {"game": spec.model_dump(), "credits": "",
                           "component": {"id": comp.model.id, "title": comp.model.title}},
                          spec.symbols)
    if game.edition is not None and game.edition.spec is not None:
        builder.font_roles = game.edition.spec.fonts
    if game.edition is not None and not game.edition.pseudo:
        builder.language = game.edition.code
    return flowed_cards(builder, comp)


def _fillers(project: Project, comp, profile, regular: int | None = None) -> int:
    """Return how many row-filler cards ``comp``'s file for ``profile`` prints after
    ``regular`` other cards (default: its items' counts); 0 for a component without one, or
    one whose front template cannot be read: its build says why."""
    if not getattr(comp.model, "row_filler", None):
        return 0
    from ..impose.components.cards import fillers_printed  # start-up: decks with a filler
    from ..load.templates import TemplateBook

    try:
        front = TemplateBook(project).get(comp.model.front, (str(comp.path), 1))
    except UserError:
        return 0
    return fillers_printed(comp.model, profile, (front.width, front.height, front.bleed),
                           regular)


def _generate(model, raw, path: Path, problems: ProblemList,
              counts: Counted | None = None, edition=None) -> None:
    """Fill the component's items from its generator (the texts it reads from the game's
    files in ``edition``); a wrong option is blamed at its line."""
    from .generators import generate, generator  # start-up: see counts_pieces

    source, line = model.items_from, line_of(raw, ("items_from",))
    try:
        spec = generator(source.generator)
    except ValueError as exc:
        problems.add(path, line_of(raw, ("items_from", "generator")) or line,
                     f"items_from: {exc}")
        return
    try:
        options = spec.options.model_validate(source.options)
    except ValidationError as exc:
        for err in exc.errors():
            where = line_of(raw, ("items_from", "options") + tuple(err["loc"])) or line
            loc = err["loc"]  # describe names the last key (or list.index): say the rest
            named = 2 if len(loc) > 1 and isinstance(loc[-1], int) else 1
            inside = "".join(f"{step}." for step in loc[:-named])
            problems.add(path, where, f"items_from: options: {inside}{describe(err)}")
        return
    try:
        items = generate(source.generator, options, path.parent, counts, edition)
        model.items = [Item.model_validate(item) for item in items]
    except UserError as exc:  # a mistake in a file the generator reads, at its own line
        problems.extend(exc)
    except ValueError as exc:
        option = getattr(exc, "option", None)  # generators.OptionError names its option
        where = line_of(raw, ("items_from", "options", option)) if option else line
        problems.add(path, where, f"items_from: {exc}")
