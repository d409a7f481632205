"""Importing a statement: each format's fixture is read and matched (by the payer's individual account number, by
their reference in the title, suggested by name, unmatched; debits and other currencies skipped); a damaged file
or one that is no statement is refused and nothing is stored; confirming books each matched credit once, the same
file again or an overlapping statement books nothing twice."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.exceptions import ValidationError

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_balance, payer_reference
from kantyna.statements.models import ImportedPayment, ImportedPaymentsFile
from kantyna.statements.services import statement_confirm, statement_import, statement_item_update
from kantyna.statements.tests.helpers import make_statement_world, upload
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    world = make_statement_world(tenant_a)
    world.admin = make_user(tenant_a, ROLE_ADMIN)
    return world


def lines(imported) -> list[tuple]:
    return [
        (str(item.amount), item.currency, item.match_kind, item.skip_reason, item.user_id)
        for item in imported.items.order_by("position")
    ]


def test_given_an_mt940_statement_when_imported_then_credits_are_matched_by_account_title_and_name(world):
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))

        assert imported.file_format == "mt940"
        assert lines(imported) == [
            ("150.00", "PLN", "account", "", world.anna.pk),
            ("80.50", "PLN", "title", "", world.bartek.pk),
            ("42.00", "PLN", "suggested", "", world.celina.pk),
            ("60.00", "PLN", "none", "", None),
            ("-1200.00", "PLN", "skipped", "debit", None),
        ]
        first = imported.items.get(position=1)
        assert (first.sender_name, first.title, first.sender_account, first.bank_reference) == (
            "ANNA NOWAK UL. SŁONECZNA 300-950 WARSZAWA",
            "Obiady listopad OlaKowalska",
            "61102026290000123456789012",
            "26112000001",
        )


def test_given_a_camt053_statement_when_imported_then_the_creditor_account_and_title_match(world):
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.camt053.xml.tmpl"))

        assert imported.file_format == "camt053"
        assert lines(imported) == [
            ("150.00", "PLN", "account", "", world.anna.pk),
            ("80.50", "PLN", "title", "", world.bartek.pk),
            ("20.00", "EUR", "skipped", "currency", None),
            ("-1200.00", "PLN", "skipped", "debit", None),
        ]


def test_given_a_generic_csv_when_imported_then_decimal_commas_and_spaced_accounts_are_read(world):
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.generic.csv.tmpl"))

        assert imported.file_format == "csv"
        assert lines(imported) == [
            ("150.00", "PLN", "account", "", world.anna.pk),
            ("80.50", "PLN", "title", "", world.bartek.pk),
            ("-1200.00", "PLN", "skipped", "debit", None),
            ("20.00", "EUR", "skipped", "currency", None),
        ]
        assert imported.items.get(position=1).sender_account == "61102026290000123456789012"


def test_given_an_mbank_csv_in_cp1250_when_imported_with_its_profile_then_it_is_detected_and_summaries_left_out(world):
    with in_tenant(world.tenant):
        imported = statement_import(
            actor=world.admin, upload=upload(world, "statement.mbank.csv.tmpl"), csv_profile="mbank"
        )

        assert imported.csv_profile == "mbank"
        assert lines(imported) == [
            ("150.00", "PLN", "title", "", world.anna.pk),
            ("42.00", "PLN", "suggested", "", world.celina.pk),
        ]
        assert imported.items.get(position=2).sender_name == "CELINA ZAJĄC"


def test_given_namesakes_when_suggesting_then_the_one_whose_debt_equals_the_amount_is_suggested(world):
    from kantyna.ledger.tests.helpers import book

    namesake = make_user(world.tenant, "ROLE_INSTITUTION_WORKER", first_name="Celina", last_name="Zając")
    with in_tenant(world.tenant):
        book(namesake, "charge", "-42.00", key="debt")
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))

        assert imported.items.get(position=3).user_id == namesake.pk


@pytest.mark.parametrize(
    ("content", "file_format"),
    [
        (b":20:MT940\r\n:25:/PL27114020040000300201355387\r\n:61:26XX\r\n-", None),  # a damaged MT940
        (
            b"<?xml version='1.0'?><Document xmlns='urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'><BkToCstmrStmt>",
            None,
        ),
        (b"<?xml version='1.0'?><!DOCTYPE d [<!ENTITY e 'x'>]><Document>camt.053 &e;</Document>", "camt053"),
        (b"Dear customer,\nthis is a letter.\n", None),
        (b"date;amount;title\n2026-11-20;abc;Wplata\n", "csv"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", None),  # refused by the upload check: not a text file
        (b"", None),
        (
            b":20:MT940\r\n:25:/PL27114020040000300201355387\r\n:28C:1/1\r\n:60F:C261120PLN0,00\r\n"
            b":61:2611201120C99999999999,00S034DOK0001//1\r\n:62F:C261120PLN0,00\r\n-",
            None,
        ),
        (b'date;amount;title\n2026-11-20;1,00;"' + b"x" * 140_000 + b"\n", "csv"),
    ],
    ids=[
        "mt940 damaged",
        "camt cut short",
        "xml entity",
        "a letter",
        "csv bad amount",
        "png",
        "empty",
        "mt940 amount past the money column",
        "csv quote left open past the field limit",
    ],
)
def test_given_a_file_that_is_no_statement_when_imported_then_it_is_refused_and_nothing_is_stored(
    world, content, file_format
):
    with in_tenant(world.tenant):
        audit = AuditEntry.objects.count()
        with pytest.raises((DomainError, ValidationError)) as refusal:
            statement_import(
                actor=world.admin,
                upload=SimpleUploadedFile("wyciag.txt", content),
                file_format=file_format,
            )

        if isinstance(refusal.value, ValidationError):
            assert list(refusal.value.detail) == ["file"] and content[:4] in (b"\x89PNG", b"")
        else:
            assert refusal.value.code == "statement.unreadable"
        assert ImportedPaymentsFile.objects.count() == 0
        assert ImportedPayment.objects.count() == 0
        assert AuditEntry.objects.count() == audit


def confirm_statement(world):
    imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
    unmatched = imported.items.get(position=4)
    statement_item_update(actor=world.admin, item=unmatched, user=world.celina)
    return imported, statement_confirm(actor=world.admin, file=imported)


def deposits() -> list[tuple]:
    return sorted(
        (row.account.user_id, str(row.amount), row.booked_on.isoformat())
        for row in LedgerTransaction.objects.select_related("account").filter(kind="deposit")
    )


def test_given_a_reviewed_statement_when_confirmed_then_each_matched_credit_is_booked_once(world):
    with in_tenant(world.tenant):
        imported, summary = confirm_statement(world)

        assert summary == {"count": 3, "total": Decimal("290.50")}  # the suggestion is not booked
        assert deposits() == [
            (world.anna.pk, "150.00", "2026-11-20"),
            (world.bartek.pk, "80.50", "2026-11-20"),
            (world.celina.pk, "60.00", "2026-11-21"),
        ]
        assert (ledger_balance(world.anna), ledger_balance(world.bartek), ledger_balance(world.celina)) == (
            Decimal("150.00"),
            Decimal("80.50"),
            Decimal("60.00"),
        )
        imported.refresh_from_db()
        assert imported.status == "confirmed"
        assert imported.items.filter(transaction__isnull=False).count() == 3
        with pytest.raises(DomainError) as again:
            statement_confirm(actor=world.admin, file=imported)
        assert again.value.code == "statement.already_confirmed"
        assert len(deposits()) == 3


def test_given_a_confirmed_statement_when_the_same_file_is_imported_again_then_it_books_nothing(world):
    with in_tenant(world.tenant):
        confirm_statement(world)

        again = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
        summary = statement_confirm(actor=world.admin, file=again)

        assert [item.match_kind for item in again.items.order_by("position")] == [
            "already_imported",
            "already_imported",
            "suggested",
            "already_imported",
            "skipped",
        ]
        assert summary == {"count": 0, "total": Decimal("0.00")}
        assert len(deposits()) == 3


def test_given_an_overlapping_statement_when_confirmed_then_only_its_new_credits_are_booked(world):
    with in_tenant(world.tenant):
        confirm_statement(world)

        overlap = statement_import(actor=world.admin, upload=upload(world, "overlap.mt940.tmpl"))
        summary = statement_confirm(actor=world.admin, file=overlap)

        assert [item.match_kind for item in overlap.items.order_by("position")] == [
            "suggested",
            "already_imported",
            "skipped",
            "account",
        ]
        assert summary == {"count": 1, "total": Decimal("150.00")}
        assert deposits()[0:2] == [(world.anna.pk, "150.00", "2026-11-20"), (world.anna.pk, "150.00", "2026-11-23")]


def test_given_two_drafts_of_one_transfer_when_both_are_confirmed_then_the_second_finds_it_already_imported(world):
    with in_tenant(world.tenant):
        first = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
        second = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))

        statement_confirm(actor=world.admin, file=first)
        summary = statement_confirm(actor=world.admin, file=second)

        assert summary["count"] == 0
        assert second.items.get(position=1).match_kind == "already_imported"
        assert len(deposits()) == 2


def test_given_balances_per_child_when_a_parent_with_one_child_pays_then_the_childs_account_is_credited(world):
    with in_tenant(world.tenant):
        from kantyna.tenant_settings.services import settings_update

        settings_update(actor=None, key="parents_settings", data={"balance_per_children": True})
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
        assert imported.items.get(position=1).child_id == world.ola.pk

        statement_confirm(actor=world.admin, file=imported)

        account = LedgerAccount.objects.get(user=world.anna, child=world.ola)
        assert account.balance == Decimal("150.00")


def test_given_a_skipped_line_when_assigning_it_then_it_is_refused_and_unchanged(world):
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
        debit = imported.items.get(position=5)

        with pytest.raises(DomainError) as refusal:
            statement_item_update(actor=world.admin, item=debit, user=world.anna)

        assert refusal.value.code == "statement.item_not_bookable"
        debit.refresh_from_db()
        assert (debit.match_kind, debit.user_id) == ("skipped", None)


def test_given_balances_per_child_when_assigning_a_child_then_only_the_payers_own_child_is_accepted(world):
    with in_tenant(world.tenant):
        from kantyna.tenant_settings.services import settings_update

        settings_update(actor=None, key="parents_settings", data={"balance_per_children": True})
        imported = statement_import(actor=world.admin, upload=upload(world, "statement.mt940.tmpl"))
        unmatched = imported.items.get(position=4)

        with pytest.raises(DomainError) as refusal:
            statement_item_update(actor=world.admin, item=unmatched, user=world.bartek, child=world.ola)
        assigned = statement_item_update(actor=world.admin, item=unmatched, user=world.anna, child=world.ola)

        assert refusal.value.code == "ledger.child_of_another_payer"
        unmatched.refresh_from_db()
        assert (assigned.match_kind, unmatched.user_id, unmatched.child_id) == ("manual", world.anna.pk, world.ola.pk)


BATCH = """<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>M</MsgId><CreDtTm>2026-11-21T06:00:00+01:00</CreDtTm></GrpHdr>
<Stmt><Id>1</Id>
<Ntry><Amt Ccy="PLN">300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>BATCH1</AcctSvcrRef>
<NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
<TxDtls>{first}<RltdPties><Dbtr><Pty><Nm>ANNA NOWAK</Nm></Pty></Dbtr></RltdPties>
<RmtInf><Ustrd>Wplata {anna_ref}</Ustrd></RmtInf></TxDtls>
<TxDtls>{second}<RltdPties><Dbtr><Pty><Nm>BARTOSZ W</Nm></Pty></Dbtr></RltdPties>
<RmtInf><Ustrd>Wplata {bartek_ref}</Ustrd></RmtInf></TxDtls>
</NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>"""


def batch_upload(world, first: str, second: str) -> SimpleUploadedFile:
    body = BATCH.format(
        first=first,
        second=second,
        anna_ref=payer_reference(world.anna.pk),
        bartek_ref=payer_reference(world.bartek.pk),
    )
    return SimpleUploadedFile("wyciag.xml", body.encode(), content_type="application/xml")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ('<Amt Ccy="PLN">120.00</Amt>', '<Amt Ccy="PLN">180.00</Amt>'),  # camt.053.001.08: TxDtls/Amt
        (
            '<AmtDtls><TxAmt><Amt Ccy="PLN">120.00</Amt></TxAmt></AmtDtls>',  # camt.053.001.02
            '<AmtDtls><TxAmt><Amt Ccy="PLN">180.00</Amt></TxAmt></AmtDtls>',
        ),
    ],
    ids=["001.08 amounts", "001.02 amounts"],
)
def test_given_a_camt_batch_entry_when_confirmed_then_each_part_is_booked_with_its_own_amount(world, first, second):
    """A batch entry of 300.00 holding two transfers with no references of their own: each payer gets their part,
    the two together what the bank received."""
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=batch_upload(world, first, second))

        assert lines(imported) == [
            ("120.00", "PLN", "title", "", world.anna.pk),
            ("180.00", "PLN", "title", "", world.bartek.pk),
        ]
        statement_confirm(actor=world.admin, file=imported)

        assert deposits() == [
            (world.anna.pk, "120.00", "2026-11-20"),
            (world.bartek.pk, "180.00", "2026-11-20"),
        ]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("", ""),  # the parts carry no amounts: only the entry's total is known
        ('<Amt Ccy="PLN">150.00</Amt>', '<Amt Ccy="PLN">200.00</Amt>'),  # the parts add up to more than arrived
    ],
    ids=["no part amounts", "parts past the total"],
)
def test_given_a_camt_batch_whose_parts_are_not_known_when_imported_then_the_whole_entry_waits_for_the_admin(
    world, first, second
):
    with in_tenant(world.tenant):
        imported = statement_import(actor=world.admin, upload=batch_upload(world, first, second))

        assert lines(imported) == [("300.00", "PLN", "none", "", None)]
        statement_confirm(actor=world.admin, file=imported)

        assert deposits() == []
