"""The one HTTP client for every call this server makes out (cash registers, web push endpoints, KSeF, payment
providers' APIs): whatever the address, and whoever chose it.

An address a tenant types (a printer) or a browser hands us (a push endpoint) must never make the server call its
own network: the loopback, private ranges, link-local ones (a cloud's metadata service), and so on. Checking the
address once and then letting an HTTP library resolve the name again, or follow a redirect, is not enough: a name
can answer a public address to the check and 127.0.0.1 to the call (DNS rebinding), and a public server can
redirect to an internal one. So a call here:
- resolves the host once (`socket.getaddrinfo`) and refuses it if ANY of its addresses is not public
  (`is_public_address`), unless the caller passes `allow_private` (from a deployment setting, never from a tenant);
- connects to exactly the checked addresses (the next one only when one refuses the connection), sending the
  original `Host` header, and for https the original name as TLS SNI and as the name the certificate must carry;
- follows no redirect: a 3xx answer is a refusal of its own (`redirect`);
- is bounded: connect and read timeouts, the whole answer read within `timeout` seconds, at most `max_bytes`.

A call that was not made or not answered raises `OutboundError` with a `reason` code (REASONS); its text is ours,
never the remote's. An answer with an error status is returned: the caller says in its own words what failed.
Environment proxies (HTTP_PROXY) are not used: a proxy would connect to the name, not to the checked address."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import time
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field

import urllib3
from urllib3.exceptions import (
    HTTPError,
    MaxRetryError,
    NewConnectionError,
    ProtocolError,
    ReadTimeoutError,
    SSLError,
)
from urllib3.exceptions import TimeoutError as Urllib3TimeoutError

DEFAULT_TIMEOUT = 15.0
DEFAULT_MAX_BYTES = 1024 * 1024
CHUNK = 64 * 1024

# Why a call was not made or not answered: OutboundError.reason.
BAD_URL = "bad_url"  # not an http(s) URL with a host (or with credentials in it)
UNRESOLVABLE = "unresolvable"  # the host name does not resolve
NOT_PUBLIC = "not_public"  # one of the host's addresses is not public
UNREACHABLE = "unreachable"  # no connection (refused, reset, closed before answering)
TIMEOUT = "timeout"  # no connection, or no whole answer, in time
TLS = "tls"  # the TLS handshake or the certificate check failed
REDIRECT = "redirect"  # the address answered a redirect (3xx), which is not followed
TOO_LARGE = "too_large"  # the answer is longer than the caller accepts
REASONS = (BAD_URL, UNRESOLVABLE, NOT_PUBLIC, UNREACHABLE, TIMEOUT, TLS, REDIRECT, TOO_LARGE)

_TEXTS = {
    BAD_URL: "the address is not an http(s) URL",
    UNRESOLVABLE: "the host name does not resolve",
    NOT_PUBLIC: "the address is not a public address",
    UNREACHABLE: "the connection failed",
    TIMEOUT: "no answer in time",
    TLS: "the TLS certificate was not accepted",
    REDIRECT: "the address redirected to another address",
    TOO_LARGE: "the answer is too large",
}

# Never public, whatever Python's `is_global` of the running version says (it has changed between releases, and
# it calls multicast global). The IPv6 forms that carry an IPv4 address are judged by that address.
_NOT_PUBLIC_V4 = tuple(
    ipaddress.IPv4Network(network)
    for network in (
        "0.0.0.0/8",  # "this network", the unspecified address
        "10.0.0.0/8",  # private
        "100.64.0.0/10",  # carrier-grade NAT (shared address space)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local (cloud metadata services)
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation (TEST-NET-1)
        "192.88.99.0/24",  # 6to4 relay anycast
        "192.168.0.0/16",  # private
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation (TEST-NET-2)
        "203.0.113.0/24",  # documentation (TEST-NET-3)
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
    )
)
_NOT_PUBLIC_V6 = tuple(
    ipaddress.IPv6Network(network)
    for network in (
        "::/96",  # the unspecified and loopback addresses, the deprecated IPv4-compatible form
        "64:ff9b:1::/48",  # local-use NAT64
        "100::/64",  # discard-only
        "2001::/23",  # IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
        "2001:db8::/32",  # documentation
        "fc00::/7",  # unique local (ULA)
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
)
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d), 6to4 (2002::/16), NAT64
    (64:ff9b::/96). Reaching one of them reaches the IPv4 address."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def is_public_address(value: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether an address is on the public internet: not loopback, private, link-local, CGNAT, multicast, reserved,
    unspecified, documentation, nor an IPv6 form (mapped, 6to4, NAT64) of such an IPv4 address, nor ULA."""
    address = ipaddress.ip_address(value.split("%")[0] if isinstance(value, str) else value)  # fe80::1%eth0
    if isinstance(address, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(address)
        if embedded is not None:
            return is_public_address(embedded)
        networks = _NOT_PUBLIC_V6
    else:
        networks = _NOT_PUBLIC_V4
    return address.is_global and not any(address in network for network in networks)


class OutboundError(Exception):
    """A call out that was not made or not answered. `reason` is one of REASONS; `host` the URL's host; `status` the
    HTTP status of a redirect. The text is ours: nothing the remote said is in it."""

    def __init__(self, reason: str, *, host: str = "", status: int | None = None):
        self.reason = reason
        self.host = host
        self.status = status
        text = _TEXTS[reason] + (f" ({status})" if status else "")
        super().__init__(f"{host}: {text}" if host else text)


@dataclass(frozen=True)
class OutboundResponse:
    status: int
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class _Target:
    scheme: str
    host: str  # the name (or address literal) as the URL gives it, IDNA-encoded
    port: int
    host_header: str
    path: str


def _target(url: str) -> _Target:
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
        host = (parts.hostname or "").encode("idna").decode("ascii")
    except (ValueError, UnicodeError) as error:
        raise OutboundError(BAD_URL) from error
    if parts.scheme not in ("http", "https") or not host or parts.username is not None:
        raise OutboundError(BAD_URL, host=host)
    default = 443 if parts.scheme == "https" else 80
    bracketed = f"[{host}]" if ":" in host else host
    return _Target(
        scheme=parts.scheme,
        host=host,
        port=port or default,
        host_header=bracketed if port in (None, default) else f"{bracketed}:{port}",
        path=(parts.path or "/") + (f"?{parts.query}" if parts.query else ""),
    )


def _resolve(host: str, port: int) -> list[str]:
    """The host's addresses, asked once; every caller of this module connects only to one of them."""
    try:
        answers = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise OutboundError(UNRESOLVABLE, host=host) from error
    addresses = list(dict.fromkeys(str(answer[4][0]).split("%")[0] for answer in answers))
    if not addresses:
        raise OutboundError(UNRESOLVABLE, host=host)
    return addresses


def outbound_addresses(url: str, *, allow_private: bool = False) -> list[str]:
    """The addresses a call to `url` may connect to, checked: OutboundError (bad_url, unresolvable, not_public)
    otherwise. A form saving an address asks this before anything is called."""
    return _checked_addresses(_target(url), allow_private=allow_private)


def _checked_addresses(target: _Target, *, allow_private: bool) -> list[str]:
    addresses = _resolve(target.host, target.port)
    if not allow_private and not all(is_public_address(address) for address in addresses):
        raise OutboundError(NOT_PUBLIC, host=target.host)
    return addresses


def _pool(target: _Target, address: str, *, timeout: float, ca_file: str | None) -> urllib3.HTTPConnectionPool:
    """A connection pool to exactly `address`; for https the name is the SNI and what the certificate must name."""
    limits = urllib3.Timeout(connect=timeout, read=timeout)
    if target.scheme == "http":
        return urllib3.HTTPConnectionPool(address, target.port, timeout=limits, retries=False, maxsize=1)
    return urllib3.HTTPSConnectionPool(
        address,
        target.port,
        timeout=limits,
        retries=False,
        maxsize=1,
        cert_reqs="CERT_REQUIRED",
        ca_certs=ca_file or None,
        server_hostname=target.host,
        assert_hostname=target.host,
    )


def _failure(error: BaseException) -> str:
    if isinstance(error, MaxRetryError) and error.reason is not None:
        return _failure(error.reason)
    if isinstance(error, SSLError):
        return TLS
    if isinstance(error, Urllib3TimeoutError | ReadTimeoutError | TimeoutError):
        return TIMEOUT
    return UNREACHABLE


def outbound_request(
    method: str,
    url: str,
    *,
    headers: Mapping[str, str] | None = None,
    body: bytes | None = None,
    allow_private: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    ca_file: str | None = None,
) -> OutboundResponse:
    """Call `url` once (the module's docstring says how); an error status is an answer, a 3xx an OutboundError.
    The host's checked addresses are tried in order while one refuses the connection (nothing was sent yet: a
    printer's receipt is never sent twice); any other failure ends the call."""
    target = _target(url)
    addresses = _checked_addresses(target, allow_private=allow_private)
    sent = {"Accept-Encoding": "identity", **(headers or {}), "Host": target.host_header}
    for address in addresses[:-1]:
        try:
            return _call(target, address, method, sent, body, timeout=timeout, max_bytes=max_bytes, ca_file=ca_file)
        except _NotConnected:
            continue
    try:
        return _call(target, addresses[-1], method, sent, body, timeout=timeout, max_bytes=max_bytes, ca_file=ca_file)
    except _NotConnected as error:
        raise OutboundError(UNREACHABLE, host=target.host) from error.__cause__


class _NotConnected(Exception):
    """No connection to this address: nothing was sent."""


def _call(
    target: _Target,
    address: str,
    method: str,
    headers: dict,
    body: bytes | None,
    *,
    timeout: float,
    max_bytes: int,
    ca_file: str | None,
) -> OutboundResponse:
    pool = _pool(target, address, timeout=timeout, ca_file=ca_file)
    deadline = time.monotonic() + timeout
    try:
        response = pool.urlopen(
            method,
            target.path,
            body=body,
            headers=headers,
            redirect=False,
            retries=False,
            assert_same_host=False,
            preload_content=False,
            decode_content=False,
        )
        try:
            if 300 <= response.status < 400:
                raise OutboundError(REDIRECT, host=target.host, status=response.status)
            content = bytearray()
            while chunk := response.read1(CHUNK, decode_content=False):
                content += chunk
                if len(content) > max_bytes:
                    raise OutboundError(TOO_LARGE, host=target.host)
                if time.monotonic() > deadline:
                    raise OutboundError(TIMEOUT, host=target.host)
            return OutboundResponse(status=response.status, body=bytes(content), headers=dict(response.headers))
        finally:
            response.release_conn()
    except OutboundError:
        raise
    except NewConnectionError as error:
        raise _NotConnected() from error
    except (HTTPError, ProtocolError, http.client.HTTPException, OSError) as error:
        raise OutboundError(_failure(error), host=target.host) from error
    finally:
        pool.close()
