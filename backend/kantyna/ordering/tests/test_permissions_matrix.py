"""Every ordering endpoint (calendar, free days, bulk presences, drafts, subjects' settings, orders) x every persona:
the expected status, a refusal changes nothing, an allowed write changes something; and tenant A's token on
tenant B's host is 401 while B's admin cannot reach A's rows (kantyna/testing/matrix.py).

Who may call what: spec api-calls.tsv / routes.tsv and §6 (view calendar and orders: admin, parent, institutions
admin with children_edit; create orders: power users with orders_create, workers; cancel: orders_cancel or the
customer's own; edit: orders_edit; free days and bulk presences: admins; prepaid: admin and customers). The world:
a parent with two children and a worker in one institution, an order of each (and an uncharged one), a free day,
the subjects' automark choices and a draft of every persona."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ordering.api.urls import urlpatterns as ordering_urlpatterns
from kantyna.ordering.models import Absence, FreeDay, MarkedPresencesDraft, Order, OrderItem
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import next_monday
from kantyna.people.api.children import urlpatterns as people_children_urlpatterns
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    PARENT,
    TENANT_USERS,
    WORKER,
    Row,
    assert_matrix,
    cross_tenant_test,
    make_personas,
    personas,
    route_coverage_test,
    routes_of,
    run_row,
)
from kantyna.testing.world import make_world, set_settings

pytestmark = pytest.mark.django_db

ALL = TENANT_USERS
CHILD = "calendar/days/child/{child}"
SELF = "calendar/days/institution_worker/{worker}"


def days(*keys: str, meal_type: str = "lunch"):
    return lambda ids: {
        "calendarDaysData": [{"date": ids[key], "mealTypes": [{"mealTypeId": ids[meal_type]}]} for key in keys]
    }


def order_body(subject_type: str, subject: str, *keys: str):
    return lambda ids: {
        "subjectType": subject_type,
        "subjectId": ids[subject],
        "items": [{"date": ids[key], "mealTypeId": ids["lunch"]} for key in keys],
    }


def subject_rows(name: str, path: str, customer: str, stranger: str) -> list[Row]:
    """The calls on one subject's calendar: its customer (parent / the worker themselves) reaches it, the other
    customer holds the abilities but not the subject (404)."""
    serves, hidden = personas(ADMIN, IA, customer), personas(stranger)
    return [
        Row(f"{name} month", "GET", path, serves, "children_edit", hidden),
        Row(f"{name} count", "GET", path + "/count", serves, "children_edit", hidden),
        Row(f"{name} day", "GET", path + "/{tue}", serves, "children_edit", hidden),
        Row(
            f"{name} presences", "POST", path + "/presences", serves, "orders_create", hidden, days("tue"), writes=True
        ),
        Row(
            f"{name} presences default",
            "POST",
            path + "/presences/default",
            serves,
            "orders_create",
            hidden,
            lambda ids: {"dates": [ids["wed"]]},
            writes=True,
        ),
        # An absence cancels meals: the abilities of the orders' cancel commands (staff: orders_cancel).
        Row(
            f"{name} absences",
            "POST",
            path + "/absences",
            serves,
            "orders_cancel",
            hidden,
            lambda ids: {"dates": [ids["mon"]]},
            writes=True,
        ),
    ]


SETTINGS_BODY = {"subjectNotificationsSettings": {"missingOrdersEnabled": True, "missingOrdersDaysBefore": 2}}
NOTIFICATIONS_BODY = {"missingOrdersEnabled": True, "missingOrdersDaysBefore": 2}


def settings_rows(name: str, subject: str, customer: str) -> list[Row]:
    """A subject's settings answer 404 to whoever does not reach the subject with the right (never 403)."""
    serves, hidden = personas(ADMIN, IA, customer), ALL - personas(ADMIN, IA, customer)
    path, notifications = f"calendar/subjectsSettings/{subject}", f"notifications/{subject}/settings"
    return [
        Row(f"{name} settings read", "GET", path, serves, "children_edit", hidden),
        Row(f"{name} settings write", "PUT", path, serves, "children_edit", hidden, SETTINGS_BODY, writes=True),
        Row(
            f"{name} notifications settings",
            "PUT",
            notifications,
            serves,
            "children_edit",
            hidden,
            NOTIFICATIONS_BODY,
            writes=True,
        ),
    ]


