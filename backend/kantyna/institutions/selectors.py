"""Reads of institutions."""

from __future__ import annotations

from kantyna.institutions.models import Institution


def institutions_hiding_grammages() -> list[int]:
    return list(Institution.objects.filter(hide_grammages=True).order_by("id").values_list("id", flat=True))
