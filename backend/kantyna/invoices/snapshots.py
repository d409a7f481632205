"""An issued invoice's document kept with it (`InvoiceFile.document`), as JSON: the lines, parties, dates and payment
as printed, so the same `InvoiceDocument` is drawn again later (the KSeF XML of an invoice issued last month) even
after prices, profiles or the month's meals have changed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from kantyna.invoices.document import InvoiceDocument, Line, Party

PARTY_FIELDS = ("name", "street", "postal_code", "city", "tax_id", "country", "email")


def party_to_json(party: Party | None) -> dict | None:
    return None if party is None else {key: getattr(party, key) for key in PARTY_FIELDS}


def party_from_json(data: dict | None) -> Party | None:
    if not data:
        return None
    return Party(**{key: data[key] for key in PARTY_FIELDS if key in data})


def _day(value: str | None) -> date | None:
    return None if not value else date.fromisoformat(value)


def document_to_json(document: InvoiceDocument) -> dict:
    return {
        "number": document.number,
        "issue_date": document.issue_date.isoformat(),
        "sale_date": document.sale_date.isoformat(),
        "place_of_issue": document.place_of_issue,
        "seller": party_to_json(document.seller),
        "buyer": party_to_json(document.buyer),
        "recipient": party_to_json(document.recipient),
        "lines": [
            {
                "name": line.name,
                "quantity": str(line.quantity),
                "unit_gross": str(line.unit_gross),
                "vat_rate": line.vat_rate,
                "unit": line.unit,
            }
            for line in document.lines
        ],
        "payment_method": document.payment_method,
        "payment_due": document.payment_due.isoformat() if document.payment_due else None,
        "bank_account": document.bank_account,
        "paid": document.paid,
        "notes": document.notes,
        "currency": document.currency,
        "period": [day.isoformat() for day in document.period] if document.period else None,
    }


def document_from_json(data: dict) -> InvoiceDocument:
    period = data.get("period")
    return InvoiceDocument(
        number=data["number"],
        issue_date=date.fromisoformat(data["issue_date"]),
        sale_date=date.fromisoformat(data["sale_date"]),
        place_of_issue=data.get("place_of_issue", ""),
        seller=party_from_json(data["seller"]),
        buyer=party_from_json(data["buyer"]),
        recipient=party_from_json(data.get("recipient")),
        lines=tuple(
            Line(
                name=line["name"],
                quantity=Decimal(line["quantity"]),
                unit_gross=Decimal(line["unit_gross"]),
                vat_rate=line["vat_rate"],
                unit=line.get("unit", "szt."),
            )
            for line in data["lines"]
        ),
        payment_method=data.get("payment_method", "transfer"),
        payment_due=_day(data.get("payment_due")),
        bank_account=data.get("bank_account", ""),
        paid=data.get("paid", False),
        notes=data.get("notes", ""),
        currency=data.get("currency", "PLN"),
        period=(date.fromisoformat(period[0]), date.fromisoformat(period[1])) if period else None,
    )
