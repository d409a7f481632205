"""Reads of institutions, classrooms and districts (who may see which: `people.reach.Reach`)."""

from __future__ import annotations

from django.db.models import QuerySet

from kantyna.institutions.models import Institution


def institutions_hiding_grammages() -> list[int]:
    return list(Institution.objects.filter(hide_grammages=True).order_by("id").values_list("id", flat=True))


def institutions_without_classroom_name(queryset: QuerySet[Institution], name: str) -> QuerySet[Institution]:
    """Institutions with no classroom called `name` (case and surrounding spaces ignored): where a classroom
    of that name can still be added."""
    return queryset.exclude(classrooms__name__iexact=name.strip())
