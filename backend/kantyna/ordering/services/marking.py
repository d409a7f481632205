"""Marking several subjects at once (a parent's children, the calendar's multi-receiver view): one transaction,
shared settings (one read: `settings_snapshot`), cut-off and pricing; each subject is placed or cancelled in its own savepoint so a refusal
(closed day, no funds...) is reported for that subject while the others go through."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db import transaction
from django.utils import timezone

from kantyna.core.errors import DomainError
from kantyna.ordering.cutoff import cutoff_config
from kantyna.ordering.models import OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.services.absences import absence_mark
from kantyna.ordering.services.items import DEFAULT_FEE, ItemRequest, items_place, manipulation_fee_for
from kantyna.ordering.subjects import Subject, is_staff
from kantyna.tenant_settings.selectors import settings_snapshot


@dataclass
class ManyResult:
    created: list[tuple[Subject, OrderItem]] = field(default_factory=list)
    cancelled: list[tuple[Subject, OrderItem]] = field(default_factory=list)
    skipped: int = 0
    # Each refused subject with its refusal, worded by the API layer.
    refused: list[tuple[Subject, DomainError]] = field(default_factory=list)


@transaction.atomic
@settings_snapshot()
def items_place_many(
    *,
    actor,
    subjects: list[Subject],
    requests: list[ItemRequest],
    staff_override: bool = False,
    idempotency_key: str | None = None,
    manipulation_fee=DEFAULT_FEE,
) -> ManyResult:
    """`requests` for each of `subjects` (one order per subject; the key becomes `{key}:{type}:{id}`). The
    manipulation fee is taken once for the whole action."""
    result = ManyResult()
    if not subjects or not requests:
        return result
    now = timezone.now()
    dates = [request.date for request in requests]
    pricer = Pricer(subjects, min(dates), max(dates), for_role=None if is_staff(actor) else SUBJECT_AUDIENCE)
    cutoff = cutoff_config()
    fee = manipulation_fee_for(actor) if manipulation_fee is DEFAULT_FEE else manipulation_fee
    for subject in subjects:
        try:  # items_place is atomic: a refusal rolls back its own savepoint
            placed = items_place(
                actor=actor,
                subject=subject,
                requests=requests,
                staff_override=staff_override,
                idempotency_key=f"{idempotency_key}:{subject.type}:{subject.id}" if idempotency_key else None,
                manipulation_fee=fee,
                now=now,
                cutoff=cutoff,
                pricer=pricer,
            )
        except DomainError as error:
            result.refused.append((subject, error))
            continue
        if placed.fee:
            fee = None
        result.created += [(subject, item) for item in placed.created]
        result.skipped += len(placed.skipped)
    return result


@transaction.atomic
def absences_mark_many(
    *,
    actor,
    subjects: list[Subject],
    dates: list[date],
    meal_type_ids: list[int] | None = None,
    staff_override: bool = False,
) -> ManyResult:
    """Absences (cancelling the days' meals, refunded) for each of `subjects`, each in its own savepoint."""
    result = ManyResult()
    now = timezone.now()
    for subject in subjects:
        try:
            with transaction.atomic():
                cancelled = absence_mark(
                    actor=actor,
                    subject=subject,
                    dates=dates,
                    meal_type_ids=meal_type_ids,
                    staff_override=staff_override,
                    now=now,
                )
        except DomainError as error:
            result.refused.append((subject, error))
            continue
        result.cancelled += [(subject, item) for item in cancelled]
    return result
