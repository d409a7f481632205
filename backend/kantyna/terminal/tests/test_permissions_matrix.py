"""Every terminal endpoint x every persona (kantyna/testing/matrix.py): who serves is admins, institutions admins
(their institutions; the world's institution is theirs here) and cooks; everyone else 403, anonymous 401; a refusal
changes nothing, an allowed write serves. Tenant A's token on B's host is 401 and B's admin reaches none of A's
rows (a card of A is an unknown card on B, answered in the scan's own shape)."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.models import Order, OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.api.urls import urlpatterns as terminal_urlpatterns
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.tests.helpers import CARD, make_serving
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
    IA,
    IA_WITHOUT,
    MESSAGES,
    Personas,
    Row,
    cross_tenant_test,
    outcome,
    persona_matrix_test,
    personas,
    route_of,
    routes_of,
)
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db

SERVERS = personas(ADMIN, IA, IA_WITHOUT, COOK)


def lunch(ids):
    return {"mealTypesIds": [ids["lunch"]]}


SCAN_ROWS = [
    Row("scan card", "POST", "terminal/scanCard/{today}/{card}", SERVERS, body=lunch, writes=True),
    Row("card lookup", "GET", "terminal/subjects/cardNumber/{card}", SERVERS),
]
ROWS = [
    *SCAN_ROWS,
    Row("mark as scanned", "POST", "terminal/calendarDays/{item}/markAsScanned", SERVERS, body={}, writes=True),
    Row(
        "presence on the spot",
        "POST",
        "terminal/child/{child2}/presences",
        SERVERS,
        body=lambda ids: {"date": ids["today"], "mealTypesIds": [ids["lunch"]]},
        writes=True,
    ),
    Row("search", "GET", "terminal/subjects?search=Nowak", SERVERS),
    Row("roster", "GET", "terminal/roster", SERVERS),
    Row("summary", "GET", "terminal/summary", SERVERS),
    Row("summary details", "GET", "terminal/summary/details", SERVERS),
    Row("scan log", "GET", "scannedCardEntries", SERVERS),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        serving = make_serving(tenant_a)
        set_settings("orders_config", terminal_orders_enabled=True)
        world = serving.world
        world.ids = {
            "today": serving.today.isoformat(),
            "card": CARD,
            "lunch": world.catalog.lunch.pk,
            "item": serving.item.pk,
            "child2": world.child2.pk,
        }
    return world


def state(tenant):
    """What a terminal call could touch: meals and orders, the scan log, the ledger, the audit trail."""
    with in_tenant(tenant):
        return {
            "items": list(OrderItem.objects.order_by("pk").values_list("pk", "status", "served_at", "served_by_id")),
            "orders": list(Order.objects.order_by("pk").values_list("pk", "status")),
            "entries": list(ScannedCardEntry.objects.order_by("pk").values_list("pk", "result")),
            "ledger": list(LedgerTransaction.objects.order_by("pk").values_list("pk", "amount")),
            "audit": AuditEntry.objects.count(),
        }


def test_the_table_covers_every_terminal_route_and_method(world):
    routes = routes_of(terminal_urlpatterns)
    covered = {route_of(row, world.ids) for row in ROWS}
    assert routes - covered == set(), "routes without a row"
    assert covered - routes == set(), "rows of no terminal route"


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(parent=world.parent, worker=world.worker_user, institutions=[world.institution]),
)


# A card of tenant A on tenant B is an unknown card there (the scan's refusal, logged on B): the generic
# cross-tenant test expects the bare "Not found." of a row, so the card rows have their own below.
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    [row for row in ROWS if row not in SCAN_ROWS], state
)


@pytest.mark.parametrize("row", SCAN_ROWS, ids=str)
def test_given_a_card_of_another_tenant_then_401_with_its_token_and_an_unknown_card_for_its_admin(
    world, tenant_a, tenant_b, row
):
    admin_a, admin_b = make_user(tenant_a, ROLE_ADMIN), make_user(tenant_b, ROLE_ADMIN)
    before_a, before_b = state(tenant_a), state(tenant_b)

    foreign_token = row.call(Api(tenant_b, token=Api(tenant_a, admin_a).token), world.ids)
    foreign_admin = row.call(Api(tenant_b, admin_b), world.ids)

    assert outcome(foreign_token) == (401, MESSAGES[401])
    assert foreign_admin.status_code == 404
    assert foreign_admin.json()["message"] == "Unknown card."
    assert foreign_admin.json().get("scan", {"subject": None})["subject"] is None
    assert state(tenant_a) == before_a
    after_b = state(tenant_b)
    assert after_b["items"] == before_b["items"] and after_b["ledger"] == before_b["ledger"]
