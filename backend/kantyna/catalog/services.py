"""Writes on diets, allergens, portion sizes and meal types. Keyword-only, atomic, audited; the demo seed and
the API both go through here."""

from __future__ import annotations

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen, AllergenGroup, Diet, MealType, MealTypeCategory, PortionSize
from kantyna.core.exceptions import IN_USE_MESSAGE, ApiError
from kantyna.core.flags import take_flag
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
    for name, value in fields.items():
        setattr(instance, name, value)
    instance.save()
    audit_record(actor=actor, action="allergen.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def allergen_delete(*, actor, instance: Allergen) -> None:
    """Refused (409) while a meal, child or worker still names the allergen: nothing may dangle."""
    if any(related.exists() for related in (instance.meals, instance.ingredients, instance.children, instance.workers)):
        raise ApiError(IN_USE_MESSAGE, status_code=409)
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


@transaction.atomic
def portion_size_create(*, actor, name: str, is_default: bool = False) -> PortionSize:
    if is_default:
        take_flag(PortionSize, "is_default")
    portion = PortionSize.objects.create(name=name, is_default=is_default)
    audit_record(actor=actor, action="portion_size.create", target=portion)
    return portion


@transaction.atomic
def diet_create(
    *,
    actor,
    name: str,
    institutions: list[Institution] = (),
    is_default: bool = False,
    allow_changing_allergens: bool = True,
) -> Diet:
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
def meal_type_category_create(*, actor, name: str, position: int = 0) -> MealTypeCategory:
    category = MealTypeCategory.objects.create(name=name, position=position)
    audit_record(actor=actor, action="meal_type_category.create", target=category)
    return category


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
