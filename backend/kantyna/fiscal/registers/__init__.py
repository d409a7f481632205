"""Online cash registers a tenant's sales are registered on (`fiscal_config.register` picks one).

A register is driven in steps, because a real one confirms in several calls and any of them can time out:
`step(sale, memo)` does the next call or two and answers a `Step`. Its `memo` is what the register must be told
next time (for NoviApi: the printer's request id, and whether it was confirmed); the service commits it before
calling again, so a crash or a timeout never leaves the register holding a sale we forgot. A register is never
asked to print a sale it may already have printed: it checks its memo first (`noviapi.py` shows how). The service
calls again at once while a step says `again`, and in the next run when the register is still working.

- `fake`: a software stand-in for tests and the demo tenant (no real receipts).
- `novitus`: a Novitus online printer through its NoviApi protocol (HTTP on the printer, version 1.0.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Protocol

from django.utils.translation import gettext as _

from kantyna.ledger.models import DEPOSIT_STAFF


@dataclass(frozen=True)
class Sale:
    """One sale to a consumer: a prepayment of `amount` PLN (gross) received on `booked_on`."""

    key: str
    amount: Decimal
    booked_on: date
    description: str
    buyer: str
    paid: str = DEPOSIT_STAFF  # how the deposit came in (ledger.models.deposit_method): the receipt's payment form


@dataclass(frozen=True)
class Step:
    """What a step came to. `receipt_number` set: registered. Otherwise `again`: the memo is saved and the register
    called again at once; neither: the register is still working on it, the next run asks again."""

    memo: dict = field(default_factory=dict)
    receipt_number: str = ""
    again: bool = False


class RegisterError(Exception):
    """The register refused the sale or did not answer; `str(error)` says why (kept on the receipt). `memo`, when
    given, replaces the receipt's memo (None keeps it): a refusal that leaves nothing on the register clears it, so
    the next attempt sends the sale anew."""

    def __init__(self, message: str, *, memo: dict | None = None):
        super().__init__(message)
        self.memo = memo


class CashRegister(Protocol):
    name: str

    def step(self, sale: Sale, memo: dict) -> Step:
        """The next call(s) to the register for this sale, given what it was told before (`memo`, {} at first)."""
        ...

    def check(self) -> None:
        """Whether the register answers, without registering anything: raises RegisterError saying why not."""
        ...


def register_for(name: str, options: dict | None = None) -> CashRegister:
    """The register `name`, set up with the tenant's `fiscal_config` (`options`)."""
    # The registry of adapters: imported here, so the service imports none of them.
    from kantyna.fiscal.registers.fake import FakeCashRegister  # noqa: PLC0415
    from kantyna.fiscal.registers.noviapi import NoviApiRegister  # noqa: PLC0415

    options = options or {}
    if name == FakeCashRegister.name:
        return FakeCashRegister()
    if name == NoviApiRegister.name:
        return NoviApiRegister.from_options(options)
    raise RegisterError(_("Unknown cash register: %(name)s") % {"name": name})