def subject_orders_rows(name: str, subject_path: str, customer: str, stranger: str) -> list[Row]:
    serves, hidden = personas(ADMIN, IA, customer), personas(stranger)
    return [
        Row(f"{name} orders count", "GET", f"orders/subjects/{subject_path}/count", serves, "children_edit", hidden),
        Row(f"{name} orders", "GET", f"orders/subjects/{subject_path}/orders", serves, "children_edit", hidden),
    ]


def cancel_rows(name: str, order: str, item: str, customer: str, stranger: str) -> list[Row]:
    serves, hidden = personas(ADMIN, IA, customer), personas(stranger)
    return [
        Row(f"{name} cancel", "POST", f"orders/{{{order}}}/cancel", serves, "orders_cancel", hidden, writes=True),
        Row(
            f"{name} cancel item",
            "POST",
            f"orders/{{{order}}}/items/{{{item}}}/cancel",
            serves,
            "orders_cancel",
            hidden,
            writes=True,
        ),
        Row(
            f"{name} bulk cancel",
            "POST",
            "orders/bulkCancel",
            serves,
            "orders_cancel",
            hidden,
            lambda ids: {"ordersIds": [ids[order]]},
            writes=True,
            foreign=404,
        ),
    ]


ORDERS_READERS = personas(ADMIN, IA, PARENT)
STAFF_CREATE = personas(ADMIN, IA)

