"""Serving at the terminal (issue 13, TERMINAL_API.md): a card scan serves the day's meals once, every scan is
logged (refusals too), a replayed clientScanId answers the same and changes nothing, offline duplicates and
refusals are marked for follow-up, institutions admins serve only their institutions."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.catalog.models import Allergen
from kantyna.core.api.renderers import camel_keys
from kantyna.ordering.cutoff import tenant_now
from kantyna.ordering.models import OrderItem
from kantyna.people.models import Child
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.api.serializers import ScanResultSerializer
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.tests.helpers import (
    CARD,
    CARD2,
    WORKER_CARD,
    entries_state,
    institutions_admin_of,
    items_state,
    make_serving,
)
from kantyna.testing import Api
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import make_institution_with_classroom

pytestmark = pytest.mark.django_db


@pytest.fixture
def serving(tenant_a):
    with in_tenant(tenant_a):
        return make_serving(tenant_a)


def scan(api, serving, card=CARD, **body):
    body.setdefault("mealTypesIds", [serving.world.catalog.lunch.pk])
    return api.post(f"terminal/scanCard/{serving.today.isoformat()}/{card}", body)


def test_given_a_child_with_todays_lunch_when_the_cook_scans_the_card_then_it_is_served_once(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)

    response = scan(cook, serving, clientScanId="scan-1", terminalId="T1")

    assert response.status_code == 200, response.content
    body = response.json()
    item = serving.item
    assert body["result"] == "served"
    assert body["clientScanId"] == "scan-1"
    assert body["servedNow"] == [item.pk]
    assert body["message"] == "Served."
    world = serving.world
    assert body["subject"] == {
        "type": "child",
        "id": world.child.pk,
        "firstName": world.child.first_name,
        "lastName": "Nowak",
        "cardNumber": CARD,
        "institution": {"id": world.institution.pk, "name": world.institution.name},
        "classroom": {"id": world.classroom.pk, "name": world.classroom.name},
        "diet": {"id": world.catalog.standard.pk, "name": "Standardowa"},
        "allergens": [],
        "allergiesNote": "",
        "isActive": True,
    }
    (shown,) = body["items"]
    assert shown["id"] == item.pk and shown["status"] == "served" and shown["dish"] == "Pierogi, Kompot"
    assert shown["mealType"] == {"id": world.catalog.lunch.pk, "name": "Obiad"}
    assert shown["servedBy"] == {"id": serving.cook.pk, "name": serving.cook.full_name}
    with in_tenant(tenant_a):
        item.refresh_from_db()
        assert (item.status, item.served_by_id) == ("served", serving.cook.pk)
        entry = ScannedCardEntry.objects.get()
        assert (entry.result, entry.source, entry.card_number, entry.terminal_id) == ("served", "card", CARD, "T1")
        assert (entry.child_id, entry.institution_id, entry.served_item_ids) == (
            world.child.pk,
            world.institution.pk,
            [item.pk],
        )
        assert entry.needs_follow_up is False


def test_given_a_served_meal_when_scanned_again_then_already_served_at_its_time_and_nothing_changes(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    scan(cook, serving, clientScanId="first")
    with in_tenant(tenant_a):
        before = items_state()
        served_at = OrderItem.objects.get(pk=serving.item.pk).served_at

    response = scan(cook, serving, clientScanId="second")

    clock = tenant_now(served_at).strftime("%H:%M")
    assert response.status_code == 409
    body = response.json()
    assert body["message"] == f"Already served at {clock}."
    assert body["errors"] == {}
    assert body["scan"]["result"] == "already_served"
    assert body["scan"]["servedNow"] == []
    assert body["scan"]["items"][0]["status"] == "served"
    with in_tenant(tenant_a):
        assert items_state() == before
        assert list(ScannedCardEntry.objects.order_by("pk").values_list("result", flat=True)) == [
            "served",
            "already_served",
        ]


def test_given_a_scan_when_its_client_scan_id_is_replayed_then_the_same_answer_and_no_second_entry(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    first = scan(cook, serving, clientScanId="queue-1")
    with in_tenant(tenant_a):
        items, entries = items_state(), entries_state()

    again = scan(cook, serving, clientScanId="queue-1")

    assert (again.status_code, again.content) == (first.status_code, first.content)
    with in_tenant(tenant_a):
        assert items_state() == items
        assert entries_state() == entries


def test_given_a_refused_scan_when_replayed_then_the_same_refusal(tenant_a, serving):
    cook = Api(tenant_a, serving.cook)
    first = scan(cook, serving, card="ZZ9999", clientScanId="unknown-1")

    again = scan(cook, serving, card="ZZ9999", clientScanId="unknown-1")

    assert first.status_code == 404
    assert (again.status_code, again.content) == (first.status_code, first.content)
    with in_tenant(tenant_a):
        assert ScannedCardEntry.objects.count() == 1


def test_given_an_unknown_card_then_404_logged_with_no_subject(tenant_a, serving):
    response = scan(Api(tenant_a, serving.cook), serving, card="ZZ9999")

    assert response.status_code == 404
    body = response.json()
    assert body["message"] == "Unknown card."
    assert (body["scan"]["result"], body["scan"]["subject"], body["scan"]["items"]) == ("unknown_card", None, [])
    with in_tenant(tenant_a):
        entry = ScannedCardEntry.objects.get()
        assert (entry.result, entry.card_number, entry.child_id, entry.needs_follow_up) == (
            "unknown_card",
            "ZZ9999",
            None,
            False,
        )


def test_given_no_meal_that_day_then_404_no_order(tenant_a, serving):
    with in_tenant(tenant_a):
        before = items_state()

    response = scan(Api(tenant_a, serving.cook), serving, card=CARD2)

    assert response.status_code == 404
    body = response.json()
    assert body["message"] == "No meal ordered for this day."
    assert body["scan"]["result"] == "no_order"
    assert body["scan"]["subject"]["id"] == serving.world.child2.pk
    with in_tenant(tenant_a):
        assert items_state() == before
        assert ScannedCardEntry.objects.get().result == "no_order"


def test_given_an_inactive_child_then_409_and_the_meal_stays_active(tenant_a, serving):
    with in_tenant(tenant_a):
        Child.objects.filter(pk=serving.world.child.pk).update(is_active=False)

    response = scan(Api(tenant_a, serving.cook), serving)

    assert response.status_code == 409
    assert response.json()["message"] == "This child is inactive."
    assert response.json()["scan"]["result"] == "inactive"
    with in_tenant(tenant_a):
        assert OrderItem.objects.get(pk=serving.item.pk).status == "active"


def test_given_a_worker_card_then_the_worker_is_served(tenant_a, serving):
    response = scan(Api(tenant_a, serving.cook), serving, card=WORKER_CARD)

    assert response.status_code == 200
    body = response.json()
    assert body["subject"]["type"] == "worker"
    assert body["subject"]["id"] == serving.world.worker_user.pk
    assert body["subject"]["classroom"] is None
    assert body["servedNow"] == [serving.worker_item.pk]


def test_given_two_terminals_offline_when_the_second_syncs_then_duplicate_for_follow_up(tenant_a, serving):
    first_terminal = Api(tenant_a, serving.cook)
    scan(first_terminal, serving, clientScanId="t1-1", offline=True, terminalId="T1")

    response = scan(Api(tenant_a, serving.admin), serving, clientScanId="t2-1", offline=True, terminalId="T2")

    assert response.status_code == 409
    body = response.json()
    assert body["scan"]["result"] == "duplicate"
    assert body["message"].startswith("Served twice: already served at ")
    assert body["message"].endswith(f" by {serving.cook.full_name} (offline scan).")
    with in_tenant(tenant_a):
        entry = ScannedCardEntry.objects.get(client_scan_id="t2-1")
        assert (entry.result, entry.needs_follow_up, entry.offline) == ("duplicate", True, True)
        assert ScannedCardEntry.objects.get(client_scan_id="t1-1").needs_follow_up is False


def test_given_an_offline_scan_the_server_refuses_then_it_needs_follow_up(tenant_a, serving):
    response = scan(Api(tenant_a, serving.cook), serving, card=CARD2, offline=True, clientScanId="off-1")

    assert response.status_code == 404
    with in_tenant(tenant_a):
        entry = ScannedCardEntry.objects.get()
        assert (entry.result, entry.needs_follow_up) == ("no_order", True)


def test_given_an_offline_scan_synced_later_then_served_at_the_devices_time(tenant_a, serving):
    seen = timezone.now() - timedelta(minutes=30)

    response = scan(Api(tenant_a, serving.cook), serving, offline=True, scannedAt=seen.isoformat())

    assert response.status_code == 200
    with in_tenant(tenant_a):
        assert OrderItem.objects.get(pk=serving.item.pk).served_at == seen


def test_given_an_institutions_admin_then_only_their_institutions_cards_are_known(tenant_a, serving):
    with in_tenant(tenant_a):
        other, _classroom = make_institution_with_classroom(900)
        outsider = institutions_admin_of(tenant_a, other)
        insider = institutions_admin_of(tenant_a, serving.world.institution)

    refused = scan(Api(tenant_a, outsider), serving)
    served = scan(Api(tenant_a, insider), serving)

    assert refused.status_code == 404 and refused.json()["message"] == "Unknown card."
    assert served.status_code == 200 and served.json()["result"] == "served"


def test_given_a_scan_without_meal_types_then_400_and_nothing_logged(tenant_a, serving):
    response = Api(tenant_a, serving.cook).post(f"terminal/scanCard/{serving.today}/{CARD}", {"mealTypesIds": []})

    assert response.status_code == 400
    with in_tenant(tenant_a):
        assert ScannedCardEntry.objects.count() == 0


def test_given_the_polish_locale_then_the_refusal_is_in_polish(tenant_a, serving):
    response = scan(Api(tenant_a, serving.cook, locale="pl"), serving, card="ZZ9999")

    assert response.json()["message"] == "Nieznana karta."
    assert response.json()["scan"]["message"] == "Nieznana karta."


# Served by hand, ordered on the spot --------------------------------------------------------------------------


def test_given_an_item_when_marked_as_scanned_then_served_and_logged_as_manual(tenant_a, serving):
    api = Api(tenant_a, serving.cook)
    path = f"terminal/calendarDays/{serving.item.pk}/markAsScanned"

    response = api.post(path, {"clientScanId": "m-1"})
    again = api.post(path, {})

    assert response.status_code == 200
    assert response.json()["status"] is True
    assert response.json()["scan"]["servedNow"] == [serving.item.pk]
    assert again.status_code == 409 and again.json()["scan"]["result"] == "already_served"
    with in_tenant(tenant_a):
        assert list(ScannedCardEntry.objects.order_by("pk").values_list("source", "result")) == [
            ("manual", "served"),
            ("manual", "already_served"),
        ]


def test_given_a_cancelled_or_unknown_item_when_marked_then_404_and_nothing_logged(tenant_a, serving):
    with in_tenant(tenant_a):
        OrderItem.objects.filter(pk=serving.item.pk).update(status="cancelled")
    api = Api(tenant_a, serving.cook)

    assert api.post(f"terminal/calendarDays/{serving.item.pk}/markAsScanned", {}).status_code == 404
    assert api.post("terminal/calendarDays/999999/markAsScanned", {}).status_code == 404
    with in_tenant(tenant_a):
        assert ScannedCardEntry.objects.count() == 0


def test_given_terminal_orders_disabled_when_ordering_on_the_spot_then_403_and_nothing_ordered(tenant_a, serving):
    with in_tenant(tenant_a):
        before = items_state()

    response = Api(tenant_a, serving.cook).post(
        f"terminal/child/{serving.world.child2.pk}/presences",
        {"date": serving.today.isoformat(), "mealTypesIds": [serving.world.catalog.lunch.pk]},
    )

    assert response.status_code == 403
    assert response.json()["message"] == "Ordering at the terminal is not enabled."
    with in_tenant(tenant_a):
        assert items_state() == before


def test_given_terminal_orders_enabled_when_a_cook_orders_on_the_spot_then_priced_charged_and_served(tenant_a, serving):
    from kantyna.testing.world import balance, set_settings

    world = serving.world
    with in_tenant(tenant_a):
        set_settings("orders_config", terminal_orders_enabled=True)
        before = balance(world.parent)

    response = Api(tenant_a, serving.cook).post(
        f"terminal/child/{world.child2.pk}/presences",
        {"date": serving.today.isoformat(), "mealTypesIds": [world.catalog.lunch.pk], "clientScanId": "p-1"},
    )

    assert response.status_code == 200, response.content
    scan_body = response.json()["scan"]
    assert scan_body["result"] == "served"
    with in_tenant(tenant_a):
        item = OrderItem.objects.get(child=world.child2, date=serving.today)
        assert (item.status, item.served_by_id, item.price) == ("served", serving.cook.pk, item.unit_price)
        assert scan_body["servedNow"] == [item.pk]
        assert balance(world.parent) == before - item.price
        assert ScannedCardEntry.objects.get().source == "presence"


def test_given_a_served_item_when_the_parent_cancels_then_refused(tenant_a, serving):
    scan(Api(tenant_a, serving.cook), serving)
    order_id = serving.item.order_id

    response = Api(tenant_a, serving.world.parent).post(f"orders/{order_id}/items/{serving.item.pk}/cancel", {})

    assert response.status_code in (400, 409)
    assert response.json()["message"] == "This meal was already served."
    with in_tenant(tenant_a):
        assert OrderItem.objects.get(pk=serving.item.pk).status == "served"


# A client scan id is replayed only to its own scanner and command -----------------------------------------------


def _refused_as_conflict(response, serving) -> None:
    assert response.status_code == 409, response.content
    assert response.json()["message"] == "This scan id was already used for another scan."
    assert "scan" not in response.json()
    assert serving.world.child.last_name not in response.content.decode()


def test_given_a_cooks_scan_when_another_institutions_admin_replays_its_id_then_409_and_nothing_read(tenant_a, serving):
    scan(Api(tenant_a, serving.cook), serving, clientScanId="queue-1")
    with in_tenant(tenant_a):
        other, _classroom = make_institution_with_classroom(900)
        outsider = institutions_admin_of(tenant_a, other)
        items, entries = items_state(), entries_state()

    replayed = scan(Api(tenant_a, outsider), serving, clientScanId="queue-1")
    marked = Api(tenant_a, outsider).post(
        f"terminal/calendarDays/{serving.item.pk}/markAsScanned", {"clientScanId": "queue-1"}
    )

    _refused_as_conflict(replayed, serving)
    _refused_as_conflict(marked, serving)
    with in_tenant(tenant_a):
        assert items_state() == items
        assert entries_state() == entries


def test_given_a_scan_id_when_the_same_cook_sends_it_for_another_card_or_command_then_409_and_nothing_changes(
    tenant_a, serving
):
    cook = Api(tenant_a, serving.cook)
    scan(cook, serving, clientScanId="queue-1")
    with in_tenant(tenant_a):
        items, entries = items_state(), entries_state()

    other_card = scan(cook, serving, card=WORKER_CARD, clientScanId="queue-1")
    marked = cook.post(f"terminal/calendarDays/{serving.worker_item.pk}/markAsScanned", {"clientScanId": "queue-1"})

    _refused_as_conflict(other_card, serving)
    _refused_as_conflict(marked, serving)
    with in_tenant(tenant_a):
        assert items_state() == items
        assert entries_state() == entries


def test_given_a_presence_when_its_id_is_sent_for_another_child_then_409_and_nothing_changes(tenant_a, serving):
    from kantyna.testing.world import set_settings

    world = serving.world
    cook = Api(tenant_a, serving.cook)
    body = {"date": serving.today.isoformat(), "mealTypesIds": [world.catalog.lunch.pk], "clientScanId": "p-1"}
    with in_tenant(tenant_a):
        set_settings("orders_config", terminal_orders_enabled=True)
    assert cook.post(f"terminal/child/{world.child2.pk}/presences", body).status_code == 200
    with in_tenant(tenant_a):
        items, entries = items_state(), entries_state()

    response = cook.post(f"terminal/child/{world.child.pk}/presences", body)

    _refused_as_conflict(response, serving)
    with in_tenant(tenant_a):
        assert items_state() == items
        assert entries_state() == entries


# The serving day -----------------------------------------------------------------------------------------------

DAY_REFUSED = "Meals are served today or, for a correction, on one of the last 7 days."


@pytest.mark.parametrize("days", [1, 40, -8, -40], ids=["tomorrow", "in 40 days", "8 days ago", "40 days ago"])
def test_given_a_day_outside_the_serving_window_when_scanned_then_400_and_nothing_served_or_logged(
    tenant_a, serving, days
):
    with in_tenant(tenant_a):
        OrderItem.objects.filter(pk=serving.item.pk).update(date=serving.today + timedelta(days=days))
        before = items_state()
    day = serving.today + timedelta(days=days)

    response = Api(tenant_a, serving.cook).post(
        f"terminal/scanCard/{day.isoformat()}/{CARD}", {"mealTypesIds": [serving.world.catalog.lunch.pk]}
    )
    marked = Api(tenant_a, serving.cook).post(f"terminal/calendarDays/{serving.item.pk}/markAsScanned", {})

    for answer in (response, marked):
        assert answer.status_code == 400
        assert answer.json() == {"message": DAY_REFUSED, "errors": {"date": [DAY_REFUSED]}}
    with in_tenant(tenant_a):
        assert items_state() == before
        assert ScannedCardEntry.objects.count() == 0


def test_given_a_lunch_seven_days_ago_when_scanned_later_then_it_is_served(tenant_a, serving):
    """The oldest day a device's offline queue may still bring in."""
    day = serving.today - timedelta(days=7)
    with in_tenant(tenant_a):
        OrderItem.objects.filter(pk=serving.item.pk).update(date=day)

    response = Api(tenant_a, serving.cook).post(
        f"terminal/scanCard/{day.isoformat()}/{CARD}", {"mealTypesIds": [serving.world.catalog.lunch.pk]}
    )

    assert response.status_code == 200, response.content
    assert response.json()["servedNow"] == [serving.item.pk]


