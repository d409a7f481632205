"""The test database of a run with several pytest-xdist workers, built once and copied.

Each worker needs its own database (`test_<name>_gw0`, `_gw1`, ...), with the public schema and the two test
tenants' schemas migrated: ~15 s of CPU on a quiet machine, nearly all of it Django rendering migration states.
The first worker to take the run's lock builds its database that way and copies it as a template
(`test_<name>_template`, marked with the run's id); the others, after the lock, create theirs from that template
(`CREATE DATABASE ... TEMPLATE`, ~0.1 s). Same migrations, same rows, same sequences. The template is dropped at the
end of the run (`drop_template`, from the controller), or replaced by the next run.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Callable
from contextlib import contextmanager


def shared_build(config) -> bool:
    """Several xdist workers in this run, and test databases created afresh (no --reuse-db)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    return workers > 1 and hasattr(config, "workerinput") and not config.getvalue("reuse_db")


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _template_name(test_name: str, worker: str) -> str:
    return test_name.removesuffix(f"_{worker}") + "_template"


@contextmanager
def _run_lock(template: str):
    from django.db import connection

    settings = connection.settings_dict
    where = f"{settings.get('HOST') or 'local'}-{settings.get('PORT') or ''}-{template}".replace("/", "_")
    with open(os.path.join(tempfile.gettempdir(), f"kantyna-testdb-{where}.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _template_run(cursor, template: str) -> str | None:
    cursor.execute("SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", [template])
    row = cursor.fetchone()
    return row[0] if row else None


def setup_database(config, build: Callable[[], list]) -> list:
    """This worker's test database: built by `build` (which returns `setup_databases`' config for the teardown) and
    kept as the run's template, or copied from the template another worker built. Returns the teardown's config."""
    from django.db import connection

    run_id = config.workerinput["testrunuid"]
    worker = config.workerinput["workerid"]
    test_name = connection.creation._get_test_db_name()
    template = _template_name(test_name, worker)
    with _run_lock(template):
        with connection._nodb_cursor() as cursor:
            built = _template_run(cursor, template) == run_id
        if not built:
            db_cfg = build()
            connection.close()  # a template has no other sessions while it is copied
            with connection._nodb_cursor() as cursor:
                cursor.execute(f"DROP DATABASE IF EXISTS {_quote(template)}")
                cursor.execute(f"CREATE DATABASE {_quote(template)} TEMPLATE {_quote(test_name)}")
                cursor.execute(f"COMMENT ON DATABASE {_quote(template)} IS %s", [run_id])
            return db_cfg
        old_name = connection.settings_dict["NAME"]
        with connection._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {_quote(test_name)}")
            cursor.execute(f"CREATE DATABASE {_quote(test_name)} TEMPLATE {_quote(template)}")
    # What `create_test_db` does after creating the database, minus the migrations the copy already has.
    from django.conf import settings

    connection.close()
    settings.DATABASES[connection.alias]["NAME"] = test_name
    connection.settings_dict["NAME"] = test_name
    connection.ensure_connection()
    return [(connection, old_name, True)]


def drop_template(config) -> None:
    """From the xdist controller at the end of the run: the template its workers built, if any."""
    import psycopg
    from django.conf import settings

    database = settings.DATABASES["default"]
    test_name = (database.get("TEST") or {}).get("NAME") or f"test_{database['NAME']}"
    template = test_name + "_template"
    params = {
        "host": database.get("HOST") or None,
        "port": database.get("PORT") or None,
        "user": database.get("USER") or None,
        "password": database.get("PASSWORD") or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**{key: value for key, value in params.items() if value is not None}) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {_quote(template)}")
