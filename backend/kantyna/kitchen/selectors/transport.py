"""A kitchen's transport for a day (issue 16): the routes that stop at the institutions it cooks for, each with
its driver (the batch's, else the route's), its batch (released for transport or not) and its stops in route
order with the meals counted per meal type (live order items of what this kitchen prepares). Six queries
whatever the number of routes and orders."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import Count, Prefetch

from kantyna.catalog.models import MealType
from kantyna.kitchen.models import KitchenMealsRelease
from kantyna.kitchen.selectors.prepare import live_items
from kantyna.logistics.models import Driver, Kitchen, KitchenInstitutionMealType, RouteNumber, RouteStop


@dataclass
class MealTypePortions:
    id: int
    name: str
    portions: int


@dataclass
class Stop:
    position: int
    institution_id: int
    institution_name: str
    address: str
    meal_types: list[MealTypePortions] = field(default_factory=list)

    @property
    def portions(self) -> int:
        return sum(meal_type.portions for meal_type in self.meal_types)


@dataclass
class RouteDay:
    route_number_id: int
    number: str
    description: str
    driver: Driver | None
    release_id: int | None = None
    released_for_transport_at: datetime | None = None
    released_for_transport_by: str | None = None
    note: str = ""
    stops: list[Stop] = field(default_factory=list)

    @property
    def released_for_transport(self) -> bool:
        return self.released_for_transport_at is not None

    @property
    def portions(self) -> int:
        return sum(stop.portions for stop in self.stops)

    @property
    def driver_name(self) -> str | None:
        return f"{self.driver.first_name} {self.driver.last_name}" if self.driver is not None else None


@dataclass
class TransportDay:
    kitchen: Kitchen
    date: date
    meal_types: list[MealTypePortions]  # the meal types counted on any route, in their order (totals)
    routes: list[RouteDay]


def _address(institution) -> str:
    town = " ".join(part for part in (institution.post_code, institution.city) if part)
    return ", ".join(part for part in (institution.street, town) if part)


def transport_day(*, kitchen: Kitchen, date: date, driver_id: int | None = None) -> TransportDay:
    """The routes (by number) with a stop at an institution the kitchen cooks for; only those stops are listed.
    `driver_id`: only the routes that driver drives that day (a driver's route sheet)."""
    served = set(KitchenInstitutionMealType.objects.filter(kitchen=kitchen).values_list("institution_id", flat=True))
    routes = list(
        RouteNumber.objects.filter(stops__institution_id__in=served)
        .distinct()
        .select_related("driver")
        .prefetch_related(
            Prefetch(
                "stops",
                queryset=RouteStop.objects.filter(institution_id__in=served)
                .select_related("institution")
                .order_by("position", "id"),
            )
        )
        .order_by("number", "id")
    )
    releases = {
        release.route_number_id: release
        for release in KitchenMealsRelease.objects.filter(kitchen=kitchen, date=date).select_related(
            "driver", "released_for_transport_by"
        )
    }
    counts = (
        live_items(date_from=date, date_to=date, reachable_institution_ids=None, kitchen_id=kitchen.pk)
        .values("place_id", "meal_type_id")
        .annotate(portions=Count("id"))
        .order_by()
    )
    by_place: dict[int, dict[int, int]] = {}
    for row in counts:
        by_place.setdefault(row["place_id"], {})[row["meal_type_id"]] = row["portions"]
    meal_types = list(
        MealType.objects.filter(pk__in={pk for place in by_place.values() for pk in place}).order_by("position", "name")
    )

    days = []
    totals = dict.fromkeys((meal_type.pk for meal_type in meal_types), 0)
    for route in routes:
        release = releases.get(route.pk)
        driver = release.driver if release is not None and release.driver_id else route.driver
        if driver_id is not None and (driver is None or driver.pk != driver_id):
            continue
        day = RouteDay(route.pk, route.number, route.description, driver)
        if release is not None:
            day.release_id = release.pk
            day.released_for_transport_at = release.released_for_transport_at
            by = release.released_for_transport_by
            day.released_for_transport_by = by.full_name if by is not None else None
            day.note = release.note
        for stop in route.stops.all():
            place = by_place.get(stop.institution_id, {})
            portions = [MealTypePortions(m.pk, m.name, place[m.pk]) for m in meal_types if m.pk in place]
            for item in portions:
                totals[item.id] += item.portions
            day.stops.append(
                Stop(stop.position, stop.institution_id, stop.institution.name, _address(stop.institution), portions)
            )
        days.append(day)
    total_types = [MealTypePortions(m.pk, m.name, totals[m.pk]) for m in meal_types]
    return TransportDay(kitchen=kitchen, date=date, meal_types=total_types, routes=days)
