"""Every statements endpoint x every persona (kantyna/testing/matrix.py): only administrators (ROLE_ADMIN,
`statements.manage`) upload, review, change a match and confirm; a refusal changes nothing, an allowed write
changes something; tenant A's token on tenant B's host is 401 and B's admin finds none of A's files."""

from __future__ import annotations

from io import BytesIO
from types import SimpleNamespace

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ledger.models import LedgerTransaction
from kantyna.statements.api.urls import urlpatterns as statements_urlpatterns
from kantyna.statements.models import ImportedPayment, ImportedPaymentsFile
from kantyna.statements.services import statement_import
from kantyna.statements.tests.helpers import make_statement_world, statement_bytes, upload
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
FILE = "importedPaymentsFiles/{file}"


def upload_body(ids: dict) -> dict:
    content = BytesIO(ids["statement"])
    content.name = "wyciag.sta"
    return {"file": content, "fileFormat": "mt940"}


ROWS = [
    Row("files list", "GET", "importedPaymentsFiles", ADMINS),
    Row("csv profiles", "GET", "importedPaymentsFiles/csvProfiles", ADMINS),
    Row("upload", "POST", "importedPaymentsFiles", ADMINS, body=upload_body, ok=201, writes=True, multipart=True),
    Row("file details", "GET", FILE, ADMINS),
    Row("change a match", "PUT", FILE + "/items/{unmatched}", ADMINS, body=lambda ids: {"userId": ids["parent"]}, writes=True),
    Row("confirm", "POST", FILE + "/confirm", ADMINS, writes=True),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    world = make_statement_world(tenant_a)
    with in_tenant(tenant_a):
        imported = statement_import(actor=None, upload=upload(world, "statement.mt940.tmpl"))
        unmatched = imported.items.get(match_kind="none")
    return SimpleNamespace(
        tenant=tenant_a,
        parent=world.anna,
        worker=world.celina,
        school=world.school,
        ids={
            "file": imported.pk,
            "unmatched": unmatched.pk,
            "parent": world.bartek.pk,
            "statement": statement_bytes(world, "overlap.mt940.tmpl"),
        },
    )


def state(tenant):
    with in_tenant(tenant):
        return {
            "files": list(ImportedPaymentsFile.objects.order_by("pk").values_list("pk", "status")),
            "items": list(ImportedPayment.objects.order_by("pk").values_list("pk", "match_kind", "user_id")),
            "deposits": LedgerTransaction.objects.count(),
            "audit": AuditEntry.objects.count(),
        }


def test_the_table_covers_every_statements_route_and_method(world):
    covered = {route_of(row, world.ids) for row in ROWS}
    routes = routes_of(statements_urlpatterns)
    assert routes - covered == set(), "routes without a row"
    assert covered - routes == set(), "rows of no statements route"


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS, state, people=lambda world: Personas(parent=world.parent, worker=world.worker, institutions=[world.school])
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_files_is_shown(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))

    assert api.get("importedPaymentsFiles").json()["items"] == []
