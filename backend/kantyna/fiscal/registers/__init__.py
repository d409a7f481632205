"""Online cash registers a tenant's sales are registered on (`fiscal_config.register` picks one). Each answers
`register(sale) -> receipt number` and is idempotent by `sale.key`: called again with a key it has seen, it answers
the receipt it gave then, never a second one (the job retries after a timeout without knowing whether the first
call got through).

Only the fake register is here: no vendor's protocol could be verified from its documentation while this was built
(Novitus' NoviAPI, an online printer's HTTP API, was found only through unofficial SDKs that disagree on its field
names and say nothing of its states or of an idempotency key). A vendor adapter implements `CashRegister`, reads its credentials from the
environment variable the tenant's configuration names (never from the settings themselves) and is listed in
`REGISTERS`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Protocol


@dataclass(frozen=True)
class Sale:
    """One sale to a consumer: a prepayment of `amount` PLN (gross) received on `booked_on`."""

    key: str
    amount: Decimal
    booked_on: date
    description: str
    buyer: str


class RegisterError(Exception):
    """The register refused the sale or did not answer; `str(error)` says why (kept on the receipt)."""


class CashRegister(Protocol):
    name: str

    def register(self, sale: Sale) -> str:
        """The receipt number the register gave the sale; the same number for a key seen before."""
        ...


def register_for(name: str) -> CashRegister:
    from kantyna.fiscal.registers.fake import FakeCashRegister  # noqa: PLC0415 (the registry of adapters)

    registers = {FakeCashRegister.name: FakeCashRegister}
    try:
        return registers[name]()
    except KeyError:
        raise RegisterError(f"Unknown cash register: {name}") from None
