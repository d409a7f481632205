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
from kantyna.core.permissions import ROLE_COOK
from kantyna.institutions.models import Classroom, Institution
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.meals.services import meal_create
from kantyna.pricing.services import price_lists_group_create
from kantyna.identity.models import Account
from kantyna.people.models import Child, WorkerProfile
from kantyna.tenancy.models import Tenant
from kantyna.tenancy.services import in_tenant, tenant_create
from kantyna.users.models import User
from kantyna.users.services.accounts import user_create

INSTITUTIONS = 50
CLASSROOMS_PER_INSTITUTION = 8
PARENTS = 14_000
CHILDREN = 20_000
WORKERS = 1_000
PASSWORD = "bench-password"
COOK_EMAIL = "cook@bench.test"  # the kitchen's cook: the terminal bench (bench/terminal.py) scans as them
BATCH = 2_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--replace", action="store_true", help="drop the bench tenant first")
    parser.add_argument("--fund", action="store_true",
                        help="only book the funding deposits on the existing tenant (idempotent), then stop")
    parser.add_argument("--cook", action="store_true",
                        help="only add the cook user to the existing tenant (idempotent), then stop")
    parser.add_argument("--children", type=int, default=CHILDREN,
                        help="children of the tenant (default 20,000); institutions, parents and workers scale "
                             "with it (e.g. 2000 for the small size the lists bench compares against)")
    args = parser.parse_args()
    sizes_scale(args.children)
    connection.set_schema_to_public()
    existing = Tenant.objects.filter(slug=common.BENCH_SLUG).first()
    if args.fund:
        if not existing:
            raise SystemExit("Tenant `bench` does not exist; generate it first.")
        with in_tenant(existing):
            fund_payers()
        return
    if args.cook:
        if not existing:
            raise SystemExit("Tenant `bench` does not exist; generate it first.")
        with in_tenant(existing):
            cook_add()
        return
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
        cook_add()
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
        ledger_rows = generate_ledger(users, rng)
        order_rows = generate_orders(group=group, meal_types=meal_types, diets=diets, portion=normal, parent=parents[0])
    with in_tenant(tenant):
        fund_payers()
    print(f"Ledger: {ledger_rows} transactions.")
    print(f"Orders: {order_rows} order items (a month of lunches, automark settings for every child).")
    print(f"Tenant bench generated in {time.monotonic() - started:.1f} s: {INSTITUTIONS} institutions, "
          f"{len(classrooms)} classrooms, {PARENTS} parents, {CHILDREN} children, {WORKERS} workers.")


def sizes_scale(children: int) -> None:
    """Scale the tenant's sizes to `children` (institutions, parents and workers in proportion, classrooms per
    institution unchanged), so a smaller tenant has the same shape: the lists bench compares 2,000 with 20,000."""
    global INSTITUTIONS, PARENTS, CHILDREN, WORKERS
    if children == CHILDREN:
        return
    ratio = children / CHILDREN
    INSTITUTIONS = max(1, round(INSTITUTIONS * ratio))
    PARENTS = max(1, round(PARENTS * ratio))
    WORKERS = max(1, round(WORKERS * ratio))
    CHILDREN = children


def generate_ledger(users, rng) -> int:
    """Four months of money per payer: a deposit at each month's start, then meal charges (the ledger area)."""
    from decimal import Decimal

    from kantyna.ledger.models import LedgerAccount, LedgerTransaction

    today = date.today()
    months = [(today.replace(day=1) - timedelta(days=31 * back)).replace(day=1) for back in (3, 2, 1, 0)]
    accounts = LedgerAccount.objects.bulk_create([LedgerAccount(user=user) for user in users], batch_size=BATCH)
    rows, count = [], 0
    for account in accounts:
        balance = Decimal("0.00")
        for month in months:
            entries = [("deposit", Decimal(rng.choice((100, 150, 200))), month)]
            entries += [("charge", Decimal("-12.50"), month + timedelta(days=day)) for day in range(0, 20, 2)]
            for kind, amount, booked_on in entries:
                if booked_on > today:
                    continue
                balance += amount
                count += 1
                rows.append(LedgerTransaction(account=account, kind=kind, amount=amount, balance_after=balance,
                                              idempotency_key=f"bench:{count}", booked_on=booked_on))
        account.balance = balance
        if len(rows) >= 20_000:
            LedgerTransaction.objects.bulk_create(rows, batch_size=BATCH)
            rows = []
    LedgerTransaction.objects.bulk_create(rows, batch_size=BATCH)
    LedgerAccount.objects.bulk_update(accounts, ["balance"], batch_size=BATCH)
    return count


