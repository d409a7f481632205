"""Whether a person has history (orders, ledger transactions) that forbids deleting them: such people
are archived instead, so that orders and the ledger keep pointing at real rows (issue rule: archiving
keeps history; deleting a person with history is refused)."""

from __future__ import annotations

from kantyna.people.models import Child
from kantyna.users.models import User


def _child_ledger_history(child: Child) -> bool:
    from kantyna.ledger.models import LedgerTransaction

    return LedgerTransaction.objects.filter(account__child=child).exists()


def _user_ledger_history(user: User) -> bool:
    from kantyna.ledger.models import LedgerTransaction

    return (
        LedgerTransaction.objects.filter(account__user=user).exists()
        or LedgerTransaction.objects.filter(author=user).exists()
    )


def _child_order_history(child: Child) -> bool:
    from kantyna.ordering.models import Absence, OrderItem

    return OrderItem.objects.filter(child=child).exists() or Absence.objects.filter(child=child).exists()


def _user_order_history(user: User) -> bool:
    from kantyna.ordering.models import Order, OrderItem

    return (
        Order.objects.filter(payer=user).exists()
        or Order.objects.filter(created_by=user).exists()
        or OrderItem.objects.filter(worker__user=user).exists()
    )


def child_has_history(child: Child) -> bool:
    return _child_order_history(child) or _child_ledger_history(child)


def user_has_history(user: User) -> bool:
    return _user_order_history(user) or _user_ledger_history(user)
