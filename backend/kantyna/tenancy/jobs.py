"""What the jobs of every app share about tenants: a job names its tenant by slug and runs in that tenant's schema
(`tenant_schema`), a periodic job fans out one job per active tenant (`active_tenant_slugs`, `defer_for_each_tenant`),
and a job guarded by a queueing lock is deferred only when none already waits (`defer_unless_waiting`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction
from procrastinate.exceptions import AlreadyEnqueued

from kantyna.tenancy.models import Tenant


@contextmanager
def tenant_schema(slug: str) -> Iterator[None]:
    """The tenant's schema for the job's work, and the public schema again after it, whatever happens (a worker's
    connection serves the next job, of any tenant)."""
    connection.set_tenant(Tenant.objects.get(slug=slug))
    try:
        yield
    finally:
        connection.set_schema_to_public()


def active_tenant_slugs() -> list[str]:
    """The slugs of the tenants a periodic job serves: active ones, never the public schema."""
    connection.set_schema_to_public()
    return list(Tenant.objects.filter(is_active=True).exclude(schema_name="public").values_list("slug", flat=True))


def defer_unless_waiting(job, **arguments) -> bool:
    """Defer `job` (a task configured with a `queueing_lock`) unless a job of that lock already waits: then nothing
    (the waiting one will see the same work) and False. The insert runs in a savepoint, so a refused one does not
    abort the caller's transaction."""
    try:
        with transaction.atomic():
            job.defer(**arguments)
    except AlreadyEnqueued:
        return False
    return True


def defer_for_each_tenant(task, *, lock_prefix: str) -> dict:
    """One `task(slug=...)` per active tenant, at most one waiting and one running per tenant (`{lock_prefix}-{slug}`
    as both locks), so a slow tenant neither piles up jobs nor runs twice at once."""
    slugs = active_tenant_slugs()
    deferred = 0
    for slug in slugs:
        lock = f"{lock_prefix}-{slug}"
        deferred += defer_unless_waiting(task.configure(lock=lock, queueing_lock=lock), slug=slug)
    return {"tenants": len(slugs), "deferred": deferred}
