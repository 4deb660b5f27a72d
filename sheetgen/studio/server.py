"""Start the studio: bind the port (a port in use is a one-line error), watch the project's
files with watchfiles (OS notifications, not polling) and serve the app with uvicorn.

A change reaches the workspace a few milliseconds after the editor saved it (watchfiles groups
the events of one save: ``STEP_MS`` of quiet ends a group); a refresh that raises an unexpected
error is printed and the studio goes on, as ``watch`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import socket
import traceback
import webbrowser
from pathlib import Path

import uvicorn
from watchfiles import awatch

from ..base.errors import UserError
from ..base.suggest import unknown
from ..load.reads import stamps
from .app import build_app
from .extras import variants_of
from .guard import LOOPBACKS, studio_urls
from .live import Studio

STEP_MS = 15        # quiet time that ends one save's group of events
DEBOUNCE_MS = 400   # the longest a group may gather
FIRST_WAIT = 10.0   # seconds the rest of the first game waits for a page to show a component
WARM_DELAY = 1.0    # and then, for that page to load its first images


def studio_games(project, game: str | None) -> list[str]:
    """Return the games the studio shows: ``game``, or the project's; a missing or unreadable
    project folder, or an unknown game, is a UserError."""
    root = project.root
    try:
        os.listdir(root)
        if (root / "data").exists():
            os.listdir(root / "data")
    except OSError as exc:
        raise UserError(f"{root}: cannot read the project folder: "
                        f"{exc.strerror or exc}") from None
    if game:
        project.game_dir(game)
        return [game]
    return project.default_game_ids()


def bind(host: str, port: int) -> socket.socket:
    """Return a listening socket on ``host:port``; a port in use is a UserError saying what
    listens there when that can be known.

    ``SO_REUSEADDR`` lets a studio restart at once on the port it just left: the connections it
    closed linger in TIME_WAIT for a minute or two, which without it refuse the bind; with it a
    bind is refused only while a socket really holds the port. (On Windows that option would let
    two servers share a port, so there the default is kept.)
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # named TCP, so asyncio sets TCP_NODELAY on each connection (it does only for a socket
    # whose protocol says TCP): otherwise a reply written in two parts waits for the
    # browser's delayed acknowledgement, 40 ms for every request after a connection's first
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        who = listener(port) if exc.errno == errno.EADDRINUSE else None
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc} ("
                        + (f"{who} listens there; " if who else "")
                        + "choose another port with --port)") from None
    return sock


def listener(port: int) -> str | None:
    """Return what listens on TCP ``port`` (``pid 812: mkdocs serve``, or ``a program this
    user cannot see``), read from Linux's /proc; None where that cannot be known (no /proc,
    nothing listening)."""
    sockets = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()   # local address, remote, state (0A: LISTEN), ..., inode
            if (len(fields) > 9 and fields[3] == "0A"
                    and int(fields[1].rsplit(":", 1)[1], 16) == port):
                sockets.add(f"socket:[{fields[9]}]")
    if not sockets:
        return None
    for process in Path("/proc").iterdir():
        if not process.name.isdigit():
            continue
        try:
            if any(os.readlink(fd) in sockets for fd in (process / "fd").iterdir()):
                command = (process / "cmdline").read_bytes().decode(errors="replace")
                shown = " ".join(command.replace("\0", " ").split())   # one line
                return f"pid {process.name}" + (f": {shown[:80]}" if shown else "")
        except OSError:
            continue
    return "a program this user cannot see"


def watch_targets(project, files: set[Path]) -> list[Path]:
    """Return what to follow for ``files``: the folder of each (its nearest one that exists,
    for a file looked for and absent), none inside another; a file at a project root is
    followed itself (the root's other folders, out/ among them, are not the project's)."""
    roots = {Path(root).resolve() for root in project.roots}
    folders, single = set(), set()
    for path in files:
        if path.parent in roots:
            if path.is_file():
                single.add(path)
            continue
        folder = path.parent
        while not folder.is_dir() and folder.parent != folder and folder.parent not in roots:
            folder = folder.parent
        if folder.is_dir():
            folders.add(folder)
    kept: list[Path] = []
    for folder in sorted(folders, key=lambda p: len(p.parts)):
        if not any(folder.is_relative_to(k) for k in kept):
            kept.append(folder)
    return kept + sorted(p for p in single if not any(p.is_relative_to(k) for k in kept))


