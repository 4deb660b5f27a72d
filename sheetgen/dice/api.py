"""The dice engine's Python API, shared by the CLI and the tests."""

from __future__ import annotations

import re

from .faces import face_key, icon_of
from .load import load_game_dice
from .rules import build_script
from .script import Script
from .seeds import check_commitment, commitment, compose_seed, normalise_seed


def make_script(project, game: str, players: int | None, seed: str | int | None = None,
                secret: str | None = None, words: str | None = None,
                balanced: bool = False, variant: str | None = None,
                slips: bool = False, decks: dict | None = None) -> Script:
    """Return the script of ``game`` for a seed (or a secret plus players' words).

    The printed commitment is SHA-256 of the secret; with a plain seed the seed is the secret.
    ``slips``: only for a print pack's roll sheet (formats/as_slips.py), which prints neither
    the digest nor the HTML page's face icons: neither is worked out (the digest is empty).
    ``decks``: the decks' cards already read, by file, kept for the next script (a build's
    roll sheets share one dict: each deck is read once a build, not once a player count).
    """
    from ..base.errors import UserError

    if seed is not None and secret is not None:
        raise UserError("give either a seed or a secret (with words), not both")
    if secret is None:
        if seed is None:
            raise UserError("no seed given")
        secret = normalise_seed(seed)
    gd = load_game_dice(project, game, variant=variant)
    if players is None:
        lo, hi = gd.model.players.min, gd.model.players.max
        if lo != hi:
            raise UserError(f"{game} takes {lo}-{hi} players: say how many with --players")
        players = lo
    if variant is None and not gd.model.players.min <= players <= gd.model.players.max:
        variant = only_mode_for(gd, players)
        if variant:
            gd = load_game_dice(project, game, variant=variant)
    if balanced and not any(getattr(step, "balanced", False)
                            for step in [*gd.model.setup, *gd.model.each_round]):
        raise UserError(f"--balanced: {game}'s dice.yaml marks no roll 'balanced: true', so "
                        "there is nothing to draw from dice decks; leave --balanced out")
    script = build_script(gd, compose_seed(secret, words), players, commitment(secret),
                          balanced, variant, digest=not slips, decks=decks)
    if gd.edition is not None and not slips:  # the same rolls as the source edition's, its digest
        source = make_script(project.with_edition(None), game, players, secret=secret,
                             words=words, balanced=balanced, variant=variant)
        script.digest = source.digest
    from .sheet_look import sheet_look

    script.look = sheet_look(project, gd)
    drawn = {face_key(die_id, face): icon_of(gd.model.dice[die_id], face)
             for die_id, die in script.dice.items() for face in die.faces}
    if any(drawn.values()) and not slips:
        from .faces import face_icons

        script.icons = face_icons(project, {k: v for k, v in drawn.items() if v})
    return script


def only_mode_for(gd, players: int) -> str | None:
    """Return the one game mode that plays ``players`` when the base game does not.

    Roll & Raid's solo game exists only as Destination: Paris, so ``--players 1`` is that
    mode, with the same script as ``--variant paris``. None when no mode (or several) fits.
    """
    fits = [name for name, (lo, hi) in gd.modes.items() if lo <= players <= hi]
    return fits[0] if len(fits) == 1 else None


# A shorter prefix would let someone search for a different script with the same start.
MIN_DIGEST_DIGITS = 16


def verify_script(project, game: str, players: int | None, published_commitment: str,
                  secret: str, words: str | None = None, balanced: bool = False,
                  digest: str | None = None, variant: str | None = None) -> Script:
    """Check a revealed secret against its commitment, regenerate, and check the digest."""
    from ..base.errors import UserError

    check_commitment(secret, published_commitment)
    script = make_script(project, game, players, secret=secret, words=words, balanced=balanced,
                         variant=variant)
    if digest is not None:
        want = digest.strip().lower()
        if not re.fullmatch(r"[0-9a-f]{%d,64}" % MIN_DIGEST_DIGITS, want):
            raise UserError(f"--digest: give at least the first {MIN_DIGEST_DIGITS} hex digits "
                            f"of the printed digest (64 in full), not {digest!r}")
        if not script.digest.startswith(want):
            raise UserError(f"the script digest differs: regenerated {script.digest}, "
                            f"printed {want} (wrong words, player count or mode?)")
    return script
