"""Reads of refunds. Customers see their own requests; admins every one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from kantyna.core.permissions import has_ability
from kantyna.refunds.models import ReturnRequest, ReturnRequestState
from kantyna.users.models import User

MANAGE = "refunds.manage"


@dataclass(frozen=True)
class ReturnRequestFilters:
    state: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    requester_id: int | None = None


def _start_of(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def return_requests_visible(*, actor: User) -> QuerySet[ReturnRequest]:
    """The requests `actor` may reach: all for those who manage refunds, else their own."""
    rows = ReturnRequest.objects.select_related("requester", "account", "accepted_by")
    if has_ability(actor, MANAGE):
        return rows
    return rows.filter(requester=actor)


def return_requests_list(*, actor: User, filters: ReturnRequestFilters = ReturnRequestFilters()):
    """Newest first; `date_from`/`date_to` bound the day asked (the tenant's days, both ends included)."""
    rows = return_requests_visible(actor=actor)
    if filters.state:
        rows = rows.filter(state=filters.state)
    if filters.requester_id:
        rows = rows.filter(requester_id=filters.requester_id)
    if filters.date_from:
        rows = rows.filter(created_at__gte=_start_of(filters.date_from))
    if filters.date_to:
        rows = rows.filter(created_at__lt=_start_of(filters.date_to) + timedelta(days=1))
    return rows.order_by("-created_at", "-id")


def return_requests_to_pay(*, ids: list[int] | None = None) -> list[ReturnRequest]:
    """The accepted requests, oldest acceptance first (the ones `ids` names, when given): the bank file's lines."""
    rows = ReturnRequest.objects.select_related("requester").filter(state=ReturnRequestState.ACCEPTED)
    if ids:
        rows = rows.filter(pk__in=ids)
    return list(rows.order_by("accepted_at", "id"))