async def follow(studio: Studio, stop: asyncio.Event, report) -> None:
    """Refresh the studio after every change to a file its work read, until ``stop`` is set.

    What to follow is the build's record of reads (``Workspace.watched``); it grows as more
    components are prepared, and a folder in it that the watch does not cover restarts the
    watch to take it in. Stopping a watch throws away the events it still groups, and a file
    read in a folder not yet followed may change before the new watch starts, so each file's
    stamp is kept from when it was read (``Workspace.read_stamps``) or last taken in: once the
    new watch runs, a file whose stamp moved since is taken in (``_catch_up``)."""
    ws = studio.workspace
    known: dict[Path, tuple | None] = {}   # each followed file's stamp as last taken in
    while not stop.is_set():
        files = await asyncio.to_thread(_note, ws, known)
        targets = watch_targets(ws.project, files)
        again = asyncio.Event()
        tasks = [asyncio.create_task(_grown(ws, targets, again, stop, known))]
        try:
            if not targets:
                await again.wait()
                continue
            # created before the watch: it first runs once this task waits, by then the watch
            # below has started (awatch opens its watcher before its first wait)
            tasks.append(asyncio.create_task(_catch_up(studio, known, report)))
            async for changes in awatch(*map(str, targets), stop_event=again,
                                        debounce=DEBOUNCE_MS, step=STEP_MS):
                read = await asyncio.to_thread(ws.watched)
                paths = {Path(path).resolve() for _, path in changes} & read
                if paths:
                    known.update(await asyncio.to_thread(stamps, paths))
                    await _take_in(studio, paths, report)
        finally:
            again.set()
            await asyncio.gather(*tasks, return_exceptions=True)
    if studio.judging is not None:  # stopping: checks waiting for a page give way
        studio.supersede()
        await asyncio.gather(studio.judging, return_exceptions=True)


def _note(ws, known: dict) -> set[Path]:
    """Return the files the studio follows, after keeping in ``known`` the stamp each new one
    had when it was read."""
    files = ws.watched()
    new = files - known.keys()
    if new:
        first = ws.read_stamps(new)
        known.update({**stamps(new - first.keys()), **first})
    return files


def _covered(path: Path, targets: list[Path]) -> bool:
    """Return whether a watch of ``targets`` (folders, recursively, and single files) sees
    ``path`` (a folder or file ``watch_targets`` gave)."""
    return any(path == target or path.is_relative_to(target) for target in targets)


async def _grown(ws, targets: list[Path], again: asyncio.Event, stop: asyncio.Event,
                 known: dict) -> None:
    """Set ``again`` once the studio stops or its reads need a folder ``targets`` do not
    cover; meanwhile keep the stamps of newly read files in ``known``."""
    while not (stop.is_set() or again.is_set()):
        await asyncio.sleep(0.25)
        files = await asyncio.to_thread(_note, ws, known)
        if stop.is_set() or not all(_covered(p, targets)
                                    for p in watch_targets(ws.project, files)):
            again.set()


async def _catch_up(studio: Studio, known: dict, report) -> None:
    """Take in the files whose stamps moved since they were read or last taken in: changes
    the last watch threw away, or made before this one started."""
    now = await asyncio.to_thread(stamps, known)
    changed = {path for path, stamp in now.items() if stamp != known[path]}
    changed &= await asyncio.to_thread(studio.workspace.watched)
    if changed:
        known.update({path: now[path] for path in changed})
        await _take_in(studio, changed, report)


