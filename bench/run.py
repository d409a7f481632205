"""Time the hot paths on the `bench` tenant: median and p95 wall time, and SQL queries per request."""

from __future__ import annotations

import argparse
import statistics
import time

import common
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from kantyna.identity.tokens import token_issue
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.users.models import User

HOST = f"{common.BENCH_SLUG}.localhost"


def bearer(user: User) -> str:
    return "Bearer " + token_issue(account_id=user.account_id, token_version=user.account.token_version).token


def measure(client: Client, path: str, headers: dict, repeat: int) -> tuple[float, float, int]:
    client.get(path, headers=headers)  # warm-up: connection, caches
    timings = []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(path, headers=headers)
            timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (path, response.status_code, response.content[:300])
        queries = len(captured.captured_queries)
    timings.sort()
    return statistics.median(timings), timings[max(0, int(len(timings) * 0.95) - 1)], queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        parent = User.objects.select_related("account").filter(roles__contains=["ROLE_PARENT"]).first()
    client = Client(HTTP_HOST=HOST)
    paths = [
        ("session check: auth/currentUser (parent)", "/api/frontend/auth/currentUser", parent),
        ("tenant settings: fees (parent)", "/api/frontend/common/settings/fees", parent),
        ("option list: allergens perPage=9999 (parent)", "/api/frontend/allergens?perPage=9999", parent),
        ("current user (admin)", "/api/frontend/auth/currentUser", admin),
    ]
    print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
    for label, path, user in paths:
        median, p95, queries = measure(client, path, {"authorization": bearer(user)}, args.repeat)
        print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")


if __name__ == "__main__":
    main()
