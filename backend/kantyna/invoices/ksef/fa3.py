"""An `InvoiceDocument` as a KSeF e-invoice: the FA(3) structure (wzór 2025/06/25/13775, schema 1-0E).

Prices in Kantyna are gross, so lines carry the gross unit price (P_9B) and gross value (P_11A), as art. 106e
ust. 7 and 8 of the VAT act allows, and the sums per rate (P_13_x net, P_14_x tax) are the document's own
`totals_by_rate` (the VAT taken out of each line's gross), so the XML and the PDF agree to the grosz.

What the document does not say and FA(3) needs comes as keyword arguments:
- `buyer_is_jst`: the buyer is a local government (a gmina) and the recipient one of its units (a school): then
  Podmiot2/JST is 1 and the recipient is Podmiot3 with role 8 ("JST - odbiorca"), which makes KSeF show the
  invoice to the school too; any other recipient is Podmiot3 with role 2 ("odbiorca").
- `exemption_basis`: the provision an exempt ("zw") line is exempt under (Adnotacje/Zwolnienie/P_19A), required
  when a line is exempt.
- `paid_on`: the payment date of a paid invoice (Platnosc/DataZaplaty); a prepaid invoice (paid from the balance
  before the sale was invoiced) defaults to its sale date.

Every XML written is checked against the official schema (`schema/`) before it is returned.
"""

from __future__ import annotations

import functools
import re
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

from lxml import etree

from kantyna.invoices.document import InvoiceDocument, Line, Party, RateTotal

from .errors import KsefInvalidInvoice, KsefNotApplicable

NS = "http://crd.gov.pl/wzor/2025/06/25/13775/"
SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
SYSTEM_INFO = "Kantyna"

# Where the schema's imports and includes point: the Ministry's "DefinicjeTypy" folder, copied into `schema/`.
_TYPES_URL = "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/"

# FA(3) per document rate: the net sum field, the tax sum field (none where there is no tax) and the P_12 code.
# "0" is the domestic zero rate ("0 KR"; intra-EU supply and export have their own codes Kantyna never sells).
_RATES: dict[str, tuple[str, str | None, str]] = {
    "23": ("P_13_1", "P_14_1", "23"),
    "8": ("P_13_2", "P_14_2", "8"),
    "5": ("P_13_3", "P_14_3", "5"),
    "0": ("P_13_6_1", None, "0 KR"),
    "zw": ("P_13_7", None, "zw"),
}

# Podmiot3/Rola: 2 a recipient (a branch, a unit), 8 a local government's unit receiving the goods.
ROLE_RECIPIENT = "2"
ROLE_JST_RECIPIENT = "8"

# Platnosc/FormaPlatnosci codes (TFormaPlatnosci).
_PAYMENT_FORMS = {"cash": "1", "transfer": "6"}
PREPAID_DESCRIPTION = "przedpłata z salda konta"

_NIP_WEIGHTS = (6, 5, 7, 2, 3, 4, 5, 6, 7)


