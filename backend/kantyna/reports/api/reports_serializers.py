"""Shapes of the reports' calls: the bodies (criteria, a format, the print's orientation and font size, the
addresses to send to) and the catalogue's entries."""

from __future__ import annotations

from rest_framework import serializers

from kantyna.announcements.api.serializers import recipients_list_field
from kantyna.core.serializers import KantynaSerializer, StatusSerializer
from kantyna.core.spreadsheets import EXPORT_FORMATS
from kantyna.ordering.api.orders_serializers import choice_field
from kantyna.reports.criteria import KIND_BOOLEAN, KIND_CHOICE, KIND_DATE, KIND_IDS
from kantyna.reports.tables import FONT_SIZES, FORMATS, ORIENTATIONS

__all__ = ["StatusSerializer"]

MAX_ADDRESSES = 20
CRITERIA_HELP = (
    "The report's criteria (see `GET reports`): dateFrom, dateTo and the ids that narrow it, validated by the report "
    "type; errors are reported under the criteria's own names."
)


def criteria_field() -> serializers.DictField:
    return serializers.DictField(help_text=CRITERIA_HELP)


def orientation_field() -> serializers.ChoiceField:
    return choice_field(ORIENTATIONS, "ReportOrientation", required=False, help_text="Default: the report's usual one.")


def font_size_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=min(FONT_SIZES), max_value=max(FONT_SIZES), default=9, help_text="Points; default 9."
    )


class ReportDownloadSerializer(KantynaSerializer):
    criteria = criteria_field()
    format = choice_field(EXPORT_FORMATS, "ReportSpreadsheetFormat", default="xlsx")


class ReportPrintSerializer(KantynaSerializer):
    criteria = criteria_field()
    orientation = orientation_field()
    font_size = font_size_field()


class ReportSendSerializer(KantynaSerializer):
    criteria = criteria_field()
    email_addresses = serializers.ListField(
        child=serializers.EmailField(),
        max_length=MAX_ADDRESSES,
        required=False,
        default=list,
        help_text="Who receives the report (may be empty when recipientsListId is given).",
    )
    recipients_list_id = recipients_list_field(
        "A saved recipients list (`recipients`, ability announcements.manage): the report also goes to its "
        "addresses and its people's e-mails (in Bcc).",
    )
    format = choice_field(FORMATS, "ReportFormat", default="xlsx")
    orientation = orientation_field()
    font_size = font_size_field()


class ReportCriterionSerializer(KantynaSerializer):
    name = serializers.CharField(help_text="The criterion's key in `criteria` (camelCase).")
    kind = choice_field(
        [KIND_DATE, KIND_CHOICE, KIND_BOOLEAN, *KIND_IDS.values()],
        "ReportCriterionKind",
        help_text="date; choice (one of `choices`); boolean; or ids of institutions, classrooms, mealTypes, diets, "
        "payers, kitchens.",
    )
    required = serializers.BooleanField()
    choices = serializers.ListField(child=serializers.CharField(), required=False)
    default = serializers.JSONField(required=False, help_text="The value when the criterion is left out.")


class ReportTypeSerializer(KantynaSerializer):
    code = serializers.CharField()
    title = serializers.CharField()
    description = serializers.CharField()
    orientation = choice_field(ORIENTATIONS, "ReportOrientation")
    criteria = ReportCriterionSerializer(many=True)
