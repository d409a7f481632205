"""Ordering's part of a person's history (people/selectors/history.py, users/history.py): their order items,
absences and orders must outlive them."""

from __future__ import annotations

from kantyna.ordering.models import Absence, Order, OrderItem
from kantyna.people.models import Child
from kantyna.users.models import User


def child_order_history(child: Child) -> bool:
    return OrderItem.objects.filter(child=child).exists() or Absence.objects.filter(child=child).exists()


def user_order_history(user: User) -> bool:
    return (
        Order.objects.filter(payer=user).exists()
        or Order.objects.filter(created_by=user).exists()
        or OrderItem.objects.filter(worker__user=user).exists()
    )
