"""Automated reports' writes: keyword-only, atomic, audited; sends are jobs deferred in the same transaction.

A send is a run (`AutomatedReportRun`) claimed first and sent by the job `SEND_RUN_TASK` (`tasks.py`, which
calls `run_send`). A scheduled period is claimed by inserting its run with `ON CONFLICT DO NOTHING` against the
unique (report, period key): of two jobs or workers reaching one period, one inserts and defers the send, the other
inserts nothing and sends nothing (`scheduled_run_claim`). "Send now" is a manual run, never claimed: a period's
scheduled send still happens."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.db import connection, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from procrastinate.contrib.django import app
from rest_framework.exceptions import ValidationError

from kantyna.announcements.models import RecipientsList
from kantyna.announcements.selectors import ReportRecipients, addresses_merged, report_recipients
from kantyna.audit.services import audit_record
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun, RunState
from kantyna.automated_reports.schedule import DAILY, MONTHLY, WEEKLY, Due, Schedule, last_due, relative_dates
from kantyna.core.errors import DomainError
from kantyna.core.mail import mail_send
from kantyna.core.services import model_update
from kantyna.ordering.cutoff import tenant_today, tenant_zone
from kantyna.reports.catalog import REPORT_TYPES, criteria_line, criteria_validated, render_report
from kantyna.tenancy.services import current_tenant_slug

# The send job, deferred by name: tasks.py declares it and imports this module.
SEND_RUN_TASK = "automated_reports.send_run"
SEND_QUEUE = "emails"

SCHEDULE_FIELDS = ("frequency", "weekday", "day_of_month", "send_time")
FIELDS = (
    "name",
    "report_type",
    "file_format",
    "criteria",
    "relative_period",
    *SCHEDULE_FIELDS,
    "email_addresses",
    "recipients_list",
)
PERIOD_KEYS = ("dateFrom", "dateTo", "date_from", "date_to", "date")


def period_criteria(report_type: str, date_from: date, date_to: date) -> dict:
    """A run's period as the report type asks for it: `dateFrom`/`dateTo`, or the one `date` of a report at a day
    (balances at a date: at the end of the period, e.g. of last month)."""
    fields = REPORT_TYPES[report_type].criteria_serializer().fields
    if "date" in fields:
        return {"date": date_to.isoformat()}
    return {"dateFrom": date_from.isoformat(), "dateTo": date_to.isoformat()}


def schedule_of(report: AutomatedReport) -> Schedule:
    return Schedule(
        report.frequency,
        report.send_time,
        tenant_zone(),
        weekday=report.weekday,
        day_of_month=report.day_of_month,
    )


def _schedule_fields(data: dict) -> dict:
    """The schedule's fields, with the ones its frequency does not use cleared."""
    frequency = data["frequency"]
    weekday = data.get("weekday") if frequency == WEEKLY else None
    day_of_month = data.get("day_of_month") if frequency == MONTHLY else None
    if frequency == WEEKLY and weekday is None:
        raise DomainError("automated_report.weekday_required", field="weekday")
    if frequency == MONTHLY and day_of_month is None:
        raise DomainError("automated_report.day_required", field="day_of_month")
    assert frequency in (DAILY, WEEKLY, MONTHLY)
    return {**data, "weekday": weekday, "day_of_month": day_of_month}


def criteria_stored(report_type: str, criteria: dict, relative_period: str) -> dict:
    """The report type's criteria without their period, validated by its serializer (with the period today's run
    would have) and kept as the serializer writes them (JSON: snake_case keys, dates as text)."""
    report = REPORT_TYPES.get(report_type)
    if report is None:
        raise DomainError("automated_report.unknown_type", field="report_type")
    date_from, date_to = relative_dates(relative_period, tenant_today())
    asked = {key: value for key, value in (criteria or {}).items() if key not in PERIOD_KEYS}
    try:
        validated = criteria_validated(report_type, {**asked, **period_criteria(report_type, date_from, date_to)})
    except ValidationError as error:
        raise ValidationError({"criteria": error.detail}) from None
    written = report.criteria_serializer().to_representation(validated)
    return {key: value for key, value in written.items() if key not in PERIOD_KEYS}


