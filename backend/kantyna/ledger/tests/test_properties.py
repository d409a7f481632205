"""Property: whatever sequence of deposits, charges, refunds (with repeated keys) is posted, the cached balance
equals SUM(amount) and every row's balance_after is the running sum. A repeated key books nothing: the same
movement again is a replay, another movement under it is refused (409)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kantyna.core.api.errors import as_api_error
from kantyna.core.errors import DomainError
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance, ledger_balance_mismatches
from kantyna.ledger.tests.helpers import book
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user

SIGNS = {"deposit": 1, "refund": 1, "charge": -1, "fee": -1, "payout": -1}
operations = st.lists(
    st.tuples(
        st.sampled_from(sorted(SIGNS)),
        st.decimals(min_value=Decimal("0.01"), max_value=Decimal("500"), places=2),
        st.integers(min_value=0, max_value=15),  # few distinct keys: repeats must be idempotent
    ),
    max_size=25,
)


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations)
def test_given_random_postings_then_cached_balance_equals_the_sum(tenant_a, ops):
    parent = make_user(tenant_a)
    expected = Decimal("0.00")
    booked: dict[int, tuple[str, Decimal]] = {}
    with in_tenant(tenant_a):
        for kind, amount, key in ops:
            if key in booked and booked[key] != (kind, amount):
                with pytest.raises(DomainError) as refused:
                    book(parent, kind, str(SIGNS[kind] * amount), key=f"p{parent.pk}:{key}")
                assert refused.value.code == "ledger.key_conflict"
                assert as_api_error(refused.value).status_code == 409
                continue
            book(parent, kind, str(SIGNS[kind] * amount), key=f"p{parent.pk}:{key}")
            if key not in booked:
                booked[key] = (kind, amount)
                expected += SIGNS[kind] * amount
        assert ledger_balance(parent) == expected
        assert ledger_balance_mismatches() == []
        running = Decimal("0.00")
        for row in LedgerTransaction.objects.filter(account__user=parent).order_by("id"):
            running += row.amount
            assert row.balance_after == running
