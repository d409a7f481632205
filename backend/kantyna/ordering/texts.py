"""Texts ordering writes into other areas' records, written once."""

from __future__ import annotations

from datetime import date


def item_ledger_description(*, meal_type_name: str, day: date, subject_name: str | None = None) -> str:
    """A charge's or refund's description: "Anna Nowak: Obiad 04.12.2026". It is stored text, read on the money
    pages, the statements and exports; the day is written as the tenant's people read dates (DD.MM.YYYY, as
    the SPA writes them in Polish), not as ISO."""
    text = f"{meal_type_name} {day:%d.%m.%Y}"
    return f"{subject_name}: {text}" if subject_name else text


class ItemLedgerDescriptions:
    """`item_ledger_description` for many rows (the nightly automark's hundreds of thousands of charges): the
    "meal type day" part is formatted once per (meal type, day), the subject's name is prefixed per row."""

    def __init__(self, meal_type_names: dict[int, str]):
        self._names = meal_type_names
        self._texts: dict[tuple[int, date], str] = {}

    def __call__(self, *, meal_type_id: int, day: date, subject_name: str | None = None) -> str:
        text = self._texts.get((meal_type_id, day))
        if text is None:
            text = self._texts[(meal_type_id, day)] = item_ledger_description(
                meal_type_name=self._names.get(meal_type_id, ""), day=day
            )
        return f"{subject_name}: {text}" if subject_name else text
