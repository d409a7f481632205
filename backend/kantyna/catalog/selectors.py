"""Reads of the catalogue."""

from __future__ import annotations

from kantyna.catalog.models import Institution


def institutions_hiding_grammages() -> list[int]:
    return list(Institution.objects.filter(hide_grammages=True).order_by("id").values_list("id", flat=True))
