"""Reads of the audit trail."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist

from kantyna.audit.models import AuditEntry
from kantyna.core.params import id_of


def _person(user) -> str:
    return user.full_name or user.account.email


# Targets whose name is not a `name` field: (select_related, how to name one).
_NAMERS: dict[str, tuple[tuple[str, ...], Callable[[object], str]]] = {
    "users.user": (("account",), _person),
    "people.child": ((), lambda child: f"{child.first_name} {child.last_name}".strip()),
    "people.workerprofile": (("user__account",), lambda profile: _person(profile.user)),
    # A balance is the payer's, or one child's when the tenant keeps balances per child.
    "ledger.ledgeraccount": (
        ("user__account", "child"),
        lambda account: (
            f"{account.child.first_name} {account.child.last_name}".strip()
            if account.child_id
            else _person(account.user)
        ),
    ),
    "ledger.ledgertransaction": (
        ("account__user__account", "account__child"),
        lambda row: (
            f"{row.account.child.first_name} {row.account.child.last_name}".strip()
            if row.account.child_id
            else _person(row.account.user)
        ),
    ),
    "ordering.order": (("payer__account",), lambda order: _person(order.payer)),
    "people.calendarsubjectsettings": (
        ("child", "worker__user__account"),
        lambda settings: (
            f"{settings.child.first_name} {settings.child.last_name}".strip()
            if settings.child_id
            else _person(settings.worker.user)
        ),
    ),
}


def _namer(model) -> tuple[tuple[str, ...], Callable[[object], str]] | None:
    namer = _NAMERS.get(model._meta.label_lower)
    if namer is not None:
        return namer
    try:
        model._meta.get_field("name")
    except FieldDoesNotExist:
        return None
    return (), lambda target: target.name


def audit_target_names(entries: Iterable[AuditEntry]) -> dict[tuple[str, str], str]:
    """What a page of entries acted upon, by (target_type, target_id) → a name people recognise: one query per
    kind of target on the page. Targets deleted since, or without a name (an order), are left out."""
    wanted: dict[str, set[int]] = defaultdict(set)
    for entry in entries:
        target_id = id_of(entry.target_id)
        if entry.target_type and target_id is not None:
            wanted[entry.target_type].add(target_id)
    names: dict[tuple[str, str], str] = {}
    for label, ids in wanted.items():
        try:
            model = apps.get_model(label)
        except (LookupError, ValueError):
            continue
        namer = _namer(model)
        if namer is None:
            continue
        related, name_of = namer
        for target in model.objects.filter(pk__in=ids).select_related(*related):
            names[(label, str(target.pk))] = name_of(target)
    return names
