"""Writes on stock (issue 16): deliveries and issues recorded, corrected, voided; minimum levels; a day's computed
consumption booked as production outcomes. Keyword-only, atomic, audited.

Every write that lowers an ingredient's stock locks the ingredient's row first (`FOR NO KEY UPDATE`, in id order),
and only then a turnover row it changes (corrections, voids and the day's booking alike, so none waits on another
crosswise), so two writes on one ingredient run one after the other and each sees the other's rows: the stock it checks is the
stock it leaves. An outcome that would take the stock below zero is refused (`inventory.stock_below_zero`, the
shortfall named) unless the caller confirms it (`allow_negative`): a kitchen's records often lag its shelves (a
delivery used before anyone typed it in), so the real issue must be recordable, but never by a slip of the finger."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.money import to_grosze
from kantyna.inventory.models import InventoryTurnover, Kind, Reason, StockMinimum, price_unit
from kantyna.inventory.selectors import stock_by_ingredient
from kantyna.kitchen.selectors.prepare import meals_to_prepare
from kantyna.logistics.models import Kitchen
from kantyna.meals.models import Ingredient

# net_value is numeric(12,2): a value from 10^10 PLN up does not fit (a typo such as a piece count in grams).
MAX_NET_VALUE = Decimal(10) ** 10
EDITABLE = ("reason", "ingredient", "kitchen", "date", "quantity", "unit_price", "supplier", "document_number", "note")


def default_kitchen() -> Kitchen | None:
    """Where stock lives when the caller names no kitchen: the first active kitchen by name (None: no kitchen)."""
    return Kitchen.objects.filter(is_active=True).order_by("name", "pk").first()


def _lock(ingredient_ids) -> dict[int, Ingredient]:
    """Lock the ingredients' rows in id order (writes on one ingredient's stock take turns)."""
    return {
        ingredient.pk: ingredient
        for ingredient in Ingredient.objects.select_for_update(no_key=True).filter(pk__in=ingredient_ids).order_by("pk")
    }


def _lock_turnover(pk: int, *, ingredient_ids=()) -> tuple[InventoryTurnover, dict[int, Ingredient]]:
    """Lock a turnover row the way day_book does, ingredients first (in id order) then the row, so the two never
    wait on each other crosswise: the row is read without a lock, its ingredient (and `ingredient_ids`) locked,
    then the row locked and read again. Should its ingredient have changed in between, that one is locked too."""
    current = InventoryTurnover.objects.only("ingredient_id").get(pk=pk)
    names = _lock({current.ingredient_id, *ingredient_ids})
    turnover = InventoryTurnover.objects.select_for_update().get(pk=pk)
    if turnover.ingredient_id not in names:
        names |= _lock([turnover.ingredient_id])
    return turnover, names


def _refuse_below_zero(
    before: dict[tuple[int, int | None], Decimal], allow_negative: bool, names: dict[int, Ingredient]
) -> None:
    """Refuse when a write took a stock below zero and lower than it was (unless confirmed)."""
    if allow_negative:
        return
    short = []
    for kitchen_id in {kitchen_id for _, kitchen_id in before}:
        ids = [ingredient_id for ingredient_id, k in before if k == kitchen_id]
        for ingredient_id, stock in stock_by_ingredient(ids, kitchen_id).items():
            if stock < 0 and stock < before[(ingredient_id, kitchen_id)]:
                short.append((names[ingredient_id], stock))
    if short:
        short.sort(key=lambda pair: (pair[0].name, pair[0].pk))
        raise DomainError(
            "inventory.stock_below_zero",
            field="quantity",
            params={
                "ingredients": ", ".join(
                    f"{ingredient.name} ({stock.normalize():f} {ingredient.unit})" for ingredient, stock in short
                )
            },
            extra={
                "shortages": [
                    {
                        "ingredient_id": ingredient.pk,
                        "name": ingredient.name,
                        "unit": ingredient.unit,
                        "stock": str(stock),
                    }
                    for ingredient, stock in short
                ]
            },
        )


def _stock_before(keys: set[tuple[int, int | None]]) -> dict[tuple[int, int | None], Decimal]:
    before = {}
    for kitchen_id in {k for _, k in keys}:
        ids = [i for i, k in keys if k == kitchen_id]
        before.update({(i, kitchen_id): s for i, s in stock_by_ingredient(ids, kitchen_id).items()})
    return before


def _net_value(ingredient: Ingredient, quantity: Decimal, unit_price: Decimal | None) -> Decimal | None:
    if unit_price is None:
        return None
    _unit, factor = price_unit(ingredient.unit)
    value = to_grosze(quantity * unit_price / factor)
    if value >= MAX_NET_VALUE:
        raise DomainError("inventory.value_too_large", field="quantity")
    return value


def _audit_data(turnover: InventoryTurnover) -> dict:
    return {
        "kind": turnover.kind,
        "reason": turnover.reason,
        "ingredient": turnover.ingredient.name,
        "quantity": str(turnover.quantity),
        "date": turnover.date.isoformat(),
    }


@transaction.atomic
def turnover_create(
    *,
    actor,
    kind: str,
    ingredient: Ingredient,
    quantity: Decimal,
    date: date,
    kitchen: Kitchen | None = None,
    reason: str = "",
    unit_price: Decimal | None = None,
    supplier: str = "",
    document_number: str = "",
    note: str = "",
    allow_negative: bool = False,
) -> InventoryTurnover:
    """Record a delivery (kind income: with its net unit price) or an issue (kind outcome: with its reason). Without
    a kitchen, the default one."""
    if kitchen is None:
        kitchen = default_kitchen()
    if kind == Kind.INCOME:
        reason = ""
        if unit_price is None:
            raise DomainError("inventory.price_required", field="unit_price")
    else:
        unit_price = None
        if reason not in Reason.values:
            raise DomainError("inventory.reason_required", field="reason")
    names = _lock([ingredient.pk])
    before = _stock_before({(ingredient.pk, kitchen.pk if kitchen else None)})
    turnover = InventoryTurnover.objects.create(
        kind=kind,
        reason=reason,
        ingredient=ingredient,
        kitchen=kitchen,
        date=date,
        quantity=quantity,
        unit_price=unit_price,
        net_value=_net_value(ingredient, quantity, unit_price),
        supplier=supplier,
        document_number=document_number,
        note=note,
        created_by=actor,
    )
    if kind == Kind.OUTCOME:
        _refuse_below_zero(before, allow_negative, names)
    audit_record(
        actor=actor,
        action="inventory.income_create" if kind == Kind.INCOME else "inventory.outcome_create",
        target=turnover,
        data=_audit_data(turnover),
    )
    return turnover


@transaction.atomic
def turnover_update(*, actor, instance: InventoryTurnover, allow_negative: bool = False, **data) -> InventoryTurnover:
    """Correct a row (its kind stays): the audit entry keeps each changed field's old and new value. A voided row
    is history and is not edited; a booked day's row keeps its ingredient, kitchen and date."""
    new_ingredient = data.get("ingredient")
    turnover, names = _lock_turnover(instance.pk, ingredient_ids=[new_ingredient.pk] if new_ingredient else [])
    if turnover.voided_at is not None:
        raise DomainError("inventory.turnover_voided")
    if turnover.kind == Kind.INCOME:
        data["reason"] = ""
        if "unit_price" in data and data["unit_price"] is None:
            raise DomainError("inventory.price_required", field="unit_price")
    else:
        data["unit_price"] = None
        if "reason" in data and data["reason"] not in Reason.values:
            raise DomainError("inventory.reason_required", field="reason")
    if "kitchen" in data and data["kitchen"] is None:
        data["kitchen"] = turnover.kitchen
    if turnover.booked_for is not None:
        # A booked day's row is the day's booking for its ingredient and kitchen (one per day, day_book sets it):
        # only its quantity and notes are corrected, moving it would book the day twice or lose it.
        for name, field in (("ingredient", "ingredient_id"), ("kitchen", "kitchen_id"), ("date", "date")):
            if name in data and data[name] != getattr(turnover, name):
                raise DomainError("inventory.booking_fixed", field=field)
    new_ingredient = data.get("ingredient", turnover.ingredient)
    new_kitchen = data.get("kitchen", turnover.kitchen)
    keys = {(turnover.ingredient_id, turnover.kitchen_id), (new_ingredient.pk, new_kitchen.pk if new_kitchen else None)}
    before = _stock_before(keys)
    changes = {}
    for name in EDITABLE:
        if name not in data:
            continue
        old, new = getattr(turnover, name), data[name]
        if old != new:
            changes[name] = [_plain(old), _plain(new)]
            setattr(turnover, name, new)
    if not changes:
        return turnover
    turnover.net_value = _net_value(turnover.ingredient, turnover.quantity, turnover.unit_price)
    turnover.save()
    _refuse_below_zero(before, allow_negative, names)
    audit_record(
        actor=actor,
        action="inventory.income_update" if turnover.kind == Kind.INCOME else "inventory.outcome_update",
        target=turnover,
        data={**_audit_data(turnover), "changes": changes},
    )
    return turnover


