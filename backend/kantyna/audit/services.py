from __future__ import annotations

from kantyna.audit.models import AuditEntry


def audit_entry(*, actor, action: str, target=None, data: dict | None = None) -> AuditEntry:
    """The entry `audit_record` stores, unsaved: for a service that writes it together with its own writes in one
    statement (`core.writes`, a card scan)."""
    return AuditEntry(
        actor_user_id=getattr(actor, "pk", None),
        actor_email=getattr(getattr(actor, "account", None), "email", "") or "",
        action=action,
        target_type=target._meta.label_lower if target is not None else "",
        target_id=str(target.pk) if target is not None else "",
        data=data or {},
    )


def audit_record(*, actor, action: str, target=None, data: dict | None = None) -> AuditEntry:
    """Record `action` by `actor` (a tenant User or None for the system) on `target` (a model instance)."""
    entry = audit_entry(actor=actor, action=action, target=target, data=data)
    entry.save(force_insert=True)
    return entry
