"""Demo money and orders: every demo customer gets a balance (a deposit through the ledger) and meals ordered
for the rest of this week and the next one, through the same services the calendar uses."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import transaction

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


@transaction.atomic
def seed_orders(*, customers: list[User]) -> None:
    days = _open_weekdays()
    for customer in customers:
        deposit_create(
            actor=None,
            user=customer,
            amount=DEPOSIT,
            description="Wpłata powitalna (demo)",
            idempotency_key=f"demo:deposit:{customer.pk}",
        )
        if not days:
            continue
        for subject in subjects_of_user(customer):
            result = presences_default(actor=None, subject=subject, dates=days)
            if result.created:
                continue
            # No autoselected meals: order the first meal type the subject can have, in its default portion.
            pricer = Pricer([subject], days[0], days[-1])
            requests = []
            for day in days:
                choices = pricer.choices(subject, day, diet_id=subject.diet.pk)
                if choices:
                    first_meal_type = choices[0].meal_type_id
                    item = pricer.choose(subject, day, meal_type_id=first_meal_type, diet_id=subject.diet.pk)
                    requests.append(ItemRequest(day, first_meal_type, price_list_item_id=item.pk))
            if requests:
                items_place(actor=None, subject=subject, requests=requests, pricer=pricer)
