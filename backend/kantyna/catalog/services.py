"""Writes on diets, allergens, portion sizes and meal types. Keyword-only, atomic, audited; the demo seed and
the API both go through here."""

from __future__ import annotations

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import (
    Allergen,
    AllergenGroup,
    Diet,
    MealType,
    MealTypeCategory,
    MealTypeInstitutionSetting,
    PortionSize,
)
from kantyna.core.errors import DomainError
from kantyna.core.flags import lock_table, take_flag
from kantyna.core.services import model_update
from kantyna.institutions.models import Institution

# The 14 allergens of Regulation (EU) No 1169/2011, annex II, in its order; every tenant starts with them.
EU_ALLERGENS = [
    "Zboża zawierające gluten",
    "Skorupiaki",
    "Jaja",
    "Ryby",
    "Orzeszki ziemne (arachidowe)",
    "Soja",
    "Mleko",
    "Orzechy",
    "Seler",
    "Gorczyca",
    "Nasiona sezamu",
    "Dwutlenek siarki i siarczyny",
    "Łubin",
    "Mięczaki",
]


@transaction.atomic
def allergens_seed_eu(*, actor) -> list[Allergen]:
    """Create the 14 EU allergens that are missing (by number). Running it twice changes nothing."""
    existing = set(Allergen.objects.filter(number__isnull=False).values_list("number", flat=True))
    created = Allergen.objects.bulk_create(
        [Allergen(number=n, name=name) for n, name in enumerate(EU_ALLERGENS, start=1) if n not in existing]
    )
    if created:
        audit_record(actor=actor, action="allergen.seed_eu", data={"count": len(created)})
    return created


@transaction.atomic
def allergen_group_create(*, actor, name: str, allergens: list[Allergen] = ()) -> AllergenGroup:
    group = AllergenGroup.objects.create(name=name)
    Allergen.objects.filter(pk__in=[a.pk for a in allergens]).update(group=group)
    audit_record(actor=actor, action="allergen_group.create", target=group)
    return group


@transaction.atomic
def allergen_create(*, actor, name: str, number: int | None = None, group: AllergenGroup | None = None) -> Allergen:
    allergen = Allergen.objects.create(name=name, number=number, group=group)
    audit_record(actor=actor, action="allergen.create", target=allergen)
    return allergen


@transaction.atomic
def allergen_update(*, actor, instance: Allergen, **fields) -> Allergen:
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="allergen.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def allergen_delete(*, actor, instance: Allergen) -> None:
    """Refused (409) while a meal, child or worker still names the allergen: nothing may dangle."""
    if _in_use(instance.meals, instance.ingredients, instance.children, instance.workers):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="allergen.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def allergen_group_update(*, actor, instance: AllergenGroup, name: str) -> AllergenGroup:
    instance.name = name
    instance.save(update_fields=["name"])
    audit_record(actor=actor, action="allergen_group.update", target=instance)
    return instance


@transaction.atomic
def allergen_group_delete(*, actor, instance: AllergenGroup) -> None:
    """Its allergens stay, ungrouped."""
    audit_record(actor=actor, action="allergen_group.delete", target=instance, data={"name": instance.name})
    instance.delete()


def _set_default(model, instance, is_default: bool) -> None:
    """Give `instance` the tenant's only default flag (or take it away). The flag is taken under the table lock
    even when `instance` held it when read: another admin may have given it to another row since (`take_flag`)."""
    if is_default:
        take_flag(model, "is_default", instance)
    instance.is_default = is_default


def _in_use(*relations) -> bool:
    return any(relation.exists() for relation in relations)


def _mark_as_default(model, instance, *, actor, action: str):
    _set_default(model, instance, True)
    instance.save(update_fields=["is_default"])
    audit_record(actor=actor, action=action, target=instance)
    return instance


# Portion sizes -----------------------------------------------------------------------------------------------


@transaction.atomic
def portion_size_create(*, actor, name: str, is_default: bool = False) -> PortionSize:
    if is_default:
        take_flag(PortionSize, "is_default")
    portion = PortionSize.objects.create(name=name, is_default=is_default)
    audit_record(actor=actor, action="portion_size.create", target=portion)
    return portion


