"""The order items a page of activity entries names, for audit's activity details (audit/activity.py): those the
entries list and those the page's ledger transactions (read by the ledger's loader, registered before) refer to."""

from __future__ import annotations

from kantyna.audit.models import AuditEntry
from kantyna.ordering.models import OrderItem


def ordering_activity_page_load(page, entries: list[AuditEntry]) -> None:
    item_ids = {row.reference_id for row in page.transactions.values() if row.reference_type == "order_item"} | {
        item_id
        for entry in entries
        if entry.action in ("order_items.place", "order_items.cancel", "order_items.serve")
        for item_id in entry.data.get("items", [])
        if isinstance(item_id, int)
    }
    page.items = OrderItem.objects.select_related("meal_type").in_bulk(list(item_ids))
