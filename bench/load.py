"""Mixed HTTP load on the `bench` tenant against `make run`'s server (issue 15): latency and goodput per offered rate.

1. Signs in beforehand `--parents` distinct parents of the bench tenant (those with children; a token each, as
   bench/run.py makes one) and the bench's admin, and starts gunicorn as scripts/run.py does (scripts/webserver.py)
   on free ports of 127.0.0.1, one server per `--configs` entry, all at once: `WxT` = W gthread workers x T threads,
   `sync:W` = W sync workers; `/D` after either sets REQUEST_QUEUE_DEADLINE_MS=D (0: no deadline; default: the
   settings' 500 ms). The rates are interleaved: each rate on every configuration in turn, then the next rate, so
   that the machine's other load, which drifts, falls on all configurations alike.
2. Per offered rate of `--rates` (requests a second), for `--seconds`: an open loop (request i is due at
   start + i / rate, whatever the answers before it; an exponential gap with `--poisson`), the mix of issue 15:
   45 % a parent's month calendar for their children (`calendar/days/subjects/month`), 40 % `auth/currentUser`
   (parents), 10 % a parent marking a week of soups for their children (`calendar/days/presences`, POST, each by a
   parent who has not marked in this run), 5 % the admin's lists (children, transactions, the subjects calendar
   page, orders, in turn). Each request has `--timeout` seconds from its due time (the client gives up, closes
   its connection and counts it timed out). Connections are kept alive and reused (any idle one; a new one when
   none is idle, as many browsers would), one asyncio loop in this process.
3. Prints per rate: requests sent and the rate reached, p50/p95/p99 of the 2xx answers' latency (from the due time,
   so queueing counts), goodput (2xx answered within the timeout, a second, and % of sent), refusals (503: the
   server's deadline), timeouts, other errors, this process's CPU share (the client shares the machine), the
   server's CPU (gunicorn's processes, % of one core; PostgreSQL's not included) and its CPU ms per good answer.
   Before the rates, the floors of the same run: each kind of request one at a time (median ms) and the server's
   CPU per refused request (300 requests one at a time, each with `X-Request-Start: t=1`; the server is started
   with REQUEST_START_HEADER=1 for this, the load itself sends no such header).
   Between rates it waits until every request is answered or given up, then 2 s more.

Marking writes (order items, ledger rows, audit entries): run on a copy of the bench database and copy it again for
comparable runs (bench/README.md). Only 127.0.0.1; every run is bounded by --seconds x rates.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import time
from dataclasses import dataclass, field
from datetime import date, timedelta

import common
import psycopg
from common import Server, percentiles
from django.conf import settings
from django.db import connection
from psycopg import sql
from run import HOST, bearer

from kantyna.catalog.models import MealType
from kantyna.people.models import Child
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.users.models import User

API = "/api/frontend/"
MIX = (("calendar", 45), ("currentUser", 40), ("marking", 10), ("adminList", 5))
IDLE_SECONDS = 1.5  # a kept-alive connection idle longer is dropped (gunicorn closes them after 2 s)


@dataclass
class Parent:
    token: str
    subjects: list[int]


@dataclass
class Result:
    kind: str
    status: int | None = None  # None: timed out or failed
    latency_ms: float | None = None
    error: str | None = None


@dataclass
class Pool:
    port: int
    idle: list = field(default_factory=list)  # (reader, writer, last used)

    async def take(self):
        now = time.monotonic()
        while self.idle:
            reader, writer, used = self.idle.pop()
            if now - used < IDLE_SECONDS and not writer.is_closing():
                return reader, writer, True
            writer.close()
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        return reader, writer, False

    def give_back(self, reader, writer) -> None:
        self.idle.append((reader, writer, time.monotonic()))


async def exchange(reader, writer, request: bytes) -> tuple[int, bytes, bool]:
    """One HTTP/1.1 request on a connection: status, body, whether the server keeps the connection."""
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        body = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            body += await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        body = await reader.read()
        return status, body, False
    return status, body, headers.get("connection", "").lower() != "close"


def http_request(method: str, path: str, token: str, body: dict | None = None) -> bytes:
    payload = json.dumps(body).encode() if body is not None else b""
    head = (f"{method} {API}{path} HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: {token}\r\nAccept: application/json\r\n"
            f"User-Locale: en\r\n")
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
    return (head + "\r\n").encode() + payload


async def send(pool: Pool, kind: str, request: bytes, due: float, timeout: float) -> Result:
    """Send at `due` (monotonic); give up at due + timeout (closing the connection, as a client that gives up)."""
    delay = due - time.monotonic()
    if delay > 0:
        await asyncio.sleep(delay)
    writer = None
    try:
        async with asyncio.timeout_at(asyncio.get_running_loop().time() + due + timeout - time.monotonic()):
            for attempt in range(2):
                reader, writer, reused = await pool.take()
                try:
                    status, _body, keep = await exchange(reader, writer, request)
                    break
                except (asyncio.IncompleteReadError, ConnectionError):
                    writer.close()
                    writer = None
                    if not reused or attempt:  # a kept-alive connection the server closed meanwhile: once more
                        raise
            latency = (time.monotonic() - due) * 1000
            if keep:
                pool.give_back(reader, writer)
            else:
                writer.close()
            return Result(kind, status, latency)
    except TimeoutError:
        if writer is not None:
            writer.transport.abort()
        return Result(kind, None, None, "timeout")
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        if writer is not None:
            writer.transport.abort()
        return Result(kind, None, None, repr(error)[:120])


class Mix:
    """The requests of issue 15's mix, one at a time; every marking by a parent who has not marked yet."""

    def __init__(self, parents: list[Parent], admin_token: str, lunch_week: list[str], soup: int, month: str,
                 seed: int) -> None:
        self.random = random.Random(seed)
        self.parents = parents
        self.markers = iter(parents)
        self.admin_token = admin_token
        self.week, self.soup, self.month = lunch_week, soup, month
        self.kinds = [kind for kind, share in MIX for _ in range(share)]
        self.admin_paths = itertools.cycle([
            "children?perPage=20",
            "transactions",
            f"calendar/days/subjects?month={month}&perPage=50",
            "orders?perPage=20",
        ])

    def next(self) -> tuple[str, bytes]:
        kind = self.random.choice(self.kinds)
        parent = self.random.choice(self.parents)
        subjects = ",".join(f"child:{pk}" for pk in parent.subjects)
        if kind == "calendar":
            return kind, http_request("GET", f"calendar/days/subjects/month?month={self.month}&subjects={subjects}",
                                      parent.token)
        if kind == "currentUser":
            return kind, http_request("GET", "auth/currentUser", parent.token)
        if kind == "marking":
            marker = next(self.markers, None)
            if marker is None:
                raise SystemExit("More markings than parents: raise --parents.")
            body = {"calendarDaysData": [{"date": day, "mealTypes": [{"mealTypeId": self.soup}]} for day in self.week],
                    "subjects": [{"type": "child", "id": pk} for pk in marker.subjects]}
            return kind, http_request("POST", "calendar/days/presences", marker.token, body)
        return kind, http_request("GET", next(self.admin_paths), self.admin_token)


