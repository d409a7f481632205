"""What the transactions lists show of a row's fiscal receipt. The ledger knows no receipts (kantyna.fiscal sits
above it and registers deposits on a cash register), so the fiscal app lends two things, registered in its
AppConfig.ready (core.registry):

- a probe: a boolean SQL expression, true when any row may have a fiscal state at all. `with_fiscal_probe` puts it
  in the page's own query (`selectors.transactions_list`); it refers to no outer row, so PostgreSQL evaluates it once
  per statement (an InitPlan), and the page pays no round trip for it. Read in the page's snapshot, it cannot deny a
  state the lookup would find;
- a bulk lookup: given a page of rows it answers, in a query or two for the whole page, the fiscal state of the
  rows that have one. Skipped when the page's probe said no: a tenant that never enabled fiscalization pays no
  query for its lists.

Without the fiscal app installed every row reads `fiscal: null`."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import reduce
from typing import TypedDict

from django.db.models import BooleanField, Expression, ExpressionWrapper, QuerySet

from kantyna.core.registry import Registry
from kantyna.ledger.models import LedgerTransaction


class FiscalState(TypedDict):
    state: str  # pending | registered | failed
    receipt_number: str
    attempts: int
    last_error: str
    registered_at: datetime | None


FiscalLookup = Callable[[Sequence[LedgerTransaction]], dict[int, FiscalState]]
# A condition over no outer row (e.g. `Exists(...)`): whether the lookups can find anything in this tenant now.
FiscalProbe = Callable[[], Expression]

transaction_fiscal_lookups: Registry[FiscalLookup] = Registry()
transaction_fiscal_probes: Registry[FiscalProbe] = Registry()

# The annotation the probe is read into, on each row of a probed query.
PROBE = "fiscal_possible"


def with_fiscal_probe(queryset: QuerySet[LedgerTransaction]) -> QuerySet[LedgerTransaction]:
    """`queryset` with the registered probes' answer on each row (`PROBE`); unchanged when none is registered."""
    probes = [probe() for probe in transaction_fiscal_probes]
    if not probes:
        return queryset
    return queryset.annotate(**{PROBE: ExpressionWrapper(reduce(operator.or_, probes), output_field=BooleanField())})


def fiscal_states_of(rows: Sequence[LedgerTransaction]) -> dict[int, FiscalState]:
    """The fiscal state of each row that has one, by transaction id. Rows read with `with_fiscal_probe` whose probe
    said no cost nothing; rows read otherwise are looked up."""
    if rows and all(getattr(row, PROBE, True) is False for row in rows):
        return {}
    states: dict[int, FiscalState] = {}
    for lookup in transaction_fiscal_lookups:
        states.update(lookup(rows))
    return states
