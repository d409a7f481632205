"""`calendar/freeDays`: list, create (a day or a range), delete, search, range; admin writes, everyone reads."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLES
from kantyna.ordering.models import FreeDay, OrderItem
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user
from kantyna.testing.world import balance

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(tenant_a):
    return Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))


def test_an_admin_creates_a_range_for_an_institution_and_lists_it(world, admin, tenant_a):
    monday = next_monday()
    response = admin.post(
        "calendar/freeDays",
        {
            "date": monday.isoformat(),
            "dateTo": (monday + timedelta(days=2)).isoformat(),
            "institutionId": world.institution.pk,
            "name": "Rekolekcje",
        },
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert isinstance(body["id"], int) and len(body["ids"]) == 3
    assert body["institutionName"] == world.institution.name
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="free_day.create").count() == 3
    listed = admin.get("calendar/freeDays", {"institutionId": world.institution.pk, "perPage": 2}).json()
    assert (listed["total"], len(listed["items"]), listed["items"][0]["name"]) == (3, 2, "Rekolekcje")
    assert_error(
        admin.post("calendar/freeDays", {"date": monday.isoformat(), "institutionId": world.institution.pk}),
        400,
        "The given data was invalid.",
        {"date": ...},
    )


def test_a_new_free_day_cancels_and_refunds_that_days_orders(world, admin, tenant_a):
    monday = next_monday()
    parent = Api(tenant_a, world.parent)
    parent.post(
        f"calendar/days/child/{world.child.pk}/presences",
        {"calendarDaysData": [{"date": monday.isoformat(), "mealTypes": [{"mealTypeId": world.catalog.lunch.pk}]}]},
    )
    assert admin.post("calendar/freeDays", {"date": monday.isoformat(), "name": "Święto"}).status_code == 201
    with in_tenant(tenant_a):
        assert OrderItem.objects.get(child=world.child).status == "cancelled"
        assert balance(world.parent) == Decimal("500.00")


def test_delete_by_ids_or_by_date_and_search_and_range(world, admin, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        global_day = FreeDay.objects.create(date=monday, name="Wszyscy")
        own = FreeDay.objects.create(date=monday + timedelta(days=1), institution=world.institution, name="Własny")
        FreeDay.objects.create(date=monday + timedelta(days=2), institution=None, name="Inny")
    ranged = admin.post(
        "calendar/freeDays/range",
        {
            "dateFrom": monday.isoformat(),
            "dateTo": (monday + timedelta(days=1)).isoformat(),
            "institutionId": world.institution.pk,
        },
    ).json()
    assert [day["id"] for day in ranged["items"]] == [global_day.pk, own.pk]
    searched = admin.post("calendar/freeDays/search", {"search": "Wła"}).json()
    assert [day["id"] for day in searched["items"]] == [own.pk]

    assert admin.delete("calendar/freeDays", {"ids": [own.pk]}).json() == {"status": True}
    assert admin.delete("calendar/freeDays", {"date": monday.isoformat()}).json() == {"status": True}
    with in_tenant(tenant_a):
        assert list(FreeDay.objects.values_list("name", flat=True)) == ["Inny"]
    assert_error(admin.delete("calendar/freeDays", {"ids": [own.pk]}), 404, "Not found.")


@pytest.mark.parametrize("role", ROLES)
def test_everyone_reads_free_days_only_admins_write(world, tenant_a, role):
    api = Api(tenant_a, make_user(tenant_a, role))
    assert api.get("calendar/freeDays").status_code == 200
    assert api.post("calendar/freeDays/search", {}).status_code == 200
    response = api.post("calendar/freeDays", {"date": next_monday().isoformat(), "name": "X"})
    if role == ROLE_ADMIN:
        assert response.status_code == 201
    else:
        assert_error(response, 403, "Forbidden.")
        with in_tenant(tenant_a):
            assert FreeDay.objects.count() == 0


def test_free_days_are_per_tenant(world, admin, tenant_a, tenant_b):
    with in_tenant(tenant_a):
        day = FreeDay.objects.create(date=next_monday(), name="A")
    other = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))
    assert other.get("calendar/freeDays").json()["total"] == 0
    assert_error(other.delete("calendar/freeDays", {"ids": [day.pk]}), 404, "Not found.")
    assert Api(tenant_a, token=other.token).get("calendar/freeDays").status_code == 401
