"""The accepted refunds as a bank file for one bulk-transfer upload: Elixir-O or CSV.

Elixir-O is the line format of KIR's Elixir clearing system that Polish banks' business banking imports for
domestic transfers (KIR, "Specyfikacja techniczna nr 2 - Zasady tworzenia i struktury (formaty) komunikatów",
https://www.banki.kir.pl/elixir/instrumenty-platnicze/; the banks' import guides restate it, e.g. PKO BP's
"Struktura pliku wejściowego ipko biznes ELIXIR-O" and Alior's "Opis formatu pliku płatności krajowych PLI", which
says its file follows KIR's ELIXIR message format). One transfer a line, CRLF-terminated, fields separated by
commas, text fields in double quotes, multi-line texts as up to 4 x 35 characters joined by `|`:

     1 message type: 110 (a credit transfer)        9 beneficiary's name and address (4 x 35)
     2 execution date: YYYYMMDD                     10 0
     3 amount in grosze, no separator               11 beneficiary bank's sort number (NRB digits 3-10)
     4 ordering bank's sort number (NRB digits 3-10) 12 title (4 x 35)
     5 0                                            13 empty
     6 ordering account (NRB, 26 digits)            14 empty
     7 beneficiary's account (NRB, 26 digits)       15 classification: "51" (a transfer)
     8 ordering party's name and address (4 x 35)   16 empty (the ordering party's reference)

Encoded in Windows-1250: the code page mBank, ING and Pekao's guides name for imports (some banks take ISO-8859-2
as well; both hold every Polish letter)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from kantyna.core.errors import DomainError
from kantyna.core.spreadsheets import export_file
from kantyna.core.validators import nrb_is_valid
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.selectors import return_requests_to_pay
from kantyna.tenant_settings.selectors import settings_get

ELIXIR_ENCODING = "cp1250"
ELIXIR_TYPE = "text/plain; charset=windows-1250"
LINE_PART = 35
LINE_PARTS = 4


@dataclass(frozen=True)
class Sender:
    name: str
    address: str
    city: str
    bank_account_number: str  # NRB, 26 digits


def refund_title(request: ReturnRequest) -> str:
    return f"Zwrot środków, wniosek nr {request.pk}"


def _text(value: str) -> str:
    """A text field's content: one line, no quote (it ends the field), no `|` (it splits the lines)."""
    return " ".join(value.replace('"', "'").replace("|", "/").split())


def _lines(*values: str) -> str:
    """Up to 4 lines of 35 characters: each value cut to its lines, empty ones left out."""
    parts: list[str] = []
    for value in values:
        text = _text(value)
        parts += [text[start : start + LINE_PART] for start in range(0, len(text), LINE_PART)]
    return "|".join(parts[:LINE_PARTS])


def _grosze(amount: Decimal) -> str:
    return str(int((amount * 100).to_integral_value()))


def elixir_o(requests: list[ReturnRequest], *, sender: Sender, execution_date: date) -> bytes:
    lines = []
    for request in requests:
        fields = [
            "110",
            execution_date.strftime("%Y%m%d"),
            _grosze(request.accepted_amount),
            sender.bank_account_number[2:10],
            "0",
            f'"{sender.bank_account_number}"',
            f'"{request.bank_account_number}"',
            f'"{_lines(sender.name, sender.address, sender.city)}"',
            f'"{_lines(request.requester.full_name)}"',
            "0",
            request.bank_account_number[2:10],
            f'"{_lines(refund_title(request))}"',
            '""',
            '""',
            '"51"',
            '""',
        ]
        lines.append(",".join(fields) + "\r\n")
    return "".join(lines).encode(ELIXIR_ENCODING, errors="replace")


def refunds_csv(requests: list[ReturnRequest], *, sender: Sender) -> tuple[bytes, str]:
    """The same transfers as a spreadsheet (`;`-separated, formula-safe: core.spreadsheets)."""
    header = [
        _("Request"),
        _("Recipient"),
        _("Recipient's account"),
        _("Amount"),
        _("Title"),
        _("Accepted at"),
        _("Sender's account"),
    ]
    rows = [
        [
            request.pk,
            request.requester.full_name,
            request.bank_account_number,
            request.accepted_amount,
            refund_title(request),
            timezone.localtime(request.accepted_at),
            sender.bank_account_number,
        ]
        for request in requests
    ]
    return export_file([header, *rows], sheet_title=_("Refunds"), file_format="csv")


FORMATS = ("elixir", "csv")


def refunds_sender() -> Sender:
    """The tenant as the ordering party: its company details (settings: companyDetails), whose bank account the
    refunds leave from. Refused when that account is not set."""
    company = settings_get("company_details")
    number = (company.get("bank_account_number") or "").replace(" ", "")
    if not nrb_is_valid(number):
        raise DomainError("refund.sender_account_missing")
    return Sender(
        name=company.get("name") or "",
        address=company.get("street") or "",
        city=" ".join(part for part in (company.get("post_code"), company.get("city")) if part),
        bank_account_number=number,
    )


def refunds_bank_file(*, file_format: str, ids: list[int] | None = None) -> tuple[bytes, str, str]:
    """The accepted refunds (those of `ids`, when given) as a bank file: (content, content type, file name)."""
    sender = refunds_sender()
    requests = return_requests_to_pay(ids=ids)
    if not requests:
        raise DomainError("refund.nothing_to_export")
    today = timezone.localdate()
    if file_format == "csv":
        content, content_type = refunds_csv(requests, sender=sender)
        return content, content_type, f"zwroty-{today:%Y-%m-%d}.csv"
    return elixir_o(requests, sender=sender, execution_date=today), ELIXIR_TYPE, f"zwroty-{today:%Y-%m-%d}.txt"
