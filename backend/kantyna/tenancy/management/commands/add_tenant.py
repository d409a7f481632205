"""`manage.py add_tenant --slug acme --name "ACME Catering" --admin-email boss@acme.pl`"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant, tenant_create, tenant_origin
from kantyna.users.services.accounts import user_create


class Command(BaseCommand):
    help = "Create a tenant (its schema, migrated), or finish one whose creation stopped, and its first administrator."

    def add_arguments(self, parser):
        parser.add_argument("--slug", required=True)
        parser.add_argument("--name", required=True)
        parser.add_argument("--admin-email", required=True)
        parser.add_argument("--admin-password", help="default: a random password, printed once")
        parser.add_argument("--demo", action="store_true", help="mark as a demo tenant (token cookie demoToken)")

    def handle(self, *args, slug, name, admin_email, admin_password, demo, **options):
        # A tenant whose creation stopped half way (not ready) is finished by tenant_create.
        if Tenant.objects.ready().filter(slug=slug).exists():
            raise CommandError(f"Tenant {slug!r} already exists.")
        try:
            tenant = tenant_create(slug=slug, name=name, is_demo=demo)
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        password = admin_password or secrets.token_urlsafe(12)
        with in_tenant(tenant):
            user_create(
                actor=None,
                email=admin_email,
                first_name="Administrator",
                last_name=name,
                roles=[ROLE_ADMIN],
                password=password,
            )
        self.stdout.write(self.style.SUCCESS(f"Tenant {slug} created: {tenant_origin(slug)}"))
        self.stdout.write(f"Administrator: {admin_email}" + ("" if admin_password else f" / {password}"))
