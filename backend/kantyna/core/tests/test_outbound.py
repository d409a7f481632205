"""The one outbound client (core/outbound.py): which addresses are public, one resolution per call and the
connection to exactly the address checked (a rebinding name cannot slip 127.0.0.1 in), no redirect followed, the
original name in the Host header and as TLS SNI and certificate name, bounded answers; its refusals carry a reason
and never the remote's words. The network is played locally (kantyna/testing/network.py)."""

from __future__ import annotations

import datetime
import socket
import ssl

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from kantyna.core.outbound import (
    BAD_URL,
    NOT_PUBLIC,
    REDIRECT,
    TIMEOUT,
    TLS,
    TOO_LARGE,
    UNREACHABLE,
    UNRESOLVABLE,
    OutboundError,
    is_public_address,
    outbound_addresses,
    outbound_request,
)
from kantyna.testing.network import FakeNetwork, LocalServer, Served

PUBLIC = "1.1.1.1"
SECRET = b"INTERNAL-SECRET aws_secret_access_key=abc"


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",  # loopback
        "127.8.9.10",
        "10.0.0.1",  # private
        "172.16.0.1",
        "172.31.255.254",
        "192.168.1.20",
        "169.254.169.254",  # link-local: a cloud's metadata service
        "100.64.0.1",  # carrier-grade NAT
        "100.127.255.254",
        "0.0.0.0",  # unspecified
        "0.1.2.3",
        "224.0.0.1",  # multicast
        "239.255.255.250",
        "240.0.0.1",  # reserved
        "255.255.255.255",
        "192.0.0.8",  # IETF protocol assignments
        "192.0.2.10",  # documentation
        "198.51.100.7",
        "203.0.113.9",
        "198.18.0.1",  # benchmarking
        "::",  # unspecified
        "::1",  # loopback
        "::ffff:127.0.0.1",  # IPv4-mapped
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "::127.0.0.1",  # IPv4-compatible (deprecated)
        "2002:7f00:1::",  # 6to4 of 127.0.0.1
        "2002:c0a8:114::1",  # 6to4 of 192.168.1.20
        "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "64:ff9b:1::1",  # local-use NAT64
        "2001::1",  # Teredo
        "2001:db8::1",  # documentation
        "fc00::1",  # unique local
        "fd12:3456::1",
        "fe80::1",  # link-local
        "fe80::1%eth0",
        "fec0::1",  # site-local
        "ff02::1",  # multicast
        "100::1",  # discard-only
    ],
)
def test_addresses_of_private_and_special_ranges_are_not_public(address):
    assert is_public_address(address) is False


@pytest.mark.parametrize(
    "address",
    ["1.1.1.1", "8.8.8.8", "91.198.174.192", "2606:4700:4700::1111", "2a00:1450:4001::1", "::ffff:8.8.8.8",
     "2002:808:808::1", "64:ff9b::808:808"],
)  # fmt: skip
def test_addresses_on_the_internet_are_public(address):
    assert is_public_address(address) is True


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://printer.example/", BAD_URL),
        ("http://user:secret@printer.example/", BAD_URL),
        ("http:///api", BAD_URL),
        ("http://printer.example:99999/", BAD_URL),
        ("http://127.0.0.1:8888/", NOT_PUBLIC),
        ("http://10.0.0.1/", NOT_PUBLIC),
        ("http://[::1]:8888/", NOT_PUBLIC),
        ("http://[::ffff:127.0.0.1]/", NOT_PUBLIC),
        ("http://mixed.example/", NOT_PUBLIC),
        ("http://nowhere.example/", UNRESOLVABLE),
    ],
)
def test_an_address_is_refused_before_any_call_with_its_reason(monkeypatch, url, reason):
    FakeNetwork(monkeypatch, names={"mixed.example": [[PUBLIC, "192.168.1.20"]], "nowhere.example": [[]]})

    with pytest.raises(OutboundError) as refused:
        outbound_addresses(url)

    assert refused.value.reason == reason


def test_a_name_answering_a_public_address_then_the_loopback_is_resolved_once_and_the_checked_address_called(
    monkeypatch,
):
    with LocalServer(Served(body=b'{"ok": true}')) as server:
        network = FakeNetwork(monkeypatch, names={"printer.example": [[PUBLIC], ["127.0.0.1"]]}, routes=[PUBLIC])
        url = f"http://printer.example:{server.port}/api/v1?timeout=3000"

        answer = outbound_request("GET", url)

        assert (answer.status, answer.body) == (200, b'{"ok": true}')
        assert network.lookups == ["printer.example"]  # once: urllib3 was handed the address, not the name
        assert network.dialled == [(PUBLIC, server.port)]
        assert server.served.requests == [("/api/v1?timeout=3000", f"printer.example:{server.port}")]

        # The next call resolves anew, and now the name answers the loopback: refused, nothing dialled.
        with pytest.raises(OutboundError) as refused:
            outbound_request("GET", url)

    assert refused.value.reason == NOT_PUBLIC
    assert network.lookups == ["printer.example", "printer.example"]
    assert network.dialled == [(PUBLIC, server.port)]
    assert len(server.served.requests) == 1


