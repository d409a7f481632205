from __future__ import annotations

from rest_framework import serializers

from kantyna.core.serializers import KantynaSerializer, MoneySerializer, money
from kantyna.statements.models import MatchKind
from kantyna.statements.parsers import CSV_PROFILES, FORMATS
from kantyna.statements.selectors import ITEM_FILTERS


class PersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


def _person(obj) -> dict | None:
    return {"id": obj.pk, "name": str(obj)} if obj is not None else None


class FileCountsSerializer(KantynaSerializer):
    items = serializers.IntegerField()
    matched = serializers.IntegerField()
    suggested = serializers.IntegerField()
    unmatched = serializers.IntegerField()
    already_imported = serializers.IntegerField()
    skipped = serializers.IntegerField()
    to_book = serializers.IntegerField()
    booked = serializers.IntegerField()


class ImportedPaymentsFileSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    file_format = serializers.ChoiceField(choices=FORMATS)
    csv_profile = serializers.CharField()
    status = serializers.ChoiceField(choices=["draft", "confirmed"])
    uploaded_at = serializers.DateTimeField()
    uploaded_by = serializers.SerializerMethodField()
    confirmed_at = serializers.DateTimeField(allow_null=True)
    counts = serializers.SerializerMethodField()
    to_book_sum = serializers.SerializerMethodField()
    booked_sum = serializers.SerializerMethodField()

    def get_uploaded_by(self, obj) -> PersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return _person(obj.uploaded_by)

    def get_counts(self, obj) -> FileCountsSerializer:  # type: ignore[valid-type]
        return {
            "items": obj.items_count,
            **{name: getattr(obj, f"{name}_count") for name in ITEM_FILTERS},
            "to_book": obj.to_book_count,
            "booked": obj.booked_count,
        }

    def get_to_book_sum(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return money(obj.to_book_sum)

    def get_booked_sum(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return money(obj.booked_sum)


class ImportedPaymentSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()
    booked_on = serializers.DateField()
    amount = serializers.SerializerMethodField()
    currency = serializers.CharField()
    sender_name = serializers.CharField()
    sender_account = serializers.CharField()
    title = serializers.CharField()
    counter_account = serializers.CharField()
    bank_reference = serializers.CharField()
    match_kind = serializers.ChoiceField(choices=MatchKind.choices)
    skip_reason = serializers.CharField()
    user = serializers.SerializerMethodField()
    child = serializers.SerializerMethodField()
    booked = serializers.SerializerMethodField()
    # A credit like one booked from another file (date, amount, sender account): shown, never skipped.
    possibly_imported = serializers.BooleanField()

    def get_amount(self, obj) -> MoneySerializer:  # type: ignore[valid-type]
        return {"amount": f"{obj.amount}", "currency": obj.currency}

    def get_user(self, obj) -> PersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return _person(obj.user)

    def get_child(self, obj) -> PersonSerializer(allow_null=True):  # type: ignore[valid-type]
        return _person(obj.child)

    def get_booked(self, obj) -> bool:
        return obj.transaction_id is not None


class ImportedPaymentsPageSerializer(KantynaSerializer):
    items = ImportedPaymentSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class ImportedPaymentsFileDetailsSerializer(ImportedPaymentsFileSerializer):
    items = serializers.SerializerMethodField()

    def get_items(self, obj) -> ImportedPaymentsPageSerializer:  # type: ignore[valid-type]
        return self.context["items"]


class ImportedPaymentsFileUploadSerializer(KantynaSerializer):
    file = serializers.FileField()
    file_format = serializers.ChoiceField(choices=["auto", *FORMATS], default="auto")
    csv_profile = serializers.ChoiceField(choices=list(CSV_PROFILES), default="generic")


class ItemsQuerySerializer(KantynaSerializer):
    kind = serializers.ChoiceField(choices=list(ITEM_FILTERS), required=False)
    search = serializers.CharField(required=False, allow_blank=True, default="")


MAX_ID = 2**63 - 1  # a bigint primary key


class ImportedPaymentUpdateSerializer(KantynaSerializer):
    user_id = serializers.IntegerField(allow_null=True, min_value=1, max_value=MAX_ID)
    child_id = serializers.IntegerField(allow_null=True, required=False, default=None, min_value=1, max_value=MAX_ID)


class ConfirmResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    count = serializers.IntegerField()
    total = MoneySerializer()


class CsvProfileSerializer(KantynaSerializer):
    name = serializers.CharField()
    label = serializers.CharField()
