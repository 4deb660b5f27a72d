"""Build a dice script from a game's rules, a seed and a player count.

Each step draws from its own address (round, seat, step id, index), so the order in which
steps run never changes their results. Round 0 is setup; seat 0 is the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.errors import user_error
from ..load.reads import remembered
from . import reroll
from .balanced import dice_deck_pairs
from .conditions import fields_match, holds, parse_condition, resolve_count
from .decks import Card, read_deck
from .labels import card_label
from .load import GameDice
from .rng import ALGORITHM, Keyed, address
from .script import BY_RULES, FACE_UP, DieInfo, Event, Group, Roll, Section, Script

MAX_ATTEMPTS = 1000
REFILL_NOTE = ("When the deck runs out, stack its discard pile in the order of the next "
               "refill list, skipping cards that are not in the pile.")


@dataclass
class _Deck:
    """A shuffled deck being dealt round after round (Roll & Might)."""

    cards: list[Card]
    show: str | list[str]
    discards: list[Card] = field(default_factory=list)
    reshuffles: int = 0


class _Builder:
    """Runs the steps of one game for one seed and player count."""

    def __init__(self, gd: GameDice, seed: str, players: int, balanced: bool,
                 variant: str | None = None, decks: dict | None = None):
        self.gd, self.m = gd, gd.model
        # each deck file's cards, read once (a build shares one dict among its scripts)
        self.read_decks = {} if decks is None else decks
        self.players, self.balanced, self.variant = players, balanced, variant or ""
        self.keyed = Keyed.from_seed(seed)
        self.decks: dict[str, _Deck] = {}
        self.orders: dict[str, _Deck] = {}
        self.dice_decks: dict[tuple[str, int], list[tuple[Any, Any]]] = {}
        self.dice_deck_shuffles: Counter[tuple[str, int]] = Counter()
        self.first_player = 0
        self.language = gd.edition.code if gd.edition is not None else None  # its words
        self.rotate = False
        self.by_rules = False
        self.decks_dealt: dict[str, list[Card]] = {}


    def words(self, text: str, **fields) -> str:
        """Return one of the script's own texts in the edition's language (sheetgen's chrome
        catalog; the digest is the source edition's)."""
        from ..load.chrome import chrome_in

        return chrome_in(self.language, text, **fields)
    def stream(self, round_no: int, seat: int, purpose: str, index: int):
        """Return the word stream of one event address."""
        return self.keyed.stream(address(self.gd.game, self.players, round_no, seat, purpose,
                                         index))

    def active(self, step) -> bool:
        """Return whether a step applies to this game mode and player count."""
        if step.modes is not None and self.variant not in step.modes:
            return False
        if step.when is None:
            return True
        op, value = parse_condition(step.when)
        return holds(op, self.players, int(value))

    def run(self, part: str, round_no: int) -> list[Event]:
        """Return the events of setup (round 0) or of one round."""
        events: list[Event] = []
        for step in getattr(self.m, part):
            if not self.active(step):
                continue
            if step.kind == "roll":
                events.extend(self.roll(step, round_no))
            elif step.kind == "shuffle":
                events.append(self.shuffle(step))
            elif step.kind == "deal":
                events.append(self.deal(step, round_no))
            elif step.kind == "first-player":
                events.append(self.pick_first(step))
            elif step.kind == "teams":
                events.append(self.teams(step))
            elif step.kind == "pause":
                events.append(Event("pause", step.id, step.label, note=step.note))
        return events

    def roll(self, step, round_no: int) -> list[Event]:
        """Roll one pool per scope (the table, or each seat)."""
        if step.rounds and round_no not in step.rounds:
            return []
        names: list[str] = []
        if step.per_card:
            order = self.orders[step.per_card.source]
            names = [card_label(c, order.show) for c in order.cards
                     if self.matches(c, step.per_card.where)]
            count = len(names)
        else:
            count = resolve_count(step.pool, self.players) or 0
        seats = [0] if step.scope == "table" else list(range(1, self.players + 1))
        faces = [self.m.dice[d].faces for d in step.dice]
        numeric = step.total and all(isinstance(f, int) for fs in faces for f in fs)
        rule = step.reroll_while
        again = reroll.thrown_again(rule, len(faces)) if rule else None
        events = []
        for seat in seats if count else []:
            rolls = []
            for index in range(count):
                if self.balanced and step.balanced:
                    final, thrown = self.from_dice_deck(step, seat, faces[0]), []
                else:
                    final, thrown = self.roll_once(step, faces, round_no, seat, index)
                rolls.append(Roll(index + 1, list(step.dice), final, thrown,
                                  sum(final) if numeric else None, again))
            events.append(Event("roll", step.id, step.label, seat, rolls=rolls, items=names,
                                note=step.note))
        return events

    def roll_once(self, step, faces, round_no: int, seat: int, index: int):
        """Roll the dice on one stream, again and again while the re-roll rule holds.

        A re-roll draws new faces for the dice the rule throws again, in die order, and
        keeps the others; every thrown-away attempt is kept whole, in order.
        """
        stream = self.stream(round_no, seat, step.id, index)
        rule = step.reroll_while
        result = [f[stream.uniform(len(f))] for f in faces]
        thrown: list[list] = []
        again = reroll.thrown_again(rule, len(faces)) if rule else []
        for _ in range(MAX_ATTEMPTS):
            if not (rule and reroll.holds(rule, result)):
                return result, thrown
            thrown.append(result)
            result = list(result)
            for p in again:
                result[p] = faces[p][stream.uniform(len(faces[p]))]
        raise RuntimeError(f"{step.id}: no acceptable roll in {MAX_ATTEMPTS} attempts")

    def from_dice_deck(self, step, seat: int, faces) -> list:
        """Balanced mode: the next card of a seeded 36-card deck of every 2d6 pair."""
        key = (step.id, seat)
        deck = self.dice_decks.get(key)
        if not deck:
            stream = self.stream(0, seat, f"{step.id}-deck", self.dice_deck_shuffles[key])
            self.dice_deck_shuffles[key] += 1
            deck = stream.shuffle(dice_deck_pairs(faces))
            self.dice_decks[key] = deck
        return list(deck.pop(0))

    def cards_for(self, step) -> list[Card]:
        """Return the cards a shuffle starts from (filtered, in file order)."""
        if step.items is not None:
            return [Card(str(x), str(x), i) for i, x in enumerate(step.items)]
        path, cards = self.read(step.deck)
        return [c for c in cards if self.matches(c, step.where)]

    def bottom_cards(self, step) -> list[Card]:
        """Return the cards a shuffle puts under the deck, by id, from the whole deck file."""
        path, cards = self.read(step.deck)
        by_id = {c.id: c for c in cards}
        missing = [cid for cid in step.bottom if cid not in by_id]
        if missing:
            raise user_error(self.gd.path, 0, f"{step.id}: bottom card {missing[0]!r} is not in "
                                              f"{path.name}")
        return [by_id[cid] for cid in step.bottom]

    def read(self, deck: str) -> tuple[Path, list[Card]]:
        """Return the path and cards of ``deck`` (:func:`read_deck`), read the first time
        and remembered: each later use reports the files it was read from again. The cards
        are never changed: a shuffle filters or copies them."""
        gd = self.gd
        edition = gd.edition.code if gd.edition is not None else None
        return remembered(self.read_decks, (str(gd.game_dir), deck, gd.deck_variant, edition),
                          lambda: read_deck(gd.game_dir, deck, gd.deck_variant,
                                            edition=gd.edition))

    def matches(self, card: Card, where: dict) -> bool:
        """Return whether a card's fields satisfy every condition of ``where``."""
        return fields_match(card.fields, where, self.players)

    def piles(self, step, cards: list[Card]) -> dict[str, list[Card]]:
        """Split cards into the piles of ``step.piles`` (in its order), keeping file order."""
        order = [str(o) for o in step.piles.order]
        piles: dict[str, list[Card]] = {o: [] for o in order}
        for c in cards:
            key = str(c.fields.get(step.piles.by))
            if key not in piles:
                raise user_error(self.gd.game_dir / f"{step.deck}.yaml", c.line,
                                 f"{step.piles.by}: {key!r} is not one of {order} "
                                 f"(dice.yaml piles.order)")
            piles[key].append(c)
        return piles

    def shuffle(self, step) -> Event:
        """Shuffle (pile by pile when asked) and reveal the top cards."""
        cards = self.cards_for(step)
        stream = self.stream(0, 0, step.id, 0)
        groups, note = [], step.note
        if step.piles:
            piles = {name: stream.shuffle(pile)
                     for name, pile in self.piles(step, cards).items()}
            sizes = ", ".join(f"{name}: {len(pile)}" for name, pile in piles.items())
            from ..load.chrome import chrome_in

            lang = self.language
            if step.piles.separate:
                groups = [Group(chrome_in(lang, "{name} stack", name=name),
                                [card_label(c, step.show) for c in pile])
                          for name, pile in piles.items()]
                note = " ".join(filter(None, [note, chrome_in(
                    lang, "Stacks by {by}, each shuffled alone, top first ({sizes}).",
                    by=step.piles.by, sizes=sizes)]))
                return Event("shuffle", step.id, step.label, groups=groups, note=note)
            shuffled = [c for pile in piles.values() for c in pile]
            note = " ".join(filter(None, [note, chrome_in(
                lang, "Piles by {by}, each shuffled alone, first on top ({sizes}).",
                by=step.piles.by, sizes=sizes)]))
        else:
            shuffled = stream.shuffle(cards)
        if step.bottom:
            under = self.bottom_cards(step)
            shuffled = shuffled + under
            names = ", ".join(c.name for c in under)
            note = " ".join(filter(None, [note, f"{names} at the bottom."]))
        reveal = min(resolve_count(step.reveal, self.players) or 0, len(shuffled))
        labels = [card_label(c, step.show) for c in shuffled]
        if reveal:
            groups.insert(0, Group(FACE_UP, labels[:reveal]))
        for res in step.reserve:
            if res.if_revealed and res.if_revealed not in {c.id for c in shuffled[:reveal]}:
                continue
            rest = [c for c in shuffled[reveal:] if self.matches(c, res.where)][:res.take]
            groups.append(Group(res.label, [card_label(c, step.show) for c in rest]))
        refills = self.refills(step, cards)
        groups += refills
        if refills:
            note = " ".join(filter(None, [note, REFILL_NOTE]))
        self.decks[step.id] = _Deck(list(shuffled), step.show)
        self.orders[step.id] = _Deck(list(shuffled), step.show)  # kept whole (deals pop)
        return Event("shuffle", step.id, step.label, items=labels if step.full_order else [],
                     groups=groups, note=note)

    def refills(self, step, cards: list[Card]) -> list[Group]:
        """Return the refill orders for this player count: shuffle ``k`` of the whole deck
        (file order, filtered, no bottom cards) at (0, 0, id, k), k = 1, 2, ...

        A uniformly shuffled deck, read only at the cards a discard pile holds, is a
        uniformly shuffled discard pile, whatever cards play has put in it.
        """
        return [Group(f"refill {k}", [card_label(c, step.show) for c in
                                      self.stream(0, 0, step.id, k).shuffle(cards)])
                for k in range(1, (resolve_count(step.refill_orders, self.players) or 0) + 1)]

    def deal(self, step, round_no: int) -> Event:
        """Deal cards to each seat; when the deck runs out, shuffle the discards in.

        Seat 1 takes the top ``per_player`` cards, then seat 2, and so on; the last
        ``face_down`` of each seat's cards form a group of their own. In setup the note
        says where the deck continues.
        """
        deck = self.decks[step.source]
        per = resolve_count(step.per_player, self.players) or 0
        down = min(resolve_count(step.face_down, self.players) or 0, per)
        start = len(self.decks_dealt.get(step.source, []))
        hands, notes = [], []
        dealt: list[Card] = []
        for seat in range(1, self.players + 1):
            hand = []
            for _ in range(per):
                if not deck.cards and step.reshuffle == "discards" and deck.discards:
                    pile = sorted(deck.discards, key=lambda c: c.order)
                    deck.discards = []
                    deck.cards = self.stream(round_no, 0, f"{step.id}-reshuffle",
                                             deck.reshuffles).shuffle(pile)
                    deck.reshuffles += 1
                    notes.append(self.words("deck ran out dealing to seat {seat}: discards "
                                            "reshuffled", seat=seat))
                if not deck.cards:
                    notes.append(self.words("no cards left"))
                    break
                card = deck.cards.pop(0)
                hand.append(card_label(card, deck.show))
                dealt.append(card)
            keep = len(hand) - down if len(hand) == per else len(hand)
            hands.append(Group(self.words("seat {seat}", seat=seat), hand[:keep], seat))
            if down:
                hands.append(Group(self.words("seat {seat} face down", seat=seat), hand[keep:],
                                   seat))
        if round_no == 0:
            self.decks_dealt.setdefault(step.source, []).extend(dealt)
            notes.append(self.words("dealt from the top; the deck continues with card {n} of "
                                    "its order", n=start + len(dealt) + 1))
        else:
            deck.discards.extend(dealt)  # every dealt card is discarded by the end of the turn
        return Event("deal", step.id, step.label, groups=hands,
                     note="; ".join(filter(None, [step.note, *notes])))

    def pick_first(self, step) -> Event:
        """Pick the first player uniformly among the seats."""
        self.first_player = self.stream(0, 0, step.id, 0).uniform(self.players) + 1
        self.rotate = step.rotate
        self.by_rules = not step.rotate
        return Event("first-player", step.id, step.label, seat=self.first_player,
                     items=[self.words("seat {seat}", seat=self.first_player)], note=step.note)

    def teams(self, step) -> Event:
        """Shuffle the seats, deal them alternately into two teams, give the draft order."""
        seats = self.stream(0, 0, step.id, 0).shuffle(list(range(1, self.players + 1)))
        teams = {step.colours[0]: seats[0::2], step.colours[1]: seats[1::2]}
        first = step.draft_first
        second = step.colours[1] if first == step.colours[0] else step.colours[0]
        draft = []
        for k in range(max(len(t) for t in teams.values())):
            for colour in (first, second):
                if k < len(teams[colour]):
                    draft.append(self.words("{colour} #{k} (seat {seat})", colour=colour,
                                            k=k + 1, seat=teams[colour][k]))
        groups = [Group(colour, [self.words("#{k}: seat {seat}", k=k + 1, seat=s)
                                 for k, s in enumerate(members)])
                  for colour, members in teams.items()]
        return Event("teams", step.id, step.label, items=draft, groups=groups, note=step.note)


def build_script(gd: GameDice, seed: str, players: int, commitment: str,
                 balanced: bool = False, variant: str | None = None,
                 digest: bool = True, decks: dict | None = None) -> Script:
    """Return the whole script of ``gd`` for a normalised seed and a player count (without
    ``digest``, its digest left empty: a print pack's roll sheet never prints it).
    ``decks``: the decks' cards already read, kept for the next script (see ``_Builder``)."""
    m = gd.model
    if not m.players.min <= players <= m.players.max:
        modes = [f"--variant {name}" for name, (lo, hi) in gd.modes.items()
                 if lo <= players <= hi and name != variant]
        hint = f"; for {players} use {' or '.join(modes)}" if modes else ""
        mode = f" (--variant {variant})" if variant else ""
        raise user_error(gd.path, gd.line("players"), f"{gd.game}{mode} takes {m.players.min}-"
                                                      f"{m.players.max} players, not {players}"
                                                      f"{hint}")
    from ..load.chrome import chrome_in

    language = gd.edition.code if gd.edition is not None else None
    b = _Builder(gd, seed, players, balanced, variant, decks)
    sections = [Section(0, chrome_in(language, "Setup"), b.run("setup", 0))]
    for r in range(1, m.rounds + 1):
        first = 0
        if b.rotate:
            first = (b.first_player - 1 + r - 1) % players + 1
        title = f"{chrome_in(language, m.round_label)} {r}"
        if str(r) in m.round_titles:
            title += f" ({m.round_titles[str(r)]})"
        if b.by_rules:
            title += f" ({chrome_in(language, BY_RULES)})"
        sections.append(Section(r, title, b.run("each_round", r), first))
    dice = {k: DieInfo(d.name, d.short or k, d.colour, list(d.faces)) for k, d in m.dice.items()}
    script = Script(ALGORITHM, gd.game, m.name or gd.game, players, commitment, seed, balanced,
                    dice, sections, variant=variant or "",
                    mode_note=" — ".join(filter(None, [m.mode_title, m.mode_note])))
    if digest:
        script.digest = script.compute_digest()
    script.language = language
    return script
