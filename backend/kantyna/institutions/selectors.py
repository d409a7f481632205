"""Reads of institutions, classrooms and districts, and who may see which (spec section 6)."""

from __future__ import annotations

from django.db.models import QuerySet

from kantyna.core.permissions import CUSTOMER_ROLES, ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.institutions.models import Classroom, Institution


def institutions_hiding_grammages() -> list[int]:
    return list(Institution.objects.filter(hide_grammages=True).order_by("id").values_list("id", flat=True))


def institutions_visible_to(user, queryset: QuerySet[Institution]) -> QuerySet[Institution]:
    """Admins see every institution; an institutions admin only those assigned to them; customers only active
    ones (a deactivated institution takes no new children or orders); cooks and other staff see all, since
    the kitchen and the terminal name them."""
    roles = set(user.roles or [])
    if ROLE_ADMIN in roles:
        return queryset
    if ROLE_INSTITUTIONS_ADMIN in roles:
        return queryset.filter(pk__in=user.institutions.values("pk"))
    if roles & CUSTOMER_ROLES:
        return queryset.filter(is_active=True)
    return queryset


def classrooms_visible_to(user, queryset: QuerySet[Classroom]) -> QuerySet[Classroom]:
    """The classrooms of the institutions the user may see."""
    if ROLE_ADMIN in (user.roles or []):
        return queryset
    return queryset.filter(institution__in=institutions_visible_to(user, Institution.objects.all()))


def institutions_without_classroom_name(queryset: QuerySet[Institution], name: str) -> QuerySet[Institution]:
    """Institutions with no classroom called `name` (case and surrounding spaces ignored): where a classroom
    of that name can still be added."""
    return queryset.exclude(classrooms__name__iexact=name.strip())
