"""The ordering core: items_place / items_cancel rules and money (services, no HTTP)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import transaction
from django.db.models import Sum

from kantyna.core.api.errors import (
    DIET_NOT_ALLOWED,
    FREE_DAY,
    INSUFFICIENT_FUNDS,
    LAST_MONTH_UNPAID,
    MEAL_TYPE_UNAVAILABLE,
    NOTES_NOT_ALLOWED,
    ONLY_ONE_MEAL,
    ORDERING_CLOSED,
    as_api_error,
)
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN, ROLE_PARENT
from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.models import Absence, FreeDay, OrderItem
from kantyna.ordering.services.items import (
    ItemRequest,
    items_cancel,
    items_place,
)
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import at, next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.world import balance, ledger_sum, make_world, set_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        yield make_world(tenant_a)


def test_given_a_parent_when_marking_two_days_then_items_are_created_and_charged(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)

    result = items_place(
        actor=world.parent,
        subject=subject,
        requests=[
            ItemRequest(monday, world.catalog.lunch.pk),
            ItemRequest(monday + timedelta(days=1), world.catalog.soup.pk),
        ],
    )

    assert [(i.date, i.meal_type_id, i.price) for i in result.created] == [
        (monday, world.catalog.lunch.pk, Decimal("12.50")),
        (monday + timedelta(days=1), world.catalog.soup.pk, Decimal("5.00")),
    ]
    assert all(item.charged_at is not None for item in result.created)
    assert balance(world.parent) == Decimal("482.50") == ledger_sum(world.parent)


def test_given_a_live_item_when_marking_again_then_it_is_skipped_and_not_charged_twice(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])

    again = items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])

    assert again.created == [] and len(again.skipped) == 1 and again.order is None
    assert OrderItem.objects.filter(child=world.child, status="active").count() == 1
    assert balance(world.parent) == Decimal("487.50")


def test_given_the_same_idempotency_key_when_submitted_twice_then_one_order(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    first = items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(monday, world.catalog.lunch.pk)],
        idempotency_key="k1",
    )

    second = items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(monday, world.catalog.lunch.pk)],
        idempotency_key="k1",
    )

    assert second.replayed and second.order.pk == first.order.pk
    assert balance(world.parent) == Decimal("487.50")


def test_given_the_cutoff_passed_when_a_parent_marks_then_refused_but_admin_may_override(world, tenant_a):
    monday = next_monday()
    set_settings("orders_config", order_deadline_days_before=1, order_deadline_time="12:00")
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    after = at(monday - timedelta(days=1), 12, 0)
    before = at(monday - timedelta(days=1), 11, 59)

    with pytest.raises(DomainError) as refused:
        items_place(
            actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)], now=after
        )
    assert refused.value.code == "order.day_closed"
    assert as_api_error(refused.value).message == ORDERING_CLOSED

    ok = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)], now=before
    )
    assert len(ok.created) == 1

    admin = make_user(tenant_a, ROLE_ADMIN)
    admin_subject = subject_resolve("child", world.child.pk, actor=admin)
    forced = items_place(
        actor=admin,
        subject=admin_subject,
        requests=[ItemRequest(monday, world.catalog.soup.pk)],
        staff_override=True,
        now=after,
    )
    assert len(forced.created) == 1
    # A parent cannot use the override.
    with pytest.raises(DomainError):
        items_place(
            actor=world.parent,
            subject=subject,
            requests=[ItemRequest(monday, world.catalog.snack.pk)],
            staff_override=True,
            now=after,
        )


def test_given_the_tenant_timezone_then_the_cutoff_is_its_local_time(world):
    # 11:30 UTC on Sunday is 12:30 in Warsaw (winter): past a 12:00 deadline for Monday.
    from datetime import UTC, datetime

    monday = next_monday()
    set_settings("orders_config", order_deadline_days_before=1, order_deadline_time="12:00")
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    sunday = monday - timedelta(days=1)
    utc_1130 = datetime(sunday.year, sunday.month, sunday.day, 11, 30, tzinfo=UTC)
    with pytest.raises(DomainError):
        items_place(
            actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)], now=utc_1130
        )
    utc_1030 = utc_1130 - timedelta(hours=1)
    assert items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)], now=utc_1030
    ).created


def test_given_a_free_day_when_marking_then_refused(world):
    monday = next_monday()
    FreeDay.objects.create(date=monday, institution=world.institution, name="Dyrektorski")
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    with pytest.raises(DomainError) as refused:
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    assert refused.value.code == "order.free_day"
    assert as_api_error(refused.value).message == FREE_DAY


def test_given_diet_and_notes_rules_then_they_are_enforced(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    veg = ItemRequest(monday, world.catalog.lunch.pk, diet_id=world.catalog.vegetarian.pk)
    with pytest.raises(DomainError) as refused:
        items_place(actor=world.parent, subject=subject, requests=[veg])
    assert refused.value.code == "order.diet_not_allowed"
    assert as_api_error(refused.value).message == DIET_NOT_ALLOWED
    set_settings("presences_marking_config", allow_any_diets=True, allow_notes=False)
    assert items_place(actor=world.parent, subject=subject, requests=[veg]).created[0].price == Decimal("13.00")
    with pytest.raises(DomainError) as refused:
        items_place(
            actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.soup.pk, note="x")]
        )
    assert refused.value.code == "order.notes_not_allowed"
    assert as_api_error(refused.value).message == NOTES_NOT_ALLOWED


def test_given_only_one_meal_a_day_then_a_second_meal_type_is_refused(world):
    monday = next_monday()
    set_settings("presences_marking_config", allow_only_one_diet_and_meal_type=True)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    with pytest.raises(DomainError) as refused:
        items_place(
            actor=world.parent,
            subject=subject,
            requests=[ItemRequest(monday, world.catalog.lunch.pk), ItemRequest(monday, world.catalog.soup.pk)],
        )
    assert refused.value.code == "order.only_one_meal"
    assert as_api_error(refused.value).message == ONLY_ONE_MEAL
    items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    with pytest.raises(DomainError):
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.soup.pk)])


def test_given_a_meal_type_not_served_in_the_institution_then_refused(world):
    from kantyna.catalog.models import MealTypeInstitutionSetting

    MealTypeInstitutionSetting.objects.create(
        meal_type=world.catalog.soup, institution=world.institution, is_available=False
    )
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    with pytest.raises(DomainError) as refused:
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.soup.pk)])
    assert refused.value.code == "order.meal_type_unavailable"
    assert as_api_error(refused.value).message == MEAL_TYPE_UNAVAILABLE


def test_given_a_discount_until_a_date_then_it_applies_until_then(world):
    monday = next_monday()
    world.child.has_discount = True
    world.child.discount_percent = Decimal("50")
    world.child.discount_expiration_date = monday
    world.child.save()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    result = items_place(
        actor=world.parent,
        subject=subject,
        requests=[
            ItemRequest(monday, world.catalog.lunch.pk),
            ItemRequest(monday + timedelta(days=1), world.catalog.lunch.pk),
        ],
    )
    assert [item.price for item in result.created] == [Decimal("6.25"), Decimal("12.50")]


def test_given_an_explicit_portion_and_hidden_items_then_choice_follows_them(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    small = items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(monday, world.catalog.lunch.pk, portion_size_id=world.catalog.small.pk)],
    )
    assert small.created[0].price == Decimal("10.00")
    from kantyna.pricing.models import PriceListItem

    PriceListItem.objects.filter(meal_type=world.catalog.soup).update(hidden_for=["parents"])
    with pytest.raises(DomainError):
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.soup.pk)])


def test_given_insufficient_funds_then_nothing_is_ordered(world, tenant_a):
    poor = make_user(tenant_a, ROLE_PARENT)
    from kantyna.people.services.children import child_create

    child = child_create(
        actor=None, parent=poor, first_name="A", last_name="B", classroom=world.classroom, diet=world.catalog.standard
    )
    subject = subject_resolve("child", child.pk, actor=poor)
    with pytest.raises(DomainError) as refused:
        items_place(actor=poor, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.lunch.pk)])
    assert refused.value.code == "ledger.insufficient_funds"
    assert as_api_error(refused.value).status_code == 409
    assert OrderItem.objects.filter(child=child).count() == 0
    set_settings("debits_config", apply_allowed_debit=True, allowed_debit={"amount": "20.00", "currency": "PLN"})
    assert items_place(
        actor=poor, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.lunch.pk)]
    ).created
    assert balance(poor) == Decimal("-12.50")


def test_given_in_order_day_charging_then_marking_does_not_charge(world):
    set_settings("fees", order_charge_time="in_order_day")
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    result = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.lunch.pk)]
    )
    assert result.created[0].charged_at is None
    assert balance(world.parent) == Decimal("500.00")
    items_cancel(actor=world.parent, items=result.created)
    assert balance(world.parent) == Decimal("500.00")


def test_given_a_manipulation_fee_then_one_fee_per_marking(world):
    set_settings("fees", add_manipulation_fee=True, default_manipulation_fee={"amount": "1.50", "currency": "PLN"})
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    monday = next_monday()
    result = items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(monday, world.catalog.lunch.pk), ItemRequest(monday, world.catalog.soup.pk)],
    )
    assert result.fee == Decimal("1.50")
    assert balance(world.parent) == Decimal("500.00") - Decimal("17.50") - Decimal("1.50")


def test_given_charged_items_when_cancelled_before_cutoff_then_refunded_once(world):
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    result = items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])

    cancelled = items_cancel(actor=world.parent, items=result.created)
    again = items_cancel(actor=world.parent, items=result.created)

    assert len(cancelled) == 1 and again == []
    assert balance(world.parent) == Decimal("500.00") == ledger_sum(world.parent)
    # The day can be ordered again afterwards.
    assert items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)]
    ).created


def test_given_the_cutoff_passed_when_a_parent_cancels_then_refused(world):
    monday = next_monday()
    set_settings("orders_config", order_deadline_days_before=1, order_deadline_time="12:00")
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    result = items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    with pytest.raises(DomainError) as refused:
        items_cancel(actor=world.parent, items=result.created, now=at(monday, 8))
    assert refused.value.code == "order.day_closed"
    assert as_api_error(refused.value).message == ORDERING_CLOSED
    assert OrderItem.objects.get(pk=result.created[0].pk).status == "active"


def test_given_another_parents_item_when_cancelling_then_not_found(world, tenant_a):
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    result = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.lunch.pk)]
    )
    stranger = make_user(tenant_a, ROLE_PARENT)
    with pytest.raises(DomainError) as refused:
        items_cancel(actor=stranger, items=result.created)
    assert refused.value.code == "record.not_found"
    assert as_api_error(refused.value).status_code == 404


def test_given_an_absence_when_marking_presence_then_the_absence_goes(world):
    monday = next_monday()
    Absence.objects.create(child=world.child, date=monday)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    assert not Absence.objects.filter(child=world.child).exists()


def test_subject_resolve_reach(world, tenant_a):
    from kantyna.core.permissions import ROLE_INSTITUTIONS_ADMIN

    stranger = make_user(tenant_a, ROLE_PARENT)
    with pytest.raises(DomainError):
        subject_resolve("child", world.child.pk, actor=stranger)
    assert subject_resolve("institution_worker", world.worker_user.pk, actor=world.worker_user).worker == world.worker
    with pytest.raises(DomainError):
        subject_resolve("institution_worker", world.worker_user.pk, actor=world.parent)
    ia = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["orders_create"])
    with pytest.raises(DomainError):
        subject_resolve("child", world.child.pk, actor=ia)
    ia.institutions.add(world.institution)
    assert subject_resolve("child", world.child.pk, actor=ia).child == world.child


def test_given_a_worker_then_they_order_for_themselves_at_workers_prices(world):
    subject = subject_resolve("institution_worker", world.worker_user.pk, actor=world.worker_user)
    result = items_place(
        actor=world.worker_user, subject=subject, requests=[ItemRequest(next_monday(), world.catalog.lunch.pk)]
    )
    assert result.created[0].price == Decimal("20.00")
    assert balance(world.worker_user) == Decimal("480.00")


def test_given_last_month_unpaid_when_the_tenant_requires_it_then_the_parent_is_refused_and_staff_not(world, tenant_a):
    # Given the tenant requires last month to be paid, and the parent's ledger closed last month below zero
    set_settings("presences_marking_config", require_last_month_to_be_paid=True)
    from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
    from kantyna.ordering.cutoff import tenant_today

    last_month = tenant_today().replace(day=1) - timedelta(days=1)
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=world.parent),
            entry=LedgerEntry(
                kind="fee", amount=Decimal("-600.00"), idempotency_key="test:old-fee", booked_on=last_month
            ),
        )
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    monday = next_monday()

    # When the parent marks a day, then it is refused and nothing is ordered
    with pytest.raises(DomainError) as refused:
        items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    assert refused.value.code == "order.last_month_unpaid"
    assert (as_api_error(refused.value).message, as_api_error(refused.value).status_code) == (LAST_MONTH_UNPAID, 409)
    assert not OrderItem.objects.filter(child=world.child).exists()

    # And staff may still order for the child
    admin = make_user(tenant_a, ROLE_ADMIN)
    staff_subject = subject_resolve("child", world.child.pk, actor=admin)
    created = items_place(actor=admin, subject=staff_subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    assert len(created.created) == 1

    # And payments this month smaller than the debt do not settle it
    def pay(amount: str, key: str) -> None:
        with transaction.atomic():
            ledger_post(
                actor=None,
                account=ledger_account_for(user=world.parent),
                entry=LedgerEntry(kind="deposit", amount=Decimal(amount), idempotency_key=key),
            )

    # (last month closed at -600.00; the world's deposit of 500.00 this month already went towards it)
    before_this_month = LedgerTransaction.objects.filter(
        account__user=world.parent, booked_on__lt=tenant_today().replace(day=1)
    ).aggregate(total=Sum("amount"))["total"]
    assert before_this_month == Decimal("-600.00")
    pay("99.99", "test:partial")
    with pytest.raises(DomainError) as still_refused:
        items_place(
            actor=world.parent, subject=subject, requests=[ItemRequest(monday + timedelta(1), world.catalog.lunch.pk)]
        )
    assert still_refused.value.code == "order.last_month_unpaid"
    assert as_api_error(still_refused.value).message == LAST_MONTH_UNPAID

    # And once the parent has paid it (booked today), ordering is open again, whatever this month's charges
    # (the balance: 500.00 - 600.00 - 12.50 for the staff's order + 99.99 + 50.01 = 37.50)
    pay("50.01", "test:rest")
    again = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(monday + timedelta(days=1), world.catalog.lunch.pk)]
    )
    assert len(again.created) == 1


def test_given_balances_split_per_child_after_the_charge_when_cancelled_then_refunded_to_the_charged_account(world):
    from kantyna.ledger.models import LedgerAccount, LedgerTransaction

    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    placed = items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])
    assert balance(world.parent) == Decimal("487.50")
    set_settings("parents_settings", balance_per_children=True)

    items_cancel(actor=world.parent, items=placed.created)

    refund = LedgerTransaction.objects.get(idempotency_key=f"refund:item:{placed.created[0].pk}")
    charge = LedgerTransaction.objects.get(idempotency_key=f"charge:item:{placed.created[0].pk}")
    assert refund.account_id == charge.account_id
    assert balance(world.parent) == Decimal("500.00")
    assert not LedgerAccount.objects.filter(user=world.parent, child=world.child).exists()


def test_given_in_order_day_charging_when_a_parent_marks_beyond_the_funds_then_refused_and_staff_not(world, tenant_a):
    from kantyna.testing.world import deposit

    set_settings("fees", order_charge_time="in_order_day")
    poor = make_user(tenant_a, ROLE_PARENT)
    from kantyna.people.services.children import child_create

    child = child_create(
        actor=None, parent=poor, first_name="A", last_name="B", classroom=world.classroom, diet=world.catalog.standard
    )
    deposit(poor, "15.00")
    subject = subject_resolve("child", child.pk, actor=poor)
    monday = next_monday()
    assert items_place(actor=poor, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)]).created

    with pytest.raises(DomainError) as raised:
        items_place(actor=poor, subject=subject, requests=[ItemRequest(monday, world.catalog.soup.pk)])

    assert raised.value.code == "ledger.insufficient_funds"
    refused = as_api_error(raised.value)
    assert refused.status_code == 409
    assert refused.message == INSUFFICIENT_FUNDS
    assert refused.extra == {
        "balance": {"amount": "15.00", "currency": "PLN"},
        "required": {"amount": "17.50", "currency": "PLN"},
    }
    assert list(OrderItem.objects.filter(child=child).values_list("meal_type_id", flat=True)) == [
        world.catalog.lunch.pk
    ]
    assert balance(poor) == Decimal("15.00")
    # Within the allowed debit it goes through; staff are not held to it.
    set_settings("debits_config", apply_allowed_debit=True, allowed_debit={"amount": "5.00", "currency": "PLN"})
    assert items_place(actor=poor, subject=subject, requests=[ItemRequest(monday, world.catalog.soup.pk)]).created
    staff = make_user(tenant_a, ROLE_ADMIN)
    assert items_place(
        actor=staff,
        subject=subject_resolve("child", child.pk, actor=staff),
        requests=[ItemRequest(monday + timedelta(days=1), world.catalog.lunch.pk)],
    ).created
    assert balance(poor) == Decimal("15.00")


def test_given_a_placed_and_cancelled_meal_then_charge_and_refund_name_the_child_meal_and_day_as_people_write_it(world):
    # Given a parent orders next Monday's lunch for the child
    monday = next_monday()
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    placed = items_place(actor=world.parent, subject=subject, requests=[ItemRequest(monday, world.catalog.lunch.pk)])

    # When it is cancelled before the cut-off
    items_cancel(actor=world.parent, items=placed.created)

    # Then both money rows read "<child>: <meal type> DD.MM.YYYY", never an ISO date
    expected = f"{subject.name}: {world.catalog.lunch.name} {monday:%d.%m.%Y}"
    item_id = placed.created[0].pk
    assert LedgerTransaction.objects.get(idempotency_key=f"charge:item:{item_id}").description == expected
    assert LedgerTransaction.objects.get(idempotency_key=f"refund:item:{item_id}").description == expected
