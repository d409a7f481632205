"""`manage.py seed_demo`: the demo tenant `demo` and the small tenant `acme`, each created only if absent."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.core.quiet import quiet
from kantyna.demo.catalog import seed_catalog_and_people
from kantyna.demo.data import DEMO_PASSWORD, PARENTS, ROLE_LOGINS, STAFF, WORKERS
from kantyna.demo.inventory import seed_inventory
from kantyna.demo.ordering import seed_orders
from kantyna.institutions.models import Institution
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant, tenant_create, tenant_origin
from kantyna.tenant_settings.services import settings_update
from kantyna.users.services.accounts import user_create


class Command(BaseCommand):
    help = "Create and fill the demo tenants when they are absent (safe to run on every start)."

    def handle(self, *args, **options):
        # The seeded history (deposits, charges) is not news: nobody is notified of it. A tenant whose creation
        # stopped before it was ready is finished (tenant_create) and seeded.
        with quiet():
            if not Tenant.objects.ready().filter(slug="demo").exists():
                seed_demo_tenant()
                self.stdout.write(self.style.SUCCESS("Demo tenant created."))
            if not Tenant.objects.ready().filter(slug="acme").exists():
                seed_acme_tenant()
                self.stdout.write(self.style.SUCCESS("Tenant acme created."))
        self.stdout.write(f"Demo: {tenant_origin('demo')}  (password for every demo login: {DEMO_PASSWORD})")
        for role, email in ROLE_LOGINS:
            self.stdout.write(f"  {role:<26} {email}")
        self.stdout.write(f"Second tenant: {tenant_origin('acme')}  admin@acme.kantyna.pl / {DEMO_PASSWORD}")


def _users(rows, roles_of) -> list:
    return [
        user_create(
            actor=None,
            email=row["email"],
            first_name=row["first"],
            last_name=row["last"],
            roles=roles_of(row),
            permissions=row.get("permissions", []),
            password=DEMO_PASSWORD,
            phone_number=row.get("phone", ""),
            bank_account_number=row.get("bank", ""),
        )
        for row in rows
    ]


def seed_demo_tenant() -> None:
    tenant = tenant_create(slug="demo", name="Kantyna Demo - Catering Smakosz", is_demo=True)
    with in_tenant(tenant), transaction.atomic():
        staff = _users(STAFF, lambda row: row["roles"])
        parents = _users(PARENTS, lambda row: [ROLE_PARENT])
        workers = _users(WORKERS, lambda row: [ROLE_INSTITUTION_WORKER])
        seed_catalog_and_people(parents=parents, workers=workers)
        admin = next(user for user in staff if ROLE_ADMIN in user.roles)
        seed_orders(customers=[*parents, *workers], admin=admin)
        seed_inventory(admin=admin)
        institutions_admin = next(user for user in staff if "ROLE_INSTITUTIONS_ADMIN" in user.roles)
        institutions_admin.institutions.set(Institution.objects.filter(kind__in=["school", "kindergarten"]))
        settings_update(
            actor=None,
            key="parents_settings",
            data={"allow_self_registration": True, "iban_account_number_part": "1020"},
        )
        # The cook may serve someone without an order at the terminal (ordered on the spot, issue 13).
        settings_update(actor=None, key="orders_config", data={"terminal_orders_enabled": True})
        # Both parents and institution workers may register themselves (the e2e journeys use both).
        settings_update(actor=None, key="general", data={"register_as": "both"})
        settings_update(
            actor=None,
            key="company_details",
            data={
                "name": "Catering Smakosz sp. z o.o.",
                "vat_id": "5261040828",
                "street": "ul. Marszałkowska 84/92",
                "city": "Warszawa",
                "post_code": "00-514",
                "email": "kontakt@smakosz.example.pl",
                "phone_number": "22 123 45 67",
                "bank_account_number": "61109010140000071219812874",
                "terms_url": "https://smakosz.example.pl/regulamin",
                "privacy_policy_url": "https://smakosz.example.pl/prywatnosc",
            },
        )
        settings_update(
            actor=None,
            key="payment_methods_config",
            data={
                "allow_bank_transfers": True,
                "static_bank_account_number": "61109010140000071219812874",
                "minimum_payment_amount": {"amount": "20.00", "currency": "PLN"},
                # Online top-ups through Przelewy24, its account in sandbox mode: with PAYMENTS_FAKE on (make run,
                # the e2e server) the local fake paywall answers, so a demo parent tops up without the internet.
                "allow_online_payments": True,
                "przelewy24_enabled": True,
                "przelewy24": {
                    "merchant_id": 100000,
                    "pos_id": 100000,
                    "crc": "demo-crc-key",
                    "api_key": "demo-api-key",
                    "sandbox": True,
                },
            },
        )
        settings_update(
            actor=None,
            key="debits_config",
            data={"apply_allowed_debit": True, "allowed_debit": {"amount": "50.00", "currency": "PLN"}},
        )
        # Invoices on, with KSeF through the client the settings choose (the fake one unless KSEF_CLIENT says "api"):
        # the demo office invoices a school's month and sends it without a KSeF token.
        settings_update(
            actor=None,
            key="invoices_config",
            data={"invoices_enabled": True, "default_vat_rate": "8", "ksef_enabled": True},
        )


def seed_acme_tenant() -> None:
    tenant = tenant_create(slug="acme", name="ACME Catering")
    with in_tenant(tenant), transaction.atomic():
        _users(
            [{"email": "admin@acme.kantyna.pl", "first": "Alicja", "last": "Adamska"}],
            lambda row: [ROLE_ADMIN],
        )
