"""The CPU of each kind of request of load.py's mix (issue 15), in-process: wall time, this process's CPU time
(`time.process_time`, what other processes' load inflates least) and SQL statements per request, through the test
client, after one warm-up call each. Markings (`calendar/days/presences`, a week of soups for a parent's children)
write: each by a distinct parent (`--offset` picks the parents, so that a second run marks for others), on a copy of
the bench database. `--profile KIND` adds a cProfile of that kind (cumulative order). For comparing two versions of
the code at one load: run both alternately, e.g. main extracted with `git archive` and this tree.

    KANTYNA_DB_NAME=<copy of kantyna_bench> .venv/bin/python bench/mixcpu.py --repeat 30 --offset 100
"""

import argparse
import cProfile
import os
import pstats
import statistics
import time
from datetime import date, timedelta

import common  # noqa: F401  (Django set up on the project's database)
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from kantyna.catalog.models import MealType
from kantyna.people.models import Child
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.users.models import User
from run import HOST, bearer

p = argparse.ArgumentParser()
p.add_argument("--repeat", type=int, default=30)
p.add_argument("--kinds", default="currentUser,calendar,marking,children,transactions,subjects,orders,totals")
p.add_argument("--profile", default="")
p.add_argument("--offset", type=int, default=0, help="parents offset (markings use distinct parents)")
p.add_argument("--queries", action="store_true")
a = p.parse_args()
tenant = Tenant.objects.get(slug="bench")
today = date.today(); month = today.strftime("%Y-%m")
monday = today + timedelta(days=21 - today.weekday())
week = [(monday + timedelta(days=o)).isoformat() for o in range(5)]
with in_tenant(tenant):
    soup = MealType.objects.get(name="Zupa").pk
    admin = User.objects.select_related("account").get(account__email="admin@bench.test")
    users = list(User.objects.select_related("account").filter(children__isnull=False).distinct().order_by("pk")[a.offset:a.offset + 400])
    ch = {}
    for pid, cid in Child.objects.filter(parent_id__in=[u.pk for u in users]).order_by("pk").values_list("parent_id", "pk"):
        ch.setdefault(pid, []).append(cid)
parents = [(bearer(u), ch[u.pk][:3]) for u in users]
admin_h = {"authorization": bearer(admin)}
client = Client(HTTP_HOST=HOST)
it = iter(parents[1:])
def call(kind):
    if kind == "currentUser":
        return client.get("/api/frontend/auth/currentUser", headers={"authorization": parents[0][0]})
    if kind == "calendar":
        t, subs = parents[0]
        return client.get(f"/api/frontend/calendar/days/subjects/month?month={month}&subjects=" + ",".join(f"child:{c}" for c in subs), headers={"authorization": t})
    if kind == "marking":
        t, subs = next(it)
        body = {"calendarDaysData": [{"date": d, "mealTypes": [{"mealTypeId": soup}]} for d in week], "subjects": [{"type": "child", "id": c} for c in subs]}
        r = client.post("/api/frontend/calendar/days/presences", body, content_type="application/json", headers={"authorization": t})
        assert r.status_code == 200, r.content[:300]
        return r
    paths = {"children": "children?perPage=20", "transactions": "transactions", "subjects": f"calendar/days/subjects?month={month}&perPage=50", "orders": "orders?perPage=20", "totals": "transactions/totals"}
    return client.get("/api/frontend/" + paths[kind], headers=admin_h)
print("load", os.getloadavg())
for kind in a.kinds.split(","):
    call(kind)
    wall, cpu = [], []
    for _ in range(a.repeat):
        with CaptureQueriesContext(connection) as cq:
            s, sc = time.perf_counter(), time.process_time()
            r = call(kind)
            wall.append((time.perf_counter() - s) * 1000); cpu.append((time.process_time() - sc) * 1000)
        assert r.status_code == 200, (kind, r.status_code, r.content[:300])
    print(f"{kind:<14} wall {statistics.median(wall):7.2f}  cpu {statistics.median(cpu):7.2f}  q {len(cq.captured_queries)}", flush=True)
    if a.queries:
        for q in cq.captured_queries:
            print("   ", q["time"], q["sql"][:300])
    if kind == a.profile:
        pr = cProfile.Profile(time.process_time)
        pr.enable()
        for _ in range(a.repeat):
            call(kind)
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(60)
print("load", os.getloadavg())
