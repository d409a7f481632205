"""What else uses a recipients list. Announcements point at their list themselves; apps above this one (automated
reports sent to a list) register a check in their AppConfig.ready, so deleting a list they use is refused with their
own words while this app imports nothing above it (core.registry)."""

from __future__ import annotations

from collections.abc import Callable

from kantyna.announcements.models import RecipientsList
from kantyna.core.errors import DomainError
from kantyna.core.registry import Registry

# `check(recipients_list)` answers the refusal to raise when the registering app's rows use the list, else None.
_LIST_USERS: Registry[Callable[[RecipientsList], DomainError | None]] = Registry()
register_recipients_list_user = _LIST_USERS.register


def recipients_list_delete_refusal(recipients: RecipientsList) -> DomainError | None:
    for check in _LIST_USERS:
        refusal = check(recipients)
        if refusal is not None:
            return refusal
    return None
