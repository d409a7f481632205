"""Writes on price list groups, price lists and their items."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.core.flags import take_flag
from kantyna.pricing.models import PriceList, PriceListItem, PriceListsGroup


@transaction.atomic
def price_lists_group_create(
    *, actor, name: str, default_for_children: bool = False, default_for_institutions_workers: bool = False
) -> PriceListsGroup:
    if default_for_children:
        take_flag(PriceListsGroup, "default_for_children")
    if default_for_institutions_workers:
        take_flag(PriceListsGroup, "default_for_institutions_workers")
    group = PriceListsGroup.objects.create(
        name=name,
        default_for_children=default_for_children,
        default_for_institutions_workers=default_for_institutions_workers,
    )
    audit_record(actor=actor, action="price_lists_group.create", target=group)
    return group


@transaction.atomic
def price_list_create(*, actor, group: PriceListsGroup, name: str, valid_from: date, items: list[dict]) -> PriceList:
    """`items`: dicts with meal_type, diet, portion_size, price (Decimal) and optional hidden flags."""
    price_list = PriceList.objects.create(group=group, name=name, valid_from=valid_from)
    PriceListItem.objects.bulk_create(
        [PriceListItem(price_list=price_list, **{**item, "price": Decimal(item["price"])}) for item in items]
    )
    audit_record(actor=actor, action="price_list.create", target=price_list, data={"items": len(items)})
    return price_list