async def offered(pool: Pool, mix: Mix, rate: float, seconds: float, timeout: float, poisson: bool,
                  seed: int) -> tuple[list[Result], float]:
    """The open loop at `rate` for `seconds`; every request's task created ahead of its due time."""
    gaps = random.Random(seed)
    start = time.monotonic() + 0.2
    due, tasks = start, []
    while due < start + seconds:
        kind, request = mix.next()
        tasks.append(asyncio.create_task(send(pool, kind, request, due, timeout)))
        due += gaps.expovariate(rate) if poisson else 1 / rate
        if len(tasks) % 50 == 0:
            await asyncio.sleep(max(0.0, due - time.monotonic() - 1.0))  # create tasks at most ~1 s ahead
    results = await asyncio.gather(*tasks)
    return results, len(tasks) / seconds


def summary(rate: float, results: list[Result], seconds: float, timeout: float, cpu: float, wall: float,
            server_cpu: float) -> str:
    good = [r for r in results if r.status is not None and 200 <= r.status < 300 and r.latency_ms <= timeout * 1000]
    refused = sum(1 for r in results if r.status == 503)
    timed_out = sum(1 for r in results if r.error == "timeout")
    other = len(results) - len(good) - refused - timed_out
    if good:
        p50, p95, p99, _worst = percentiles([r.latency_ms for r in good])
        times = f"{p50:>7.0f} {p95:>7.0f} {p99:>7.0f}"
    else:
        times = f"{'-':>7} {'-':>7} {'-':>7}"
    share = 100 * len(good) / len(results)
    return (f"{rate:>7g} {len(results):>6} {len(results) / seconds:>7.1f} {times} {len(good) / seconds:>8.1f} "
            f"{share:>5.0f}% {refused:>6} {timed_out:>6} {other:>6} {100 * cpu / wall:>5.0f}% "
            f"{100 * server_cpu / wall:>6.0f}% {1000 * server_cpu / max(1, len(good)):>8.1f}")


