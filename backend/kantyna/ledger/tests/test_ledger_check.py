"""`manage.py ledger_check`: silent success when balanced, exit 1 with the account when not."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.tests.helpers import book
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


def test_given_balanced_accounts_when_checked_then_it_passes(tenant_a, tenant_b, user_factory):
    parent = user_factory(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "10.00")
    out = StringIO()
    call_command("ledger_check", stdout=out)
    assert "Ledger balanced" in out.getvalue()


@pytest.mark.ledger_unbalanced
def test_given_a_cached_balance_out_of_step_when_checked_then_it_reports_it_and_exits_1(tenant_a, user_factory):
    parent = user_factory(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "10.00")
        account = LedgerAccount.objects.get(user=parent)
        LedgerAccount.objects.filter(pk=account.pk).update(balance="11.00")
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("ledger_check", "--schema", tenant_a.schema_name, stdout=out, stderr=err)
    assert exited.value.code == 1
    assert f"account {account.pk}" in out.getvalue()
    assert "cached 11.00 != sum 10.00" in out.getvalue()
