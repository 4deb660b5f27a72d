"""The ``sheetgen`` command line: one thin Click function per command over the Python API."""

from __future__ import annotations

import gc
import importlib.util
import os
import re
import sys
import types
from contextlib import contextmanager
from pathlib import Path

import click

from .base.errors import UserError
from .base.output import StdoutRefused, guard_stdout, silence_stdout
from .base.suggest import remember_run

# pydantic versions (major.minor) whose private plugin loader the command line stands in for;
# add one only after tests/test_dependency_bounds.py and test_cold_start_imports.py pass with it
LOADER_TESTED_ON = ("2.13",)


def pydantic_minor() -> str | None:
    """Return the installed pydantic's ``major.minor``, read from its ``version.py`` without
    importing pydantic (which costs 25 ms); None if it cannot be read."""
    try:
        spec = importlib.util.find_spec("pydantic")
        text = Path(spec.origin).with_name("version.py").read_text(encoding="utf-8")
    except (ImportError, AttributeError, TypeError, ValueError, OSError):
        return None
    found = re.search(r"^VERSION\s*=\s*['\"](\d+\.\d+)\.", text, re.MULTILINE)
    return found.group(1) if found else None


# The command line process loads no pydantic plugins: scanning every installed package's entry
# points costs 20-30 ms of a build measured in hundreds. The Python API leaves this alone.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
if os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__" and pydantic_minor() in LOADER_TESTED_ON:
    # pydantic's plugin loader imports importlib.metadata (email, zipfile, csv...: about 8 ms
    # of start-up) before it reads that setting; with every plugin off, a loader finding none
    # is the same answer without those imports. The loader is private, so this stands in for
    # it only on the pydantic versions it was tested with; any other loads pydantic's own.
    _no_plugins = types.ModuleType("pydantic.plugin._loader")
    _no_plugins.get_plugins = lambda: ()
    sys.modules.setdefault("pydantic.plugin._loader", _no_plugins)

# A build makes millions of short-lived objects and few reference cycles: with Python's default
# threshold (a collection every 700 allocations) the cycle collector took about a tenth of a
# cold build's CPU. Collecting every 50,000 allocations saved about 0.5 s of a 3.4 s cold
# catalogue build here, with peak memory at 80 MB (two workers) and 103 MB (one process), under
# the 150 MB target (benchmarks/bench_iteration.py). The Python API leaves the collector alone.
gc.set_threshold(50_000, 20, 20)


MAX_SHOWN = 25
# commands defined in sheetgen.dice.cli, imported only when one of them runs (or in --help)
DICE_COMMANDS = {"dice": "dice_command", "odds": "odds_command"}
UP_TO_DATE = "up to date: no input of the chosen outputs changed (--no-cache rebuilds)"


class SheetgenGroup(click.Group):
    """A Click group that prints UserErrors as ``path:line: message`` and exits with 2."""

    def main(self, *args, **kwargs):
        """Run the command line; a standard output that takes no more (a full disk) is one
        line on standard error and exit code 2, whichever command wrote to it."""
        guarded = guard_stdout()
        try:
            try:
                return super().main(*args, **kwargs)
            finally:
                if guarded:
                    sys.stdout.flush()
        except StdoutRefused as exc:
            silence_stdout()
            click.echo(f"error: standard output: cannot write: {exc.strerror}", err=True)
            sys.exit(2)

    def list_commands(self, ctx):
        """Name every command, the dice ones too."""
        return sorted({*super().list_commands(ctx), *DICE_COMMANDS})

    def get_command(self, ctx, name):
        """Return command ``name``; the dice commands' module is imported on first use."""
        if name in DICE_COMMANDS:
            from .dice import cli as dice_cli  # start-up: a build needs none of it

            return getattr(dice_cli, DICE_COMMANDS[name])
        return super().get_command(ctx, name)

    def invoke(self, ctx):
        """Run the command; a UserError becomes its messages and exit code 2."""
        try:
            return super().invoke(ctx)
        except UserError as exc:
            for problem in exc.problems[:MAX_SHOWN]:
                click.echo(f"error: {problem}", err=True)
            if len(exc.problems) > MAX_SHOWN:
                click.echo(f"... and {len(exc.problems) - MAX_SHOWN} more errors", err=True)
            ctx.exit(2)
        finally:
            remember_run(None, None)  # the next run in this process suggests afresh


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--project", "project_dir", type=click.Path(file_okay=False), default=".",
    show_default=True, help="Project folder holding data/ (and optionally templates/, fonts/).",
)
@click.version_option(package_name="sheetgen")
@click.pass_context
def main(ctx: click.Context, project_dir: str) -> None:
    """Turn YAML game components into print-ready PDFs, and write seeded dice scripts."""
    from .load.project import Project

    given = ctx.get_parameter_source("project_dir") is not click.core.ParameterSource.DEFAULT
    # the commands that messages suggest keep --project and the subcommand the user ran
    remember_run(project_dir if given else None, ctx.invoked_subcommand)
    ctx.obj = Project.at(project_dir)


