"""Whether a user has history (orders, ledger transactions) that forbids deleting them: such users are archived
instead, so that orders and the ledger keep pointing at real rows (issue rule: archiving keeps history; deleting a
person with history is refused).

The rows that make history live in apps above users (ordering, ledger): each registers its check in its
AppConfig.ready, so this app knows nothing above it."""

from __future__ import annotations

from collections.abc import Callable

from kantyna.users.models import User

_USER_HISTORY: list[Callable[[User], bool]] = []


def register_user_history(check: Callable[[User], bool]) -> None:
    """`check(user)` is True when the user has rows of the registering app that must outlive them."""
    if check not in _USER_HISTORY:
        _USER_HISTORY.append(check)


def user_has_history(user: User) -> bool:
    return any(check(user) for check in _USER_HISTORY)
