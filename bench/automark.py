"""The nightly automark for every child over a month, **committed** (issue 15), beside its floor.

`bench/run.py --money` rolls its runs back, which hides what a commit costs (deferred foreign-key checks fire
at COMMIT). This script never touches the bench database itself: for each charge mode it copies it
(`CREATE DATABASE ... TEMPLATE kantyna_bench`), migrates the copy, runs `automark_run` in a child process inside
one transaction that it commits, and drops the copy. The child prints the job's wall time and the COMMIT's apart,
its peak RSS, the subjects, items and charges, `ledger_check` on the tenant, and then the floor in the same
process: the same item and ledger rows written by binary COPY into unindexed copies of the two tables, and into
copies carrying today's indexes, constraints, foreign keys and triggers (each in a transaction committed, then
dropped).

    .venv/bin/python bench/automark.py                       # both charge modes
    .venv/bin/python bench/automark.py --modes on_marking    # one
    .venv/bin/python bench/automark.py --template kantyna_bench --keep   # keep the copy (to look at it)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
ADMIN_URL = "postgresql://postgres@127.0.0.1:{port}/postgres"


def admin_execute(sql: str) -> None:
    import psycopg

    port = os.environ.get("KANTYNA_PG_PORT", "54329")
    with psycopg.connect(ADMIN_URL.format(port=port), autocommit=True) as connection:
        connection.execute(sql)


def driver(args) -> None:
    for mode in args.modes.split(","):
        copy = f"{args.copy}_{mode}"
        started = time.perf_counter()
        admin_execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')
        admin_execute(f'CREATE DATABASE "{copy}" TEMPLATE "{args.template}"')
        print(f"[{mode}] copied {args.template} to {copy} in {time.perf_counter() - started:.0f} s", flush=True)
        env = {**os.environ, "KANTYNA_DB_NAME": copy, "CONN_MAX_AGE": "0"}
        env.pop("DATABASE_URL", None)
        try:
            subprocess.run(
                [PYTHON, "manage.py", "migrate_schemas", "--executor=standard", "-v", "0"],
                cwd=ROOT / "backend", env=env, check=True,
            )
            print(f"[{mode}] uptime:{subprocess.run(['uptime'], capture_output=True, text=True).stdout.rstrip()}",
                  flush=True)
            subprocess.run([PYTHON, __file__, "--child", "--modes", mode], env=env, check=True)
        finally:
            if not args.keep:
                admin_execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')


def child(mode: str) -> None:
    """One committed run on the copy this process is pointed at (KANTYNA_DB_NAME), then the floor."""
    import resource
    from datetime import datetime, timedelta
    from datetime import time as clock

    sys.path.insert(0, str(ROOT / "bench"))
    import common
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from kantyna.ledger.models import LedgerTransaction
    from kantyna.ordering.cutoff import tenant_zone
    from kantyna.ordering.models import OrderItem
    from kantyna.ordering.services.automark import automark_run
    from kantyna.tenancy.models import Tenant
    from kantyna.tenancy.services import in_tenant
    from kantyna.tenant_settings.services import settings_update

    tenant = Tenant.objects.get(slug=common.BENCH_SLUG)
    with in_tenant(tenant):
        settings_update(actor=None, key="fees", data={"order_charge_time": mode})
        # As bench/run.py --money: "tonight" is the day after the last day ordered, so the job's month is free
        # of earlier orders.
        last = OrderItem.objects.order_by("-date").values_list("date", flat=True).first()
        tonight = datetime.combine(last + timedelta(days=1), clock(1, 30), tzinfo=tenant_zone())
        items_before = OrderItem.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        ledger_before = LedgerTransaction.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        connection.close()  # a fresh connection for the measured run, as the nightly task has
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    phases = time_phases()
    slow: list[tuple[float, str]] = []

    def timed_query(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            slow.append((time.perf_counter() - started, " ".join(sql.split())[:110]))

    with in_tenant(tenant), connection.execute_wrapper(timed_query):
        with CaptureQueriesContext(connection) as captured:
            backend_cpu = server_cpu()
            started, cpu = time.perf_counter(), time.process_time()
            with transaction.atomic():
                if os.environ.get("BENCH_PROFILE"):  # where the Python time goes (slower: not for the figures)
                    import cProfile
                    import pstats

                    profile = cProfile.Profile()
                    report = profile.runcall(automark_run, now=tonight)
                    pstats.Stats(profile).sort_stats("tottime").print_stats(25)
                else:
                    report = automark_run(now=tonight)
                body = time.perf_counter() - started
            total = time.perf_counter() - started
            cpu = time.process_time() - cpu
        backend_cpu = server_cpu() - backend_cpu
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        items = OrderItem.objects.filter(pk__gt=items_before).count()
        charges = LedgerTransaction.objects.filter(pk__gt=ledger_before).count()
    print(f"[{mode}] automark at {tonight.isoformat()}: {report.subjects} subjects, {report.items} items "
          f"({items} in the table), {charges} ledger rows ({report.charged} PLN), {len(report.without_funds)} "
          f"subjects without funds, {len(captured.captured_queries)} queries")
    print(f"[{mode}] committed: {total:.2f} s = job {body:.2f} s + COMMIT {total - body:.2f} s "
          f"(CPU: {cpu:.2f} s Python + {backend_cpu:.2f} s PostgreSQL = {cpu + backend_cpu:.2f} s); peak RSS {rss:.0f} MB (Django loaded: {rss_before:.0f} MB)", flush=True)
    print(f"[{mode}] phases: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in phases.items()))
    slow.sort(reverse=True)
    for seconds, sql in slow[:6]:
        print(f"[{mode}]   {seconds:6.2f} s  {sql}")
    try:
        call_command("ledger_check", schema=tenant.schema_name)
    except SystemExit:
        print(f"[{mode}] ledger_check: OUT OF BALANCE")
    floor(tenant, items_before, ledger_before, mode)


def server_cpu() -> float:
    """CPU seconds used so far by this connection's PostgreSQL backend (same machine: /proc). With the client's
    own CPU it gives a figure the other processes' load does not inflate much, unlike the wall time."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_phases() -> dict[str, float]:
    """Wrap the job's steps (as bench/run.py --money times the ledger's share) and collect their wall time."""
    from kantyna.ordering.services import automark

    phases: dict[str, float] = {}

    def wrap(name: str):
        original = getattr(automark, name)

        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                phases[name] = phases.get(name, 0.0) + time.perf_counter() - started

        setattr(automark, name, timed)

    for name in ("Pricer", "_without_unfunded", "_insert_items", "_charge_or_drop", "ledger_post_bulk"):
        wrap(name)
    return phases


