"""The fiscalize calls over HTTP and what the transactions lists show: the receipt number once registered, the
refusals in the error shape, two queries more per page whatever its size, none in a tenant that never enabled
fiscalization."""

from __future__ import annotations

import pytest

from kantyna.fiscal.services import fiscal_register_due
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent, registration_jobs
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db


def run_job(tenant) -> dict:
    with in_tenant(tenant):
        return fiscal_register_due().as_dict()


def test_given_fiscalization_on_when_a_deposit_is_fiscalized_then_it_shows_its_receipt_number(tenant_a):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    row = book(tenant_a, parent, amount="25.00")
    api = Api(tenant_a, admin)
    assert api.get(f"transactions/{row.pk}").json()["fiscal"] == {
        "state": "pending",
        "receiptNumber": "",
        "attempts": 0,
        "lastError": "",
        "registeredAt": None,
    }

    assert api.post(f"transactions/{row.pk}/fiscalize").json() == {"status": True}
    with in_tenant(tenant_a):
        assert registration_jobs() == [{"slug": tenant_a.slug}]
    run_job(tenant_a)

    shown = api.get(f"transactions/{row.pk}").json()
    assert shown["fiscalized"] is True
    assert shown["fiscal"]["state"] == "registered"
    assert shown["fiscal"]["receiptNumber"] == f"FAKE/{row.booked_on.year}/{row.pk:06d}"
    listed = api.get("transactions").json()["items"]
    assert [item["fiscal"]["receiptNumber"] for item in listed] == [shown["fiscal"]["receiptNumber"]]
    # The payer sees the receipt of their own deposit too.
    assert Api(tenant_a, parent).get(f"transactions/{row.pk}").json()["fiscal"]["state"] == "registered"


def test_given_fiscalization_off_then_the_calls_are_refused_with_a_clear_error_and_rows_show_no_state(tenant_a):
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    row = book(tenant_a, parent)
    api = Api(tenant_a, admin)

    for response in (
        api.post(f"transactions/{row.pk}/fiscalize"),
        api.post("transactions/bulkFiscalize", {"transactionsIds": [row.pk]}),
        api.post("transactions/fiscalizeAll"),
    ):
        assert_error(response, 409, "Fiscalization is disabled.")
    assert api.get(f"transactions/{row.pk}").json()["fiscal"] is None


def test_given_a_charge_when_fiscalized_then_400_and_in_bulk_it_is_listed_as_refused(tenant_a):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    deposit = book(tenant_a, parent)
    charge = book(tenant_a, parent, "charge", "-10.00")
    api = Api(tenant_a, admin)

    assert_error(
        api.post(f"transactions/{charge.pk}/fiscalize"), 400, "Only deposits are registered on the cash register."
    )
    assert_error(api.post("transactions/999999/fiscalize"), 404, "Not found.")
    bulk = api.post("transactions/bulkFiscalize", {"transactionsIds": [deposit.pk, charge.pk]}).json()
    assert bulk == {
        "status": True,
        "queued": [deposit.pk],
        "refused": [{"id": charge.pk, "message": "Only deposits are registered on the cash register."}],
    }
    assert_error(
        api.post("transactions/bulkFiscalize", {"transactionsIds": []}),
        400,
        "The given data was invalid.",
        {"transactionsIds": ["This list may not be empty."]},
    )
    assert api.get(f"transactions/{charge.pk}").json()["fiscal"] is None


def test_given_pending_and_failed_deposits_when_fiscalizing_all_then_each_is_registered(tenant_a, fake_register):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    rows = [book(tenant_a, parent, amount=f"{10 + index}.00") for index in range(3)]
    fake_register.failing(1)
    assert run_job(tenant_a) == {"registered": 2, "failed": 1}
    api = Api(tenant_a, admin)
    failed = [item for item in api.get("transactions").json()["items"] if item["fiscal"]["state"] == "failed"]
    assert len(failed) == 1 and failed[0]["fiscal"]["lastError"] == "The fake register was told to fail."

    assert api.post("transactions/fiscalizeAll").json() == {"status": True, "queued": 1}
    assert run_job(tenant_a) == {"registered": 1, "failed": 0}
    states = {item["id"]: item["fiscal"]["state"] for item in api.get("transactions").json()["items"]}
    assert states == {row.pk: "registered" for row in rows}


def test_given_more_deposits_when_listing_then_the_query_count_does_not_grow(tenant_a):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    book(tenant_a, parent)
    book(tenant_a, parent)
    run_job(tenant_a)
    book(tenant_a, parent)  # one registered, one not yet claimed: both lookups run
    api = Api(tenant_a, admin)
    api.get("transactions")  # warm the session caches
    with assert_num_queries(5) as few:
        api.get("transactions")
    for _index in range(6):
        book(tenant_a, parent)
    run_job(tenant_a)
    book(tenant_a, parent)
    with assert_num_queries(len(few)):
        response = api.get("transactions")
    assert response.json()["total"] == 10


