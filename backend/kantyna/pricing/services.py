"""Writes on price list groups, price lists and their items. Keyword-only, atomic, audited; the demo seed and
the API both go through here.

Price lists are history: once a list has started (validFrom <= today) and something was priced from it
(`selectors.price_list_is_used`), its prices, combinations, group and start date are frozen and the admin
replaces it with a new version from a later date (`price_list_replace`); only its name and hiding flags
may still change. Items that something refers to are never deleted.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from kantyna.audit.services import audit_record
from kantyna.catalog.models import MealType
from kantyna.core.errors import DomainError, Problem
from kantyna.core.flags import take_flag
from kantyna.core.money import is_whole_grosze
from kantyna.core.services import model_update
from kantyna.pricing import selectors
from kantyna.pricing.models import WEEKDAYS_PL, PriceList, PriceListItem, PriceListsGroup

ITEM_FIELDS = ("meal_type", "diet", "portion_size", "price", "hidden", "hidden_for", "hidden_weekdays")
PRICED_FIELDS = ("meal_type_id", "diet_id", "portion_size_id", "price")


def _refuse(*problems: Problem) -> None:
    raise DomainError("invalid", problems=problems)


# Groups -----------------------------------------------------------------------------------------------------


def _check_group_flags(*, default_for_children: bool, default_for_institutions_workers: bool, for_group_orders: bool):
    # Group orders are priced apart from individual meals; a default group would price every child or worker.
    if for_group_orders and (default_for_children or default_for_institutions_workers):
        raise DomainError("price_lists_group.group_orders_default", field="for_group_orders")


def _take_default_flags(group, *, default_for_children: bool, default_for_institutions_workers: bool):
    """Each flag asked for is taken under the table lock, even one `group` (None: a new one) held when read
    (`take_flag`)."""
    if default_for_children:
        take_flag(PriceListsGroup, "default_for_children", group)
    if default_for_institutions_workers:
        take_flag(PriceListsGroup, "default_for_institutions_workers", group)


@transaction.atomic
def price_lists_group_create(
    *,
    actor,
    name: str,
    default_for_children: bool = False,
    default_for_institutions_workers: bool = False,
    for_group_orders: bool = False,
) -> PriceListsGroup:
    flags = {
        "default_for_children": default_for_children,
        "default_for_institutions_workers": default_for_institutions_workers,
    }
    _check_group_flags(**flags, for_group_orders=for_group_orders)
    _take_default_flags(None, **flags)
    group = PriceListsGroup.objects.create(name=name, for_group_orders=for_group_orders, **flags)
    audit_record(actor=actor, action="price_lists_group.create", target=group)
    return group


@transaction.atomic
def price_lists_group_update(
    *,
    actor,
    instance: PriceListsGroup,
    name: str,
    default_for_children: bool = False,
    default_for_institutions_workers: bool = False,
    for_group_orders: bool = False,
) -> PriceListsGroup:
    flags = {
        "default_for_children": default_for_children,
        "default_for_institutions_workers": default_for_institutions_workers,
    }
    _check_group_flags(**flags, for_group_orders=for_group_orders)
    _take_default_flags(instance, **flags)
    data = {"name": name, "for_group_orders": for_group_orders, **flags}
    model_update(instance=instance, fields=data, data=data)
    audit_record(actor=actor, action="price_lists_group.update", target=instance)
    return instance


@transaction.atomic
def price_lists_group_delete(*, actor, instance: PriceListsGroup) -> None:
    """Refused (409) while price lists, classrooms or children name the group: prices and history stay whole."""
    if instance.price_lists.exists() or instance.classrooms.exists() or instance.children.exists():
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="price_lists_group.delete", target=instance, data={"name": instance.name})
    instance.delete()


# Price lists ------------------------------------------------------------------------------------------------


def _normalised_item(item: dict) -> dict:
    """A service item dict with a Decimal price and flags in a stable order (weekdays Monday first)."""
    hidden_for = item.get("hidden_for") or []
    hidden_weekdays = item.get("hidden_weekdays") or []
    try:
        price = Decimal(str(item["price"]))
    except InvalidOperation:
        price = None
    return {
        "id": item.get("id"),
        "meal_type": item["meal_type"],
        "diet": item["diet"],
        "portion_size": item["portion_size"],
        "price": price,
        "hidden": bool(item.get("hidden", False)),
        "hidden_for": [value for value in PriceListItem.HiddenFor.values if value in hidden_for],
        "hidden_weekdays": [day for day in WEEKDAYS_PL if day in hidden_weekdays],
    }


def _check_items(items: list[dict]) -> None:
    """Rules the database cannot say in the API's words: one price per combination, a portion size the
    meal type offers, and a price of at least 0 with at most 2 decimal places."""
    meal_type_ids = {item["meal_type"].pk for item in items}
    offered = set(
        MealType.portion_sizes.through.objects.filter(mealtype_id__in=meal_type_ids).values_list(
            "mealtype_id", "portionsize_id"
        )
    )
    problems: list[Problem] = []
    seen: set[tuple[int, int, int]] = set()
    for index, item in enumerate(items):
        combination = (item["meal_type"].pk, item["diet"].pk, item["portion_size"].pk)
        if combination in seen:
            problems.append(Problem("price_list.duplicate_combination", f"items.{index}.portion_size_id"))
        seen.add(combination)
        if (combination[0], combination[2]) not in offered:
            problems.append(Problem("price_list.portion_not_offered", f"items.{index}.portion_size_id"))
        price = item["price"]
        if price is None or price < 0:
            problems.append(Problem("price_list.price_negative", f"items.{index}.price.amount"))
        elif not is_whole_grosze(price):
            problems.append(Problem("price_list.price_precision", f"items.{index}.price.amount"))
    if problems:
        _refuse(*problems)


def _check_date_free(*, group: PriceListsGroup, valid_from: date, exclude: PriceList | None = None) -> None:
    taken = PriceList.objects.filter(group=group, valid_from=valid_from)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if taken.exists():
        raise DomainError("price_list.date_taken", field="valid_from")


def _new_item(price_list: PriceList, item: dict) -> PriceListItem:
    return PriceListItem(price_list=price_list, **{field: item[field] for field in ITEM_FIELDS})


def _save_items(create) -> None:
    """Turns a race on the one-price-per-combination constraint into the API's field error."""
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        raise DomainError("price_list.duplicate_combination", field="items") from None


