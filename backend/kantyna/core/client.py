"""The client's network address, as throttling and the audit log need it."""

from __future__ import annotations

import ipaddress

from django.conf import settings


def client_ip(request) -> str | None:
    """REMOTE_ADDR, or behind `TRUSTED_PROXY_COUNT` reverse proxies the address the outermost of them saw.

    Each proxy appends the address it received the request from to X-Forwarded-For, so with N trusted proxies the
    client is the N-th entry from the right; entries left of it were written by the client and are not believed.
    Without the setting the header is ignored: anyone could send one and pick the address a limit counts."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies > 0:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
        if len(forwarded) >= proxies:
            try:
                return str(ipaddress.ip_address(forwarded[-proxies]))
            except ValueError:
                pass  # a misconfigured proxy: fall back to the connection's address
    return request.META.get("REMOTE_ADDR")
