"""Issue 27 (10, 12): the preview server under clients that misbehave, and on a LAN address.

An in-process :class:`~cardgen.serve.server.PreviewServer` on 127.0.0.1 only, answering from a
stub app; every wait is bounded (a failure waits out the bound, nothing is timed)."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from typing import Iterator


from cardgen.serve.hosts import HostCheck
from cardgen.serve.server import Answer, PreviewServer, make_server
from .running import wait_for

BOUND_S = 30


class StubApp:
    """Answers every path with ``body``; ``/slow`` first waits until ``release`` is set."""

    def __init__(self, body: bytes = b"ok") -> None:
        self.body = body
        self.asked = threading.Event()
        self.release = threading.Event()

    def answer(self, path: str, query: dict) -> Answer:
        if path == "/slow":
            self.asked.set()
            self.release.wait(BOUND_S)
        return Answer(200, self.body)


@contextlib.contextmanager
def running(server: PreviewServer) -> Iterator[PreviewServer]:
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(BOUND_S)


def port(server: PreviewServer) -> int:
    return int(server.server_address[1])


def connect(server: PreviewServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port(server)), timeout=BOUND_S)


def request(server: PreviewServer, path: str = "/", host: str | None = None) -> bytes:
    """The whole answer to ``GET path`` (``b''`` if the server closed without one)."""
    with connect(server) as sock:
        sock.sendall(f"GET {path} HTTP/1.0\r\nHost: {host or f'127.0.0.1:{port(server)}'}\r\n\r\n".encode())
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass
        return b"".join(chunks)


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


def test_a_client_gone_before_its_answer_prints_nothing(capsys):
    app = StubApp(b"x" * (8 * 1024 * 1024))            # more than any socket buffer holds
    with running(make_server(app, "127.0.0.1", 0)) as server:   # type: ignore[arg-type]
        for _ in range(3):
            app.asked.clear()
            app.release.clear()
            sock = connect(server)
            sock.sendall(f"GET /slow HTTP/1.0\r\nHost: 127.0.0.1:{port(server)}\r\n\r\n".encode())
            assert app.asked.wait(BOUND_S)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()                                   # a reset: the browser tab closed
            app.release.set()
            wait_for("the handler to finish", lambda: server.active == 0, BOUND_S)
        assert status(request(server)) == 200          # and the server lives on
    assert capsys.readouterr().err == ""


def test_a_connection_that_sends_nothing_is_closed_but_a_long_poll_is_not(capsys):
    app = StubApp()
    server = PreviewServer(("127.0.0.1", 0), app, HostCheck(), request_timeout=0.25)  # type: ignore[arg-type]
    with running(server):
        with connect(server) as idle:
            idle.sendall(b"GET / HT")                      # half a request, then nothing
            assert idle.recv(1024) == b""                  # closed by the server (within BOUND_S)
        answers: list[bytes] = []
        poll = threading.Thread(target=lambda: answers.append(request(server, "/slow")))
        poll.start()
        assert app.asked.wait(BOUND_S)
        app.release.wait(0.5)                              # twice the request timeout: no answer yet
        app.release.set()
        poll.join(BOUND_S)
        assert status(answers[0]) == 200                   # waiting for an answer is not idling
    assert capsys.readouterr().err == ""


def test_handler_threads_are_capped_and_one_more_is_refused():
    app = StubApp()
    server = PreviewServer(("127.0.0.1", 0), app, HostCheck(), max_handlers=3)  # type: ignore[arg-type]
    with running(server):
        idle = [connect(server) for _ in range(3)]
        try:
            for sock in idle:
                sock.sendall(b"GET / HTTP/1.0\r\n")        # half-sent: each holds a handler
            wait_for("three busy handlers", lambda: server.active == 3, BOUND_S)
            refused = [request(server) for _ in range(10)]
            assert all(status(answer) in (503, 0) for answer in refused), refused
            assert any(status(answer) == 503 for answer in refused)
            assert server.active == 3
        finally:
            for sock in idle:
                sock.close()
        wait_for("the handlers to finish", lambda: server.active == 0, BOUND_S)
        assert status(request(server)) == 200


def test_the_listen_backlog_holds_many_connections():
    assert PreviewServer.request_queue_size >= 1024


def test_allow_host_over_http():
    app = StubApp()
    with running(make_server(app, "127.0.0.1", 0, ("preview.lan",))) as server:   # type: ignore[arg-type]
        assert status(request(server, host="preview.lan:8000")) == 200
        assert status(request(server, host=f"{socket.gethostname()}:8000")) == 200
        assert status(request(server, host="other.lan:8000")) == 403
