"""Moving a meal receiver to another institution cancels its future meals: people announces the move
(people/signals.py, sent by child_update and institution_worker_update), ordering cancels (people must not cancel
items). Connected in OrderingConfig.ready."""

from __future__ import annotations

from kantyna.ordering.selectors.orders import future_items_to_cancel
from kantyna.ordering.services.items import items_cancel
from kantyna.people.models import Child


def future_orders_cancel(*, actor, child: Child | None = None, worker=None) -> int:
    """Cancel the subject's active meals from tomorrow on (tenant timezone) — what moving it to another institution
    does, after the form's confirmation (`activeFutureOrdersCount` counts the same items). Goes through
    ordering's `items_cancel` with the staff override, so refunds follow its rules; run it before the institution
    changes, while the subject is still within the actor's reach. Returns the number cancelled."""
    # Staff may cancel past the cut-off; a parent moving their child cancels what is still open.
    items = list(future_items_to_cancel(actor=actor, child=child, worker=worker).order_by("pk"))
    if not items:
        return 0
    return len(items_cancel(actor=actor, items=items, staff_override=True))


def subject_institution_leaving_cancel(sender, *, actor, child: Child | None = None, worker=None, **kwargs) -> None:
    future_orders_cancel(actor=actor, child=child, worker=worker)