def _plain(value):
    if value is None or isinstance(value, str | int):
        return value
    if isinstance(value, Decimal | date):
        return str(value)
    return str(value)


@transaction.atomic
def turnover_void(
    *, actor, instance: InventoryTurnover, reason: str, allow_negative: bool = False
) -> InventoryTurnover:
    """Take a row out of the stock, keeping it (who, when, why): a turnover is history, so there is no delete."""
    turnover, names = _lock_turnover(instance.pk)
    if turnover.voided_at is not None:
        raise DomainError("inventory.turnover_voided")
    before = _stock_before({(turnover.ingredient_id, turnover.kitchen_id)})
    turnover.voided_at = timezone.now()
    turnover.voided_by = actor
    turnover.void_reason = reason
    turnover.save(update_fields=["voided_at", "voided_by", "void_reason", "updated_at"])
    _refuse_below_zero(before, allow_negative, names)
    audit_record(
        actor=actor,
        action="inventory.income_void" if turnover.kind == Kind.INCOME else "inventory.outcome_void",
        target=turnover,
        data={**_audit_data(turnover), "reason": reason},
    )
    return turnover


@transaction.atomic
def stock_minimum_set(*, actor, ingredient: Ingredient, quantity: Decimal | None) -> StockMinimum | None:
    """Set (or, with None, remove) the level under which an ingredient is low."""
    if quantity is None:
        StockMinimum.objects.filter(ingredient=ingredient).delete()
        minimum = None
    else:
        minimum, _created = StockMinimum.objects.update_or_create(
            ingredient=ingredient, defaults={"quantity": quantity}
        )
    audit_record(
        actor=actor,
        action="inventory.minimum_set",
        target=ingredient,
        data={"ingredient": ingredient.name, "quantity": None if quantity is None else str(quantity)},
    )
    return minimum


