"""The network as the outbound client's tests see it: host names answering what a test says (a name may answer a
public address first and 127.0.0.1 next, as a rebinding DNS server does), public addresses routed to servers on
127.0.0.1, and servers that answer, redirect or hold a secret. No packet leaves the machine.

`FakeNetwork(monkeypatch)` replaces `socket.getaddrinfo`, which both the outbound client (to resolve a name) and
urllib3 (to open a socket to an address literal) ask:
- `names[host]`: the successive answers for a name (a list of address lists, an empty one: the name does not
  resolve; the last one repeats), each lookup recorded in `lookups`;
- `routes[address]`: a (public) address whose connections go to 127.0.0.1 on the same port, each dial recorded in
  `dialled`: which address the client connected to.
Any other host is resolved for real (127.0.0.1, ::1)."""

from __future__ import annotations

import socket
import ssl
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeNetwork:
    def __init__(self, monkeypatch, *, names: dict[str, list[list[str]]] | None = None, routes=()):
        self.names = dict(names or {})
        self.routes = set(routes)
        self.lookups: list[str] = []
        self.dialled: list[tuple[str, int]] = []
        self._real = socket.getaddrinfo
        monkeypatch.setattr(socket, "getaddrinfo", self.getaddrinfo)

    def getaddrinfo(self, host, port, *args, **kwargs):
        if host in self.names:
            self.lookups.append(host)
            answers = self.names[host]
            addresses = answers.pop(0) if len(answers) > 1 else answers[0]
            if not addresses:
                raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
            return [self._entry(address, port) for address in addresses]
        if host in self.routes:
            self.dialled.append((host, port))
            return self._real("127.0.0.1", port, *args, **kwargs)
        return self._real(host, port, *args, **kwargs)

    @staticmethod
    def _entry(address: str, port):
        if ":" in address:
            return (socket.AF_INET6, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port, 0, 0))
        return (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))


@dataclass
class Served:
    """What a local server answers (`status`, `body`, `headers`) and the requests it got (path, Host header)."""

    status: int = 200
    body: bytes = b"{}"
    headers: dict = field(default_factory=lambda: {"Content-Type": "application/json"})
    requests: list[tuple[str, str]] = field(default_factory=list)


class LocalServer:
    """`with LocalServer(Served(...)) as server:` an HTTP server on 127.0.0.1 at `server.port` answering every
    method with `server.served`; HTTPS with `tls` (a server context), the names clients asked for by SNI in
    `server_names`."""

    def __init__(self, served: Served | None = None, *, tls: ssl.SSLContext | None = None):
        self.served = served or Served()
        served_ = self.served

        class Handler(BaseHTTPRequestHandler):
            def _serve(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                served_.requests.append((self.path, self.headers.get("Host", "")))
                self.send_response(served_.status)
                for name, value in served_.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(served_.body)))
                self.end_headers()
                self.wfile.write(served_.body)

            do_GET = do_POST = do_PUT = do_PATCH = _serve

            def log_message(self, format, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server_names: list[str | None] = []
        if tls is not None:
            tls.sni_callback = lambda _socket, name, _context: self.server_names.append(name)
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LocalServer:
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
