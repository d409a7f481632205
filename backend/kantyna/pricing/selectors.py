"""Reads on prices: which list is valid when, which items a customer may choose, who a group serves, and
whether anything refers to a list (the one place the ordering issue extends when order items arrive)."""

from __future__ import annotations

from datetime import date

from django.db.models import F, OuterRef, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kantyna.catalog.models import MealTypeInstitutionSetting
from kantyna.core.permissions import POWER_ROLES, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.pricing.models import WEEKDAYS_PL, PriceList, PriceListItem, PriceListsGroup

STATUS_CURRENT = "current"
STATUS_FUTURE = "future"
STATUS_PAST = "past"
STATUSES = [STATUS_CURRENT, STATUS_FUTURE, STATUS_PAST]

OTHER_MEAL_TYPES = _("Other meal types")
ITEM_RELATIONS = ("meal_type", "meal_type__category", "diet", "portion_size")


def today() -> date:
    """The tenant's calendar day (Europe/Warsaw), not the server's UTC date."""
    return timezone.localdate()


def price_list_for(group: PriceListsGroup | int, on: date) -> PriceList | None:
    """The list of `group` valid on `on`: the one with the latest `valid_from` not after it."""
    return PriceList.objects.filter(group=group, valid_from__lte=on).order_by("-valid_from").first()


def audience_of(user) -> str | None:
    """The `hiddenFor` value that applies to `user` when choosing for themselves or their children;
    staff see every item (they set items up and choose on a customer's behalf)."""
    roles = set(getattr(user, "roles", None) or [])
    if roles & POWER_ROLES:
        return None
    if ROLE_PARENT in roles:
        return PriceListItem.HiddenFor.PARENTS
    if ROLE_INSTITUTION_WORKER in roles:
        return PriceListItem.HiddenFor.WORKERS
    return None


def visible_items(queryset: QuerySet[PriceListItem], *, for_role: str | None) -> QuerySet[PriceListItem]:
    """Items a customer of `for_role` may choose: hidden ones never; `hiddenFor` ones not for that role."""
    queryset = queryset.filter(hidden=False)
    if for_role:
        queryset = queryset.exclude(hidden_for__contains=[for_role])
    return queryset


def price_list_items_for(
    group: PriceListsGroup | int, on: date, *, for_role: str | None, respect_weekday: bool = True
) -> QuerySet[PriceListItem]:
    """The choosable items of the list valid on `on` (DESIGN.md §4 price resolution, before the discount).

    `for_role` ("parents", "institution_workers" or None for staff) removes the items hidden for it;
    `respect_weekday` removes the items hidden on `on`'s weekday (off for forms that choose for every day)."""
    price_list = price_list_for(group, on)
    if price_list is None:
        return PriceListItem.objects.none()
    items = visible_items(price_list.items.select_related(*ITEM_RELATIONS), for_role=for_role)
    if respect_weekday:
        items = items.exclude(hidden_weekdays__contains=[WEEKDAYS_PL[on.weekday()]])
    return items


def price_lists_with_period(queryset: QuerySet[PriceList] | None = None, on: date | None = None):
    """Annotates each list with `current_id` (the list of its group valid on `on`) and `next_valid_from`
    (the start of the list that replaces it), so status and validity end cost no extra query."""
    on = on or today()
    queryset = PriceList.objects.all() if queryset is None else queryset
    same_group = PriceList.objects.filter(group=OuterRef("group"))
    return queryset.annotate(
        current_id=Subquery(same_group.filter(valid_from__lte=on).order_by("-valid_from").values("id")[:1]),
        next_valid_from=Subquery(
            same_group.filter(valid_from__gt=OuterRef("valid_from")).order_by("valid_from").values("valid_from")[:1]
        ),
    )


def filter_by_status(queryset, status: str, on: date | None = None):
    """`queryset` must come from `price_lists_with_period`."""
    on = on or today()
    if status == STATUS_CURRENT:
        return queryset.filter(id=F("current_id"))
    if status == STATUS_FUTURE:
        return queryset.filter(valid_from__gt=on)
    return queryset.filter(valid_from__lte=on).exclude(id=F("current_id"))


def status_of(price_list, on: date | None = None) -> str:
    on = on or today()
    if price_list.valid_from > on:
        return STATUS_FUTURE
    return STATUS_CURRENT if price_list.pk == price_list.current_id else STATUS_PAST


# --- which group prices a child (spec §4, DESIGN.md §4): the one rule -----------------------------------------
# A child priced by its own group, else by its classroom's related group when that is default for the classroom's
# members, else by the tenant's default group for children. Duck-typed on the classroom and the child (pricing
# does not know people): a classroom has `has_default_price_lists_group_for_members` and
# `related_price_lists_group(_id)`, a child `price_lists_group(_id)` and `classroom`.


def classroom_members_group_id(classroom) -> int | None:
    """The group the classroom itself gives its members, before the tenant's default: its related group when it
    is default for members, else None."""
    if classroom.has_default_price_lists_group_for_members:
        return classroom.related_price_lists_group_id
    return None


def default_children_group() -> PriceListsGroup | None:
    """The tenant's default group for children (at most one: a unique constraint)."""
    return PriceListsGroup.objects.filter(default_for_children=True).first()


def members_price_lists_group_id(classroom, *, children_default_id: int | None) -> int | None:
    """The id of the group a new member of `classroom` gets, the tenant's default for children
    (`children_default_id`) given by the caller (one read for many classrooms)."""
    return classroom_members_group_id(classroom) or children_default_id


