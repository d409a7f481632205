"""Missing-orders reminders (spec §3 subjectNotificationsSettings: missingOrdersEnabled, missingOrdersDaysBefore,
missingOrdersTriggerTime; defaults off, 1 day, 12:00).

`days_before` counts back from the cut-off, not from the meal: at its trigger time, a receiver is checked for the
day whose ordering closes `days_before` days later (with the default cut-off, one day before at 12:00, and the
default settings: on Wednesday at 12:00, for Friday). Counting from the meal day would make the defaults remind
exactly when ordering closes, too late to act on. The day deserves a reminder when the receiver would eat then and
can still order: one of its automarked weekdays, not a free day, open under the cut-off, with something on its
price list; and nothing is ordered (no live meal) and no absence is recorded. The payer gets one e-mail per day
naming every such receiver, in the payer's language, with the calendar's address. The job runs every quarter of an
hour and looks at the receivers whose trigger moment fell within the last hour; a MissingOrdersReminder row per
(receiver, day) makes it idempotent, so each receiver is reminded of a day once."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import NamedTuple

from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import formats, timezone, translation

from kantyna.core.tasks import send_email
from kantyna.ordering.cutoff import Cutoff, cutoff_config, tenant_now
from kantyna.ordering.models import LIVE, Absence, MissingOrdersReminder, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.services.automark import ACTIVE_RECEIVER, SETTINGS_RELATIONS, weekdays_in
from kantyna.ordering.services.items import free_days_for, is_free
from kantyna.ordering.signals import missing_orders_reminded
from kantyna.ordering.subjects import Subject, subject_of_child, subject_of_worker
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import current_tenant_slug, tenant_origin

DEFAULT_LOCALE = "pl"
# A reminder goes out at the first run after its trigger moment, or not at all: an order cancelled in the evening
# does not bring a noon reminder at night. Runs are 15 minutes apart, so four of them fall within the grace.
GRACE = timedelta(hours=1)
EMAIL_BATCH = 1_000


class _Unordered(NamedTuple):
    settings_id: int
    child_id: int | None
    worker_id: int | None
    day: date


def _trigger_window(local: datetime) -> Q:
    """Trigger times in (local - GRACE, local], across midnight too."""
    start = local - GRACE
    after, until = Q(missing_orders_trigger_time__gt=start.time()), Q(missing_orders_trigger_time__lte=local.time())
    return after & until if start.date() == local.date() else after | until


def _unordered(now: datetime, cutoff: Cutoff) -> list[_Unordered]:
    """Receivers whose trigger moment fell within the last GRACE, with the day each looks at, kept when it is one of
    their weekdays, still open, not yet reminded of, and has no live meal and no absence. Reads ids and dates only:
    most receivers stop here (their day is ordered), so their people and prices are never loaded."""
    local = tenant_now(now)
    rows = (
        CalendarSubjectSettings.objects.filter(ACTIVE_RECEIVER)
        .filter(_trigger_window(local), missing_orders_enabled=True)
        .exclude(child__parent__is_active=False)  # a deactivated parent's account gets no e-mails
        .values_list(
            "pk",
            "child_id",
            "worker_id",
            "missing_orders_days_before",
            "missing_orders_trigger_time",
            "automarked_weekdays",
        )
    )
    found = []
    for pk, child_id, worker_id, days_before, trigger_time, weekdays in rows:
        # A trigger time later than now in the day was yesterday's (23:50 seen by the 00:00 run).
        triggered_on = local.date() - timedelta(days=1 if trigger_time > local.time() else 0)
        day = triggered_on + timedelta(days=days_before + cutoff.days_before)
        if day.weekday() in weekdays_in(weekdays) and cutoff.is_open(day, now):
            found.append(_Unordered(pk, child_id, worker_id, day))
    if not found:
        return []
    days = {row.day for row in found}
    reminded = set(
        MissingOrdersReminder.objects.filter(
            settings_id__in=[row.settings_id for row in found], date__in=days
        ).values_list("settings_id", "date")
    )
    found = [row for row in found if (row.settings_id, row.day) not in reminded]
    by_subject = Q(child_id__in=[r.child_id for r in found if r.child_id]) | Q(
        worker_id__in=[r.worker_id for r in found if r.worker_id]
    )
    covered = set(
        Absence.objects.filter(by_subject, date__in=days).order_by().values_list("child_id", "worker_id", "date")
    ) | set(
        OrderItem.objects.filter(LIVE, by_subject, date__in=days)
        .order_by()
        .values_list("child_id", "worker_id", "date")
        .distinct()
    )
    return [row for row in found if (row.child_id, row.worker_id, row.day) not in covered]


def _due(unordered: list[_Unordered]) -> list[tuple[Subject, date, CalendarSubjectSettings]]:
    """The unordered receivers, loaded, whose day is not a free day and has something on their price list."""
    settings_rows = CalendarSubjectSettings.objects.filter(
        pk__in=[row.settings_id for row in unordered]
    ).select_related(*SETTINGS_RELATIONS, "child__parent__account", "worker__user__account")
    day_of = {row.settings_id: row.day for row in unordered}
    found = [
        (
            subject_of_child(settings.child) if settings.child_id else subject_of_worker(settings.worker),
            day_of[settings.pk],
            settings,
        )
        for settings in settings_rows
    ]
    first, last = min(day_of.values()), max(day_of.values())
    free = free_days_for({subject.institution.pk for subject, _day, _settings in found}, first, last)
    pricer = Pricer([subject for subject, _day, _settings in found], first, last, for_role=SUBJECT_AUDIENCE)
    return [
        (subject, day, settings)
        for subject, day, settings in found
        if not is_free(free, subject.institution.pk, day) and pricer.choices(subject, day)
    ]


def _day_text(day: date, locale: str) -> str:
    """The day as a sentence names it: "poniedziałek, 30 listopada 2026" / "Monday, 30 November 2026" (Polish
    weekdays are lower case mid-sentence). Call inside `translation.override(locale)`."""
    weekday = formats.date_format(day, "l")
    if locale == "pl":
        return f"{weekday.lower()}, {formats.date_format(day, 'j E Y')}"
    return f"{weekday}, {formats.date_format(day, 'j F Y')}"


def _email(payer, day: date, names: list[str], origin: str) -> dict:
    """The `send_email` arguments of one payer's reminder for `day`."""
    account = payer.account
    locale = account.locale or DEFAULT_LOCALE
    with translation.override(locale):
        context = {
            "first_name": payer.first_name,
            "day": _day_text(day, locale),
            "names": names,
            "link": f"{origin}/calendar/user",
        }
        subject = render_to_string("ordering/email/missing_orders_subject.txt", context).strip()
        text = render_to_string("ordering/email/missing_orders.txt", context)
    return {"to": [account.email], "subject": subject, "text": text}


