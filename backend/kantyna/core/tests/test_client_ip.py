"""Which address a limit counts: the connection's, or behind trusted proxies the one the outermost proxy saw."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from kantyna.core.client import client_ip


def request_from(remote: str, forwarded: str | None = None):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return RequestFactory().get("/", REMOTE_ADDR=remote, **extra)


def test_without_trusted_proxies_a_forwarded_header_is_not_believed(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request_from("203.0.113.9", "198.51.100.1")) == "203.0.113.9"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        # One proxy appended the client's address; what the client wrote itself (left) does not count.
        (1, "1.2.3.4, 198.51.100.7", "198.51.100.7"),
        # Two proxies: the outer one appended the client, the inner one the outer proxy.
        (2, "1.2.3.4, 198.51.100.7, 10.0.0.2", "198.51.100.7"),
        # Fewer entries than proxies, or a garbled entry: the connection's address.
        (2, "198.51.100.7", "10.0.0.1"),
        (1, "not-an-address", "10.0.0.1"),
        (1, "", "10.0.0.1"),
    ],
)
def test_behind_trusted_proxies_the_client_is_the_entry_they_appended(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_ip(request_from("10.0.0.1", forwarded)) == expected