ROWS = [
    # Free days: everyone reads, admins write.
    Row("free days list", "GET", "calendar/freeDays", ALL),
    Row("free days search", "POST", "calendar/freeDays/search", ALL, body={}),
    Row("free days range", "POST", "calendar/freeDays/range", ALL, body=lambda ids: {"dateFrom": ids["mon"], "dateTo": ids["later"]}),
    Row("free day create", "POST", "calendar/freeDays", personas(ADMIN), body=lambda ids: {"date": ids["fri"], "name": "Wolne"}, ok=201, writes=True),
    Row("free day delete", "DELETE", "calendar/freeDays", personas(ADMIN), body=lambda ids: {"ids": [ids["free_day"]]}, writes=True, foreign=404),
    # One subject's calendar.
    *subject_rows("child", CHILD, PARENT, WORKER),
    *subject_rows("worker", SELF, WORKER, PARENT),
    # Several subjects at once.
    Row("child in months", "GET", "calendar/days/subjects/month?subjects=child:{child}&month={month}", personas(ADMIN, IA, PARENT), "children_edit", personas(WORKER), foreign=404),
    Row("worker in months", "GET", "calendar/days/subjects/month?subjects=institution_worker:{worker}&month={month}", personas(ADMIN, IA, WORKER), "children_edit", personas(PARENT), foreign=404),
    Row("many presences", "POST", "calendar/days/presences", personas(ADMIN, IA, PARENT), "orders_create", personas(WORKER), lambda ids: {"subjects": [{"type": "child", "id": ids["child"]}], **days("tue")(ids)}, writes=True, foreign=404),
    Row("many absences", "POST", "calendar/days/absences", personas(ADMIN, IA, PARENT), "orders_cancel", personas(WORKER), lambda ids: {"subjects": [{"type": "child", "id": ids["child"]}], "dates": [ids["mon"]]}, writes=True, foreign=404),
    # Admins' pages.
    Row("bulk mark", "POST", "calendar/bulkPresences/mark", personas(ADMIN), body=lambda ids: {"subjects": [{"type": "child", "id": ids["child"]}], "dates": [ids["tue"]], "mealTypesIds": [ids["lunch"]]}, writes=True, foreign=404),
    Row("bulk mark range", "POST", "calendar/bulkPresences/markRange", personas(ADMIN), body=lambda ids: {"institutionId": ids["institution"], "dateFrom": ids["tue"], "dateTo": ids["tue"], "mealTypesIds": [ids["lunch"]]}, writes=True),
    Row("subjects page", "GET", "calendar/days/subjects?month={month}", personas(ADMIN, IA), "children_edit"),
    Row("events", "GET", "calendar/days/events?dateFrom={mon}&dateTo={later}", ALL),
    # Drafts: whoever marks keeps one (every persona has one already).
    Row("draft save", "POST", "calendar/days/markedPresencesDrafts", personas(ADMIN, IA, PARENT, WORKER), "orders_create", body={"data": {"month": "2030-01", "dates": ["2030-01-07"], "subjects": []}}, ok=201, writes=True),
    Row("draft load", "GET", "calendar/days/markedPresencesDrafts", personas(ADMIN, IA, PARENT, WORKER), "orders_create"),
    Row("draft delete", "DELETE", "calendar/days/markedPresencesDrafts", personas(ADMIN, IA, PARENT, WORKER), "orders_create", writes=True),
    # Subjects' settings.
    *settings_rows("child", "child/{child}", PARENT),
    *settings_rows("worker", "institution_worker/{worker}", WORKER),
    # Orders: the list and its counts.
    Row("orders list", "GET", "orders", ORDERS_READERS, "children_edit"),
    Row("orders totals", "GET", "orders_totals", ORDERS_READERS, "children_edit"),
    Row("orders totals alias", "GET", "orders/totals", ORDERS_READERS, "children_edit"),
    Row("orders count", "POST", "orders/count", ORDERS_READERS, "children_edit", body={}),
    Row("orders per day", "POST", "orders/countGroupedByDates/search", ORDERS_READERS, "children_edit", body={}),
    # The list's extras: a spreadsheet, the meal types filter; the kitchen's summary is for staff only.
    Row("orders export", "POST", "orders/export", ORDERS_READERS, "children_edit", body={"format": "csv"}),
    Row("orders meal types", "GET", "orders/mealTypes", ORDERS_READERS, "children_edit"),
    Row("orders summary", "GET", "orders/summary", STAFF_CREATE, "children_edit"),
    # One order.
    Row("child order details", "GET", "orders/{order}", personas(ADMIN, IA, PARENT), "children_edit", personas(WORKER)),
    Row("worker order details", "GET", "orders/{worker_order}", personas(ADMIN, IA, WORKER), "children_edit", personas(PARENT)),
    Row("child order confirmation", "GET", "orders/{order}/confirmation", personas(ADMIN, IA, PARENT), "children_edit", personas(WORKER)),
    Row("worker order confirmation", "GET", "orders/{worker_order}/confirmation", personas(ADMIN, IA, WORKER), "children_edit", personas(PARENT)),
    Row("order remove", "DELETE", "orders/{uncharged_order}", STAFF_CREATE, "orders_edit", writes=True),
    Row("order update", "PUT", "orders/{order}/update", STAFF_CREATE, "orders_edit", body=order_body("child", "child", "tue"), writes=True),
    Row("order similar", "POST", "orders/{order}/createSimilar", STAFF_CREATE, "orders_create", personas(WORKER), lambda ids: {"dates": [ids["later"]]}, ok=201, writes=True),
    *cancel_rows("child order", "order", "item", PARENT, WORKER),
    *cancel_rows("worker order", "worker_order", "worker_item", WORKER, PARENT),
    Row("child meal type cancel", "POST", "orders/cancelMealType", personas(ADMIN, IA, PARENT), "orders_cancel", personas(WORKER), lambda ids: {"subjectType": "child", "subjectId": ids["child"], "mealTypeId": ids["lunch"], "dateFrom": ids["mon"], "dateTo": ids["mon"]}, writes=True, foreign=404),
    # Placing orders: power users with orders_create and workers (for themselves); parents mark in the calendar.
    Row("child order create", "POST", "orders/create", STAFF_CREATE, "orders_create", personas(WORKER), order_body("child", "child", "tue"), ok=201, writes=True, foreign=404),
    Row("worker order create", "POST", "orders/create", personas(ADMIN, IA, WORKER), "orders_create", body=order_body("institution_worker", "worker", "tue"), ok=201, writes=True, foreign=404),
    Row("orders bulk create", "POST", "orders/bulkCreate", STAFF_CREATE, "orders_create", personas(WORKER), lambda ids: {"orders": [order_body("child", "child", "tue")(ids)]}, ok=201, writes=True, foreign=404),
    # Prepaid: admins and customers (the tenant allows it here), never institutions admins.
    Row("child prepaid", "POST", "orders/createPrepaidOrder", personas(ADMIN, PARENT), hidden=personas(WORKER), body=lambda ids: {"subjectType": "child", "subjectId": ids["child"], "month": ids["prepaid_month"], "mealTypeIds": [ids["lunch"]]}, ok=201, writes=True, foreign=404),
    Row("worker prepaid", "POST", "orders/createPrepaidOrder", personas(ADMIN, WORKER), hidden=personas(PARENT), body=lambda ids: {"subjectType": "institution_worker", "subjectId": ids["worker"], "month": ids["prepaid_month"], "mealTypeIds": [ids["lunch"]]}, ok=201, writes=True, foreign=404),
    # A subject's orders.
    *subject_orders_rows("child", "child/{child}", PARENT, WORKER),
    *subject_orders_rows("worker", "institution_worker/{worker}", WORKER, PARENT),
]  # fmt: skip


