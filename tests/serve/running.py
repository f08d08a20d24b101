"""``cardgen serve`` as the designer runs it: a real process on a free port, and plain HTTP requests."""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from conftest import PROJECT

START_S = 60                 # bounds, never asserted times: a slow machine only waits longer
CHANGE_S = 60


@dataclass(frozen=True)
class Server:
    port: int
    log: Path                # what the server printed (stdout and stderr)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, host: str | None = None) -> tuple[int, str, bytes]:
        """(status, content type, body) of ``GET path``, sent exactly as given (no ``..`` folding)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.putrequest("GET", path, skip_host=True)
            connection.putheader("Host", f"127.0.0.1:{self.port}" if host is None else host)
            connection.endheaders()
            response = connection.getresponse()
            return response.status, response.getheader("Content-Type", ""), response.read()
        finally:
            connection.close()

    def text(self, path: str) -> str:
        status, _, body = self.get(path)
        assert status == 200, (path, status, body[:300])
        return body.decode("utf-8")

    def live(self) -> dict:
        """The live-reload state now (a long poll that differs at once from an impossible page)."""
        return json.loads(self.text("/_live?generation=-1"))


def wait_for(what: str, check: Callable[[], bool], seconds: float = CHANGE_S) -> None:
    """Poll ``check`` until it holds; fail naming ``what`` after ``seconds`` (a bound, not a measurement)."""
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"no {what} after {seconds} s")
        time.sleep(0.1)


@contextlib.contextmanager
def serving(content: Path, out: Path, *options: str) -> Iterator[Server]:
    """``cardgen serve --port 0`` on ``content`` until the block ends (then stopped, by its pid)."""
    log = out.parent / f"serve-{out.name}.log"
    with open(log, "w", encoding="utf-8") as sink:
        process = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--content", str(content),
                                    "--out", str(out), "--port", "0", *options],
                                   cwd=PROJECT, stdout=sink, stderr=subprocess.STDOUT)
    try:
        found: list[int] = []

        def started() -> bool:
            match = re.search(r"serving http://127\.0\.0\.1:(\d+)/", log.read_text(encoding="utf-8"))
            if process.poll() is not None:
                raise AssertionError(f"cardgen serve ended: {log.read_text(encoding='utf-8')}")
            if match:
                found.append(int(match[1]))
            return bool(match)
        wait_for("'serving http://127.0.0.1:PORT/' line", started, START_S)
        yield Server(found[0], log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
