"""The ledger's part of a person's history (people/selectors/history.py, users/history.py): transactions on
their accounts, or written by them, must outlive them."""

from __future__ import annotations

from kantyna.ledger.models import LedgerTransaction
from kantyna.people.models import Child
from kantyna.users.models import User


def child_ledger_history(child: Child) -> bool:
    return LedgerTransaction.objects.filter(account__child=child).exists()


def user_ledger_history(user: User) -> bool:
    return (
        LedgerTransaction.objects.filter(account__user=user).exists()
        or LedgerTransaction.objects.filter(author=user).exists()
    )
