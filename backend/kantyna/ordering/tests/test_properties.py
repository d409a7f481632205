"""Property: whatever sequence of marks, cancels, absences and deposits a payer makes, the cached balance
equals the sum of the ledger rows and equals deposits minus the prices of the live items (each charged once,
each cancelled one refunded once); a mark the balance cannot cover is refused and changes nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kantyna.core.api.errors import as_api_error
from kantyna.core.errors import DomainError
from kantyna.ordering.models import OrderItem
from kantyna.ordering.services.absences import absence_mark
from kantyna.ordering.services.items import ItemRequest, items_cancel, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.world import balance, deposit, ledger_sum, make_world

pytestmark = pytest.mark.django_db

DAYS = 4
PRICES = {"lunch": Decimal("12.50"), "soup": Decimal("5.00")}

operations = st.lists(
    st.one_of(
        st.tuples(st.just("mark"), st.integers(0, DAYS - 1), st.sampled_from(sorted(PRICES))),
        st.tuples(st.just("cancel"), st.integers(0, DAYS - 1), st.sampled_from(sorted(PRICES))),
        st.tuples(st.just("absence"), st.integers(0, DAYS - 1), st.just("")),
        st.tuples(
            st.just("deposit"), st.sampled_from([Decimal("5.00"), Decimal("10.00"), Decimal("20.00")]), st.just("")
        ),
    ),
    max_size=25,
)


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        yield make_world(tenant_a, money="")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations)
def test_books_always_balance(world, ops):
    monday = next_monday()
    meal_types = {"lunch": world.catalog.lunch.pk, "soup": world.catalog.soup.pk}
    with transaction.atomic():
        subject = subject_resolve("child", world.child.pk, actor=world.parent)
        deposited = Decimal("0.00")
        live: set[tuple[int, str]] = set()
        for kind, first, second in ops:
            if kind == "deposit":
                deposit(world.parent, str(first))
                deposited += first
            elif kind == "mark":
                key = (first, second)
                expected_balance = deposited - sum((PRICES[meal] for _day, meal in live), Decimal("0.00"))
                request = ItemRequest(monday + timedelta(days=first), meal_types[second])
                if key in live:
                    assert items_place(actor=world.parent, subject=subject, requests=[request]).created == []
                elif expected_balance - PRICES[second] < 0:
                    with pytest.raises(DomainError) as refused:
                        items_place(actor=world.parent, subject=subject, requests=[request])
                    assert refused.value.code == "ledger.insufficient_funds"
                    assert as_api_error(refused.value).status_code == 409
                else:
                    assert len(items_place(actor=world.parent, subject=subject, requests=[request]).created) == 1
                    live.add(key)
            elif kind == "cancel":
                items = OrderItem.objects.filter(
                    child=world.child, date=monday + timedelta(days=first), meal_type_id=meal_types[second]
                )
                items_cancel(actor=world.parent, items=list(items))
                live.discard((first, second))
            else:
                absence_mark(actor=world.parent, subject=subject, dates=[monday + timedelta(days=first)])
                live = {key for key in live if key[0] != first}
            expected = deposited - sum((PRICES[meal] for _day, meal in live), Decimal("0.00"))
            assert balance(world.parent) == ledger_sum(world.parent) == expected
        transaction.set_rollback(True)
