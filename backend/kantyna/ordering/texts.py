"""Texts ordering writes into other areas' records, written once."""

from __future__ import annotations

from datetime import date


def item_ledger_description(*, meal_type_name: str, day: date, subject_name: str | None = None) -> str:
    """A charge's or refund's description: "Anna Nowak: Obiad 04.12.2026". It is stored text, read on the money
    pages, the statements and exports; the day is written as the tenant's people read dates (DD.MM.YYYY, as
    the SPA writes them in Polish), not as ISO."""
    text = f"{meal_type_name} {day:%d.%m.%Y}"
    return f"{subject_name}: {text}" if subject_name else text
