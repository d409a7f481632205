"""Generate the large tenant `bench` (DESIGN.md §6 target sizes) with bulk inserts."""

from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

import common
from django.contrib.auth.hashers import make_password
from django.db import connection, transaction

from kantyna.catalog import services as catalog
from kantyna.institutions.models import Classroom, Institution
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.meals.services import meal_create
from kantyna.pricing.services import price_lists_group_create
from kantyna.identity.models import Account
from kantyna.people.models import Child, WorkerProfile
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant, tenant_create
from kantyna.users.models import User
from kantyna.users.services import user_create

INSTITUTIONS = 50
CLASSROOMS_PER_INSTITUTION = 8
PARENTS = 14_000
CHILDREN = 20_000
WORKERS = 1_000
PASSWORD = "bench-password"
BATCH = 2_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--replace", action="store_true", help="drop the bench tenant first")
    args = parser.parse_args()
    connection.set_schema_to_public()
    existing = Tenant.objects.filter(slug=common.BENCH_SLUG).first()
    if existing and not args.replace:
        raise SystemExit("Tenant `bench` exists; use --replace to rebuild it.")
    started = time.monotonic()
    if existing:
        existing.delete(force_drop=True)
        Account.objects.filter(email__endswith="@bench.test").delete()
    tenant = tenant_create(slug=common.BENCH_SLUG, name="Benchmark Catering")
    rng = random.Random(42)
    password_hash = make_password(PASSWORD)
    with in_tenant(tenant), transaction.atomic():
        user_create(actor=None, email="admin@bench.test", first_name="Bench", last_name="Admin",
                    roles=["ROLE_ADMIN"], password=PASSWORD)
        catalog.allergens_seed_eu(actor=None)
        normal = catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
        group = price_lists_group_create(actor=None, name="Cennik", default_for_children=True,
                                                 default_for_institutions_workers=True)
        institutions = Institution.objects.bulk_create(
            Institution(name=f"Szkoła nr {i}", short_name=f"SP {i}", slug=f"sp-{i}", kind="school")
            for i in range(1, INSTITUTIONS + 1)
        )
        classrooms = Classroom.objects.bulk_create(
            Classroom(institution=inst, name=f"{c + 1}a", related_price_lists_group=group,
                      has_default_price_lists_group_for_members=True)
            for inst in institutions for c in range(CLASSROOMS_PER_INSTITUTION)
        )
        diets = [catalog.diet_create(actor=None, name=name, institutions=institutions, is_default=name == "Standardowa")
                 for name in ("Standardowa", "Wegetariańska", "Bezglutenowa")]
        meal_types = [catalog.meal_type_create(actor=None, name=name, position=i, portion_sizes=[normal])
                      for i, name in enumerate(("Śniadanie", "Zupa", "Obiad", "Podwieczorek"), start=1)]
        meals = [meal_create(actor=None, name=f"Danie {i}") for i in range(1, 41)]
        month_start = date.today().replace(day=1)
        menu = MealsMenu.objects.create(name="Jadłospis", date_from=month_start, date_to=month_start + timedelta(days=30))
        menu.institutions.set(institutions)
        menu.diets.set(diets)
        MealsMenuItem.objects.bulk_create(
            MealsMenuItem(menu=menu, date=month_start + timedelta(days=d), meal_type=mt, meal=rng.choice(meals))
            for d in range(31) for mt in meal_types
        )

        accounts = Account.objects.bulk_create(
            [Account(email=f"parent{i}@bench.test", password=password_hash) for i in range(PARENTS)]
            + [Account(email=f"worker{i}@bench.test", password=password_hash) for i in range(WORKERS)],
            batch_size=BATCH,
        )
        users = User.objects.bulk_create(
            [User(account=account, first_name="Rodzic", last_name=f"Nr {i}",
                  roles=["ROLE_PARENT"] if i < PARENTS else ["ROLE_INSTITUTION_WORKER"])
             for i, account in enumerate(accounts)],
            batch_size=BATCH,
        )
        parents, workers = users[:PARENTS], users[PARENTS:]
        Child.objects.bulk_create(
            (
                Child(parent=parents[i % PARENTS], first_name="Dziecko", last_name=f"Nr {i}",
                      institution_id=classroom.institution_id, classroom=classroom, diet=rng.choice(diets),
                      card_number=f"{1_000_000 + i}")
                for i, classroom in ((i, rng.choice(classrooms)) for i in range(CHILDREN))
            ),
            batch_size=BATCH,
        )
        WorkerProfile.objects.bulk_create(
            (WorkerProfile(user=worker, institution=rng.choice(institutions), diet=diets[0],
                           card_number=f"{5_000_000 + i}") for i, worker in enumerate(workers)),
            batch_size=BATCH,
        )
    print(f"Tenant bench generated in {time.monotonic() - started:.1f} s: {INSTITUTIONS} institutions, "
          f"{len(classrooms)} classrooms, {PARENTS} parents, {CHILDREN} children, {WORKERS} workers.")


if __name__ == "__main__":
    main()
