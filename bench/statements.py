"""Issue 14's figure: a generated MT940 statement of 20,000 credits from the bench tenant's payers (half to their
individual account numbers, the rest with their reference in the title, 1 % from strangers), uploaded by the
admin (parse, match, store) and its review page read, then confirmed: all in one transaction rolled back, so the
bench database is left as it was. Prints the times, the queries and the share matched automatically.

    KANTYNA_DB_NAME=kantyna_bench .venv/bin/python bench/statements.py [--credits 20000]
"""

from __future__ import annotations

import argparse
import random
import time

import common
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from kantyna.core.permissions import CUSTOMER_ROLES
from kantyna.identity.tokens import token_issue
from kantyna.ledger.selectors import payer_nrb, payer_reference
from kantyna.statements.models import ImportedPayment, ImportedPaymentsFile
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.users.models import User

HOST = f"{common.BENCH_SLUG}.localhost"
BANK_PART = "10201026"


def statement(payers: list[int], credits: int) -> tuple[bytes, int]:
    """The MT940 text and how many of its credits carry a correct account number or reference."""
    rng = random.Random(14)
    lines = [":20:BENCH", ":25:/PL27114020040000300201355387", ":28C:00001/1", ":60F:C261101PLN000000000000,00"]
    identifiable = 0
    for index in range(credits):
        day = 1 + index % 28
        amount = f"{rng.randint(10, 400)},{rng.randint(0, 99):02d}"
        payer = payers[index % len(payers)]
        lines.append(f":61:2611{day:02d}11{day:02d}C{amount}S034B{index:07d}//R{index:09d}")
        if index % 100 == 99:  # a stranger
            lines.append(f":86:034~00PRZELEW~20Darowizna {index}~32NIEZNANY NADAWCA {index}")
            continue
        identifiable += 1
        if index % 2:
            lines.append(f"VA {payer_nrb(bank_part=BANK_PART, user_id=payer)}")
            lines.append(f":86:034~00PRZELEW~20Obiady listopad~32RODZIC {index}")
        else:
            lines.append(f":86:034~00PRZELEW~20Wplata {payer_reference(payer)} obiady~32RODZIC {index}")
    lines += [":62F:C261130PLN000000000000,00", "-"]
    return "\r\n".join(lines).encode(), identifiable


def _tables_for_this_run() -> None:
    """A bench database migrated before this app has no statements tables: create them inside the run's
    transaction (PostgreSQL's DDL rolls back with it), without foreign-key constraints so that no other table is
    locked meanwhile."""
    if ImportedPayment._meta.db_table in connection.introspection.table_names():
        return
    with connection.schema_editor(atomic=False) as editor:
        for model in (ImportedPaymentsFile, ImportedPayment):
            editor.create_model(model)
        editor.deferred_sql.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--credits", type=int, default=20_000)
    args = parser.parse_args()
    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    client = Client(HTTP_HOST=HOST)
    with in_tenant(tenant), transaction.atomic():
        _tables_for_this_run()
        admin = User.objects.select_related("account").filter(roles__contains=["ROLE_ADMIN"]).first()
        headers = {
            "authorization": "Bearer "
            + token_issue(account_id=admin.account_id, token_version=admin.account.token_version).token,
            "user-locale": "en",
        }
        settings_update(
            actor=None, key="general", data={"upload_max_file_size": 50 * 1024 * 1024}
        )  # the statement is ~3 MB
        settings_update(actor=None, key="parents_settings", data={"iban_account_number_part": BANK_PART})
        payers = list(
            User.objects.filter(roles__overlap=list(CUSTOMER_ROLES), archived_at__isnull=True)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        content, identifiable = statement(payers, args.credits)
        upload = SimpleUploadedFile("bench.sta", content)

        with CaptureQueriesContext(connection) as imported:
            started = time.perf_counter()
            response = client.post("/api/frontend/importedPaymentsFiles", {"file": upload}, headers=headers)
            upload_ms = (time.perf_counter() - started) * 1000
        assert response.status_code == 201, response.content[:500]
        file_id = response.json()["id"]
        with CaptureQueriesContext(connection) as review:
            started = time.perf_counter()
            details = client.get(f"/api/frontend/importedPaymentsFiles/{file_id}?perPage=50", headers=headers)
            review_ms = (time.perf_counter() - started) * 1000
        assert details.status_code == 200
        matched = ImportedPayment.objects.filter(file_id=file_id, match_kind__in=["account", "title"]).count()
        with CaptureQueriesContext(connection) as confirmed:
            started = time.perf_counter()
            booked = client.post(f"/api/frontend/importedPaymentsFiles/{file_id}/confirm", headers=headers)
            confirm_ms = (time.perf_counter() - started) * 1000
        assert booked.status_code == 200, booked.content[:500]
        transaction.set_rollback(True)

    print(f"payers {len(payers)}, credits {args.credits}, {len(content) / 1e6:.1f} MB")
    print(f"upload (parse, match, store): {upload_ms:.0f} ms, {len(imported.captured_queries)} queries")
    print(f"review page (50 lines):        {review_ms:.0f} ms, {len(review.captured_queries)} queries")
    print(f"import + review:               {upload_ms + review_ms:.0f} ms")
    print(f"matched automatically: {matched}/{identifiable} identifiable ({100 * matched / identifiable:.2f} %)")
    print(
        f"confirm: {booked.json()['count']} deposits, {confirm_ms:.0f} ms, {len(confirmed.captured_queries)} queries"
    )


if __name__ == "__main__":
    main()
