"""Local TCP ports, one way for every script: a free port the system picks, and whether a port is taken.

`python scripts/ports.py free` prints a free port; `python scripts/ports.py taken PORT` exits 0 when something
listens on PORT (127.0.0.1), 1 otherwise. scripts/test.sh calls it; scripts/restart_check.py imports it."""

from __future__ import annotations

import socket
import sys


def free_port() -> int:
    """A port nothing listens on now, picked by the system (two runs side by side never pick the same one)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_taken(port: int) -> bool:
    """Whether something accepts connections on `port` of 127.0.0.1."""
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def main(argv: list[str]) -> int:
    if argv == ["free"]:
        print(free_port())
        return 0
    if len(argv) == 2 and argv[0] == "taken":
        return 0 if port_taken(int(argv[1])) else 1
    print("usage: ports.py free | taken PORT", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
