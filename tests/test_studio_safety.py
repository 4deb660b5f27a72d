"""The studio is local, read-only and confined: raw HTTP requests against a running
``sheetgen serve`` try path traversal in every spelling, a rebound Host header and every
writing method; a port in use and a missing project are one-line errors, exit 2."""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import os
import queue
import socket
import re
import subprocess
import sys
import threading
import tracemalloc
import urllib.request

import pytest

from sheetgen.tools.newgame import new_project
from sheetgen.studio.guard import (MAX_SHOWN_BYTES, editor_link, names_its_own_address,
                                   source_page)
from sheetgen.studio.server import bind
from studio_server import REPO, Served

GAME = "test-game"
SECRET = "TOP-SECRET-OUTSIDE-THE-PROJECT"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    top = tmp_path_factory.mktemp("studio-safety")
    (top / "secret.txt").write_text(SECRET)
    project = new_project(top / "proj", GAME)
    (project / "data" / GAME / "leak.yaml").symlink_to(top / "secret.txt")
    (project / "templates" / "leak").symlink_to(top)
    (project / "data" / GAME / "notes.yaml").write_text("# <script>alert(1)</script>\n")
    server = Served(project, GAME, env={"SHEETGEN_CACHE_DIR": str(top / "cache")})
    yield server, project
    server.stop()


def raw(port: int, method: str, target: str, host: str | None = None) -> tuple[int, bytes]:
    """Send ``target`` exactly as written (no client normalises the dots away)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", f"127.0.0.1:{port}" if host is None else host)
    conn.endheaders()
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    return reply.status, body


def tree_hash(folder) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        digest.update(str(path).encode() + path.read_bytes())
    return digest.hexdigest()


def test_a_project_file_is_served_escaped_with_line_anchors(served):
    server, project = served
    status, body = raw(server.port, "GET", f"/file/data/{GAME}/deck.yaml")
    lines = (project / "data" / GAME / "deck.yaml").read_text().splitlines()
    scout = next(n for n, text in enumerate(lines, 1) if "name: Scout" in text)
    assert status == 200 and f'<div id="L{scout}">'.encode() in body
    status, body = raw(server.port, "GET", f"/file/data/{GAME}/notes.yaml")
    assert status == 200 and b"<script>" not in body and b"&lt;script&gt;" in body


@pytest.mark.parametrize("target", [
    "/file/../secret.txt",
    "/file/data/../../secret.txt",
    f"/file/data/{GAME}/../../../secret.txt",
    "/file/data/%2e%2e/%2e%2e/secret.txt",
    "/file/data/%2E%2E/%2E%2E/secret.txt",
    "/file/%2e%2e/secret.txt",
    "/file/data%2f..%2f..%2fsecret.txt",
    "/file//etc/passwd",
    "/file/%2fetc%2fpasswd",
    "/file/data/..%5c..%5csecret.txt",
    f"/file/data/{GAME}/leak.yaml",            # a symlink to a file outside
    "/file/templates/leak/secret.txt",          # through a symlinked folder
    "/static/../../../secret.txt",
    "/static/%2e%2e/%2e%2e/%2e%2e/secret.txt",
    "/static/%2e%2e/app.py",
])
def test_nothing_outside_the_project_is_served(served, target):
    server, _ = served
    status, body = raw(server.port, "GET", target)
    assert status in (400, 404)
    assert SECRET.encode() not in body and b"root:" not in body and b"import" not in body


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "127.0.0.1.nip.io",
                                  "attacker.test:80", ""])
def test_a_foreign_host_header_is_refused(served, host):
    server, _ = served
    status, body = raw(server.port, "GET", "/api/games", host.format(port=server.port))
    assert status == 400
    assert b"test-game" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "localhost"])
def test_local_host_headers_are_answered(served, host):
    server, _ = served
    status, body = raw(server.port, "GET", "/api/games", host.format(port=server.port))
    assert status == 200 and b"test-game" in body


@pytest.mark.parametrize("target", [
    "/", "/api/games", f"/api/component/{GAME}/deck", f"/api/face/{GAME}/deck/0/front",
    f"/api/source/{GAME}/deck/0/front/2", f"/api/printed/{GAME}/deck/a4",
    f"/api/dice/{GAME}", f"/file/data/{GAME}/deck.yaml", "/static/studio.js", "/events"])
def test_no_endpoint_writes(served, target):
    server, project = served
    before = tree_hash(project)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, _ = raw(server.port, method, target)
        assert status == 405, (method, target)
    assert tree_hash(project) == before


def serve_fails(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    # another program listens (its command line spans two lines)
    listening = subprocess.Popen(
        [sys.executable, "-c", "import socket, sys\ns = socket.socket(); s.bind(('127.0.0.1', 0));"
         " s.listen(); print(s.getsockname()[1], flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(listening.stdout.readline())
        run = serve_fails("serve", "--port", str(port), cwd=tmp_path)
    finally:
        listening.stdin.close()
        listening.wait(timeout=30)
        listening.stdout.close()
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "--port" in lines[0]
    if os.path.exists("/proc/net/tcp"):   # what listens is named
        assert f"pid {listening.pid}: " in lines[0] and "import socket" in lines[0], lines[0]


def test_a_port_held_by_no_listener_blames_nobody(tmp_path):
    """A socket bound but not listening holds the port: the message names no program."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        run = serve_fails("serve", "--port", str(port), cwd=tmp_path)
    assert run.returncode == 2
    line, = run.stderr.strip().splitlines()
    assert "Address already in use" in line and "--port" in line
    assert "pid" not in line and "program" not in line, line