def _cleaned(data: dict) -> dict:
    data = _schedule_fields(data)
    data["criteria"] = criteria_stored(data["report_type"], data.get("criteria") or {}, data["relative_period"])
    data["email_addresses"] = addresses_merged(data.get("email_addresses") or [])
    if not data["email_addresses"] and data.get("recipients_list") is None:
        raise DomainError("automated_report.no_recipients", field="email_addresses")
    return data


def report_addresses(report: AutomatedReport) -> ReportRecipients:
    """Where a run goes: the report's own addresses (To), then its recipients list's (Bcc; read now: a list changed
    since reaches its new people), lower-cased, each once."""
    return report_recipients(report.email_addresses, report.recipients_list)


def recipients_list_refusal(recipients: RecipientsList) -> DomainError | None:
    """Registered with announcements (apps.py): a list automated reports are sent to is not deleted."""
    names = list(AutomatedReport.objects.filter(recipients_list=recipients).values_list("name", flat=True)[:5])
    if not names:
        return None
    return DomainError(
        "recipients_list.used_by_automated_reports",
        field="automated_reports",
        params={"names": ", ".join(f"“{name}”" for name in names)},
    )


@transaction.atomic
def automated_report_create(*, actor, **data) -> AutomatedReport:
    data = _cleaned(data)
    report = AutomatedReport.objects.create(
        **{name: data[name] for name in FIELDS if name in data},
        enabled=data.get("enabled", True),
        locale=data.get("locale") or (translation.get_language() or "pl")[:2],
        created_by=actor,
        active_since=timezone.now(),
    )
    audit_record(actor=actor, action="automated_report.create", target=report, data={"name": report.name})
    return report


@transaction.atomic
def automated_report_update(*, actor, instance: AutomatedReport, **data) -> AutomatedReport:
    data = _cleaned(data)
    before = {name: getattr(instance, name) for name in SCHEDULE_FIELDS}
    report, _changed = model_update(instance=instance, fields=(*FIELDS, "enabled"), data=data)
    if any(getattr(report, name) != value for name, value in before.items()):
        # A new schedule starts now: a period due before the change is not sent late.
        report.active_since = timezone.now()
        report.save(update_fields=["active_since"])
    audit_record(actor=actor, action="automated_report.update", target=report, data={"name": report.name})
    return report


