"""What only the automated reports' tests use: a report made through the service, the API's body of one, and the
jobs deferred."""

from __future__ import annotations

from datetime import time

from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.automated_reports.models import AutomatedReport
from kantyna.automated_reports.services import SEND_RUN_TASK, automated_report_create

REPORT_TYPE = "ordersPerInstitution"


def report_data(**overrides) -> dict:
    data = {
        "name": "Zamówienia miesięcznie",
        "report_type": REPORT_TYPE,
        "file_format": "xlsx",
        "criteria": {"group_by": "month"},
        "relative_period": "last_month",
        "frequency": "monthly",
        "day_of_month": 1,
        "send_time": time(6, 0),
        "email_addresses": ["ksiegowosc@example.test", "szef@example.test"],
        "locale": "pl",
    }
    return {**data, **overrides}


def make_report(actor, **overrides) -> AutomatedReport:
    return automated_report_create(actor=actor, **report_data(**overrides))


def payload(**overrides) -> dict:
    body = {
        "name": "Zamówienia miesięcznie",
        "reportType": REPORT_TYPE,
        "fileFormat": "xlsx",
        "criteria": {"groupBy": "month"},
        "relativePeriod": "last_month",
        "frequency": "monthly",
        "dayOfMonth": 1,
        "sendTime": "06:00",
        "emailAddresses": ["ksiegowosc@example.test", "szef@example.test"],
    }
    return {**body, **overrides}


def send_jobs() -> list[dict]:
    """The send jobs deferred, oldest first: their arguments."""
    return [job.args for job in ProcrastinateJob.objects.filter(task_name=SEND_RUN_TASK).order_by("id")]