async def _take_in(studio: Studio, paths: set, report) -> None:
    """Refresh after ``paths`` changed: the new faces first; their checks and fits after, in
    a task of their own once the pages have had the new faces (a change arriving before goes
    first: judging it judges those faces too)."""
    previous = studio.judging
    if previous is not None:
        studio.supersede()
        await asyncio.gather(previous, return_exceptions=True)
    studio.resume()
    await _step(studio, lambda: studio.changed(paths), report)
    studio.judging = asyncio.create_task(_judge(studio, report))


async def _judge(studio: Studio, report) -> None:
    """Judge what the last change left unjudged once the pages have had its faces."""
    if await asyncio.to_thread(studio.wait_for_pages):
        await _step(studio, studio.workspace.judge_pending, report)


async def _step(studio: Studio, step, report) -> None:
    """Run ``step`` in a worker thread, then tell the pages; an unexpected error is reported
    and the studio goes on."""
    try:
        await asyncio.to_thread(step)
    except Exception as exc:  # noqa: BLE001 - the studio outlives a failed refresh
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        report(f"error: unexpected {type(exc).__name__} at {frame.filename}:"
               f"{frame.lineno}: {exc} (a sheetgen bug: please report it)")
    studio.publish()


async def warm_up(studio: Studio, game_id: str, variant: str | None) -> None:
    """Load the first game while the browser opens the page; once the page has had time to
    show the component it asked for, prepare the others, so the page lists every mistake."""
    ws = studio.workspace
    view = await asyncio.to_thread(ws.view, game_id, variant)
    # the rest waits until a page has shown its first component (or a while has passed)
    await asyncio.to_thread(studio.first_shown.wait, FIRST_WAIT)
    if not studio.stopping():
        await asyncio.sleep(WARM_DELAY)
    for cid in list(view.components):
        if studio.stopping():  # Ctrl+C or SIGTERM: stop now, not after the whole game
            return
        await asyncio.to_thread(ws.ready, view, cid)
    await asyncio.to_thread(ws.check_extras, view)
    with ws.lock:
        ws.version += 1
    studio.publish()


def serve(project, game: str | None = None, variant: str | None = None, port: int = 8000,
          host: str = "127.0.0.1", open_page: bool = False, editor: str = "vscode",
          report=print) -> None:
    """Serve the studio for ``project`` until interrupted."""
    game_ids = studio_games(project, game)
    if variant and not game:
        raise UserError(f"name the game whose variant to show, e.g. serve GAME --variant "
                        f"{variant}")
    if variant and variant not in variants_of(project, game):
        raise UserError(unknown("variant", variant, variants_of(project, game),
                                f"see data/{game}/variants/"))
    sock = bind(host, port)
    port = sock.getsockname()[1]
    dual_stack = sock.family == socket.AF_INET6 and not sock.getsockopt(
        socket.IPPROTO_IPV6, socket.IPV6_V6ONLY)
    studio = Studio(project, game_ids, editor)
    url, others = studio_urls(host, port, dual_stack)
    if game:
        url += f"#/game/{game}" + (f"?variant={variant}" if variant else "")

    @contextlib.asynccontextmanager
    async def lifespan(app):
        stop = asyncio.Event()
        studio.loop = asyncio.get_running_loop()
        watcher = asyncio.create_task(follow(studio, stop, report))
        warm = asyncio.create_task(warm_up(studio, game_ids[0], variant)) if game_ids else None
        if open_page:
            webbrowser.open(url)
        yield
        stop.set()
        studio.first_shown.set()  # releases warm_up's wait, so stopping takes no 10 s
        for task in (watcher, warm):
            if task is not None:
                with contextlib.suppress(Exception):
                    await task

    if host not in LOOPBACKS:
        shown = host if ":" not in host else f"[{host}]"
        report(f"warning: listening on {shown}: anyone who can reach this machine on port "
               f"{port} can see the project (read-only)")
    report(f"sheetgen studio: {url}  (Ctrl+C to stop)")
    if others:
        report("  from other machines: " + "  ".join(others))
    config = uvicorn.Config(build_app(studio, host, lifespan, dual_stack), log_level="warning",
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    studio.stopping = lambda: server.should_exit
    server.run(sockets=[sock])
