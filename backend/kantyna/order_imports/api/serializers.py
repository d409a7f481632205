from __future__ import annotations

import datetime

from rest_framework import serializers

from kantyna.core.api.errors import stored_refusal_text
from kantyna.core.serializers import KantynaSerializer, MoneySerializer, money
from kantyna.order_imports.models import FileStatus, RowStatus
from kantyna.order_imports.selectors import ROW_FILTERS


def row_message(code: str, params: dict) -> str:
    """A row's stored problem worded by the error table in the reader's language (its dates read as dates)."""
    if not code:
        return ""
    facts = {
        name: datetime.date.fromisoformat(value) if name == "date" and isinstance(value, str) else value
        for name, value in params.items()
    }
    return stored_refusal_text(code, facts)


class OrdersFilePersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class OrdersFileCountsSerializer(KantynaSerializer):
    rows = serializers.IntegerField()
    ok = serializers.IntegerField()
    problems = serializers.IntegerField()
    ordered = serializers.IntegerField()
    failed = serializers.IntegerField()
    to_order = serializers.IntegerField(help_text="Meals the OK rows would order.")
    ordered_items = serializers.IntegerField(help_text="Meals ordered on confirmation.")


class ImportedOrdersFileSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    file_format = serializers.CharField(help_text="xlsx or csv")
    status = serializers.ChoiceField(choices=FileStatus.choices)
    override_cutoff = serializers.BooleanField()
    uploaded_at = serializers.DateTimeField()
    uploaded_by = serializers.SerializerMethodField()
    confirmed_at = serializers.DateTimeField(allow_null=True)
    confirmed_by = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()
    to_order_amount = serializers.SerializerMethodField()
    ordered_amount = serializers.SerializerMethodField()

    def get_uploaded_by(self, obj) -> OrdersFilePersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return {"id": obj.uploaded_by.pk, "name": obj.uploaded_by.full_name} if obj.uploaded_by else None

    def get_confirmed_by(self, obj) -> OrdersFilePersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return {"id": obj.confirmed_by.pk, "name": obj.confirmed_by.full_name} if obj.confirmed_by else None

    def get_counts(self, obj) -> OrdersFileCountsSerializer:  # type: ignore[valid-type]
        return {
            "rows": obj.rows_count,
            "ok": obj.ok_count,
            "problems": obj.problem_count,
            "ordered": obj.ordered_count,
            "failed": obj.failed_count,
            "to_order": obj.to_order_items,
            "ordered_items": obj.ordered_items,
        }

    def get_to_order_amount(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return money(obj.to_order_amount)

    def get_ordered_amount(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return money(obj.ordered_amount)


class RowCellsSerializer(KantynaSerializer):
    card_number = serializers.CharField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    institution = serializers.CharField()
    classroom = serializers.CharField()
    date = serializers.CharField()
    date_to = serializers.CharField()
    meal_type = serializers.CharField()


class ImportedOrderRowSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()
    cells = serializers.SerializerMethodField()
    person = serializers.SerializerMethodField()
    meal_type = serializers.SerializerMethodField()
    days = serializers.ListField(child=serializers.DateField())
    skipped_days = serializers.ListField(child=serializers.DateField())
    items_count = serializers.IntegerField()
    ordered_count = serializers.IntegerField()
    amount = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=RowStatus.choices)
    message = serializers.SerializerMethodField()
    order_id = serializers.IntegerField(allow_null=True)

    def get_cells(self, obj) -> RowCellsSerializer:  # type: ignore[valid-type]
        return {
            "card_number": obj.card_number,
            "first_name": obj.first_name,
            "last_name": obj.last_name,
            "institution": obj.institution_name,
            "classroom": obj.classroom_name,
            "date": obj.date_text,
            "date_to": obj.date_to_text,
            "meal_type": obj.meal_type_name,
        }

    def get_person(self, obj) -> OrdersFilePersonSerializer(allow_null=True):  # type: ignore[valid-type]
        if obj.child is not None:
            return {"id": obj.child.pk, "name": str(obj.child)}
        if obj.worker is not None:
            return {"id": obj.worker.user_id, "name": obj.worker.user.full_name}
        return None

    def get_meal_type(self, obj) -> OrdersFilePersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return {"id": obj.meal_type.pk, "name": obj.meal_type.name} if obj.meal_type else None

    def get_amount(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return money(obj.amount)

    def get_message(self, obj) -> str:
        return row_message(obj.problem_code, obj.problem_params)


class ImportedOrderRowsPageSerializer(KantynaSerializer):
    items = ImportedOrderRowSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class ImportedOrdersFileDetailsSerializer(ImportedOrdersFileSerializer):
    rows = serializers.SerializerMethodField()

    def get_rows(self, obj) -> ImportedOrderRowsPageSerializer:  # type: ignore[valid-type]
        return self.context["rows"]


class ImportedOrdersFileUploadSerializer(KantynaSerializer):
    file = serializers.FileField()
    override_cutoff = serializers.BooleanField(default=False)


class RowsQuerySerializer(KantynaSerializer):
    status = serializers.ChoiceField(choices=list(ROW_FILTERS), required=False)


class OrdersFileConfirmResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    ordered = serializers.IntegerField()
    failed = serializers.IntegerField()
    items = serializers.IntegerField()
    total = MoneySerializer()
