"""The terminal's serving paths (issue 13) on the `bench` tenant, over HTTP against the production server.

1. Starts gunicorn as `scripts/run.py` does (scripts/webserver.py: gthread, WEB_WORKERS x WEB_THREADS) on a free
   port, against the database of KANTYNA_DB_NAME, and signs the bench's cook in (`cook@bench.test`, a token as
   `run.py` makes one).
2. Card scans: an open-loop load of `--rate` scans a second for `--seconds` from `--terminals` threads (each its
   own keep-alive connection; scan i is due at start + i / rate whatever the answers before it), every scan a
   distinct card with a lunch that day: `POST terminal/scanCard/{date}/{card}` with `mealTypesIds` and a fresh
   `clientScanId`. Per scan: the client's latency (from its due time to the last byte of the answer) and the
   server's own time (gunicorn's access log, `%(D)s`: from the request read to the answer written, the worker's
   queueing for a thread excluded). The app has no timing middleware, so no `Server-Timing` header.
3. The floor: the same lookup, row lock and update in raw SQL (psycopg, one connection per terminal thread, one
   transaction per scan: card -> child, its live items of the day FOR UPDATE, UPDATE to served), same rate, same
   threads, other cards.
4. The roster for the offline download, `GET terminal/roster?date=&institutionId=` for the institution with the
   most children that day: over HTTP (median/p95) and in-process (Django test client, SQL queries counted).
5. Queries per scan: a few scans in-process under CaptureQueriesContext (`--show-queries` lists them).

The data is left as found: the bench's cook serves nothing else, so afterwards every item the cook served
(`served_by`) goes back to active (served_at and served_by null), the cook's scan entries and serving audit
entries are deleted, and the day's active count is checked against the count before. `--restore` does only that
(after an interrupted run).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import threading
import time
import uuid
from collections.abc import Callable
from datetime import date, timedelta

import common
import psycopg
from common import Server, percentiles
from django.conf import settings
from django.db import connection
from django.db.models import Count, F, Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from run import HOST, bearer, measure

from kantyna.audit.models import AuditEntry
from kantyna.catalog.models import MealType
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import OrderItem
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.models import ScannedCardEntry
from kantyna.users.models import User

COOK_EMAIL = "cook@bench.test"


def open_loop(jobs: list, *, rate: float, terminals: int, connect: Callable, send: Callable) -> dict:
    """Scan `jobs[i]` at start + i / rate from terminal i % terminals (a thread with its own connection made by
    `connect()`); `send(conn, job)` answers None when fine, else the error. Latencies from the due time."""
    latencies: list[float | None] = [None] * len(jobs)
    errors: list[str] = []
    late = [0.0]
    start = time.perf_counter() + 0.5
    lock = threading.Lock()

    def terminal(index: int) -> None:
        conn = connect()
        try:
            for i in range(index, len(jobs), terminals):
                due = start + i / rate
                wait = due - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                try:
                    error = send(conn, jobs[i])
                except Exception as exc:  # noqa: BLE001 - counted and shown, the run goes on
                    error = repr(exc)
                    conn = connect()
                finished = time.perf_counter()
                with lock:
                    late[0] = max(late[0], -wait)
                    latencies[i] = (finished - due) * 1000
                    if error:
                        errors.append(error)
        finally:
            conn.close()

    threads = [threading.Thread(target=terminal, args=(index,)) for index in range(terminals)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return {"latencies": [value for value in latencies if value is not None], "errors": errors,
            "rate": len(jobs) / elapsed, "late_ms": late[0] * 1000}


def restore(tenant: Tenant, cook: User) -> tuple[int, int, int]:
    """Every item the cook served back to active; the cook's scan entries and serving audit entries deleted."""
    with in_tenant(tenant):
        items = OrderItem.objects.filter(served_by=cook).update(
            status=OrderItem.Status.ACTIVE, served_at=None, served_by=None
        )
        entries, _ = ScannedCardEntry.objects.filter(served_by=cook).delete()
        audits, _ = AuditEntry.objects.filter(actor_user_id=cook.pk, action="order_items.serve").delete()
    return items, entries, audits


def row(label: str, values: list[float], queries: str = "", extra: str = "") -> str:
    median, p95, p99, worst = percentiles(values)
    return f"{label:<52} {median:>8.2f} {p95:>8.2f} {p99:>8.2f} {worst:>8.2f} {queries:>8} {extra}"


