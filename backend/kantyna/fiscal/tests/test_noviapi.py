"""A Novitus printer through NoviApi (registers/noviapi.py) against a printer played locally (printer.py): the receipt
it is sent, one token for many receipts, and every way a call can fail mid-way ending in one printed receipt,
never two, with the reason kept when it cannot end."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import override_settings
from django.utils import timezone

from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.registers import Sale
from kantyna.fiscal.registers.noviapi import NoviApiRegister
from kantyna.fiscal.services import fiscal_receipt_register, fiscal_receipts_queue, fiscal_register_due
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent
from kantyna.fiscal.tests.printer import UNIQUE_NUMBER
from kantyna.ledger.models import DEPOSIT_ONLINE, DEPOSIT_STAFF, LedgerTransaction
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error

pytestmark = pytest.mark.django_db


def use_printer(tenant, url: str, **options) -> None:
    enable(tenant, register="novitus", register_url=url, **options)


def receipt_of(tenant, row) -> FiscalReceipt:
    with in_tenant(tenant):
        return FiscalReceipt.objects.get(transaction_id=row.pk)


def later(minutes: int = 0, *, hours: int = 0):
    return timezone.now() + timedelta(minutes=minutes, hours=hours)


def test_given_a_deposit_then_the_printer_prints_one_receipt_numbered_by_its_unique_number(tenant_a, printer):
    use_printer(tenant_a, printer.url, tax_symbol="A", item_name="Obiady szkolne")
    row = book(tenant_a, make_parent(tenant_a), amount="42.50")

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 1, "failed": 0}
        receipt = receipt_of(tenant_a, row)

    assert receipt.state == "registered" and receipt.register == "novitus"
    assert receipt.receipt_number == f"{UNIQUE_NUMBER}/1"
    assert receipt.register_memo == {"id": receipt.register_memo["id"], "confirmed": True}
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.get(pk=row.pk).fiscalized is True
    assert printer.printed == [
        {
            "items": [
                {"article": {"name": "Obiady szkolne", "ptu": "A", "quantity": "1", "price": "42.50", "value": "42.50"}}
            ],
            "payments": [{"other": {"name": "Wpłata", "value": "42.50"}}],
            "summary": {"total": "42.50", "pay_in": "42.50"},
            "system_info": {"system_number": {"print_as": "text", "value": f"kantyna-tx-{row.pk}"}},
        }
    ]
    assert printer.calls == [
        "GET /api/v1/token",
        "POST /api/v1/receipt",
        f"GET /api/v1/receipt/{receipt.register_memo['id']}",
        f"PUT /api/v1/receipt/{receipt.register_memo['id']}",
        f"GET /api/v1/receipt/{receipt.register_memo['id']}",
    ]


def test_given_an_online_payment_then_the_receipt_is_paid_by_transfer():
    register = NoviApiRegister(url="http://printer.example:8888", item_name="Posiłki - przedpłata", tax_symbol="B")
    sale = Sale(key="kantyna-tx-7", amount=Decimal("5"), booked_on=timezone.localdate(), description="", buyer="")

    online = register.receipt(Sale(**{**sale.__dict__, "paid": DEPOSIT_ONLINE}))
    office = register.receipt(Sale(**{**sale.__dict__, "paid": DEPOSIT_STAFF}))

    assert online["receipt"]["payments"] == [{"transfer": {"value": "5.00"}}]
    assert office["receipt"]["payments"] == [{"other": {"name": "Wpłata", "value": "5.00"}}]
    assert register.base_url == "http://printer.example:8888/api/v1"


def test_given_many_deposits_then_one_token_serves_them_all(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    parent = make_parent(tenant_a)
    rows = [book(tenant_a, parent, amount=amount) for amount in ("10.00", "20.00", "30.00")]

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 3, "failed": 0}
        numbers = [receipt_of(tenant_a, row).receipt_number for row in rows]

    assert numbers == [f"{UNIQUE_NUMBER}/1", f"{UNIQUE_NUMBER}/2", f"{UNIQUE_NUMBER}/3"]
    assert printer.token_requests == 1
    assert [receipt["summary"]["total"] for receipt in printer.printed] == ["10.00", "20.00", "30.00"]


def test_given_the_answer_to_the_receipt_is_lost_then_the_next_attempt_sends_it_again_and_one_is_printed(
    tenant_a, printer
):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.lose_answer("POST")

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 1}
        failed = receipt_of(tenant_a, row)
        assert failed.state == "failed" and failed.register_memo == {}
        assert failed.last_error.startswith("The printer could not be reached (POST /api/v1/receipt)")

        assert fiscal_register_due(now=later(hours=1)).as_dict() == {"registered": 1, "failed": 0}

    assert receipt_of(tenant_a, row).receipt_number == f"{UNIQUE_NUMBER}/1"
    # The first request was stored, never confirmed: the printer drops it at its daily report, unprinted.
    assert len(printer.requests) == 2 and len(printer.printed) == 1
    assert sorted(request.status for request in printer.requests.values()) == ["DONE", "STORED"]


def test_given_the_answer_to_the_confirmation_is_lost_then_the_next_attempt_reads_the_printed_number(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.lose_answer("PUT")

    with in_tenant(tenant_a):
        fiscal_register_due()
        failed = receipt_of(tenant_a, row)
        assert failed.state == "failed" and failed.register_memo["confirmed"] is False
        assert len(printer.printed) == 1  # the printer did print it

        fiscal_register_due(now=later(hours=1))

    receipt = receipt_of(tenant_a, row)
    assert receipt.state == "registered" and receipt.receipt_number == f"{UNIQUE_NUMBER}/1"
    assert len(printer.printed) == 1 and printer.calls.count("POST /api/v1/receipt") == 1


def test_given_the_printer_refuses_a_confirmed_receipt_then_the_reason_is_kept_and_it_is_sent_anew(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.refuse(1521, "Długość ID transakcji niepoprawna")

    with in_tenant(tenant_a):
        fiscal_register_due()
        failed = receipt_of(tenant_a, row)
        assert failed.state == "failed" and failed.register_memo == {}
        assert failed.last_error == "The printer refused the receipt: 1521 Długość ID transakcji niepoprawna"
        assert printer.printed == []

        fiscal_register_due(now=later(hours=1))

    assert receipt_of(tenant_a, row).state == "registered" and len(printer.printed) == 1
    assert printer.calls.count("POST /api/v1/receipt") == 2


def test_given_a_daily_report_waits_then_refused_until_it_is_printed(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.waiting_for_daily_report = True

    with in_tenant(tenant_a):
        fiscal_register_due()
        failed = receipt_of(tenant_a, row)
        assert failed.state == "failed" and failed.register_memo == {}
        assert failed.last_error == (
            "The printer waits for its daily report to be printed before it takes more receipts "
            "(11 Waiting for execute daily report)."
        )
        printer.daily_report()
        fiscal_register_due(now=later(hours=1))

    assert receipt_of(tenant_a, row).state == "registered" and len(printer.printed) == 1


def test_given_the_printer_is_still_printing_then_the_receipt_waits_pending_for_the_next_run(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.hold(1)

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 0}
        waiting = receipt_of(tenant_a, row)
        assert waiting.state == "pending" and waiting.register_memo["confirmed"] is True and waiting.attempts == 1

        assert fiscal_register_due().as_dict() == {"registered": 1, "failed": 0}

    receipt = receipt_of(tenant_a, row)
    assert receipt.receipt_number == f"{UNIQUE_NUMBER}/1" and receipt.attempts == 2
    assert len(printer.printed) == 1 and printer.calls.count("PUT /api/v1/receipt/" + receipt.register_memo["id"]) == 1


def test_given_a_device_error_while_waiting_then_failed_with_it_and_finished_once_it_clears(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.device_error = {"code": 3, "description": "Brak papieru"}

    with in_tenant(tenant_a):
        fiscal_register_due()
        failed = receipt_of(tenant_a, row)
        assert failed.state == "failed" and failed.register_memo["confirmed"] is True
        assert failed.last_error == "The printer reports an error and has not printed the receipt yet: 3 Brak papieru"

        printer.device_error = None
        fiscal_register_due(now=later(hours=1))

    assert receipt_of(tenant_a, row).state == "registered" and len(printer.printed) == 1
    assert printer.calls.count("POST /api/v1/receipt") == 1


def test_given_an_unconfirmed_request_dropped_by_a_daily_report_then_it_is_sent_anew(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    with in_tenant(tenant_a):
        receipt = FiscalReceipt.objects.create(
            transaction_id=row.pk,
            amount=row.amount,
            register="novitus",
            register_memo={"id": "0" * 32, "confirmed": False},
        )

        fiscal_receipt_register(receipt_id=receipt.pk)

    registered = receipt_of(tenant_a, row)
    assert registered.state == "registered" and registered.register_memo["id"] != "0" * 32
    assert printer.calls[:3] == ["GET /api/v1/token", f"GET /api/v1/receipt/{'0' * 32}", "POST /api/v1/receipt"]
    assert len(printer.printed) == 1


def test_given_a_confirmed_request_the_printer_no_longer_knows_then_it_is_left_to_a_person(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    with in_tenant(tenant_a):
        FiscalReceipt.objects.create(
            transaction_id=row.pk,
            amount=row.amount,
            register="novitus",
            register_memo={"id": "f" * 32, "confirmed": True},
        )

        fiscal_register_due()
        fiscal_register_due(now=later(hours=1))

        failed = receipt_of(tenant_a, row)
    assert failed.state == "failed" and failed.attempts == 2
    assert failed.last_error.startswith(f"The printer no longer knows request {'f' * 32}, which was confirmed")
    assert failed.register_memo == {"id": "f" * 32, "confirmed": True}
    assert "POST /api/v1/receipt" not in printer.calls and printer.printed == []


def test_given_the_token_expired_then_a_new_one_is_taken_and_the_receipt_printed(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    parent = make_parent(tenant_a)
    first, second = book(tenant_a, parent), book(tenant_a, parent)
    with in_tenant(tenant_a):
        fiscal_receipts_queue(actor=make_admin(tenant_a), transaction_ids=[first.pk])
        fiscal_receipt_register(receipt_id=receipt_of(tenant_a, first).pk)
        printer.expire_tokens()

        fiscal_receipts_queue(actor=make_admin(tenant_a), transaction_ids=[second.pk])
        fiscal_receipt_register(receipt_id=receipt_of(tenant_a, second).pk)

    assert receipt_of(tenant_a, second).state == "registered" and printer.token_requests == 2
    assert len(printer.printed) == 2


def test_given_the_printer_gives_no_more_tokens_then_failed_with_when_it_will(tenant_a, printer):
    printer.token_limit = 0
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))

    with in_tenant(tenant_a):
        fiscal_register_due()

    failed = receipt_of(tenant_a, row)
    assert failed.state == "failed"
    assert failed.last_error.startswith("The printer gives no new token until 20")
    assert failed.last_error.endswith("(too many token requests).")
    assert printer.calls == ["GET /api/v1/token"]


def test_given_a_printer_on_the_servers_own_network_then_refused_unless_allowed(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))

    with override_settings(FISCAL_REGISTER_ANY_ADDRESS=False), in_tenant(tenant_a):
        fiscal_register_due()

    failed = receipt_of(tenant_a, row)
    assert failed.state == "failed"
    assert (
        failed.last_error
        == "The printer's address 127.0.0.1 is not a public address; this server calls only public ones."
    )
    assert printer.calls == []


def test_given_a_sale_held_by_the_printer_then_it_is_finished_there_after_the_tenant_switches_registers(
    tenant_a, printer
):
    use_printer(tenant_a, printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    printer.hold(1)
    with in_tenant(tenant_a):
        fiscal_register_due()
        settings_update(actor=None, key="fiscal_config", data={"fiscalization_enabled": True, "register": "fake"})

        fiscal_register_due()

    receipt = receipt_of(tenant_a, row)
    assert receipt.register == "novitus" and receipt.receipt_number == f"{UNIQUE_NUMBER}/1"
    assert len(printer.printed) == 1


def test_given_a_polish_speaking_tenant_then_the_printers_reason_is_kept_in_polish(tenant_a, printer):
    use_printer(tenant_a, printer.url)
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"default_locale": "pl"})
    row = book(tenant_a, make_parent(tenant_a))
    printer.refuse(1521, "Długość ID transakcji niepoprawna")

    with in_tenant(tenant_a):
        fiscal_register_due()

    assert receipt_of(tenant_a, row).last_error == "Drukarka odrzuciła paragon: 1521 Długość ID transakcji niepoprawna"


def test_given_the_settings_form_when_checking_the_printer_then_it_answers_or_the_reason_is_shown(tenant_a, printer):
    enable(tenant_a)
    api = Api(tenant_a, make_admin(tenant_a))

    answered = api.post("fiscal/registerCheck", {"register": "novitus", "registerUrl": printer.url})
    silent = api.post("fiscal/registerCheck", {"register": "novitus", "registerUrl": "http://127.0.0.1:9"})
    with override_settings(FISCAL_REGISTER_ANY_ADDRESS=False):
        private = api.post("fiscal/registerCheck", {"register": "novitus", "registerUrl": printer.url})

    assert answered.status_code == 200 and answered.json() == {"status": True}
    assert printer.calls == ["GET /api/v1"]  # the communication test: no token spent, nothing stored
    assert_error(silent, 400, "The given data was invalid.", {"registerUrl": ...})
    assert silent.json()["errors"]["registerUrl"][0].startswith(
        "The cash register did not answer as expected: The printer could not be reached (GET /api/v1): "
    )
    assert_error(
        private,
        400,
        "The given data was invalid.",
        {
            "registerUrl": [
                "The cash register did not answer as expected: The printer's address 127.0.0.1 is not a public "
                "address; this server calls only public ones."
            ]
        },
    )
    assert printer.calls == ["GET /api/v1"]
    with in_tenant(tenant_a):
        assert FiscalReceipt.objects.count() == 0
