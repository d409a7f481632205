"""Which institutions' menus the caller reads or changes. The row reach is decided once, by `Reach`
(`people.reach`); menus sit below people, so their selectors take these ids as an argument."""

from __future__ import annotations

from kantyna.core.permissions import has_ability
from kantyna.people.reach import Reach


def readable_institution_ids(user) -> set[int] | None:
    """Institutions whose menus `user` may read; None means all of them."""
    return Reach(user).served_institution_ids


def editable_institution_ids(user) -> set[int] | None:
    """Institutions whose menus `user` may change; None means all (admins). Requires the `menu.edit` ability,
    then the institutions the user manages."""
    if not has_ability(user, "menu.edit"):
        return set()
    return Reach(user).institution_ids