def edition_option(function):
    """The ``--edition CODE|all`` option of every command that reads a game's texts."""
    return click.option(
        "--edition", "-e", metavar="CODE|all",
        help="Read the game in this edition (a language game.yaml declares, or qps, the "
             "pseudo-translation); all: the source and every declared edition.")(function)


def _editions(project, game, edition) -> list:
    from .load.editions import chosen_editions

    return chosen_editions(project, game, edition)


@main.command("list")
@click.pass_obj
def list_command(project) -> None:
    """List every game and its components."""
    from .api import list_games

    for game in list_games(project):
        click.echo(f"{game.id}  ({game.name})")
        for comp in game.components:
            click.echo(f"  {comp.id:<20} {comp.kind:<6} {comp.title}")


@main.command("validate")
@click.argument("game", required=False)
@click.argument("components", nargs=-1)
@click.option("--profile", "-p", "profiles", multiple=True,
              help="Fit the faces to these profiles (default: each component's own list).")
@edition_option
@click.pass_obj
def validate_command(project, game: str | None, components, profiles, edition) -> None:
    """Check GAME (default: every game), or only its COMPONENTS, its dice.yaml and variants for
    mistakes without writing anything; every mistake found is reported in one run."""
    from .api import validate

    if components and not game:
        raise click.UsageError("name a game before its components")
    count = 0
    for each in _editions(project, game, edition):
        count = validate(each, [game] if game else None, warn=_warn,
                         profiles=list(profiles) or None, component_ids=list(components))
    click.echo(f"ok: {count} component(s) valid")


def _warn(problem) -> None:
    click.echo(f"warning: {problem}", err=True)


MAX_BACK_OFFSET_MM = 50.0  # a duplex printer misregisters by a few millimetres, not more


def _parse_offset(ctx, param, value: str | None):
    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected X,Y in millimetres, e.g. 0.5,-1") from None
    if not (abs(x) <= MAX_BACK_OFFSET_MM and abs(y) <= MAX_BACK_OFFSET_MM):  # also NaN
        raise click.BadParameter(f"each of X,Y must be within -{MAX_BACK_OFFSET_MM:g} to "
                                 f"{MAX_BACK_OFFSET_MM:g} mm, not {value}")
    return (x, y)


@main.command("build")
@click.argument("game", required=False)
@click.argument("components", nargs=-1)
@click.option("--profile", "-p", "profiles", multiple=True,
              help="Print profile (repeatable); `sheetgen profiles` lists them. Default: each "
                   "component's own list.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Output folder (default: out/ in the project).")
@click.option("--back-offset", callback=_parse_offset, metavar="X,Y",
              help="Shift duplex backs by X,Y mm to correct a printer's misregistration.")
@click.option("--copies", type=click.IntRange(min=1, max=1000),
              help="Sheets in a notepad (default: the YAML's).")
@click.option("--cmyk", is_flag=True,
              help="Convert every colour to CMYK, no transparency (PDF/X-minded shops).")
@click.option("--pdfx", is_flag=True,
              help="Write PDF/X-1a (CMYK, no transparency, an output intent) in a face-per-page "
                   "profile (pod); the profile names the version and printing condition.")
@click.option("--ink-saver", is_flag=True, help="Print fills as light tints or outlines.")
@click.option("--previews", is_flag=True,
              help="Also write a PNG of each PDF's first page and a contact sheet per game.")
@click.option("--simulate", type=click.Choice(["protan", "deutan", "tritan"]),
              help="With --previews: also write them as a colour-blind player sees them.")
