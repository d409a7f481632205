"""The invoices' world: the shared priced world (kantyna/testing/world.py) with invoices on, the company details
set, a second institution, and meals of last month in every state (written directly, as the reports' tests do:
a month past is beyond the ordering services' cut-off).

Last month (`world.month`):
- the parent's child Ola: 3 lunches at 12.50 (one served), 1 soup at 4.99, 1 lunch cancelled;
- the parent's child Jan: 1 lunch at 10.00 (a discount), in the world's institution;
- the worker: 2 lunches at 15.00, in the world's institution;
- the other family's child (other institution): 1 lunch at 12.50.
The world's institution: 3 x 12.50 + 4.99 + 10.00 + 2 x 15.00 = 82.49; the parent: 52.49; the worker 30.00."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from kantyna.institutions.models import Institution
from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.testing.world import World, deposit, make_family, make_institution_with_classroom, make_world, set_settings

COMPANY_NRB = "61109010140000071219812874"


@dataclass
class InvoiceWorld:
    world: World
    month: date
    other_institution: Institution
    other_parent: object
    deposit: LedgerTransaction

    @property
    def institution(self):
        return self.world.institution

    @property
    def parent(self):
        return self.world.parent

    @property
    def worker_user(self):
        return self.world.worker_user


def meal(world: World, *, child=None, worker=None, day: date, price: str, meal_type=None, status="active"):
    payer = child.parent if child is not None else worker.user
    return OrderItem.objects.create(
        order=Order.objects.create(payer=payer),
        child=child,
        worker=worker,
        date=day,
        meal_type=meal_type or world.catalog.lunch,
        diet=world.catalog.standard,
        portion_size=world.catalog.normal,
        unit_price=Decimal(price),
        price=Decimal(price),
        status=status,
    )


def enable_invoices(**values) -> None:
    set_settings("invoices_config", invoices_enabled=True, **values)
    set_settings(
        "company_details",
        name="Kantyna Śląska Sp. z o.o.",
        vat_id="6340197234",
        street="ul. Łąkowa 5",
        post_code="40-001",
        city="Katowice",
        bank_account_number=COMPANY_NRB,
    )


GMINA_NIP = "7251801126"
SELLER_NIP = "5265877635"  # the invoices world's own fails the NIP checksum KSeF applies


def business_buyer(institution, *, public_body: bool = True) -> None:
    institution.invoice_buyer_name = "Gmina Katowice"
    institution.invoice_buyer_tax_id = GMINA_NIP
    institution.invoice_buyer_street = "ul. Młyńska 4"
    institution.invoice_buyer_post_code = "40-098"
    institution.invoice_buyer_city = "Katowice"
    institution.invoice_buyer_is_public_body = public_body
    institution.save()


def enable_ksef(institution) -> None:
    """KSeF on, the seller's NIP one KSeF accepts, and `institution` invoiced to a business buyer (a gmina), so its
    invoices have KSeF XML and can be sent. Inside the tenant."""
    business_buyer(institution)
    set_settings("invoices_config", ksef_enabled=True)
    set_settings("company_details", vat_id=SELLER_NIP)


def make_invoice_world(tenant) -> InvoiceWorld:
    with in_tenant(tenant):
        w = make_world(tenant, money="")
        enable_invoices()
        month = (tenant_today().replace(day=1) - timedelta(days=1)).replace(day=1)
        day = month + timedelta(days=2)
        for offset in range(3):
            meal(w, child=w.child, day=day + timedelta(days=offset), price="12.50",
                 status="served" if offset == 0 else "active")  # fmt: skip
        meal(w, child=w.child, day=day, price="4.99", meal_type=w.catalog.soup)
        meal(w, child=w.child, day=day + timedelta(days=5), price="12.50", status="cancelled")
        meal(w, child=w.child2, day=day, price="10.00")
        meal(w, worker=w.worker, day=day, price="15.00")
        meal(w, worker=w.worker, day=day + timedelta(days=1), price="15.00")
        # Another month and another institution: never on these invoices.
        meal(w, child=w.child, day=month - timedelta(days=1), price="12.50")
        other_institution, other_classroom = make_institution_with_classroom(900 + Institution.objects.count())
        other_parent, (other_child,) = make_family(tenant, other_classroom, w.catalog.standard, first_names=("Zoe",))
        meal(w, child=other_child, day=day, price="12.50")
        deposit(w.parent, "120.00")
        row = LedgerTransaction.objects.filter(account__user=w.parent, kind="deposit").latest("pk")
        return InvoiceWorld(w, month, other_institution, other_parent, row)