def fa3_xml(
    document: InvoiceDocument,
    *,
    created_at: datetime,
    buyer_is_jst: bool = False,
    exemption_basis: str = "",
    paid_on: date | None = None,
) -> bytes:
    """The invoice as FA(3) XML (UTF-8), valid against the official schema, ready to send to KSeF.

    Raises `KsefNotApplicable` for an invoice without a business buyer (no NIP: a consumer's invoice stays out of
    KSeF) and `KsefInvalidInvoice` for one KSeF would refuse."""
    if created_at.tzinfo is None:
        raise ValueError("created_at must be an aware datetime")
    seller_nip = _nip(document.seller, "seller")
    buyer_nip = _nip(document.buyer, "buyer")
    if document.currency != "PLN":
        raise KsefInvalidInvoice(f"only PLN invoices are written, not {document.currency}", currency=document.currency)
    if not document.lines:
        raise KsefInvalidInvoice("an invoice without lines")

    root = etree.Element(_q("Faktura"), nsmap={None: NS})
    _header(root, created_at)
    _seller(root, document.seller, seller_nip)
    jst = buyer_is_jst and document.recipient is not None
    _buyer(root, document.buyer, buyer_nip, jst=jst)
    if document.recipient is not None:
        _recipient(root, document.recipient, role=ROLE_JST_RECIPIENT if jst else ROLE_RECIPIENT)
    _invoice(root, document, exemption_basis=exemption_basis, paid_on=paid_on)
    if document.notes.strip():
        footer = _sub(_sub(root, "Stopka"), "Informacje")
        _sub(footer, "StopkaFaktury", document.notes.strip())

    xml = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    errors = validate_fa3(xml)
    if errors:
        raise KsefInvalidInvoice("the FA(3) schema refuses the invoice: " + "; ".join(errors[:3]), errors=errors)
    return xml


def is_ksef_invoice(document: InvoiceDocument) -> bool:
    """Whether the invoice belongs in KSeF: a business seller and a business buyer (both with a NIP). A consumer's
    invoice (a parent's) does not; `fa3_xml` refuses it with `KsefNotApplicable`."""
    return document.seller.is_business and document.buyer.is_business


def validate_fa3(xml: bytes) -> list[str]:
    """The official schema's complaints about `xml` (empty when it is valid)."""
    schema = fa3_schema()
    try:
        tree = etree.fromstring(xml, _safe_parser())
    except etree.XMLSyntaxError as error:
        return [str(error)]
    if schema.validate(tree):
        return []
    # The messages name elements without the FA(3) namespace, which every one of them shares.
    return [f"line {e.line}: {e.message.replace('{' + NS + '}', '')}" for e in schema.error_log]


@functools.cache
def fa3_schema() -> etree.XMLSchema:
    """The FA(3) schema from `schema/`: its imports are resolved to the local copies, never fetched."""
    parser = _safe_parser()
    parser.resolvers.add(_LocalSchemas())
    return etree.XMLSchema(etree.parse(str(SCHEMA_DIR / "schemat.xsd"), parser))


class _LocalSchemas(etree.Resolver):
    def resolve(self, url, public_id, context):
        if url and url.startswith(_TYPES_URL):
            local = SCHEMA_DIR / url.removeprefix(_TYPES_URL)
            if local.is_file():
                return self.resolve_filename(str(local), context)
        return None  # a local path (the schema itself); anything else fails, as the parser refuses the network


def _safe_parser() -> etree.XMLParser:
    return etree.XMLParser(no_network=True, resolve_entities=False)


def _header(root, created_at: datetime) -> None:
    header = _sub(root, "Naglowek")
    _sub(header, "KodFormularza", "FA", kodSystemowy="FA (3)", wersjaSchemy="1-0E")
    _sub(header, "WariantFormularza", "3")
    stamp = created_at.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    _sub(header, "DataWytworzeniaFa", stamp)
    _sub(header, "SystemInfo", SYSTEM_INFO)


def _seller(root, party: Party, nip: str) -> None:
    node = _sub(root, "Podmiot1")
    ids = _sub(node, "DaneIdentyfikacyjne")
    _sub(ids, "NIP", nip)
    _sub(ids, "Nazwa", party.name)
    _address(node, party)
    _contact(node, party)


def _buyer(root, party: Party, nip: str, *, jst: bool) -> None:
    node = _sub(root, "Podmiot2")
    ids = _sub(node, "DaneIdentyfikacyjne")
    _sub(ids, "NIP", nip)
    _sub(ids, "Nazwa", party.name)
    _address(node, party)
    _contact(node, party)
    _sub(node, "JST", "1" if jst else "2")
    _sub(node, "GV", "2")  # Kantyna never bills a VAT group's member on the group's behalf


