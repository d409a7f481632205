"""Reads on children: the list's status filter, the details' relations, and the children of a dining cards sheet.
Who sees which child: `people.reach.Reach`."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from kantyna.core.errors import DomainError
from kantyna.people.models import CalendarSubjectSettings, CalendarSubjectSettingsLog, Child
from kantyna.people.reach import Reach
from kantyna.tenant_settings.selectors import settings_get

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


def dining_cards_children(*, actor, classroom_id: int | None = None, ids: list[int] | None = None) -> list[Child]:
    """The children whose dining cards `actor` prints (ordersConfig.diningCardsEnabled, else 403
    `dining_cards.disabled`): every child of `ids` (one out of the actor's reach: 404, as for a child's URL),
    or the active children of a classroom within reach (else 404). Ordered as the sheet prints them: institution,
    classroom, last and first name."""
    if not settings_get("orders_config")["dining_cards_enabled"]:
        raise DomainError("dining_cards.disabled")
    reach = Reach(actor)
    children = reach.children().select_related("institution", "classroom")
    if ids:
        wanted = set(ids)
        found = list(children.filter(pk__in=wanted))
        if len(found) != len(wanted):
            raise DomainError("record.not_found")
    else:
        if classroom_id is None or not reach.classrooms().filter(pk=classroom_id).exists():
            raise DomainError("record.not_found")
        found = list(children.filter(classroom_id=classroom_id, is_active=True, archived_at__isnull=True))
    return sorted(
        found,
        key=lambda child: (child.institution.name, child.classroom.name, child.last_name, child.first_name, child.pk),
    )
