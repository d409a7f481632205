"""When an automated report is due, and which days it covers: pure functions of a schedule and a moment, no
database, so every rule (month ends, weeks, daylight saving time) is tested on its own.

A schedule repeats daily, weekly on a weekday or monthly on a day of the month, at a time of day in the tenant's
timezone. Each repetition is a *period* with a stable key (`2026-11-27`, `2026-W48`, `2026-11`): the periodic job
sends a report once per period key, so the key, not the clock, makes a send happen exactly once. A day of the month
past the month's end is its last day (the 31st in February is the 28th or 29th).

Wall times the clock skips or repeats (Europe/Warsaw: 02:00-03:00 on the last Sunday of March is skipped, on the
last Sunday of October repeated) follow `zoneinfo`'s `fold=0`: a skipped time is moved forward by the gap (02:30
runs at 03:30 summer time), a repeated one is its first occurrence (02:30 summer time).

A report's period of data is relative to the run ("yesterday", "last month"), resolved against the local date of
the due moment, not the moment the job happened to run: a catch-up after the worker was down sends the same
figures the on-time run would have sent."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DAILY = "daily"
WEEKLY = "weekly"
MONTHLY = "monthly"
FREQUENCIES = (DAILY, WEEKLY, MONTHLY)

YESTERDAY = "yesterday"
LAST_WEEK = "last_week"
LAST_MONTH = "last_month"
THIS_MONTH_SO_FAR = "this_month_so_far"
RELATIVE_PERIODS = (YESTERDAY, LAST_WEEK, LAST_MONTH, THIS_MONTH_SO_FAR)


@dataclass(frozen=True)
class Schedule:
    frequency: str
    at: time
    timezone: ZoneInfo
    weekday: int | None = None  # ISO: 1 Monday .. 7 Sunday (weekly)
    day_of_month: int | None = None  # 1..31 (monthly)

    def __post_init__(self):
        if self.frequency not in FREQUENCIES:
            raise ValueError(f"unknown frequency {self.frequency!r}")
        if self.frequency == WEEKLY and not (self.weekday and 1 <= self.weekday <= 7):
            raise ValueError("a weekly schedule needs a weekday 1..7")
        if self.frequency == MONTHLY and not (self.day_of_month and 1 <= self.day_of_month <= 31):
            raise ValueError("a monthly schedule needs a day of the month 1..31")


@dataclass(frozen=True)
class Due:
    """One period of a schedule: its key, the local date it is due on and the moment (UTC)."""

    period_key: str
    local_date: date
    at: datetime


def _period_start(schedule: Schedule, day: date) -> date:
    """The first day of the period holding `day`: the day, its ISO week's Monday, its month's first day."""
    if schedule.frequency == DAILY:
        return day
    if schedule.frequency == WEEKLY:
        return day - timedelta(days=day.isoweekday() - 1)
    return day.replace(day=1)


def _previous_period_start(schedule: Schedule, start: date) -> date:
    if schedule.frequency == DAILY:
        return start - timedelta(days=1)
    if schedule.frequency == WEEKLY:
        return start - timedelta(days=7)
    return (start - timedelta(days=1)).replace(day=1)


def _due_date(schedule: Schedule, start: date) -> date:
    if schedule.frequency == DAILY:
        return start
    if schedule.frequency == WEEKLY:
        return start + timedelta(days=schedule.weekday - 1)
    last_day = calendar.monthrange(start.year, start.month)[1]
    return start.replace(day=min(schedule.day_of_month, last_day))


def _period_key(schedule: Schedule, start: date) -> str:
    if schedule.frequency == DAILY:
        return start.isoformat()
    if schedule.frequency == WEEKLY:
        year, week, _weekday = start.isocalendar()
        return f"{year}-W{week:02d}"
    return f"{start:%Y-%m}"


def local_moment(day: date, at: time, timezone: ZoneInfo) -> datetime:
    """`day` at `at` on the wall clock of `timezone`, as UTC (skipped times forward, repeated ones the first)."""
    return datetime.combine(day, at, tzinfo=timezone).astimezone(UTC)


def due_of_period(schedule: Schedule, day: date) -> Due:
    """The period holding the local date `day`, and when it is due."""
    start = _period_start(schedule, day)
    due_date = _due_date(schedule, start)
    return Due(_period_key(schedule, start), due_date, local_moment(due_date, schedule.at, schedule.timezone))


def last_due(schedule: Schedule, now: datetime) -> Due:
    """The latest period whose due moment is not later than `now` (aware): the one to send if it was not sent.
    Only the latest: a worker down for three days catches up one daily report, not three."""
    current = due_of_period(schedule, now.astimezone(schedule.timezone).date())
    if current.at <= now:
        return current
    start = _period_start(schedule, current.local_date)
    return due_of_period(schedule, _previous_period_start(schedule, start))


def next_due(schedule: Schedule, now: datetime) -> Due:
    """The first period due after `now` (what the list shows as the next send)."""
    current = due_of_period(schedule, now.astimezone(schedule.timezone).date())
    if current.at > now:
        return current
    start = _period_start(schedule, current.local_date)
    following = start + timedelta(days={DAILY: 1, WEEKLY: 7, MONTHLY: 32}[schedule.frequency])
    return due_of_period(schedule, following)


def relative_dates(period: str, run_date: date) -> tuple[date, date]:
    """(dateFrom, dateTo) of a relative period for a run on the local date `run_date`."""
    if period == YESTERDAY:
        day = run_date - timedelta(days=1)
        return day, day
    if period == LAST_WEEK:
        monday = run_date - timedelta(days=run_date.isoweekday() - 1 + 7)
        return monday, monday + timedelta(days=6)
    if period == LAST_MONTH:
        last = run_date.replace(day=1) - timedelta(days=1)
        return last.replace(day=1), last
    if period == THIS_MONTH_SO_FAR:
        return run_date.replace(day=1), run_date
    raise ValueError(f"unknown relative period {period!r}")
