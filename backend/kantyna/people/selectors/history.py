"""Whether a child has history (orders, absences, ledger transactions) that forbids deleting them: such children
are archived instead, so that orders and the ledger keep pointing at real rows (issue rule: archiving keeps
history; deleting a person with history is refused). A user's history: users/history.py.

The rows that make history live in apps above people (ordering, ledger): each registers its check in its
AppConfig.ready, so this app knows nothing above it."""

from __future__ import annotations

from collections.abc import Callable

from kantyna.people.models import Child

_CHILD_HISTORY: list[Callable[[Child], bool]] = []


def register_child_history(check: Callable[[Child], bool]) -> None:
    """`check(child)` is True when the child has rows of the registering app that must outlive them."""
    if check not in _CHILD_HISTORY:
        _CHILD_HISTORY.append(check)


def child_has_history(child: Child) -> bool:
    return any(check(child) for check in _CHILD_HISTORY)
