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
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import formats, timezone, translation

from kantyna.core.tasks import send_email
from kantyna.ordering.cutoff import Cutoff, cutoff_config, tenant_now
from kantyna.ordering.models import LIVE, Absence, MissingOrdersReminder, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.services.automark import ACTIVE_RECEIVER, SETTINGS_RELATIONS, weekdays_of
from kantyna.ordering.services.items import free_days_for, is_free
from kantyna.ordering.subjects import Subject, subject_of_child, subject_of_worker
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import current_tenant_slug, tenant_origin

DEFAULT_LOCALE = "pl"
# A reminder goes out at the first run after its trigger moment, or not at all: an order cancelled in the evening
# does not bring a noon reminder at night. Runs are 15 minutes apart, so four of them fall within the grace.
GRACE = timedelta(hours=1)


@dataclass(frozen=True)
class _Candidate:
    settings: CalendarSubjectSettings
    subject: Subject
    day: date

    @property
    def key(self) -> tuple[int | None, int | None, date]:
        return (self.settings.child_id, self.settings.worker_id, self.day)


def _trigger_window(local: datetime) -> Q:
    """Trigger times in (local - GRACE, local], across midnight too."""
    start = local - GRACE
    after, until = Q(missing_orders_trigger_time__gt=start.time()), Q(missing_orders_trigger_time__lte=local.time())
    return after & until if start.date() == local.date() else after | until


def _candidates(now: datetime, cutoff: Cutoff) -> list[_Candidate]:
    """Receivers whose trigger moment fell within the last GRACE, each with the day it looks at (not yet reminded
    of)."""
    local = tenant_now(now)
    settings_rows = (
        CalendarSubjectSettings.objects.filter(ACTIVE_RECEIVER)
        .filter(_trigger_window(local), missing_orders_enabled=True)
        .exclude(child__parent__is_active=False)  # a deactivated parent's account gets no e-mails
        .select_related(*SETTINGS_RELATIONS, "child__parent__account", "worker__user__account")
    )
    candidates = []
    for settings in settings_rows:
        subject = subject_of_child(settings.child) if settings.child_id else subject_of_worker(settings.worker)
        # A trigger time later than now in the day was yesterday's (23:50 seen by the 00:00 run).
        triggered_on = local.date() - timedelta(days=1 if settings.missing_orders_trigger_time > local.time() else 0)
        day = triggered_on + timedelta(days=settings.missing_orders_days_before + cutoff.days_before)
        candidates.append(_Candidate(settings, subject, day))
    if not candidates:
        return []
    reminded = set(
        MissingOrdersReminder.objects.filter(
            settings_id__in=[c.settings.pk for c in candidates], date__in={c.day for c in candidates}
        ).values_list("settings_id", "date")
    )
    return [c for c in candidates if (c.settings.pk, c.day) not in reminded]


def _due(candidates: list[_Candidate], now: datetime, cutoff: Cutoff) -> list[_Candidate]:
    """The candidates whose day is one they would eat on, can still order for, and have nothing for."""
    candidates = [c for c in candidates if c.day.weekday() in weekdays_of(c.settings) and cutoff.is_open(c.day, now)]
    if not candidates:
        return []
    first, last = min(c.day for c in candidates), max(c.day for c in candidates)
    child_ids = [c.settings.child_id for c in candidates if c.settings.child_id]
    worker_ids = [c.settings.worker_id for c in candidates if c.settings.worker_id]
    by_subject = Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids)
    free = free_days_for({c.subject.institution.pk for c in candidates}, first, last)
    covered = set(
        Absence.objects.filter(by_subject, date__range=(first, last))
        .order_by()
        .values_list("child_id", "worker_id", "date")
    ) | set(
        OrderItem.objects.filter(LIVE, by_subject, date__range=(first, last))
        .order_by()
        .values_list("child_id", "worker_id", "date")
        .distinct()
    )
    pricer = Pricer([c.subject for c in candidates], first, last, for_role=SUBJECT_AUDIENCE)
    return [
        c
        for c in candidates
        if c.key not in covered
        and not is_free(free, c.subject.institution.pk, c.day)
        and pricer.choices(c.subject, c.day)
    ]


def _day_text(day: date, locale: str) -> str:
    """ "poniedziałek, 30 listopada 2026" / "Monday, 30 November 2026" (Polish weekdays are lower case mid-sentence;
    call inside `translation.override(locale)`)."""
    weekday = formats.date_format(day, "l")
    if locale == "pl":
        return f"{weekday.lower()}, {formats.date_format(day, 'j E Y')}"
    return f"{weekday}, {formats.date_format(day, 'j F Y')}"


def _email(payer, day: date, names: list[str], origin: str) -> None:
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
    send_email.defer(to=[account.email], subject=subject, text=text)


@transaction.atomic
def missing_orders_remind(*, now: datetime | None = None) -> dict:
    """Send the reminders due at `now` in the current tenant; returns how many receivers and e-mails."""
    now = now or timezone.now()
    cutoff = cutoff_config()
    due = _due(_candidates(now, cutoff), now, cutoff)
    if not due:
        return {"receivers": 0, "emails": 0}
    MissingOrdersReminder.objects.bulk_create(
        [MissingOrdersReminder(settings=c.settings, date=c.day) for c in due], ignore_conflicts=True
    )
    by_payer_day: dict[tuple[int, date], list[_Candidate]] = defaultdict(list)
    for candidate in due:
        by_payer_day[(candidate.subject.payer.pk, candidate.day)].append(candidate)
    origin = tenant_origin(current_tenant_slug())
    for (_payer_id, day), candidates in by_payer_day.items():
        names = sorted(c.subject.name for c in candidates)
        _email(candidates[0].subject.payer, day, names, origin)
    return {"receivers": len(due), "emails": len(by_payer_day)}
