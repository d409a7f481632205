from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.dates import MonthField
from kantyna.core.serializers import MAX_BOOKING, KantynaSerializer, MoneyAmountField, MoneySerializer, money
from kantyna.invoices.models import InvoiceKind, KsefState


class ListQuerySerializer(KantynaSerializer):
    month = MonthField(required=False)
    kind = serializers.ChoiceField(choices=InvoiceKind.choices, required=False)
    paid = serializers.BooleanField(required=False, allow_null=True, default=None)
    institution_id = serializers.IntegerField(required=False)
    user_id = serializers.IntegerField(required=False)


class MonthBodySerializer(KantynaSerializer):
    month = MonthField()


class UploadSerializer(KantynaSerializer):
    file = serializers.FileField()
    number = serializers.CharField(max_length=80)
    month = MonthField()
    user_id = serializers.IntegerField(required=False, allow_null=True, default=None)
    institution_id = serializers.IntegerField(required=False, allow_null=True, default=None)
    gross = MoneyAmountField(max_amount=MAX_BOOKING, required=False, allow_null=True)


class SelectionSerializer(KantynaSerializer):
    invoices_files_ids = serializers.ListField(child=serializers.IntegerField(), allow_empty=False, max_length=500)


class InvoicePartySerializer(KantynaSerializer):
    name = serializers.CharField()
    street = serializers.CharField()
    postal_code = serializers.CharField()
    city = serializers.CharField()
    tax_id = serializers.CharField()


class InvoiceLinkSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class InvoiceFileSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    number = serializers.CharField()
    kind = serializers.ChoiceField(choices=InvoiceKind.choices)
    month = serializers.SerializerMethodField()
    issue_date = serializers.DateField()
    transaction_id = serializers.IntegerField(allow_null=True)
    user = serializers.SerializerMethodField()
    institution = serializers.SerializerMethodField()
    buyer = serializers.SerializerMethodField()
    recipient = serializers.SerializerMethodField()
    net = serializers.SerializerMethodField()
    vat = serializers.SerializerMethodField()
    gross = serializers.SerializerMethodField()
    paid = serializers.SerializerMethodField()
    paid_at = serializers.DateTimeField(allow_null=True)
    file_kind = serializers.CharField()
    created_at = serializers.DateTimeField()
    ksef_applicable = serializers.SerializerMethodField(
        help_text="A drawn invoice to a business buyer (with a NIP): its KSeF XML can be had and sent."
    )
    ksef_state = serializers.ChoiceField(choices=KsefState.choices)
    ksef_number = serializers.CharField()
    ksef_error = serializers.CharField()
    ksef_upo_available = serializers.SerializerMethodField(
        help_text="KSeF's UPO (its official receipt) of the accepted invoice is stored: `ksefUpo` downloads it."
    )
    sent_at = serializers.DateTimeField(allow_null=True)

    def get_month(self, row) -> str:
        return f"{row.month:%Y-%m}"

    @extend_schema_field(InvoiceLinkSerializer(allow_null=True))
    def get_user(self, row):
        return None if row.user is None else {"id": row.user.pk, "name": row.user.full_name}

    @extend_schema_field(InvoiceLinkSerializer(allow_null=True))
    def get_institution(self, row):
        return None if row.institution is None else {"id": row.institution.pk, "name": row.institution.name}

    @extend_schema_field(InvoicePartySerializer(allow_null=True))
    def get_buyer(self, row):
        return _party(row.buyer)

    @extend_schema_field(InvoicePartySerializer(allow_null=True))
    def get_recipient(self, row):
        return _party(row.recipient)

    @extend_schema_field(MoneySerializer)
    def get_net(self, row):
        return money(row.net)

    @extend_schema_field(MoneySerializer)
    def get_vat(self, row):
        return money(row.vat)

    @extend_schema_field(MoneySerializer)
    def get_gross(self, row):
        return money(row.gross)

    def get_paid(self, row) -> bool:
        return row.paid_at is not None

    def get_ksef_upo_available(self, row) -> bool:
        return bool(row.ksef_upo)

    def get_ksef_applicable(self, row) -> bool:
        return row.kind != InvoiceKind.UPLOADED and bool((row.buyer or {}).get("tax_id"))


def _party(data: dict | None) -> dict | None:
    if not data:
        return None
    return {key: data.get(key, "") for key in ("name", "street", "postal_code", "city", "tax_id")}


class InvoiceCreatedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    created = serializers.BooleanField(help_text="False when the invoice existed already (it is the one answered).")


class MaxFileSizeSerializer(KantynaSerializer):
    max_file_size = serializers.IntegerField(help_text="Bytes.")