def per_kind(results: list[Result], timeout: float) -> str:
    parts = []
    for kind, _share in MIX:
        good = [r.latency_ms for r in results if r.kind == kind and r.status is not None and 200 <= r.status < 300
                and r.latency_ms <= timeout * 1000]
        if good:
            p50, p95, _p99, _worst = percentiles(good)
            parts.append(f"{kind} {p50:.0f}/{p95:.0f}")
    return "    p50/p95 ms of 2xx by kind: " + ", ".join(parts)


def parse_config(text: str) -> tuple[str, int, int, str | None]:
    """`2x4`, `3x8/0`, `sync:4`, `sync:4/0` -> (worker class, workers, threads, deadline ms or None)."""
    shape, _, deadline = text.partition("/")
    if shape.startswith("sync:"):
        return "sync", int(shape[5:]), 1, deadline or None
    workers, _, threads = shape.partition("x")
    return "gthread", int(workers), int(threads), deadline or None


async def sequential(pool: Pool, mix: Mix, per_kind_count: int, timeout: float) -> str:
    """The floor of the same run: each kind of request one at a time (no queueing), median ms per kind, and the
    mix's mean (its shares times the medians): one worker thread's service time for an average request."""
    samples: dict[str, list[float]] = {kind: [] for kind, _share in MIX}
    while any(len(times) < per_kind_count for times in samples.values()):
        kind, request = mix.next()
        if len(samples[kind]) >= per_kind_count:
            continue
        result = await send(pool, kind, request, time.monotonic(), timeout * 5)
        if result.status is not None and 200 <= result.status < 300:
            samples[kind].append(result.latency_ms)
    medians = {kind: percentiles(times)[0] for kind, times in samples.items()}
    mean = sum(medians[kind] * share for kind, share in MIX) / 100
    return ("floor, one request at a time (median ms): "
            + ", ".join(f"{kind} {value:.1f}" for kind, value in medians.items())
            + f"; the mix's mean {mean:.1f} ms")


async def refusal_cost(pool: Pool, server: Server, token: str, count: int) -> str:
    """The server's CPU for a refused request: `count` requests, one at a time, each saying it was queued by a
    proxy at the epoch (`X-Request-Start: t=1`, trusted with REQUEST_START_HEADER=1), so each is refused."""
    request = http_request("GET", "auth/currentUser", token).replace(b"\r\n\r\n", b"\r\nX-Request-Start: t=1\r\n\r\n")
    started = server.cpu_seconds()
    for _ in range(count):
        result = await send(pool, "refused", request, time.monotonic(), 10)
        assert result.status == 503, result
    return f"a refused request costs the server {1000 * (server.cpu_seconds() - started) / count:.2f} ms of CPU"


def describe(config: str) -> str:
    worker_class, workers, threads, deadline = parse_config(config)
    label = f"{worker_class} {workers}" + (f" x {threads}" if worker_class == "gthread" else "")
    return label + f", deadline {deadline if deadline is not None else 'default'} ms"


async def run_configs(args, parents: list[Parent], admin_token: str, week: list[str], soup: int, month: str) -> None:
    """Every configuration's server at once (idle but for the one under load), the rates interleaved: rate 1 on each
    configuration in turn, then rate 2, ... so that the machine's other load, which drifts, falls on all alike."""
    configs = args.configs.split(",")
    mix = Mix(parents, admin_token, week, soup, month, seed=1)  # one mix: every marking by a distinct parent
    servers: dict[str, Server] = {}
    try:
        for config in configs:
            worker_class, workers, threads, deadline = parse_config(config)
            env = {"REQUEST_START_HEADER": "1",
                   **({"REQUEST_QUEUE_DEADLINE_MS": deadline} if deadline is not None else {})}
            servers[config] = Server(workers, threads, worker_class=worker_class, env=env, host=HOST)
        pools = {config: Pool(server.port) for config, server in servers.items()}
        for config, server in servers.items():
            print(f"\n{config} = {describe(config)}: load average {os.getloadavg()}")
            await offered(pools[config], mix, rate=5, seconds=4, timeout=args.timeout, poisson=False, seed=0)  # warm
            print("  " + await sequential(pools[config], mix, args.floor, args.timeout))
            if parse_config(config)[3] != "0":
                print("  " + await refusal_cost(pools[config], server, admin_token, 300))
        print(f"\ntimeout {args.timeout:g} s, {args.seconds:g} s per rate; load average {os.getloadavg()}")
        print(f"{'config':>8} {'offered':>7} {'sent':>6} {'sent/s':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'goodput':>8} "
              f"{'good':>6} {'503':>6} {'t/o':>6} {'other':>6} {'cpu':>6} {'server':>7} {'ms/good':>8}  load")
        for index, rate in enumerate(args.rates):
            for config, server in servers.items():
                pool = pools[config]
                started, started_cpu, started_server = time.monotonic(), time.process_time(), server.cpu_seconds()
                results, _sent_rate = await offered(pool, mix, rate, args.seconds, args.timeout, args.poisson,
                                                    seed=index)
                wall, cpu = time.monotonic() - started, time.process_time() - started_cpu
                server_cpu = server.cpu_seconds() - started_server
                print(f"{config:>8} " + summary(rate, results, args.seconds, args.timeout, cpu, wall, server_cpu)
                      + f"  {os.getloadavg()[0]:.1f}", flush=True)
                if args.by_kind:
                    print(per_kind(results, args.timeout))
                errors = sorted({r.error for r in results if r.error and r.error != "timeout"})[:3]
                statuses = sorted({r.status for r in results
                                   if r.status and r.status != 503 and not 200 <= r.status < 300})
                if errors or statuses:
                    print(f"    other errors: {errors} statuses {statuses}")
                await asyncio.sleep(2)
        print(f"load average after {os.getloadavg()}")
    finally:
        for server in servers.values():
            server.stop()


