"""The month calendar's bodies hashed, to show that a change of how it is built changes no byte of what it answers:
run it on two versions of the code (e.g. main extracted with `git archive`, and this tree) against the same
database, one right after the other (a day's `isOpen` follows the clock), and compare the digests.

Bodies of `calendar/days/subjects/month` for `--parents` parents (their children, up to 3, each parent asking),
for `--workers` institution workers (themselves) and, as the admin (staff: every diet, every audience), for the
first 10 parents' children; each for the previous, this and the next month; and the admin's subjects page
(`calendar/days/subjects`: pages 1-3 of 50 children, two of workers, and one search). Prints one digest per group and one over
all.

    KANTYNA_DB_NAME=<copy of kantyna_bench> .venv/bin/python bench/calendar_hash.py
"""

import argparse
import hashlib
from datetime import date, timedelta

import common  # noqa: F401  (Django set up on the project's database)
from django.test import Client
from kantyna.people.models import Child, WorkerProfile
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant
from kantyna.users.models import User
from run import HOST, bearer

p = argparse.ArgumentParser()
p.add_argument("--parents", type=int, default=30)
p.add_argument("--workers", type=int, default=10)
a = p.parse_args()
today = date.today().replace(day=1)
months = [(today - timedelta(days=1)).strftime("%Y-%m"), today.strftime("%Y-%m"), (today + timedelta(days=32)).strftime("%Y-%m")]
with in_tenant(Tenant.objects.get(slug="bench")):
    admin = User.objects.select_related("account").get(account__email="admin@bench.test")
    parents = list(User.objects.select_related("account").filter(children__isnull=False).distinct().order_by("pk")[: a.parents])
    children: dict[int, list[int]] = {}
    for parent_id, child_id in Child.objects.filter(parent__in=parents).order_by("pk").values_list("parent_id", "pk"):
        children.setdefault(parent_id, []).append(child_id)
    workers = list(User.objects.select_related("account").filter(pk__in=WorkerProfile.objects.order_by("pk").values("user_id")[: a.workers]).order_by("pk"))
client = Client(HTTP_HOST=HOST)


def body(token: str, subjects: str, month: str) -> bytes:
    response = client.get(f"/api/frontend/calendar/days/subjects/month?month={month}&subjects={subjects}", headers={"authorization": token})
    assert response.status_code == 200, (response.status_code, response.content[:300])
    return response.content


groups = {
    "parents": [(bearer(u), ",".join(f"child:{c}" for c in children[u.pk][:3])) for u in parents],
    "workers": [(bearer(u), f"institution_worker:{u.pk}") for u in workers],
    "admin": [(bearer(admin), ",".join(f"child:{c}" for c in children[u.pk][:3])) for u in parents[:10]],
}
admin_token = bearer(admin)
pages = [f"perPage=50&page={page}" for page in (1, 2, 3, 401, 420)] + ["perPage=50&search=an"]
total = hashlib.sha256()
for name, calls in groups.items():
    digest = hashlib.sha256()
    size = 0
    for token, subjects in calls:
        for month in months:
            content = body(token, subjects, month)
            size += len(content)
            digest.update(content)
            total.update(content)
    print(f"{name:<8} {len(calls) * len(months):3} months  {size:9} bytes  {digest.hexdigest()}")
digest, size = hashlib.sha256(), 0
for month in months:
    for query in pages:
        response = client.get(f"/api/frontend/calendar/days/subjects?month={month}&{query}", headers={"authorization": admin_token})
        assert response.status_code == 200, (response.status_code, response.content[:300])
        size += len(response.content)
        digest.update(response.content)
        total.update(response.content)
print(f"page     {len(pages) * len(months):3} pages   {size:9} bytes  {digest.hexdigest()}")
print(f"all               {total.hexdigest()}")
