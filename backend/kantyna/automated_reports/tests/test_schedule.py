"""The schedule's rules (no database): due moments of daily, weekly and monthly periods in Europe/Warsaw, the last
due moment not later than now (only the latest missed one), daylight saving time, and the relative periods."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from kantyna.automated_reports.schedule import (
    DAILY,
    LAST_MONTH,
    LAST_WEEK,
    MONTHLY,
    THIS_MONTH_SO_FAR,
    WEEKLY,
    YESTERDAY,
    Due,
    Schedule,
    due_of_period,
    last_due,
    next_due,
    relative_dates,
)

WARSAW = ZoneInfo("Europe/Warsaw")


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


def daily(at=time(6, 0)) -> Schedule:
    return Schedule(DAILY, at, WARSAW)


def weekly(weekday: int, at=time(6, 0)) -> Schedule:
    return Schedule(WEEKLY, at, WARSAW, weekday=weekday)


def monthly(day: int, at=time(6, 0)) -> Schedule:
    return Schedule(MONTHLY, at, WARSAW, day_of_month=day)


# --- due moments of a period ---------------------------------------------------------------------------------------


def test_given_a_daily_schedule_in_winter_then_due_at_the_local_time_one_hour_ahead_of_utc():
    assert due_of_period(daily(), date(2026, 11, 27)) == Due("2026-11-27", date(2026, 11, 27), utc(2026, 11, 27, 5, 0))


def test_given_a_daily_schedule_in_summer_then_due_two_hours_ahead_of_utc():
    assert due_of_period(daily(), date(2026, 7, 1)).at == utc(2026, 7, 1, 4, 0)


def test_given_a_weekly_schedule_then_each_day_of_an_iso_week_belongs_to_one_period_due_on_its_weekday():
    schedule = weekly(3)  # Wednesdays
    # 2026-11-23 is a Monday, 2026-11-29 a Sunday: ISO week 48.
    dues = {due_of_period(schedule, date(2026, 11, day)) for day in range(23, 30)}

    assert dues == {Due("2026-W48", date(2026, 11, 25), utc(2026, 11, 25, 5, 0))}


def test_given_a_weekly_schedule_on_sunday_around_new_year_then_the_iso_year_names_the_week():
    due = due_of_period(weekly(7), date(2026, 12, 29))

    assert (due.period_key, due.local_date) == ("2026-W53", date(2027, 1, 3))


def test_given_a_monthly_schedule_on_the_15th_then_due_on_the_15th():
    assert due_of_period(monthly(15), date(2026, 11, 2)) == Due("2026-11", date(2026, 11, 15), utc(2026, 11, 15, 5, 0))


@pytest.mark.parametrize(
    ("month", "expected"),
    [
        (date(2026, 2, 1), date(2026, 2, 28)),
        (date(2028, 2, 1), date(2028, 2, 29)),
        (date(2026, 4, 1), date(2026, 4, 30)),
        (date(2026, 12, 1), date(2026, 12, 31)),
    ],
)
def test_given_a_day_past_the_months_end_then_due_on_its_last_day(month, expected):
    assert due_of_period(monthly(31), month).local_date == expected


# --- daylight saving time (Europe/Warsaw: 2026-03-29 02:00 -> 03:00, 2026-10-25 03:00 -> 02:00) --------------------


def test_given_the_day_summer_time_starts_then_a_time_after_the_jump_is_two_hours_ahead_of_utc():
    assert due_of_period(daily(time(6, 0)), date(2026, 3, 29)).at == utc(2026, 3, 29, 4, 0)


def test_given_the_day_summer_time_starts_then_a_skipped_time_runs_the_gap_later():
    """02:30 does not exist that night: it runs at 03:30 summer time (01:30 UTC)."""
    due = due_of_period(daily(time(2, 30)), date(2026, 3, 29))

    assert due.at == utc(2026, 3, 29, 1, 30)
    assert due.at.astimezone(WARSAW).strftime("%H:%M %Z") == "03:30 CEST"


def test_given_the_day_summer_time_ends_then_a_repeated_time_runs_at_its_first_occurrence():
    due = due_of_period(daily(time(2, 30)), date(2026, 10, 25))

    assert due.at == utc(2026, 10, 25, 0, 30)
    assert due.at.astimezone(WARSAW).strftime("%H:%M %Z") == "02:30 CEST"


def test_given_the_day_summer_time_ends_then_the_days_around_it_run_at_the_same_wall_time():
    schedule = daily(time(6, 0))

    walls = [
        due_of_period(schedule, date(2026, 10, day)).at.astimezone(WARSAW).strftime("%H:%M") for day in (24, 25, 26)
    ]
    moments = [due_of_period(schedule, date(2026, 10, day)).at for day in (24, 25, 26)]

    assert walls == ["06:00", "06:00", "06:00"]
    assert moments == [utc(2026, 10, 24, 4, 0), utc(2026, 10, 25, 5, 0), utc(2026, 10, 26, 5, 0)]


def test_given_a_utc_moment_that_is_already_the_next_local_day_then_the_local_day_decides_the_period():
    """23:30 UTC on 31 December is 00:30 on 1 January in Warsaw: January's period, not December's."""
    due = last_due(monthly(1, time(0, 15)), utc(2026, 12, 31, 23, 30))

    assert due == Due("2027-01", date(2027, 1, 1), utc(2026, 12, 31, 23, 15))


# --- the last due moment not later than now ------------------------------------------------------------------------


def test_given_now_before_todays_time_then_the_last_due_is_yesterdays_period():
    assert last_due(daily(), utc(2026, 11, 27, 4, 59)).period_key == "2026-11-26"


def test_given_now_exactly_at_the_due_moment_then_todays_period_is_due():
    assert last_due(daily(), utc(2026, 11, 27, 5, 0)).period_key == "2026-11-27"


def test_given_a_worker_down_for_three_days_then_only_the_latest_period_is_due():
    assert last_due(daily(), utc(2026, 11, 30, 12, 0)) == Due("2026-11-30", date(2026, 11, 30), utc(2026, 11, 30, 5, 0))


def test_given_a_weekly_schedule_before_its_weekday_then_last_weeks_period_is_due():
    # Monday 2026-11-23; the schedule runs on Wednesdays.
    assert last_due(weekly(3), utc(2026, 11, 23, 10, 0)) == Due("2026-W47", date(2026, 11, 18), utc(2026, 11, 18, 5, 0))


def test_given_a_monthly_schedule_before_its_day_then_last_months_period_is_due():
    assert last_due(monthly(31), utc(2026, 3, 15, 10, 0)) == Due("2026-02", date(2026, 2, 28), utc(2026, 2, 28, 5, 0))


def test_given_a_monthly_schedule_in_january_before_its_day_then_decembers_period_is_due():
    assert last_due(monthly(5), utc(2027, 1, 2, 10, 0)).period_key == "2026-12"


@pytest.mark.parametrize(
    ("schedule", "now", "expected"),
    [
        (daily(), utc(2026, 11, 27, 4, 0), "2026-11-27"),
        (daily(), utc(2026, 11, 27, 5, 0), "2026-11-28"),
        (weekly(3), utc(2026, 11, 25, 6, 0), "2026-W49"),
        (monthly(31), utc(2026, 1, 31, 6, 0), "2026-02"),
    ],
)
def test_the_next_due_period_is_the_first_one_after_now(schedule, now, expected):
    assert next_due(schedule, now).period_key == expected


# --- relative periods ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("period", "run_date", "expected"),
    [
        (YESTERDAY, date(2026, 3, 1), (date(2026, 2, 28), date(2026, 2, 28))),
        (LAST_WEEK, date(2026, 11, 25), (date(2026, 11, 16), date(2026, 11, 22))),
        (LAST_WEEK, date(2026, 11, 23), (date(2026, 11, 16), date(2026, 11, 22))),
        (LAST_WEEK, date(2026, 11, 29), (date(2026, 11, 16), date(2026, 11, 22))),
        (LAST_MONTH, date(2026, 3, 1), (date(2026, 2, 1), date(2026, 2, 28))),
        (LAST_MONTH, date(2027, 1, 15), (date(2026, 12, 1), date(2026, 12, 31))),
        (THIS_MONTH_SO_FAR, date(2026, 11, 27), (date(2026, 11, 1), date(2026, 11, 27))),
        (THIS_MONTH_SO_FAR, date(2026, 11, 1), (date(2026, 11, 1), date(2026, 11, 1))),
    ],
)
def test_a_relative_period_resolves_to_dates_of_the_run(period, run_date, expected):
    assert relative_dates(period, run_date) == expected


def test_given_an_unknown_frequency_or_a_missing_weekday_or_day_then_no_schedule():
    with pytest.raises(ValueError, match="frequency"):
        Schedule("hourly", time(6, 0), WARSAW)
    with pytest.raises(ValueError, match="weekday"):
        Schedule(WEEKLY, time(6, 0), WARSAW)
    with pytest.raises(ValueError, match="day of the month"):
        Schedule(MONTHLY, time(6, 0), WARSAW, day_of_month=32)