def _time_wait_ports() -> set[int]:
    """Local ports of this machine's TCP connections in TIME_WAIT (/proc/net/tcp, state 06)."""
    with open("/proc/net/tcp", encoding="ascii") as table:
        rows = [row.split() for row in table.read().splitlines()[1:]]
    return {int(row[1].rsplit(":", 1)[1], 16) for row in rows if row[3] == "06"}


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads Linux's /proc/net/tcp")
def test_a_port_just_left_is_bound_again_at_once():
    """After Ctrl+C with a browser connected, serve restarts on the same port at once: the
    connections the server closed wait in TIME_WAIT, which refused the bind for ~60 s."""
    server = bind("127.0.0.1", 0)
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn, _ = server.accept()
    conn.close()                  # the server closes first: its end waits in TIME_WAIT
    assert client.recv(1) == b""
    client.close()
    server.close()
    assert port in _time_wait_ports()
    again = bind("127.0.0.1", port)
    assert again.getsockname()[1] == port
    again.close()


def test_a_missing_project_is_one_line_and_exit_2(tmp_path):
    run = serve_fails("--project", str(tmp_path / "nowhere"), "serve", "--port", "0",
                      cwd=tmp_path)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "nowhere" in lines[0] and "Traceback" not in run.stderr


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


def _serve_lines(project, host: str, count: int, tmp_path):
    """Start ``serve --host HOST --port 0``; return the process and its first ``count`` lines."""
    proc = subprocess.Popen([sys.executable, "-m", "sheetgen", "--project", str(project),
                             "serve", "--host", host, "--port", "0"], cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO),
                                 "SHEETGEN_CACHE_DIR": str(tmp_path / "cache")})
    lines: queue.Queue = queue.Queue()
    proc.reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout],
                                   daemon=True)
    proc.reader.start()
    got = []
    with contextlib.suppress(queue.Empty):   # a line that never comes fails the test, no hang
        while len(got) < count:
            got.append(lines.get(timeout=60))
    return proc, got + [""] * (count - len(got))


def _stop(proc) -> None:
    proc.send_signal(2)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # a loaded machine may still be starting: stop it
        proc.kill()
        proc.wait()
    proc.reader.join(timeout=30)   # it reads to the end of the output first
    proc.stdout.close()


