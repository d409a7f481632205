"""Shapes of the dashboard's calls: the queries (a day, an institution, a presence mode, a chart's period) and the
answers (today's figures, totals per institution x meal type x diet, a page of receivers, chart points)."""

from __future__ import annotations

from rest_framework import serializers

from kantyna.core.serializers import KantynaSerializer
from kantyna.ledger.api.serializers import MoneyField
from kantyna.ordering.api.orders_serializers import choice_field
from kantyna.people.models import SubjectType
from kantyna.reports.selectors.dashboard import PERIODS, PRESENCE_MODES

INSTITUTION_HELP = "Only this institution's receivers (an institutions admin: one of theirs, else nothing)."

# Inputs ---------------------------------------------------------------------------------------------------------


class StatisticsQuerySerializer(KantynaSerializer):
    institution_id = serializers.IntegerField(
        required=False, min_value=1, max_value=2**31 - 1, help_text=INSTITUTION_HELP
    )


class DayQuerySerializer(StatisticsQuerySerializer):
    date = serializers.DateField(required=False, help_text="Default: today (tenant's timezone).")


class PresencesQuerySerializer(DayQuerySerializer):
    mode = choice_field(
        PRESENCE_MODES,
        "DashboardPresenceMode",
        required=False,
        default=PRESENCE_MODES[0],
        help_text="present: a live meal that day; absent: none, and an absence or a cancelled meal; "
        "not_ordered: neither.",
    )


class ChartQuerySerializer(DayQuerySerializer):
    period = choice_field(
        PERIODS,
        "DashboardChartPeriod",
        required=False,
        default=PERIODS[0],
        help_text="month: per day of the date's month; year: per month of its year.",
    )


# Outputs --------------------------------------------------------------------------------------------------------


class DashboardMealsCountSerializer(KantynaSerializer):
    ordered = serializers.IntegerField(help_text="Live meals (active and served); cancelled ones are not counted.")
    served = serializers.IntegerField(help_text="Served at the terminal.")
    cancelled = serializers.IntegerField()


class DashboardStatisticsSerializer(KantynaSerializer):
    date = serializers.DateField(help_text="Today in the tenant's timezone.")
    meals = DashboardMealsCountSerializer(source="*")
    active_children = serializers.IntegerField()
    active_workers = serializers.IntegerField()
    balances_total = MoneyField(help_text="The sum of the payers' balances.")
    debtors = serializers.IntegerField(help_text="Payers whose balance is below zero.")
    debt_total = MoneyField(help_text="The sum of those payers' balances (negative or zero).")
    deposits_month = serializers.DateField(help_text="The first day of the month the deposits are of.")
    deposits_amount = MoneyField()
    deposits_count = serializers.IntegerField()


class DashboardRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DashboardTotalRowSerializer(KantynaSerializer):
    institution = DashboardRefSerializer()
    meal_type = DashboardRefSerializer()
    diet = DashboardRefSerializer()
    ordered = serializers.IntegerField()
    served = serializers.IntegerField()
    cancelled = serializers.IntegerField()


class DashboardTotalsSerializer(KantynaSerializer):
    date = serializers.DateField()
    rows = DashboardTotalRowSerializer(many=True)
    totals = DashboardMealsCountSerializer()


class DashboardPresenceMealSerializer(KantynaSerializer):
    meal_type = DashboardRefSerializer()
    status = choice_field(("active", "served", "cancelled"), "DashboardMealStatus")


class DashboardPresenceRowSerializer(KantynaSerializer):
    type = choice_field(SubjectType.choices, "DashboardSubjectType")
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    institution = DashboardRefSerializer()
    classroom = serializers.CharField(allow_null=True, help_text="A child's classroom; null for a worker.")
    meals = DashboardPresenceMealSerializer(many=True, help_text="Live meals (present) or cancelled ones (absent).")


class DashboardChartPointSerializer(KantynaSerializer):
    date = serializers.DateField(help_text="The day, or the first day of the month.")
    ordered = serializers.IntegerField()
    served = serializers.IntegerField()
    cancelled = serializers.IntegerField()
    deposits_amount = MoneyField()
    deposits_count = serializers.IntegerField()


class DashboardChartSerializer(KantynaSerializer):
    period = choice_field(PERIODS, "DashboardChartPeriod")
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    points = DashboardChartPointSerializer(many=True)