def test_given_terminal_orders_enabled_when_ordering_tomorrow_on_the_spot_then_400_and_nothing_ordered_or_charged(
    tenant_a, serving
):
    from kantyna.testing.world import balance, set_settings

    world = serving.world
    with in_tenant(tenant_a):
        set_settings("orders_config", terminal_orders_enabled=True)
        before, money = items_state(), balance(world.parent)

    response = Api(tenant_a, serving.cook).post(
        f"terminal/child/{world.child2.pk}/presences",
        {"date": (serving.today + timedelta(days=1)).isoformat(), "mealTypesIds": [world.catalog.lunch.pk]},
    )

    assert response.status_code == 400
    assert response.json() == {"message": DAY_REFUSED, "errors": {"date": [DAY_REFUSED]}}
    with in_tenant(tenant_a):
        assert (items_state(), balance(world.parent)) == (before, money)
        assert ScannedCardEntry.objects.count() == 0


# The hot path's statements and the answer's shape -------------------------------------------------------------


def test_given_a_cooks_scan_then_the_claim_reads_the_holder_and_one_statement_writes_items_audit_and_entry(
    tenant_a, serving
):
    """Issue 13's scan path: the session, the claim with the card's holder in one round trip, the locked items with
    the dish of the day in another, then the items served, the audit entry and the entry's answer in one statement
    (inside the test's transaction the scan's own transaction is a savepoint)."""
    with in_tenant(tenant_a):
        allergen = Allergen.objects.create(name="Orzechy")
        serving.world.child.allergies.add(allergen)
    cook = Api(tenant_a, serving.cook)
    scan(cook, serving, clientScanId="warm", card=CARD2)  # the session's tenant cached as in a running server

    with capture_queries() as queries:
        response = scan(cook, serving, clientScanId="scan-1")

    assert response.status_code == 200, response.content
    assert response.json()["subject"]["allergens"] == [{"id": allergen.pk, "name": "Orzechy"}]
    assert response.json()["items"][0]["dish"] == "Pierogi, Kompot"
    statements = [sql.split()[0] for sql in queries]
    assert statements == ["SELECT", "SAVEPOINT", "WITH", "SELECT", "WITH", "RELEASE"], str(queries)
    claim, items, write = queries[2], queries[3], queries[4]
    assert "ON CONFLICT" in claim and '"people_child"' in claim and '"people_workerprofile"' in claim
    assert "FOR UPDATE" in items and '"menus_mealsmenuitem"' in items
    assert 'UPDATE "ordering_orderitem"' in write and 'INSERT INTO "audit_auditentry"' in write
    assert 'UPDATE "terminal_scannedcardentry"' in write
    with in_tenant(tenant_a):
        audit = AuditEntry.objects.get(action="order_items.serve")
        assert (audit.actor_user_id, audit.actor_email, audit.data) == (
            serving.cook.pk,
            serving.cook.account.email,
            {"items": [serving.item.pk]},
        )


def test_given_answers_of_a_scan_then_the_scan_results_fields_as_documented(tenant_a, serving):
    """The hand-built answer (camelCase, sent as it is stored) has `ScanResultSerializer`'s fields, served or not."""
    fields = set(camel_keys(ScanResultSerializer).values())
    cook = Api(tenant_a, serving.cook)

    served = scan(cook, serving).json()
    refused = scan(cook, serving, card="ZZ9999").json()

    assert set(served) == fields
    assert set(refused) == {"message", "errors", "scan"} and set(refused["scan"]) == fields
