"""The studio's web app (Starlette): pages, JSON, images and the stream of changes.

Every route answers GET (and HEAD) only: nothing here writes or deletes. Handlers that touch
the workspace run in Starlette's thread pool and take the workspace's lock, so a refresh never
runs half-way through a request; the dice panel touches none of it and takes no lock, so a long
odds question never holds up a page. A face that cannot be drawn answers its ``path:line:
message`` (422), which the page shows. ``/events`` is a server-sent event stream: one ``change``
event per refresh, carrying the workspace version; the page then asks again for what it shows.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, Response,
                                 StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..base.errors import UserError
from . import pages
from .extras import compare, dice_example, dice_panel, edition_rows, page_png, print_profiles
from .face_images import ALLOWED_DPI, GRID_CHOICES, GRID_DPI, LARGE_DPI, FaceFailed
from .guard import (SOURCE_HEADERS, WILDCARDS, allowed_hosts, names_its_own_address,
                    project_file, source_page)
from .live import Studio
from .views import scope_of

STATIC = Path(__file__).parent / "static"
FIRST_TILES = 8      # items of a grid drawn before its JSON is sent (a first screen)
IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}


class HostGuard(TrustedHostMiddleware):
    """Starlette's Host check for a bind on ``host`` (:func:`allowed_hosts`); a wildcard bind
    also answers a Host header naming the address the request came in on (an address this
    machine has even if it was not there at start; an IP literal no DNS name can rebind)."""

    def __init__(self, app, host: str, dual_stack: bool = False):
        """Guard ``app``."""
        super().__init__(app, allowed_hosts=allowed_hosts(host, dual_stack))
        self.wildcard = host in WILDCARDS

    async def __call__(self, scope, receive, send) -> None:
        """Answer a request the check lets through; 400 for any other."""
        if (self.wildcard and scope["type"] in ("http", "websocket")
                and names_its_own_address(scope)):
            await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def _variant(request) -> str | None:
    return request.query_params.get("variant") or None


def _view(studio: Studio, request, variant: str | None = None, extras: bool = True):
    """Return the view a request names; its dice and variants checked if they are due, unless
    ``extras`` is False (the grid's first screen and images do not wait for them)."""
    game_id = request.path_params["game"]
    if game_id not in studio.game_ids:
        raise KeyError(game_id)
    view = studio.workspace.view(game_id, variant or _variant(request),
                                 _edition(studio, request))
    if extras:
        studio.workspace.check_extras(view)
    return view


def _edition(studio: Studio, request) -> str | None:
    return request.query_params.get("edition") or studio.workspace.project.edition


def build_app(studio: Studio, host: str = "127.0.0.1", lifespan=None,
              dual_stack: bool = False) -> Starlette:
    """Return the ASGI app of ``studio`` answering requests for ``host`` (``dual_stack``: a
    ``::`` bind that takes IPv4 too)."""
    ws = studio.workspace

    def guarded(handler, locked: bool = True):
        def run(request):
            try:
                if not locked:
                    return handler(request)
                with ws.turn():
                    version, answer = ws.version, handler(request)
                studio.answered(version)
                return answer
            except FaceFailed as exc:
                return JSONResponse({"error": exc.messages}, status_code=422)
            except (KeyError, IndexError, ValueError, TypeError):
                return JSONResponse({"error": "not found"}, status_code=404)
            except UserError as exc:
                return JSONResponse({"error": [str(p) for p in exc.problems]}, status_code=404)
        return run

    def games(request):
        return JSONResponse({"version": ws.version, "rebuilt": ws.rebuilt,
                             "games": pages.games(ws, studio.game_ids, studio.images.failed,
                                                  request.query_params.get("edition")
                                                  or ws.project.edition)})

    def component(request):
        view = _view(studio, request, extras=False)  # checked with the print checks, after
        cid = request.path_params["component"]
        # the page asks for its pictures at the size it shows them (a screen of one pixel a
        # point: 72 dpi), never more than the grid's 96 dpi
        dpi = int(request.query_params.get("dpi", GRID_DPI))
        if dpi not in GRID_CHOICES:
            raise ValueError(dpi)
        studio.shown.pop((view.game_id, view.variant, cid), None)   # the latest page last
        studio.shown[(view.game_id, view.variant, cid)] = dpi
        while len(studio.shown) > 8:
            studio.shown.pop(next(iter(studio.shown)))
        # the first screen's faces promised and drawn together (cheaper than one request
        # each) once the grid is answered: the page builds its tiles meanwhile, and each
        # picture is answered as soon as it is drawn (a face that cannot be drawn says why)
        cv = ws.ready(view, cid, judged=False)
        first = [face for _, card, _ in pages.tiles(cv.prepared)[:FIRST_TILES]
                 for face in (card.front, card.back) if face is not None]
        named = {ws.image_name(view, face): face for face in first}
        studio.images.expect(view.scope, named, dpi)
        shown = {**pages.component(ws, view, cid, studio.images.failed, dpi),
                 "drawn": FIRST_TILES}
        studio.first_shown.set()
        # the print checks of a component shown the first time run once the page has it
        return JSONResponse(shown, background=BackgroundTask(studio.show_first, view, cid,
                                                             named, dpi))

    def face(request):
        p = request.path_params
        view = _view(studio, request)
        _, _, chosen = pages.pick_face(ws, view, p["component"], int(p["index"]), p["side"])
        if chosen is not None:  # drawn first: a face that cannot be drawn says why here
            studio.images.draw(view.scope,
                               {ws.image_name(view, chosen): chosen}, LARGE_DPI)
        return JSONResponse(pages.face(ws, view, p["component"], int(p["index"]), p["side"],
                                       studio.images.failed))

    def source(request):
        p = request.path_params
        return JSONResponse(pages.sources(ws, _view(studio, request), p["component"],
                                          int(p["index"]), p["side"], int(p["element"]),
                                          studio.editor))

    def image_params(request) -> tuple[str, str | None, str, int]:
        """Return the game, variant, image name and dpi an image request asks for."""
        named = request.path_params["variant"]
        game_id, dpi = request.path_params["game"], int(request.query_params.get(
            "dpi", ALLOWED_DPI[0]))
        if dpi not in ALLOWED_DPI or game_id not in studio.game_ids:
            raise KeyError(dpi)
        return (game_id, (None if named == "-" else named) or _variant(request),
                request.path_params["name"], dpi)

    async def image(request):
        # a kept image is answered at once, in the event loop, without the lock a refresh or
        # the print checks may hold: its name says what it draws; a promised one as soon as
        # it is drawn
        try:
            game_id, variant, name, dpi = image_params(request)
        except (KeyError, ValueError):
            return JSONResponse({"error": "not found"}, status_code=404)
        kept = await studio.images.drawn(scope_of(game_id, variant, _edition(studio, request)),
                                         name, dpi)
        if kept is None:
            return await run_in_threadpool(drawn_image, request)
        studio.answered()
        return Response(kept, media_type="image/png", headers=IMMUTABLE)

    @guarded
    def drawn_image(request):
        _, variant, name, dpi = image_params(request)
        view = _view(studio, request, variant, extras=False)
        look, key = name.split("-", 1)
        if look != ws.look(view):  # an image no longer drawn
            raise KeyError(dpi)
        faces = {k: f for cv in view.components.values() for k, f in cv.faces().items()}
        data = studio.images.png(view.scope, name, faces[key], dpi)
        return Response(data, media_type="image/png", headers=IMMUTABLE)

    def printed(request):
        view = _view(studio, request)
        cv = ws.ready(view, request.path_params["component"])
        profile, document = studio.printed(view, cv, request.path_params["profile"])
        base = f"/page/{view.game_id}/{cv.comp.model.id}/{profile}"
        query = (f"?variant={view.variant}&v={ws.version}" if view.variant else f"?v={ws.version}"
                 ) + (f"&edition={view.edition}" if view.edition else "")
        return JSONResponse({"version": ws.version, "profile": profile,
                             "profiles": print_profiles(ws.session, cv.comp),
                             "pages": [f"{base}/{n}.png{query}" for n in range(document.pages)],
                             **pages.problems_of(view)})

    def page_image(request):
        view = _view(studio, request)
        cv = ws.ready(view, request.path_params["component"])
        _, document = studio.printed(view, cv, request.path_params["profile"])
        return Response(page_png(document, int(request.path_params["number"])),
                        media_type="image/png")

    def variant(request):
        if request.path_params["game"] not in studio.game_ids:
            raise KeyError(request.path_params["game"])
        base = ws.ready_all(ws.view(request.path_params["game"]))
        other = ws.ready_all(ws.view(request.path_params["game"],
                                     request.path_params["variant"]))
        result = compare(ws.session, base, other)

        def url(view, face):
            return pages.image_url(ws, view, face) if face else None
        return JSONResponse({"version": ws.version, "text": result.text, "rows": [
            {"component": cid, "label": label, "side": side, "base": url(base, a),
             "variant": url(other, b), "changed": changed}
            for cid, label, side, a, b, changed in result.rows], **pages.problems_of(other)})

    def edition(request):
        game_id, code = request.path_params["game"], request.path_params["edition"]
        if game_id not in studio.game_ids:
            raise KeyError(game_id)
        base_code = request.query_params.get("base") or None
        base = ws.ready_all(ws.view(game_id, None, base_code))
        other = ws.ready_all(ws.view(game_id, None, code))

        def url(view, face):
            return pages.image_url(ws, view, face) if face else None
        rows = edition_rows(base, other)
        lacking = sorted({text for *_, missing in rows for text in missing})
        return JSONResponse({"version": ws.version, "edition": code, "base": base_code,
                             "untranslated": lacking, "rows": [
            {"component": cid, "label": label, "side": side, "base": url(base, a),
             "edition": url(other, b), "untranslated": missing}
            for cid, label, side, a, b, missing in rows], **pages.problems_of(other)})

    def dice(request):  # reads dice.yaml itself: no workspace state, no lock
        q = request.query_params
        game_id = request.path_params["game"]
        if game_id not in studio.game_ids:
            raise KeyError(game_id)
        players = int(q["players"]) if q.get("players", "").isdigit() else None
        panel = dice_panel(ws.project, game_id, q.get("seed", ""), players, q.get("odds", ""),
                           _variant(request))
        return JSONResponse({**panel.__dict__, "example": dice_example(ws.project, game_id)})

    def project_source(request):
        path = project_file(ws.project, request.path_params["path"])
        if path is None:
            return Response("not found", status_code=404, media_type="text/plain")
        return HTMLResponse(source_page(request.path_params["path"], path),
                            headers=SOURCE_HEADERS)

    async def events(request):
        queue: asyncio.Queue = asyncio.Queue()
        studio.listeners.add(queue)

        async def stream():
            try:
                first = {"version": ws.version, "rebuilt": ws.rebuilt}
                yield f"event: change\ndata: {json.dumps(first)}\n\n"
                quiet = 0.0
                while not studio.stopping():  # ends with the server (Ctrl+C): no hanging on
                    try:
                        message = await asyncio.wait_for(queue.get(), 0.5)
                        yield f"event: change\ndata: {message}\n\n"
                    except asyncio.TimeoutError:
                        quiet += 0.5
                        if quiet >= 15:
                            quiet = 0.0
                            yield ": still here\n\n"
            finally:
                studio.listeners.discard(queue)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    def index(request):
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    g = "/{game}"
    face_path = g + "/{component}/{index:int}/{side}"
    routes = [
        Route("/", index),
        Route("/api/games", guarded(games)),
        Route("/api/component" + g + "/{component}", guarded(component)),
        Route("/api/face" + face_path, guarded(face)),
        Route("/api/source" + face_path + "/{element:int}", guarded(source)),
        Route("/api/printed" + g + "/{component}/{profile}", guarded(printed)),
        Route("/api/variant" + g + "/{variant}", guarded(variant)),
        Route("/api/edition" + g + "/{edition}", guarded(edition)),
        Route("/api/dice" + g, guarded(dice, locked=False)),
        Route("/img" + g + "/{variant}/{name}.png", image),
        Route("/page" + g + "/{component}/{profile}/{number:int}.png", guarded(page_image)),
        Route("/file/{path:path}", project_source),
        Route("/events", events),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(HostGuard, host=host, dual_stack=dual_stack)])