@transaction.atomic
def missing_orders_remind(*, now: datetime | None = None) -> dict:
    """Send the reminders due at `now` in the current tenant; returns how many receivers and e-mails."""
    now = now or timezone.now()
    cutoff = cutoff_config()
    unordered = _unordered(now, cutoff)
    due = _due(unordered) if unordered else []
    if not due:
        return {"receivers": 0, "emails": 0}
    MissingOrdersReminder.objects.bulk_create(
        [MissingOrdersReminder(settings=settings, date=day) for _subject, day, settings in due], ignore_conflicts=True
    )
    by_payer_day: dict[tuple[int, date], list[Subject]] = defaultdict(list)
    for subject, day, _settings in due:
        by_payer_day[(subject.payer.pk, day)].append(subject)
    origin = tenant_origin(current_tenant_slug())
    emails = [
        _email(subjects[0].payer, day, sorted(subject.name for subject in subjects), origin)
        for (_payer_id, day), subjects in by_payer_day.items()
    ]
    # One INSERT per batch, in this transaction: a rolled-back run sends nothing.
    for start in range(0, len(emails), EMAIL_BATCH):
        send_email.batch_defer(*emails[start : start + EMAIL_BATCH])
    # The bell and the web push of the same reminders (messaging listens).
    missing_orders_reminded.send(
        sender=MissingOrdersReminder,
        reminders=[
            (payer_id, day, sorted(subject.name for subject in subjects))
            for (payer_id, day), subjects in by_payer_day.items()
        ],
    )
    return {"receivers": len(due), "emails": len(emails)}
