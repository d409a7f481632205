"""Allergen clashes at the terminal (issue 30): a scan whose dish contains one of the receiver's allergens is not
served but answered `check` with the dish and the allergens; the cook's choice comes with the scan again
(`clashDecision`): an alternative meal served (the item served) or not served (the item stays active), both in
the scan log with who and when, replayed by their clientScanId without serving twice. The roster carries each
item's clash so a device offline decides the same."""

from __future__ import annotations

import pytest

from kantyna.catalog import services as catalog
from kantyna.meals.models import Meal
from kantyna.ordering.models import OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.tests.helpers import CARD, CARD2, items_state, make_serving, order_today
from kantyna.testing import Api
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db

CHECK = "CHECK — the dish contains: Gluten."


@pytest.fixture
def serving(tenant_a):
    """The terminal's world, the first child allergic to barley, today's pierogi containing gluten (one group)."""
    with in_tenant(tenant_a):
        serving = make_serving(tenant_a)
        cereals = catalog.allergen_group_create(actor=None, name="Zboża zawierające gluten")
        gluten = catalog.allergen_create(actor=None, name="Gluten", group=cereals)
        barley = catalog.allergen_create(actor=None, name="Jęczmień", group=cereals)
        Meal.objects.get(name="Pierogi").allergens.set([gluten])
        serving.world.child.allergies.set([barley])
        return serving


def scan(api, serving, card=CARD, **body):
    body.setdefault("mealTypesIds", [serving.world.catalog.lunch.pk])
    return api.post(f"terminal/scanCard/{serving.today.isoformat()}/{card}", body)


def entry(tenant, client_scan_id):
    with in_tenant(tenant):
        return ScannedCardEntry.objects.get(client_scan_id=client_scan_id)


def item_status(tenant, item) -> str:
    with in_tenant(tenant):
        return OrderItem.objects.get(pk=item.pk).status


def test_given_a_dish_with_the_childs_allergen_when_scanned_then_check_and_nothing_served(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)

    response = scan(cook, serving, clientScanId="scan-1")

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["result"] == "check"
    assert body["servedNow"] == []
    assert body["message"] == CHECK
    (shown,) = body["items"]
    assert shown["status"] == "active"
    assert shown["clash"] == {"dishes": ["Pierogi"], "allergens": ["Gluten"]}
    assert body["subject"]["allergens"] == [{"id": body["subject"]["allergens"][0]["id"], "name": "Jęczmień"}]
    assert item_status(tenant_a, serving.item) == "active"
    logged = entry(tenant_a, "scan-1")
    assert (logged.result, logged.served_by_id, logged.served_item_ids, logged.needs_follow_up) == (
        "check",
        serving.cook.pk,
        [],
        False,
    )


def test_given_the_polish_terminal_then_the_check_says_sprawdz(tenant_a, serving):
    cook = Api(tenant_a, serving.cook, locale="pl")

    response = scan(cook, serving, clientScanId="scan-1")

    assert response.json()["message"] == "SPRAWDŹ — danie zawiera: Gluten."


def test_given_a_check_when_the_cook_serves_an_alternative_then_served_once_and_logged(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    scan(cook, serving, clientScanId="scan-1")

    response = scan(cook, serving, clientScanId="scan-2", clashDecision="alternative_served")
    replay = scan(cook, serving, clientScanId="scan-2", clashDecision="alternative_served")

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["result"], body["servedNow"], body["message"]) == (
        "alternative_served",
        [serving.item.pk],
        "An alternative meal served.",
    )
    assert replay.status_code == 200 and replay.content == response.content
    assert item_status(tenant_a, serving.item) == "served"
    logged = entry(tenant_a, "scan-2")
    assert (logged.result, logged.served_by_id, logged.served_item_ids) == (
        "alternative_served",
        serving.cook.pk,
        [serving.item.pk],
    )
    assert logged.received_at is not None
    log = cook.get("scannedCardEntries", {"date": serving.today.isoformat()}).json()["items"]
    assert [(row["clientScanId"], row["result"], row["servedBy"]["id"]) for row in log] == [
        ("scan-2", "alternative_served", serving.cook.pk),
        ("scan-1", "check", serving.cook.pk),
    ]


def test_given_a_check_when_the_cook_does_not_serve_then_the_item_stays_active_and_it_is_logged(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    with in_tenant(tenant_a):
        before = items_state()

    response = scan(cook, serving, clientScanId="scan-1", clashDecision="not_served")

    assert response.status_code == 200, response.content
    assert (response.json()["result"], response.json()["servedNow"], response.json()["message"]) == (
        "not_served",
        [],
        "Not served.",
    )
    with in_tenant(tenant_a):
        assert items_state() == before
    assert entry(tenant_a, "scan-1").result == "not_served"


def test_given_an_offline_choice_synced_later_then_it_is_taken_as_made_without_follow_up(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)

    response = scan(cook, serving, clientScanId="offline-1", offline=True, clashDecision="alternative_served")

    assert response.json()["result"] == "alternative_served"
    assert entry(tenant_a, "offline-1").needs_follow_up is False
    assert item_status(tenant_a, serving.item) == "served"


def test_given_a_child_without_the_allergen_then_a_scan_serves_as_before(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    with in_tenant(tenant_a):
        order_today(serving.admin, "child", serving.world.child2.pk, serving.world.catalog.lunch, serving.today)

    response = scan(cook, serving, card=CARD2, clientScanId="scan-1")

    assert response.json()["result"] == "served"
    assert response.json()["items"][0]["clash"] is None


def test_given_a_clash_then_the_roster_carries_it_per_item(tenant_a, serving):
    response = Api(tenant_a, serving.cook).get("terminal/roster", {"date": serving.today.isoformat()})

    clashes = {
        (row["subject"]["type"], row["subject"]["id"]): [item["clash"] for item in row["items"]]
        for row in response.json()["subjects"]
    }
    assert clashes[("child", serving.world.child.pk)] == [{"dishes": ["Pierogi"], "allergens": ["Gluten"]}]
    assert clashes[("worker", serving.world.worker_user.pk)] == [None]


def test_given_a_clash_then_a_scan_still_makes_its_three_statements(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    scan(cook, serving, clientScanId="warm-up", card=CARD2)  # the session's tenant cached as in a running server

    with capture_queries() as queries:
        response = scan(cook, serving, clientScanId="scan-1")

    assert response.json()["result"] == "check"
    statements = [sql.split()[0] for sql in queries]
    # The session, the claim with the holder, the locked items with the dishes and their allergens, the entry.
    assert statements == ["SELECT", "SAVEPOINT", "WITH", "SELECT", "UPDATE", "RELEASE"], str(queries)
