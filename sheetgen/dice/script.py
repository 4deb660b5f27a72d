"""The dice script: what every output format writes, with its digest and dice summary.

Plain dataclasses (no pydantic) so writers and the HTML/JSON output stay light and fast.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Union

Face = Union[int, str]
BY_RULES = "start player: by the rules"  # round title suffix when no seat is fixed
FACE_UP = "face up"  # the group of a shuffle's revealed top cards


@dataclass
class Roll:
    """One roll of a group of dice; ``rerolled`` keeps the attempts a rule threw away."""

    index: int
    dice: list[str]
    faces: list[Face]
    rerolled: list[list[Face]] = field(default_factory=list)
    total: int | None = None
    # 0-based positions a re-roll throws again (None: all); a die not among them was rolled
    # once and kept. Not in the body (the rule in dice.yaml says it), so not digested.
    again: list[int] | None = field(default=None, metadata={"body": False})

    def thrown(self) -> list[tuple[str, Face]]:
        """Return every (die, face) the roll threw: each die of the first attempt, then the
        dice each re-roll threw again, so a kept die counts once."""
        attempts = [*self.rerolled, self.faces]
        out = list(zip(self.dice, attempts[0]))
        for attempt in attempts[1:]:
            out += [(self.dice[p], attempt[p]) for p in
                    (range(len(self.dice)) if self.again is None else self.again)]
        return out


@dataclass
class Group:
    """A named list of items: a hand of cards, a pile, a team, an offer."""

    name: str
    items: list[str]
    seat: int = 0


@dataclass
class Event:
    """One scripted happening: a roll (or pool of rolls), a shuffle, a deal, a pick."""

    kind: str
    id: str
    label: str
    seat: int = 0
    rolls: list[Roll] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    note: str = ""


@dataclass
class Section:
    """Setup (number 0) or one round; ``first_player`` is a seat, or 0 when unused."""

    number: int
    title: str
    events: list[Event] = field(default_factory=list)
    first_player: int = 0


@dataclass
class DieInfo:
    """A die as the script shows it."""

    name: str
    short: str
    colour: str
    faces: list[Face]


@dataclass
class Script:
    """A whole game's script for one seed and player count."""

    algorithm: str
    game: str
    game_name: str
    players: int
    commitment: str
    seed: str
    balanced: bool
    dice: dict[str, DieInfo]
    sections: list[Section]
    digest: str = ""
    variant: str = ""
    mode_note: str = ""  # the variant's title and note, shown, not digested
    icons: dict = field(default_factory=dict)  # symbol face -> FaceIcon, for the HTML page
    language: str | None = None  # an edition's: the words the formats print, not digested
    look: Any = None  # the printed roll sheet's colours and art (sheet_look.Look), not digested

    def body(self) -> dict[str, Any]:
        """Return what the digest covers: everything except the seed, summary and digest."""
        return {
            "algorithm": self.algorithm, "game": self.game, "players": self.players,
            "commitment": self.commitment, "balanced": self.balanced,
            "dice": plain(self.dice),
            "sections": plain(self.sections),
        } | ({"variant": self.variant} if self.variant else {})

    def compute_digest(self) -> str:
        """Return SHA-256 of the canonical JSON of :meth:`body` (sorted keys, no spaces)."""
        return hashlib.sha256(canonical_json(self.body()).encode()).hexdigest()

    def summary(self) -> dict[str, dict[str, Any]]:
        """Return each die's face counts over every die thrown in the script: re-rolls
        included, a die that a re-roll keeps counted once (:meth:`Roll.thrown`)."""
        counts: dict[str, dict[str, int]] = {
            d: {str(f): 0 for f in info.faces} for d, info in self.dice.items()
        }
        for section in self.sections:
            for event in section.events:
                for roll in event.rolls:
                    for die, face in roll.thrown():
                        counts[die][str(face)] += 1
        out = {}
        for die, faces in counts.items():
            total = sum(faces.values())
            if total:
                sides = len(self.dice[die].faces)
                out[die] = {"rolls": total, "faces": faces,
                            "expected": {str(f): round(total * self.dice[die].faces.count(f)
                                                       / sides, 2)
                                         for f in dict.fromkeys(self.dice[die].faces)}}
        return out

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: body, digest, the revealed seed and the summary."""
        return {**self.body(), "game_name": self.game_name, "digest": self.digest,
                "seed": self.seed, "summary": self.summary()}


def plain(value: Any) -> Any:
    """Return dataclasses as dicts and lists as lists, recursively (``asdict`` minus deepcopy);
    a field marked ``metadata={"body": False}`` is left out."""
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return {k: plain(getattr(value, k)) for k, f in fields.items()
                if f.metadata.get("body", True)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def canonical_json(data: Any) -> str:
    """Return JSON with sorted keys, no spaces and raw UTF-8: the digest's input."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
