"""The local fake of Autopay (settings.PAYMENTS_FAKE, a tenant's Autopay service in sandbox mode): the start
redirect goes to its test paywall (payments/views.py, `/payments/fake/autopay/{OrderID}`, "TEST PAYWALL — no real
money"), which checks the start Hash and on "Pay" delivers the ITN signed with the service's shared key and reads
the answer as Autopay does (`confirmation_of`: the confirmationList's hash checked, CONFIRMED or not). It moves no
money and talks to no one."""

from __future__ import annotations

import base64
import hashlib
import urllib.parse
from xml.etree.ElementTree import Element, SubElement, tostring

from defusedxml import ElementTree as SafeElementTree

from kantyna.payments.providers.autopay import Autopay, autopay_hash

PAYWALL_PATH = "/payments/fake/autopay/"


def fake_remote_id(order_id: str) -> str:
    return "FAKE" + hashlib.sha256(order_id.encode()).hexdigest()[:12].upper()


def fake_itn(adapter: Autopay, *, order_id: str, amount: int, currency: str = "PLN", status: str = "SUCCESS") -> bytes:
    """The form Autopay posts to the ITN URL: `transactions`, a base64 transactionList with its hash."""
    root = Element("transactionList")
    SubElement(root, "serviceID").text = adapter.service_id
    item = SubElement(SubElement(root, "transactions"), "transaction")
    values = {"orderID": order_id, "remoteID": fake_remote_id(order_id), "amount": f"{amount / 100:.2f}",
              "currency": currency, "gatewayID": "106", "paymentDate": "20260101120000", "paymentStatus": status,
              "paymentStatusDetails": "AUTHORIZED" if status == "SUCCESS" else "REJECTED"}  # fmt: skip
    for name, value in values.items():
        SubElement(item, name).text = value
    SubElement(root, "hash").text = autopay_hash((adapter.service_id, *values.values()), adapter.shared_key)
    xml = b'<?xml version="1.0" encoding="UTF-8"?>' + tostring(root, encoding="unicode").encode()
    return urllib.parse.urlencode({"transactions": base64.b64encode(xml).decode()}).encode()


def confirmation_of(adapter: Autopay, answer: bytes, *, order_id: str) -> str | None:
    """What the shop answered an ITN for `order_id`, read as Autopay reads it: CONFIRMED or NOTCONFIRMED when the
    confirmationList is of this service and order and its hash holds, else None (Autopay would repeat the ITN)."""
    try:
        root = SafeElementTree.fromstring(answer)
    except SafeElementTree.ParseError:
        return None
    item = "./transactionsConfirmations/transactionConfirmed/"
    values = (root.findtext("serviceID"), root.findtext(item + "orderID"), root.findtext(item + "confirmation"))
    if root.tag != "confirmationList" or values[:2] != (adapter.service_id, order_id):
        return None
    if values[2] not in ("CONFIRMED", "NOTCONFIRMED") or root.findtext("hash") != autopay_hash(
        values, adapter.shared_key
    ):
        return None
    return values[2]
