"""Polish public holidays as free days: the dates (Easter and what moves with it), offering them once per year,
and automarking and ordering treating them as any free day — until the tenant un-frees one."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import translation

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ordering.holidays import easter_sunday, polish_public_holidays
from kantyna.ordering.models import FreeDay, OrderItem, PublicHolidaysYear
from kantyna.ordering.services.automark import automark_run
from kantyna.ordering.services.free_days import public_holidays_ensure, public_holidays_offer
from kantyna.ordering.tests.helpers import at, automark_weekly_lunches
from kantyna.people.services.subject_settings import school_year_bounds
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db

# Always ahead, so every holiday of the year is still open for ordering.
NEXT_YEAR = date.today().year + 1
# The coming Christmas, with 23 December (the automark run) still ahead, near like the other automark tests.
CHRISTMAS_YEAR = date.today().year if date.today() < date(date.today().year, 12, 20) else NEXT_YEAR


def lunch_on(world, day):
    return {"calendarDaysData": [{"date": day.isoformat(), "mealTypes": [{"mealTypeId": world.catalog.lunch.pk}]}]}


@pytest.mark.parametrize(
    "year, sunday",
    [
        (2024, date(2024, 3, 31)),
        (2025, date(2025, 4, 20)),
        (2026, date(2026, 4, 5)),
        (2027, date(2027, 3, 28)),
        (2028, date(2028, 4, 16)),
        (2038, date(2038, 4, 25)),
    ],
)
def test_easter_sunday_falls_on_the_known_dates(year, sunday):
    assert easter_sunday(year) == sunday


def test_the_holidays_of_2026_are_the_fixed_ones_and_those_moving_with_easter():
    assert [day for day, _name in polish_public_holidays(2026)] == [
        date(2026, 1, 1),
        date(2026, 1, 6),
        date(2026, 4, 5),  # Easter Sunday
        date(2026, 4, 6),  # Easter Monday
        date(2026, 5, 1),
        date(2026, 5, 3),
        date(2026, 5, 24),  # Pentecost Sunday
        date(2026, 6, 4),  # Corpus Christi
        date(2026, 8, 15),
        date(2026, 11, 1),
        date(2026, 11, 11),
        date(2026, 12, 24),
        date(2026, 12, 25),
        date(2026, 12, 26),
    ]


def test_christmas_eve_is_a_holiday_only_from_2025():
    assert date(2024, 12, 24) not in dict(polish_public_holidays(2024))
    with translation.override("pl"):
        assert dict(polish_public_holidays(2025))[date(2025, 12, 24)] == "Wigilia Bożego Narodzenia"


def test_given_a_new_year_when_offered_then_each_holiday_becomes_a_free_day_named_in_polish_once(tenant_a):
    with in_tenant(tenant_a):
        # Given the tenant made New Year's Day free under its own name already
        FreeDay.objects.create(date=date(NEXT_YEAR, 1, 1), name="Nowy Rok, zamknięte")

        # When the year's holidays are offered, twice
        created = public_holidays_offer(years=[NEXT_YEAR])
        again = public_holidays_offer(years=[NEXT_YEAR])

        # Then every other holiday is a free day for every institution, named in the tenant's language, only once
        rows = list(FreeDay.objects.filter(date__year=NEXT_YEAR).values_list("date", "institution", "name"))
        assert len(created) == 13 and again == []
        assert rows[0] == (date(NEXT_YEAR, 1, 1), None, "Nowy Rok, zamknięte")
        assert (date(NEXT_YEAR, 12, 25), None, "Boże Narodzenie (pierwszy dzień)") in rows
        assert len(rows) == 14
        assert AuditEntry.objects.filter(action="free_day.public_holidays").count() == 1


def test_given_public_holidays_switched_off_when_ensuring_then_no_year_is_offered(tenant_a):
    with in_tenant(tenant_a):
        set_settings("orders_config", public_holidays_free_days=False)

        assert public_holidays_ensure(now=at(date(NEXT_YEAR, 1, 2), 9)) == []

        assert not FreeDay.objects.exists() and not PublicHolidaysYear.objects.exists()


def test_given_holidays_offered_then_automark_skips_christmas(world, tenant_a):
    with in_tenant(tenant_a):
        # Given the year's holidays are free days and the child is automarked for a week of lunches through the
        # school year of that Christmas (a new settings row's default is today's school year: from 20 December on,
        # the Christmas ahead belongs to the next one)
        public_holidays_offer(years=[CHRISTMAS_YEAR], now=at(date(CHRISTMAS_YEAR, 12, 1), 9))
        settings = automark_weekly_lunches(world)
        settings.automark_start_date, settings.automark_end_date = school_year_bounds(date(CHRISTMAS_YEAR, 12, 1))
        settings.save()

        # When automark runs on 23 December (its window: 25 to 31 December)
        automark_run(now=at(date(CHRISTMAS_YEAR, 12, 23), 9))

        # Then the weekdays are ordered except Christmas Day and the Second Day of Christmas
        window = [date(CHRISTMAS_YEAR, 12, day) for day in range(25, 32)]
        expected = [day for day in window if day.weekday() < 5 and day.day not in (25, 26)]
        days = list(OrderItem.objects.filter(child=world.child).order_by("date").values_list("date", flat=True))
        assert days == expected
        assert date(CHRISTMAS_YEAR, 12, 25) not in days


def test_given_holidays_offered_then_a_parent_cannot_order_on_easter_monday_until_an_admin_unfrees_it(world, tenant_a):
    easter_monday = easter_sunday(NEXT_YEAR) + timedelta(days=1)
    with in_tenant(tenant_a):
        public_holidays_offer(years=[NEXT_YEAR])
        holiday = FreeDay.objects.get(date=easter_monday, institution__isnull=True)
    parent = Api(tenant_a, world.parent)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    # Easter Monday is free: the parent's order is refused and nothing is ordered
    assert_error(
        parent.post(f"calendar/days/child/{world.child.pk}/presences", lunch_on(world, easter_monday)),
        400,
        "Meals are not served on this day.",
        {"date": ...},
    )
    with in_tenant(tenant_a):
        assert not OrderItem.objects.filter(child=world.child).exists()

    # The admin un-frees it (deletes the free day) and orders there; offering the year again does not bring it back
    assert admin.delete("calendar/freeDays", {"ids": [holiday.pk]}).status_code == 200
    ordered = admin.post(f"calendar/days/child/{world.child.pk}/presences", lunch_on(world, easter_monday))
    assert ordered.status_code == 200, ordered.content
    with in_tenant(tenant_a):
        public_holidays_offer(years=[NEXT_YEAR])
        assert not FreeDay.objects.filter(date=easter_monday).exists()
        assert list(OrderItem.objects.filter(child=world.child).values_list("date", flat=True)) == [easter_monday]


def test_given_the_daily_job_when_it_runs_twice_then_this_and_next_year_are_offered_once_in_the_tenant(tenant_a):
    from django.db import connection

    from kantyna.ordering.tasks import public_holidays_tenant

    connection.set_schema_to_public()
    first = public_holidays_tenant(slug=tenant_a.slug)
    second = public_holidays_tenant(slug=tenant_a.slug)

    assert first["free_days"] > 0 and second == {"free_days": 0}
    assert connection.schema_name == "public"
    with in_tenant(tenant_a):
        this_year = date.today().year
        assert set(PublicHolidaysYear.objects.values_list("year", flat=True)) == {this_year, this_year + 1}
        assert FreeDay.objects.filter(date__year=this_year + 1).count() == 14