@click.option("--variant", metavar="NAME",
              help="Build the playtest variant data/GAME/variants/NAME.yaml into "
                   "out/GAME/variants/NAME/; the faces it changes carry a stamp.")
@click.option("--stamp", type=click.Choice(["changed", "all"]), default="changed",
              show_default=True, help="With --variant: stamp the changed faces, or all.")
@click.option("--changed-only", is_flag=True,
              help="With --variant: print only the faces the variant changed.")
@click.option("--no-cache", is_flag=True,
              help="Build every output, even those whose inputs have not changed.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=os.cpu_count() or 1,
              show_default="the machine's cores",
              help="Build components in this many processes (1: one after another).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@edition_option
@click.pass_obj
def build_command(project, game, components, profiles, out_dir, back_offset, copies, cmyk,
                  pdfx, ink_saver, previews, simulate, variant, stamp, changed_only, no_cache,
                  jobs, quiet, edition) -> None:
    """Build GAME's COMPONENTS (default: every game, every component) into PDFs; with
    --edition, in another language (outputs named raid-cards-es-a4.pdf)."""
    if (changed_only or stamp == "all") and not variant:
        raise click.UsageError("--changed-only and --stamp all go with --variant NAME")
    if edition is not None:
        for each in _editions(project, game, edition):
            _build_one(each, game, components, profiles, out_dir, back_offset, copies, cmyk,
                       pdfx, ink_saver, previews, simulate, variant, stamp, changed_only,
                       no_cache, jobs, quiet)
        return
    _build_one(project, game, components, profiles, out_dir, back_offset, copies, cmyk, pdfx,
               ink_saver, previews, simulate, variant, stamp, changed_only, no_cache, jobs,
               quiet)


def _build_one(project, game, components, profiles, out_dir, back_offset, copies, cmyk,
               pdfx, ink_saver, previews, simulate, variant, stamp, changed_only, no_cache,
               jobs, quiet) -> None:
    """Build one edition (``project.edition``) of the chosen components."""
    if not (no_cache or variant or previews or simulate):
        # nothing changed since the same command last built: answered before loading anything
        from pathlib import Path

        from .build.uptodate import command_key, up_to_date

        key = command_key(game, list(components), list(profiles) or None, back_offset, copies,
                          cmyk, ink_saver, pdfx, project.edition, project.root)
        if up_to_date(project, Path(out_dir) if out_dir else project.out_dir, key, game):
            click.echo(UP_TO_DATE)
            _list_stale(project, out_dir)
            return
    skipped: list = []
    with _collector_paused():
        from .api import BuildOptions, build

        options = BuildOptions(
            profiles=list(profiles) or None, out_dir=out_dir, back_offset_mm=back_offset,
            copies=copies, cmyk=cmyk, pdfx=pdfx, ink_saver=ink_saver,
            previews=previews or bool(simulate),
            simulate=simulate, variant=variant, stamp_all=stamp == "all",
            changed_only=changed_only, cache=not no_cache, jobs=jobs,
        )
        written = build(project, game, list(components), options, progress=not quiet,
                        warn=_warn, skipped=skipped)
    for skip in skipped:
        click.echo(str(skip))
    if not written:
        click.echo("nothing to print: the variant changes no face of these components"
                   if changed_only else UP_TO_DATE)
    if len(written) <= 8:
        for path in written:
            click.echo(f"wrote {path}")
    else:
        by_folder: dict = {}
        for path in written:
            by_folder.setdefault(path.parent, []).append(path)
        for folder, paths in by_folder.items():
            click.echo(f"wrote {len(paths)} files in {folder}/")
    if not variant:
        _list_stale(project, out_dir, written)


@contextmanager
def _collector_paused():
    """Run one build without cycle collection, then give the collector back with every object
    counted as old (frozen and unfrozen: moved to the oldest generation, not traversed now).

    A build is one short run: the collector's first pass went over the modules just imported
    (about 10 ms of a one-deck build's 0.5 s, issue 21), and the whole cold catalogue peaked at
    120 MB with it or without it (one process; 88 MB with two workers).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def _list_stale(project, out_dir: str | None, just_built=()) -> None:
    """Print the outputs whose component or game no longer exists (``clean`` removes them);
    ``just_built``: the outputs this build wrote, whose components exist."""
    from pathlib import Path

    from .build.clean import stale_outputs
    from .base.suggest import command

    for stale in stale_outputs(project, Path(out_dir) if out_dir else project.out_dir,
                               just_built):
        click.echo(f"stale: {stale.path} ({stale.reason()}); "
                   f"`{command(name='clean')}` removes it")


@main.command("clean")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Output folder (default: out/ in the project).")
@click.option("--dry-run", is_flag=True, help="List what would be removed; remove nothing.")
@click.pass_obj
def clean_command(project, out_dir, dry_run) -> None:
    """Remove the outputs of components and games that no longer exist.

    Only outputs the build record says sheetgen wrote, still exactly as written, are removed;
    any other file in the output folder is left alone.
    """
    from pathlib import Path

    from .build.clean import clean

    done = clean(project, Path(out_dir) if out_dir else project.out_dir, dry_run)
    for path in done.removed:
        click.echo(f"{'would remove' if dry_run else 'removed'} {path}")
    for path, why in done.kept:
        click.echo(f"kept {path}: {why}")
    if not done.removed and not done.kept:
        click.echo("nothing to clean: every recorded output belongs to a component")


@main.command("profiles")
@click.pass_obj
def profiles_command(project) -> None:
    """List every print profile: its paper and the component kinds that accept it."""
    from .load.profiles import ProfileBook
    from .tools.reference import shop_facts
    from .base.units import mm

    for profile in ProfileBook.for_project(project).profiles.values():
        paper = (f"{mm(profile.page[0]):g} x {mm(profile.page[1]):g} mm" if profile.page
                 else "face size")
        layouts = ", ".join(f"{kind}: {layout}" for kind, layout in profile.layouts.items())
        shop = "; ".join(shop_facts(profile))
        click.echo(f"{profile.name:<18} {paper:<20} {profile.output:<4} {layouts}"
                   + (f" ({shop})" if shop else ""))


@main.command("check")
@click.argument("game", required=False)
@click.argument("components", nargs=-1)
@click.option("--profile", "-p", "profiles", multiple=True,
              help="Print profile (repeatable). Default: each component's own list.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Keep the checked files here (default: a temporary folder).")
@click.option("--cmyk", is_flag=True, help="Check the --cmyk outputs (no RGB anywhere).")
@click.option("--pdfx", is_flag=True, help="Check the --pdfx outputs (CMYK, no transparency, "
              "the PDF/X output intent and version).")
@click.option("--ink-saver", is_flag=True, help="Check the --ink-saver outputs.")
@edition_option
@click.pass_obj
def check_command(project, game, components, profiles, out_dir, cmyk, pdfx, ink_saver,
                  edition) -> None:
    """Build GAME (default: every game) and run every print check; exit 2 on a failure.

    Reports each failing template line, then per output the smallest text and the lowest
    contrast. Games with ``print_checks: warn`` in game.yaml are reported but never fail.
    """
    from .api import BuildOptions, run_check
    from .checks.report import print_report

    failed = False
    for each in _editions(project, game, edition):
        options = BuildOptions(profiles=list(profiles) or None, out_dir=out_dir, cmyk=cmyk,
                               pdfx=pdfx, ink_saver=ink_saver)
        report = run_check(each, game, list(components), options, warn=_warn)
        print_report(report, click.echo)
        failed = failed or report.failed
    if failed:
        raise click.exceptions.Exit(2)


@main.command("watch")
@click.argument("game", required=False)
@click.argument("components", nargs=-1)
@click.option("--profile", "-p", "profiles", multiple=True, help="Print profile (repeatable).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), help="Output folder.")
@edition_option
@click.pass_obj
def watch_command(project, game, components, profiles, out_dir, edition) -> None:
    """Build, then rebuild on every change to a file the build read (Ctrl-C stops)."""
    if edition == "all":
        raise click.UsageError("watch builds one edition: give --edition CODE")
    project = project.with_edition(edition)
    from .api import BuildOptions, build
    from .build.watch import watch

    options = BuildOptions(profiles=list(profiles) or None, out_dir=out_dir)
    try:
        watch(project, lambda reads: build(project, game, list(components), options,
                                           warn=_warn, reads=reads), click.echo)
    except KeyboardInterrupt:
        click.echo("stopped")


def install_extra(extra: str) -> str:
    """Return the command that installs ``extra``: from the folder sheetgen was installed from
    (a checkout, as the README installs it; pip records it in direct_url.json, PEP 610), else
    from the package index."""
    import json
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    try:
        origin = json.loads(metadata.distribution("sheetgen").read_text("direct_url.json") or "{}")
    except (metadata.PackageNotFoundError, ValueError):
        origin = {}
    url = urlparse(str(origin.get("url", "")))
    if url.scheme == "file" and "dir_info" in origin:
        folder = Path(unquote(url.path))
        return (f"pip install '.[{extra}]' in {folder}" if folder.is_dir()
                else f"pip install '{folder}[{extra}]'")
    return f"pip install 'sheetgen[{extra}]'"


@main.command("serve")
@click.argument("game", required=False)
@click.option("--variant", metavar="NAME", help="Show this playtest variant of GAME.")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8000, show_default=True,
              help="Port to listen on (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but this machine prints a warning.")
@click.option("--open", "open_page", is_flag=True, help="Open the studio in the browser.")
@click.option("--editor", default="vscode", show_default=True,
              help="Editor of the source links: vscode, idea, sublime, txmt..., a URL scheme "
                   "or a template with {path} and {line}.")
@edition_option
@click.pass_obj
def serve_command(project, game, variant, port, host, open_page, editor, edition) -> None:
    """Serve the live studio: every face as you save, and where each value comes from."""
    if edition == "all":
        raise click.UsageError("the studio shows one edition: give --edition CODE")
    project = project.with_edition(edition)
    try:
        # a late import: the web stack is the optional `serve` extra
        from .studio.server import serve
    except ImportError as exc:
        raise UserError(f"sheetgen serve needs the serve extra ({exc.name} is missing): "
                        f"{install_extra('serve')}") from None
    try:
        serve(project, game, variant, port, host, open_page, editor, click.echo)
    except KeyboardInterrupt:
        click.echo("stopped")


@main.group("translate")
def translate_group() -> None:
    """Collect a game's texts for translators and merge them into its PO catalogs."""


@translate_group.command("extract")
@click.argument("game")
@click.pass_obj
def translate_extract(project, game: str) -> None:
    """Write data/GAME/locale/messages.pot: every text of GAME, each with where it is
    written (file:line, or file.csv:row:col)."""
    from .tools.translate import extract, write_template

    found = extract(project, game)
    path = write_template(project, found)
    click.echo(f"wrote {path} ({len(found.texts)} texts)")


@translate_group.command("update")
@click.argument("game")
@edition_option
@click.pass_obj
def translate_update(project, game: str, edition) -> None:
    """Merge GAME's texts into locale/CODE.po of --edition (all: every declared edition):
    new texts untranslated, changed ones fuzzy with their old translation."""
    from .load.editions import edition_codes
    from .load.project import GAME_FILE
    from .tools.translate import extract, update
    from .load.yamlload import load_yaml

    if edition is None:
        raise click.UsageError("give --edition CODE (or all)")
    codes = (edition_codes(load_yaml(project.game_dir(game) / GAME_FILE))
             if edition == "all" else [edition])
    found = extract(project, game)
    for code in codes:
        path, st = update(project, found, code)
        click.echo(f"wrote {path}: {st.translated} translated, {st.fuzzy} fuzzy, "
                   f"{st.missing} missing, {st.obsolete} obsolete")


@translate_group.command("status")
@click.argument("game", required=False)
@click.pass_obj
def translate_status(project, game: str | None) -> None:
    """Print, per edition of GAME (default: every game), its translated, fuzzy and missing
    texts."""
    from .tools.translate import status

    for gid in [game] if game else project.default_game_ids():
        for st in status(project, gid):
            click.echo(f"{gid} {st.code}: {st.translated} translated, {st.fuzzy} fuzzy, "
                       f"{st.missing} missing" + (f", {st.obsolete} obsolete"
                                                  if st.obsolete else ""))


@main.command("calibrate")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), help="Output folder.")
@click.option("--back-offset", callback=_parse_offset, metavar="X,Y",
              help="Preview an offset on the back page, in mm.")
