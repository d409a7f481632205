"""`manage.py seed_demo`: the demo tenant `demo` and the small tenant `acme`, each created only if absent."""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.demo.data import DEMO_PASSWORD, PARENTS, ROLE_LOGINS, STAFF, WORKERS
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant, tenant_create, tenant_origin
from kantyna.tenant_settings.services import settings_update


class Command(BaseCommand):
    help = "Create and fill the demo tenants when they are absent (safe to run on every start)."

    def handle(self, *args, **options):
        if not Tenant.objects.filter(slug="demo").exists():
            seed_demo_tenant()
            self.stdout.write(self.style.SUCCESS("Demo tenant created."))
        if not Tenant.objects.filter(slug="acme").exists():
            seed_acme_tenant()
            self.stdout.write(self.style.SUCCESS("Tenant acme created."))
        self.stdout.write(f"Demo: {tenant_origin('demo')}  (password for every demo login: {DEMO_PASSWORD})")
        for role, email in ROLE_LOGINS:
            self.stdout.write(f"  {role:<26} {email}")
        self.stdout.write(f"Second tenant: {tenant_origin('acme')}  admin@acme.kantyna.pl / {DEMO_PASSWORD}")


def seed_demo_tenant() -> None:
    from kantyna.users.services import user_create

    tenant = tenant_create(slug="demo", name="Kantyna Demo - Catering Smakosz", is_demo=True)
    with in_tenant(tenant), transaction.atomic():
        for email, first, last, roles, permissions in STAFF:
            user_create(
                actor=None,
                email=email,
                first_name=first,
                last_name=last,
                roles=roles,
                permissions=permissions,
                password=DEMO_PASSWORD,
            )
        for email, first, last, phone in PARENTS:
            user_create(
                actor=None,
                email=email,
                first_name=first,
                last_name=last,
                roles=[ROLE_PARENT],
                password=DEMO_PASSWORD,
                phone_number=phone,
            )
        for email, first, last, phone in WORKERS:
            user_create(
                actor=None,
                email=email,
                first_name=first,
                last_name=last,
                roles=[ROLE_INSTITUTION_WORKER],
                password=DEMO_PASSWORD,
                phone_number=phone,
            )
        settings_update(
            actor=None,
            key="parents_settings",
            data={"allow_self_registration": True, "iban_account_number_part": "1020"},
        )
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
            },
        )
        settings_update(
            actor=None,
            key="debits_config",
            data={"apply_allowed_debit": True, "allowed_debit": {"amount": "50.00", "currency": "PLN"}},
        )


def seed_acme_tenant() -> None:
    from kantyna.users.services import user_create

    tenant = tenant_create(slug="acme", name="ACME Catering")
    with in_tenant(tenant), transaction.atomic():
        user_create(
            actor=None,
            email="admin@acme.kantyna.pl",
            first_name="Alicja",
            last_name="Adamska",
            roles=[ROLE_ADMIN],
            password=DEMO_PASSWORD,
        )
