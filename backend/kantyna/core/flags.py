"""Helpers for boolean flags that only one row may hold ("the default diet")."""

from __future__ import annotations


def take_flag(model, flag: str) -> None:
    """Clear `flag` on every row, so the row being saved can hold it alone. Call inside the write's transaction."""
    model.objects.filter(**{flag: True}).update(**{flag: False})
