"""Moving a child or an institution worker to another institution cancels its active meals from tomorrow on
(through ordering's items_cancel, refunding what was charged) in the same transaction as the change."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import OrderItem
from kantyna.ordering.selectors.orders import child_active_future_orders_count
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import next_monday
from kantyna.people.services.children import child_update
from kantyna.people.services.workers import institution_worker_update
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user
from kantyna.testing.world import balance, make_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        world.admin = make_user(tenant_a, ROLE_ADMIN)
        world.other = institution_create(actor=None, name="Szkoła inna", short_name="SI", slug="s-inna", kind="school")
        world.other_classroom = classroom_create(actor=None, institution=world.other, name="1B")
        yield world


def mark_week(world, subject_type: str, subject_id: int, actor):
    monday = next_monday()
    week = [monday + timedelta(days=offset) for offset in range(5)]
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    return items_place(
        actor=actor, subject=subject, requests=[ItemRequest(day, world.catalog.lunch.pk) for day in week]
    ).created


def test_given_future_orders_when_the_child_moves_then_they_are_cancelled_and_refunded(world):
    created = mark_week(world, "child", world.child.pk, world.parent)
    other_child_items = mark_week(world, "child", world.child2.pk, world.parent)
    assert child_active_future_orders_count(world.child, actor=world.admin) == 5
    assert balance(world.parent) == Decimal("500.00") - 10 * Decimal("12.50")

    child_update(actor=world.admin, instance=world.child, classroom=world.other_classroom)

    world.child.refresh_from_db()
    assert world.child.institution_id == world.other.pk
    assert child_active_future_orders_count(world.child, actor=world.admin) == 0
    assert set(OrderItem.objects.filter(pk__in=[i.pk for i in created]).values_list("status", flat=True)) == {
        "cancelled"
    }
    # the sibling's meals stay; the moved child's charges come back
    assert OrderItem.objects.filter(pk__in=[i.pk for i in other_child_items], status="active").count() == 5
    assert balance(world.parent) == Decimal("500.00") - 5 * Decimal("12.50")
    assert ledger_balance_mismatches() == []


def test_given_todays_meal_when_the_child_moves_then_only_meals_from_tomorrow_are_cancelled(world):
    today = tenant_today()
    subject = subject_resolve("child", world.child.pk, actor=world.admin)
    placed = items_place(
        actor=world.admin,
        subject=subject,
        requests=[
            ItemRequest(today, world.catalog.lunch.pk),
            ItemRequest(today + timedelta(days=1), world.catalog.lunch.pk),
        ],
        staff_override=True,
    ).created
    by_date = {item.date: item for item in placed}

    child_update(actor=world.admin, instance=world.child, classroom=world.other_classroom)

    assert OrderItem.objects.get(pk=by_date[today].pk).status == "active"
    assert OrderItem.objects.get(pk=by_date[today + timedelta(days=1)].pk).status == "cancelled"


def test_given_the_same_institution_when_the_classroom_changes_then_orders_stay(world):
    mark_week(world, "child", world.child.pk, world.parent)
    same_institution = classroom_create(actor=None, institution=world.institution, name="2C")

    child_update(actor=world.admin, instance=world.child, classroom=same_institution)

    assert child_active_future_orders_count(world.child, actor=world.admin) == 5


def test_given_future_orders_when_the_worker_moves_then_they_are_cancelled_and_refunded(world):
    created = mark_week(world, "institution_worker", world.worker_user.pk, world.worker_user)
    assert balance(world.worker_user) == Decimal("500.00") - 5 * Decimal("20.00")

    institution_worker_update(actor=world.admin, instance=world.worker, institution=world.other)

    assert set(OrderItem.objects.filter(pk__in=[i.pk for i in created]).values_list("status", flat=True)) == {
        "cancelled"
    }
    assert balance(world.worker_user) == Decimal("500.00")
    assert ledger_balance_mismatches() == []


def test_given_a_closed_day_when_the_parent_moves_the_child_then_only_open_days_are_counted_and_cancelled(world):
    # Given tomorrow is already closed for ordering (staff placed it) and a later open day is ordered too
    tomorrow = tenant_today() + timedelta(days=1)
    subject = subject_resolve("child", world.child.pk, actor=world.admin)
    open_day = next_monday() + timedelta(days=7)
    placed = items_place(
        actor=world.admin,
        subject=subject,
        requests=[ItemRequest(tomorrow, world.catalog.lunch.pk), ItemRequest(open_day, world.catalog.lunch.pk)],
        staff_override=True,
    ).created
    by_date = {item.date: item for item in placed}
    settings_update(actor=None, key="orders_config", data={"order_deadline_days_before": 2})
    settings_update(
        actor=None,
        key="parents_settings",
        data={"allow_changing_institutions": True, "allow_changing_classrooms": True},
    )

    # The form's confirmation counts what the move will cancel: for the parent the open day only, for staff both
    assert child_active_future_orders_count(world.child, actor=world.parent) == 1
    assert child_active_future_orders_count(world.child, actor=world.admin) == 2

    # When the parent moves the child to another institution
    child_update(actor=world.parent, instance=world.child, classroom=world.other_classroom)

    # Then the save succeeds, the closed day's meal stays (the kitchen planned it) and the open one is cancelled
    by_date[tomorrow].refresh_from_db()
    by_date[open_day].refresh_from_db()
    assert (by_date[tomorrow].status, by_date[open_day].status) == ("active", "cancelled")
    assert ledger_balance_mismatches() == []
