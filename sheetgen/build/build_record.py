"""The two cache levels of a build behind one object.

A command's stamps (``uptodate.py``: with nothing changed, a rebuild loads no game) and each
output's record of what it was made from (``cache.py``: a rebuild renders only the outputs
whose inputs changed) are read when a build starts and written when it ends, here.
"""

from __future__ import annotations

import json
from pathlib import Path

from .cache import GAME_OUTPUT, BuildCache
from .component_build import BuildOptions, Job
from ..load.loading import LoadedComponent, LoadedGame
from ..load.project import Project
from ..load.reads import ReadRecorder, opened_all, stamp
from .uptodate import as_recorded, command_key, fresh_games, recorded_files, remember


def options_key(options: BuildOptions, profile_name: str) -> str:
    """Return the build options that change an output's bytes, as one string (the art sets
    its credits name are made from files it read: credits.ArtSets)."""
    key = [profile_name, options.cmyk, options.ink_saver, list(options.back_offset_mm),
           options.copies] + (["pdfx"] if options.pdfx else [])
    return json.dumps(key)


class BuildRecord:
    """What earlier builds into one output folder recorded, and what this one will record.

    Disabled (a variant, preview or check build, whose outputs depend on more than one
    component), it neither reads nor writes anything; ``--no-cache`` reads nothing but still
    records.
    """

    def __init__(self, project: Project, out_dir: Path, enabled: bool,
                 recorder: ReadRecorder | None = None):
        self.project = project
        self.cache = BuildCache(out_dir, enabled=enabled)
        # the build's record of reads, stamped: each file's stamp from before it was read
        self.recorder = recorder if recorder is not None else ReadRecorder(stamped=True)
        self.command = ""
        # the stamps of the files earlier builds recorded, taken before this one read any
        self.before: dict[str, list | None] = {}
        self.fresh: set[str] = set()  # games whose outputs need no look at all

    @classmethod
    def start(cls, project: Project, out_dir: Path, enabled: bool, game_id: str | None,
              component_ids: list[str], options: BuildOptions,
              recorder: ReadRecorder | None = None) -> "BuildRecord":
        """Open the record of ``out_dir`` for one build command, stamps first: an edit made
        while the build runs is a change for the next one. ``recorder`` (a stamped
        ReadRecorder) is the build's record of reads."""
        record = cls(project, out_dir, enabled, recorder)
        if record.enabled:
            record.command = command_key(game_id, component_ids, options.profiles,
                                         options.back_offset_mm, options.copies, options.cmyk,
                                         options.ink_saver, options.pdfx, project.edition,
                                         project.root)
            if options.cache and record.command in record.cache.commands:
                record._stamp_before(recorded_files(record.cache, record.command))
                record.fresh = fresh_games(record.cache, record.command, record.before)
                games = record.cache.commands[record.command].get("games", {})
                for game in record.fresh:  # not loaded: their outputs' recorded inputs
                    for output in games.get(game, {}).get("outputs", {}):
                        opened_all(record.cache.inputs_of(Path(output)))
        return record

    @property
    def enabled(self) -> bool:
        """Whether this build reads and writes the record."""
        return self.cache.enabled

    def _stamp_before(self, paths) -> None:
        """Take the stamps of ``paths`` not yet stamped (before anything reads them)."""
        for path in paths:
            if path not in self.before:
                self.before[path] = as_recorded(stamp(path))

    def _stamp_of(self, path: str) -> list | None:
        """Return ``path``'s stamp from before this build read it."""
        if path in self.before:
            return self.before[path]
        if self.recorder.stamped:
            as_path = Path(path)  # once: a build's record stamps hundreds of files
            if as_path in self.recorder:
                return as_recorded(self.recorder.stamp(as_path))
        return as_recorded(stamp(path))

    def stale(self, selected: list[tuple[LoadedGame, LoadedComponent]], planned: list[Job],
              options: BuildOptions) -> list[tuple[LoadedGame, LoadedComponent]]:
        """Return the selected components with an output (of those ``planned``) that is
        missing or out of date."""
        stale = set()
        for job in planned:
            key = (job.game.spec.id, job.comp.model.id)
            if key in stale:
                continue
            # an output never recorded (a first build) is stale without reading its inputs
            if not self.cache.recorded(job.path):
                stale.add(key)
                continue
            self._stamp_before(self.cache.inputs_of(job.path))  # before hashing them
            if not self.cache.fresh(job.path, options_key(options, job.profile.name)):
                stale.add(key)
            else:  # not built again: the files it was made from
                opened_all(self.cache.inputs_of(job.path))
        return [(g, c) for g, c in selected if (g.spec.id, c.model.id) in stale]

    def stale_game_outputs(self, planned: list, options: BuildOptions) -> list:
        """Return those of ``planned`` outputs of a game as a whole (each with ``path``: the
        roll sheets) that are missing or out of date."""
        key = options_key(options, "")
        stale = []
        for output in planned:
            if self.cache.recorded(output.path):
                self._stamp_before(self.cache.inputs_of(output.path))  # before hashing them
                if self.cache.fresh(output.path, key):
                    opened_all(self.cache.inputs_of(output.path))
                    continue
            stale.append(output)
        return stale

    def remember(self, planned: list[Job], game_outputs: list = ()) -> bool:
        """Record the command: per game, its planned outputs (``game_outputs``: those of a
        game as a whole, each with ``game`` and ``path``) and the stamps of the files they and
        its loading read, and save; return False (and record nothing) when a file was saved
        while the build ran."""
        outputs: dict[str, list[Path]] = {}
        game_reads: dict[str, tuple] = {}
        for job in planned:
            outputs.setdefault(job.game.spec.id, []).append(job.path)
            game_reads[job.game.spec.id] = job.game.reads
        for output in game_outputs:
            outputs.setdefault(output.game, []).append(output.path)
        if not remember(self.cache, self.command, outputs, game_reads, self.recorder.files(),
                        self._stamp_of, self.fresh):
            return False
        self.cache.save()
        return True

    def finish(self, jobs: list[Job], options: BuildOptions, made_from: dict,
               planned: list[Job] | None, game_files: list[tuple[Path, str, tuple]] = (),
               game_outputs: list = ()) -> None:
        """Record what every output of a finished build was made from (``made_from``: the
        files each output's build read, by path) and the command (``planned``: every output
        of the command, when only the stale ones were built; ``game_outputs``: every output
        of a game as a whole, the roll sheets, built now or not; ``game_files``: those built,
        with what they were made from).

        The record hashes the inputs now: a file saved while this build ran would be recorded
        as built, so then nothing is recorded and the next build looks again.
        """
        if not self.enabled:
            return
        read = {str(path) for path in self.recorder.files()}
        for files in made_from.values():
            read.update(str(path) for path in files)
        if any(as_recorded(stamp(path)) != self._stamp_of(path) for path in read):
            return  # saved while the build ran: the next build looks again
        for job in jobs:
            if job.path not in made_from:  # never recorded as built: the next build looks
                continue
            self.cache.record(job.path, options_key(options, job.profile.name),
                              made_from[job.path], (job.game.spec.id, job.comp.model.id))
        for path, game, inputs in game_files:
            self.cache.record(path, options_key(options, ""), inputs, (game, GAME_OUTPUT))
        # saves nothing if one changed
        self.remember(jobs if planned is None else planned, game_outputs)
