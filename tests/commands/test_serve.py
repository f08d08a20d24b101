"""cardgen.commands.serve: ``cardgen serve``'s arguments, its warning for other hosts and a busy port."""

from __future__ import annotations

import argparse
import errno
import os
import socket

import pytest

from cardgen.commands import serve
from conftest import no_hang, one_unit_content


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    return parser.parse_args(["serve", *argv])


def test_the_parser_and_its_defaults():
    args = parse()
    assert (args.port, args.host, args.allow_host, args.no_build, args.print_shop, args.strict) == (
        serve.DEFAULT_PORT, "127.0.0.1", [], False, False, None)
    assert (args.func, args.project_options) == (serve.run_serve, ("content", "out", "strict"))
    assert parse("--allow-host", "a", "--allow-host", "b", "--port", "0").allow_host == ["a", "b"]


@pytest.fixture
def busy_port():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        yield taken.getsockname()[1]


def test_a_busy_port_is_a_usage_error_and_nothing_is_built(cli, tmp_path, busy_port):
    content = one_unit_content(tmp_path / "content")
    with no_hang(20):
        code, out, err = cli("serve", "--content", content, "--out", tmp_path / "out", "--port", busy_port)
    assert (code, out) == (1, "")
    assert err == f"cannot listen on 127.0.0.1:{busy_port}: {os.strerror(errno.EADDRINUSE)}\n"
    assert not (tmp_path / "out" / "cards.pdf").exists()


def test_another_host_is_warned_about_before_anything_else(cli, tmp_path):
    content = one_unit_content(tmp_path / "content")
    with no_hang(20):                                                   # TEST-NET: never this machine's address
        code, out, err = cli("serve", "--content", content, "--out", tmp_path / "out", "--no-build",
                             "--host", "192.0.2.1", "--port", "0")
    assert (code, out) == (1, "")
    first, second = err.splitlines()
    assert first == ("cardgen serve: warning: --host 192.0.2.1 lets other machines reach the preview and read "
                     "the files it shows; use it only on a network you trust")
    assert second.startswith("cannot listen on 192.0.2.1:0: ")


def test_the_default_host_is_not_warned_about(cli, tmp_path, busy_port):
    content = one_unit_content(tmp_path / "content")
    with no_hang(20):
        assert cli("serve", "--content", content, "--out", tmp_path / "out", "--no-build", "--port", busy_port) == (
            1, "", f"cannot listen on 127.0.0.1:{busy_port}: {os.strerror(errno.EADDRINUSE)}\n")