def floor(tenant, items_before: int, ledger_before: int, mode: str) -> None:
    """The same rows the job wrote, read back (untimed) and written again by binary COPY, committed: into copies
    of the two tables without any index or constraint, then into copies with today's indexes, checks and foreign
    keys (`LIKE ... INCLUDING ALL` plus every foreign key of the original, as it is declared)."""
    from django.db import connection, transaction

    from kantyna.ledger.models import LedgerTransaction
    from kantyna.ordering.models import OrderItem
    from kantyna.tenancy.services import in_tenant

    tables = [(OrderItem._meta.db_table, items_before), (LedgerTransaction._meta.db_table, ledger_before)]
    with in_tenant(tenant), connection.cursor() as cursor:
        data = {}
        for table, after in tables:
            cursor.execute(f"SELECT * FROM {table} WHERE id > %s ORDER BY id", [after])
            data[table] = ([column.name for column in cursor.description], cursor.fetchall())
        types = {}
        for table, _after in tables:
            cursor.execute(
                "SELECT atttypid FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
                "AND NOT attisdropped ORDER BY attnum",
                [table],
            )
            types[table] = [oid for (oid,) in cursor.fetchall()]
        for label, with_schema in (("unindexed copies", False), ("copies with today's indexes and FKs", True)):
            with transaction.atomic():
                for table, _after in tables:
                    cursor.execute(f"DROP TABLE IF EXISTS floor_{table}")
                    cursor.execute(
                        f"CREATE TABLE floor_{table} (LIKE {table} {'INCLUDING ALL' if with_schema else ''})"
                    )
                    if with_schema:
                        cursor.execute(
                            "SELECT conname, pg_get_constraintdef(oid), condeferrable, condeferred "
                            "FROM pg_constraint WHERE conrelid = %s::regclass AND contype = 'f'",
                            [table],
                        )
                        for name, definition, _deferrable, _deferred in cursor.fetchall():
                            cursor.execute(f"ALTER TABLE floor_{table} ADD CONSTRAINT floor_{name} {definition}")
                        # The set-based foreign-key checks (kantyna.core.set_based_fks) are triggers.
                        cursor.execute(
                            "SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = %s::regclass "
                            "AND NOT tgisinternal",
                            [table],
                        )
                        for (definition,) in cursor.fetchall():
                            cursor.execute(re.sub(rf" ON (\w+\.)?{table} ", f" ON floor_{table} ", definition, count=1))
            backend_cpu = server_cpu()
            started, cpu = time.perf_counter(), time.process_time()
            with transaction.atomic():
                for table, _after in tables:
                    columns, rows = data[table]
                    names = ", ".join(columns)
                    with cursor.cursor.copy(f"COPY floor_{table} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
                        copy.set_types(types[table])
                        for row in rows:
                            copy.write_row(row)
                copy_done = time.perf_counter() - started
            total = time.perf_counter() - started
            cpu = time.process_time() - cpu
            backend_cpu = server_cpu() - backend_cpu
            sizes = ", ".join(f"{len(data[table][1])} rows into {table}" for table, _after in tables)
            print(f"[{mode}] floor, {label}: {total:.2f} s committed (COPY {copy_done:.2f} s + COMMIT "
                  f"{total - copy_done:.2f} s; CPU: {cpu:.2f} s Python + {backend_cpu:.2f} s PostgreSQL = "
                  f"{cpu + backend_cpu:.2f} s; {sizes})", flush=True)
            with transaction.atomic():
                for table, _after in tables:
                    cursor.execute(f"DROP TABLE floor_{table}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modes", default="on_marking,in_order_day")
    parser.add_argument("--template", default="kantyna_bench", help="the database copied (never written)")
    parser.add_argument("--copy", default="kantyna_automark_run", help="prefix of the scratch copies' names")
    parser.add_argument("--keep", action="store_true", help="keep the copies (drop them by hand)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.modes)
    else:
        driver(args)


if __name__ == "__main__":
    main()