@click.pass_obj
def calibrate_command(project, paper, out_dir, back_offset) -> None:
    """Write a one-page duplex calibration sheet (front and back) to find --back-offset."""
    from .api import write_calibration

    click.echo(f"wrote {write_calibration(project, paper, out_dir, back_offset)}")


@main.command("schema")
@click.argument("name", required=False)
@click.option("--write", "write_dir", type=click.Path(file_okay=False),
              help="Write one JSON Schema file per file kind into this folder.")
@click.option("--elements", "summary", is_flag=True, help="A text summary of every element type.")
def schema_command(name: str | None, write_dir: str | None, summary: bool) -> None:
    """Print the JSON Schema of NAME (game, component-cards, template, dice, element-text...).

    Without NAME, every schema. With --write DIR, one file per kind (game.json, template.json,
    dice.json, variant.json, profiles.json, component-<kind>.json) for editors: put a first
    line such as
    ``# yaml-language-server: $schema=schemas/template.json`` in a YAML file.
    """
    from .tools.reference import element_reference, schema_json, schemas

    if summary:
        click.echo(element_reference())
        return
    if write_dir:
        from .base.output import output_errors
        from .tools.schema import write_schemas

        with output_errors():
            paths = write_schemas(write_dir)
        click.echo(f"wrote {len(paths)} schemas in {write_dir}/")
        return
    if name and name not in schemas():
        raise click.BadParameter(f"unknown schema {name!r}; known: {', '.join(schemas())}")
    click.echo(schema_json(name))


