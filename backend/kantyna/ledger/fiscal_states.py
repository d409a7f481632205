"""What the transactions lists show of a row's fiscal receipt. The ledger knows no receipts (kantyna.fiscal sits
above it and registers deposits on a cash register), so the fiscal app lends one bulk lookup, registered in its
AppConfig.ready (core.registry): given a page of rows it answers, in a query or two for the whole page, the fiscal
state of the rows that have one. Without the fiscal app installed every row reads `fiscal: null`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TypedDict

from kantyna.core.registry import Registry
from kantyna.ledger.models import LedgerTransaction


class FiscalState(TypedDict):
    state: str  # pending | registered | failed
    receipt_number: str
    attempts: int
    last_error: str
    registered_at: datetime | None


FiscalLookup = Callable[[Sequence[LedgerTransaction]], dict[int, FiscalState]]

transaction_fiscal_lookups: Registry[FiscalLookup] = Registry()


def fiscal_states_of(rows: Sequence[LedgerTransaction]) -> dict[int, FiscalState]:
    """The fiscal state of each row that has one, by transaction id."""
    states: dict[int, FiscalState] = {}
    for lookup in transaction_fiscal_lookups:
        states.update(lookup(rows))
    return states