def test_given_fiscalization_never_enabled_when_listing_then_the_fiscal_states_cost_no_query_until_it_is(tenant_a):
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    for _index in range(3):
        book(tenant_a, parent)
    api = Api(tenant_a, admin)
    api.get("transactions")  # warm the session caches

    # The caller, the count, the page: the page's own query says no row can have a fiscal state.
    with assert_num_queries(3):
        never = api.get("transactions").json()["items"]
    enable(tenant_a)
    with assert_num_queries(3 + 2):  # the receipts (none yet), then the settings: the deposits are pending
        enabled = api.get("transactions").json()["items"]
    run_job(tenant_a)
    enable(tenant_a, enabled=False)
    with assert_num_queries(3 + 1):  # switched off again, its receipts are still shown: each deposit has one
        switched_off = api.get("transactions").json()["items"]

    assert [row["fiscal"] for row in never] == [None, None, None]
    assert [row["fiscal"]["state"] for row in enabled] == ["pending", "pending", "pending"]
    assert [row["fiscal"]["state"] for row in switched_off] == ["registered", "registered", "registered"]


def test_given_a_failed_deposit_when_registered_by_hand_over_http_then_the_list_shows_the_number(
    tenant_a, fake_register
):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    row = book(tenant_a, parent)
    fake_register.failing(1)
    assert run_job(tenant_a) == {"registered": 0, "failed": 1}
    api = Api(tenant_a, admin)
    url = f"transactions/{row.pk}/fiscalReceipt/registered"

    assert_error(api.post(url, {"receiptNumber": "   "}), 400, "The given data was invalid.", {"receiptNumber": ...})
    assert_error(
        api.post(url, {"receiptNumber": "9" * 101}), 400, "The given data was invalid.", {"receiptNumber": ...}
    )
    assert api.post(url, {"receiptNumber": " R/1 "}).json() == {"status": True}
    assert api.post(url, {"receiptNumber": "R/1"}).json() == {"status": True}

    shown = api.get(f"transactions/{row.pk}").json()
    assert shown["fiscalized"] is True
    assert (shown["fiscal"]["state"], shown["fiscal"]["receiptNumber"]) == ("registered", "R/1")
    assert_error(api.post(url, {"receiptNumber": "R/2"}), 409, "This receipt is already registered with number R/1.")
    assert_error(
        api.post(f"transactions/{row.pk}/fiscalReceipt/sendAnew"),
        409,
        "This receipt is already registered with number R/1.",
    )
    polish = Api(tenant_a, admin, locale="pl")
    assert_error(
        polish.post(url, {"receiptNumber": "R/2"}), 409, "Ten paragon jest już zarejestrowany pod numerem R/1."
    )
    assert_error(api.post("transactions/999999/fiscalReceipt/registered", {"receiptNumber": "R/1"}), 404, "Not found.")


def test_given_a_failed_deposit_when_sent_anew_over_http_then_the_job_registers_it(tenant_a, fake_register):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    failed, fresh = book(tenant_a, parent), book(tenant_a, parent)
    fake_register.failing(1)
    run_job(tenant_a)
    api = Api(tenant_a, admin)
    states = {item["id"]: item["fiscal"]["state"] for item in api.get("transactions").json()["items"]}
    failed, registered = (failed, fresh) if states[failed.pk] == "failed" else (fresh, failed)
    assert_error(
        api.post(f"transactions/{registered.pk}/fiscalReceipt/sendAnew"),
        409,
        f"This receipt is already registered with number FAKE/{registered.booked_on.year}/{registered.pk:06d}.",
    )

    assert api.post(f"transactions/{failed.pk}/fiscalReceipt/sendAnew").json() == {"status": True}
    assert api.get(f"transactions/{failed.pk}").json()["fiscal"]["state"] == "pending"
    with in_tenant(tenant_a):
        assert registration_jobs() == [{"slug": tenant_a.slug}]
    assert_error(
        api.post(f"transactions/{failed.pk}/fiscalReceipt/sendAnew"),
        409,
        "The cash register may still be registering this receipt: only a failed receipt can be settled by hand.",
    )
    assert run_job(tenant_a) == {"registered": 1, "failed": 0}
    assert api.get(f"transactions/{failed.pk}").json()["fiscal"]["state"] == "registered"


def test_given_a_deposit_without_a_receipt_when_settled_by_hand_then_409(tenant_a):
    enable(tenant_a)
    row = book(tenant_a, make_parent(tenant_a))
    api = Api(tenant_a, make_admin(tenant_a))

    for response in (
        api.post(f"transactions/{row.pk}/fiscalReceipt/registered", {"receiptNumber": "R/1"}),
        api.post(f"transactions/{row.pk}/fiscalReceipt/sendAnew"),
    ):
        assert_error(response, 409, "This deposit has no fiscal receipt yet: fiscalize it first.")
    assert api.get(f"transactions/{row.pk}").json()["fiscal"]["state"] == "pending"