@main.command("reference")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Output folder (default: out/reference in the project).")
@click.pass_obj
def reference_command(project, out_dir: str | None) -> None:
    """Write the format reference: reference.pdf (swatches, fonts, icons) and reference.md.

    reference.md lists every palette colour, font family, size name, component and template
    key, element type with each field, and icon name; the docs site's reference pages are the
    same text.
    """
    from pathlib import Path

    from .base.output import OutputWriter, output_errors
    from .tools.reference import reference_markdown
    from .tools.reference_sheet import reference_pdf

    folder = Path(out_dir) if out_dir else project.root / "out" / "reference"
    pdf, markdown = reference_pdf(project), reference_markdown(project)
    with output_errors():
        OutputWriter.write_file(folder / "reference.pdf", pdf)
        OutputWriter.write_file(folder / "reference.md", markdown.encode("utf-8"))
    click.echo(f"wrote {folder}/reference.pdf and reference.md")


@main.command("new")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--id", "game_id", help="Game id (kebab-case). Default: the folder's name.")
@click.option("--name", help="Display name. Default: from the id (my-game: My Game).")
def new_command(folder: str, game_id: str | None, name: str | None) -> None:
    """Write a new project FOLDER with a skeleton game: a deck, a sheet, dice and templates,
    and the JSON Schemas its files name for editors (schemas/)."""
    from .tools.newgame import new_project

    target = new_project(folder, game_id, name)
    made = ", ".join(f"{sub}/" for sub in ("data", "templates", "schemas")
                     if (target / sub).is_dir())
    click.echo(f"wrote {target}/ ({made})")
    click.echo(f"next: sheetgen --project {folder} build")


