"""What keeps the studio safe: hosts it answers, files it may show, links it writes.

The server listens on 127.0.0.1 unless told otherwise, answers only requests whose ``Host``
header names this machine (or the ``--host`` given), so a web page cannot reach it through a
DNS name rebound to 127.0.0.1, and has no endpoint that writes or deletes. A project file is
shown only from the project's own ``data/``, ``templates/`` and ``fonts/`` folders (and the
built-in ones behind them): ``..`` in any spelling, absolute paths, and symlinks whose target
lies outside those folders are refused.
"""

from __future__ import annotations

import contextlib
import html
import ipaddress
import socket
from pathlib import Path, PurePosixPath
from urllib.parse import quote, urlsplit

LOCAL_HOSTS = ("127.0.0.1", "localhost")
LOOPBACKS = (*LOCAL_HOSTS, "::1")   # binding one of these needs no warning
SHOWN_FOLDERS = ("data", "templates", "fonts")
EDITORS = {
    "vscode": "vscode://file{path}:{line}",
    "vscodium": "vscodium://file{path}:{line}",
    "cursor": "cursor://file{path}:{line}",
    "idea": "idea://open?file={path}&line={line}",
    "pycharm": "pycharm://open?file={path}&line={line}",
    "sublime": "subl://open?url=file://{path}&line={line}",
    "txmt": "txmt://open?url=file://{path}&line={line}",
}


WILDCARDS = ("0.0.0.0", "::")   # every interface of this machine


def allowed_hosts(host: str, dual_stack: bool = False) -> list[str]:
    """Return the host names the server answers to when it listens on ``host``; an IPv6
    address is written in brackets in a Host header (``[::1]:8000``). A wildcard bind answers
    this machine's names and addresses (``dual_stack``: ``::`` also takes IPv4)."""
    names = list(LOCAL_HOSTS)
    if ":" in host:  # an IPv6 bind: its loopback, as a browser writes it
        names.append("[::1]")
    if host in WILDCARDS:  # every interface: this machine's own names and addresses
        names += [socket.gethostname(), socket.getfqdn()]
        names += [_in_host_header(address) for address in own_addresses(host, dual_stack)]
    elif ":" in host:
        names.append(f"[{host}]")
    elif host not in names:
        names.append(host)
    return list(dict.fromkeys(names))


def own_addresses(host: str, dual_stack: bool = False) -> list[str]:
    """Return the addresses other machines reach a wildcard bind on ``host`` by: those of this
    machine's name and the one its traffic leaves by (asked of the routing table: no packet
    is sent), without loopback and link-local ones."""
    families = [socket.AF_INET] if host == "0.0.0.0" else [socket.AF_INET6]
    if host == "::" and dual_stack:
        families.append(socket.AF_INET)
    found = set()
    for family in families:
        with contextlib.suppress(OSError):
            found |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                                family)}
        outward = "10.255.255.255" if family == socket.AF_INET else "2001:db8::1"
        with socket.socket(family, socket.SOCK_DGRAM) as probe, contextlib.suppress(OSError):
            probe.connect((outward, 1))
            found.add(probe.getsockname()[0])
    addresses = {ipaddress.ip_address(text.split("%")[0]) for text in found}
    return [str(address) for address in sorted(addresses, key=lambda a: (a.version, a))
            if not (address.is_loopback or address.is_link_local or address.is_unspecified)]


