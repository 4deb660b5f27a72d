"""Placeholder: the dice helper replaces this file with the real commands."""

import click


@click.command("dice")
def dice_command() -> None:
    """Write a seeded dice script (not yet built)."""
    raise click.ClickException("not yet built")


@click.command("odds")
def odds_command() -> None:
    """Exact dice odds (not yet built)."""
    raise click.ClickException("not yet built")
