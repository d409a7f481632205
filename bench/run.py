"""Time the hot paths on the `bench` tenant: median and p95 wall time, and SQL queries per request."""

from __future__ import annotations

import argparse
import os
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
    parser.add_argument("--money", action="store_true",
                        help="only the ordering-and-money figures: nightly automark in both charge modes, the "
                             "order-day charge and the month-end balance report")
    parser.add_argument("--only", choices=["ordering"], help="only the ordering paths (issue 5)")
    parser.add_argument("--reminders", action="store_true",
                        help="only the missing-orders reminder job with every child asking for it (rolled back)")
    parser.add_argument("--imports", action="store_true",
                        help="only the children import of a 1,000-row XLSX file (each run rolled back)")
    parser.add_argument("--lists", action="store_true",
                        help="only the admin lists and the month-end report (issue 15), the report's floor beside it")
    parser.add_argument("--compare-db", metavar="NAME",
                        help="with --lists: also run them on database NAME (e.g. kantyna_bench_small, the 2,000 "
                             "children tenant) in a subprocess, and print both sizes and their ratio")
    parser.add_argument("--match", default="", help="with --lists: only the lists whose label contains this text")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # --lists rows for --compare-db
    parser.add_argument("--kitchen", action="store_true",
                        help="only meals to prepare for one day, all 50 institutions (recipes added, rolled back)")
    parser.add_argument("--dashboard", action="store_true",
                        help="only the dashboard (issue 17): today's statistics (target 300 ms), totals, presences, "
                             "charts, for every institution and for one")
    parser.add_argument("--labels", action="store_true",
                        help="only the labels PDF (issue 16) of about 5,000 portions of the busiest day, with its phases")
    parser.add_argument("--release", action="store_true",
                        help="only the nested meals to release for one institution on the busiest day (issue 16)")
    parser.add_argument("--requests", action="store_true",
                        help="only the request fixed cost (issue 15): currentUser, the month calendar, the kitchen "
                             "summary of a day beside its raw-SQL floor, with Python CPU per request")
    parser.add_argument("--reports", action="store_true",
                        help="only the reports (issue 17): orders per institution per month over the busiest month "
                             "as XLSX (target 5 s) and PDF, with its queries and phases (nothing written)")
    args = parser.parse_args()
    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    if args.lists:
        lists_main(tenant, max(3, args.repeat // 5), compare_db=args.compare_db, as_json=args.json, match=args.match)
        return
    if args.requests:
        measure_requests(tenant, args.repeat)
        return
    if args.money:
        measure_money(tenant, max(1, args.repeat // 10))
        return
    if args.reminders:
        measure_reminders(tenant, max(1, args.repeat // 10))
        return
    if args.imports:
        measure_imports(tenant, max(3, args.repeat // 10))
        return
    if args.kitchen:
        measure_kitchen(tenant, args.repeat)
        return
    if args.dashboard:
        measure_dashboard(tenant, args.repeat)
        return
    if args.labels:
        measure_labels(tenant, max(3, args.repeat // 10))
        return
    if args.release:
        measure_release(tenant, args.repeat)
        return
    if args.reports:
        measure_reports(tenant, max(3, args.repeat // 10))
        return
    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        parent = User.objects.select_related("account").filter(roles__contains=["ROLE_PARENT"]).first()
    client = Client(HTTP_HOST=HOST)
    if args.only == "ordering":
        measure_ordering(client, tenant, admin, args.repeat, automark=False)
        return
    paths = [
        ("session check: auth/currentUser (parent)", "/api/frontend/auth/currentUser", parent),
        ("tenant settings: fees (parent)", "/api/frontend/common/settings/fees", parent),
        ("option list: allergens perPage=9999 (parent)", "/api/frontend/allergens?perPage=9999", parent),
        ("current user (admin)", "/api/frontend/auth/currentUser", admin),
        # One grouped query over the ledger whatever the number of payers (ledger.selectors.end_of_month_balances).
        (
            "month-end balance report perPage=100 (admin)",
            "/api/frontend/transactions/endOfMonthBalance?month=2026-10&perPage=100",
            admin,
        ),
        ("transactions list (admin)", "/api/frontend/transactions", admin),
    ]
    print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
    for label, path, user in paths:
        median, p95, queries = measure(client, path, {"authorization": bearer(user)}, args.repeat)
        print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")
    measure_ordering(client, tenant, admin, args.repeat)


def timed(action, repeat: int) -> tuple[float, float, int]:
    """Median and p95 ms and the SQL queries of the last run of `action()` (which asserts its own outcome)."""
    timings, queries = [], 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            action()
            timings.append((time.perf_counter() - started) * 1000)
        queries = len(captured.captured_queries)
    timings.sort()
    return statistics.median(timings), timings[max(0, int(len(timings) * 0.95) - 1)], queries


def measure_ordering(client: Client, tenant, admin: User, repeat: int, *, automark: bool = True) -> None:
    """The ordering hot paths (issue 5): a parent's month for 3 children, marking a week for 3 children (then
    undone, untimed), the admin's subjects page, and the nightly automark for every child (rolled back)."""
    from datetime import date, timedelta

    from django.db import transaction

    from kantyna.ordering.services.automark import automark_run

    with in_tenant(tenant):
        parent = User.objects.select_related("account").get(pk=User.objects.filter(children__isnull=False)
                                                            .order_by("pk").values("pk")[:1])
        children = list(parent.children.order_by("pk").values_list("pk", flat=True))[:3]
    headers = {"authorization": bearer(parent)}
    month = date.today().strftime("%Y-%m")

    def month_for_3():
        for child_id in children:
            response = client.get(f"/api/frontend/calendar/days/child/{child_id}?month={month}", headers=headers)
            assert response.status_code == 200, response.content[:300]

    subjects = ",".join(f"child:{child_id}" for child_id in children)

    def month_for_3_one_call():
        response = client.get(f"/api/frontend/calendar/days/subjects/month?month={month}&subjects={subjects}",
                              headers=headers)
        assert response.status_code == 200, response.content[:300]
        assert len(response.json()["subjects"]) == len(children)

    monday = date.today() + timedelta(days=21 - date.today().weekday())
    week = [(monday + timedelta(days=offset)).isoformat() for offset in range(5)]
    with in_tenant(tenant):
        from kantyna.catalog.models import MealType

        soup = MealType.objects.get(name="Zupa").pk
    body = {"calendarDaysData": [{"date": day, "mealTypes": [{"mealTypeId": soup}]} for day in week]}

    def undo_week():
        for child_id in children:
            client.post(f"/api/frontend/calendar/days/child/{child_id}/absences", {"dates": week},
                        content_type="application/json", headers=headers)
            with in_tenant(tenant):
                from kantyna.ordering.models import Absence

                Absence.objects.filter(child_id=child_id).delete()

    def mark_week_for_3():
        for child_id in children:
            response = client.post(f"/api/frontend/calendar/days/child/{child_id}/presences", body,
                                   content_type="application/json", headers=headers)
            assert response.status_code == 200, response.content[:300]

    many_body = {**body, "subjects": [{"type": "child", "id": child_id} for child_id in children]}

    def mark_week_for_3_one_call():
        response = client.post("/api/frontend/calendar/days/presences", many_body, content_type="application/json",
                               headers=headers)
        assert response.status_code == 200 and not response.json()["refused"], response.content[:300]

    admin_headers = {"authorization": bearer(admin)}

    def subjects_page():
        response = client.get(f"/api/frontend/calendar/days/subjects?month={month}&perPage=50", headers=admin_headers)
        assert response.status_code == 200, response.content[:300]

    rows = [
        ("calendar month for 3 children, 3 calls (parent)", *timed(month_for_3, repeat)),
        ("calendar month for 3 children, one call (parent)", *timed(month_for_3_one_call, repeat)),
        ("subjects calendar page perPage=50 (admin)", *timed(subjects_page, repeat)),
    ]
    marks = []
    for _ in range(max(3, repeat // 10)):
        marks.append(timed(mark_week_for_3, 1))
        undo_week()
    marks.sort()
    rows.append(("mark a week for 3 children, 3 calls (parent)", marks[len(marks) // 2][0], marks[-1][0],
                 marks[-1][2]))
    marks = []
    for _ in range(max(3, repeat // 10)):
        marks.append(timed(mark_week_for_3_one_call, 1))
        undo_week()
    marks.sort()
    rows.append(("mark a week for 3 children, one call (parent)", marks[len(marks) // 2][0], marks[-1][0],
                 marks[-1][2]))

    def automark_all():
        with in_tenant(tenant), transaction.atomic():
            report = automark_run()
            print(f"  automark: {report.subjects} subjects, {report.items} items, "
                  f"{len(report.without_funds)} without funds")
            transaction.set_rollback(True)

    if automark:
        rows.append(("nightly automark, every child, rolled back", *timed(automark_all, 1)))
    for label, median, p95, queries in rows:
        print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")


def measure_money(tenant, repeat: int) -> None:
    """The nightly automark for every child over a month (rolled back) with `order_charge_time` = on_marking
    (charged at once through ledger_post_bulk, unfunded payers refused) and = in_order_day (nothing charged now),
    and the month-end balance report. The job runs "tonight" just after the last day already ordered in the bench,
    so its month is free of earlier orders."""
    from datetime import datetime, timedelta
    from datetime import time as clock

    from django.db import transaction

    from kantyna.ledger.models import LedgerTransaction
    from kantyna.ordering.cutoff import tenant_zone
    from kantyna.ordering.models import OrderItem
    from kantyna.ordering.services.automark import automark_run
    from kantyna.tenant_settings.services import settings_update

    with in_tenant(tenant):
        last = OrderItem.objects.order_by("-date").values_list("date", flat=True).first()
        tonight = datetime.combine(last + timedelta(days=1), clock(1, 30), tzinfo=tenant_zone())
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
    print(f"automark runs at {tonight.isoformat()} (window from {(last + timedelta(days=3)).isoformat()})")
    # Time the ledger's share (one ledger_post_bulk call per run) apart from the whole job.
    from kantyna.ordering.services import automark as automark_module

    ledger_seconds: list[float] = []
    bulk = automark_module.ledger_post_bulk

    def timed_bulk(**kwargs):
        started = time.perf_counter()
        try:
            return bulk(**kwargs)
        finally:
            ledger_seconds.append(time.perf_counter() - started)

    automark_module.ledger_post_bulk = timed_bulk
    rows = []
    for mode in ("on_marking", "in_order_day"):
        timings = []
        for _ in range(repeat):
            with in_tenant(tenant), transaction.atomic():
                settings_update(actor=None, key="fees", data={"order_charge_time": mode})
                before = LedgerTransaction.objects.count()
                ledger_seconds.clear()
                with CaptureQueriesContext(connection) as captured:
                    started, cpu = time.perf_counter(), time.process_time()
                    report = automark_run(now=tonight)
                    timings.append(time.perf_counter() - started)
                    cpu = time.process_time() - cpu
                booked = LedgerTransaction.objects.count() - before
                queries = len(captured.captured_queries)
                line = (f"  {mode}: {report.subjects} subjects, {report.items} items, {booked} ledger rows "
                        f"({report.charged} PLN charged), {len(report.without_funds)} subjects without funds, "
                        f"{timings[-1]:.1f} s wall ({cpu:.1f} s Python CPU; ledger_post_bulk "
                        f"{sum(ledger_seconds):.1f} s), {queries} queries")
                print(line)
                transaction.set_rollback(True)
        timings.sort()
        rows.append((f"nightly automark, every child, one month, {mode}", statistics.median(timings) * 1000,
                     timings[-1] * 1000, queries))
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    month = tonight.strftime("%Y-%m")
    for label, path in (
        ("month-end balance report perPage=100 (admin)", f"/api/frontend/transactions/endOfMonthBalance?month={month}&perPage=100"),
        ("month-end balance report perPage=9999 (admin)", f"/api/frontend/transactions/endOfMonthBalance?month={month}&perPage=9999"),
    ):
        rows.append((label, *measure(client, path, headers, 20)))
    print(f"{'path':<58} {'median ms':>10} {'max/p95 ms':>10} {'queries':>8}")
    for label, median, p95, queries in rows:
        print(f"{label:<58} {median:>10.2f} {p95:>10.2f} {queries:>8}")


def measure_reminders(tenant, repeat: int) -> None:
    """The missing-orders reminder job (one run of the 15-minute schedule) with every child asking for a reminder
    at 12:00, one day before the cut-off, in a transaction rolled back after each run. Two runs: on a day of the
    bench's month of orders (every day ordered: all 20,000 checked, nobody reminded) and on the day after it ends
    (nothing ordered: every child reminded, one e-mail deferred per payer)."""
    from datetime import datetime, timedelta
    from datetime import time as clock

    from django.db import transaction

    from kantyna.ordering.cutoff import cutoff_config, tenant_zone
    from kantyna.ordering.models import OrderItem
    from kantyna.ordering.services.reminders import missing_orders_remind
    from kantyna.people.models import CalendarSubjectSettings

    with in_tenant(tenant):
        first, last = (
            OrderItem.objects.order_by("date").values_list("date", flat=True).first(),
            OrderItem.objects.order_by("-date").values_list("date", flat=True).first(),
        )
        lead = cutoff_config().days_before + 1
    # The job at 12:05 looks at the day `lead` days later.
    moments = {
        "a day already ordered": datetime.combine(first + timedelta(days=14 - lead), clock(12, 5), tzinfo=tenant_zone()),
        "the day after the orders": datetime.combine(last + timedelta(days=1), clock(12, 5), tzinfo=tenant_zone()),
    }
    rows = []
    for label, moment in moments.items():
        timings = []
        for _ in range(repeat):
            with in_tenant(tenant), transaction.atomic():
                CalendarSubjectSettings.objects.filter(child__isnull=False).update(
                    missing_orders_enabled=True, missing_orders_days_before=1, missing_orders_trigger_time=clock(12, 0)
                )
                with CaptureQueriesContext(connection) as captured:
                    started = time.perf_counter()
                    result = missing_orders_remind(now=moment)
                    timings.append(time.perf_counter() - started)
                queries = len(captured.captured_queries)
                print(f"  {label} ({(moment + timedelta(days=lead)).date()}): {result['receivers']} receivers "
                      f"reminded, {result['emails']} e-mails, {timings[-1]:.2f} s, {queries} queries")
                transaction.set_rollback(True)
        timings.sort()
        rows.append((f"missing-orders reminders, every child, {label}", statistics.median(timings) * 1000,
                     timings[-1] * 1000, queries))
    print(f"{'path':<58} {'median ms':>10} {'max ms':>10} {'queries':>8}")
    for label, median, worst, queries in rows:
        print(f"{label:<58} {median:>10.2f} {worst:>10.2f} {queries:>8}")


IMPORT_HEADER = ["First name", "Last name", "Parent's e-mail", "Institution", "Classroom", "Diet", "Card number",
                 "Allergens", "Allergies note", "General note"]


def measure_imports(tenant, repeat: int) -> None:
    """`POST children/import` of 1,000 rows (5 parents, two classrooms, every third child with an allergen): the
    admin's whole request, upload parsing included, in a transaction rolled back after each run. The query count
    does not grow with the rows (pinned by people's test_import_of_1000_rows_takes_a_constant_number_of_queries);
    the time lives here."""
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import transaction
    from openpyxl import Workbook

    from kantyna.people.models import Child

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
    book = Workbook()
    sheet = book.active
    sheet.append(IMPORT_HEADER)
    for index in range(1000):
        sheet.append([f"Dziecko{index}", "Import", f"parent{index % 5}@bench.test", "sp-1",
                      "1a" if index % 2 else "2a", "Standardowa", f"M{index:05d}", "1" if index % 3 == 0 else "",
                      "", ""])
    content = io.BytesIO()
    book.save(content)
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin), "user-locale": "en"}

    timings, queries = [], 0
    for _ in range(repeat):
        with in_tenant(tenant), transaction.atomic():
            upload = SimpleUploadedFile("dzieci.xlsx", content.getvalue())
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                response = client.post("/api/frontend/children/import", {"file": upload}, headers=headers)
                timings.append((time.perf_counter() - started) * 1000)
            queries = len(captured.captured_queries)
            assert response.json() == {"status": True, "created": 1000}, response.content[:500]
            assert Child.objects.filter(last_name="Import").count() == 1000
            transaction.set_rollback(True)
    timings.sort()
    median, worst = statistics.median(timings), timings[-1]
    print(f"{'path':<58} {'median ms':>10} {'max ms':>10} {'queries':>8}")
    print(f"{'children import, 1,000 rows XLSX (admin)':<58} {median:>10.2f} {worst:>10.2f} {queries:>8}")


# --- lists and the month-end report (issue 15) ---------------------------------------------------------------

LISTS = [
    # (label, path); {month} is the ledger's current month (the bench books up to today).
    ("orders list, first page", "/api/frontend/orders"),
    ("transactions list, first page", "/api/frontend/transactions"),
    ("transactions totals", "/api/frontend/transactions/totals"),
    ("month-end report perPage=100", "/api/frontend/transactions/endOfMonthBalance?month={month}&perPage=100"),
    ("month-end report perPage=9999", "/api/frontend/transactions/endOfMonthBalance?month={month}&perPage=9999"),
    ("payers with balance (transactions/users)", "/api/frontend/transactions/users"),
    ("deposits (transactions/deposits)", "/api/frontend/transactions/deposits"),
    ("parents, first page", "/api/frontend/parents"),
    ("children, first page", "/api/frontend/children"),
    ("institution workers, first page", "/api/frontend/institutionsWorkers"),
    ("imported payments files", "/api/frontend/importedPaymentsFiles"),
    ("users activity, first page", "/api/frontend/users/activity"),
]


def month_end_floor_sql() -> str:
    """The month-end report's floor: one grouped query per ledger account over the rows up to the month's end,
    joined to the payers afterwards, every row fetched (what `end_of_month_balances` must not be far from)."""
    from kantyna.identity.models import Account
    from kantyna.ledger.models import LedgerAccount, LedgerTransaction

    return f"""
        WITH per_account AS (
            SELECT account_id,
                   SUM(amount) FILTER (WHERE booked_on < %(first)s) AS opening,
                   SUM(amount) FILTER (WHERE booked_on >= %(first)s AND kind IN ('deposit', 'refund')) AS deposits,
                   SUM(amount) FILTER (WHERE booked_on >= %(first)s AND kind IN ('charge', 'fee', 'payout')) AS charges,
                   SUM(amount) FILTER (WHERE booked_on >= %(first)s AND kind = 'correction') AS corrections,
                   SUM(amount) AS balance
              FROM {LedgerTransaction._meta.db_table} WHERE booked_on <= %(last)s GROUP BY account_id
        ), per_user AS (
            SELECT a.user_id, SUM(opening) AS opening, SUM(deposits) AS deposits, SUM(charges) AS charges,
                   SUM(corrections) AS corrections, SUM(p.balance) AS balance
              FROM per_account p JOIN {LedgerAccount._meta.db_table} a ON a.id = p.account_id GROUP BY a.user_id
        )
        SELECT u.id, u.first_name, u.last_name, i.email, p.opening, p.deposits, p.charges, p.corrections, p.balance
          FROM per_user p JOIN {User._meta.db_table} u ON u.id = p.user_id
          JOIN {Account._meta.db_table} i ON i.id = u.account_id
         ORDER BY u.last_name, u.first_name, u.id
    """


def measure_lists(tenant, repeat: int, match: str = "") -> list[tuple[str, float, float, int]]:
    """Each admin list's first page (and the month-end report at 100 and 9999 rows) over the test client as the
    bench admin, then the report's floor in raw SQL. Rows: (label, median ms, p95 ms, queries)."""
    from datetime import date

    from kantyna.core.dates import month_bounds

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    month = date.today().strftime("%Y-%m")
    rows = []
    for label, path in LISTS:
        if match not in label:
            continue
        rows.append((label, *measure(client, path.format(month=month), headers, repeat)))
    if match and match not in "month-end":
        return rows
    first, last = month_bounds(date.today())
    sql = month_end_floor_sql()

    def floor():
        with in_tenant(tenant), connection.cursor() as cursor:
            cursor.execute(sql, {"first": first, "last": last})
            assert cursor.fetchall()

    floor()  # warm-up
    rows.append(("  floor: month-end grouped query, raw SQL", *timed(floor, repeat)))
    return rows


def lists_main(tenant, repeat: int, *, compare_db: str | None, as_json: bool, match: str) -> None:
    import json
    import os
    import subprocess
    import sys

    with in_tenant(tenant):
        from kantyna.people.models import Child

        children = Child.objects.count()
    rows = measure_lists(tenant, repeat, match)
    if as_json:
        print(json.dumps({"children": children, "rows": rows}))
        return
    database = connection.settings_dict["NAME"]
    print(f"{database}: {children} children; load average {os.getloadavg()[0]:.2f}")
    if not compare_db:
        print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
        for label, median, p95, queries in rows:
            print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")
        return
    environment = {**os.environ, "KANTYNA_DB_NAME": compare_db}
    environment.pop("DATABASE_URL", None)
    output = subprocess.run(
        [sys.executable, __file__, "--lists", "--json", "--repeat", str(repeat * 5), "--match", match],
        env=environment, capture_output=True, text=True, check=True,
    ).stdout
    other = json.loads(output.strip().splitlines()[-1])
    print(f"{compare_db}: {other['children']} children; load average {os.getloadavg()[0]:.2f}")
    small, large = (other, {"children": children, "rows": rows})
    if small["children"] > large["children"]:
        small, large = large, small
    print(f"{'path':<46} {'ms at ' + str(small['children']):>12} {'ms at ' + str(large['children']):>12} "
          f"{'ratio':>6} {'queries':>9}")
    for (label, small_ms, _p, small_queries), (_label, large_ms, _p95, large_queries) in zip(
        small["rows"], large["rows"], strict=True
    ):
        ratio = large_ms / small_ms if small_ms else float("nan")
        print(f"{label:<46} {small_ms:>12.2f} {large_ms:>12.2f} {ratio:>5.1f}x {small_queries:>4}/{large_queries:<4}")


def measure_kitchen(tenant, repeat: int) -> None:
    """Meals to prepare (issue 16) for the weekday of this month with the most live lunches, every institution, as
    the admin: the JSON, the XLSX and the PDF, and the floor (the one grouped count in raw SQL). The bench's meals
    have no recipes, so each of the 40 gets 6 of 12 ingredients for the run, rolled back afterwards."""
    from django.db import transaction
    from django.db.models import Count

    from kantyna.meals.models import Ingredient, Meal, MealIngredient
    from kantyna.ordering.models import OrderItem

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        busiest = (
            OrderItem.objects.filter(status__in=("active", "served"))
            .values("date").annotate(n=Count("pk")).order_by("-n", "date").first()
        )
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    day = busiest["date"].isoformat()
    floor_sql = """
        SELECT coalesce(c.institution_id, w.institution_id), i.meal_type_id, i.diet_id, i.portion_size_id, count(*)
        FROM ordering_orderitem i
        LEFT JOIN people_child c ON c.id = i.child_id
        LEFT JOIN people_workerprofile w ON w.id = i.worker_id
        WHERE i.date = %s AND i.status IN ('active', 'served')
        GROUP BY 1, 2, 3, 4"""
    with in_tenant(tenant), transaction.atomic():
        portion = OrderItem.objects.filter(date=busiest["date"]).values_list("portion_size_id", flat=True).first()
        ingredients = Ingredient.objects.bulk_create(Ingredient(name=f"Składnik bench {n}") for n in range(12))
        MealIngredient.objects.bulk_create(
            MealIngredient(meal=meal, ingredient=ingredients[(meal.pk + k) % 12], portion_size_id=portion,
                           grammage=10 + k)
            for meal in Meal.objects.all() for k in range(6)
        )

        def floor() -> None:
            with connection.cursor() as cursor:
                cursor.execute(floor_sql, [busiest["date"]])
                assert cursor.fetchall()

        print(f"meals to prepare on {day}: {busiest['n']} live meals, every institution (admin)")
        print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
        median, p95, queries = timed(floor, repeat)
        print(f"{'floor: the grouped count in raw SQL':<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")
        for label, path in [
            ("meals to prepare, one day, all 50 institutions", f"/api/frontend/meals/mealsToPrepare?date={day}"),
            ("  the same as XLSX", f"/api/frontend/meals/mealsToPrepare/xlsx?date={day}"),
            ("  the same as PDF", f"/api/frontend/meals/mealsToPrepare/pdf?date={day}"),
        ]:
            median, p95, queries = measure(client, path, headers, repeat)
            print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")
        transaction.set_rollback(True)


def measure_dashboard(tenant, repeat: int) -> None:
    """The dashboard's calls as the bench admin (issue 17): today's statistics (meals of the day, active receivers,
    the sum of 15,000 accounts' cached balances per payer, this month's deposits) for every institution and narrowed
    to one (the SQL an institutions admin's reach runs), the day's totals, a page of each presence mode, and the
    month and year charts."""
    from kantyna.institutions.models import Institution
    from kantyna.ordering.cutoff import tenant_today

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        institution = Institution.objects.order_by("pk").values_list("pk", flat=True).first()
        today = tenant_today().isoformat()
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    base = "/api/frontend/dashboard"
    paths = [
        ("statistics, every institution", f"{base}/statistics"),
        ("statistics, one institution", f"{base}/statistics?institutionId={institution}"),
        ("totals per institution x meal type x diet", f"{base}/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet?date={today}"),
        ("presences, present, first page", f"{base}/presencesList?mode=present&date={today}"),
        ("presences, not ordered, first page", f"{base}/presencesList?mode=not_ordered&date={today}"),
        ("presences, absent, one institution", f"{base}/presencesList?mode=absent&date={today}&institutionId={institution}"),
        ("chart, days of this month", f"{base}/chartData?period=month&date={today}"),
        ("chart, months of this year", f"{base}/chartData?period=year&date={today}"),
        ("chart, days of this month, one institution", f"{base}/chartData?period=month&institutionId={institution}"),
    ]
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
    for label, path in paths:
        median, p95, queries = measure(client, path, headers, repeat)
        print(f"{label:<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")


def measure_reports(tenant, repeat: int) -> None:
    """Reports (issue 17) as the bench admin: `POST reports/ordersPerInstitution` per month over the month with the
    most order items (about 400,000), as XLSX (target 5 s) and as the print PDF, through the test client: wall time
    and queries; then the phases apart (the grouped read, the rendering) and the file's size. Every call runs in a
    transaction rolled back, so nothing is written whatever a request would do."""
    import json

    from django.db import transaction
    from django.db.models import Count
    from django.db.models.functions import TruncMonth

    from kantyna.core.dates import month_bounds
    from kantyna.core.spreadsheets import XLSX_TYPE
    from kantyna.ordering.models import OrderItem
    from kantyna.reports import tables
    from kantyna.reports.catalog import REPORT_TYPES, criteria_validated, scope

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        busiest = (
            OrderItem.objects.annotate(month=TruncMonth("date")).values("month").annotate(n=Count("pk"))
            .order_by("-n").first()
        )
    first, last = month_bounds(busiest["month"])
    criteria = {"dateFrom": first.isoformat(), "dateTo": last.isoformat(), "groupBy": "month"}
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}

    def call(path: str, body: dict, content_type: str):
        def run():
            with transaction.atomic():
                response = client.post(path, json.dumps(body), content_type="application/json", headers=headers)
                transaction.set_rollback(True)
            assert response.status_code == 200, (path, response.status_code, response.content[:300])
            assert response["Content-Type"] == content_type, response["Content-Type"]
            sizes.append(len(response.content))
        return run

    print(f"load average: {os.getloadavg()[0]:.2f}")
    print(f"busiest month {first:%Y-%m}: {busiest['n']} order items (every status)")
    print(f"{'call':<58} {'median ms':>10} {'p95 ms':>8} {'queries':>8} {'bytes':>9}")
    base = "/api/frontend/reports/ordersPerInstitution"
    for label, path, body, content_type in [
        ("orders per institution, month, XLSX (target 5000)", base, {"criteria": criteria, "format": "xlsx"},
         XLSX_TYPE),
        ("orders per institution, month, PDF landscape 9 pt", f"{base}/print",
         {"criteria": criteria, "orientation": "landscape", "fontSize": 9}, "application/pdf"),
        ("orders per institution, day, XLSX", base, {"criteria": {**criteria, "groupBy": "day"}, "format": "xlsx"},
         XLSX_TYPE),
    ]:
        sizes: list[int] = []
        call(path, body, content_type)()  # warm-up
        median, p95, queries = timed(call(path, body, content_type), repeat)
        print(f"{label:<58} {median:>10.2f} {p95:>8.2f} {queries:>8} {sizes[-1]:>9}")

    with in_tenant(tenant):
        report = REPORT_TYPES["ordersPerInstitution"]
        validated = criteria_validated(report.code, criteria)
        covered = scope(admin, validated)
        table_ms = timed(lambda: report.build(validated, covered), repeat)
        table = report.build(validated, covered)
        xlsx_ms = timed(lambda: tables.render(table, "xlsx"), repeat)
    print(f"phases: grouped read + table {table_ms[0]:.2f} ms ({table_ms[2]} queries, {len(table.rows)} rows), "
          f"XLSX rendering {xlsx_ms[0]:.2f} ms")


def measure_labels(tenant, repeat: int) -> None:
    """Labels (issue 16): `POST orders/printLabels` as the admin for the busiest day of the month, narrowed to the
    first institutions (by id) whose live items add up to about 5,000 portions, on 3x7 sheets: wall time and
    queries through the test client, then the phases apart (the label model's read, the PDF's rendering) and the
    PDF's size and sheets. Nothing is written."""
    import json

    from django.db.models import Count, F
    from django.db.models.functions import Coalesce

    from kantyna.kitchen.documents import labels as documents
    from kantyna.kitchen.selectors import labels as selectors
    from kantyna.ordering.models import OrderItem

    target = 5_000
    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        live = OrderItem.objects.filter(status__in=("active", "served"))
        day = live.values("date").annotate(n=Count("pk")).order_by("-n").first()["date"]
        per_place = (
            live.filter(date=day)
            .annotate(place=Coalesce(F("child__institution_id"), F("worker__institution_id")))
            .values("place")
            .annotate(n=Count("pk"))
            .order_by("place")
        )
        chosen, portions = [], 0
        for row in per_place:
            if portions >= target:
                break
            chosen.append(row["place"])
            portions += row["n"]
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    body = json.dumps({"date": day.isoformat(), "institutionsIds": chosen, "layout": "3x7"})

    def call():
        response = client.post("/api/frontend/orders/printLabels", body, content_type="application/json",
                               headers=headers)
        assert response.status_code == 200, response.content[:300]
        return response

    size = len(call().content)  # warm-up
    median, p95, queries = timed(call, repeat)
    print(f"labels for {day} of {len(chosen)} institutions: {portions} portions, PDF {size / 1e6:.1f} MB, "
          f"{selectors.LAYOUTS['3x7'].pages(portions)} sheets of 21")
    print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
    print(f"{'POST orders/printLabels (admin)':<50} {median:>10.2f} {p95:>8.2f} {queries:>8}")
    with in_tenant(tenant):
        read_ms, _p, read_queries = timed(
            lambda: selectors.labels_for_day(day=day, reachable_institution_ids=None, institution_ids=chosen), repeat
        )
        labels = selectors.labels_for_day(day=day, reachable_institution_ids=None, institution_ids=chosen)
        render_ms, _p, _q = timed(lambda: documents.render_pdf(labels, selectors.LAYOUTS["3x7"]), repeat)
    print(f"{'  the label model (selector)':<50} {read_ms:>10.2f} {'':>8} {read_queries:>8}")
    print(f"{'  the PDF (render_pdf)':<50} {render_ms:>10.2f} {'':>8} {0:>8}")


def measure_release(tenant, repeat: int) -> None:
    """The nested meals to release (issue 16) for ONE institution on the day of the month with the most live meals,
    as the admin (the institution with the most live meals that day), beside the floor: the same items with the
    receivers' names and allergens in one raw SQL statement. Also the flat list's first page and the day per
    institution, every institution."""
    from django.db.models import Count, F
    from django.db.models.functions import Coalesce

    from kantyna.ordering.models import OrderItem

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        live = OrderItem.objects.filter(status__in=("active", "served"))
        busiest = live.values("date").annotate(n=Count("pk")).order_by("-n", "date").first()
        place = (
            live.filter(date=busiest["date"])
            .annotate(place=Coalesce(F("child__institution_id"), F("worker__institution_id")))
            .values("place").annotate(n=Count("pk")).order_by("-n", "place").first()
        )
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": bearer(admin)}
    day = busiest["date"].isoformat()
    # The best plain SQL for it: from the institution's children, then its workers, to their items by the
    # (receiver, date) indexes, with the names and each receiver's allergens.
    floor_sql = """
        SELECT i.child_id, NULL::int, c.first_name, c.last_name, c.classroom_id, cl.name, NULL::int, i.meal_type_id,
               i.diet_id, i.portion_size_id,
               ARRAY(SELECT a.name FROM people_child_allergies ca JOIN catalog_allergen a ON a.id = ca.allergen_id
                     WHERE ca.child_id = i.child_id)
        FROM people_child c
        JOIN ordering_orderitem i ON i.child_id = c.id
        JOIN institutions_classroom cl ON cl.id = c.classroom_id
        WHERE c.institution_id = %(place)s AND i.date = %(day)s AND i.status IN ('active', 'served')
        UNION ALL
        SELECT NULL::int, i.worker_id, u.first_name, u.last_name, NULL::int, NULL, w.group_id, i.meal_type_id,
               i.diet_id, i.portion_size_id,
               ARRAY(SELECT a.name FROM people_workerprofile_allergies wa
                     JOIN catalog_allergen a ON a.id = wa.allergen_id WHERE wa.workerprofile_id = i.worker_id)
        FROM people_workerprofile w
        JOIN ordering_orderitem i ON i.worker_id = w.id
        JOIN users_user u ON u.id = w.user_id
        WHERE w.institution_id = %(place)s AND i.date = %(day)s AND i.status IN ('active', 'served')"""

    def floor() -> None:
        with in_tenant(tenant), connection.cursor() as cursor:
            cursor.execute(floor_sql, {"place": place["place"], "day": busiest["date"]})
            assert cursor.fetchall()

    print(f"meals to release on {day}: institution {place['place']} with {place['n']} live meals "
          f"({busiest['n']} in all), admin; load average {os.getloadavg()}")
    print(f"{'path':<56} {'median ms':>10} {'p95 ms':>8} {'queries':>8}")
    median, p95, queries = timed(floor, repeat)
    print(f"{'floor: the items with names and allergens in raw SQL':<56} {median:>10.2f} {p95:>8.2f} {queries:>8}")
    for label, path in [
        ("nested meals to release, one day, one institution",
         f"/api/frontend/meals/nestedMealsToRelease?date={day}&institutionsIds={place['place']}"),
        ("meals to release, first page, all 50 institutions", f"/api/frontend/meals/mealsToRelease?date={day}"),
        ("orders/mealsToRelease/{date}, all 50 institutions", f"/api/frontend/orders/mealsToRelease/{day}"),
    ]:
        median, p95, queries = measure(client, path, headers, repeat)
        print(f"{label:<56} {median:>10.2f} {p95:>8.2f} {queries:>8}")
    print(f"load average after {os.getloadavg()}")


def measure_requests(tenant, repeat: int) -> None:
    """What every request pays and the hottest reads of the mixed load (issue 15): wall time, this process's CPU
    time (`time.process_time`) and SQL queries per request through the test client, after one warm-up call each.
    The floors in the same run: `api/health` (no session, no query: the framework's own cost) and, for the
    kitchen summary of a day, the same grouping in one raw SQL statement over that day's order items."""
    from datetime import date

    from django.db.models import Count

    from kantyna.ordering.models import OrderItem

    with in_tenant(tenant):
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        parent = User.objects.select_related("account").get(pk=User.objects.filter(children__isnull=False)
                                                            .order_by("pk").values("pk")[:1])
        children = list(parent.children.order_by("pk").values_list("pk", flat=True))[:3]
        day = (OrderItem.objects.filter(status__in=("active", "served")).values("date").annotate(n=Count("id"))
               .order_by("-n", "date").values_list("date", flat=True).first())
    client = Client(HTTP_HOST=HOST)
    month = date.today().strftime("%Y-%m")
    subjects = ",".join(f"child:{child_id}" for child_id in children)
    parent_headers, admin_headers = {"authorization": bearer(parent)}, {"authorization": bearer(admin)}

    def get(path: str, headers: dict):
        def call():
            response = client.get(path, headers=headers)
            assert response.status_code == 200, (path, response.status_code, response.content[:300])
        return call

    def summary_floor():
        with in_tenant(tenant), connection.cursor() as cursor:
            cursor.execute(
                "SELECT i.date, i.meal_type_id, m.name, m.position, count(*), sum(i.price) "
                "FROM ordering_orderitem i JOIN catalog_mealtype m ON m.id = i.meal_type_id "
                "WHERE i.date >= %s AND i.date <= %s AND i.status IN ('active', 'served') "
                "GROUP BY i.date, i.meal_type_id, m.name, m.position ORDER BY i.date, m.position, m.name, "
                "i.meal_type_id", [day, day])
            assert cursor.fetchall()

    rows = [
        ("floor: api/health (no session, no query)", get("/api/health", {})),
        ("auth/currentUser (parent)", get("/api/frontend/auth/currentUser", parent_headers)),
        ("auth/currentUser (admin)", get("/api/frontend/auth/currentUser", admin_headers)),
        ("calendar month, 3 children, one call (parent)",
         get(f"/api/frontend/calendar/days/subjects/month?month={month}&subjects={subjects}", parent_headers)),
        (f"kitchen summary orders/summary of {day} (admin)",
         get(f"/api/frontend/orders/summary?dateFrom={day}&dateTo={day}", admin_headers)),
        ("floor: the same grouping in one raw SQL", summary_floor),
    ]
    print(f"load average before {os.getloadavg()}")
    print(f"{'path':<50} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>8} {'queries':>8}")
    for label, action in rows:
        action()  # warm-up: connection, caches
        wall, cpu, queries = [], [], 0
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as captured:
                started, started_cpu = time.perf_counter(), time.process_time()
                action()
                wall.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            queries = len(captured.captured_queries)
        wall.sort()
        print(f"{label:<50} {statistics.median(wall):>10.2f} {wall[max(0, int(len(wall) * 0.95) - 1)]:>8.2f} "
              f"{statistics.median(cpu):>8.2f} {queries:>8}")
    print(f"load average after {os.getloadavg()}")


if __name__ == "__main__":
    main()
