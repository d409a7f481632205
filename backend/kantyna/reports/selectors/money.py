"""Reports on money, read off the append-only ledger by booking day (`booked_on`), summed in the database: deposits
per method, charges and refunds per payer, balances at a date. The payers of some institutions are those the
ledger's back office shows an institutions admin (`ledger.selectors.institutions_q`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, DecimalField, F, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce, TruncMonth

from kantyna.kitchen.selectors.prepare import name_key
from kantyna.ledger.models import (
    DEPOSIT_METHODS,
    DEPOSIT_ONLINE,
    DEPOSIT_STAFF,
    DEPOSIT_TRANSFER,
    LedgerTransaction,
    TransactionKind,
    deposit_method,
)
from kantyna.ledger.selectors import institutions_q
from kantyna.reports.criteria import GROUP_MONTH
from kantyna.reports.selectors.dashboard import ZERO

MONEY = DecimalField(max_digits=14, decimal_places=2)

# How a deposit came in (ledger.models.deposit_method).
METHOD_ONLINE = DEPOSIT_ONLINE
METHOD_TRANSFER = DEPOSIT_TRANSFER
METHOD_STAFF = DEPOSIT_STAFF
METHODS = DEPOSIT_METHODS


def transactions(institution_ids: set[int] | None, payers_ids: list[int] | None = None) -> QuerySet:
    """Ledger rows of the payers of `institution_ids` (None: every payer), narrowed to `payers_ids` when given."""
    rows = LedgerTransaction.objects.all()
    if institution_ids is not None:
        rows = rows.filter(institutions_q(list(institution_ids), prefix="account__"))
    if payers_ids:
        rows = rows.filter(account__user_id__in=payers_ids)
    return rows


def _sum(**condition) -> Coalesce:
    return Coalesce(Sum("amount", filter=Q(**condition) if condition else None), Value(ZERO), output_field=MONEY)


# --- deposits per method ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DepositsRow:
    period: date
    amounts: dict[str, Decimal]  # per method
    count: int
    amount: Decimal


def deposits_per_method(criteria: dict, institution_ids: set[int] | None) -> list[DepositsRow]:
    """Deposits per day or month and method (one query): what came in, and how."""
    bucket = TruncMonth("booked_on") if criteria["group_by"] == GROUP_MONTH else F("booked_on")
    sums = (
        transactions(institution_ids, criteria.get("payers_ids"))
        .filter(kind=TransactionKind.DEPOSIT, booked_on__gte=criteria["date_from"], booked_on__lte=criteria["date_to"])
        .annotate(period=bucket)
        .values("period", "reference_type")
        .annotate(count=Count("pk"), amount=Sum("amount"))
        .order_by()
    )
    grouped: dict[date, dict] = {}
    for row in sums:
        entry = grouped.setdefault(row["period"], {"amounts": dict.fromkeys(METHODS, ZERO), "count": 0})
        method = deposit_method(row["reference_type"])
        entry["amounts"][method] += row["amount"]
        entry["count"] += row["count"]
    return [
        DepositsRow(period, entry["amounts"], entry["count"], sum(entry["amounts"].values(), ZERO))
        for period, entry in sorted(grouped.items())
    ]


# --- per payer ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PayerCharges:
    payer: str
    email: str
    charges: Decimal  # positive: what was taken for meals
    fees: Decimal  # positive
    refunds: Decimal
    net: Decimal  # charges + fees - refunds


def _payer_values(rows: QuerySet) -> QuerySet:
    return rows.values(
        "account__user_id", "account__user__last_name", "account__user__first_name", "account__user__account__email"
    )


def _payer_name(row: dict) -> str:
    return f"{row['account__user__last_name']} {row['account__user__first_name']}".strip()


def _payer_order(row: dict):
    return (
        name_key(row["account__user__last_name"]),
        name_key(row["account__user__first_name"]),
        row["account__user_id"],
    )


def charges_per_payer(criteria: dict, institution_ids: set[int] | None) -> list[PayerCharges]:
    """Per payer with any, the period's charges, fees and refunds (one query), by surname."""
    rows = list(
        _payer_values(
            transactions(institution_ids, criteria.get("payers_ids")).filter(
                kind__in=[TransactionKind.CHARGE, TransactionKind.FEE, TransactionKind.REFUND],
                booked_on__gte=criteria["date_from"],
                booked_on__lte=criteria["date_to"],
            )
        )
        .annotate(
            charges=_sum(kind=TransactionKind.CHARGE),
            fees=_sum(kind=TransactionKind.FEE),
            refunds=_sum(kind=TransactionKind.REFUND),
        )
        .order_by()
    )
    rows.sort(key=_payer_order)
    return [
        PayerCharges(
            payer=_payer_name(row),
            email=row["account__user__account__email"],
            charges=-row["charges"],
            fees=-row["fees"],
            refunds=row["refunds"],
            net=-row["charges"] - row["fees"] - row["refunds"],
        )
        for row in rows
    ]


@dataclass(frozen=True)
class PayerBalance:
    payer: str
    email: str
    balance: Decimal


def balances_at(criteria: dict, institution_ids: set[int] | None) -> list[PayerBalance]:
    """Each payer's balance at the end of `date` (every account of theirs, summed from the ledger's rows booked up
    to then, not the cached balance), only those below zero when `debtors_only`; one query, by surname."""
    balances = (
        _payer_values(transactions(institution_ids, criteria.get("payers_ids")).filter(booked_on__lte=criteria["date"]))
        .annotate(balance=_sum())
        .order_by()
    )
    if criteria.get("debtors_only"):
        balances = balances.filter(balance__lt=0)
    rows = sorted(balances, key=_payer_order)
    return [PayerBalance(_payer_name(row), row["account__user__account__email"], row["balance"]) for row in rows]


# --- VAT -----------------------------------------------------------------------------------------------------------

EXEMPT = "zw"


def vat_split(gross: Decimal, rate: str) -> tuple[Decimal, Decimal]:
    """(net, VAT) of a gross amount at `rate` (percent, or "zw": exempt), rounded half-up to the grosz on the sum, as
    an invoice's VAT summary does."""
    if rate == EXEMPT:
        return gross, ZERO
    net = (gross * 100 / (100 + Decimal(rate))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return net, gross - net
