"""Whether a child has history (orders, absences, ledger transactions) that forbids deleting them: such children
are archived instead, so that orders and the ledger keep pointing at real rows (issue rule: archiving keeps
history; deleting a person with history is refused). A user's history: users/history.py.

The rows that make history live in apps above people (ordering, ledger): each registers its check in its
AppConfig.ready, so this app knows nothing above it."""

from __future__ import annotations

from collections.abc import Callable

from kantyna.core.registry import Registry
from kantyna.people.models import Child

# `check(child)` is True when the child has rows of the registering app that must outlive them.
_CHILD_HISTORY: Registry[Callable[[Child], bool]] = Registry()
register_child_history = _CHILD_HISTORY.register


def child_has_history(child: Child) -> bool:
    return _CHILD_HISTORY.any(child)
