"""Writes on kitchens (with the institutions and meal types each prepares), drivers and route numbers.
Keyword-only, atomic, audited; the demo seed and the API both go through here."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TypedDict

from django.db import transaction
from django.db.models import Q

from kantyna.audit.services import audit_record
from kantyna.catalog.models import MealType
from kantyna.core.errors import DomainError, Problem
from kantyna.core.services import model_update
from kantyna.institutions.models import Institution
from kantyna.logistics.models import Driver, Kitchen, KitchenInstitutionMealType, RouteNumber, RouteStop


class InstitutionMealTypes(TypedDict):
    """One row of a kitchen's assignment matrix: the meal types it prepares for one institution."""

    institution: Institution
    meal_types: list[MealType]


def _assignments_set(*, kitchen: Kitchen, rows: Iterable[InstitutionMealTypes]) -> dict:
    """Make the kitchen prepare exactly `rows`; refuse (400, per row) an institution listed twice or a meal type
    another kitchen already prepares for that institution. Returns what changed, for the audit."""
    rows = list(rows)
    problems: list[Problem] = []
    seen: set[int] = set()
    for index, row in enumerate(rows):
        if row["institution"].pk in seen:
            problems.append(
                Problem("kitchen.institution_listed_twice", f"institutions_meal_types.{index}.institution_id")
            )
        seen.add(row["institution"].pk)
    if problems:
        raise DomainError("invalid", problems=problems)

    wanted = {(row["institution"].pk, meal_type.pk) for row in rows for meal_type in row["meal_types"]}
    # Two kitchens saved at once for the same institution wait for each other here instead of both passing the
    # check below; the unique constraint remains the last word.
    list(Institution.objects.select_for_update().filter(pk__in=seen).order_by("pk").values_list("pk", flat=True))
    if wanted:
        pairs = Q()
        for institution_id, meal_type_id in wanted:
            pairs |= Q(institution_id=institution_id, meal_type_id=meal_type_id)
        taken = (
            KitchenInstitutionMealType.objects.filter(pairs)
            .exclude(kitchen=kitchen)
            .select_related("kitchen", "meal_type")
            .order_by("meal_type__position", "meal_type__name")
        )
        conflicts: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for assignment in taken:
            conflicts[assignment.institution_id][assignment.kitchen.name].append(assignment.meal_type.name)
        for index, row in enumerate(rows):
            by_kitchen = conflicts.get(row["institution"].pk)
            if by_kitchen:
                problems += [
                    Problem(
                        "kitchen.meal_type_taken",
                        f"institutions_meal_types.{index}.meal_type_ids",
                        {"kitchen": name, "meal_types": ", ".join(meal_types)},
                    )
                    for name, meal_types in sorted(by_kitchen.items())
                ]
        if problems:
            raise DomainError("invalid", problems=problems)

    current = {
        (institution_id, meal_type_id): pk
        for pk, institution_id, meal_type_id in kitchen.institutions_meal_types.values_list(
            "pk", "institution_id", "meal_type_id"
        )
    }
    removed = [pk for pair, pk in current.items() if pair not in wanted]
    added = sorted(wanted - set(current))
    KitchenInstitutionMealType.objects.filter(pk__in=removed).delete()
    KitchenInstitutionMealType.objects.bulk_create(
        [
            KitchenInstitutionMealType(kitchen=kitchen, institution_id=institution_id, meal_type_id=meal_type_id)
            for institution_id, meal_type_id in added
        ]
    )
    return {"assignments_added": len(added), "assignments_removed": len(removed)}


@transaction.atomic
def kitchen_create(
    *,
    actor,
    name: str,
    street: str = "",
    city: str = "",
    post_code: str = "",
    is_active: bool = True,
    institutions_meal_types: Iterable[InstitutionMealTypes] = (),
) -> Kitchen:
    kitchen = Kitchen.objects.create(name=name, street=street, city=city, post_code=post_code, is_active=is_active)
    changes = _assignments_set(kitchen=kitchen, rows=institutions_meal_types)
    audit_record(actor=actor, action="kitchen.create", target=kitchen, data=changes)
    return kitchen


