"""Reads of institution workers (their profiles, with the user and account they belong to)."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from kantyna.people.models import InstitutionWorkersGroup, WorkerProfile

STATUSES = ("active", "inactive", "archived")


def workers_queryset() -> QuerySet[WorkerProfile]:
    """Every worker with what the list and the details show, loaded in a constant number of queries."""
    return WorkerProfile.objects.select_related(
        "user__account", "institution", "diet", "group", "price_lists_group"
    ).prefetch_related("allergies")


def workers_with_status(queryset: QuerySet[WorkerProfile], status: str) -> QuerySet[WorkerProfile]:
    """active: can sign in; inactive: deactivated, not archived; archived: kept for history."""
    if status == "archived":
        return queryset.filter(archived_at__isnull=False)
    if status == "inactive":
        return queryset.filter(archived_at__isnull=True, user__is_active=False)
    if status == "active":
        return queryset.filter(archived_at__isnull=True, user__is_active=True)
    return queryset


def worker_status(profile: WorkerProfile) -> str:
    if profile.archived_at is not None:
        return "archived"
    return "active" if profile.user.is_active else "inactive"


def workers_search(queryset: QuerySet[WorkerProfile], text: str) -> QuerySet[WorkerProfile]:
    condition = Q()
    for word in text.split():
        condition &= (
            Q(user__first_name__icontains=word)
            | Q(user__last_name__icontains=word)
            | Q(user__account__email__icontains=word)
            | Q(card_number__icontains=word)
            | Q(user__phone_number__icontains=word)
        )
    return queryset.filter(condition)


def workers_group_members(group: InstitutionWorkersGroup) -> QuerySet[WorkerProfile]:
    return workers_queryset().filter(group=group).order_by("user__last_name", "user__first_name", "id")
