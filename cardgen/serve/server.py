"""The preview's web server: the standard library's ``ThreadingHTTPServer``, GET only.

Routes: ``/`` (every card face, the groups and rulebooks), ``/unit/ID``,
``/power/ID``, ``/group/ID``, ``/rulebook/rulebooks/….pdf`` (the pages of
:mod:`cardgen.serve.pages`); ``/doc/group/ID/cover|reference`` and
``/doc/rulebooks/….pdf`` (the HTML documents the PDFs are made of, shown in
frames); ``/files/N/…`` (their stylesheets, fonts and pictures:
:mod:`cardgen.serve.files`); ``/_static/…`` (the page's stylesheet and script);
``/_live`` (the live-reload long poll: answers once the files or the build's
state differ from what the asking page shows).

Defences (the content comes from strangers' pull requests): a request whose
``Host`` header does not name this machine (:mod:`cardgen.serve.hosts`) is
refused, which stops DNS rebinding; every answer carries a Content-Security-Policy that
lets a page load only from this server (``data:`` pictures and fonts aside)
and run only its own script, and ``nosniff``; documents are framed without
scripts; nothing is ever fetched from a URL.

Load (one thread per connection, as ``ThreadingHTTPServer`` does): reading a
request times out after :data:`REQUEST_TIMEOUT_S` without a byte (so a
connection that sends nothing is closed, not kept forever); the live-reload
long poll waits on a condition, not on the socket, so the timeout never cuts
it; at most :data:`MAX_HANDLERS` connections are handled at once, one more is
answered 503 at once and closed (the page's script tries again a second later);
the listen backlog holds :data:`LISTEN_BACKLOG` connections.  A client that
goes away before its answer is written (a closed tab, a reset) is dropped
without a word; any other exception in a handler still prints its traceback
(a bug).
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import traceback
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, unquote, urlsplit

from cardgen.errors import CardgenError, shortened
from cardgen.safefs import FileRefused, read_checked
from cardgen.serve.files import ServedFolders
from cardgen.serve.hosts import HostCheck
from cardgen.serve.pages import STATIC_DIR, Pages, render_page
from cardgen.serve.preview import Preview, balance_document, group_document, rulebook_document
from cardgen.serve.worker import BuildWorker, Status

LONG_POLL_S = 25.0
REQUEST_TIMEOUT_S = 20.0
MAX_HANDLERS = 512
LISTEN_BACKLOG = 1024
BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: 5\r\nRetry-After: 1\r\nConnection: close\r\n\r\nbusy\n")
MAX_FILE_BYTES = 64 * 1024 * 1024
STATIC = {"serve.css": "text/css; charset=utf-8", "live.js": "text/javascript; charset=utf-8"}
TYPES = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
         ".jpeg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif", ".ttf": "font/ttf",
         ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2"}
POLICY = ("default-src 'none'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; "
          "script-src 'self'; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'self'")


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    content_type: str = "text/plain; charset=utf-8"


def not_found(what: str = "not found") -> Answer:
    return Answer(404, what.encode())


class PreviewApp:
    """What the server answers from: the preview's snapshot, the build worker's status, the served folders."""

    def __init__(self, preview: Preview, worker: BuildWorker | None):
        self.preview = preview
        self.worker = worker
        self.files = ServedFolders()
        self.changed = threading.Condition()

    @property
    def status(self) -> Status:
        return self.worker.status if self.worker is not None else Status("off")

    def notify(self) -> None:
        """Wake every waiting long poll (the files or the build's state changed)."""
        with self.changed:
            self.changed.notify_all()

    def on_change(self) -> None:
        """Files were saved: load them for the preview, then build the PDFs in the background."""
        self.preview.reload()
        self.notify()
        if self.worker is not None:
            self.worker.request()

    def live(self, query: dict[str, list[str]]) -> Answer:
        """Once the generation, the finished builds or the build's state differ from the query's: all three."""
        def now() -> tuple[str, str, str]:
            status = self.status
            return str(self.preview.snapshot.generation), str(status.number), status.state

        asked = tuple(query.get(name, [""])[0] for name in ("generation", "build", "state"))
        with self.changed:
            self.changed.wait_for(lambda: now() != asked, timeout=LONG_POLL_S)
        generation, build, state = now()
        text = Pages(self.preview.snapshot, self.status, self.files).view("", []).status_text
        body = json.dumps({"generation": int(generation), "build": int(build), "state": state, "text": text})
        return Answer(200, body.encode(), "application/json")

    def answer(self, path: str, query: dict[str, list[str]]) -> Answer:
        """The answer to ``GET path`` (decoded); see the module docstring for the routes."""
        if path == "/_live":
            return self.live(query)
        if path.startswith("/_static/"):
            name = path.removeprefix("/_static/")
            if name not in STATIC:
                return not_found()
            return Answer(200, (STATIC_DIR / name).read_bytes(), STATIC[name])
        if path.startswith("/files/"):
            return self.file(path)
        if path.startswith("/doc/"):
            return self.document(path.removeprefix("/doc/"))
        pages = Pages(self.preview.snapshot, self.status, self.files)
        if path == "/":
            view = pages.index()
        else:
            kind, _, object_id = path.strip("/").partition("/")
            found = pages.one(kind, object_id)
            if found is None:
                return not_found(f"no {kind} '{shortened(object_id)}'")
            view = found
        return Answer(200, render_page(view).encode(), "text/html; charset=utf-8")

    def document(self, rest: str) -> Answer:
        snapshot = self.preview.snapshot
        if rest == "balance":
            found = balance_document(snapshot, self.preview.balance)
            if found is None:
                return not_found()
            html, roots = found
        elif rest.startswith("group/"):
            group_id, _, part = rest.removeprefix("group/").partition("/")
            found = group_document(snapshot, group_id, part)
            if found is None:
                return not_found()
            html, roots = found
        else:
            book = rulebook_document(snapshot, rest)
            if book is None:
                return not_found()
            html, roots, _ = book
        return Answer(200, self.files.rewrite(html, roots).encode(), "text/html; charset=utf-8")

    def file(self, path: str) -> Answer:
        try:
            real = self.files.find(path)
            data = read_checked(real, MAX_FILE_BYTES)
        except FileRefused:
            return not_found()
        return Answer(200, data, TYPES.get(real.suffix.lower(), "application/octet-stream"))


def host_allowed(header: str | None, extra: frozenset[str] = frozenset(), local_address: str | None = None) -> bool:
    """Whether a request's ``Host`` header names this server (see :mod:`cardgen.serve.hosts`)."""
    return HostCheck(extra).allows(header, local_address)


class Handler(BaseHTTPRequestHandler):
    server: "PreviewServer"
    server_version = "cardgen-serve"
    protocol_version = "HTTP/1.0"

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)   # no read or write waits longer

    def do_GET(self) -> None:            # noqa: N802 (http.server's name)
        if not self.server.hosts.allows(self.headers.get("Host"), str(self.connection.getsockname()[0])):
            self._send(Answer(403, b"refused: the Host header names neither this machine (a loopback name, "
                                   b"its host name, the address asked) nor a cardgen serve --allow-host NAME"))
            return
        parts = urlsplit(self.path)
        path = unquote(parts.path)
        if ".." in path.split("/") or "\0" in path:
            self._send(Answer(400, b"refused: .. in the path"))
            return
        try:
            answer = self.server.app.answer(path, parse_qs(parts.query))
        except CardgenError as exc:
            answer = Answer(500, "\n".join(exc.lines()).encode())
        self._send(answer)

    def _send(self, answer: Answer) -> None:
        self.send_response(answer.status)
        self.send_header("Content-Type", answer.content_type)
        self.send_header("Content-Length", str(len(answer.body)))
        self.send_header("Content-Security-Policy", POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(answer.body)

    def log_message(self, format: str, *args: object) -> None:   # noqa: A002 (http.server's signature)
        pass                                                    # quiet: the console shows the builds


class PreviewServer(ThreadingHTTPServer):
    """``ThreadingHTTPServer`` with the limits of the module docstring."""

    daemon_threads = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(self, address: tuple[str, int], app: PreviewApp, hosts: HostCheck,
                 max_handlers: int = MAX_HANDLERS, request_timeout: float = REQUEST_TIMEOUT_S):
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.app, self.hosts, self.request_timeout = app, hosts, request_timeout
        self._slots = threading.BoundedSemaphore(max_handlers)
        self._count_lock = threading.Lock()
        self.active = 0                                    # connections being handled now
        super().__init__(address, Handler)

    def process_request(self, request, client_address) -> None:
        """Handle ``request`` in a thread of its own, or refuse it (503) when every slot is taken."""
        if not self._slots.acquire(blocking=False):
            refuse_busy(request)
            self.shutdown_request(request)
            return
        with self._count_lock:
            self.active += 1
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._release()

    def _release(self) -> None:
        with self._count_lock:
            self.active -= 1
        self._slots.release()

    def handle_error(self, request, client_address) -> None:
        """A client gone before its answer (reset, closed, timed out) is no error; anything else is a bug."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def refuse_busy(request: socket.socket) -> None:
    """Answer 503 without waiting: the answer fits in the socket's buffer, or is dropped."""
    try:
        request.setblocking(False)
        request.send(BUSY)
    except OSError:
        pass


def make_server(app: PreviewApp, host: str, port: int, allowed: tuple[str, ...] = ()) -> PreviewServer:
    """The server bound to ``host``:``port`` (0: a free port); it answers to this machine's names
    and addresses, ``host`` and the ``allowed`` names (:class:`~cardgen.serve.hosts.HostCheck`)."""
    return PreviewServer((host, port), app, HostCheck.for_server(host, allowed))


def watch_in_background(paths: list[Path], out: Path, on_change: Callable[[], None],
                        stop: threading.Event) -> threading.Thread:
    """Call ``on_change`` after each saved change below ``paths`` (a daemon thread, until ``stop``).
    An exception of ``on_change`` (a bug) is reported and the thread keeps watching."""
    from cardgen.serve.worker import bug_line, watch_changes

    def run() -> None:
        for _ in watch_changes(paths, out, debounce_ms=50, stop=stop):
            try:
                on_change()
            except Exception as exc:  # noqa: BLE001 -- a bug: reported, and the watcher keeps running
                print(bug_line(exc, "the preview's reload"), file=sys.stderr, flush=True)
                traceback.print_exc(file=sys.stderr)
    thread = threading.Thread(target=run, name="cardgen-serve-watch", daemon=True)
    thread.start()
    return thread
