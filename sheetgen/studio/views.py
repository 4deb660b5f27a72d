"""What the studio holds of a game and of each component: the last good faces, whether they
are stale, every problem found, and what is still to do (prepare, judge)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..build.judging import Verdict, distinct_faces


@dataclass
class ComponentView:
    """One component as the studio shows it: its faces (the last good ones) and problems."""

    comp: object                 # LoadedComponent
    builder: object              # FaceBuilder, warm: its faces and elements are cached
    game: object = None          # LoadedGame it was loaded with
    inputs: set = field(default_factory=set)  # resolved files its faces depend on
    prepared: object = None      # Prepared, the last good one
    stale: bool = False          # the last preparation failed: ``prepared`` is older
    problems: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    verdict: Verdict = field(default_factory=Verdict)
    pending: bool = False        # not prepared yet: nobody has asked to see it
    unjudged: bool = False       # prepared, its print checks and fits still to run
    # a change it has not taken in yet (not on show when it came): () -> the ComponentView
    # prepared again, run before anyone looks at it (Workspace.ready, judge_pending)
    again: object = None

    def faces(self) -> dict:
        """Return every live face by key."""
        return {f.key: f for f in distinct_faces(self.prepared)} if self.prepared else {}


@dataclass
class GameView:
    """One game (or one of its variants) as loaded now, with its components in order."""

    game_id: str
    variant: str | None
    game: object = None          # LoadedGame, the last one that loaded
    edition: str | None = None   # the edition shown (?edition=), None: the source
    components: dict = field(default_factory=dict)
    load_problems: list = field(default_factory=list)   # loading's, then the extras'
    loading_problems: list = field(default_factory=list)  # loading's
    extras_problems: list = field(default_factory=list)  # dice.yaml's and the variants'
    extras_due: bool = False     # dice.yaml and the variants still to check again (judging)
    # the print guide's items not counted yet (a first load): counted when it is prepared
    uncounted: bool = False

    def set_problems(self, loading: list | None = None, extras: list | None = None) -> None:
        """Replace the mistakes of loading or of the extras (dice.yaml and the variants, as
        validate checks them); each mistake is said once."""
        if loading is not None:
            self.loading_problems = list(loading)
        if extras is not None:
            self.extras_problems = list(extras)
        self.load_problems = list(dict.fromkeys(self.loading_problems + self.extras_problems))

    @property
    def scope(self) -> tuple:
        """What tells this view's pictures apart: game and variant (and edition, if any)."""
        return scope_of(self.game_id, self.variant, self.edition)

    def problems(self) -> list:
        """Return every mistake, loading first, then each component's."""
        out = list(self.load_problems)
        for view in self.components.values():
            out.extend(p for p in view.problems if p not in out)
        return out


def scope_of(game_id: str, variant: str | None, edition: str | None = None) -> tuple:
    """Return the scope of the view of ``game_id`` in ``variant`` and ``edition``: what
    tells its pictures apart (an image request knows it without the view)."""
    return (game_id, variant) + ((edition,) if edition else ())
