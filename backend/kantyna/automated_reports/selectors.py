"""Automated reports' reads: the list with each report's last run, in a fixed number of queries."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun


def automated_reports() -> QuerySet[AutomatedReport]:
    last = AutomatedReportRun.objects.filter(report=OuterRef("pk")).order_by("-created_at", "-id")
    return AutomatedReport.objects.select_related("created_by", "recipients_list").annotate(
        last_run_state=Subquery(last.values("state")[:1]),
        last_run_created_at=Subquery(last.values("created_at")[:1]),
        last_run_sent_at=Subquery(last.values("sent_at")[:1]),
        last_run_manual=Subquery(last.values("manual")[:1]),
    )
