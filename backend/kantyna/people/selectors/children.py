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
