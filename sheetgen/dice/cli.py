"""``sheetgen dice`` and ``sheetgen odds``: thin Click commands over the dice API.

Only ``click`` is imported here at start-up; the engine, pydantic and (for PDF only)
ReportLab load when a command runs, which keeps ``sheetgen dice`` a fast process.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

FORMAT_CHOICE = click.Choice(["text", "json", "csv", "pdf", "html"])
# --out FILE without --format: the format its name ends with (roll-sheet.pdf is a PDF)
SUFFIX_FORMATS = {".pdf": "pdf", ".json": "json", ".csv": "csv", ".html": "html",
                  ".htm": "html"}
STDOUT = "-"  # --out -: standard output
QUICK_SETUP = "quick-setup"


class DiceGroup(click.Group):
    """A group whose first argument may be a game: ``dice GAME ...`` means ``dice script GAME``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Route ``dice GAME ...`` to the hidden ``script`` command."""
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["script", *args]
        return super().parse_args(ctx, args)

    def format_usage(self, ctx, formatter):
        """Show the usage a user types."""
        formatter.write_usage(ctx.command_path, "GAME [OPTIONS] | verify ... | commit")


class ScriptCommand(click.Command):
    """The hidden ``script`` command, shown in its usage as ``sheetgen dice GAME``."""

    def format_usage(self, ctx, formatter):
        """Show the usage as ``sheetgen dice GAME``."""
        formatter.write_usage(ctx.parent.command_path if ctx.parent else ctx.command_path,
                              "GAME [OPTIONS]")


def _emit(script, fmt: str, out: str | None, paper: str = "a4") -> None:
    """Write a script in ``fmt`` to ``out`` (atomically) or to standard output (no ``out``,
    or ``-``); a PDF on ``paper`` (a4 or letter)."""
    from .formats import writer

    if fmt == "pdf":
        from reportlab.lib.pagesizes import A4, LETTER

        data = writer(fmt)(script, {"a4": A4, "letter": LETTER}[paper])
    else:
        data = writer(fmt)(script)
    if out and out != STDOUT:
        from ..base.output import OutputWriter

        OutputWriter.write_file(Path(out), data.encode() if isinstance(data, str) else data)
        click.echo(f"wrote {out} (digest {script.digest[:16]})", err=True)
    elif isinstance(data, bytes):
        if out is None and sys.stdout.isatty():
            raise click.UsageError("PDF is binary: give --out FILE.pdf (or --out - to pipe it)")
        sys.stdout.flush()  # anything written as text first, then the bytes
        sys.stdout.buffer.write(data)  # (click.get_binary_stream is deprecated in Click 8.4)
    else:
        click.echo(data, nl=False)


def _format(fmt: str | None, out: str | None) -> str:
    """Return the format asked for: ``--format``, else the one ``--out``'s name ends with
    (``.pdf``, ``.json``, ``.csv``, ``.html``), else text; and refuse, before any work, an
    ``--out`` file whose folder does not exist."""
    from ..base.output import check_file_target

    check_file_target(out)
    if fmt is not None:
        return fmt
    return SUFFIX_FORMATS.get(Path(out).suffix.lower(), "text") if out and out != STDOUT \
        else "text"


def _mode(variant: str | None, quick_setup: bool) -> str | None:
    """Return the game mode asked for: ``--quick-setup`` is the ``quick-setup`` variant."""
    if quick_setup and variant not in (None, QUICK_SETUP):
        raise click.UsageError("--quick-setup is a game mode of its own: drop --variant")
    return QUICK_SETUP if quick_setup else variant


@click.group("dice", cls=DiceGroup, invoke_without_command=False,
             context_settings={"help_option_names": ["-h", "--help"]})
def dice_command() -> None:
    """Write a seeded dice-and-setup script for GAME, or verify or commit to one.

    \b
    Examples:
      sheetgen dice roll-and-raid --seed odin --players 4
      sheetgen dice roll-and-raid --seed odin --players 1
      sheetgen dice ragnarocks --seed odin --players 2 --quick-setup
      sheetgen dice rolling-thunder --seed odin --players 2 --format json
      sheetgen dice commit
      sheetgen dice verify roll-and-raid --secret odin --players 4 \\
        --commitment 52f3141f5cb06025c96c6794e35f5611a578919d0deb4d934136acaba06d4b82

    Every option of a script: sheetgen dice GAME --help. The algorithm: the docs page
    dice-spec.md (docs/src/dice-spec.md in a checkout).
    """


def _script_options(f):
    for opt in reversed([
        click.option("--players", "-n", type=int, help="Number of players."),
        click.option("--words", help="Players' words added after the commitment."),
        click.option("--balanced", is_flag=True,
                     help="Draw 2d6 rolls marked 'balanced' from seeded 36-card dice decks."),
        click.option("--variant", "-v", help="A game mode named in the game's dice.yaml."),
        click.option("--quick-setup", is_flag=True,
                     help="Let chance make the setup choices the rules leave to a player "
                          "(the quick-setup mode of the game's dice.yaml)."),
        click.option("--format", "-f", "fmt", type=FORMAT_CHOICE,
                     help="text, json, csv, pdf or html (default: the one --out's name ends "
                          "with, else text)."),
        click.option("--out", "-o", type=click.Path(dir_okay=False, allow_dash=True),
                     help="Write to FILE (- : standard output); its folder must exist."),
        click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
                     show_default=True, help="The page of a PDF script."),
        click.option("--edition", "-e", metavar="CODE",
                     help="Write the labels in this edition's language (game.yaml editions:, "
                          "or qps); the rolls and the digest are the source edition's."),
    ]):
        f = opt(f)
    return f


@dice_command.command("script", cls=ScriptCommand, hidden=True)
@click.argument("game")
@click.option("--seed", "-s", help="Any text or number (default: three random Norse words).")
@click.option("--secret", help="Organiser's secret whose SHA-256 was published (commit-reveal).")
@_script_options
@click.pass_obj
def script_command(project, game, seed, secret, players, words, balanced, variant,
                   quick_setup, fmt, out, paper, edition) -> None:
    """Write the script of GAME."""
    from .api import make_script

    from .seeds import memorable_seed

    variant = _mode(variant, quick_setup)
    fmt = _format(fmt, out)

    drawn = seed is None and secret is None
    if drawn:
        seed = memorable_seed()
    announced = seed
    if words and secret is None:
        secret, seed = seed, None
    script = make_script(project.with_edition(edition), game, players, seed=seed,
                         secret=secret, words=words, balanced=balanced, variant=variant)
    if drawn:  # said once the script exists: a mistake in the command prints no seed
        click.echo(f"seed: {announced}", err=True)
    _emit(script, fmt, out, paper)


@dice_command.command("verify")
@click.argument("game")
@click.option("--commitment", "-c", required=True, help="The published SHA-256 commitment.")
@click.option("--secret", required=True, help="The revealed secret.")
@click.option("--digest", "-d",
              help="The script digest printed on the script (at least its first 16 hex digits).")
@click.option("--strict", is_flag=True,
              help="Fail (exit 2) unless the script itself was checked, i.e. --digest given.")
@_script_options
@click.pass_obj
def verify_command(project, game, commitment, secret, digest, strict, players, words, balanced,
                   variant, quick_setup, fmt, out, paper, edition) -> None:
    """Check a revealed secret against its commitment and regenerate the script.

    Without --digest only the commitment is checked: the player count, words and mode given
    are not, since nothing printed is compared with the regenerated script.
    """
    from .api import verify_script

    variant = _mode(variant, quick_setup)
    fmt = _format(fmt, out)
    script = verify_script(project.with_edition(edition), game, players, commitment, secret,
                           words=words, balanced=balanced, digest=digest, variant=variant)
    emitted = bool(out) or fmt != "text"
    # the results go to standard output, unless the regenerated script itself goes there
    results_err = emitted and out in (None, STDOUT)
    click.echo("ok: the secret matches the commitment", err=results_err)
    if digest:
        click.echo("ok: the regenerated script has the printed digest", err=results_err)
    else:
        click.echo("NOT CHECKED: the script itself. Only the commitment was checked; a wrong "
                   "player count, words or mode would go unnoticed. Give --digest with the "
                   "digest printed on the script to check it.", err=True)
    click.echo(f"digest: {script.digest}", err=results_err)
    if emitted:
        _emit(script, fmt, out, paper)
    if strict and not digest:
        from ..base.errors import UserError

        raise UserError("--strict: the script was not checked (no --digest given)")


@dice_command.command("commit")
def commit_command() -> None:
    """Print a fresh high-entropy secret (keep it) and its commitment (publish it)."""
    from .seeds import commitment, new_secret

    secret = new_secret()
    click.echo(f"secret (keep private until the game ends): {secret}")
    click.echo(f"commitment (publish now): {commitment(secret)}")


@click.command("odds", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("expression", nargs=-1, required=True)
@click.option("--game", help="Allow the dice of GAME by name, e.g. '3 combat >= 4'.")
@click.pass_obj
def odds_command(project, expression, game) -> None:
    """Print exact probabilities of a dice EXPRESSION.

    Sums of dice and numbers compared with a number, 'has K-of-a-kind', or 'has [K] FACE'
    (at least K dice show FACE; symbol faces too). Dice: NdS, Nd{faces}, or with --game
    the ids of the game's dice.yaml.

    \b
    Examples:
      sheetgen odds "2d6+2 >= 9"
      sheetgen odds "4d6 has 3-of-a-kind"
      sheetgen odds "3d{0,1,1,2,2,3} >= 5"
      sheetgen odds --game reavers-of-midgard "3 combat >= 4"
      sheetgen odds --game reavers-of-midgard "2 crew-red has hammer"
    """
    from .odds import describe, parse

    named = {}
    if game:
        from .load import load_game_dice

        named = {k: list(d.faces) for k, d in load_game_dice(project, game).model.dice.items()}
    query = parse(" ".join(expression), named)
    click.echo(describe(query))
