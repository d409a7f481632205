"""What the jobs of every app share about tenants: a job of one tenant names it by slug and runs in its schema
(`tenant_job`), skipped while the tenant is not ready; a periodic job fans out one job per tenant it serves
(`defer_for_each_tenant`, the only fan-out), each behind the tenant's lock (`tenant_lock`); a job guarded by a
queueing lock is deferred only when none already waits (`defer_unless_waiting`)."""

from __future__ import annotations

import functools
import logging

from django.db import connection, transaction
from django_tenants.utils import schema_exists, tenant_context
from procrastinate.exceptions import AlreadyEnqueued

from kantyna.tenancy.models import Tenant

logger = logging.getLogger(__name__)


def tenant_job(function):
    """Makes `function` a job of one tenant (put it under `@app.task`): called with `slug=` and its own arguments, it
    runs in that tenant's schema, and the connection is back where it was after it (a worker's: the public schema),
    whatever happens (a worker's connection serves the next job, of any tenant).

    A tenant that is not ready (still being created: its schema not migrated yet, `tenant_create`), is gone, or
    whose schema is missing is skipped: a warning is logged and the job succeeds with None. Failing would not help:
    a job without retries failed for good ('relation ... does not exist'), one with retries failed each time until
    given up, and the next periodic run does the work once the tenant is ready. A tenant switched off (`is_active`)
    still runs the jobs deferred before: a send or a KSeF session in progress is finished; the fan-out defers no
    new ones for it."""

    @functools.wraps(function)
    def run(*, slug: str, **arguments):
        tenant = Tenant.objects.ready().filter(slug=slug).first()  # public tables are on every search_path
        if tenant is None or not schema_exists(tenant.schema_name):
            logger.warning("Job %s.%s skipped: tenant %r is not ready (being created), gone or without its schema",
                           function.__module__, function.__qualname__, slug)  # fmt: skip
            return None
        with tenant_context(tenant):
            return function(**arguments)

    return run


def active_tenant_slugs() -> list[str]:
    """The slugs of the tenants a periodic job serves: ready (complete) and switched on, never the public schema."""
    connection.set_schema_to_public()
    return list(Tenant.objects.serving().order_by("slug").values_list("slug", flat=True))


def tenant_lock(task_name: str, slug: str) -> str:
    """The lock, and queueing lock, of a tenant's job of `task_name` (the fan-out's and any other deferral of it,
    e.g. fiscal's click in the office, so both share it)."""
    return f"{task_name}:{slug}"


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


def defer_for_each_tenant(task) -> dict:
    """One `task(slug=...)` (a `tenant_job`) per tenant a periodic job serves (`active_tenant_slugs`): the one way a
    periodic job fans out, so every fan-out keeps one lock policy.

    Each job is behind the tenant's lock as both its `queueing_lock` and its `lock` (`tenant_lock`):
    - queueing lock: at most one job of a tenant waits. A tenant whose previous job still waits (a slow night, a
      worker that was down, a fiscal batch holding a worker) gets no second one, the waiting one does the same
      work, and that tenant's refusal (AlreadyEnqueued, caught in a savepoint, logged) never stops the loop: every
      tenant after it still gets its job.
    - lock: a tenant's job never runs twice at once (a slow run and the next one). Every fanned-out job needs it:
      two reminder runs would remind twice, two charge or automark runs would race for the same days (their keys
      keep the money right, not the work), two reconciliations would ask the provider twice; and the queueing lock
      alone would not give it, as a job waits again as soon as the previous one started."""
    slugs = active_tenant_slugs()
    deferred = 0
    for slug in slugs:
        lock = tenant_lock(task.name, slug)
        if defer_unless_waiting(task.configure(lock=lock, queueing_lock=lock), slug=slug):
            deferred += 1
        else:
            logger.info("%s for tenant %r not deferred: its previous job still waits", task.name, slug)
    return {"tenants": len(slugs), "deferred": deferred}