@transaction.atomic
def day_book(*, actor, day: date, kitchen: Kitchen | None = None, allow_negative: bool = False) -> dict[str, int]:
    """Book what the orders of `day` consume (meals to prepare's ingredients, for `kitchen` or every institution)
    as production outcomes: one row per ingredient, kitchen and day. Booking again sets those rows to what the
    orders say now (a cancellation since lowers it, an ingredient no longer needed is voided): a day is never
    counted twice. Returns how many rows were created, changed, voided and left as they were."""
    if kitchen is None:
        kitchen = default_kitchen()
    kitchen_id = kitchen.pk if kitchen else None
    needs = {
        need.id: need.quantity
        for need in meals_to_prepare(
            date_from=day, date_to=day, reachable_institution_ids=None, kitchen_id=kitchen_id
        ).ingredients
        if need.quantity > 0
    }
    booked_ids = set(
        InventoryTurnover.objects.filter(booked_for=day, kitchen_id=kitchen_id, voided_at=None).values_list(
            "ingredient_id", flat=True
        )
    )
    names = _lock(set(needs) | booked_ids)
    # Read again under the locks: a booking of the same day that committed meanwhile is seen, not repeated.
    booked = {
        row.ingredient_id: row
        for row in InventoryTurnover.objects.select_for_update().filter(
            booked_for=day, kitchen_id=kitchen_id, voided_at=None
        )
    }
    before = _stock_before({(i, kitchen_id) for i in set(needs) | set(booked)})
    counts = {"created": 0, "updated": 0, "voided": 0, "unchanged": 0}
    now = timezone.now()
    new_rows = []
    for ingredient_id, quantity in sorted(needs.items()):
        row = booked.get(ingredient_id)
        if row is None:
            new_rows.append(
                InventoryTurnover(
                    kind=Kind.OUTCOME,
                    reason=Reason.PRODUCTION,
                    ingredient_id=ingredient_id,
                    kitchen=kitchen,
                    date=day,
                    quantity=quantity,
                    booked_for=day,
                    created_by=actor,
                )
            )
            counts["created"] += 1
        elif row.quantity != quantity:
            row.quantity = quantity
            row.save(update_fields=["quantity", "updated_at"])
            counts["updated"] += 1
        else:
            counts["unchanged"] += 1
    InventoryTurnover.objects.bulk_create(new_rows)
    gone = [row.pk for ingredient_id, row in booked.items() if ingredient_id not in needs]
    if gone:
        counts["voided"] = InventoryTurnover.objects.filter(pk__in=gone).update(
            voided_at=now, voided_by=actor, void_reason="no longer ordered", updated_at=now
        )
    _refuse_below_zero(before, allow_negative, names)
    if counts["created"] or counts["updated"] or counts["voided"]:
        audit_record(
            actor=actor,
            action="inventory.day_book",
            target=kitchen,
            data={"date": day.isoformat(), "kitchen": kitchen.name if kitchen else None, **counts},
        )
    return counts