def _recipient(root, party: Party, *, role: str) -> None:
    node = _sub(root, "Podmiot3")
    ids = _sub(node, "DaneIdentyfikacyjne")
    if party.tax_id:
        _sub(ids, "NIP", _nip(party, "recipient"))
    else:
        _sub(ids, "BrakID", "1")
    _sub(ids, "Nazwa", party.name)
    _address(node, party)
    _contact(node, party)
    _sub(node, "Rola", role)


def _address(node, party: Party) -> None:
    city_line = " ".join(part for part in (party.postal_code.strip(), party.city.strip()) if part)
    first, second = (party.street.strip(), city_line) if party.street.strip() else (city_line, "")
    if not first:
        return
    address = _sub(node, "Adres")
    _sub(address, "KodKraju", party.country or "PL")
    _sub(address, "AdresL1", first)
    if second:
        _sub(address, "AdresL2", second)


def _contact(node, party: Party) -> None:
    if party.email:
        _sub(_sub(node, "DaneKontaktowe"), "Email", party.email)


def _invoice(root, document: InvoiceDocument, *, exemption_basis: str, paid_on: date | None) -> None:
    fa = _sub(root, "Fa")
    _sub(fa, "KodWaluty", document.currency)
    _sub(fa, "P_1", document.issue_date.isoformat())
    if document.place_of_issue.strip():
        _sub(fa, "P_1M", document.place_of_issue.strip())
    _sub(fa, "P_2", document.number)
    if document.period is not None:
        # A month of meals billed at its end: the period (art. 19a ust. 3), not one sale date.
        period = _sub(fa, "OkresFa")
        _sub(period, "P_6_Od", document.period[0].isoformat())
        _sub(period, "P_6_Do", document.period[1].isoformat())
    elif document.sale_date != document.issue_date:
        # P_6 only when the sale date differs from the issue date (the schema's own rule).
        _sub(fa, "P_6", document.sale_date.isoformat())

    for total in _ordered_totals(document):
        net_field, tax_field, _ = _RATES[total.vat_rate]
        _sub(fa, net_field, _amount(total.net))
        if tax_field:
            _sub(fa, tax_field, _amount(total.vat))
    _sub(fa, "P_15", _amount(document.gross))

    exempt = any(line.vat_rate == "zw" for line in document.lines)
    _annotations(fa, exempt=exempt, exemption_basis=exemption_basis)
    _sub(fa, "RodzajFaktury", "VAT")
    for number, line in enumerate(document.lines, start=1):
        _line(fa, number, line)
    _payment(fa, document, paid_on=paid_on)


def _ordered_totals(document: InvoiceDocument) -> list[RateTotal]:
    totals = document.totals_by_rate()
    for total in totals:
        if total.vat_rate not in _RATES:
            raise KsefInvalidInvoice(
                f"a line at rate {total.vat_rate!r} has no place in FA(3) for a domestic sale", rate=total.vat_rate
            )
    order = list(_RATES)
    return sorted(totals, key=lambda total: order.index(total.vat_rate))


def _annotations(fa, *, exempt: bool, exemption_basis: str) -> None:
    notes = _sub(fa, "Adnotacje")
    _sub(notes, "P_16", "2")  # no cash accounting ("metoda kasowa")
    _sub(notes, "P_17", "2")  # not self-billing
    _sub(notes, "P_18", "2")  # no reverse charge
    _sub(notes, "P_18A", "2")  # meals are not in annex 15: no mandatory split payment
    exemption = _sub(notes, "Zwolnienie")
    if exempt:
        if not exemption_basis.strip():
            raise KsefInvalidInvoice("an exempt line needs the provision it is exempt under (P_19A)")
        _sub(exemption, "P_19", "1")
        _sub(exemption, "P_19A", exemption_basis.strip())
    else:
        _sub(exemption, "P_19N", "1")
    _sub(_sub(notes, "NoweSrodkiTransportu"), "P_22N", "1")
    _sub(notes, "P_23", "2")  # not the simplified triangular procedure
    _sub(_sub(notes, "PMarzy"), "P_PMarzyN", "1")  # no margin scheme