@transaction.atomic
def kitchen_update(
    *, actor, instance: Kitchen, institutions_meal_types: Iterable[InstitutionMealTypes] | None = None, **fields
) -> Kitchen:
    """`institutions_meal_types`, when given, replaces the whole matrix; None leaves it as it is."""
    model_update(instance=instance, fields=fields, data=fields)
    data = {"fields": sorted(fields)}
    if institutions_meal_types is not None:
        data |= _assignments_set(kitchen=instance, rows=institutions_meal_types)
    audit_record(actor=actor, action="kitchen.update", target=instance, data=data)
    return instance


@transaction.atomic
def kitchen_delete(*, actor, instance: Kitchen) -> None:
    """Its assignments are configuration, not history: they go with it (the SPA asks for confirmation first)."""
    assignments = instance.institutions_meal_types.count()
    audit_record(
        actor=actor, action="kitchen.delete", target=instance, data={"name": instance.name, "assignments": assignments}
    )
    instance.delete()


@transaction.atomic
def driver_create(
    *,
    actor,
    first_name: str,
    last_name: str,
    phone_number: str,
    vehicle_registration: str = "",
    is_active: bool = True,
) -> Driver:
    driver = Driver.objects.create(
        first_name=first_name,
        last_name=last_name,
        phone_number=phone_number,
        vehicle_registration=vehicle_registration,
        is_active=is_active,
    )
    audit_record(actor=actor, action="driver.create", target=driver)
    return driver


@transaction.atomic
def driver_update(*, actor, instance: Driver, **fields) -> Driver:
    model_update(instance=instance, fields=fields, data=fields)
    audit_record(actor=actor, action="driver.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def driver_delete(*, actor, instance: Driver) -> None:
    """Refused (409) while a route names the driver: assign the route another driver, or deactivate this one."""
    routes = list(instance.route_numbers.values_list("number", flat=True))
    if routes:
        raise DomainError("driver.drives_routes", field="route_numbers", params={"routes": ", ".join(routes)})
    audit_record(
        actor=actor,
        action="driver.delete",
        target=instance,
        data={"name": f"{instance.first_name} {instance.last_name}"},
    )
    instance.delete()


def _stops_set(*, route: RouteNumber, institutions: Iterable[Institution]) -> dict:
    """Make `institutions` the route's stops in this order; refuse (400) an institution listed twice."""
    institutions = list(institutions)
    seen: set[int] = set()
    problems = []
    for index, institution in enumerate(institutions):
        if institution.pk in seen:
            problems.append(Problem("route.institution_listed_twice", f"institution_ids.{index}"))
        seen.add(institution.pk)
    if problems:
        raise DomainError("invalid", problems=problems)
    before = list(route.stops.order_by("position", "id").values_list("institution_id", flat=True))
    wanted = [institution.pk for institution in institutions]
    if before == wanted:
        return {}
    route.stops.all().delete()
    RouteStop.objects.bulk_create(
        RouteStop(route_number=route, institution_id=institution_id, position=position)
        for position, institution_id in enumerate(wanted)
    )
    return {"stops": wanted}


@transaction.atomic
def route_number_create(
    *,
    actor,
    number: str,
    description: str = "",
    driver: Driver | None = None,
    institutions: Iterable[Institution] = (),
) -> RouteNumber:
    """`institutions`: the route's stops in the driver's order."""
    route = RouteNumber.objects.create(number=number, description=description, driver=driver)
    changes = _stops_set(route=route, institutions=institutions)
    audit_record(actor=actor, action="route_number.create", target=route, data=changes)
    return route


@transaction.atomic
def route_number_update(
    *, actor, instance: RouteNumber, institutions: Iterable[Institution] | None = None, **fields
) -> RouteNumber:
    """`institutions`, when given, replaces the stops (in this order); None leaves them as they are."""
    model_update(instance=instance, fields=fields, data=fields)
    data = {"fields": sorted(fields)}
    if institutions is not None:
        data |= _stops_set(route=instance, institutions=institutions)
    audit_record(actor=actor, action="route_number.update", target=instance, data=data)
    return instance


@transaction.atomic
def route_number_delete(*, actor, instance: RouteNumber) -> None:
    audit_record(actor=actor, action="route_number.delete", target=instance, data={"number": instance.number})
    instance.delete()
