"""Whether a user has history (orders, ledger transactions) that forbids deleting them: such users are archived
instead, so that orders and the ledger keep pointing at real rows (issue rule: archiving keeps history; deleting a
person with history is refused).

The rows that make history live in apps above users (ordering, ledger): each registers its check in its
AppConfig.ready, so this app knows nothing above it."""

from __future__ import annotations

from collections.abc import Callable

from kantyna.core.registry import Registry
from kantyna.users.models import User

# `check(user)` is True when the user has rows of the registering app that must outlive them.
_USER_HISTORY: Registry[Callable[[User], bool]] = Registry()
register_user_history = _USER_HISTORY.register


def user_has_history(user: User) -> bool:
    return _USER_HISTORY.any(user)