def place(actor, subject_type: str, subject_id: int, day, meal_type) -> Order:
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    return items_place(actor=actor, subject=subject, requests=[ItemRequest(day, meal_type.pk)]).order


@pytest.fixture
def world(tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        lunch = world.catalog.lunch
        set_settings("presences_marking_config", allow_prepaid_orders=True)
        order = place(world.parent, "child", world.child.pk, monday, lunch)
        worker_order = place(world.worker_user, "institution_worker", world.worker_user.pk, monday, lunch)
        set_settings("fees", order_charge_time="in_order_day")
        uncharged = place(world.parent, "child", world.child2.pk, monday, lunch)
        set_settings("fees", order_charge_time="on_marking")
        free_day = FreeDay.objects.create(date=monday + timedelta(days=3), name="Dzień dyrektora")
        for subject in ({"child": world.child}, {"worker": world.worker}):
            settings, _created = CalendarSubjectSettings.objects.get_or_create(**subject)
            settings.autoselected_meal_types.set([lunch])
        world.ids = {
            "child": world.child.pk,
            "worker": world.worker_user.pk,
            "institution": world.institution.pk,
            "lunch": lunch.pk,
            "order": order.pk,
            "item": order.items.get().pk,
            "worker_order": worker_order.pk,
            "worker_item": worker_order.items.get().pk,
            "uncharged_order": uncharged.pk,
            "free_day": free_day.pk,
            "mon": monday.isoformat(),
            "tue": (monday + timedelta(days=1)).isoformat(),
            "wed": (monday + timedelta(days=2)).isoformat(),
            "fri": (monday + timedelta(days=4)).isoformat(),
            "later": (monday + timedelta(days=7)).isoformat(),
            "month": monday.strftime("%Y-%m"),
            "prepaid_month": (monday + timedelta(days=31)).strftime("%Y-%m"),
        }
    return world


def state(tenant):
    """Everything an ordering call could touch: orders and meals, absences, free days, drafts, subjects'
    settings, the ledger and the audit trail."""
    through = CalendarSubjectSettings.autoselected_meal_types.through
    with in_tenant(tenant):
        return {
            "orders": list(Order.objects.order_by("pk").values_list("pk", "status", "kind", "note")),
            "items": list(OrderItem.objects.order_by("pk").values_list("pk", "status", "date", "charged_at")),
            "absences": list(Absence.objects.order_by("pk").values_list("pk", "child_id", "worker_id", "date")),
            "free_days": list(FreeDay.objects.order_by("pk").values_list("pk", "date", "institution_id", "name")),
            "drafts": list(MarkedPresencesDraft.objects.order_by("pk").values_list("pk", "user_id", "data")),
            "settings": list(
                CalendarSubjectSettings.objects.order_by("pk").values_list(
                    "pk", "automark_presences", "automarked_weekdays", "missing_orders_enabled"
                )
            ),
            "autoselected": sorted(through.objects.values_list("pk", "mealtype_id")),
            "ledger": list(LedgerTransaction.objects.order_by("pk").values_list("pk", "amount")),
            "balances": list(LedgerAccount.objects.order_by("pk").values_list("pk", "balance")),
            "audit": AuditEntry.objects.count(),
        }


# The meal receivers' settings (calendar/subjectsSettings, notifications/.../settings) are served by people's api.
test_the_table_covers_every_ordering_route_and_method = route_coverage_test(
    ROWS,
    routes_of(ordering_urlpatterns)
    | {
        route
        for route in routes_of(people_children_urlpatterns)
        if route[0] in ("SubjectSettingsView", "SubjectNotificationsSettingsView")
    },
    area="ordering",
)


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing(world, tenant_a, row):
    users = make_personas(
        tenant_a, row, parent=world.parent, worker=world.worker_user, institutions=[world.institution]
    )
    with in_tenant(tenant_a):
        for user in users.values():
            if user is not None:
                MarkedPresencesDraft.objects.create(user=user, data={"days": []})

    result = run_row(tenant_a, row, users, world.ids, lambda: state(tenant_a))

    assert_matrix(row, result)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
