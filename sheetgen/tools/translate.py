"""``sheetgen translate``: collect a game's texts, merge them into its catalogs, count.

``extract`` reads the game exactly as a build of an edition does (the same walker over the same
files: game.yaml, every component, its tables' cells, the templates it draws with, its
variants and the licence lines of its credits and footers), but
records each text and where it was written instead of translating it, and writes
``locale/messages.pot``. ``update`` merges that into ``locale/CODE.po``: new texts come in
untranslated; a text whose source changed keeps the old translation marked fuzzy (and the old
source as ``#| msgid``); texts no longer used become obsolete. ``status`` counts, per edition,
the translated, fuzzy and missing texts.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.base.errors import ProblemList, UserError
from sheetgen.load.catalogs import LOCALE_DIR, catalog_path, parse_po
from sheetgen.load.editions import EXTRACT
from sheetgen.base.output import write_target as write_atomic
from sheetgen.load.project import DICE_FILE, Project
from sheetgen.load.yamlload import load_yaml

TEMPLATE_FILE = "messages.pot"
KEPT_HEADERS = ("Last-Translator", "Language-Team", "PO-Revision-Date")  # the translator's
_WHERE = re.compile(r"^(.*):(\d+)(?::(\d+))?$")


@dataclass
class Extracted:
    """Every translatable text of a game, in first-seen order, with where it is written."""

    game_id: str
    name: str
    texts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Status:
    """How far one edition's catalog is: counts of its game's texts."""

    code: str
    translated: int
    fuzzy: int
    missing: int
    obsolete: int


def extract(project: Project, game_id: str) -> Extracted:
    """Return every translatable text of ``game_id`` (a mistake in its files is raised)."""
    from sheetgen.build.credits import ArtSets
    from sheetgen.generate.games import load_game
    from sheetgen.load.templates import TemplateBook
    from sheetgen.load.variants import load_variant, variant_names

    reading = project.with_edition(EXTRACT)
    game = load_game(reading, game_id)
    templates = TemplateBook(reading, game.edition)
    problems = ProblemList()
    known = set(templates.names())
    for comp in game.components:
        for name in _names_in(comp.raw, known):
            try:
                templates.get(name, (str(comp.path), 0))
            except UserError as exc:
                problems.extend(exc)
    dice = project.game_dir(game_id) / DICE_FILE
    if dice.is_file():  # the dice script's labels and names
        game.edition.tree(load_yaml(dice))
    for name in variant_names(game.folder):  # what a variant prints: its changed texts
        try:
            load_variant(game.folder, name, edition=game.edition)
        except UserError as exc:
            problems.extend(exc)
    # the licence lines its credits block and page footers print, read as a build reads them
    art_sets = ArtSets(reading)
    art_sets.credits.in_edition(game.edition, art_sets.of_game(game))
    problems.raise_if_any()
    found = Extracted(game_id, game.spec.name)
    for source, places in game.edition.found.items():
        found.texts[source] = [_reference(project, where) for where in places]
    return found


def _names_in(data, known: set[str]) -> list[str]:
    """Return the template names a component file writes anywhere (front, back, template, a
    board's backdrop, a side's template...), in order."""
    found: list[str] = []
    if isinstance(data, dict):
        for value in data.values():
            found += _names_in(value, known)
    elif isinstance(data, list):
        for value in data:
            found += _names_in(value, known)
    elif isinstance(data, str) and data in known:
        found.append(data)
    return list(dict.fromkeys(found))


def _reference(project: Project, where: str) -> tuple[str, str]:
    """Return a polib occurrence (file, line) for ``path:line`` or ``file.csv:row:col``."""
    match = _WHERE.match(where)
    path, line, col = (match.groups() if match else (where, "", None))
    for root in project.roots:
        try:
            path = Path(path).resolve().relative_to(root).as_posix()
            break
        except ValueError:
            continue
    return (f"{path}:{line}", col) if col else (path, line)


def write_template(project: Project, found: Extracted) -> Path:
    """Write ``locale/messages.pot`` of the game; return its path."""
    po = _new_po(found, None)
    for source, places in found.texts.items():
        po.append(_entry(source, "", places))
    path = project.game_dir(found.game_id) / LOCALE_DIR / TEMPLATE_FILE
    path.parent.mkdir(exist_ok=True)
    write_atomic(path, _text(po).encode("utf-8"))
    return path


def update(project: Project, found: Extracted, code: str) -> tuple[Path, Status]:
    """Merge the game's texts into ``locale/CODE.po`` (created when absent); return its path
    and its status after the merge."""
    import polib

    path = catalog_path(project.game_dir(found.game_id), code)
    old = parse_po(path) if path.is_file() else _new_po(found, code)
    by_id = {e.msgid: e for e in sorted(old, key=lambda e: not e.obsolete) if e.msgid}
    by_place = {place: e for e in old if e.msgid and e.msgstr for place in e.occurrences}
    gone = [e for e in old if e.msgid and e.msgid not in found.texts and e.msgstr]
    po = _new_po(found, code)
    po.metadata.update({k: v for k, v in old.metadata.items() if k in KEPT_HEADERS})
    for source, places in found.texts.items():
        before = by_id.get(source)
        entry = _entry(source, before.msgstr if before else "", places)
        if before is not None and "fuzzy" in before.flags:
            entry.flags.append("fuzzy")
            entry.previous_msgid = before.previous_msgid
        elif before is None:
            near = _changed_from(source, places, by_place, gone)
            if near is not None:
                entry.msgstr, entry.previous_msgid = near.msgstr, near.msgid
                entry.flags.append("fuzzy")
        po.append(entry)
    kept: set[str] = set()  # a merged catalog can hold one text twice (live and obsolete)
    for entry in sorted(old, key=lambda e: e.obsolete):  # a live translation wins
        if entry.msgid and entry.msgid not in found.texts and entry.msgstr \
                and entry.msgid not in kept:
            kept.add(entry.msgid)
            po.append(polib.POEntry(msgid=entry.msgid, msgstr=entry.msgstr, obsolete=True))
    path.parent.mkdir(exist_ok=True)
    write_atomic(path, _text(po).encode("utf-8"))
    return path, status_of(po, code)


def _changed_from(source, places, by_place, gone):
    """Return the old entry a new text most likely replaced: one written at the same place,
    else the closest old text no longer used (a fuzzy match, as msgmerge makes)."""
    for place in places:
        old = by_place.get(place)
        if old is not None and old in gone:
            return old
    best = difflib.get_close_matches(source, [e.msgid for e in gone], n=1, cutoff=0.8)
    return next((e for e in gone if e.msgid == best[0]), None) if best else None


def status(project: Project, game_id: str, found: Extracted | None = None) -> list[Status]:
    """Return the status of every edition the game declares, against its texts now."""
    from sheetgen.load.editions import edition_codes
    from sheetgen.load.project import GAME_FILE
    from sheetgen.load.yamlload import load_yaml

    folder = project.game_dir(game_id)
    found = found or extract(project, game_id)
    out = []
    for code in edition_codes(load_yaml(folder / GAME_FILE)):
        path = catalog_path(folder, code)
        entries = {e.msgid: e for e in parse_po(path) if e.msgid and not e.obsolete} \
            if path.is_file() else {}
        translated = fuzzy = missing = 0
        for source in found.texts:
            entry = entries.get(source)
            if entry is None or not entry.msgstr:
                missing += 1
            elif "fuzzy" in entry.flags:
                fuzzy += 1
            else:
                translated += 1
        obsolete = sum(1 for e in entries if e not in found.texts)
        out.append(Status(code, translated, fuzzy, missing, obsolete))
    return out


def status_of(po, code: str) -> Status:
    """Return the counts of a merged catalog."""
    live = [e for e in po if e.msgid and not e.obsolete]
    fuzzy = sum(1 for e in live if "fuzzy" in e.flags)
    translated = sum(1 for e in live if e.msgstr and "fuzzy" not in e.flags)
    return Status(code, translated, fuzzy, len(live) - translated - fuzzy,
                  sum(1 for e in po if e.obsolete))


def _new_po(found: Extracted, code: str | None):
    import polib

    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"{found.game_id}",
        "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE",
        "Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
        "Language-Team": "",
        "Language": code or "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": "sheetgen translate",
    }
    po.header = (f"{found.name}: texts to translate (sheetgen translate extract).\n"
                 "Keep every number, :icon:, {{ expression }}, {field} and ** as in the source.")
    return po


def _entry(source: str, msgstr: str, places: list[tuple[str, str]]):
    import polib

    return polib.POEntry(msgid=source, msgstr=msgstr, occurrences=list(dict.fromkeys(places)))


def _text(po) -> str:
    """Return the PO text (polib's, one line per message: no wrapping, stable bytes)."""
    return str(po) + "\n"
