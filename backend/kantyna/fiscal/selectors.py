"""Reads of fiscal receipts: the configuration in force, the deposits still to register, the receipts the job
should try now, and the fiscal state of a page of ledger rows with the probe that spares the lookup where none can
be shown (both lent to the ledger's lists)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Exists, Expression, OuterRef, Q, QuerySet
from django.utils import timezone

from kantyna.fiscal.models import FiscalReceipt, ReceiptState
from kantyna.ledger.fiscal_states import FiscalState
from kantyna.ledger.models import LedgerTransaction, TransactionKind
from kantyna.tenant_settings.selectors import settings_get, settings_hold

MANAGE = "fiscal.manage"


@dataclass(frozen=True)
class FiscalSettings:
    enabled: bool
    register: str
    since: date | None
    # The whole configuration, for the register's own options (a printer's address, tax symbol, item name).
    options: dict


def fiscal_settings() -> FiscalSettings:
    config = settings_get("fiscal_config")
    since = config.get("fiscalize_from")
    enabled = bool(config.get("fiscalization_enabled"))
    return FiscalSettings(
        enabled=enabled,
        register=config.get("register") or "fake",
        since=date.fromisoformat(since) if enabled and since else None,
        options=config,
    )


def sales_q(prefix: str = "") -> Q:
    """What is a sale to a consumer: a deposit (any channel: online payment, bank statement, the office's booking)
    on a payer's account; payers are parents and institution workers. Refunds and payouts of a prepaid balance are
    not sales (the balance is given back, nothing is sold), corrections are the office's fixes: neither is
    registered."""
    return Q(**{f"{prefix}kind": TransactionKind.DEPOSIT})


# A deposit may be booked on an earlier day than it is recorded (a bank statement's transfer, on the bank's date): one
# recorded since fiscalization was enabled is due even when booked up to this many days before.
BACKDATED_DAYS = 14


def _start_of(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.get_current_timezone())


def is_due(row: LedgerTransaction, since: date | None) -> bool:
    """Whether fiscalization concerns the deposit: booked since the day it was enabled, or recorded since then."""
    return since is not None and (row.booked_on >= since or row.created_at >= _start_of(since))


def deposits_to_fiscalize(settings: FiscalSettings | None = None) -> QuerySet[LedgerTransaction]:
    """Deposits fiscalization concerns (`is_due`) that have no receipt row yet; none while it is off. Read off the
    ledger's deposits-by-day index: booked at most BACKDATED_DAYS before the start day."""
    settings = settings or fiscal_settings()
    since = settings.since
    if since is None:
        return LedgerTransaction.objects.none()
    return (
        LedgerTransaction.objects.filter(sales_q(), booked_on__gte=since - timedelta(days=BACKDATED_DAYS))
        .filter(Q(booked_on__gte=since) | Q(created_at__gte=_start_of(since)))
        .filter(~Exists(FiscalReceipt.objects.filter(transaction=OuterRef("pk"))))
        .order_by("booked_on", "id")
    )


def receipts_due(now: datetime) -> QuerySet[FiscalReceipt]:
    """Receipts not registered yet whose (next) attempt is due, oldest first."""
    return (
        FiscalReceipt.objects.exclude(state=ReceiptState.REGISTERED)
        .filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
        .order_by("id")
    )


def _state(receipt: FiscalReceipt) -> FiscalState:
    return {
        "state": receipt.state,
        "receipt_number": receipt.receipt_number,
        "attempts": receipt.attempts,
        "last_error": receipt.last_error,
        "registered_at": receipt.registered_at,
    }


PENDING: FiscalState = {
    "state": "pending",
    "receipt_number": "",
    "attempts": 0,
    "last_error": "",
    "registered_at": None,
}


def fiscal_possible() -> Expression:
    """The ledger's probe (ledger.fiscal_states): whether any ledger row can show a fiscal state, i.e. a receipt
    exists (fiscalization is or was on: receipts are claimed only while it is on, and kept) or fiscalization is on
    (a deposit may be `pending`). Truthful without a flag of its own: both are read in the page's query, in its
    snapshot, as two one-row EXISTS evaluated once per statement. False in a tenant that never enabled
    fiscalization: its lists then pay no query for the fiscal states."""
    return Exists(FiscalReceipt.objects.all()) | settings_hold("fiscal_config", fiscalization_enabled=True)


def fiscal_states(rows: Sequence[LedgerTransaction]) -> dict[int, FiscalState]:
    """The ledger's lookup (ledger.fiscal_states): each deposit's receipt, or `pending` for a deposit the job has
    not claimed yet while fiscalization is on. At most two queries a page (the receipts, then the settings when a
    deposit has none); none when the page holds no deposit, or when the page's probe (`fiscal_possible`) said no
    row can have a state (the ledger then does not call it)."""
    deposits = [row for row in rows if row.kind == TransactionKind.DEPOSIT]
    if not deposits:
        return {}
    receipts = {
        receipt.transaction_id: receipt
        for receipt in FiscalReceipt.objects.filter(transaction_id__in=[row.pk for row in deposits]).order_by()
    }
    states: dict[int, FiscalState] = {pk: _state(receipt) for pk, receipt in receipts.items()}
    unclaimed = [row for row in deposits if row.pk not in receipts]
    if unclaimed:
        since = fiscal_settings().since
        states.update({row.pk: dict(PENDING) for row in unclaimed if is_due(row, since)})
    return states