def cook_add() -> None:
    """The kitchen's cook, `cook@bench.test` (ROLE_COOK: serves every institution at the terminal). Idempotent."""
    if User.objects.filter(account__email=COOK_EMAIL).exists():
        print(f"Cook: {COOK_EMAIL} already there.")
        return
    user_create(actor=None, email=COOK_EMAIL, first_name="Bench", last_name="Cook", roles=[ROLE_COOK],
                password=PASSWORD)
    print(f"Cook: {COOK_EMAIL} added.")


FUNDED_SHARE = 0.9  # the rest keep their small balance: the automark's refusal path has work too
FUNDING = 600  # PLN: more than a month of every autoselected meal for two children


def fund_payers() -> None:
    """A funding deposit for 90% of the payers (every tenth keeps its balance), booked through the bulk ledger
    posting (`ledger.services.ledger_post_bulk`: one lock statement, one insert, one balance update). Idempotent:
    the keys are `bench:fund:{account id}`."""
    from decimal import Decimal

    from kantyna.ledger.models import LedgerAccount
    from kantyna.ledger.services import LedgerEntry, ledger_post_bulk

    account_ids = list(LedgerAccount.objects.order_by("pk").values_list("pk", flat=True))
    entries = {
        pk: [LedgerEntry(kind="deposit", amount=Decimal(FUNDING), idempotency_key=f"bench:fund:{pk}",
                         reference_type="user", description="Bench funding")]
        for index, pk in enumerate(account_ids) if index % 10 != 9
    }
    started = time.monotonic()
    with transaction.atomic():
        result = ledger_post_bulk(actor=None, entries_by_account=entries, return_rows=False)
    print(f"Funding: {len(entries)} of {len(account_ids)} accounts, {result.total} PLN booked "
          f"in {time.monotonic() - started:.2f} s (ledger_post_bulk).")


def generate_orders(*, group, meal_types, diets, portion, parent) -> int:
    """A price list for every meal type and diet, calendar settings (automark on, lunch autoselected) for every
    child, and a month of lunches ordered on weekdays for every child (the ordering area). The first parent
    gets a third child, so the bench can read a month for 3 children of one parent."""
    from decimal import Decimal

    from kantyna.ordering.models import Order, OrderItem
    from kantyna.people.models import CalendarSubjectSettings
    from kantyna.pricing.models import PriceList, PriceListItem

    month_start = date.today().replace(day=1)
    price_list = PriceList.objects.create(group=group, name="Cennik bench", valid_from=month_start - timedelta(days=365))
    items = PriceListItem.objects.bulk_create(
        PriceListItem(price_list=price_list, meal_type=meal_type, diet=diet, portion_size=portion,
                      price=Decimal("4.00") + Decimal(index) * Decimal("3.50"))
        for index, meal_type in enumerate(meal_types) for diet in diets
    )
    lunch = next(meal_type for meal_type in meal_types if meal_type.name == "Obiad")
    lunch_item = {item.diet_id: item for item in items if item.meal_type_id == lunch.pk}
    Child.objects.filter(pk__in=Child.objects.order_by("-pk").values("pk")[:1]).update(parent=parent)
    children = list(Child.objects.select_related("parent").order_by("pk"))
    existing = set(CalendarSubjectSettings.objects.filter(child__isnull=False).values_list("child_id", flat=True))
    CalendarSubjectSettings.objects.bulk_create(
        (CalendarSubjectSettings(child=child) for child in children if child.pk not in existing), batch_size=BATCH
    )
    through = CalendarSubjectSettings.autoselected_meal_types.through
    through.objects.bulk_create(
        (through(calendarsubjectsettings_id=settings_id, mealtype_id=lunch.pk)
         for settings_id in CalendarSubjectSettings.objects.filter(child__isnull=False).values_list("pk", flat=True)),
        batch_size=BATCH, ignore_conflicts=True,
    )
    days = [month_start + timedelta(days=offset) for offset in range(31)]
    days = [day for day in days if day.month == month_start.month and day.weekday() < 5]
    orders = Order.objects.bulk_create((Order(payer_id=child.parent_id) for child in children), batch_size=BATCH)
    count, rows = 0, []
    for child, order in zip(children, orders, strict=True):
        item = lunch_item[child.diet_id]
        for day in days:
            rows.append(OrderItem(order=order, child=child, date=day, meal_type_id=lunch.pk, diet_id=child.diet_id,
                                  portion_size_id=portion.pk, price_list_item=item, unit_price=item.price,
                                  price=item.price, status="served" if day < date.today() else "active"))
        if len(rows) >= 20_000:
            OrderItem.objects.bulk_create(rows, batch_size=5_000)
            count += len(rows)
            rows = []
    OrderItem.objects.bulk_create(rows, batch_size=5_000)
    return count + len(rows)


if __name__ == "__main__":
    main()
