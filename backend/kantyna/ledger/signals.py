"""What the ledger tells the apps above it (they listen; the ledger imports none of them): `ledger_events`, sent by
`ledger_post_bulk` inside the booking's transaction with `events`, a list of LedgerEvent, when a booking deposited
money or took an account from zero or more to below zero. Most bookings (the nightly charges) do neither and send
nothing. A listener that acts after commit defers a job in that transaction (a rolled-back booking defers none)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.dispatch import Signal

DEPOSITED = "deposited"
BELOW_ZERO = "below_zero"


@dataclass(frozen=True, slots=True)
class LedgerEvent:
    event: str  # DEPOSITED | BELOW_ZERO
    account_id: int
    amount: Decimal  # the deposit; for BELOW_ZERO the change that crossed
    balance: Decimal  # the account's balance after the booking
    reference_type: str = (
        ""  # a deposit's: "payment" (online), "imported_payment" (a bank statement's line), "user" (by hand)...
    )
    reference_id: int | None = None
    idempotency_key: str = ""


ledger_events = Signal()
