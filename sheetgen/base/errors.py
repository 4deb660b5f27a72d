"""The one error family users see: ``path:line: message``, exit code 2.

Anything that is not a :class:`UserError` is a bug in sheetgen and keeps its traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One mistake in the user's input, located at a file and line."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class UserError(Exception):
    """One or more user mistakes; the CLI prints each and exits with code 2."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem("sheetgen", 0, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(dict.fromkeys(problems))  # one mistake met twice is said once
        super().__init__("\n".join(str(p) for p in self.problems))


def user_error(path: str | Path, line: int, message: str) -> UserError:
    """Return a UserError for one problem at ``path:line``."""
    return UserError(Problem(display_path(path), line, message))


def display_path(path: str | Path) -> str:
    """Return ``path`` relative to the working directory when it lies below it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


@dataclass
class ProblemList:
    """Collects problems so one run reports every mistake, not just the first."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, path: str | Path, line: int, message: str) -> None:
        """Record one problem."""
        self.problems.append(Problem(display_path(path), line, message))

    def extend(self, error: UserError) -> None:
        """Record every problem of an already raised error."""
        self.problems.extend(error.problems)

    def raise_if_any(self) -> None:
        """Raise a UserError holding every recorded problem, if there is one."""
        if self.problems:
            raise UserError(self.problems)


class OptionError(ValueError):
    """A generator option that is well formed but wrong (names the option, for its line)."""

    def __init__(self, option: str, message: str):
        super().__init__(message)
        self.option = option