def recopy(template: str) -> None:
    """DROP and CREATE the database of this process's settings from `template` (never connecting to the template)."""
    database = settings.DATABASES["default"]
    if database["NAME"] == template:
        raise SystemExit("--copy-from names the database itself.")
    connection.close()
    with psycopg.connect(host=database["HOST"], port=database["PORT"], dbname="postgres", user=database["USER"],
                         password=database["PASSWORD"] or None, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database["NAME"])))
        admin.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(database["NAME"]),
                                                                        sql.Identifier(template)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rates", type=lambda text: [float(v) for v in text.split(",")], default=[10, 30, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=15, help="per rate")
    parser.add_argument("--timeout", type=float, default=2.0, help="the client's patience, from the due time")
    parser.add_argument("--parents", type=int, default=2000, help="distinct parents signed in")
    parser.add_argument("--configs", default=f"{common.webserver.WORKERS}x{common.webserver.THREADS}",
                        help="comma-separated: WxT (gthread), sync:W, each with an optional /deadline-ms")
    parser.add_argument("--floor", type=int, default=8, help="requests of each kind one at a time (the floor)")
    parser.add_argument("--poisson", action="store_true", help="exponential gaps instead of a fixed one")
    parser.add_argument("--copy-from", metavar="TEMPLATE",
                        help="first drop the database of KANTYNA_DB_NAME and create it again from this template (a "
                             "run's markings then do not change the next run's)")
    parser.add_argument("--by-kind", action="store_true", help="also p50/p95 per kind of request")
    args = parser.parse_args()
    if max(args.rates) > 500 or args.seconds > 120:
        raise SystemExit("Bounded on purpose: rates up to 500/s, up to 120 s per rate.")

    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    today = date.today()
    month = today.strftime("%Y-%m")
    monday = today + timedelta(days=21 - today.weekday())
    week = [(monday + timedelta(days=offset)).isoformat() for offset in range(5)]
    with in_tenant(tenant):
        soup = MealType.objects.get(name="Zupa").pk
        admin = User.objects.select_related("account").get(account__email="admin@bench.test")
        users = list(User.objects.select_related("account").filter(children__isnull=False).distinct()
                     .order_by("pk")[:args.parents])
        children: dict[int, list[int]] = {}
        for parent_id, child_id in (Child.objects.filter(parent_id__in=[u.pk for u in users])
                                    .order_by("pk").values_list("parent_id", "pk")):
            children.setdefault(parent_id, []).append(child_id)
    parents = [Parent(bearer(user), children[user.pk][:3]) for user in users]
    random.Random(7).shuffle(parents)
    print(f"{len(parents)} parents signed in, {sum(len(p.subjects) for p in parents)} children; month {month}; "
          f"markings for {week[0]}..{week[-1]}; mix {dict(MIX)}; database {tenant.schema_name} on "
          f"{os.environ.get('KANTYNA_DB_NAME', 'kantyna')}")
    admin_token = bearer(admin)
    if args.copy_from:
        recopy(args.copy_from)
    asyncio.run(run_configs(args, parents, admin_token, week, soup, month))


if __name__ == "__main__":
    main()
