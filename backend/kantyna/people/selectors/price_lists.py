"""Which price lists groups price what a customer orders: their children's and, for workers, the workers' group."""

from __future__ import annotations

from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.people.models import Child
from kantyna.pricing.selectors import price_lists_group_for_child, price_lists_group_for_worker


def price_lists_group_ids_of_customer(user) -> set[int]:
    """Groups that price what `user` orders: their children's groups and, for workers, the workers' group."""
    ids: set[int] = set()
    roles = set(getattr(user, "roles", None) or [])
    if ROLE_PARENT in roles:
        children = Child.objects.filter(parent=user, archived_at__isnull=True).select_related(
            "price_lists_group", "classroom__related_price_lists_group"
        )
        ids |= {group.pk for group in map(price_lists_group_for_child, children) if group is not None}
    if ROLE_INSTITUTION_WORKER in roles:
        group = price_lists_group_for_worker()
        if group is not None:
            ids.add(group.pk)
    return ids
