"""Dining cards: one number identifies one meal receiver (child or worker) in the whole tenant.

Rules (spec §5 child form, §9): 6 to 10 characters, digits or capital letters; surrounding spaces are trimmed
and an empty number means "no card" (null). A number is unique across children AND workers: the database
holds uniqueness per table, `card_number_free` holds it across both under a transaction-scoped advisory lock,
so two forms saving the same number at once cannot both pass."""

from __future__ import annotations

import re

from django.db import connection

from kantyna.core import locks
from kantyna.core.errors import DomainError
from kantyna.core.locks import advisory_xact_lock
from kantyna.people.models import Child, WorkerProfile

CARD_NUMBER_RE = re.compile(r"^[0-9A-Z]{6,10}$")


def card_number_normalize(value, *, field: str = "card_number") -> str | None:
    """The stored form of a typed card number: trimmed, empty → None; refused when not 6-10 [0-9A-Z]."""
    if value is None:
        return None
    text = str(value).strip()
    if not text:
        return None
    if not CARD_NUMBER_RE.match(text):
        raise DomainError("card.invalid", field=field)
    return text


def card_number_taken(card_number: str | None, *, child: Child | None = None, worker: WorkerProfile | None = None):
    """Whether another child or worker holds `card_number` (`child` / `worker`: the receiver being edited)."""
    if not card_number:
        return False
    children = Child.objects.filter(card_number=card_number)
    workers = WorkerProfile.objects.filter(card_number=card_number)
    if child is not None and child.pk:
        children = children.exclude(pk=child.pk)
    if worker is not None and worker.pk:
        workers = workers.exclude(pk=worker.pk)
    return children.exists() or workers.exists()


def card_numbers_taken(card_numbers: set[str]) -> set[str]:
    """Which of `card_numbers` a child or a worker holds (two queries, whatever their number)."""
    if not card_numbers:
        return set()
    return set(Child.objects.filter(card_number__in=card_numbers).values_list("card_number", flat=True)) | set(
        WorkerProfile.objects.filter(card_number__in=card_numbers).values_list("card_number", flat=True)
    )


def card_numbers_lock() -> None:
    """Serialize card number checks of this tenant until the transaction ends (a no-op outside one)."""
    if connection.in_atomic_block:
        advisory_xact_lock(locks.CARD_NUMBERS)


def card_number_free(
    card_number: str | None,
    *,
    child: Child | None = None,
    worker: WorkerProfile | None = None,
    field: str = "card_number",
) -> None:
    """Refuse (400 on `field`) a number another receiver holds. Call inside the writing transaction."""
    if not card_number:
        return
    card_numbers_lock()
    if card_number_taken(card_number, child=child, worker=worker):
        raise DomainError("card.taken", field=field)