@transaction.atomic
def price_list_create(*, actor, group: PriceListsGroup, name: str, valid_from: date, items: list[dict]) -> PriceList:
    """`items`: dicts with meal_type, diet, portion_size, price (Decimal or decimal string) and optional
    hidden, hidden_for ("parents", "institution_workers") and hidden_weekdays (Polish weekday names)."""
    items = [_normalised_item(item) for item in items]
    _check_items(items)
    _check_date_free(group=group, valid_from=valid_from)
    price_list = PriceList.objects.create(group=group, name=name, valid_from=valid_from)
    _save_items(lambda: PriceListItem.objects.bulk_create([_new_item(price_list, item) for item in items]))
    audit_record(actor=actor, action="price_list.create", target=price_list, data={"items": len(items)})
    return price_list


def _refuse_frozen_changes(instance: PriceList, *, group, valid_from, items, existing, removed, in_use) -> None:
    problems: list[Problem] = []
    locked = instance.valid_from <= selectors.today() and bool(in_use)
    if locked and group.pk != instance.group_id:
        problems.append(Problem("price_list.locked", "group_id"))
    if locked and valid_from != instance.valid_from:
        problems.append(Problem("price_list.locked", "valid_from"))
    if locked and removed:
        problems.append(Problem("price_list.locked", "items"))
    elif removed & in_use:
        problems.append(Problem("price_list.item_in_use", "items"))
    for index, item in enumerate(items):
        stored = existing.get(item["id"])
        if stored is None:
            continue
        changed = (
            item["meal_type"].pk != stored.meal_type_id
            or item["diet"].pk != stored.diet_id
            or item["portion_size"].pk != stored.portion_size_id
        )
        if locked and (changed or item["price"] != stored.price):
            problems.append(Problem("price_list.locked", f"items.{index}.price.amount"))
        elif changed and stored.pk in in_use:
            problems.append(Problem("price_list.item_in_use", f"items.{index}.meal_type_id"))
    if problems:
        _refuse(*problems)


