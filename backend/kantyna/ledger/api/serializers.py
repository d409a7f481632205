from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.api.errors import field_text
from kantyna.core.api.renderers import camel_keys
from kantyna.core.dates import MonthField
from kantyna.core.serializers import (
    CURRENCY,
    MAX_BOOKING,
    KantynaModelSerializer,
    KantynaSerializer,
    MoneyAmountField,
    MoneyDateField,
    MoneySerializer,
    money,
)
from kantyna.ledger.fiscal_states import fiscal_states_of
from kantyna.ledger.models import LedgerTransaction, TransactionKind
from kantyna.ledger.selectors import END_OF_MONTH_COLUMNS
from kantyna.people.models import Child
from kantyna.users.models import User

MANUAL_KINDS = [
    TransactionKind.DEPOSIT.value,
    TransactionKind.PAYOUT.value,
    TransactionKind.CORRECTION.value,
    TransactionKind.FEE.value,
]


@extend_schema_field(MoneySerializer)
class MoneyField(serializers.Field):
    """A Decimal read as `{"amount": "12.50", "currency": "PLN"}`."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)

    def to_representation(self, value):
        return money(value)


class PersonRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()


class ChildRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField(source="__str__")


class FiscalStateSerializer(KantynaSerializer):
    state = serializers.ChoiceField(choices=["pending", "registered", "failed"])
    receipt_number = serializers.CharField(allow_blank=True)
    attempts = serializers.IntegerField()
    last_error = serializers.CharField(allow_blank=True)
    registered_at = serializers.DateTimeField(allow_null=True)


class TransactionListSerializer(serializers.ListSerializer):
    """A page of transactions: the fiscal states of all its rows are read at once (ledger.fiscal_states)."""

    def to_representation(self, data):
        rows = list(data.all() if hasattr(data, "all") else data)
        self.fiscal_states = fiscal_states_of(rows)
        return super().to_representation(rows)


class TransactionSerializer(KantynaModelSerializer):
    amount = MoneyField()
    balance_after = MoneyField()
    effective_amount = serializers.SerializerMethodField(
        help_text="The amount with every correction of this row applied (equal to amount when never corrected)."
    )
    user = PersonRefSerializer(source="account.user", read_only=True)
    child = ChildRefSerializer(source="account.child", read_only=True, allow_null=True)
    author = PersonRefSerializer(read_only=True, allow_null=True)
    corrects_id = serializers.IntegerField(read_only=True, allow_null=True)
    fiscal = serializers.SerializerMethodField(
        help_text="The deposit's fiscal receipt (state, receipt number) while fiscalization is or was on; null else."
    )

    class Meta:
        model = LedgerTransaction
        list_serializer_class = TransactionListSerializer
        fields = [
            "id",
            "kind",
            "amount",
            "effective_amount",
            "balance_after",
            "booked_on",
            "created_at",
            "description",
            "reference_type",
            "reference_id",
            "idempotency_key",
            "corrects_id",
            "fiscalized",
            "fiscal",
            "user",
            "child",
            "author",
        ]
        read_only_fields = fields

    @extend_schema_field(FiscalStateSerializer(allow_null=True))
    def get_fiscal(self, row) -> dict | None:
        states = getattr(self.parent, "fiscal_states", None)
        if states is None:  # one transaction, not a page
            states = fiscal_states_of([row])
        state = states.get(row.pk)
        return None if state is None else FiscalStateSerializer(state).data

    @extend_schema_field(MoneySerializer)
    def get_effective_amount(self, row) -> dict:
        corrections = getattr(row, "corrections_total", None)
        return money(row.amount + (corrections or 0))


class TransactionQuerySerializer(KantynaSerializer):
    user_id = serializers.IntegerField(required=False, min_value=1)
    child_id = serializers.IntegerField(required=False, min_value=1)
    kind = serializers.ChoiceField(choices=TransactionKind.choices, required=False)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    institution_id = serializers.IntegerField(required=False, min_value=1)
    search = serializers.CharField(required=False, allow_blank=True, default="")

    def validate(self, attrs):
        if attrs.get("date_from") and attrs.get("date_to") and attrs["date_from"] > attrs["date_to"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        return attrs


class TransactionCreateSerializer(KantynaSerializer):
    """Staff booking: amount as typed, positive for deposits, payouts and fees (the kind gives the sign), signed
    for a correction."""

    user_id = serializers.PrimaryKeyRelatedField(source="user", queryset=User.objects.all())
    child_id = serializers.PrimaryKeyRelatedField(
        source="child", queryset=Child.objects.all(), required=False, allow_null=True, default=None
    )
    kind = serializers.ChoiceField(choices=MANUAL_KINDS)
    # Signed here because a correction is; transaction_create refuses a negative amount of any other kind.
    amount = MoneyAmountField(min_amount=-MAX_BOOKING, max_amount=MAX_BOOKING)
    description = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    booked_on = MoneyDateField(required=False, allow_null=True, default=None)
    idempotency_key = serializers.CharField(max_length=150, required=False, allow_blank=True, default="")

    def validate(self, attrs):
        child = attrs.get("child")
        if child is not None and child.parent_id != attrs["user"].pk:
            raise serializers.ValidationError({"child_id": [field_text("ledger.child_of_another_payer")]})
        return attrs


class TransactionCorrectSerializer(KantynaSerializer):
    amount = MoneyAmountField(
        min_amount=-MAX_BOOKING,
        max_amount=MAX_BOOKING,
        help_text="What the transaction should have been (signed, as listed).",
    )
    description = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")


class CreatedIdSerializer(KantynaSerializer):
    id = serializers.IntegerField()


class TotalsByKindSerializer(KantynaSerializer):
    deposit = MoneyField()
    charge = MoneyField()
    refund = MoneyField()
    fee = MoneyField()
    correction = MoneyField()
    payout = MoneyField()


class TotalsSerializer(KantynaSerializer):
    count = serializers.IntegerField()
    total = MoneyField()
    by_kind = TotalsByKindSerializer()


class PayerBalanceSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    full_name = serializers.CharField()
    email = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    is_active = serializers.BooleanField()
    balance = MoneyField()


class PayersQuerySerializer(KantynaSerializer):
    search = serializers.CharField(required=False, allow_blank=True, default="")
    institution_id = serializers.IntegerField(required=False, min_value=1)
    negative = serializers.BooleanField(required=False, default=False)


class ChildBalanceSerializer(KantynaSerializer):
    child_id = serializers.IntegerField(allow_null=True)
    child_name = serializers.CharField()
    balance = MoneyField()


class UserBalanceSerializer(KantynaSerializer):
    user_id = serializers.IntegerField()
    balance = MoneyField()
    per_children = ChildBalanceSerializer(many=True)
    balance_per_children = serializers.BooleanField()


class EndOfMonthQuerySerializer(KantynaSerializer):
    month = MonthField()
    search = serializers.CharField(required=False, allow_blank=True, default="")
    institution_id = serializers.IntegerField(required=False, min_value=1)
    negative = serializers.BooleanField(required=False, default=False)


class EndOfMonthRowSerializer(KantynaSerializer):
    user_id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    email = serializers.CharField()
    opening_balance = MoneyField(help_text="Balance at the end of the previous month.")
    deposits = MoneyField(help_text="Deposits and refunds booked in the month.")
    charges = MoneyField(help_text="Charges, fees and payouts booked in the month (negative).")
    corrections = MoneyField()
    balance = MoneyField(help_text="Balance at the end of the month (from booked_on).")


_END_OF_MONTH_KEYS = camel_keys(EndOfMonthRowSerializer)


def end_of_month_rows_json(rows: list[tuple]) -> list[dict]:
    """`EndOfMonthRowSerializer` rows built camelCase from the selector's tuples (`END_OF_MONTH_COLUMNS`, amounts
    as text already rounded to the grosz): for 15,000 payers the serializer's fields and the renderer's walk
    were most of the report's time. test_api pins the rows to the serializer's output."""
    user_id, first_name, last_name, email, opening, deposits, charges, corrections, balance = (
        _END_OF_MONTH_KEYS[name] for name in END_OF_MONTH_COLUMNS
    )
    return [
        {
            user_id: row[0],
            first_name: row[1],
            last_name: row[2],
            email: row[3],
            opening: {"amount": row[4], "currency": CURRENCY},
            deposits: {"amount": row[5], "currency": CURRENCY},
            charges: {"amount": row[6], "currency": CURRENCY},
            corrections: {"amount": row[7], "currency": CURRENCY},
            balance: {"amount": row[8], "currency": CURRENCY},
        }
        for row in rows
    ]


class MonthlySummariesQuerySerializer(KantynaSerializer):
    date_from = MonthField(help_text="First month (YYYY-MM).")
    date_to = MonthField(help_text="Last month (YYYY-MM).")
    user_id = serializers.IntegerField(required=False, min_value=1)
    child_id = serializers.IntegerField(required=False, min_value=1)
    institution_id = serializers.IntegerField(required=False, min_value=1)

    def validate(self, attrs):
        if attrs["date_from"] > attrs["date_to"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        if (attrs["date_to"].year - attrs["date_from"].year) * 12 + attrs["date_to"].month - attrs[
            "date_from"
        ].month >= 36:
            raise serializers.ValidationError({"date_to": [_("Choose at most 36 months.")]})
        return attrs


class MonthlySummarySerializer(KantynaSerializer):
    month = serializers.CharField()
    deposit = MoneyField()
    charge = MoneyField()
    refund = MoneyField()
    fee = MoneyField()
    correction = MoneyField()
    payout = MoneyField()
    total = MoneyField()
    closing_balance = MoneyField()


class BankTransferDetailsSerializer(KantynaSerializer):
    account_number = serializers.CharField(
        allow_null=True, help_text="The payer's own 26-digit NRB; null when the tenant has not configured it."
    )
    recipient_name = serializers.CharField()
    recipient_address = serializers.CharField()
    title = serializers.CharField()
    balance = MoneyField()