@main.command("diff")
@click.argument("game")
@click.argument("variants", nargs=-1, metavar="[A] [B]")
@click.option("--against", "revision", metavar="REV",
              help="Compare with the project as it was at git revision REV (the project "
                   "folder must be in a git repository).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--out", "out_file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Also write the changed faces before and after, side by side (.pdf or "
                   ".png; - : a PDF to standard output, the changes to standard error).")
@edition_option
@click.pass_obj
def diff_command(project, game, variants, revision, fmt, out_file, edition) -> None:
    """Show what variant B changes from A (default: the base game) in GAME.

    \b
    sheetgen diff roll-and-raid harsh-winter          base game -> harsh-winter
    sheetgen diff roll-and-raid easy-raids harsh-winter
    sheetgen diff roll-and-raid --against HEAD~3      last commits -> working tree
    """
    from .api import diff_game

    if len(variants) > 2:
        raise click.UsageError("give at most two variants: A and B")
    a, b = (None, variants[0]) if len(variants) == 1 else (variants or (None, None))
    if a is None and b is None and revision is None:
        raise click.UsageError("name a variant, two variants, or --against REV")
    if edition == "all":
        raise click.UsageError("diff compares one edition: give --edition CODE")
    result = diff_game(project.with_edition(edition), game, a, b, revision, out_file)
    piped = out_file == "-"  # the picture is on standard output: the changes go beside it
    click.echo(result.as_json() if fmt == "json" else result.as_text(), err=piped)
    if out_file and not piped:
        click.echo(f"wrote {out_file}", err=fmt == "json")



if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
