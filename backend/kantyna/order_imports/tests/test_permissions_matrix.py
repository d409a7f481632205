"""Every orders files endpoint x every persona (kantyna/testing/matrix.py): only administrators (ROLE_ADMIN,
`order_imports.manage`) upload, read, download the template and confirm; a refusal changes nothing, an allowed write
changes something; tenant A's token on tenant B's host is 401 and B's admin finds none of A's files."""

from __future__ import annotations

from io import BytesIO
from types import SimpleNamespace

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.order_imports.api.urls import urlpatterns as order_imports_urlpatterns
from kantyna.order_imports.models import ImportedOrderRow, ImportedOrdersFile
from kantyna.order_imports.services import orders_file_upload
from kantyna.order_imports.tests.helpers import csv_bytes, csv_upload, make_orders_world, row
from kantyna.ordering.models import OrderItem
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_of,
    routes_of,
)

pytestmark = pytest.mark.django_db

ADMINS = personas(ADMIN)
FILE = "importedOrdersFiles/{file}"


def upload_body(ids: dict) -> dict:
    content = BytesIO(ids["csv"])
    content.name = "zamowienia.csv"
    return {"file": content}


ROWS = [
    Row("files list", "GET", "importedOrdersFiles", ADMINS),
    Row("template", "GET", "importedOrdersFiles/template", ADMINS),
    Row("upload", "POST", "importedOrdersFiles", ADMINS, body=upload_body, ok=201, writes=True, multipart=True),
    Row("file report", "GET", FILE, ADMINS),
    Row("confirm", "POST", FILE + "/confirm", ADMINS, writes=True),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_orders_world(tenant_a)
        monday = next_monday()
        imported = orders_file_upload(actor=None, upload=csv_upload([row(card="OLA001", day=monday)]))
    return SimpleNamespace(
        tenant=tenant_a,
        parent=world.parent,
        worker=world.worker_user,
        school=world.institution,
        ids={"file": imported.pk, "csv": csv_bytes([row(card="JAN001", day=monday)])},
    )


def state(tenant):
    with in_tenant(tenant):
        return {
            "files": list(ImportedOrdersFile.objects.order_by("pk").values_list("pk", "status")),
            "rows": list(ImportedOrderRow.objects.order_by("pk").values_list("pk", "status")),
            "items": OrderItem.objects.count(),
            "audit": AuditEntry.objects.count(),
        }


def test_the_table_covers_every_order_imports_route_and_method(world):
    covered = {route_of(row, world.ids) for row in ROWS}
    routes = routes_of(order_imports_urlpatterns)
    assert routes - covered == set(), "routes without a row"
    assert covered - routes == set(), "rows of no order_imports route"


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS, state, people=lambda world: Personas(parent=world.parent, worker=world.worker, institutions=[world.school])
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_files_is_shown(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))

    assert api.get("importedOrdersFiles").json()["items"] == []
