"""What a report is asked for (its criteria), validated by one serializer per report type: a period (`dateFrom`,
`dateTo`, at most MAX_DAYS days) and the ids that narrow it (institutions, classrooms, meal types, diets, payers),
each report taking the ones it needs. The same serializers validate the API's body, an automated report's stored
criteria and a job's, so a report is asked for one way whoever asks."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext_lazy as _
from djangorestframework_camel_case.util import camelize_re, underscore_to_camel
from rest_framework import serializers

from kantyna.core.serializers import KantynaSerializer

MAX_DAYS = 366

# A criterion's kind, as the web app draws its field (reports' catalogue call).
KIND_DATE = "date"
KIND_CHOICE = "choice"
KIND_BOOLEAN = "boolean"
KIND_IDS = {
    "kitchens_ids": "kitchens",
    "institutions_ids": "institutions",
    "classrooms_ids": "classrooms",
    "meal_types_ids": "mealTypes",
    "diets_ids": "diets",
    "payers_ids": "payers",
}

GROUP_DAY = "day"
GROUP_MONTH = "month"


def ids_field(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=1000, help_text=help_text
    )


class PeriodCriteria(KantynaSerializer):
    date_from = serializers.DateField(help_text="The period's first day.")
    date_to = serializers.DateField(help_text="The period's last day (at most 366 days in all).")

    def validate(self, attrs):
        if attrs["date_to"] < attrs["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date must not be before the start date.")]})
        if attrs["date_to"] - attrs["date_from"] >= timedelta(days=MAX_DAYS):
            raise serializers.ValidationError({"date_to": [_("Choose at most %(days)s days.") % {"days": MAX_DAYS}]})
        return attrs


class MealsCriteria(PeriodCriteria):
    """Meals of a period, narrowed by where the receivers are and what they ate."""

    institutions_ids = ids_field("Only receivers of these institutions; default: every one in reach.")
    meal_types_ids = ids_field("Only these meal types; default: every one.")
    diets_ids = ids_field("Only these diets; default: every one.")


def group_by_field() -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=[GROUP_DAY, GROUP_MONTH], default=GROUP_MONTH, help_text="One row per day, or per month."
    )


class OrdersPerInstitutionCriteria(MealsCriteria):
    group_by = group_by_field()


class PayersCriteria(PeriodCriteria):
    """Money of a period: payers of some institutions, or some payers."""

    institutions_ids = ids_field("Only payers of these institutions; default: every one in reach.")
    payers_ids = ids_field("Only these payers (parents, workers); default: every one.")


class DepositsCriteria(PayersCriteria):
    group_by = group_by_field()


class BalancesCriteria(KantynaSerializer):
    date = serializers.DateField(help_text="The balances at the end of this day.")
    institutions_ids = ids_field("Only payers of these institutions; default: every one in reach.")
    payers_ids = ids_field("Only these payers; default: every one.")
    debtors_only = serializers.BooleanField(default=False, help_text="Only payers whose balance is below zero.")


class ClassroomsCriteria(PeriodCriteria):
    institutions_ids = ids_field("Only these institutions' classrooms; default: every one in reach.")
    classrooms_ids = ids_field("Only these classrooms; default: every one.")


class KitchensCriteria(PeriodCriteria):
    institutions_ids = ids_field("Only meals of these institutions; default: every one in reach.")
    kitchens_ids = ids_field("Only what these kitchens prepare; default: every kitchen, and meals no kitchen has.")


def criteria_fields(serializer_class) -> list[dict]:
    """A criteria serializer's fields as the web app draws them: name (camelCase), kind, required, choices."""
    fields = []
    for name, field in serializer_class().fields.items():
        camel = camelize_re.sub(underscore_to_camel, name)
        if isinstance(field, serializers.DateField):
            entry = {"name": camel, "kind": KIND_DATE}
        elif isinstance(field, serializers.BooleanField):
            entry = {"name": camel, "kind": KIND_BOOLEAN}
        elif isinstance(field, serializers.ChoiceField):
            entry = {"name": camel, "kind": KIND_CHOICE, "choices": list(field.choices)}
        else:
            entry = {"name": camel, "kind": KIND_IDS[name]}
        entry["required"] = field.required
        if field.default is not serializers.empty:
            entry["default"] = field.default
        fields.append(entry)
    return fields
