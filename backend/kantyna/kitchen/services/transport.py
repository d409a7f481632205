"""Kitchen meals releases: a kitchen's batch of a day for one route, released for transport and the undo.
Keyword-only, atomic, audited. A batch is written under its row lock (or, when it does not exist yet, the unique
key (kitchen, date, route) decides which of two concurrent creations wins)."""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.kitchen.models import KitchenMealsRelease
from kantyna.logistics.models import Driver, Kitchen, KitchenInstitutionMealType, RouteNumber, RouteStop
from kantyna.ordering.cutoff import tenant_today


def _check_route(*, kitchen: Kitchen, route_number: RouteNumber) -> None:
    """A kitchen sends a batch on a route that stops at one of the institutions it cooks for."""
    served = KitchenInstitutionMealType.objects.filter(kitchen=kitchen).values("institution_id")
    if not RouteStop.objects.filter(route_number=route_number, institution_id__in=served).exists():
        raise DomainError(
            "kitchen_release.route_not_served",
            field="route_number_id",
            params={"route": route_number.number, "kitchen": kitchen.name},
        )


def _locked(*, kitchen: Kitchen, date: date, route_number: RouteNumber) -> KitchenMealsRelease | None:
    return (
        KitchenMealsRelease.objects.select_for_update()
        .filter(kitchen=kitchen, date=date, route_number=route_number)
        .first()
    )


@transaction.atomic
def kitchen_release_create(
    *,
    actor,
    kitchen: Kitchen,
    date: date,
    route_number: RouteNumber,
    driver: Driver | None = None,
    note: str = "",
) -> KitchenMealsRelease:
    """The day's batch of the route; its driver is the route's unless told. Refused (409) when it exists."""
    _check_route(kitchen=kitchen, route_number=route_number)
    release = KitchenMealsRelease(
        kitchen=kitchen, date=date, route_number=route_number, driver=driver or route_number.driver, note=note
    )
    try:
        with transaction.atomic():
            release.save()
    except IntegrityError:
        raise DomainError("kitchen_release.exists", field="route_number_id") from None
    audit_record(
        actor=actor,
        action="kitchen_release.create",
        target=release,
        data={"date": date.isoformat(), "route": route_number.number},
    )
    return release


@transaction.atomic
def kitchen_release_mark(*, actor, kitchen: Kitchen, date: date, route_number: RouteNumber) -> KitchenMealsRelease:
    """Mark the batch released for transport (created with the route's driver when missing). Marking a released
    batch again changes nothing (the first time and person stay)."""
    release = _locked(kitchen=kitchen, date=date, route_number=route_number)
    if release is None:
        release = kitchen_release_create(actor=actor, kitchen=kitchen, date=date, route_number=route_number)
    if release.released_for_transport_at is not None:
        return release
    release.released_for_transport_at = timezone.now()
    release.released_for_transport_by = actor
    release.save(update_fields=["released_for_transport_at", "released_for_transport_by"])
    audit_record(
        actor=actor,
        action="kitchen_release.mark_released",
        target=release,
        data={"date": date.isoformat(), "route": route_number.number},
    )
    return release


@transaction.atomic
def kitchen_release_unmark(*, actor, kitchen: Kitchen, date: date, route_number: RouteNumber) -> None:
    """Undo the release for transport while the batch's day has not passed (a past day's batch was delivered);
    anyone who may release may undo, and the undo names who had released it. Nothing to undo changes nothing."""
    release = _locked(kitchen=kitchen, date=date, route_number=route_number)
    if release is None or release.released_for_transport_at is None:
        return
    if date < tenant_today():
        raise DomainError("kitchen_release.delivered", params={"date": date})
    audit_record(
        actor=actor,
        action="kitchen_release.mark_not_released",
        target=release,
        data={
            "date": date.isoformat(),
            "route": route_number.number,
            "released_at": release.released_for_transport_at.isoformat(),
            "released_by": release.released_for_transport_by_id,
        },
    )
    release.released_for_transport_at = None
    release.released_for_transport_by = None
    release.save(update_fields=["released_for_transport_at", "released_for_transport_by"])


@transaction.atomic
def kitchen_releases_delete(*, actor, kitchen: Kitchen, date: date, route_number: RouteNumber | None = None) -> int:
    """Delete the kitchen's batches of the day (of one route when given). Refused (409) while one of them is
    released for transport: undo that first. Returns how many were deleted."""
    releases = KitchenMealsRelease.objects.select_for_update(of=("self",)).filter(kitchen=kitchen, date=date)
    if route_number is not None:
        releases = releases.filter(route_number=route_number)
    rows = list(releases.select_related("route_number").order_by("pk"))
    released = [release.route_number.number for release in rows if release.released_for_transport_at is not None]
    if released:
        raise DomainError("kitchen_release.released", params={"routes": ", ".join(released)})
    KitchenMealsRelease.objects.filter(pk__in=[release.pk for release in rows]).delete()
    audit_record(
        actor=actor,
        action="kitchen_release.delete",
        target=kitchen,
        data={"date": date.isoformat(), "routes": [release.route_number.number for release in rows]},
    )
    return len(rows)