def _ask(address: str, port: int, host: str) -> tuple[int, bytes]:
    """GET /api/games from ``address`` with the Host header ``host``."""
    conn = http.client.HTTPConnection(address, port, timeout=30)
    conn.putrequest("GET", "/api/games", skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", host)
    conn.endheaders()
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    return reply.status, body


@pytest.mark.slow   # starts a studio: over 1 s
def test_a_wildcard_bind_answers_its_own_addresses_and_prints_urls_that_work(tmp_path):
    """``--host 0.0.0.0`` answered 400 to the machine's address and to the URL it printed
    (http://0.0.0.0:PORT/, which a browser may not even open)."""
    project = new_project(tmp_path / "proj", GAME)
    proc, lines = _serve_lines(project, "0.0.0.0", 3, tmp_path)
    try:
        assert lines[0].startswith("warning: listening on 0.0.0.0: anyone who can reach "
                                   "this machine on port ")
        urls = re.findall(r"http://[^\s]+/", lines[1] + lines[2])
        assert urls[0].startswith("http://127.0.0.1:") and lines[1].startswith("sheetgen studio")
        assert lines[2].startswith("  from other machines: http://")
        port = int(urls[0].rsplit(":", 1)[1].strip("/"))
        assert f"port {port} can see" in lines[0]
        printed = {url.split("//")[1].rsplit(":", 1)[0] for url in urls}
        assert set(_own_addresses()) <= printed | {"127.0.0.1"}
        for url in urls:   # each printed URL, as a browser asks it
            with urllib.request.urlopen(url + "api/games", timeout=30) as reply:
                assert reply.status == 200 and b"test-game" in reply.read()
        for address in [*_own_addresses(), "127.0.0.1"]:
            assert _ask(address, port, f"{address}:{port}")[0] == 200
            assert _ask(address, port, address)[0] == 200
            for foreign in ("evil.example", f"127.0.0.1.nip.io:{port}", f"192.0.2.199:{port}"):
                status, body = _ask(address, port, foreign)
                assert status == 400 and b"test-game" not in body, (address, foreign)
    finally:
        _stop(proc)


@pytest.mark.slow   # starts a studio: over 1 s
@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_an_ipv6_wildcard_bind_answers_its_own_addresses(tmp_path):
    project = new_project(tmp_path / "proj", GAME)
    proc, lines = _serve_lines(project, "::", 3, tmp_path)
    try:
        assert lines[1].startswith("sheetgen studio: http://[::1]:"), lines
        port = int(lines[1].split("http://[::1]:")[1].split("/")[0])
        assert lines[2].startswith("  from other machines: http://")
        for url in re.findall(r"http://[^\s]+/", lines[1] + lines[2]):
            with urllib.request.urlopen(url + "api/games", timeout=30) as reply:
                assert reply.status == 200 and b"test-game" in reply.read()
        assert _ask("::1", port, f"[::1]:{port}")[0] == 200
        assert _ask("::1", port, "evil.example")[0] == 400
        for address in _own_addresses():   # IPv4 reaches a `::` bind too (dual stack)
            assert _ask(address, port, f"{address}:{port}")[0] == 200
            assert _ask(address, port, f"192.0.2.199:{port}")[0] == 400
    finally:
        _stop(proc)


def test_the_default_is_loopback_only(served):
    server, _ = served
    assert server.base.startswith("http://127.0.0.1:")
    outside = [ip for ip in _own_addresses() if not ip.startswith("127.")]
    for ip in outside:
        with socket.socket() as probe:
            probe.settimeout(2)
            assert probe.connect_ex((ip, server.port)) != 0


def _own_addresses() -> list[str]:
    """Return this machine's IPv4 addresses besides loopback (the one routing outwards)."""
    found = set()
    try:
        found |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                            socket.AF_INET)}
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        try:
            udp.connect(("10.255.255.255", 1))  # no packet is sent: only a route is chosen
            found.add(udp.getsockname()[0])
        except OSError:
            pass
    return sorted(found)


def test_an_unknown_variant_is_one_line_and_exit_2(tmp_path):
    new_project(tmp_path / "proj", GAME)
    run = serve_fails("--project", "proj", "serve", GAME, "--variant", "nope", "--port", "0",
                      cwd=tmp_path)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and "'nope'" in run.stderr


