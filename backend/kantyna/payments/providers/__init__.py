"""Payment providers: `provider_for(name)` builds the tenant's adapter from its settings."""

from __future__ import annotations

from django.conf import settings

from kantyna.core.errors import DomainError
from kantyna.payments.providers.autopay import NAME as AUTOPAY
from kantyna.payments.providers.autopay import Autopay
from kantyna.payments.providers.base import PaymentProvider
from kantyna.payments.providers.przelewy24 import NAME as PRZELEWY24
from kantyna.payments.providers.przelewy24 import Przelewy24
from kantyna.payments.providers.tpay import NAME as TPAY
from kantyna.payments.providers.tpay import Tpay
from kantyna.tenant_settings.selectors import settings_get

PROVIDERS = (PRZELEWY24, TPAY, AUTOPAY)
ENABLED_FLAG = {PRZELEWY24: "przelewy24_enabled", TPAY: "tpay_enabled", AUTOPAY: "autopay_enabled"}


def provider_is_fake(config: dict) -> bool:
    return bool(settings.PAYMENTS_FAKE and config.get("sandbox"))


def provider_for(name: str, *, site: str = "") -> PaymentProvider:
    """The tenant's adapter for `name` (its account from payment_methods_config); the local fake when the server
    runs with PAYMENTS_FAKE and the account is in sandbox mode. `site` (scheme and host) places the fake's
    paywall on the tenant's own host."""
    if name not in PROVIDERS:
        raise DomainError("payment.provider_disabled", field="provider")
    config = settings_get("payment_methods_config").get(name) or {}
    fake = provider_is_fake(config)
    if name == AUTOPAY:
        if fake:
            from kantyna.payments.providers.fake_autopay import PAYWALL_PATH as AUTOPAY_PAYWALL  # noqa: PLC0415

            return Autopay(config, paywall_base=f"{site}{AUTOPAY_PAYWALL}payment")
        return Autopay(config)
    if name == TPAY:
        if fake:
            from kantyna.payments.providers import fake_tpay  # noqa: PLC0415 - dev only

            adapter = Tpay(config, certificate=fake_tpay.fake_certificate, root=fake_tpay.fake_root_certificate)
            adapter.transport = fake_tpay.FakeTransport(adapter, paywall_base=f"{site}{fake_tpay.PAYWALL_PATH}")
            return adapter
        return Tpay(config)
    if fake:
        from kantyna.payments.providers.fake_przelewy24 import PAYWALL_PATH, FakeTransport  # noqa: PLC0415 - dev only

        adapter = Przelewy24(config, paywall_base=f"{site}{PAYWALL_PATH}")
        adapter.transport = FakeTransport(adapter)
        return adapter
    return Przelewy24(config)