@transaction.atomic
def portion_size_update(*, actor, instance: PortionSize, name: str, is_default: bool = False) -> PortionSize:
    instance.name = name
    _set_default(PortionSize, instance, is_default)
    instance.save(update_fields=["name", "is_default"])
    audit_record(actor=actor, action="portion_size.update", target=instance)
    return instance


@transaction.atomic
def portion_size_mark_as_default(*, actor, instance: PortionSize) -> PortionSize:
    return _mark_as_default(PortionSize, instance, actor=actor, action="portion_size.mark_as_default")


@transaction.atomic
def portion_size_delete(*, actor, instance: PortionSize) -> None:
    """Refused (409) while a price list item or a meal's grammage names it. Meal types merely offering it stop
    offering it: that is configuration, not history."""
    if _in_use(instance.price_list_items, instance.meal_ingredients):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="portion_size.delete", target=instance, data={"name": instance.name})
    instance.delete()


# Diets -------------------------------------------------------------------------------------------------------


@transaction.atomic
def diet_create(
    *,
    actor,
    name: str,
    institutions: list[Institution] = (),
    is_default: bool = False,
    allow_changing_allergens: bool = True,
) -> Diet:
    """A new diet goes last in priority."""
    lock_table(Diet)  # the next priority is read from the table
    if is_default:
        take_flag(Diet, "is_default")
    priority = (Diet.objects.order_by("-priority").values_list("priority", flat=True).first() or 0) + 1
    diet = Diet.objects.create(
        name=name, priority=priority, is_default=is_default, allow_changing_allergens=allow_changing_allergens
    )
    diet.institutions.set(institutions)
    audit_record(actor=actor, action="diet.create", target=diet)
    return diet


@transaction.atomic
def diet_update(
    *,
    actor,
    instance: Diet,
    name: str,
    institutions: list[Institution] = (),
    is_default: bool = False,
    allow_changing_allergens: bool = True,
) -> Diet:
    instance.name = name
    instance.allow_changing_allergens = allow_changing_allergens
    _set_default(Diet, instance, is_default)
    instance.save(update_fields=["name", "allow_changing_allergens", "is_default"])
    instance.institutions.set(institutions)
    audit_record(actor=actor, action="diet.update", target=instance)
    return instance


@transaction.atomic
def diet_mark_as_default(*, actor, instance: Diet) -> Diet:
    return _mark_as_default(Diet, instance, actor=actor, action="diet.mark_as_default")


@transaction.atomic
def diet_move(*, actor, instance: Diet, up: bool) -> Diet:
    """Swap priorities with the neighbour above (`up`: towards priority 1, the top of every list) or below.
    At the top or the bottom nothing moves. Priorities are renumbered 1..n first, so that equal or gapped
    priorities (older data, concurrent creates) can never make a swap a no-op."""
    lock_table(Diet)
    ordered = list(Diet.objects.order_by("priority", "name", "pk"))
    for number, diet in enumerate(ordered, start=1):
        diet.priority = number
    index = next(i for i, diet in enumerate(ordered) if diet.pk == instance.pk)
    neighbour_index = index - 1 if up else index + 1
    if 0 <= neighbour_index < len(ordered):
        ordered[index].priority, ordered[neighbour_index].priority = (
            ordered[neighbour_index].priority,
            ordered[index].priority,
        )
    Diet.objects.bulk_update(ordered, ["priority"])
    instance.priority = ordered[index].priority
    audit_record(
        actor=actor,
        action="diet.increase_priority" if up else "diet.decrease_priority",
        target=instance,
        data={"priority": instance.priority},
    )
    return instance


@transaction.atomic
def diet_delete(*, actor, instance: Diet) -> None:
    """Refused (409) while a child, a worker, a price list item or a menu names the diet: nothing may dangle."""
    if _in_use(instance.children, instance.workers, instance.price_list_items, instance.menus):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="diet.delete", target=instance, data={"name": instance.name})
    instance.delete()


