"""The active tenant of a host is kept per process for a few seconds (tenancy.selectors): a request then reads
no tenant row; a change saved through the ORM is seen at once, one made behind the ORM's back after the TTL."""

from __future__ import annotations

from django.test import Client

from kantyna.tenancy import selectors
from kantyna.tenancy.models import Tenant
from kantyna.testing.queries import capture_queries

NOT_FOUND = {"message": "Not found.", "errors": {}}


def _status(client: Client):
    return client.get("/api/frontend/tenant/status")


def test_given_a_kept_tenant_when_requesting_then_no_tenant_row_is_read(tenant_b):
    client = Client(HTTP_HOST="beta.localhost")

    with capture_queries() as queries:
        response = _status(client)

    assert response.status_code == 200
    assert not [sql for sql in queries if "tenancy_tenant" in sql]


def test_given_a_kept_tenant_when_switched_off_by_a_save_then_the_next_request_is_404(tenant_b):
    client = Client(HTTP_HOST="beta.localhost")
    assert _status(client).status_code == 200

    tenant_b.is_active = False
    tenant_b.save(update_fields=["is_active"])

    response = _status(client)
    assert (response.status_code, response.json()) == (404, NOT_FOUND)


def test_given_a_tenant_switched_off_behind_the_orm_then_it_is_served_until_the_ttl_ends(tenant_b, monkeypatch):
    client = Client(HTTP_HOST="beta.localhost")
    now = selectors.time.monotonic()
    monkeypatch.setattr(selectors.time, "monotonic", lambda: now)
    assert _status(client).status_code == 200
    Tenant.objects.filter(pk=tenant_b.pk).update(is_active=False)  # no signal: another process did it

    still = _status(client)
    monkeypatch.setattr(selectors.time, "monotonic", lambda: now + selectors.TENANT_CACHE_SECONDS + 1)
    after = _status(client)

    assert still.status_code == 200
    assert (after.status_code, after.json()) == (404, NOT_FOUND)


def test_given_unknown_labels_when_requested_then_none_is_kept_and_a_tenant_created_behind_the_orm_answers_at_once(
    tenant_b,
):
    client = Client(HTTP_HOST="gamma.localhost")
    assert _status(client).status_code == 404
    for label in ("x1", "x2", "x3"):
        assert Client(HTTP_HOST=f"{label}.localhost").get("/api/frontend/tenant/status").status_code == 404

    assert [slug for slug in selectors._cache if slug in {"gamma", "x1", "x2", "x3"}] == []
    # Another process creates the tenant (here: a rename behind the ORM's back): no cached "absent" hides it.
    Tenant.objects.filter(pk=tenant_b.pk).update(slug="gamma")
    assert _status(client).status_code == 200
    selectors.tenant_cache_clear()  # the rename is rolled back with the test: keep no tenant under its new label
