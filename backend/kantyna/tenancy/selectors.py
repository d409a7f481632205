"""Reads of tenants. The active tenant of a host's label is read on every request: it is kept per process for
`TENANT_CACHE_SECONDS` (tenants are created, renamed or switched off rarely). A change saved or deleted through
the ORM empties this process's cache at once (`tenant_cache_clear`, connected in apps.py); other processes see
it within the TTL. Only tenants found are kept: a label without an active tenant is looked up every time, so
random host names cannot grow the cache, and a tenant created or switched on elsewhere answers at once. Nothing
about users or tokens is kept: they are checked on every request."""

from __future__ import annotations

import copy
import threading
import time

from kantyna.tenancy.models import Tenant

TENANT_CACHE_SECONDS = 30.0

_cache: dict[str, tuple[float, Tenant | None]] = {}
_lock = threading.Lock()


def tenant_active_by_slug(slug: str) -> Tenant | None:
    """The active tenant of `slug` (None: none, switched off or still being created), a copy per call (requests set
    fields on it)."""
    now = time.monotonic()
    cached = _cache.get(slug)
    if cached is None or cached[0] <= now:
        tenant = Tenant.objects.serving().filter(slug=slug).first()
        with _lock:
            if tenant is None:
                _cache.pop(slug, None)
            else:
                _cache[slug] = (now + TENANT_CACHE_SECONDS, tenant)
        return copy.copy(tenant)
    return copy.copy(cached[1])


def tenant_cache_clear(**_kwargs) -> None:
    with _lock:
        _cache.clear()