# Meal type categories ----------------------------------------------------------------------------------------


@transaction.atomic
def meal_type_category_create(*, actor, name: str, position: int = 0) -> MealTypeCategory:
    category = MealTypeCategory.objects.create(name=name, position=position)
    audit_record(actor=actor, action="meal_type_category.create", target=category)
    return category


@transaction.atomic
def meal_type_category_update(*, actor, instance: MealTypeCategory, name: str, position: int = 0) -> MealTypeCategory:
    instance.name = name
    instance.position = position
    instance.save(update_fields=["name", "position"])
    audit_record(actor=actor, action="meal_type_category.update", target=instance)
    return instance


@transaction.atomic
def meal_type_category_delete(*, actor, instance: MealTypeCategory) -> None:
    """Refused (409) while meal types belong to it: the child form groups meal types by category, and a meal
    type silently losing its category would move on every parent's screen."""
    if _in_use(instance.meal_types):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="meal_type_category.delete", target=instance, data={"name": instance.name})
    instance.delete()


# Meal types --------------------------------------------------------------------------------------------------


@transaction.atomic
def meal_type_create(
    *,
    actor,
    name: str,
    position: int,
    portion_sizes: list[PortionSize],
    category: MealTypeCategory | None = None,
    description: str = "",
    is_default: bool = False,
    block_on_registration: bool = False,
) -> MealType:
    if is_default:
        take_flag(MealType, "is_default")
    meal_type = MealType.objects.create(
        name=name,
        position=position,
        category=category,
        description=description,
        is_default=is_default,
        block_on_registration=block_on_registration,
    )
    meal_type.portion_sizes.set(portion_sizes)
    audit_record(actor=actor, action="meal_type.create", target=meal_type)
    return meal_type


@transaction.atomic
def meal_type_update(
    *,
    actor,
    instance: MealType,
    name: str,
    position: int,
    portion_sizes: list[PortionSize],
    category: MealTypeCategory | None = None,
    description: str = "",
    is_default: bool = False,
    block_on_registration: bool = False,
) -> MealType:
    """A portion size still priced for this meal type on a price list cannot be taken away from it."""
    removed = set(instance.portion_sizes.values_list("pk", flat=True)) - {p.pk for p in portion_sizes}
    if removed and instance.price_list_items.filter(portion_size__in=removed).exists():
        raise DomainError("meal_type.portion_size_priced", field="portion_sizes_ids")
    instance.name = name
    instance.position = position
    instance.category = category
    instance.description = description
    instance.block_on_registration = block_on_registration
    _set_default(MealType, instance, is_default)
    instance.save()
    instance.portion_sizes.set(portion_sizes)
    audit_record(actor=actor, action="meal_type.update", target=instance)
    return instance


@transaction.atomic
def meal_type_mark_as_default(*, actor, instance: MealType) -> MealType:
    return _mark_as_default(MealType, instance, actor=actor, action="meal_type.mark_as_default")


@transaction.atomic
def meal_type_delete(*, actor, instance: MealType) -> None:
    """Refused (409) while a menu or a price list names the meal type. Its per-institution settings go with it."""
    if _in_use(instance.menu_items, instance.price_list_items):
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="meal_type.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def meal_types_set_available_at_institution(
    *, actor, institution: Institution, meal_types: list[MealType]
) -> list[MealType]:
    """Make exactly `meal_types` available at `institution`. A meal type without a setting is available, so
    only the unavailable ones are stored: a meal type created later is offered everywhere until an admin
    says otherwise."""
    available = {meal_type.pk for meal_type in meal_types}
    MealTypeInstitutionSetting.objects.filter(institution=institution).delete()
    MealTypeInstitutionSetting.objects.bulk_create(
        [
            MealTypeInstitutionSetting(meal_type_id=pk, institution=institution, is_available=False)
            for pk in MealType.objects.exclude(pk__in=available).values_list("pk", flat=True)
        ]
    )
    audit_record(
        actor=actor,
        action="meal_type.set_available_at_institution",
        target=institution,
        data={"mealTypesIds": sorted(available)},
    )
    return meal_types
