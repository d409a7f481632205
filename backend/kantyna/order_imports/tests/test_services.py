"""Orders files through their services: the check reports every row (what it would cost, or why not) and orders
nothing; confirmation orders the OK rows through ordering (its prices, charges and ledger rows), reports the rows
that became invalid, and a second confirmation is refused without changing anything."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.formats import date_format

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.ledger.models import LedgerTransaction
from kantyna.order_imports.api.serializers import row_message
from kantyna.order_imports.models import ImportedOrderRow
from kantyna.order_imports.services import order_key, orders_file_confirm, orders_file_upload
from kantyna.order_imports.tests.helpers import csv_upload, make_orders_world, row, xlsx_upload
from kantyna.ordering.models import FreeDay, Order, OrderItem
from kantyna.ordering.services.items import ItemRequest
from kantyna.ordering.tests.helpers import admin, at, next_monday, place
from kantyna.people.models import Child
from kantyna.tenancy.services import in_tenant
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import balance

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        yield make_orders_world(tenant_a)


def short(day) -> str:
    with translation.override("en"):
        return date_format(day, "SHORT_DATE_FORMAT")


def outcomes(imported) -> list[tuple[int, str, str]]:
    with translation.override("en"):
        return [
            (r.position, r.status, row_message(r.problem_code, r.problem_params))
            for r in imported.rows.order_by("position")
        ]


def test_given_a_file_with_every_kind_of_row_when_uploaded_then_each_is_reported_and_nothing_is_ordered(
    tenant_a, world
):
    monday = next_monday()
    institution = world.institution.short_name
    FreeDay.objects.create(date=monday + timedelta(days=2), name="Dzień dyrektora")
    Child.objects.create(
        parent=world.parent, first_name="Ola", last_name="Kowal", institution=world.institution,
        classroom=world.classroom, diet=world.catalog.standard,
    )  # fmt: skip
    Child.objects.create(
        parent=world.parent, first_name="Ola", last_name="Kowal", institution=world.institution,
        classroom=world.classroom, diet=world.catalog.standard,
    )  # fmt: skip
    Child.objects.filter(pk=world.child2.pk).update(is_active=False)
    actor = admin(tenant_a)
    place(
        tenant_a,
        actor,
        "child",
        world.child.pk,
        [ItemRequest(date=monday + timedelta(days=1), meal_type_id=world.catalog.soup.pk)],
    )
    rows = [
        row(card="OLA001", day=monday),  # 2 ok: lunch 12.50
        row(first="ola", last="NOWAK", institution=institution, day=monday, meal="Zupa"),  # 3 ok by name: 5.00
        row(card="PRAC01", day=monday),  # 4 ok: the worker's lunch 20.00
        row(card="XXX999", day=monday),  # 5 unknown card
        row(first="Ola", last="Kowal", institution=institution, day=monday),  # 6 ambiguous
        row(first="Ala", last="Nowak", institution=institution, day=monday),  # 7 unknown person
        row(card="JAN001", day=monday),  # 8 inactive
        row(card="OLA001", day=monday, meal="Kolacja"),  # 9 unknown meal type
        row(card="OLA001", day="31.02.2030"),  # 10 bad date
        row(card="OLA001", day=monday + timedelta(days=2)),  # 11 free day
        row(card="OLA001", day=monday + timedelta(days=1), meal="Zupa"),  # 12 already ordered
        row(card="OLA001", day=monday),  # 13 repeats row 2
        row(card="OLA001", day=monday - timedelta(days=14)),  # 14 past the cut-off
        row(card="PRAC01", day=monday, meal="Podwieczorek"),  # 15 no price for workers
        row(card="OLA001", day=monday, day_to=monday + timedelta(days=4), meal="Podwieczorek"),  # 16 range: 4 days
    ]
    items_before = OrderItem.objects.count()

    imported = orders_file_upload(actor=actor, upload=csv_upload(rows))

    day, free, past = (short(d) for d in (monday, monday + timedelta(days=2), monday - timedelta(days=14)))
    tuesday = short(monday + timedelta(days=1))
    assert outcomes(imported) == [
        (2, "ok", ""),
        (3, "ok", ""),
        (4, "ok", ""),
        (5, "problem", "No one has the card number XXX999."),
        (6, "problem", "2 people are called Ola Kowal here: name them by card number or classroom."),
        (7, "problem", "There is no Ala Nowak in this institution."),
        (8, "problem", "This meal receiver is not active."),
        (9, "problem", "There is no meal type Kolacja."),
        (10, "problem", "Not a date: 31.02.2030 (write YYYY-MM-DD or DD.MM.YYYY)."),
        (11, "problem", f"Meals are not served on {free}."),
        (12, "problem", f"Already ordered for {tuesday}: skipped, not ordered twice."),
        (13, "problem", f"Row 2 already orders this meal for {day}."),
        (14, "problem", f"Ordering for {past} is closed."),
        (15, "problem", f"This meal cannot be ordered on {day}."),
        (16, "ok", ""),
    ]
    ok = {r.position: r for r in imported.rows.filter(status="ok")}
    assert {p: (r.items_count, r.amount) for p, r in ok.items()} == {
        2: (1, Decimal("12.50")),
        3: (1, Decimal("5.00")),
        4: (1, Decimal("20.00")),
        16: (4, Decimal("12.00")),
    }
    assert ok[16].skipped_days == [(monday + timedelta(days=2)).isoformat()]
    assert (ok[3].child_id, ok[4].worker_id) == (world.child.pk, world.worker.pk)
    assert OrderItem.objects.count() == items_before
    assert AuditEntry.objects.filter(action="orders_file.upload", target_id=str(imported.pk)).count() == 1


def test_given_an_xlsx_file_when_uploaded_then_it_is_checked_like_a_csv(tenant_a, world):
    monday = next_monday()

    imported = orders_file_upload(actor=admin(tenant_a), upload=xlsx_upload([row(card="OLA001", day=monday)]))

    assert (imported.file_format, outcomes(imported)) == ("xlsx", [(2, "ok", "")])


def test_checking_a_file_costs_the_same_queries_for_3_rows_as_for_30(tenant_a, world):
    monday = next_monday()
    actor = admin(tenant_a)

    def count(n: int) -> int:
        rows = [
            row(card=card, day=monday + timedelta(days=i))
            for i in range(n // 3)
            for card in ("OLA001", "JAN001", "PRAC01")
        ]
        with capture_queries() as queries:
            orders_file_upload(actor=actor, upload=csv_upload(rows))
        return len(queries)

    count(3)  # the first upload of a test also reads what later ones find cached (the settings' row)

    assert count(3) == count(30) == 19


def test_given_a_checked_file_when_confirmed_then_each_ok_row_is_ordered_charged_once_and_problems_are_not(
    tenant_a, world
):
    monday = next_monday()
    actor = admin(tenant_a)
    imported = orders_file_upload(
        actor=actor,
        upload=csv_upload(
            [
                row(card="OLA001", day=monday),
                row(card="JAN001", day=monday, day_to=monday + timedelta(days=2)),
                row(card="XXX999", day=monday),
            ]
        ),
    )
    parent_before = balance(world.parent)

    summary = orders_file_confirm(actor=actor, file=imported)

    assert summary == {"ordered": 2, "failed": 0, "items": 4, "total": Decimal("50.00")}
    orders = Order.objects.filter(idempotency_key__startswith=f"orders-file:{imported.pk}:")
    assert sorted(orders.values_list("idempotency_key", flat=True)) == [
        order_key(imported.pk, 2),
        order_key(imported.pk, 3),
    ]
    items = OrderItem.objects.filter(order__in=orders)
    assert sorted((i.child_id, i.date, i.price) for i in items) == sorted(
        [(world.child.pk, monday, Decimal("12.50"))]
        + [(world.child2.pk, monday + timedelta(days=d), Decimal("12.50")) for d in range(3)]
    )
    charges = LedgerTransaction.objects.filter(kind="charge", reference_id__in=[i.pk for i in items])
    assert charges.count() == 4
    assert balance(world.parent) == parent_before - Decimal("50.00")
    assert outcomes(imported)[:2] == [(2, "ordered", ""), (3, "ordered", "")]
    assert imported.rows.get(position=4).status == "problem"
    imported.refresh_from_db()
    assert (imported.status, imported.confirmed_by_id) == ("confirmed", actor.pk)


def test_given_a_confirmed_file_when_confirmed_again_then_it_is_refused_and_nothing_changes(tenant_a, world):
    monday = next_monday()
    actor = admin(tenant_a)
    imported = orders_file_upload(actor=actor, upload=csv_upload([row(card="OLA001", day=monday)]))
    orders_file_confirm(actor=actor, file=imported)
    before = (OrderItem.objects.count(), LedgerTransaction.objects.count(), balance(world.parent))

    with pytest.raises(DomainError) as refused:
        orders_file_confirm(actor=actor, file=imported)

    assert refused.value.code == "orders_file.already_confirmed"
    assert (OrderItem.objects.count(), LedgerTransaction.objects.count(), balance(world.parent)) == before


def test_given_rows_that_became_invalid_since_the_check_when_confirmed_then_they_fail_with_the_reason(tenant_a, world):
    monday = next_monday()
    actor = admin(tenant_a)
    rows = [
        row(card="OLA001", day=monday),
        row(card="JAN001", day=monday + timedelta(days=7)),
        row(card="PRAC01", day=monday + timedelta(days=7)),
    ]
    imported = orders_file_upload(actor=actor, upload=csv_upload(rows), now=at(monday - timedelta(days=7), 8))
    # Meanwhile Monday's cut-off passed and the worker's Monday-after lunch was ordered by someone else.
    place(
        tenant_a,
        actor,
        "institution_worker",
        world.worker_user.pk,
        [ItemRequest(date=monday + timedelta(days=7), meal_type_id=world.catalog.lunch.pk)],
    )

    summary = orders_file_confirm(actor=actor, file=imported, now=at(monday, 12))

    later = short(monday + timedelta(days=7))
    assert summary == {"ordered": 1, "failed": 2, "items": 1, "total": Decimal("12.50")}
    assert outcomes(imported) == [
        (2, "failed", f"Ordering for {short(monday)} is closed."),
        (3, "ordered", ""),
        (4, "failed", f"Already ordered for {later}: skipped, not ordered twice."),
    ]
    assert not OrderItem.objects.filter(child=world.child, date=monday).exists()


def test_given_an_admin_override_when_a_day_is_past_the_cut_off_then_it_is_checked_ok_and_ordered(tenant_a, world):
    monday = next_monday()
    actor = admin(tenant_a)
    imported = orders_file_upload(
        actor=actor, upload=csv_upload([row(card="OLA001", day=monday)]), override_cutoff=True, now=at(monday, 12)
    )

    summary = orders_file_confirm(actor=actor, file=imported, now=at(monday, 12))

    assert summary["ordered"] == 1
    assert OrderItem.objects.filter(child=world.child, date=monday, status="active").count() == 1


def test_given_only_problem_rows_when_confirmed_then_no_order_and_the_file_is_confirmed(tenant_a, world):
    actor = admin(tenant_a)
    imported = orders_file_upload(actor=actor, upload=csv_upload([row(card="XXX999", day=next_monday())]))

    summary = orders_file_confirm(actor=actor, file=imported)

    assert summary == {"ordered": 0, "failed": 0, "items": 0, "total": Decimal("0.00")}
    assert ImportedOrderRow.objects.get(file=imported).status == "problem"
