"""The ledger over HTTP: who sees which money, staff bookings and corrections, reports, per role and per tenant."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from djangorestframework_camel_case.util import camelize

from kantyna.catalog.services import diet_create
from kantyna.core.pagination import BoundedCountPagination
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_EMPLOYEE,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)
from kantyna.core.validators import nrb_is_valid
from kantyna.ledger.api.serializers import EndOfMonthRowSerializer, end_of_month_rows_json
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import END_OF_MONTH_COLUMNS, ledger_balance
from kantyna.ledger.tests.helpers import book, make_child, make_institution, set_settings
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db

STAFF_ENDPOINTS = [
    "transactions/deposits",
    "transactions/users",
    "transactions/insufficientFunds",
    "transactions/endOfMonthBalance?month=2026-11",
]
CUSTOMER_ENDPOINTS = [
    "transactions",
    "transactions/totals",
    "transactions/monthlySummaries?dateFrom=2026-01&dateTo=2026-11",
]
NO_LEDGER_ROLES = [ROLE_COOK, ROLE_TICKET_ADMIN, ROLE_EMPLOYEE, ROLE_MANAGE_REPORTS]


def money(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


@pytest.fixture
def world(tenant_a):
    """Two institutions; parent Anna (child in school 1), parent Bartek (child in school 2), worker Celina
    (school 1); an institutions admin of school 1 with transactions_edit; an admin."""
    admin = make_user(tenant_a, ROLE_ADMIN, first_name="Ada", last_name="Admin")
    anna = make_user(tenant_a, ROLE_PARENT, first_name="Anna", last_name="Nowak")
    bartek = make_user(tenant_a, ROLE_PARENT, first_name="Bartek", last_name="Wiśniewski")
    celina = make_user(tenant_a, ROLE_INSTITUTION_WORKER, first_name="Celina", last_name="Zając")
    school_admin = make_user(
        tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["transactions_edit"], first_name="Iza", last_name="Szkolna"
    )
    with in_tenant(tenant_a):
        school1, school2 = make_institution(), make_institution()
        anna_child = make_child(anna, institution=school1)
        bartek_child = make_child(bartek, institution=school2)
        worker_profile_create(actor=None, user=celina, institution=school1, diet=diet_create(actor=None, name="Zwykła"))
        school_admin.institutions.set([school1])
        book(anna, "deposit", "100.00", booked_on=date(2026, 10, 5), key="anna-dep")
        book(anna, "charge", "-12.50", booked_on=date(2026, 11, 3), key="anna-chg")
        book(bartek, "deposit", "20.00", booked_on=date(2026, 11, 2), key="bartek-dep")
        book(bartek, "charge", "-30.00", booked_on=date(2026, 11, 4), key="bartek-chg")
        book(celina, "deposit", "5.00", booked_on=date(2026, 11, 6), key="celina-dep")
    return {
        "tenant": tenant_a,
        "admin": admin,
        "anna": anna,
        "bartek": bartek,
        "celina": celina,
        "school_admin": school_admin,
        "school1": school1,
        "school2": school2,
        "anna_child": anna_child,
        "bartek_child": bartek_child,
    }


def tx(world, key: str) -> LedgerTransaction:
    with in_tenant(world["tenant"]):
        return LedgerTransaction.objects.get(idempotency_key=key)


def balance(world, name: str) -> Decimal:
    with in_tenant(world["tenant"]):
        return ledger_balance(world[name])


def api_for(world, name):
    return Api(world["tenant"], world[name])


def keys(response) -> list[str]:
    assert response.status_code == 200, response.content
    return sorted(row["idempotencyKey"] for row in response.json()["items"])


# --- reading ---------------------------------------------------------------------------------------------------


def test_given_an_admin_when_listing_then_every_transaction_with_payer_and_money_is_shown(world):
    response = api_for(world, "admin").get("transactions")
    assert keys(response) == ["anna-chg", "anna-dep", "bartek-chg", "bartek-dep", "celina-dep"]
    first = response.json()["items"][0]
    assert first["idempotencyKey"] == "celina-dep"  # newest booking first
    assert first["amount"] == money("5.00")
    assert first["effectiveAmount"] == money("5.00")
    assert first["user"] == {"id": world["celina"].pk, "fullName": "Celina Zając"}
    assert first["child"] is None
    assert first["fiscalized"] is False


def test_given_filters_when_listing_then_they_narrow_the_rows(world):
    api = api_for(world, "admin")
    assert keys(api.get("transactions", {"userId": world["anna"].pk})) == ["anna-chg", "anna-dep"]
    assert keys(api.get("transactions", {"kind": "charge"})) == ["anna-chg", "bartek-chg"]
    assert keys(api.get("transactions", {"dateFrom": "2026-11-03", "dateTo": "2026-11-04"})) == [
        "anna-chg",
        "bartek-chg",
    ]
    assert keys(api.get("transactions", {"institutionId": world["school1"].pk})) == [
        "anna-chg",
        "anna-dep",
        "celina-dep",
    ]
    assert keys(api.get("transactions", {"search": "wiśniew"})) == ["bartek-chg", "bartek-dep"]
    assert keys(api.get("transactions", {"sort": "amount"}))[0:1] == ["anna-chg"]
    assert_error(
        api.get("transactions", {"dateFrom": "2026-11-05", "dateTo": "2026-11-01"}),
        400,
        "The given data was invalid.",
        {"dateTo": ["The end date cannot be before the start date."]},
    )


def test_given_a_parent_when_listing_then_only_their_own_transactions_are_shown(world):
    api = api_for(world, "anna")
    assert keys(api.get("transactions")) == ["anna-chg", "anna-dep"]
    assert keys(api.get("transactions", {"userId": world["bartek"].pk})) == []
    other = tx(world, "bartek-dep")
    assert_error(api.get(f"transactions/{other.pk}"), 404, "Not found.")
    own = tx(world, "anna-dep")
    assert api.get(f"transactions/{own.pk}").json()["amount"] == money("100.00")


def test_given_an_institutions_admin_when_reading_then_only_payers_of_their_institutions_are_shown(world):
    api = api_for(world, "school_admin")
    assert keys(api.get("transactions")) == ["anna-chg", "anna-dep", "celina-dep"]
    users = api.get("transactions/users").json()["items"]
    assert [row["id"] for row in users] == [world["anna"].pk, world["celina"].pk]
    assert_error(api.get(f"transactions/userBalance/{world['bartek'].pk}"), 404, "Not found.")
    assert api.get(f"transactions/userBalance/{world['anna'].pk}").json()["balance"] == money("87.50")


def test_given_many_rows_when_listing_then_the_query_count_does_not_grow(world):
    api = api_for(world, "admin")
    api.get("transactions")  # warm the session caches
    # The caller, the count, the page; no fiscal lookup: the page's own query says no row can have a fiscal state
    # (fiscalization never enabled: ledger.fiscal_states' probe). fiscal/tests/test_api.py counts an enabled tenant.
    with assert_num_queries(3) as few:
        api.get("transactions")
    with in_tenant(world["tenant"]):
        for index in range(6):
            book(world["bartek"], "deposit", "1.00", child=None, key=f"more-{index}")
    with assert_num_queries(len(few)):
        response = api.get("transactions")
    assert response.json()["total"] == 11


def test_given_more_rows_than_counted_exactly_when_listing_then_the_total_is_an_estimate_until_the_last_pages(
    world, monkeypatch
):
    monkeypatch.setattr(BoundedCountPagination, "EXACT_COUNT_UP_TO", 3)  # the world's ledger holds 5 rows
    api = api_for(world, "admin")

    first = api.get("transactions", {"perPage": 1}).json()
    deep = api.get("transactions", {"perPage": 2, "page": 2}).json()  # counts up to 2 x 4 rows: all of them
    narrow = api.get("transactions", {"userId": world["anna"].pk}).json()
    deposits = api.get("transactions/deposits", {"perPage": 1}).json()

    assert first["totalIsEstimate"] is True
    assert first["total"] >= 4  # the planner's estimate, never below what was counted
    assert len(first["items"]) == 1
    assert (deep["total"], deep["totalIsEstimate"], len(deep["items"])) == (5, False, 2)
    assert (narrow["total"], narrow["totalIsEstimate"]) == (2, False)
    assert (deposits["total"], deposits["totalIsEstimate"]) == (3, False)


def test_given_a_page_past_the_end_when_listing_then_no_rows_and_the_exact_total(world):
    body = api_for(world, "admin").get("transactions", {"perPage": 2, "page": 4}).json()

    assert body == {"items": [], "total": 5, "page": 4, "perPage": 2, "totalIsEstimate": False}


def test_given_filters_when_asking_for_totals_then_sums_per_kind_and_in_all_are_returned(world):
    api = api_for(world, "admin")
    body = api.get("transactions/totals").json()
    assert body["count"] == 5
    assert body["total"] == money("82.50")
    assert body["byKind"]["deposit"] == money("125.00")
    assert body["byKind"]["charge"] == money("-42.50")
    assert body["byKind"]["refund"] == money("0.00")
    own = api_for(world, "bartek").get("transactions/totals").json()
    assert own["total"] == money("-10.00")


def test_given_deposits_when_listed_then_only_deposits_are_shown(world):
    assert keys(api_for(world, "admin").get("transactions/deposits")) == ["anna-dep", "bartek-dep", "celina-dep"]


def test_given_payers_when_listed_then_balances_and_negative_filter_work(world):
    api = api_for(world, "admin")
    rows = {row["id"]: row for row in api.get("transactions/users").json()["items"]}
    assert rows[world["anna"].pk]["balance"] == money("87.50")
    assert rows[world["bartek"].pk]["balance"] == money("-10.00")
    assert world["admin"].pk not in rows
    negative = api.get("transactions/users", {"negative": "true"}).json()["items"]
    assert [row["id"] for row in negative] == [world["bartek"].pk]
    assert [row["id"] for row in api.get("transactions/insufficientFunds").json()["items"]] == [world["bartek"].pk]


def test_given_an_allowed_debit_when_asking_for_insufficient_funds_then_only_payers_below_it_are_listed(world):
    with in_tenant(world["tenant"]):
        set_settings("debits_config", apply_allowed_debit=True, allowed_debit=money("5.00"))
    api = api_for(world, "admin")
    assert [row["id"] for row in api.get("transactions/insufficientFunds").json()["items"]] == [world["bartek"].pk]
    with in_tenant(world["tenant"]):
        set_settings("debits_config", apply_allowed_debit=True, allowed_debit=money("15.00"))
    assert api.get("transactions/insufficientFunds").json()["items"] == []


def test_given_postings_in_several_months_when_asking_for_end_of_month_balance_then_it_uses_booked_on(world):
    api = api_for(world, "admin")
    october = {
        row["userId"]: row for row in api.get("transactions/endOfMonthBalance", {"month": "2026-10"}).json()["items"]
    }
    assert october == {
        world["anna"].pk: {
            "userId": world["anna"].pk,
            "firstName": "Anna",
            "lastName": "Nowak",
            "email": world["anna"].email,
            "openingBalance": money("0.00"),
            "deposits": money("100.00"),
            "charges": money("0.00"),
            "corrections": money("0.00"),
            "balance": money("100.00"),
        }
    }
    november = {
        row["userId"]: row for row in api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()["items"]
    }
    assert november[world["anna"].pk]["openingBalance"] == money("100.00")
    assert november[world["anna"].pk]["balance"] == money("87.50")
    assert november[world["bartek"].pk]["balance"] == money("-10.00")
    negative = api.get("transactions/endOfMonthBalance", {"month": "2026-11", "negative": "true"}).json()["items"]
    assert [row["userId"] for row in negative] == [world["bartek"].pk]
    assert_error(
        api.get("transactions/endOfMonthBalance", {"month": "2026-13"}),
        400,
        "The given data was invalid.",
        {"month": ["Enter a month as YYYY-MM."]},
    )


def test_given_many_payers_when_asking_for_end_of_month_balance_then_the_query_count_does_not_grow(world):
    api = api_for(world, "admin")
    api.get("transactions/endOfMonthBalance", {"month": "2026-11"})
    # the session (one statement), then the page with its count in one query
    with assert_num_queries(2) as few:
        api.get("transactions/endOfMonthBalance", {"month": "2026-11"})
    for index in range(5):
        payer = make_user(world["tenant"])
        with in_tenant(world["tenant"]):
            book(payer, "deposit", "3.00", key=f"eom-{index}", booked_on=date(2026, 11, 1))
    with assert_num_queries(len(few)):
        assert api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()["total"] == 8


def test_given_three_payers_when_paging_the_end_of_month_balance_then_each_page_has_its_rows_and_the_total(world):
    api = api_for(world, "admin")
    everyone = api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()

    second = api.get("transactions/endOfMonthBalance", {"month": "2026-11", "perPage": 1, "page": 2}).json()
    past_the_end = api.get("transactions/endOfMonthBalance", {"month": "2026-11", "perPage": 2, "page": 9}).json()

    assert everyone["total"] == len(everyone["items"]) == 3
    assert second == {"items": [everyone["items"][1]], "total": 3, "page": 2, "perPage": 1}
    assert past_the_end == {"items": [], "total": 3, "page": 9, "perPage": 2}


def test_end_of_month_rows_are_what_the_row_serializer_and_the_renderer_would_send():
    row = (7, "Anna", "Nowak", "anna@example.com", "100.00", "0.00", "-12.50", "2.00", "89.50")

    built = end_of_month_rows_json([row])

    as_serialized = camelize(EndOfMonthRowSerializer(dict(zip(END_OF_MONTH_COLUMNS, row, strict=True))).data)
    assert built == [as_serialized]
    assert as_serialized["charges"] == money("-12.50")


def test_given_a_range_when_asking_for_monthly_summaries_then_each_month_has_sums_and_closing_balance(world):
    rows = api_for(world, "admin").get(
        "transactions/monthlySummaries", {"dateFrom": "2026-09", "dateTo": "2026-11", "userId": world["anna"].pk}
    )
    assert rows.status_code == 200, rows.content
    by_month = {row["month"]: row for row in rows.json()}
    assert list(by_month) == ["2026-09", "2026-10", "2026-11"]
    assert by_month["2026-09"]["closingBalance"] == money("0.00")
    assert by_month["2026-10"]["deposit"] == money("100.00")
    assert by_month["2026-11"]["charge"] == money("-12.50")
    assert by_month["2026-11"]["closingBalance"] == money("87.50")
    own = api_for(world, "bartek").get("transactions/monthlySummaries", {"dateFrom": "2026-11", "dateTo": "2026-11"})
    assert own.json()[0]["closingBalance"] == money("-10.00")


def test_given_balances_per_child_when_asking_for_a_parent_then_each_child_is_listed(world):
    with in_tenant(world["tenant"]):
        set_settings("parents_settings", balance_per_children=True)
        book(world["anna"], "deposit", "7.00", child=world["anna_child"], key="anna-child-dep")
    body = api_for(world, "admin").get(f"transactions/parents/{world['anna'].pk}/perChildrenBalance").json()
    assert body == [
        {"childId": None, "childName": "", "balance": money("87.50")},
        {"childId": world["anna_child"].pk, "childName": str(world["anna_child"]), "balance": money("7.00")},
    ]
    own = api_for(world, "anna").get(f"transactions/userBalance/{world['anna'].pk}").json()
    assert own["balance"] == money("94.50")
    assert own["balancePerChildren"] is True
    assert_error(api_for(world, "anna").get(f"transactions/userBalance/{world['bartek'].pk}"), 404, "Not found.")


def test_given_a_customer_when_asking_for_current_user_balance_then_the_ledger_balance_is_returned(world):
    assert api_for(world, "bartek").get("auth/currentUser/balance").json() == money("-10.00")


# --- writing ---------------------------------------------------------------------------------------------------


def test_given_transactions_edit_when_booking_a_deposit_then_201_and_the_balance_grows(world):
    api = api_for(world, "admin")
    response = api.post(
        "transactions",
        {"userId": world["bartek"].pk, "kind": "deposit", "amount": "40.00", "description": "Wpłata w kasie"},
    )
    assert response.status_code == 201, response.content
    with in_tenant(world["tenant"]):
        row = LedgerTransaction.objects.get(pk=response.json()["id"])
    assert (row.kind, row.amount, row.author_id) == ("deposit", Decimal("40.00"), world["admin"].pk)
    assert balance(world, "bartek") == Decimal("30.00")


def test_given_a_payout_when_booked_then_it_is_negative(world):
    api = api_for(world, "admin")
    response = api.post("transactions", {"userId": world["anna"].pk, "kind": "payout", "amount": "87.50"})
    assert response.status_code == 201, response.content
    assert balance(world, "anna") == Decimal("0.00")


def test_given_an_idempotency_key_when_posted_twice_then_one_row_is_booked(world):
    api = api_for(world, "admin")
    payload = {"userId": world["anna"].pk, "kind": "deposit", "amount": "10.00", "idempotencyKey": "form-123"}
    first, second = api.post("transactions", payload), api.post("transactions", payload)
    assert first.json()["id"] == second.json()["id"]
    assert balance(world, "anna") == Decimal("97.50")


def test_given_a_staff_key_shaped_like_a_system_key_then_it_is_namespaced_and_the_real_refund_still_books(world):
    api = api_for(world, "admin")
    payload = {"userId": world["anna"].pk, "kind": "deposit", "amount": "10.00", "idempotencyKey": "refund:item:123"}

    response = api.post("transactions", payload)

    assert response.status_code == 201, response.content
    assert tx(world, f"manual:{world['admin'].pk}:refund:item:123").pk == response.json()["id"]
    with in_tenant(world["tenant"]):
        refund = book(world["anna"], "refund", "12.50", key="refund:item:123")
        assert refund.pk != response.json()["id"]
        assert refund.amount == Decimal("12.50")
        assert ledger_balance(world["anna"]) == Decimal("87.50") + Decimal("10.00") + Decimal("12.50")


def test_given_a_staff_key_reused_for_another_payer_or_amount_then_409_and_nothing_booked(world):
    api = api_for(world, "admin")
    payload = {"userId": world["anna"].pk, "kind": "deposit", "amount": "10.00", "idempotencyKey": "form-9"}
    assert api.post("transactions", payload).status_code == 201
    with in_tenant(world["tenant"]):
        count = LedgerTransaction.objects.count()

    for changed in ({"userId": world["bartek"].pk}, {"amount": "11.00"}, {"kind": "fee"}):
        assert_error(
            api.post("transactions", {**payload, **changed}),
            409,
            "This key was already used for another transaction.",
            {"idempotencyKey": ["This key was already used for another transaction."]},
        )

    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.count() == count
    assert balance(world, "anna") == Decimal("97.50")
    assert balance(world, "bartek") == Decimal("-10.00")


def test_given_invalid_bookings_when_posted_then_400_with_field_errors(world):
    api = api_for(world, "admin")
    assert_error(
        api.post("transactions", {"kind": "charge", "amount": "x"}),
        400,
        "The given data was invalid.",
        {"userId": ..., "kind": ..., "amount": ...},
    )
    assert_error(
        api.post("transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": "-5"}),
        400,
        "The given data was invalid.",
        {"amount": ["Enter an amount greater than zero."]},
    )
    assert_error(
        api.post("transactions", {"userId": world["admin"].pk, "kind": "deposit", "amount": "5"}),
        400,
        "The given data was invalid.",
        {"userId": ["Choose a parent or an institution worker you manage."]},
    )
    assert_error(
        api.post(
            "transactions",
            {"userId": world["anna"].pk, "childId": world["bartek_child"].pk, "kind": "deposit", "amount": "5"},
        ),
        400,
        "The given data was invalid.",
        {"childId": ["This child does not belong to this payer."]},
    )


NOT_AN_AMOUNT = "Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."


@pytest.mark.parametrize(
    ("amount", "error"),
    [
        ("1_000", NOT_AN_AMOUNT),
        ("\uff11\uff12", NOT_AN_AMOUNT),  # full-width "12"
        ("1e3", NOT_AN_AMOUNT),
        ("NaN", NOT_AN_AMOUNT),
        (" +5", NOT_AN_AMOUNT),
        (" 5 ", NOT_AN_AMOUNT),  # money strings are exact: no surrounding whitespace
        ("5 ", NOT_AN_AMOUNT),
        ("\t5", NOT_AN_AMOUNT),
        ("5\n", NOT_AN_AMOUNT),
        ("12,50", NOT_AN_AMOUNT),
        (12.5, NOT_AN_AMOUNT),  # a JSON number: amounts are decimal strings
        ("12.345", "Enter at most two decimal places."),
        ("100000.01", "Enter an amount of at most 100000.00 PLN."),
        ("99999999999.99", "Enter an amount of at most 100000.00 PLN."),
        ("-100000.01", "Enter an amount of at least -100000.00 PLN."),
    ],
)
def test_given_a_malformed_or_oversized_amount_when_booking_or_correcting_then_400_and_nothing_booked(
    world, amount, error
):
    api = api_for(world, "admin")
    charge = tx(world, "anna-chg")
    with in_tenant(world["tenant"]):
        count = LedgerTransaction.objects.count()

    for kind in ("deposit", "correction"):
        assert_error(
            api.post("transactions", {"userId": world["anna"].pk, "kind": kind, "amount": amount}),
            400,
            "The given data was invalid.",
            {"amount": [error]},
        )
    assert_error(
        api.put(f"transactions/{charge.pk}", {"amount": amount}),
        400,
        "The given data was invalid.",
        {"amount": [error]},
    )

    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.count() == count
    assert balance(world, "anna") == Decimal("87.50")


def test_given_a_polish_user_when_an_amount_is_refused_then_the_field_messages_are_polish(world):
    api = Api(world["tenant"], world["admin"], locale="pl")

    response = api.post(
        "transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": "100000.01", "bookedOn": "1999-01-01"}
    )

    body = assert_error(response, 400, "The given data was invalid.", {"amount": ..., "bookedOn": ...})
    assert body["errors"]["amount"] == ["Podaj kwotę nie większą niż 100000.00 zł."]
    assert body["errors"]["bookedOn"][0].startswith("Wybierz datę od 2000-01-01 do ")


@pytest.mark.parametrize(("amount", "booked"), [("5", "5.00"), ("5.00", "5.00"), ("5.5", "5.50")])
def test_given_an_amount_with_or_without_decimals_when_depositing_then_it_is_booked_exactly(world, amount, booked):
    api = api_for(world, "admin")

    response = api.post("transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": amount})

    assert response.status_code == 201, response.content
    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.get(pk=response.json()["id"]).amount == Decimal(booked)
    assert balance(world, "anna") == Decimal("87.50") + Decimal(booked)


def test_given_the_largest_amount_when_depositing_then_it_is_booked(world):
    api = api_for(world, "admin")

    response = api.post("transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": "100000"})

    assert response.status_code == 201, response.content
    assert balance(world, "anna") == Decimal("100087.50")


def latest_money_date() -> date:
    return timezone.localdate() + timedelta(days=366)


@pytest.mark.parametrize("booked_on", ["1999-12-31", "0026-11-25", "a year and two days ahead", "2206-11-25"])
def test_given_a_booking_date_outside_the_window_when_booking_then_400_and_nothing_booked(world, booked_on):
    if booked_on == "a year and two days ahead":
        booked_on = (latest_money_date() + timedelta(days=1)).isoformat()
    api = api_for(world, "admin")
    with in_tenant(world["tenant"]):
        count = LedgerTransaction.objects.count()

    response = api.post(
        "transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": "10.00", "bookedOn": booked_on}
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"bookedOn": [f"Choose a date from 2000-01-01 to {latest_money_date().isoformat()}."]},
    )
    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.count() == count


@pytest.mark.parametrize("edge", ["earliest", "latest"])
def test_given_a_booking_date_at_the_window_edge_when_booking_then_it_is_booked_on_it(world, edge):
    booked_on = date(2000, 1, 1) if edge == "earliest" else latest_money_date()
    api = api_for(world, "admin")

    response = api.post(
        "transactions",
        {"userId": world["anna"].pk, "kind": "deposit", "amount": "10.00", "bookedOn": booked_on.isoformat()},
    )

    assert response.status_code == 201, response.content
    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.get(pk=response.json()["id"]).booked_on == booked_on


def test_given_an_institutions_admin_when_booking_for_a_payer_elsewhere_then_it_is_refused(world):
    api = api_for(world, "school_admin")
    assert api.post("transactions", {"userId": world["anna"].pk, "kind": "deposit", "amount": "1"}).status_code == 201
    assert_error(
        api.post("transactions", {"userId": world["bartek"].pk, "kind": "deposit", "amount": "1"}),
        400,
        "The given data was invalid.",
        {"userId": ["Choose a parent or an institution worker you manage."]},
    )


def test_given_a_transaction_when_put_then_a_correction_is_booked_and_returned(world):
    api = api_for(world, "admin")
    charge = tx(world, "anna-chg")
    response = api.put(f"transactions/{charge.pk}", {"amount": "-10.00", "description": "Zła cena"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["kind"], body["amount"], body["correctsId"]) == ("correction", money("2.50"), charge.pk)
    assert balance(world, "anna") == Decimal("90.00")
    listed = {row["id"]: row for row in api.get("transactions").json()["items"]}
    assert listed[charge.pk]["amount"] == money("-12.50")
    assert listed[charge.pk]["effectiveAmount"] == money("-10.00")
    assert tx(world, "anna-chg").amount == Decimal("-12.50")  # the original row is never changed


def test_given_a_transaction_when_deleted_then_a_reversing_correction_is_booked(world):
    api = api_for(world, "admin")
    deposit = tx(world, "bartek-dep")
    response = api.delete(f"transactions/{deposit.pk}")
    assert response.status_code == 200 and response.json() == {"status": True}
    assert balance(world, "bartek") == Decimal("-30.00")
    with in_tenant(world["tenant"]):
        assert LedgerTransaction.objects.filter(pk=deposit.pk).exists()
    assert_error(api.delete(f"transactions/{deposit.pk}"), 409, "This transaction is already reversed.")


@pytest.mark.parametrize("role", [ROLE_PARENT, ROLE_INSTITUTION_WORKER, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN])
def test_given_no_transactions_edit_when_writing_then_403(world, role):
    api = Api(world["tenant"], make_user(world["tenant"], role))
    row = tx(world, "anna-dep")
    payload = {"userId": world["anna"].pk, "kind": "deposit", "amount": "1"}
    assert_error(api.post("transactions", payload), 403, "Forbidden.")
    assert_error(api.put(f"transactions/{row.pk}", {"amount": "1"}), 403, "Forbidden.")
    assert_error(api.delete(f"transactions/{row.pk}"), 403, "Forbidden.")


# --- who may call what -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", NO_LEDGER_ROLES)
@pytest.mark.parametrize("path", STAFF_ENDPOINTS + CUSTOMER_ENDPOINTS + ["billing/bankTransferDetails"])
def test_given_a_role_without_money_when_reading_the_ledger_then_403(world, role, path):
    assert_error(Api(world["tenant"], make_user(world["tenant"], role)).get(path), 403, "Forbidden.")


@pytest.mark.parametrize("name", ["anna", "celina"])
@pytest.mark.parametrize("path", STAFF_ENDPOINTS)
def test_given_a_customer_when_reading_staff_reports_then_403(world, name, path):
    assert_error(api_for(world, name).get(path), 403, "Forbidden.")


@pytest.mark.parametrize("name", ["anna", "celina", "admin", "school_admin"])
@pytest.mark.parametrize("path", CUSTOMER_ENDPOINTS)
def test_given_customers_and_staff_when_reading_lists_then_200(world, name, path):
    assert api_for(world, name).get(path).status_code == 200


@pytest.mark.parametrize("path", STAFF_ENDPOINTS + CUSTOMER_ENDPOINTS + ["billing/bankTransferDetails"])
def test_given_no_token_when_reading_then_401(world, path):
    assert_error(Api(world["tenant"]).get(path), 401, "Unauthenticated.")


def test_given_another_tenant_when_reading_then_its_ledger_is_invisible(world, tenant_b):
    other_admin = make_user(tenant_b, ROLE_ADMIN)
    api = Api(tenant_b, other_admin)
    assert api.get("transactions").json()["items"] == []
    row = tx(world, "anna-dep")
    assert_error(api.get(f"transactions/{row.pk}"), 404, "Not found.")
    assert_error(api.delete(f"transactions/{row.pk}"), 404, "Not found.")
    assert_error(api.get(f"transactions/userBalance/{world['anna'].pk}"), 404, "Not found.")
    assert api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()["items"] == []
    # a token of tenant alpha does not open tenant beta
    assert Api(tenant_b, token=Api(world["tenant"], world["admin"]).token).get("transactions").status_code == 401


# --- bank transfer details -------------------------------------------------------------------------------------


def test_given_a_bank_part_when_a_parent_asks_for_transfer_details_then_their_own_valid_nrb_is_returned(world):
    with in_tenant(world["tenant"]):
        set_settings("parents_settings", iban_account_number_part="10205558")
        set_settings("company_details", name="Kantyna Alfa", city="Warszawa", post_code="00-001", street="Prosta 1")
    body = api_for(world, "anna").get("billing/bankTransferDetails").json()
    number = body["accountNumber"]
    assert len(number) == 26 and nrb_is_valid(number)
    assert number[2:10] == "10205558" and number.endswith(str(world["anna"].pk).zfill(16))
    assert body["recipientName"] == "Kantyna Alfa"
    assert body["recipientAddress"] == "Prosta 1 00-001 Warszawa"
    assert body["title"] == f"Top-up KNT{world['anna'].pk:06d} Anna Nowak"
    assert body["balance"] == money("87.50")
    other = api_for(world, "celina").get("billing/bankTransferDetails").json()["accountNumber"]
    assert other != number and nrb_is_valid(other)


def test_given_no_bank_part_when_asking_for_transfer_details_then_the_number_is_null(world):
    assert api_for(world, "anna").get("billing/bankTransferDetails").json()["accountNumber"] is None


@pytest.mark.parametrize("user_id", [1, 7, 123456, 9999999999999999])
def test_given_any_payer_id_then_the_nrb_check_digits_are_valid(user_id):
    from kantyna.ledger.selectors import payer_nrb

    assert nrb_is_valid(payer_nrb(bank_part="1140", user_id=user_id))