def members_price_lists_group(classroom) -> PriceListsGroup | None:
    """The group a new member of `classroom` gets: its related group when default for members, else the tenant's
    default for children."""
    if classroom_members_group_id(classroom):
        return classroom.related_price_lists_group
    return default_children_group()


def child_own_price_lists_group_id(child) -> int | None:
    """The group pricing the child before the tenant's default: its own, else its classroom's for members (None:
    the tenant's default for children prices it)."""
    return child.price_lists_group_id or classroom_members_group_id(child.classroom)


def price_lists_group_for_child(child) -> PriceListsGroup | None:
    """The child's own group, else its classroom's group when that is default for members, else the tenant's
    default group for children."""
    if child.price_lists_group_id:
        return child.price_lists_group
    return members_price_lists_group(child.classroom)


def price_lists_group_for_worker() -> PriceListsGroup | None:
    """Institution workers have no group of their own: the tenant's default for workers prices them."""
    return PriceListsGroup.objects.filter(default_for_institutions_workers=True).first()


def _relations_to_items():
    """Every foreign key or many-to-many of another model that points at a price list item (order items,
    prepaid orders, autoselected items...). Found from the model registry, so a new referring model is
    counted the day it is added, without touching this app. Many-to-many preferences (a subject's
    autoselected items) are choices, not history: they do not freeze a list."""
    return [
        relation
        for relation in PriceListItem._meta.related_objects
        if relation.related_model is not PriceListItem and not relation.many_to_many
    ]


def price_list_item_ids_in_use(item_ids) -> set[int]:
    """The ids among `item_ids` that some other row refers to; such an item cannot be deleted or repriced."""
    item_ids = list(item_ids)
    used: set[int] = set()
    if not item_ids:
        return used
    for relation in _relations_to_items():
        lookup = f"{relation.field.name}__in"
        used |= set(
            relation.related_model._default_manager.filter(**{lookup: item_ids}).values_list(
                relation.field.name, flat=True
            )
        )
    return used


def price_list_is_used(price_list: PriceList) -> bool:
    return bool(price_list_item_ids_in_use(price_list.items.values_list("id", flat=True)))


def price_list_is_locked(price_list: PriceList, on: date | None = None) -> bool:
    """A list that has started and priced something is history: its prices and combinations stay as they
    were; the admin replaces it with a new one from a later date (replaceWithNewOne)."""
    return price_list.valid_from <= (on or today()) and price_list_is_used(price_list)


def price_list_grouped_items(
    group: PriceListsGroup | int, on: date, *, diet, institution=None, for_role: str | None
) -> tuple[PriceList | None, list[dict]]:
    """What a subject of `group` on `diet` can have, as the child form shows it (spec §3): meal type
    categories, their meal types, and each meal type's priced portion sizes with their item. Meal types the
    institution does not serve are left out; weekday hiding is not applied (the form chooses for every day,
    `hiddenWeekdays` travels with the item)."""

    price_list = price_list_for(group, on)
    if price_list is None or diet is None:
        return price_list, []
    items = price_list_items_for(group, on, for_role=for_role, respect_weekday=False).filter(diet=diet)
    if institution is not None:
        unavailable = MealTypeInstitutionSetting.objects.filter(institution=institution, is_available=False)
        items = items.exclude(meal_type__in=unavailable.values("meal_type"))
    items = items.order_by(
        F("meal_type__category__position").asc(nulls_last=True),
        "meal_type__category__name",
        "meal_type__position",
        "meal_type__name",
        "-portion_size__is_default",
        "portion_size__name",
    )
    categories: dict[int | None, dict] = {}
    meal_types: dict[int, dict] = {}
    for item in items:
        meal_type = item.meal_type
        category = meal_type.category
        key = category.pk if category else None
        if key not in categories:
            categories[key] = {
                "id": key,
                "name": category.name if category else str(OTHER_MEAL_TYPES),
                "meal_types": [],
            }
        if meal_type.pk not in meal_types:
            meal_types[meal_type.pk] = {
                "id": meal_type.pk,
                "name": meal_type.name,
                "description": meal_type.description,
                "block_on_registration": meal_type.block_on_registration,
                "portion_sizes": [],
            }
            categories[key]["meal_types"].append(meal_types[meal_type.pk])
        meal_types[meal_type.pk]["portion_sizes"].append(
            {
                "id": item.portion_size.pk,
                "name": item.portion_size.name,
                "default": item.portion_size.is_default,
                "price_list_item": item,
            }
        )
    return price_list, list(categories.values())


def available_meal_types_diets(
    group: PriceListsGroup | int, on: date, *, institution=None, for_role: str | None
) -> tuple[PriceList | None, list[tuple]]:
    """The (meal type, diet) pairs that have a choosable price on `on` (weekday hiding applied)."""

    price_list = price_list_for(group, on)
    if price_list is None:
        return None, []
    items = price_list_items_for(group, on, for_role=for_role)
    if institution is not None:
        unavailable = MealTypeInstitutionSetting.objects.filter(institution=institution, is_available=False)
        items = items.exclude(meal_type__in=unavailable.values("meal_type"))
    pairs = (
        items.order_by("meal_type__position", "meal_type__name", "diet__priority", "diet__name")
        .values_list("meal_type_id", "meal_type__name", "diet_id", "diet__name")
        .distinct()
    )
    return price_list, list(pairs)
