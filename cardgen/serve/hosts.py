"""Which ``Host`` headers the preview answers to: the check against DNS rebinding.

A web page from elsewhere can make the browser send requests to a name whose
address it later points at this machine (DNS rebinding); those requests carry
that foreign name in ``Host``.  So the preview answers only to names that are
this machine's:

* a loopback name or address (``localhost``, ``127.0.0.1``, ``::1``);
* the address the request itself was sent to (the connection's local address):
  with ``--host 0.0.0.0``, ``http://192.168.1.20:8000/`` typed on a phone names
  the very interface it reached, whichever it is, read without any look-up;
* this machine's host name (``socket.gethostname()``, its first label, and that
  label with ``.local`` as mDNS announces it) -- a name only its own network resolves;
* the ``--host`` given and every ``--allow-host NAME``.

A foreign page can send none of these as ``Host``: a bare IP address or this
machine's own name in the URL is not a name the page's origin controls.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

from cardgen.serve import LOOPBACK


def header_name(header: str | None) -> str:
    """The host part of a ``Host`` header, lower case, without port and brackets (``''`` if none)."""
    host = (header or "").strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else ""
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def same_address(name: str, address: str | None) -> bool:
    """Whether ``name`` is an IP address equal to ``address`` (IPv4 mapped into IPv6 counts as IPv4)."""
    if not address:
        return False
    try:
        given, local = (ipaddress.ip_address(a.split("%")[0]) for a in (name, address))
    except ValueError:
        return False
    return _unmapped(given) == _unmapped(local)


def _unmapped(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address


def is_loopback_name(name: str) -> bool:
    if name in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(name.split("%")[0]).is_loopback
    except ValueError:
        return False


def _unspecified(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def machine_names() -> frozenset[str]:
    """This machine's host name, its first label and ``LABEL.local`` (lower case; none if unknown)."""
    try:
        name = socket.gethostname().strip().lower().rstrip(".")
    except OSError:
        return frozenset()
    if not name:
        return frozenset()
    label = name.split(".")[0]
    return frozenset({name, label, f"{label}.local"})


@dataclass(frozen=True)
class HostCheck:
    """The names a request's ``Host`` may give besides loopback ones and the address it reached."""

    names: frozenset[str] = frozenset()

    @classmethod
    def for_server(cls, host: str, allowed: tuple[str, ...] = ()) -> HostCheck:
        """The check of a server listening on ``host``, with the ``--allow-host`` names ``allowed``."""
        listened = {host.lower()} if not _unspecified(host) else set()    # 0.0.0.0 is no one's name
        return cls(frozenset(listened | {a.strip().lower() for a in allowed} | machine_names()))

    def allows(self, header: str | None, local_address: str | None = None) -> bool:
        """Whether ``Host: header`` names this server (reached at ``local_address``)."""
        name = header_name(header)
        if not name:
            return False
        return is_loopback_name(name) or name in self.names or same_address(name, local_address)
