"""The adapter interface every online payment provider implements, and what its calls answer.

A provider adapter speaks its provider's protocol and knows nothing of the ledger: services.py creates payments,
asks the adapter to register them, hands it each notification to verify, asks it to finalize (confirm) a paid
one before crediting, and to check the status of one left pending."""

from __future__ import annotations

import abc
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings

from kantyna.core.outbound import OutboundError, outbound_request


class ProviderError(Exception):
    """The provider could not be reached or refused a call (registering, verifying, a status check)."""


class NotificationRefused(Exception):
    """A notification that is not the provider's: unreadable, or its signature does not hold."""


@dataclass(frozen=True)
class Registration:
    token: str  # the provider's id of the registered transaction
    redirect_url: str  # where the payer pays


@dataclass(frozen=True)
class Notification:
    """A verified notification: the provider says `amount` (in the currency's minor unit) of `currency` was paid
    for our `session_id`, known to it as `order_id`. `paid` False: a signed notice of another state (Autopay's
    ITN of a PENDING or FAILURE transaction, Tpay's FALSE or CHARGEBACK), acknowledged and crediting nothing."""

    session_id: str
    order_id: str
    amount: int
    currency: str
    raw: dict = field(default_factory=dict)
    paid: bool = True


@dataclass(frozen=True)
class ProviderStatus:
    """What the provider knows of a payment: `paid` (money received; `order_id` and `amount` set), `pending`
    (registered, not paid yet) or `missing` (the provider has no such transaction)."""

    state: str
    order_id: str = ""
    amount: int = 0
    currency: str = "PLN"


@dataclass(frozen=True)
class PaymentRequest:
    session_id: str
    amount: Decimal  # what the payer pays, fee included
    currency: str
    description: str
    email: str
    url_return: str
    url_status: str
    language: str = "pl"


class PaymentProvider(abc.ABC):
    name: str

    @abc.abstractmethod
    def create(self, request: PaymentRequest) -> Registration:
        """Register the transaction with the provider; the payer is then sent to `redirect_url`."""

    @abc.abstractmethod
    def verify_notification(self, body: bytes, headers=None) -> Notification:
        """Parse and authenticate a notification's body and, where the provider signs them, its headers (Tpay's
        X-JWS-Signature); raises NotificationRefused."""

    @abc.abstractmethod
    def finalize(self, *, session_id: str, order_id: str, amount: int, currency: str) -> None:
        """Confirm a paid transaction with the provider (P24's mandatory transaction/verify; nothing for Tpay),
        raises ProviderError when the provider does not confirm it. Called before the balance is credited."""

    @abc.abstractmethod
    def status(self, *, session_id: str) -> ProviderStatus:
        """What the provider knows of our `session_id` (the periodic reconciliation)."""

    def refund(self, *, session_id: str, order_id: str, amount: int) -> None:
        """Return money to the payer. Not built yet: refunds are booked by staff in the ledger and made in the
        provider's panel."""
        raise NotImplementedError(f"{self.name}: refunds are not supported yet")


def provider_call(method: str, url: str, headers: dict, body: bytes | None, *, provider: str) -> tuple[int, bytes]:
    """One call to a provider's host through the one outbound client: (status, body); not made or not answered (a
    redirect too) is a `ProviderError` naming the provider. The hosts are the providers' own, public; a deployment
    running the local fakes (PAYMENTS_FAKE, never in production) may call this machine."""
    try:
        response = outbound_request(
            method,
            url,
            headers=headers,
            body=body,
            allow_private=settings.PAYMENTS_FAKE,
            timeout=settings.PAYMENTS_PROVIDER_TIMEOUT_SECONDS,
        )
    except OutboundError as error:
        raise ProviderError(f"{provider}: {error}") from error
    return response.status, response.body


def json_http_call(method: str, url: str, headers: dict, body: bytes | None, *, provider: str) -> tuple[int, dict]:
    """One HTTPS call to a provider's JSON API: (status, parsed answer); an HTTP error status is an answer (its body
    read as an object, else empty), a network failure or a success that is not a JSON object is a `ProviderError`
    naming the provider."""
    status, content = provider_call(method, url, headers, body, provider=provider)
    try:
        answer = json.loads(content or b"{}")
    except ValueError:
        answer = None
    if status < 400 and not isinstance(answer, dict):
        raise ProviderError(f"{provider}: the answer is not a JSON object")
    return status, answer if isinstance(answer, dict) else {}