def cpu_only(args, tenant, cook, token, run_id, day, lunch, cards, active_before) -> None:
    """Sequential scans through the test client in this process (the first one untimed): the scan path's own
    cost without HTTP nor a server's queue, for comparing two versions of the code at one load."""
    import cProfile
    import pstats

    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": token}
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    wall, cpu, load_before = [], [], os.getloadavg()

    def backend_cpu_ms() -> float:
        """CPU time of this connection's PostgreSQL backend process (user + system, /proc; 10 ms ticks)."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def scan(card):
        return client.post(f"/api/frontend/terminal/scanCard/{day}/{card}",
                           {"mealTypesIds": [lunch], "clientScanId": f"bench-{run_id}-{card}"},
                           content_type="application/json", headers=headers)

    database_before = None
    try:
        for index, card in enumerate(cards[:-1]):
            if index == 1:
                database_before = backend_cpu_ms()
            started, started_cpu = time.perf_counter(), time.process_time()
            if profiler is not None and index:
                profiler.enable()
            response = scan(card)
            if profiler is not None:
                profiler.disable()
            if index:
                wall.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            assert response.status_code == 200 and response.json()["result"] == "served", response.content[:300]
        database_ms = backend_cpu_ms() - database_before
        with CaptureQueriesContext(connection) as captured:  # one more scan, untimed: its SQL statements
            response = scan(cards[-1])
        assert response.status_code == 200 and response.json()["result"] == "served", response.content[:300]
    finally:
        items, entries, audits = restore(tenant, cook)
    with in_tenant(tenant):
        active_after = OrderItem.objects.filter(date=day, status=OrderItem.Status.ACTIVE).count()
    assert active_after == active_before, (active_before, active_after)
    print(f"{'path (ms)':<52} {'median':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    print(row(f"scan in-process (test client), {len(wall)} sequential", wall))
    print(row("  of which Python CPU of this process", cpu))
    print(f"  10th percentile of the CPU: {sorted(cpu)[len(cpu) // 10]:.2f} ms; load average {load_before} -> "
          f"{os.getloadavg()}; restored {items} items, {entries} entries, {audits} audit entries")
    print(f"  SQL statements per scan: {len(captured.captured_queries)}; PostgreSQL backend CPU per scan "
          f"{database_ms / len(cpu):.2f} ms (its user + system time over the {len(cpu)} scans)")
    if args.show_queries:
        for query in captured.captured_queries:
            print(f"  {float(query['time']) * 1000:6.2f} ms  {re.sub(r'SELECT .*? FROM', 'SELECT ... FROM', query['sql'])[:160]}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "tottime")).print_stats(os.environ.get("BENCH_FILTER", ""), int(os.environ.get("BENCH_LINES", "25")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate", type=float, default=50, help="scans a second (open loop)")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--terminals", type=int, default=5, help="terminal threads sharing the rate")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_WORKERS", common.webserver.WORKERS)))
    parser.add_argument("--threads", type=int, default=int(os.environ.get("WEB_THREADS", common.webserver.THREADS)))
    parser.add_argument("--repeat", type=int, default=20, help="roster requests and in-process scans")
    parser.add_argument("--day", type=date.fromisoformat,
                        help="default: the last day up to today whose lunches are all active (the server serves today "
                             "and the last 7 days only)")
    parser.add_argument("--show-queries", action="store_true", help="list the SQL of one in-process scan")
    parser.add_argument("--restore", action="store_true", help="only put back what an interrupted run served")
    parser.add_argument("--cpu-only", action="store_true",
                        help="only the in-process scans (--repeat of them): wall and Python CPU per scan, no server")
    parser.add_argument("--profile", action="store_true", help="with --cpu-only: cProfile the scans, top 25 by own time")
    args = parser.parse_args()

    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    with in_tenant(tenant):
        cook = User.objects.select_related("account").filter(account__email=COOK_EMAIL).first()
    if cook is None:
        raise SystemExit(f"No {COOK_EMAIL} in the bench tenant: run bench/generate.py --cook first.")
    if args.restore:
        items, entries, audits = restore(tenant, cook)
        print(f"restored: {items} items back to active, {entries} scan entries and {audits} audit entries deleted")
        return
    with in_tenant(tenant):
        lunch = MealType.objects.get(name="Obiad").pk
        today = tenant_today()  # the server serves today or the last 7 days (terminal.services.serving_day_check)
        day = args.day or (
            OrderItem.objects.filter(meal_type_id=lunch, date__lte=today, date__gte=today - timedelta(days=7))
            .values("date")
            .annotate(total=Count("id"), active=Count("id", filter=Q(status=OrderItem.Status.ACTIVE)))
            .filter(active=F("total")).order_by("-date").values_list("date", flat=True).first()
        )
        if day is None:
            raise SystemExit("No day of the last week whose lunches are all active: pass --day, or "
                             "regenerate the tenant (bench/generate.py --replace).")
        if ScannedCardEntry.objects.filter(served_by=cook).exists() or OrderItem.objects.filter(served_by=cook).exists():
            raise SystemExit("A previous run left served items or scan entries: run bench/terminal.py --restore.")
        active_before = OrderItem.objects.filter(date=day, status=OrderItem.Status.ACTIVE).count()
        cards = list(
            OrderItem.objects.filter(date=day, meal_type_id=lunch, status=OrderItem.Status.ACTIVE,
                                     child__card_number__isnull=False)
            .values_list("child__card_number", "child__institution_id")
        )
    random.Random(13).shuffle(cards)
    load = int(args.rate * args.seconds)
    warm = int(args.rate)
    needed = warm + 2 * load + args.repeat + 1
    if len(cards) < needed:
        raise SystemExit(f"{len(cards)} cards with an active lunch on {day}; {needed} needed.")
    institution = max({inst for _, inst in cards}, key=lambda inst: sum(1 for _, i in cards if i == inst))
    cards = [card for card, _ in cards]
    warm_cards, http_cards, sql_cards, inprocess_cards = (
        cards[:warm], cards[warm:warm + load], cards[warm + load:warm + 2 * load], cards[warm + 2 * load:needed]
    )
    token = bearer(cook)
    run_id = uuid.uuid4().hex[:8]
    if args.cpu_only:
        cpu_only(args, tenant, cook, token, run_id, day, lunch, cards[:args.repeat + 2], active_before)
        return
    print(f"day {day}: {active_before} active items, lunch = meal type {lunch}; roster institution {institution}; "
          f"{args.rate:g} scans/s for {args.seconds:g} s from {args.terminals} terminals; gunicorn gthread "
          f"{args.workers} workers x {args.threads} threads; load average before {os.getloadavg()}")

    lines = []
    server = Server(args.workers, args.threads, host=HOST)
    try:
        def http_connect():
            return http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)

        def http_scan(conn, card: str):
            body = json.dumps({"mealTypesIds": [lunch], "clientScanId": f"bench-{run_id}-{card}",
                               "terminalId": "bench"})
            conn.request("POST", f"/api/frontend/terminal/scanCard/{day.isoformat()}/{card}", body=body,
                         headers={"Host": HOST, "Authorization": token, "Content-Type": "application/json"})
            response = conn.getresponse()
            answer = response.read()
            if response.status != 200 or json.loads(answer)["result"] != "served":
                return f"{response.status} {answer[:200]!r}"
            return None

        open_loop(warm_cards, rate=args.rate, terminals=args.terminals, connect=http_connect, send=http_scan)
        for _ in range(3):  # warm the roster's code path in every worker too
            conn = http_connect()
            conn.request("GET", f"/api/frontend/terminal/roster?date={day}&institutionId={institution}",
                         headers={"Host": HOST, "Authorization": token})
            conn.getresponse().read()
            conn.close()
        server.mark()
        scans = open_loop(http_cards, rate=args.rate, terminals=args.terminals, connect=http_connect, send=http_scan)
        load_after_http = os.getloadavg()
        served_times = server.times_ms("/api/frontend/terminal/scanCard/")

        database = settings.DATABASES["default"]

        def sql_connect():
            conn = psycopg.connect(host=database["HOST"], port=database["PORT"], dbname=database["NAME"],
                                   user=database["USER"], password=database["PASSWORD"] or None)
            conn.execute(f"SET search_path = {tenant.schema_name}, public")
            conn.commit()
            return conn

        def sql_scan(conn, card: str):
            with conn.transaction():
                child = conn.execute("SELECT id, institution_id, is_active, archived_at FROM people_child "
                                     "WHERE card_number = %s", (card,)).fetchone()
                items = conn.execute(
                    "SELECT id, status FROM ordering_orderitem WHERE child_id = %s AND date = %s "
                    "AND meal_type_id = ANY(%s) AND status IN ('active', 'served') ORDER BY id FOR UPDATE",
                    (child[0], day, [lunch]),
                ).fetchall()
                active = [pk for pk, status in items if status == "active"]
                conn.execute("UPDATE ordering_orderitem SET status = 'served', served_at = now(), "
                             "served_by_id = %s WHERE id = ANY(%s)", (cook.pk, active))
            return None if active else f"no active item for {card}"

        floor = open_loop(sql_cards, rate=args.rate, terminals=args.terminals, connect=sql_connect, send=sql_scan)

        roster_path = f"/api/frontend/terminal/roster?date={day}&institutionId={institution}"
        roster_times = []
        conn = http_connect()
        for _ in range(args.repeat):
            started = time.perf_counter()
            conn.request("GET", roster_path, headers={"Host": HOST, "Authorization": token})
            response = conn.getresponse()
            roster_body = response.read()
            roster_times.append((time.perf_counter() - started) * 1000)
            assert response.status == 200, roster_body[:300]
        conn.close()
        roster_server = server.times_ms("/api/frontend/terminal/roster")
        roster_size = len(json.loads(roster_body)["subjects"])
    finally:
        server.stop()

    # In-process (Django test client, the same code without HTTP): queries per scan and per roster.
    client = Client(HTTP_HOST=HOST)
    headers = {"authorization": token}
    inprocess, cpu, queries, shown = [], [], 0, None
    for index, card in enumerate(inprocess_cards):  # the first warms this process up, untimed
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.post(f"/api/frontend/terminal/scanCard/{day}/{card}",
                                   {"mealTypesIds": [lunch], "clientScanId": f"bench-{run_id}-{card}"},
                                   content_type="application/json", headers=headers)
            if index:
                inprocess.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
        assert response.status_code == 200 and response.json()["result"] == "served", response.content[:300]
        queries, shown = len(captured.captured_queries), captured.captured_queries
    roster_median, roster_p95, roster_queries = measure(client, roster_path, headers, args.repeat)

    items, entries, audits = restore(tenant, cook)
    with in_tenant(tenant):
        active_after = OrderItem.objects.filter(date=day, status=OrderItem.Status.ACTIVE).count()
    assert active_after == active_before, (active_before, active_after)

    print(f"{'path (ms)':<52} {'median':>8} {'p95':>8} {'p99':>8} {'max':>8} {'queries':>8}")
    lines = [
        row(f"scan over HTTP, client (due -> answer), {len(scans['latencies'])} scans", scans["latencies"],
            str(queries), f"errors {len(scans['errors'])}, {scans['rate']:.1f}/s, latest send "
                          f"{scans['late_ms']:.1f} ms behind"),
        row(f"scan over HTTP, server (gunicorn %(D)s), {len(served_times)} logged", served_times),
        row(f"scan floor: raw SQL lookup+lock+update, {len(floor['latencies'])}", floor["latencies"], "4",
            f"errors {len(floor['errors'])}, {floor['rate']:.1f}/s"),
        row(f"scan in-process (test client), {len(inprocess)} sequential", inprocess, str(queries)),
        row("  of which Python CPU of this process", cpu),
        row(f"roster over HTTP, client, {roster_size} subjects", roster_times),
        row("roster over HTTP, server (gunicorn %(D)s)", roster_server),
        f"{'roster in-process (test client)':<52} {roster_median:>8.2f} {roster_p95:>8.2f} {'':>8} {'':>8} "
        f"{roster_queries:>8}",
    ]
    print("\n".join(lines))
    for error in (scans["errors"] + floor["errors"])[:5]:
        print("  error:", error)
    print(f"load average after the HTTP scans {load_after_http}, at the end {os.getloadavg()}")
    print(f"restored: {items} items back to active, {entries} scan entries and {audits} audit entries deleted; "
          f"{active_after} active items on {day} as before")
    if args.show_queries and shown:
        for query in shown:
            print(f"  {float(query['time']) * 1000:6.2f} ms  {re.sub(r'SELECT .*? FROM', 'SELECT ... FROM', query['sql'])[:160]}")


if __name__ == "__main__":
    main()