def test_a_redirect_is_not_followed_and_what_the_other_address_holds_is_never_read(monkeypatch):
    with LocalServer(Served(body=SECRET, headers={"Content-Type": "text/plain"})) as internal:
        redirect = Served(status=302, body=b"", headers={"Location": f"{internal.url}/latest/meta-data"})
        with LocalServer(redirect) as printer:
            FakeNetwork(monkeypatch, names={"printer.example": [[PUBLIC]]}, routes=[PUBLIC])

            with pytest.raises(OutboundError) as refused:
                outbound_request("GET", f"http://printer.example:{printer.port}/api/v1")

    assert (refused.value.reason, refused.value.status) == (REDIRECT, 302)
    assert str(refused.value) == "printer.example: the address redirected to another address (302)"
    assert len(printer.served.requests) == 1
    assert internal.served.requests == []


def test_an_error_status_is_an_answer_and_the_server_may_be_local_when_the_caller_allows_it():
    with LocalServer(Served(status=503, body=b"busy")) as server:
        answer = outbound_request("POST", f"{server.url}/x", body=b"{}", allow_private=True)

    assert (answer.status, answer.body) == (503, b"busy")


def test_an_answer_longer_than_allowed_is_refused():
    with LocalServer(Served(body=b"x" * 200_000)) as server, pytest.raises(OutboundError) as refused:
        outbound_request("GET", server.url, allow_private=True, max_bytes=100_000)

    assert refused.value.reason == TOO_LARGE


def test_given_a_name_with_two_addresses_when_the_first_refuses_the_connection_then_the_second_is_called(monkeypatch):
    with LocalServer(Served(body=b"{}")) as server:  # on 127.0.0.1 only: 127.0.0.2 refuses
        FakeNetwork(monkeypatch, names={"printer.lan": [["127.0.0.2", "127.0.0.1"]]})

        answer = outbound_request("POST", f"http://printer.lan:{server.port}/x", body=b"{}", allow_private=True)

    assert answer.status == 200
    assert server.served.requests == [("/x", f"printer.lan:{server.port}")]


def test_a_closed_port_is_unreachable():
    with pytest.raises(OutboundError) as refused:
        outbound_request("GET", "http://127.0.0.1:9/", allow_private=True, timeout=5)

    assert refused.value.reason == UNREACHABLE


@pytest.fixture
def certificate(tmp_path):
    """A self-signed certificate for printer.example (its PEM file, the server's TLS context)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "printer.example")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("printer.example")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "printer.pem", tmp_path / "printer.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_file, key_file)
    return str(cert_file), context


def test_https_connects_to_the_checked_address_with_the_names_sni_and_certificate(monkeypatch, certificate):
    ca_file, context = certificate
    with LocalServer(Served(body=b"{}"), tls=context) as server:
        network = FakeNetwork(monkeypatch, names={"printer.example": [[PUBLIC]]}, routes=[PUBLIC])

        answer = outbound_request("GET", f"https://printer.example:{server.port}/api/v1", ca_file=ca_file)

    assert answer.status == 200
    assert network.dialled == [(PUBLIC, server.port)]
    assert server.server_names == ["printer.example"]
    assert server.served.requests == [("/api/v1", f"printer.example:{server.port}")]


def test_https_refuses_a_certificate_of_another_name(monkeypatch, certificate):
    ca_file, context = certificate
    with LocalServer(Served(body=b"{}"), tls=context) as server:
        FakeNetwork(monkeypatch, names={"other.example": [[PUBLIC]]}, routes=[PUBLIC])

        with pytest.raises(OutboundError) as refused:
            outbound_request("GET", f"https://other.example:{server.port}/", ca_file=ca_file)

    assert refused.value.reason == TLS
    assert server.served.requests == []


def test_a_server_that_never_answers_is_a_timeout():
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # connections are taken by the kernel, never answered
    try:
        with pytest.raises(OutboundError) as refused:
            outbound_request("GET", f"http://127.0.0.1:{silent.getsockname()[1]}/", allow_private=True, timeout=0.5)
    finally:
        silent.close()

    assert refused.value.reason == TIMEOUT
