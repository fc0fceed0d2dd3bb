"""The problems a player can meet, in words: what happened and what to do.

The same sentence goes into the UI's dialog and, prefixed by the command's name, onto one
line of stderr. Stdlib only (the network and card layers use it too).
"""

from __future__ import annotations

import errno
import re

NO_NETWORK_HELP = ("Check the network connection; meanwhile the bundled cards and your card "
                   "cache work offline")


def serve_problem(port: int, exc: OSError, *, cli: bool = False) -> str:
    """Why hosting on *port* failed, and what to do (``cli``: name the ``--port`` option)."""
    other = "start with another --port" if cli else "choose another port"
    in_use = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}
    if exc.errno in in_use:
        return (f"Port {port} is already in use on this computer (another game being hosted, "
                f"or another program): close that, or {other}.")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (f"This computer does not allow hosting on port {port}: {other} (1024 to "
                "65535).")
    if exc.errno == errno.EADDRNOTAVAIL:
        return ("That address is not one of this computer's: host on all addresses, or "
                "check the network settings.")
    reason = exc.strerror or str(exc) or "the network refused"
    return f"Cannot host on port {port} ({reason.rstrip('.')}): {other}, or check the network."


def network_problem(reason: str) -> str:
    """A card-data network failure (Scryfall unreachable) in words, without the API path."""
    reason = re.sub(r"\s*\((/[^)]*)\)", "", reason.removesuffix("; working offline"))
    return f"{reason.rstrip('.')}. {NO_NETWORK_HELP} (--offline)."


UNREACHABLE = ("cannot reach ", "no game from ")
"""How the guest's join errors start when the host could not be reached (``net/client.py``)."""


def join_problem(reason: str) -> str:
    """A failed join in words; when the host could not be reached, what to check."""
    reason = reason.rstrip(".")
    if not reason.startswith(UNREACHABLE):
        return reason[:1].upper() + reason[1:] + "."
    return (reason[:1].upper() + reason[1:] + ". Check the address, that the host has "
            "pressed Host a game, and that both computers are on the same network (a "
            "firewall on the host may block the port).")
