"""An invoice as a document: the one plain value both the PDF and the KSeF FA(3) XML are drawn from.

No database here: `invoices/services` builds an `InvoiceDocument` from its rows, `pdf.py` prints it, `ksef/` writes
it as FA(3) XML. Amounts are `Decimal` in PLN, half-up to the grosz. Prices are gross, so the VAT is taken out of the
sum of the gross values of each rate (VAT Act art. 106e ust. 8: gross x rate / (100 + rate)) and the net is the
rest; a line's own net and VAT are shown for information and may differ from the rate's total by a grosz. The PDF
and the XML both read `totals_by_rate`, so they agree to the grosz.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

GROSZ = Decimal("0.01")

# The rates an invoice line may carry: the percentages, "zw" (exempt, art. 43) and "np" (outside the tax).
VAT_RATES = ("23", "8", "5", "0", "zw", "np")


def _grosze(value: Decimal) -> Decimal:
    return value.quantize(GROSZ, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Party:
    """A seller, buyer or recipient. `tax_id` is the NIP as digits; empty for a consumer (a parent)."""

    name: str
    street: str
    postal_code: str
    city: str
    tax_id: str = ""
    country: str = "PL"
    email: str = ""

    @property
    def is_business(self) -> bool:
        return bool(self.tax_id)


@dataclass(frozen=True)
class Line:
    """One position: `quantity` x `unit_gross` at `vat_rate`. The net and VAT come from the gross."""

    name: str
    quantity: Decimal
    unit_gross: Decimal
    vat_rate: str
    unit: str = "szt."

    def __post_init__(self):
        if self.vat_rate not in VAT_RATES:
            raise ValueError(f"unknown VAT rate {self.vat_rate!r}")

    @property
    def gross(self) -> Decimal:
        return _grosze(self.quantity * self.unit_gross)

    @property
    def vat(self) -> Decimal:
        return _vat_of_gross(self.gross, self.vat_rate)

    @property
    def net(self) -> Decimal:
        return self.gross - self.vat


@dataclass(frozen=True)
class RateTotal:
    vat_rate: str
    net: Decimal
    vat: Decimal
    gross: Decimal


@dataclass(frozen=True)
class InvoiceDocument:
    """What is printed and sent. `recipient` is a third party receiving the goods (a school for a gmina buyer:
    KSeF's Podmiot3 with the role "odbiorca"). `payment_method` is "transfer", "prepaid" (paid from the balance,
    a deposit's invoice) or "cash"."""

    number: str
    issue_date: date
    sale_date: date
    place_of_issue: str
    seller: Party
    buyer: Party
    lines: tuple[Line, ...]
    payment_method: str = "transfer"
    payment_due: date | None = None
    bank_account: str = ""
    paid: bool = False
    recipient: Party | None = None
    notes: str = ""
    currency: str = "PLN"
    period: tuple[date, date] | None = field(default=None)  # the month billed, first and last day

    def totals_by_rate(self) -> tuple[RateTotal, ...]:
        """The sums per VAT rate in `VAT_RATES` order, only the rates used."""
        return tuple(_totals(self.lines))

    @property
    def net(self) -> Decimal:
        return sum((total.net for total in self.totals_by_rate()), Decimal("0.00"))

    @property
    def vat(self) -> Decimal:
        return sum((total.vat for total in self.totals_by_rate()), Decimal("0.00"))

    @property
    def gross(self) -> Decimal:
        return sum((line.gross for line in self.lines), Decimal("0.00"))


def _vat_of_gross(gross: Decimal, vat_rate: str) -> Decimal:
    if not vat_rate.isdigit():
        return Decimal("0.00")
    rate = Decimal(vat_rate)
    return _grosze(gross * rate / (Decimal(100) + rate))


def _totals(lines: Iterable[Line]):
    by_rate: dict[str, list[Line]] = {}
    for line in lines:
        by_rate.setdefault(line.vat_rate, []).append(line)
    for rate in VAT_RATES:
        if rate in by_rate:
            gross = sum((line.gross for line in by_rate[rate]), Decimal("0.00"))
            vat = _vat_of_gross(gross, rate)
            yield RateTotal(vat_rate=rate, net=gross - vat, vat=vat, gross=gross)
