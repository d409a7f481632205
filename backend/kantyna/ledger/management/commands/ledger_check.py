"""`manage.py ledger_check [--schema X]`: every account's cached balance against SUM(amount) of its transactions,
in every tenant schema (or one). Prints each difference; exits 1 if there is any."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant


class Command(BaseCommand):
    help = "Compare cached ledger balances with the sum of their transactions in every tenant schema."

    def add_arguments(self, parser):
        parser.add_argument("--schema", help="Check only this tenant schema (e.g. t_demo).")

    def handle(self, *args, schema: str | None = None, **options):
        connection.set_schema_to_public()
        tenants = Tenant.objects.ready().order_by("schema_name")
        if schema:
            tenants = tenants.filter(schema_name=schema)
            if not tenants:
                raise CommandError(f"No tenant with schema {schema!r}.")
        problems = 0
        for tenant in tenants:
            with in_tenant(tenant):
                for row in ledger_balance_mismatches():
                    problems += 1
                    self.stdout.write(
                        f"{tenant.schema_name}: account {row['id']} (user {row['user_id']}, child {row['child_id']}): "
                        f"cached {row['balance']} != sum {row['total']}"
                    )
        connection.set_schema_to_public()
        if problems:
            self.stderr.write(f"{problems} account(s) out of balance.")
            raise SystemExit(1)
        self.stdout.write(f"Ledger balanced in {len(tenants)} schema(s).")