def _line(fa, number: int, line: Line) -> None:
    row = _sub(fa, "FaWiersz")
    _sub(row, "NrWierszaFa", str(number))
    _sub(row, "P_7", line.name)
    if line.unit.strip():
        _sub(row, "P_8A", line.unit.strip())
    _sub(row, "P_8B", _quantity(line.quantity))
    _sub(row, "P_9B", _unit_price(line.unit_gross))
    _sub(row, "P_11A", _amount(line.gross))
    _sub(row, "P_12", _RATES[line.vat_rate][2])


def _payment(fa, document: InvoiceDocument, *, paid_on: date | None) -> None:
    method = document.payment_method
    if method not in (*_PAYMENT_FORMS, "prepaid"):
        raise KsefInvalidInvoice(f"unknown payment method {method!r}", method=method)
    payment = _sub(fa, "Platnosc")
    if document.paid:
        when = paid_on or (document.sale_date if method == "prepaid" else None)
        if when is None:
            raise KsefInvalidInvoice("a paid invoice needs its payment date (paid_on)")
        _sub(payment, "Zaplacono", "1")
        _sub(payment, "DataZaplaty", when.isoformat())
    elif document.payment_due is not None:
        _sub(_sub(payment, "TerminPlatnosci"), "Termin", document.payment_due.isoformat())
    if method == "prepaid":
        _sub(payment, "PlatnoscInna", "1")
        _sub(payment, "OpisPlatnosci", PREPAID_DESCRIPTION)
    else:
        _sub(payment, "FormaPlatnosci", _PAYMENT_FORMS[method])
    account = re.sub(r"\s", "", document.bank_account)
    if account and method == "transfer":
        _sub(_sub(payment, "RachunekBankowy"), "NrRB", account)


def normalized_nip(tax_id: str) -> str:
    """The NIP as its 10 digits ("PL 123-456-32-18" -> "1234563218"), or "" when it is not a valid NIP."""
    digits = re.sub(r"[\s-]", "", tax_id).upper().removeprefix("PL")
    if not re.fullmatch(r"\d{10}", digits):
        return ""
    check = sum(int(d) * w for d, w in zip(digits, _NIP_WEIGHTS, strict=False)) % 11
    return digits if check == int(digits[9]) else ""


def _nip(party: Party, who: str) -> str:
    if not party.tax_id.strip():
        raise KsefNotApplicable(f"the {who} has no NIP: not a KSeF invoice", party=who)
    nip = normalized_nip(party.tax_id)
    if not nip:
        raise KsefInvalidInvoice(f"the {who}'s NIP {party.tax_id!r} is not a valid NIP", party=who)
    return nip


def _amount(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01')):f}"


def _unit_price(value: Decimal) -> str:
    # Up to 8 decimals (TKwotowy2); at least the grosze, so 12.5 reads 12.50.
    if value != value.quantize(Decimal("1E-8")):
        raise KsefInvalidInvoice(f"a unit price with more than 8 decimals: {value}")
    normalized = value.normalize()
    if normalized.as_tuple().exponent >= -2:  # type: ignore[operator]
        return _amount(value)
    return f"{normalized:f}"


def _quantity(value: Decimal) -> str:
    # Up to 6 decimals (TIlosci), written without trailing zeros and never in exponent form.
    if value != value.quantize(Decimal("1E-6")):
        raise KsefInvalidInvoice(f"a quantity with more than 6 decimals: {value}")
    return f"{value.normalize():f}"


def _q(name: str) -> str:
    return f"{{{NS}}}{name}"


def _sub(parent, name: str, text: str | None = None, **attributes):
    node = etree.SubElement(parent, _q(name), attributes)
    if text is not None:
        node.text = text
    return node
