"""Money: amounts are `Decimal` with two places (grosze), rounded half-up to the grosz at the edges only
(DESIGN.md §4). Every amount that is computed or read from outside (a typed amount, a setting, a discount) is
brought to grosze here; nothing else in the project quantizes money."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

GROSZ = Decimal("0.01")
HUNDRED = Decimal("100")
ZERO = Decimal("0.00")


def to_grosze(value) -> Decimal:
    """`value` (a Decimal, int or Decimal string) rounded half-up to the grosz."""
    return Decimal(value).quantize(GROSZ, rounding=ROUND_HALF_UP)


def money_amount(value) -> Decimal:
    """An amount as settings and callers hand it over: a number, a decimal string, a money dict
    (`{"amount": "12.50", ...}`) or nothing (0), in grosze."""
    if isinstance(value, dict):
        value = value.get("amount", 0)
    return to_grosze(str(value or 0))


def is_whole_grosze(value: Decimal) -> bool:
    """Whether `value` has no fraction of a grosz (at most two meaningful decimal places)."""
    return value == value.quantize(GROSZ)


def discounted(unit_price: Decimal, discount_percent: Decimal) -> Decimal:
    """The unit price minus `discount_percent` percent, in grosze."""
    if not discount_percent:
        return to_grosze(unit_price)
    return to_grosze(Decimal(unit_price) * (HUNDRED - Decimal(discount_percent)) / HUNDRED)
