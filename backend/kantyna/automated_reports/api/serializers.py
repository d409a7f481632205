"""Shapes of automated reports: the report (its schedule, criteria without their period, recipients), the list's
row with the next send and the last run, and the bulk commands' body."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied

from kantyna.announcements.api.serializers import recipients_list_field
from kantyna.automated_reports.models import FILE_FORMATS, MAX_EMAIL_ADDRESSES, AutomatedReport, RunState
from kantyna.automated_reports.schedule import FREQUENCIES, RELATIVE_PERIODS, next_due
from kantyna.automated_reports.services import schedule_of
from kantyna.core.permissions import has_ability
from kantyna.core.serializers import ClockTimeField, KantynaModelSerializer, KantynaSerializer
from kantyna.ordering.api.orders_serializers import choice_field
from kantyna.reports.catalog import REPORT_TYPES


class LastRunSerializer(KantynaSerializer):
    state = choice_field(RunState.choices, "AutomatedReportRunState")
    manual = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    sent_at = serializers.DateTimeField(allow_null=True)


class AutomatedReportSerializer(KantynaModelSerializer):
    report_type = serializers.CharField(
        max_length=60, help_text="A report's code in the catalogue (`GET reports`), e.g. ordersPerInstitution."
    )
    report_type_title = serializers.SerializerMethodField()
    file_format = choice_field(FILE_FORMATS, "AutomatedReportFormat")
    criteria = serializers.DictField(
        required=False,
        default=dict,
        help_text="The report type's criteria except dateFrom/dateTo, which each run sets from relativePeriod.",
    )
    relative_period = choice_field(
        RELATIVE_PERIODS,
        "AutomatedReportPeriod",
        help_text="The days each run reports on, relative to the day it is due.",
    )
    frequency = choice_field(FREQUENCIES, "AutomatedReportFrequency")
    weekday = serializers.IntegerField(
        min_value=1, max_value=7, allow_null=True, required=False, default=None, help_text="1 Monday .. 7 Sunday."
    )
    day_of_month = serializers.IntegerField(
        min_value=1,
        max_value=31,
        allow_null=True,
        required=False,
        default=None,
        help_text="A day past the month's end sends on its last day.",
    )
    send_time = ClockTimeField(help_text="The tenant's local time (Europe/Warsaw).")
    email_addresses = serializers.ListField(
        child=serializers.EmailField(max_length=254),
        max_length=MAX_EMAIL_ADDRESSES,
        error_messages={"max_length": _("Enter at most {max_length} e-mail addresses.")},
        help_text="May be empty when recipientsListId is given.",
    )
    recipients_list_id = recipients_list_field(
        "A saved recipients list (`recipients`): each run also goes to its addresses and people's e-mails (in Bcc). "
        "Choosing or changing it takes the ability announcements.manage.",
    )
    recipients_list_name = serializers.CharField(
        source="recipients_list.name", read_only=True, default=None, allow_null=True
    )
    enabled = serializers.BooleanField(required=False, default=True)
    next_send_at = serializers.SerializerMethodField()
    last_run = serializers.SerializerMethodField()

    class Meta:
        model = AutomatedReport
        fields = [
            "id",
            "name",
            "report_type",
            "report_type_title",
            "file_format",
            "criteria",
            "relative_period",
            "frequency",
            "weekday",
            "day_of_month",
            "send_time",
            "email_addresses",
            "recipients_list_id",
            "recipients_list_name",
            "enabled",
            "created_at",
            "last_sent_period",
            "last_run_at",
            "next_send_at",
            "last_run",
        ]
        read_only_fields = ["created_at", "last_sent_period", "last_run_at"]

    def validate_recipients_list_id(self, recipients):
        """Who may not read the lists (announcements.manage) keeps the report's list as it is, but sets no other."""
        kept = self.instance.recipients_list_id if self.instance is not None else None
        changed = (recipients.pk if recipients is not None else None) != kept
        request = self.context.get("request")
        if changed and recipients is not None and not has_ability(request.user, "announcements.manage"):
            raise PermissionDenied
        return recipients

    def get_report_type_title(self, report) -> str | None:
        known = REPORT_TYPES.get(report.report_type)
        return None if known is None else str(known.title)

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_next_send_at(self, report):
        if not report.enabled:
            return None
        return serializers.DateTimeField().to_representation(next_due(schedule_of(report), timezone.now()).at)

    @extend_schema_field(LastRunSerializer(allow_null=True))
    def get_last_run(self, report):
        state = getattr(report, "last_run_state", None)
        if state is None:
            return None
        return LastRunSerializer(
            {
                "state": state,
                "manual": report.last_run_manual,
                "created_at": report.last_run_created_at,
                "sent_at": report.last_run_sent_at,
            }
        ).data


class AutomatedReportIdsSerializer(KantynaSerializer):
    automated_report_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=500
    )