def _in_host_header(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def studio_urls(host: str, port: int, dual_stack: bool = False) -> tuple[str, list[str]]:
    """Return the URL the studio prints and opens for a bind on ``host:port``, and the URLs
    other machines reach it by (a wildcard bind only). A browser cannot open ``0.0.0.0`` or
    ``::`` everywhere, so a wildcard bind's own URL is the loopback's."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    others = own_addresses(host, dual_stack) if host in WILDCARDS else []
    return (f"http://{_in_host_header(shown)}:{port}/",
            [f"http://{_in_host_header(address)}:{port}/" for address in others])


def names_its_own_address(scope) -> bool:
    """Whether an ASGI request's Host header is the IP address it arrived on (scope's
    ``server``)."""
    server = scope.get("server")
    hosts = [value for key, value in scope.get("headers") or () if key == b"host"]
    header = hosts[0].decode("latin-1") if hosts else ""   # the one Starlette reads
    try:
        named = ipaddress.ip_address(urlsplit("//" + header).hostname or "")
        arrived = ipaddress.ip_address(server[0].split("%")[0])
    except (ValueError, TypeError):
        return False
    arrived = getattr(arrived, "ipv4_mapped", None) or arrived   # ::ffff:a.b.c.d on a `::` bind
    return named == arrived


def project_file(project, relative: str) -> Path | None:
    """Return the file ``relative`` (``data/...``, ``templates/...``, ``fonts/...``) of the
    project, the user's folder first; None for anything else, including a path leaving those
    folders by ``..``, by being absolute or through a symlink."""
    if not relative or "\0" in relative or "\\" in relative or relative.startswith("/"):
        return None
    parts = PurePosixPath(relative).parts
    if len(parts) < 2 or parts[0] not in SHOWN_FOLDERS or any(p in ("..", ".") for p in parts):
        return None
    for root in project.roots:
        folder = (Path(root) / parts[0]).resolve()
        candidate = Path(root).joinpath(*parts)
        try:
            target = candidate.resolve(strict=True)
        except (OSError, RuntimeError):
            continue
        if target.is_relative_to(folder) and target.is_file():
            return target
    return None


# a shown source file runs nothing and loads nothing
SOURCE_HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
                  "X-Content-Type-Options": "nosniff"}
MAX_SHOWN_BYTES = 2_000_000


def source_page(name: str, path: Path) -> str:
    """Return a project text file as an HTML page, every line numbered with an anchor
    (``#L12``), escaped; a file too large or not text is shown as such, not read whole."""
    with path.open("rb") as file:
        data = file.read(MAX_SHOWN_BYTES + 1)   # one byte more tells a file too large
    if len(data) > MAX_SHOWN_BYTES or b"\0" in data:
        body = "<p>(not shown: a binary or very large file)</p>"
    else:
        lines = data.decode("utf-8", errors="replace").splitlines()
        body = "".join(f'<div id="L{n}"><a href="#L{n}">{n:>5}</a>  {html.escape(text)}</div>'
                       for n, text in enumerate(lines, 1))
    return ("<!doctype html><meta charset=utf-8><title>" + html.escape(name) + "</title>"
            "<style>body{font:13px ui-monospace,monospace;white-space:pre;margin:1em}"
            "a{color:#999;text-decoration:none}div:target{background:#fff1b8}</style>"
            f"<h3>{html.escape(name)}</h3>{body}")


def relative_name(project, path: Path) -> str | None:
    """Return how ``project_file`` names ``path`` (None: outside the shown folders)."""
    path = Path(path).resolve()
    for root in project.roots:
        for name in SHOWN_FOLDERS:
            folder = (Path(root) / name).resolve()
            if path.is_relative_to(folder):
                return f"{name}/{path.relative_to(folder).as_posix()}"
    return None


def editor_link(editor: str, path: Path, line: int) -> str:
    """Return the link that opens ``path`` at ``line`` in ``editor``: a known name (vscode,
    idea, sublime...), a template with ``{path}`` and ``{line}``, or a URL scheme that takes
    ``scheme://file/PATH:LINE`` as VS Code does (PATH absolute, in forward slashes)."""
    template = EDITORS.get(editor)
    if template is None:
        template = editor if "{path}" in editor else f"{editor}://file{{path}}:{{line}}"
    shown = Path(path).resolve().as_posix()
    shown = shown if shown.startswith("/") else f"/{shown}"  # C:/x -> /C:/x
    return template.format(path=quote(shown), line=max(1, line))
