"""Demo money and orders: every demo customer gets a balance (a deposit through the ledger) and meals ordered
for the rest of this week and the next one, through the same services the calendar uses."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import transaction

from kantyna.core.errors import DomainError
from kantyna.ledger.services import deposit_create
from kantyna.ordering.cutoff import cutoff_config, tenant_now, tenant_today
from kantyna.ordering.models import FreeDay
from kantyna.ordering.pricing import Pricer
from kantyna.ordering.services.automark import presences_default
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subjects_of_user
from kantyna.users.models import User

DEPOSIT = Decimal("300.00")


def _open_weekdays() -> list:
    """Weekdays from today to the end of next week that are still open for ordering and not free everywhere
    (the tenant starts with the public holidays as free days)."""
    today = tenant_today()
    cutoff = cutoff_config()
    end = today + timedelta(days=13 - today.weekday())
    days = [today + timedelta(days=offset) for offset in range((end - today).days + 1)]
    now = tenant_now()
    free = set(FreeDay.objects.filter(institution__isnull=True, date__in=days).values_list("date", flat=True))
    return [day for day in days if day.weekday() < 5 and cutoff.is_open(day, now) and day not in free]


def _order_first_choices(subject, days, *, actor=None, staff_override: bool = False) -> None:
    """Order the autoselected meals of `days`, else the first meal type the subject can have (default portion)."""
    result = presences_default(actor=actor, subject=subject, dates=days, staff_override=staff_override)
    if result.created:
        return
    pricer = Pricer([subject], days[0], days[-1])
    requests = []
    for day in days:
        choices = pricer.choices(subject, day, diet_id=subject.diet.pk)
        if choices:
            first_meal_type = choices[0].meal_type_id
            item = pricer.choose(subject, day, meal_type_id=first_meal_type, diet_id=subject.diet.pk)
            requests.append(ItemRequest(day, first_meal_type, price_list_item_id=item.pk))
    if requests:
        items_place(actor=actor, subject=subject, requests=requests, pricer=pricer, staff_override=staff_override)


def _serving_day():
    """The last school day up to today within the terminal's serving window (today on a school day, Friday on a
    weekend; not a day free everywhere), or None."""
    today = tenant_today()
    for back in range(8):  # the terminal serves today and the last 7 days
        day = today - timedelta(days=back)
        if day.weekday() < 5 and not FreeDay.objects.filter(institution__isnull=True, date=day).exists():
            return day
    return None


@transaction.atomic
def seed_orders(*, customers: list[User], admin: User | None = None) -> None:
    """Money and meals for the rest of this week and the next; and the last school day's meals up to today (today's
    on a school day) ordered by `admin` past the cut-off, so the cook has someone to serve at the terminal (the
    demo's cards) whatever the day of the week."""
    days = _open_weekdays()
    served = _serving_day() if admin is not None else None
    for customer in customers:
        deposit_create(
            actor=None,
            user=customer,
            amount=DEPOSIT,
            description="Wpłata powitalna (demo)",
            idempotency_key=f"demo:deposit:{customer.pk}",
        )
        for subject in subjects_of_user(customer):
            if served is not None and served not in days:
                try:
                    with transaction.atomic():
                        _order_first_choices(subject, [served], actor=admin, staff_override=True)
                except DomainError:  # the subject's institution is closed that day: nobody to serve there
                    pass
            if days:
                _order_first_choices(subject, days)
