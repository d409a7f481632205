"""Helpers for boolean flags that only one row may hold ("the default diet")."""

from __future__ import annotations

from django.db import connection


def lock_table(model) -> None:
    """Serialise writers of a small table for the rest of this transaction (readers are not blocked).

    Writes that read the table before writing it ("only one default", the next priority, priority swaps)
    take this lock first, so two admins clicking at once cannot both win. A row lock would not do: it
    cannot stop a concurrent insert, e.g. two first defaults in an empty table."""
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {connection.ops.quote_name(model._meta.db_table)} IN SHARE ROW EXCLUSIVE MODE")


def take_flag(model, flag: str, holder=None) -> None:
    """Clear `flag` on every row, so the row being saved can hold it alone. Call inside the write's
    transaction; it locks the table first, so a concurrent writer cannot slip in a second holder.

    Call it whenever the row is to hold the flag, also when the row's copy says it holds it already: that copy was
    read before the lock, and another writer may have given the flag to another row since. Saving the stale copy
    without clearing that row makes a second holder, which the partial unique index refuses (a 500, issue 29).
    `holder`, the copy of the row about to take the flag, is told it was cleared, so that a save of the changed
    fields only (`core.services.model_update`) writes the flag back instead of leaving no holder."""
    lock_table(model)
    model.objects.filter(**{flag: True}).update(**{flag: False})
    if holder is not None:
        setattr(holder, flag, False)
