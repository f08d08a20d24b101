"""Which Host headers the preview answers to (cardgen.serve.hosts): this machine's names and addresses,
the allowed names, nothing else."""

from __future__ import annotations

import socket

import pytest

from cardgen.serve.hosts import HostCheck, machine_names
from cardgen.serve.server import host_allowed


@pytest.mark.parametrize("header, allowed", [
    ("127.0.0.1:8000", True), ("localhost:8000", True), ("LOCALHOST", True), ("[::1]:8000", True),
    ("evil.example:8000", False), ("localhost.evil.example", False), (None, False), ("", False)])
def test_host_allowed(header, allowed):
    assert host_allowed(header) is allowed


@pytest.mark.parametrize(("header", "local", "allowed"), [
    ("192.168.1.20:8000", "192.168.1.20", True),           # --host 0.0.0.0, typed on a phone
    ("192.168.1.20", "::ffff:192.168.1.20", True),         # the same through a dual-stack socket
    ("[fe80::1]:8000", "fe80::1%eth0", True),
    ("192.168.1.21:8000", "192.168.1.20", False),          # another machine's address
    ("evil.example:8000", "192.168.1.20", False),
    ("0.0.0.0:8000", "192.168.1.20", False),
    ("127.0.0.2:8000", "127.0.0.1", True),
])
def test_the_address_a_request_reached_is_this_machine(header, local, allowed):
    assert host_allowed(header, local_address=local) is allowed


def test_this_machines_host_name_and_allowed_names_are_accepted():
    names = machine_names()
    if not names:
        pytest.skip("this machine has no host name")
    check = HostCheck.for_server("0.0.0.0", ("Preview.Lan",))
    host = socket.gethostname()
    assert check.allows(f"{host}:8000") and check.allows(f"{host.split('.')[0].upper()}.local")
    assert check.allows("preview.lan:8000")
    assert not check.allows("0.0.0.0:8000") and not check.allows("evil.example")