@transaction.atomic
def automated_report_delete(*, actor, instance: AutomatedReport) -> None:
    audit_record(actor=actor, action="automated_report.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def automated_reports_enable(*, actor, reports: Iterable[AutomatedReport], enabled: bool) -> int:
    """Switches the reports on or off; one switched on starts its schedule now (a period due while it was off is
    not sent late)."""
    changed = 0
    for report in reports:
        if report.enabled == enabled:
            continue
        report.enabled = enabled
        fields = ["enabled", "updated_at"]
        if enabled:
            report.active_since = timezone.now()
            fields.append("active_since")
        report.save(update_fields=fields)
        if enabled:
            audit_record(actor=actor, action="automated_report.enable", target=report, data={"name": report.name})
        else:
            audit_record(actor=actor, action="automated_report.disable", target=report, data={"name": report.name})
        changed += 1
    return changed


def _defer_send(run: AutomatedReportRun) -> None:
    app.configure_task(name=SEND_RUN_TASK, queue=SEND_QUEUE).defer(slug=current_tenant_slug(), run_id=run.pk)


@transaction.atomic
def automated_reports_send_now(*, actor, reports: Iterable[AutomatedReport]) -> list[AutomatedReportRun]:
    """A manual run per report, its period relative to today, sent by a job (enabled or not: the user asked)."""
    today = tenant_today()
    runs = []
    for report in reports:
        date_from, date_to = relative_dates(report.relative_period, today)
        run = AutomatedReportRun.objects.create(
            report=report,
            period_key=today.isoformat(),
            manual=True,
            date_from=date_from,
            date_to=date_to,
            requested_by=actor,
        )
        _defer_send(run)
        audit_record(actor=actor, action="automated_report.send", target=report, data={"name": report.name})
        runs.append(run)
    return runs


_CLAIM_SQL = f"""
INSERT INTO {AutomatedReportRun._meta.db_table}
    (report_id, period_key, manual, date_from, date_to, state, created_at, error)
VALUES (%s, %s, false, %s, %s, %s, %s, '')
ON CONFLICT DO NOTHING
RETURNING id
"""


def scheduled_run_claim(report: AutomatedReport, due: Due) -> AutomatedReportRun | None:
    """The run of `report`'s period `due`, inserted now, or None when the period has one already (sent, being sent,
    or claimed this instant by a concurrent job: the insert waits for its transaction, then inserts nothing)."""
    date_from, date_to = relative_dates(report.relative_period, due.local_date)
    with connection.cursor() as cursor:
        cursor.execute(_CLAIM_SQL, [report.pk, due.period_key, date_from, date_to, RunState.PENDING, timezone.now()])
        row = cursor.fetchone()
    return None if row is None else AutomatedReportRun.objects.get(pk=row[0])


@dataclass
class DueOutcome:
    claimed: list[int]  # runs claimed and deferred
    checked: int  # enabled reports looked at

    def as_dict(self) -> dict:
        return {"claimed": len(self.claimed), "checked": self.checked}


def due_reports_send(*, now: datetime | None = None) -> DueOutcome:
    """For each enabled report, the latest period due not later than `now` (only that one: a worker down for days
    sends one catch-up), unless due before the report's schedule started or already run: claimed and deferred,
    each claim in its own transaction."""
    now = now or timezone.now()
    dues = {}
    reports = list(AutomatedReport.objects.filter(enabled=True))
    for report in reports:
        due = last_due(schedule_of(report), now)
        if due.at >= report.active_since:
            dues[report.pk] = (report, due)
    taken = set(
        AutomatedReportRun.objects.filter(
            manual=False, report_id__in=dues, period_key__in={due.period_key for _r, due in dues.values()}
        ).values_list("report_id", "period_key")
    )
    claimed = []
    for report, due in dues.values():
        if (report.pk, due.period_key) in taken:
            continue
        with transaction.atomic():
            run = scheduled_run_claim(report, due)
            if run is not None:
                _defer_send(run)
                claimed.append(run.pk)
    return DueOutcome(claimed=claimed, checked=len(reports))


def run_send(*, run_id: int) -> str:
    """Makes the run's report and e-mails it to the report's addresses, then records the run sent. A run sent
    already (a job retried after the mail left) is not sent again. A failure is recorded and raised (retried)."""
    run = (
        AutomatedReportRun.objects.select_related("report", "report__created_by", "report__recipients_list")
        .filter(pk=run_id)
        .first()
    )
    if run is None:
        return "deleted"  # its report was deleted meanwhile: nothing to send
    if run.state == RunState.SENT:
        return RunState.SENT
    report = run.report
    criteria = {**report.criteria, **period_criteria(report.report_type, run.date_from, run.date_to)}
    try:
        with translation.override(report.locale):
            report_file = render_report(report.report_type, criteria, report.file_format, actor=report.created_by)
            title = str(REPORT_TYPES[report.report_type].title)
            period = criteria_line(criteria_validated(report.report_type, criteria))
            recipients = report_addresses(report)
            mail_send(
                to=recipients.to,
                bcc=recipients.bcc,
                subject=_("Automated report: %(name)s") % {"name": report.name},
                text=_("Hello,\n\nthe automated report “%(name)s” (%(title)s) is attached.\n%(period)s\n\nKantyna")
                % {"name": report.name, "title": title, "period": period},
                attachments=[(report_file.file_name, report_file.content, report_file.content_type)],
            )
    except Exception as error:
        AutomatedReportRun.objects.filter(pk=run.pk).update(state=RunState.FAILED, error=repr(error)[:2000])
        raise
    sent_at = timezone.now()
    with transaction.atomic():
        AutomatedReportRun.objects.filter(pk=run.pk).update(state=RunState.SENT, sent_at=sent_at, error="")
        fields = {"last_run_at": sent_at}
        if not run.manual:
            fields["last_sent_period"] = run.period_key
        AutomatedReport.objects.filter(pk=report.pk).update(**fields)
    return RunState.SENT
