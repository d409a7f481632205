"""Charging on the order day (fees.order_charge_time = in_order_day): a daily job charges every live item of
the day that was not charged yet, and of every earlier day (a missed run catches up). It runs whatever the
current mode: items placed while the tenant charged on the order day stay uncharged after a switch to
on_marking otherwise (items charged at marking have `charged_at` and are not touched). The ledger key
`charge:item:{id}` and `charged_at` make a second run (or a run racing a cancel: both lock the item row)
harmless."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.services import LedgerEntry, balance_per_children, ledger_account_for, ledger_post_bulk
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import OrderItem
from kantyna.ordering.texts import item_ledger_description

BATCH = 500


def charge_day(*, day: date | None = None, now: datetime | None = None) -> dict:
    """Charge the uncharged live items of `day` (today in the tenant's timezone) and of the days before it."""
    now = now or timezone.now()
    day = day or tenant_today(now)
    pending = list(
        OrderItem.objects.filter(date__lte=day, status__in=["active", "served"], charged_at__isnull=True)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    count, total = 0, Decimal("0.00")
    for start in range(0, len(pending), BATCH):
        batch_count, batch_total = _charge_batch(pending[start : start + BATCH], now)
        count += batch_count
        total += batch_total
    return {"items": count, "charged": str(total)}


@transaction.atomic
def _charge_batch(ids: list[int], now: datetime) -> tuple[int, Decimal]:
    items = list(
        OrderItem.objects.select_for_update(of=("self",))
        .filter(pk__in=ids, status__in=["active", "served"], charged_at__isnull=True)
        .select_related("order__payer", "child", "meal_type")
        .order_by("pk")
    )
    per_child = balance_per_children()
    by_account: dict[tuple[int, int | None], list[OrderItem]] = defaultdict(list)
    for item in items:
        by_account[(item.order.payer_id, item.child_id if per_child else None)].append(item)
    # The payers' accounts in one query; only a payer without one yet costs a get-or-create.
    accounts = {
        (account.user_id, account.child_id): account
        for account in LedgerAccount.objects.filter(user_id__in={key[0] for key in by_account})
    }
    for key, group in by_account.items():
        if key not in accounts:
            accounts[key] = ledger_account_for(user=group[0].order.payer, child=group[0].child if per_child else None)
    # One bulk posting for the batch: one ordered lock statement, one insert, one balance update. The order day
    # charge has no funds check: the meal was ordered, it is eaten, a balance may go below zero.
    ledger_post_bulk(
        actor=None,
        entries_by_account={
            accounts[key].pk: [
                LedgerEntry(
                    kind="charge",
                    amount=-item.price,
                    idempotency_key=f"charge:item:{item.pk}",
                    reference_type="order_item",
                    reference_id=item.pk,
                    description=item_ledger_description(meal_type_name=item.meal_type.name, day=item.date),
                    booked_on=item.date,
                )
                for item in group
                if item.price > 0
            ]
            for key, group in by_account.items()
        },
        audit_action="order_items.charge_day",
        return_rows=False,
    )
    total = sum((item.price for item in items), Decimal("0.00"))
    OrderItem.objects.filter(pk__in=[item.pk for item in items]).update(charged_at=now)
    return len(items), total
