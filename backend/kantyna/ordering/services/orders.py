"""Commands of the orders screens, on top of the ordering core (`services/items.py`): every meal is placed by
`items_place` and cancelled by `items_cancel`, so the cut-off, free days, prices, charges and refunds follow
the same rules as the calendar. Keyword-only, atomic, audited.

Staff (an admin, an institutions admin within their institutions) order past the cut-off; customers do not.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.core.dates import month_bounds
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN, has_ability
from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.cutoff import cutoff_config, tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.selectors.orders import items_visible_to
from kantyna.ordering.services.items import (
    ItemRequest,
    free_days_for,
    is_free,
    items_cancel,
    items_place,
    refuse_served,
)
from kantyna.ordering.subjects import CHILD, WORKER, Subject, is_staff, subject_resolve
from kantyna.tenant_settings.selectors import settings_get


def cancels_as_staff(user) -> bool:
    """Staff cancelling in their reach, past the cut-off too; everyone else cancels their own open meals."""
    return is_staff(user) and has_ability(user, "orders.cancel")


def _requests(items: list[dict]) -> list[ItemRequest]:
    return [
        ItemRequest(
            date=item["date"],
            meal_type_id=item["meal_type_id"],
            portion_size_id=item.get("portion_size_id"),
            diet_id=item.get("diet_id"),
            price_list_item_id=item.get("price_list_item_id"),
            note=item.get("note") or "",
        )
        for item in items
    ]


def _place(*, actor, subject: Subject, requests: list[ItemRequest], order: Order | None = None, **options) -> Order:
    result = items_place(
        actor=actor, subject=subject, requests=requests, order=order, staff_override=is_staff(actor), **options
    )
    if result.order is None and options.get("idempotency_key"):
        # A concurrent submit with this key committed between the core's key check and its live-meals check:
        # everything was skipped as already ordered, by that very submit. Answer its order.
        replayed = Order.objects.filter(idempotency_key=options["idempotency_key"], payer=subject.payer).first()
        if replayed is not None:
            return replayed
    if result.order is None:
        raise DomainError("order.already_ordered", field="items")
    return result.order


def _subject_type_and_id(item: OrderItem) -> tuple[str, int]:
    return (CHILD, item.child_id) if item.child_id is not None else (WORKER, item.worker.user_id)


@transaction.atomic
def order_create(
    *,
    actor,
    subject_type: str,
    subject_id: int,
    items: list[dict],
    note: str = "",
    idempotency_key: str | None = None,
    kind: str = Order.Kind.REGULAR,
) -> Order:
    """One order of meals for one subject. The same `idempotency_key` again answers the first order (the core
    makes concurrent first uses meet at the key's unique index)."""
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    order = _place(actor=actor, subject=subject, requests=_requests(items), kind=kind, idempotency_key=idempotency_key)
    if note and not order.note:
        order.note = note
        order.save(update_fields=["note", "updated_at"])
    audit_record(actor=actor, action="order.create", target=order, data={"subject": f"{subject_type}/{subject_id}"})
    return order


@transaction.atomic
def orders_bulk_create(*, actor, orders: list[dict]) -> list[Order]:
    """Several orders, all or none."""
    return [order_create(actor=actor, **data) for data in orders]


def _same_choice(item: OrderItem, request: ItemRequest) -> bool:
    return (
        (request.portion_size_id is None or request.portion_size_id == item.portion_size_id)
        and (request.diet_id is None or request.diet_id == item.diet_id)
        and (request.price_list_item_id is None or request.price_list_item_id == item.price_list_item_id)
        and (request.note or "") == (item.note or "")
    )


@transaction.atomic
def order_update(
    *, actor, order: Order, subject_type: str, subject_id: int, items: list[dict], note: str = ""
) -> Order:
    """The order's active meals of the subject from today on become `items`: meals no longer listed (or listed
    with another portion, diet, price list item or note) are cancelled, new ones placed into the order."""
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    if subject.payer.pk != order.payer_id:
        raise DomainError("order.paid_by_someone_else", field="subject_id")
    requests = _requests(items)
    today = tenant_today()
    current = list(
        OrderItem.objects.filter(
            order=order, status=OrderItem.Status.ACTIVE, date__gte=today, **subject.item_filter
        ).order_by("pk")
    )
    wanted = {(request.date, request.meal_type_id): request for request in requests}
    kept = {
        (item.date, item.meal_type_id)
        for item in current
        if (item.date, item.meal_type_id) in wanted and _same_choice(item, wanted[(item.date, item.meal_type_id)])
    }
    removed = [item for item in current if (item.date, item.meal_type_id) not in kept]
    added = [request for key, request in wanted.items() if key not in kept]
    if removed:
        items_cancel(actor=actor, items=removed, staff_override=is_staff(actor))
    if added:
        items_place(actor=actor, subject=subject, requests=added, order=order, staff_override=is_staff(actor))
    order.refresh_from_db()
    if note != order.note or (added and order.status == Order.Status.CANCELLED):
        order.note = note
        if OrderItem.objects.filter(order=order, status__in=["active", "served"]).exists():
            order.status = Order.Status.ACTIVE
        order.save(update_fields=["note", "status", "updated_at"])
    audit_record(
        actor=actor,
        action="order.update",
        target=order,
        data={"subject": f"{subject_type}/{subject_id}", "cancelled": [i.pk for i in removed], "added": len(added)},
    )
    return order


def _cancellable(actor, items: list[OrderItem]) -> list[OrderItem]:
    """Among live meals, those the actor may cancel now: staff every active one, customers those still open. When
    none is open, every active one goes to the core, which refuses with the cut-off's message. Served meals stay
    as they are; when nothing but served meals was asked for, the call is refused (`refuse_served`, for staff
    too: a served meal was eaten)."""
    active = [item for item in items if item.status == OrderItem.Status.ACTIVE]
    if not active:
        served = [item for item in items if item.status == OrderItem.Status.SERVED]
        if served:
            refuse_served(min(served, key=lambda item: (item.date, item.pk)))
    if cancels_as_staff(actor):
        return active
    cutoff = cutoff_config()
    open_items = [item for item in active if cutoff.is_open(item.date)]
    return open_items or active


@transaction.atomic
def orders_cancel(*, actor, orders: list[Order]) -> list[OrderItem]:
    """Cancel the orders' active meals within the actor's reach (see `_cancellable`), all or none."""
    items = list(
        items_visible_to(actor).filter(
            order__in=[order.pk for order in orders], status__in=[OrderItem.Status.ACTIVE, OrderItem.Status.SERVED]
        )
    )
    cancelled = items_cancel(actor=actor, items=_cancellable(actor, items), staff_override=cancels_as_staff(actor))
    for order in orders:
        audit_record(actor=actor, action="order.cancel", target=order, data={"items": len(cancelled)})
    return cancelled


@transaction.atomic
def order_item_cancel(*, actor, item: OrderItem) -> list[OrderItem]:
    cancelled = items_cancel(actor=actor, items=[item], staff_override=cancels_as_staff(actor))
    audit_record(actor=actor, action="order.cancel_item", target=item.order, data={"item": item.pk})
    return cancelled


@transaction.atomic
def meal_type_cancel(
    *, actor, subject_type: str, subject_id: int, meal_type_id: int, date_from: date, date_to: date
) -> list[OrderItem]:
    """The subject's active meals of one meal type in [date_from, date_to] (customers: the open ones)."""
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    items = list(
        items_visible_to(actor).filter(
            **subject.item_filter,
            meal_type_id=meal_type_id,
            date__range=(date_from, date_to),
            status__in=[OrderItem.Status.ACTIVE, OrderItem.Status.SERVED],
        )
    )
    cancelled = items_cancel(actor=actor, items=_cancellable(actor, items), staff_override=cancels_as_staff(actor))
    audit_record(
        actor=actor,
        action="order.cancel_meal_type",
        target=None,
        data={"subject": f"{subject_type}/{subject_id}", "meal_type": meal_type_id, "items": len(cancelled)},
    )
    return cancelled


@transaction.atomic
def order_remove(*, actor, order: Order) -> None:
    """Remove an order made by mistake: only when none of its meals was served or charged and no fee was taken
    for it (else 409: the history stays; cancel instead)."""
    item_ids = list(order.items.values_list("pk", flat=True))
    touched = OrderItem.objects.filter(order=order).exclude(served_at=None, charged_at=None).exists()
    booked = LedgerTransaction.objects.filter(reference_type="order", reference_id=order.pk).exists() or (
        LedgerTransaction.objects.filter(reference_type="order_item", reference_id__in=item_ids).exists()
    )
    if touched or booked or order.items.filter(status=OrderItem.Status.SERVED).exists():
        raise DomainError("order.not_removable")
    audit_record(actor=actor, action="order.remove", target=order, data={"items": item_ids})
    order.items.all().delete()
    order.delete()


@transaction.atomic
def order_create_similar(*, actor, order: Order, dates: list[date]) -> Order:
    """A new order with the same meals (per subject: meal type, portion size, note) on each of `dates`."""
    source = list(
        items_visible_to(actor)
        .filter(order=order)
        .exclude(status=OrderItem.Status.CANCELLED)
        .select_related("worker")
        .order_by("pk")
    ) or list(items_visible_to(actor).filter(order=order).select_related("worker").order_by("pk"))
    if not source:
        raise DomainError("record.not_found")
    per_subject: dict[tuple[str, int], dict[int, OrderItem]] = {}
    for item in source:
        per_subject.setdefault(_subject_type_and_id(item), {}).setdefault(item.meal_type_id, item)
    created: Order | None = None
    for (subject_type, subject_id), meals in per_subject.items():
        subject = subject_resolve(subject_type, subject_id, actor=actor)
        requests = [
            ItemRequest(date=day, meal_type_id=meal_type_id, portion_size_id=item.portion_size_id, note=item.note)
            for day in sorted(set(dates))
            for meal_type_id, item in meals.items()
        ]
        result = items_place(
            actor=actor, subject=subject, requests=requests, order=created, staff_override=is_staff(actor)
        )
        created = created or result.order
    if created is None:
        raise DomainError("order.already_ordered", field="dates")
    audit_record(actor=actor, action="order.create_similar", target=created, data={"source": order.pk})
    return created


def prepaid_days(*, subject: Subject, month: date, staff: bool) -> list[date]:
    """School days of `month` still open for ordering: Monday to Friday, not free (staff: from today on)."""
    first, last = month_bounds(month)
    free = free_days_for([subject.institution.pk], first, last)
    cutoff = cutoff_config()
    today = tenant_today()
    days = []
    day = first
    while day <= last:
        school_day = day.weekday() < 5 and not is_free(free, subject.institution.pk, day)
        if school_day and ((staff and day >= today) or cutoff.is_open(day)):
            days.append(day)
        day += timedelta(days=1)
    return days


@transaction.atomic
def prepaid_order_create(
    *,
    actor,
    subject_type: str,
    subject_id: int,
    month: date,
    meal_type_ids: list[int],
    portion_size_id: int | None = None,
    note: str = "",
    idempotency_key: str | None = None,
) -> Order:
    """A month of meals bought at once (kind `prepaid`): customers only when the tenant allows prepaid orders."""
    if ROLE_ADMIN not in (actor.roles or []) and not settings_get("presences_marking_config").get(
        "allow_prepaid_orders"
    ):
        raise DomainError("order.prepaid_not_allowed")
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    days = prepaid_days(subject=subject, month=month, staff=is_staff(actor))
    pricer = (
        Pricer([subject], days[0], days[-1], for_role=None if is_staff(actor) else SUBJECT_AUDIENCE) if days else None
    )
    # Only the days the meal can be priced on: a day its price list item hides (hiddenWeekdays) or a month
    # starting before any price list does not refuse the whole month. A meal type the institution does not
    # serve at all is left to the core, which says so.
    requests = [
        ItemRequest(date=day, meal_type_id=meal_type_id, portion_size_id=portion_size_id)
        for day in days
        for meal_type_id in dict.fromkeys(meal_type_ids)
        if not pricer.meal_type_available(subject, meal_type_id)
        or pricer.choose(
            subject, day, meal_type_id=meal_type_id, diet_id=subject.diet.pk, portion_size_id=portion_size_id
        )
        is not None
    ]
    if not requests:
        raise DomainError("order.nothing_to_order", field="month")
    order = _place(
        actor=actor,
        subject=subject,
        requests=requests,
        kind=Order.Kind.PREPAID,
        idempotency_key=idempotency_key,
        pricer=pricer,
    )
    if note and not order.note:
        order.note = note
        order.save(update_fields=["note", "updated_at"])
    ordered_days = len({request.date for request in requests})
    audit_record(
        actor=actor, action="order.create_prepaid", target=order, data={"month": f"{month:%Y-%m}", "days": ordered_days}
    )
    return order