@transaction.atomic
def price_list_update(
    *, actor, instance: PriceList, group: PriceListsGroup, name: str, valid_from: date, items: list[dict]
) -> PriceList:
    """Replaces the list's items with `items`: those with an `id` of this list are changed, those without
    are added, the rest removed. See the module docstring for what a list in use still allows."""
    instance = PriceList.objects.select_for_update().get(pk=instance.pk)
    items = [_normalised_item(item) for item in items]
    existing = {item.pk: item for item in instance.items.all()}
    unknown = [
        Problem("price_list.unknown_item", f"items.{index}.id")
        for index, item in enumerate(items)
        if item["id"] and item["id"] not in existing
    ]
    if unknown:
        _refuse(*unknown)
    _check_items(items)
    kept = {item["id"] for item in items if item["id"]}
    removed = set(existing) - kept
    in_use = selectors.price_list_item_ids_in_use(existing)
    _refuse_frozen_changes(
        instance, group=group, valid_from=valid_from, items=items, existing=existing, removed=removed, in_use=in_use
    )
    if group.pk != instance.group_id or valid_from != instance.valid_from:
        _check_date_free(group=group, valid_from=valid_from, exclude=instance)

    header = {"group": group, "name": name, "valid_from": valid_from}
    model_update(instance=instance, fields=header, data=header)

    def write_items():
        PriceListItem.objects.filter(pk__in=removed).delete()
        changed = []
        for item in items:
            if not item["id"]:
                continue
            stored = existing[item["id"]]
            for field in ITEM_FIELDS:
                setattr(stored, field, item[field])
            changed.append(stored)
        PriceListItem.objects.bulk_update(changed, ITEM_FIELDS)
        PriceListItem.objects.bulk_create([_new_item(instance, item) for item in items if not item["id"]])

    _save_items(write_items)
    audit_record(
        actor=actor,
        action="price_list.update",
        target=instance,
        data={"items": len(items), "removed": sorted(removed)},
    )
    return instance


@transaction.atomic
def price_list_delete(*, actor, instance: PriceList) -> None:
    """Refused (409) once anything was priced from the list (orders, prepaids): it is history. Prepaid orders are
    among what price_list_is_used counts (their items refer to the list's items)."""
    if selectors.price_list_is_used(instance):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="price_list.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def price_list_replace(
    *, actor, instance: PriceList, valid_from: date, name: str | None = None, items: list[dict] | None = None
) -> PriceList:
    """A new version of `instance` for the same group from `valid_from` (after the old list's start); the old
    list stays as history for the days before. Without `items` the old prices are copied."""
    if valid_from <= instance.valid_from:
        raise DomainError("price_list.replacement_too_early", field="valid_from", params={"date": instance.valid_from})
    if items is None:
        items = [
            {field: getattr(item, field) for field in ITEM_FIELDS}
            for item in instance.items.select_related("meal_type", "diet", "portion_size")
        ]
    else:
        items = [{key: value for key, value in item.items() if key != "id"} for item in items]
    new_list = price_list_create(
        actor=actor,
        group=instance.group,
        name=name or str(_("Price list from %(date)s") % {"date": date_format(valid_from, "d.m.Y")}),
        valid_from=valid_from,
        items=items,
    )
    audit_record(actor=actor, action="price_list.replace", target=new_list, data={"replaced": instance.pk})
    return new_list
