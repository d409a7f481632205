"""core.writes: INSERT and UPDATE from a model's meta with values prepared as the ORM prepares them, several writes
in one statement, and a write with look-ups of one row each (`PreparedQuery.bound`) in one round trip."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core import writes
from kantyna.core.permissions import ROLE_PARENT
from kantyna.core.prepared import PreparedQuery
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries
from kantyna.users.models import User

pytestmark = pytest.mark.django_db

BY_NAME = PreparedQuery(lambda name: User.objects.filter(first_name=name).order_by().values_list("pk", "roles"))


def entry(action: str, **data) -> AuditEntry:
    return AuditEntry(actor_user_id=7, actor_email="a@example.test", action=action, data=data)


def test_given_entries_when_inserted_and_updated_together_then_one_statement_and_the_orms_values(tenant_a):
    with in_tenant(tenant_a):
        (first,) = writes.run_together(writes.insert(entry("one", items=[1, 2]), returning_pk=True))
        with capture_queries() as queries:
            written = writes.run_together(
                writes.insert(entry("two")), writes.update(AuditEntry, [first[0]], action="renamed", target_id="9")
            )
        rows = list(AuditEntry.objects.order_by("pk").values_list("action", "target_id", "data", "created_at"))

    assert written is None
    assert len(queries) == 1
    assert [row[:3] for row in rows] == [("renamed", "9", {"items": [1, 2]}), ("two", "", {})]
    assert all(row[3] is not None for row in rows)  # auto_now_add applied by the field, as the ORM does


def test_given_a_unique_key_met_when_inserting_with_on_conflict_then_nothing_inserted_nor_returned(tenant_a):
    with in_tenant(tenant_a):
        user = make_user(tenant_a, ROLE_PARENT, first_name="Ala")
        claim = writes.insert(
            User(account_id=user.account_id, roles=[]), on_conflict_do_nothing="account", returning_pk=True
        )
        answered = writes.run_with_lookups(claim, [BY_NAME.bound(name="Ala")])
        count = User.objects.count()

    assert answered is None
    assert count == 1


def test_given_a_write_with_lookups_then_one_round_trip_and_each_lookups_row_or_none(tenant_a):
    with in_tenant(tenant_a):
        ala = make_user(tenant_a, ROLE_PARENT, first_name="Ala")
        with capture_queries() as queries:
            (pk,), (found, missing) = writes.run_with_lookups(
                writes.insert(entry("claim"), returning_pk=True),
                [BY_NAME.bound(name="Ala"), BY_NAME.bound(name="Nobody")],
            )
        stored = AuditEntry.objects.get(pk=pk).action

    assert len(queries) == 1
    assert found == (ala.pk, ["ROLE_PARENT"])  # converted as the queryset reads it
    assert missing is None
    assert stored == "claim"


def test_given_lookups_of_several_rows_then_refused(tenant_a):
    with in_tenant(tenant_a):
        make_user(tenant_a, ROLE_PARENT, first_name="Ala")
        make_user(tenant_a, ROLE_PARENT, first_name="Ala")
        with pytest.raises(ValueError, match="more than one row"):
            writes.run_with_lookups(writes.insert(entry("claim"), returning_pk=True), [BY_NAME.bound(name="Ala")])
