"""Reads on children: the list's status filter, and the count the child form asks for before moving a child to
another institution. Who sees which child: `people.reach.Reach`."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from kantyna.people.models import CalendarSubjectSettings, CalendarSubjectSettingsLog, Child

STATUS_ACTIVE = "active"
STATUS_INACTIVE = "inactive"
STATUS_ARCHIVED = "archived"
STATUSES = (STATUS_ACTIVE, STATUS_INACTIVE, STATUS_ARCHIVED)

LIST_RELATIONS = ("parent", "institution", "classroom", "diet", "price_lists_group", "child_group")


def filter_by_status(queryset: QuerySet[Child], status: str) -> QuerySet[Child]:
    """active: not archived and active; inactive: not archived and deactivated; archived: archived."""
    if status == STATUS_ARCHIVED:
        return queryset.filter(archived_at__isnull=False)
    queryset = queryset.filter(archived_at__isnull=True)
    return queryset.filter(is_active=status == STATUS_ACTIVE)


def child_details_queryset(queryset: QuerySet[Child]) -> QuerySet[Child]:
    """What the loaded child shape needs, in a fixed number of queries."""
    return queryset.select_related(*LIST_RELATIONS).prefetch_related(
        "allergies",
        Prefetch(
            "calendar_settings",
            queryset=CalendarSubjectSettings.objects.prefetch_related(
                "autoselected_meal_types",
                "autoselected_price_list_items",
                Prefetch("logs", queryset=CalendarSubjectSettingsLog.objects.select_related("changed_by")),
            ),
        ),
    )


def child_settings(child: Child) -> CalendarSubjectSettings | None:
    try:
        return child.calendar_settings
    except CalendarSubjectSettings.DoesNotExist:
        return None


def future_items_to_cancel(*, actor, child: Child | None = None, worker=None):
    """The subject's active meals that moving it to another institution cancels: from tomorrow on (tenant
    timezone); for a caller who is not staff only from the first day still open for ordering (the meals already
    closed are served at the old institution: the kitchen has planned them)."""
    from kantyna.ordering.cutoff import cutoff_config
    from kantyna.ordering.selectors.orders import active_future_items
    from kantyna.ordering.subjects import is_staff

    items = active_future_items({"child": child} if child is not None else {"worker": worker})
    if not is_staff(actor):
        items = items.filter(date__gte=cutoff_config().first_open_day())
    return items


def child_active_future_orders_count(child: Child, *, actor) -> int:
    """How many active orders of `child` moving it to another institution cancels (`future_items_to_cancel`), which
    the child form asks the user to confirm first."""
    return future_items_to_cancel(actor=actor, child=child).count()
