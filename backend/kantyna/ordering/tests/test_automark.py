"""Automarking, default presences and the order-day charge (services)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.db import transaction

from kantyna.core.permissions import ROLE_PARENT
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Absence, FreeDay, OrderItem
from kantyna.ordering.services.automark import automark_run, automark_window
from kantyna.ordering.services.charging import charge_day
from kantyna.ordering.services.items import ItemRequest, items_cancel, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import at, automark_weekly_lunches
from kantyna.people.models import CalendarSubjectSettings
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.world import balance, deposit, ledger_sum, make_world, set_settings

pytestmark = pytest.mark.django_db

# A fixed Wednesday: the job then covers Friday .. a month later.
TODAY = date.today() + timedelta(days=30)
TODAY = TODAY - timedelta(days=TODAY.weekday()) + timedelta(days=2)


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
        world.settings = automark_weekly_lunches(world)
        yield world


def now():
    return at(TODAY, 9)


def test_the_window_starts_two_days_ahead_and_covers_a_week_or_a_month():
    settings = CalendarSubjectSettings(autoselection_interval="one_week")
    assert automark_window(settings, date(2026, 11, 22)) == (date(2026, 11, 24), date(2026, 11, 30))
    settings.autoselection_interval = "one_month"
    assert automark_window(settings, date(2026, 11, 22)) == (date(2026, 11, 24), date(2026, 12, 23))
    settings.automark_end_date = date(2026, 11, 25)
    assert automark_window(settings, date(2026, 11, 22)) == (date(2026, 11, 24), date(2026, 11, 25))
    settings.automark_start_date = date(2026, 12, 1)
    assert automark_window(settings, date(2026, 11, 22)) is None


def test_given_automark_on_then_weekdays_of_the_window_are_marked_and_charged_once(world):
    report = automark_run(now=now())

    days = list(OrderItem.objects.filter(child=world.child).order_by("date").values_list("date", flat=True))
    window = [TODAY + timedelta(days=offset) for offset in range(2, 9)]
    assert days == [day for day in window if day.weekday() < 5]
    assert report.items == len(days) and report.subjects == 1
    assert OrderItem.objects.filter(automarked=True).count() == len(days)
    assert balance(world.parent) == Decimal("500.00") - Decimal("12.50") * len(days) == ledger_sum(world.parent)

    again = automark_run(now=now())
    assert again.items == 0
    assert balance(world.parent) == Decimal("500.00") - Decimal("12.50") * len(days)


def test_free_days_absences_existing_items_and_weekdays_are_skipped(world):
    friday = TODAY + timedelta(days=2)
    monday = friday + timedelta(days=3)
    tuesday = monday + timedelta(days=1)
    wednesday = tuesday + timedelta(days=1)
    FreeDay.objects.create(date=friday, name="Wolne")
    Absence.objects.create(child=world.child, date=monday)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(tuesday, world.catalog.lunch.pk, portion_size_id=world.catalog.small.pk)],
        now=now(),
    )
    world.settings.automarked_weekdays = {**world.settings.automarked_weekdays, "on_thursday": False}
    world.settings.save()

    automark_run(now=now())

    marked = set(OrderItem.objects.filter(child=world.child, automarked=True).values_list("date", flat=True))
    assert marked == {wednesday}
    assert OrderItem.objects.filter(child=world.child, date=tuesday).count() == 1


def test_the_preferred_portion_of_an_autoselected_item_is_used(world):
    from kantyna.pricing.models import PriceListItem

    small = PriceListItem.objects.get(
        meal_type=world.catalog.lunch, portion_size=world.catalog.small, price_list__group__default_for_children=True
    )
    world.settings.autoselected_price_list_items.set([small])
    automark_run(now=now())
    assert set(OrderItem.objects.filter(child=world.child).values_list("price", flat=True)) == {Decimal("10.00")}


def test_given_no_funds_then_the_subject_is_skipped_and_reported(world, tenant_a):
    poor = make_user(tenant_a, ROLE_PARENT)
    child = child_create(
        actor=None,
        parent=poor,
        first_name="Bez",
        last_name="Środków",
        classroom=world.classroom,
        diet=world.catalog.standard,
    )
    settings, _created = CalendarSubjectSettings.objects.get_or_create(child=child)
    settings.automark_presences = True
    settings.autoselection_interval = "one_week"
    settings.save()
    settings.autoselected_meal_types.set([world.catalog.lunch])

    report = automark_run(now=now())

    assert report.without_funds == [f"child/{child.pk}"]
    assert not OrderItem.objects.filter(child=child).exists()
    assert OrderItem.objects.filter(child=world.child).exists()
    assert balance(poor) == Decimal("0.00")

    set_settings("fees", order_charge_time="in_order_day")
    report = automark_run(now=now())
    assert report.without_funds == [] and OrderItem.objects.filter(child=child).exists()
    assert balance(poor) == Decimal("0.00")


def test_charges_booked_in_several_chunks_give_one_audit_row_and_the_same_results(world, tenant_a, monkeypatch):
    from kantyna.audit.models import AuditEntry
    from kantyna.ordering.services import automark

    other = make_user(tenant_a, ROLE_PARENT)
    deposit(other, "100.00")
    child = child_create(
        actor=None,
        parent=other,
        first_name="Druga",
        last_name="Partia",
        classroom=world.classroom,
        diet=world.catalog.standard,
    )
    settings, _created = CalendarSubjectSettings.objects.get_or_create(child=child)
    settings.automark_presences = True
    settings.autoselection_interval = "one_week"
    settings.save()
    settings.autoselected_meal_types.set([world.catalog.lunch])
    monkeypatch.setattr(automark, "CHARGE_CHUNK", 1)  # one account per bulk posting

    report = automark_run(now=now())

    days = OrderItem.objects.filter(child=world.child).count()
    assert days == OrderItem.objects.filter(child=child).count() == 5
    assert report.items == 2 * days and report.subjects == 2 and report.without_funds == []
    assert report.charged == Decimal("12.50") * 2 * days
    assert balance(world.parent) == Decimal("500.00") - Decimal("12.50") * days == ledger_sum(world.parent)
    assert balance(other) == Decimal("100.00") - Decimal("12.50") * days == ledger_sum(other)
    audit = AuditEntry.objects.get(action="automark.charge")
    assert audit.data == {"accounts": 2, "rows": 2 * days, "total": str(-report.charged), "refused": []}


def test_inactive_children_and_automark_off_are_left_alone(world):
    world.settings.automark_presences = False
    world.settings.save()
    assert automark_run(now=now()).items == 0
    world.settings.automark_presences = True
    world.settings.save()
    world.child.is_active = False
    world.child.save()
    assert automark_run(now=now()).items == 0


def test_the_order_day_charge_charges_todays_items_once_and_cancel_refunds(world):
    set_settings("fees", order_charge_time="in_order_day")
    day = tenant_today() + timedelta(days=3)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    placed = items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(day, world.catalog.lunch.pk), ItemRequest(day, world.catalog.soup.pk)],
    )
    assert balance(world.parent) == Decimal("500.00")

    first = charge_day(day=day)
    second = charge_day(day=day)

    assert first == {"items": 2, "charged": "17.50"} and second["items"] == 0
    assert balance(world.parent) == Decimal("482.50") == ledger_sum(world.parent)
    items_cancel(actor=world.parent, items=placed.created[:1])
    assert balance(world.parent) == Decimal("487.50") == ledger_sum(world.parent)  # the soup (5.00) came back


def test_the_order_day_charge_leaves_items_charged_at_marking_alone(world):
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(actor=world.parent, subject=subject, requests=[ItemRequest(TODAY, world.catalog.lunch.pk)])

    assert charge_day(day=TODAY) == {"items": 0, "charged": "0.00"}
    assert balance(world.parent) == Decimal("487.50") == ledger_sum(world.parent)


def test_the_tenant_jobs_run_in_the_tenants_schema(world, tenant_a):
    from django.db import connection

    from kantyna.ordering.tasks import automark_tenant, charge_tenant_day, remind_tenant

    connection.set_schema_to_public()
    report = automark_tenant(slug=tenant_a.slug)
    assert set(report) == {"subjects", "items", "charged", "withoutFunds", "lastMonthUnpaid"}
    assert charge_tenant_day(slug=tenant_a.slug) == {"items": 0, "charged": "0.00"}
    assert remind_tenant(slug=tenant_a.slug) == {"receivers": 0, "emails": 0}
    assert connection.schema_name == "public"


def test_given_a_meal_cancelled_on_the_orders_screens_then_the_job_does_not_order_it_again(world):
    from kantyna.ordering.services.orders import order_item_cancel

    friday = TODAY + timedelta(days=2)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    placed = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(friday, world.catalog.lunch.pk)], now=now()
    )
    order_item_cancel(actor=world.parent, item=placed.created[0])
    assert not Absence.objects.filter(child=world.child).exists()

    automark_run(now=now())

    assert list(OrderItem.objects.filter(child=world.child, date=friday).values_list("status", flat=True)) == [
        "cancelled"
    ]
    assert OrderItem.objects.filter(child=world.child, automarked=True).exclude(date=friday).exists()
    assert balance(world.parent) == ledger_sum(world.parent)
    assert (
        balance(world.parent)
        == Decimal("500.00") - Decimal("12.50") * OrderItem.objects.filter(child=world.child, status="active").count()
    )


def test_given_a_day_already_marked_with_another_meal_then_the_job_adds_nothing_to_it(world):
    friday = TODAY + timedelta(days=2)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(actor=world.parent, subject=subject, requests=[ItemRequest(friday, world.catalog.soup.pk)], now=now())

    automark_run(now=now())

    assert list(OrderItem.objects.filter(child=world.child, date=friday).values_list("meal_type_id", flat=True)) == [
        world.catalog.soup.pk
    ]
    assert OrderItem.objects.filter(child=world.child, automarked=True).exclude(date=friday).exists()


def test_given_only_one_meal_a_day_allowed_then_the_job_marks_one_autoselected_meal_type_a_day(world):
    set_settings("presences_marking_config", allow_only_one_diet_and_meal_type=True)
    world.settings.autoselected_meal_types.set([world.catalog.lunch, world.catalog.soup])

    report = automark_run(now=now())

    per_day = list(OrderItem.objects.filter(child=world.child).values_list("date", "meal_type_id").order_by("date"))
    days = [day for day, _meal_type in per_day]
    assert report.items == len(per_day) > 0
    assert len(days) == len(set(days))
    assert {meal_type for _day, meal_type in per_day} == {min(world.catalog.lunch.pk, world.catalog.soup.pk)}


def test_the_order_day_charge_catches_up_missed_days_and_runs_after_a_switch_to_charging_at_marking(world):
    set_settings("fees", order_charge_time="in_order_day")
    first = tenant_today() + timedelta(days=3)
    second = first + timedelta(days=1)
    subject = subject_resolve("child", world.child.pk, actor=world.parent)
    items_place(
        actor=world.parent,
        subject=subject,
        requests=[ItemRequest(first, world.catalog.lunch.pk), ItemRequest(second, world.catalog.soup.pk)],
    )
    set_settings("fees", order_charge_time="on_marking")
    charged_at_marking = items_place(
        actor=world.parent, subject=subject, requests=[ItemRequest(first, world.catalog.snack.pk)]
    ).created[0]
    assert balance(world.parent) == Decimal("497.00")

    caught_up = charge_day(day=second)
    again = charge_day(day=second)

    assert caught_up == {"items": 2, "charged": "17.50"} and again == {"items": 0, "charged": "0.00"}
    assert balance(world.parent) == Decimal("479.50") == ledger_sum(world.parent)
    assert not OrderItem.objects.filter(child=world.child, charged_at__isnull=True).exists()
    from kantyna.ledger.models import LedgerTransaction

    assert LedgerTransaction.objects.filter(idempotency_key=f"charge:item:{charged_at_marking.pk}").count() == 1
    assert sorted(
        LedgerTransaction.objects.filter(kind="charge")
        .exclude(reference_id=charged_at_marking.pk)
        .values_list("booked_on", flat=True)
    ) == [first, second]


def test_given_last_month_unpaid_and_required_then_the_job_skips_the_payer_until_it_is_paid(world):
    from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post

    def book(kind: str, amount: str, key: str, booked_on: date) -> None:
        with transaction.atomic():
            ledger_post(
                actor=None,
                account=ledger_account_for(user=world.parent),
                entry=LedgerEntry(kind=kind, amount=Decimal(amount), idempotency_key=key, booked_on=booked_on),
            )

    # Given charging on the order day (funds are not what stops the job), and the parent's ledger closing the
    # month before TODAY's at 500.00 - 600.00 = -100.00
    set_settings("fees", order_charge_time="in_order_day")
    book("fee", "-600.00", "test:old-fee", TODAY.replace(day=1) - timedelta(days=1))

    # When the tenant does not require last month to be paid, then nothing changes for the job
    assert automark_run(now=now()).last_month_unpaid == []
    OrderItem.objects.all().delete()

    # When it does, then the child is skipped and reported, and nothing is ordered
    set_settings("presences_marking_config", require_last_month_to_be_paid=True)
    report = automark_run(now=now())
    assert (report.last_month_unpaid, report.items) == ([f"child/{world.child.pk}"], 0)
    assert not OrderItem.objects.filter(child=world.child).exists()

    # When the parent pays it in TODAY's month, then the job orders again
    book("deposit", "100.00", "test:paid", TODAY)
    report = automark_run(now=now())
    assert report.last_month_unpaid == [] and report.items > 0
    assert report.items == OrderItem.objects.filter(child=world.child).count()
