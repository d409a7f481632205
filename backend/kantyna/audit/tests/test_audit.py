"""`audit_record`: who (user or system), what, on which target; entries live in the tenant's schema."""

from kantyna.audit.models import AuditEntry
from kantyna.audit.services import audit_record
from kantyna.tenancy.services import in_tenant
from kantyna.testing import make_user


def test_given_user_actor_and_target_when_recording_then_entry_names_them(tenant_a, tenant_b):
    user = make_user(tenant_a, "ROLE_ADMIN")
    with in_tenant(tenant_a):
        entry = audit_record(actor=user, action="thing.done", target=user, data={"x": 1})
        assert (entry.actor_user_id, entry.actor_email, entry.action) == (user.id, user.account.email, "thing.done")
        assert (entry.target_type, entry.target_id, entry.data) == ("users.user", str(user.id), {"x": 1})
    with in_tenant(tenant_b):
        assert not AuditEntry.objects.filter(action="thing.done").exists()


def test_given_system_actor_without_target_when_recording_then_blank_actor_and_target(tenant_a):
    with in_tenant(tenant_a):
        entry = audit_record(actor=None, action="system.job")
    assert (entry.actor_user_id, entry.actor_email, entry.target_type, entry.target_id, entry.data) == (
        None,
        "",
        "",
        "",
        {},
    )
