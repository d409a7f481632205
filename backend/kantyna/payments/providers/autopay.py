"""Autopay (formerly Blue Media) online payments: the payer is sent to the paywall with the hashed start parameters
(ServiceID, OrderID, Amount, Description, Currency, CustomerEmail, Hash), and Autopay posts the ITN (Instant
Transaction Notification): the form field `transactions`, a base64 XML

    transactionList / serviceID, transactions / transaction / (orderID, remoteID, amount, currency, gatewayID,
    paymentDate, paymentStatus, paymentStatusDetails, optional others), hash

whose `hash` is the SHA-256 hex of the values in document order (serviceID|orderID|remoteID|amount|currency|
gatewayID|paymentDate|paymentStatus|paymentStatusDetails|…, empty ones left out) joined by `|`, then `|` and the
shared key. Every ITN is answered (HTTP 200) with a `confirmationList` (serviceID, transactionsConfirmations /
transactionConfirmed / (orderID, confirmation), hash of serviceID|orderID|confirmation|key): CONFIRMED for a
correctly signed ITN we applied, whatever its paymentStatus (only SUCCESS credits; PENDING and FAILURE change
nothing), NOTCONFIRMED for one we refuse (Autopay then repeats it). Layout and both hashes were checked against the
fixtures of Autopay's PHP SDK (bluepayment-plugin/bm-sdk: ItnInRequest.xml, ItnResponse.xml). OrderID is our
session id without its `kantyna-` prefix (Autopay allows 32 letters and digits). The XML is parsed with defusedxml."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import urllib.parse
from decimal import Decimal, InvalidOperation
from xml.etree.ElementTree import Element, SubElement, tostring

from defusedxml import ElementTree as SafeElementTree
from defusedxml.common import DefusedXmlException

from kantyna.payments.providers.base import (
    Notification,
    NotificationRefused,
    PaymentProvider,
    PaymentRequest,
    ProviderError,
    ProviderStatus,
    Registration,
)

NAME = "autopay"
HOSTS = {False: "https://pay.autopay.eu", True: "https://testpay.autopay.eu"}
SESSION_PREFIX = "kantyna-"
START_FIELDS = ("ServiceID", "OrderID", "Amount", "Description", "Currency", "CustomerEmail")
# paymentStatus of an ITN: only SUCCESS is money received; the others are acknowledged (CONFIRMED), crediting nothing.
PAID_STATUS = "SUCCESS"
STATUSES = {"PENDING", PAID_STATUS, "FAILURE"}


def autopay_hash(values, key: str) -> str:
    return hashlib.sha256("|".join([*(str(v) for v in values if v not in ("", None)), key]).encode()).hexdigest()


def _values(element) -> list[str]:
    """Every leaf value of `element` in document order, `hash` excluded."""
    out = []
    for child in element:
        if len(child):
            out.extend(_values(child))
        elif child.tag != "hash":
            out.append((child.text or "").strip())
    return out


def parse_itn(body: bytes):
    """The ITN form's `transactions`: its transactionList (root) and its one transaction's values (tag -> text);
    nothing verified yet. NotificationRefused when it is not one."""
    try:
        form = urllib.parse.parse_qs(body.decode("ascii"), strict_parsing=True)
        (encoded,) = form["transactions"]
        root = SafeElementTree.fromstring(base64.b64decode(encoded, validate=True))
    except (UnicodeDecodeError, ValueError, KeyError, binascii.Error, SafeElementTree.ParseError,
            DefusedXmlException) as error:  # fmt: skip
        raise NotificationRefused("not an ITN") from error
    if root.tag != "transactionList":
        raise NotificationRefused("not a transactionList")
    transactions = root.findall("./transactions/transaction")
    if len(transactions) != 1:
        raise NotificationRefused("one transaction expected")
    return root, {child.tag: (child.text or "").strip() for child in transactions[0]}


def itn_order_id(body: bytes) -> str | None:
    """The orderID an ITN names (unverified: what a NOTCONFIRMED answer is about), or None when it names none."""
    try:
        _root, item = parse_itn(body)
    except NotificationRefused:
        return None
    return item.get("orderID") or None


def order_id_of(session_id: str) -> str:
    return session_id.removeprefix(SESSION_PREFIX)


def confirmation_xml(*, service_id: str, order_id: str, confirmed: bool, key: str) -> bytes:
    """The ITN's answer: Autopay's confirmationList, signed."""
    status = "CONFIRMED" if confirmed else "NOTCONFIRMED"
    root = Element("confirmationList")
    SubElement(root, "serviceID").text = service_id
    confirmations = SubElement(root, "transactionsConfirmations")
    item = SubElement(confirmations, "transactionConfirmed")
    SubElement(item, "orderID").text = order_id
    SubElement(item, "confirmation").text = status
    SubElement(root, "hash").text = autopay_hash((service_id, order_id, status), key)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="unicode").encode()


class Autopay(PaymentProvider):
    """One tenant's Autopay service: `config` is its settings (payment_methods_config.autopay)."""

    name = NAME

    def __init__(self, config: dict, *, paywall_base: str | None = None):
        self.service_id = str(int(config.get("service_id") or 0))
        self.shared_key = config.get("shared_key") or ""
        self.host = HOSTS[bool(config.get("sandbox"))]
        self.paywall_base = paywall_base or f"{self.host}/payment"

    def start_parameters(self, request: PaymentRequest) -> dict:
        fields = {
            "ServiceID": self.service_id,
            "OrderID": order_id_of(request.session_id),
            "Amount": f"{request.amount:.2f}",
            "Description": request.description[:79],
            "Currency": request.currency,
            "CustomerEmail": request.email[:60],
        }
        fields = {name: value for name, value in fields.items() if value}
        return {**fields, "Hash": autopay_hash([fields.get(name, "") for name in START_FIELDS], self.shared_key)}

    def create(self, request: PaymentRequest) -> Registration:
        if not self.shared_key or self.service_id == "0":
            raise ProviderError("autopay: no service configured")
        parameters = self.start_parameters(request)
        return Registration(
            token=parameters["OrderID"], redirect_url=f"{self.paywall_base}?{urllib.parse.urlencode(parameters)}"
        )

    def verify_notification(self, body: bytes, headers=None) -> Notification:
        root, item = parse_itn(body)
        if not self.shared_key:
            raise NotificationRefused("no shared key configured")
        if not hmac.compare_digest(
            (root.findtext("hash") or "").strip().lower().encode(),
            autopay_hash(_values(root), self.shared_key).encode(),
        ):
            raise NotificationRefused("wrong hash")
        if (root.findtext("serviceID") or "").strip() != self.service_id:
            raise NotificationRefused("another service")
        status = item.get("paymentStatus", "")
        if status not in STATUSES:
            raise NotificationRefused(f"unknown paymentStatus: {status}")
        try:
            amount = Decimal(item.get("amount", ""))
        except InvalidOperation as error:
            raise NotificationRefused("amount is not a number") from error
        if not amount.is_finite() or amount != amount.quantize(Decimal("0.01")):
            raise NotificationRefused("amount is not in grosze")
        return Notification(
            session_id=SESSION_PREFIX + item.get("orderID", ""),
            order_id=item.get("remoteID", ""),
            amount=int(amount * 100),
            currency=item.get("currency", ""),
            raw={"serviceID": self.service_id, **item},
            paid=status == PAID_STATUS,
        )

    def answer(self, *, order_id: str, confirmed: bool) -> bytes:
        """The ITN's answer for `order_id`: CONFIRMED (applied, or a state that is not a payment) or NOTCONFIRMED
        (refused; Autopay repeats the ITN), signed with this service's key."""
        return confirmation_xml(service_id=self.service_id, order_id=order_id, confirmed=confirmed, key=self.shared_key)

    def finalize(self, *, session_id: str, order_id: str, amount: int, currency: str) -> None:
        """Autopay has no confirmation call: the ITN's hash is its word; the answer confirms it."""

    def status(self, *, session_id: str) -> ProviderStatus:
        """Not asked yet (Autopay repeats an unconfirmed ITN): a payment whose ITN never arrives is failed after
        PAYMENTS_EXPIRE_MINUTES, and a later ITN still credits it."""
        return ProviderStatus("pending")