def test_editor_links(tmp_path):
    path = tmp_path / "deck.yaml"
    assert editor_link("vscode", path, 7) == f"vscode://file{path}:7"
    assert editor_link("idea", path, 7) == f"idea://open?file={path}&line=7"
    assert editor_link("zed", path, 0) == f"zed://file{path}:1"
    assert editor_link("my://open?f={path}&l={line}", path, 3) == f"my://open?f={path}&l=3"
    spaced = tmp_path / "my deck.yaml"
    assert editor_link("vscode", spaced, 2).endswith("/my%20deck.yaml:2")


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_an_ipv6_loopback_bind_answers_its_bracketed_host_only(tmp_path):
    project = new_project(tmp_path / "proj", GAME)
    proc = subprocess.Popen([sys.executable, "-m", "sheetgen", "--project", str(project),
                             "serve", "--host", "::1", "--port", "0"], cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(REPO),
                                 "SHEETGEN_CACHE_DIR": str(tmp_path / "cache")})
    try:
        first = proc.stdout.readline()
        port = int(first.split("http://[::1]:")[1].split("/")[0])

        def ask(host: str) -> tuple[int, bytes]:
            conn = http.client.HTTPConnection("::1", port, timeout=30)  # loopback only
            conn.putrequest("GET", "/api/games", skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", host)
            conn.endheaders()
            reply = conn.getresponse()
            body = reply.read()
            conn.close()
            return reply.status, body

        answered = [ask(host) for host in (f"[::1]:{port}", "[::1]", f"localhost:{port}")]
        refused = [ask(host) for host in ("evil.example", f"[::2]:{port}",
                                          f"[fe80::1]:{port}", f"::1:{port}")]
    finally:
        proc.send_signal(2)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    assert first.startswith("sheetgen studio: http://[::1]:")  # loopback: no warning
    assert all(status == 200 and b"test-game" in body for status, body in answered)
    assert all(status == 400 and b"test-game" not in body for status, body in refused)


def test_a_large_file_is_not_read_whole(tmp_path):
    """``source_page`` promised not to read a large file whole; it read every byte and then cut
    (a 64 MiB file took 64 MiB of memory; a larger one could take the machine's)."""
    big = tmp_path / "big.yaml"
    with big.open("wb") as file:
        file.truncate(64 * 2**20)   # sparse: no disk space taken
    tracemalloc.start()
    try:
        page = source_page("data/big.yaml", big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "not shown: a binary or very large file" in page
    assert peak < 3 * MAX_SHOWN_BYTES, f"{peak / 2**20:.1f} MiB held reading a 64 MiB file"
    small = tmp_path / "small.yaml"
    small.write_bytes(b"a: 1\n" * (MAX_SHOWN_BYTES // 5))   # exactly the limit: shown
    assert "not shown" not in source_page("data/small.yaml", small)
    small.write_bytes(small.read_bytes() + b"b")                # one byte more: not
    assert "not shown" in source_page("data/small.yaml", small)


@pytest.mark.parametrize("hosts, arrived, answered", [
    (["192.0.2.2:8000"], "192.0.2.2", True), (["192.0.2.2"], "::ffff:192.0.2.2", True),
    (["[fd00::2]:8000"], "fd00::2", True), (["192.0.2.3:8000"], "192.0.2.2", False),
    (["evil.example", "192.0.2.2"], "192.0.2.2", False), ([], "192.0.2.2", False),
    (["[::1"], "::1", False), (["192.0.2.2"], None, False)])
def test_a_wildcard_bind_knows_the_address_a_request_came_in_on(hosts, arrived, answered):
    """The Host header Starlette reads (the first) must be the very address the connection
    reached; a name, another address or a malformed header is not."""
    scope = {"headers": [(b"host", host.encode()) for host in hosts],
             "server": None if arrived is None else (arrived, 8000)}
    assert names_its_own_address(scope) is answered
