"""Automated reports (issue 17): a report of the catalogue (`kantyna.reports.catalog`) sent by e-mail on a schedule
(`schedule.py`), and its runs.

`AutomatedReport` keeps the report's criteria without their period (the stored `criteria` are what the report
type's serializer takes besides `dateFrom`/`dateTo`), and a period relative to the run that each run resolves.
Recipients are e-mail addresses and, optionally, a saved recipients list (announcements' `RecipientsList`, issue
18): a run sends to both, the list read when it runs (`services.report_addresses`). A list in use is not deleted
(PROTECT, and a clear refusal through announcements' usage registry, see apps.py).

`AutomatedReportRun` is one send: a scheduled period's (`manual` false, its `period_key` from the schedule) or a
"send now" (`manual` true). A scheduled period has at most one run: the unique (report, period key) is the claim
that makes a period sent exactly once, however many jobs or workers reach it (`services.scheduled_run_claim`)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.announcements.models import RecipientsList
from kantyna.automated_reports.schedule import FREQUENCIES, RELATIVE_PERIODS
from kantyna.users.models import User

FILE_FORMATS = ("xlsx", "csv", "pdf")
MAX_EMAIL_ADDRESSES = 20


class AutomatedReport(models.Model):
    name = models.CharField(max_length=255)
    report_type = models.CharField(max_length=60)  # a code of kantyna.reports.catalog.REPORT_TYPES
    file_format = models.CharField(max_length=4, choices=[(f, f) for f in FILE_FORMATS])
    criteria = models.JSONField(default=dict)  # the report type's serializer's, without its period
    relative_period = models.CharField(max_length=20, choices=[(p, p) for p in RELATIVE_PERIODS])
    frequency = models.CharField(max_length=10, choices=[(f, f) for f in FREQUENCIES])
    weekday = models.PositiveSmallIntegerField(null=True, blank=True)  # ISO 1..7, weekly
    day_of_month = models.PositiveSmallIntegerField(null=True, blank=True)  # 1..31, monthly
    send_time = models.TimeField()  # the tenant's wall clock
    email_addresses = models.JSONField(default=list)
    recipients_list = models.ForeignKey(
        RecipientsList, null=True, blank=True, on_delete=models.PROTECT, related_name="automated_reports"
    )
    # The language of the e-mail and the file (the creator's at creation, as a report downloaded by them).
    locale = models.CharField(max_length=5, default="pl")
    enabled = models.BooleanField(default=True)
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # When the current schedule started (created, rescheduled, switched on): an earlier period is never sent late.
    active_since = models.DateTimeField()
    updated_at = models.DateTimeField(auto_now=True)
    last_sent_period = models.CharField(max_length=20, blank=True)
    last_run_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(frequency="daily")
                | Q(frequency="weekly", weekday__gte=1, weekday__lte=7)
                | Q(frequency="monthly", day_of_month__gte=1, day_of_month__lte=31),
                name="automated_report_schedule_complete",
            )
        ]

    def __str__(self) -> str:
        return self.name


class RunState(models.TextChoices):
    PENDING = "pending", "pending"  # claimed, its send job deferred
    SENT = "sent", "sent"
    FAILED = "failed", "failed"  # the last attempt failed (the job retries)


class AutomatedReportRun(models.Model):
    report = models.ForeignKey(AutomatedReport, on_delete=models.CASCADE, related_name="runs")
    period_key = models.CharField(max_length=20)  # the schedule's period; a manual run: the day it was asked
    manual = models.BooleanField(default=False)
    date_from = models.DateField()
    date_to = models.DateField()
    state = models.CharField(max_length=10, choices=RunState.choices, default=RunState.PENDING)
    requested_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["report", "period_key"], condition=Q(manual=False), name="automated_report_run_once_per_period"
            )
        ]

    def __str__(self) -> str:
        return f"{self.report_id}:{self.period_key}"
