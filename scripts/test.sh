#!/usr/bin/env bash
# Every check, in order of speed: lint and schema first, then unit suites, then end to end in Chromium.
# `scripts/test.sh [backend|fuzz|frontend|e2e|e2e-calendar]` runs one part (backend includes the bounded fuzzing
# pass); no argument runs all, then the calendar's browser scenarios again on a fixed day (e2e_calendar below).
#
# TEST_CLOCK="2026-12-31 10:00" (a Warsaw time) runs whatever it runs with that day as "now" for every process it
# starts (its own PostgreSQL, the server, the job worker, pytest, Node, Chromium), the clocks ticking on from there:
# the suites must pass on any day, and this is how a Saturday, a public holiday or a year's end is tried on demand.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY="$ROOT/.venv/bin/python"
part=${1:-all}
started_db=0
restart_pid=""

# libfaketime (Debian's libfaketime package) shifts the wall clock of every process started below by one offset,
# so they all agree on "now". The offset is reckoned once, here. Monotonic clocks are shifted too: with them left
# real (FAKETIME_DONT_FAKE_MONOTONIC) libfaketime 0.9.10 fails Python's time.sleep with EINVAL.
FAKETIME_LIB=""
set_clock() {
  local when=$1 target
  FAKETIME_LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -1 || true)
  if [ -z "$FAKETIME_LIB" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libfaketime >/dev/null
      FAKETIME_LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 | head -1)
    else
      echo "A fixed test clock needs libfaketime: install the Debian package 'libfaketime'."; exit 1
    fi
  fi
  target=$(TZ=Europe/Warsaw date -d "$when" +%s) || { echo "TEST_CLOCK: not a date: $when"; exit 2; }
  local real
  real=$(date -u '+%F %H:%M UTC')
  export FAKETIME="$(printf '%+d' $((target - $(date +%s))))"
  export LD_PRELOAD="$FAKETIME_LIB${LD_PRELOAD:+:$LD_PRELOAD}"
  # Its own PostgreSQL, started under the same clock (now() in SQL, the job queue's schedules); never a server
  # started on the real clock, nor one given by DATABASE_URL.
  unset DATABASE_URL
  export KANTYNA_PGDATA="$ROOT/var/postgres-clock" KANTYNA_PG_PORT=54339
  # And the browser suite's own database and files (the dev mail page shows the newest e-mail: one sent on a day
  # to come would outlive this run in the usual folder and be taken by the next real-clock run).
  export E2E_DB="${E2E_DB:-kantyna_e2e_clock}"
  echo "clock: every process below believes it is $(TZ=Europe/Warsaw date -d "@$target" '+%A %Y-%m-%d %H:%M %Z') (real: $real)"
}

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

cleanup() {
  # A restart check still running beside a pass that failed: SIGTERM lets it stop its run.py and PostgreSQL.
  if [ -n "$restart_pid" ]; then kill -TERM "$restart_pid" 2>/dev/null || true; wait "$restart_pid" 2>/dev/null || true; fi
  if [ "$started_db" = 1 ]; then "$PY" "$ROOT/scripts/devdb.py" stop; fi
}
trap cleanup EXIT

port_taken() { "$PY" "$ROOT/scripts/ports.py" taken "$1"; }
free_port() { "$PY" "$ROOT/scripts/ports.py" free; }

ensure_db() {
  if [ -z "${DATABASE_URL:-}" ]; then
    # Another checkout's server on our port (a second `make test` beside this one): this checkout's own server
    # on a free port instead, so neither run drops the other's test databases or stops the other's server.
    if ! "$PY" "$ROOT/scripts/devdb.py" alive && port_taken "${KANTYNA_PG_PORT:-54329}"; then
      export KANTYNA_PG_PORT=$(free_port)
    fi
    if [ "$("$PY" "$ROOT/scripts/devdb.py" status 2>/dev/null)" != running ]; then started_db=1; fi
  fi
  "$PY" "$ROOT/scripts/devdb.py" start >/dev/null
}

backend() {
  ensure_db
  cd "$ROOT/backend"
  step "backend: ruff"
  "$PY" -m ruff check .
  "$PY" -m ruff format --check .
  step "backend: import layers"
  "$ROOT/.venv/bin/lint-imports" --no-logo --no-cache .importlinter
  step "backend: migrations are complete"
  "$PY" manage.py makemigrations --check --dry-run >/dev/null || { echo "Model changes without migrations: run makemigrations."; exit 1; }
  step "backend: schema.yml is up to date"
  tmp=$(mktemp --suffix=.yml)
  "$PY" manage.py spectacular --file "$tmp" --validate --fail-on-warn
  if ! diff -q "$tmp" schema.yml >/dev/null; then
    diff -u schema.yml "$tmp" | head -40
    echo "backend/schema.yml is stale: run 'make schema' and commit it."; exit 1
  fi
  rm -f "$tmp"
  step "backend: pytest"
  set +e
  "$PY" -m pytest -q -n 2 -m "not fuzz"
  status=$?
  set -e
  # pytest exits 5 when it collected no tests: that is a failure of the suite, say so plainly.
  if [ $status -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi
  [ $status -eq 0 ] || exit $status
  cd "$ROOT"
  # Its own PostgreSQL (another port, a data directory under var/) and its own run.py: ~70 s, most of it waiting
  # (~20 s of CPU), so it runs beside the fuzzing pass (one process) instead of before it; its output follows.
  step "backend: the site rides out a database restart (beside the fuzzing pass, its output after it)"
  local restart_log
  restart_log=$(mktemp)
  "$PY" "$ROOT/scripts/restart_check.py" >"$restart_log" 2>&1 &
  restart_pid=$!
  fuzz
  step "backend: the site rides out a database restart"
  status=0
  wait "$restart_pid" || status=$?
  restart_pid=""
  cat "$restart_log"
  rm -f "$restart_log"
  [ $status -eq 0 ] || exit $status
}

# Schema-driven fuzzing of every operation (kantyna/core/tests/test_fuzz.py): no 5xx, no answer off schema.
# In `make test` a bounded pass with fixed cases (derandomized, so CI is stable); `make fuzz` sets FUZZ_RANDOM=1
# and more FUZZ_EXAMPLES for a longer random hunt.
fuzz() {
  ensure_db
  cd "$ROOT/backend"
  step "backend: fuzzing every operation of schema.yml (${FUZZ_EXAMPLES:-3} cases per operation and mode$([ "${FUZZ_RANDOM:-}" = 1 ] && echo ', random'))"
  local started=$SECONDS
  FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-3}" "$PY" -m pytest -q -p no:xdist -m fuzz -s kantyna/core/tests/test_fuzz.py
  echo "fuzzing took $((SECONDS - started)) s"
  cd "$ROOT"
}

frontend() {
  cd "$ROOT/frontend"
  step "frontend: generated API types match backend/schema.yml"
  npm run --silent check:api
  step "frontend: typecheck"
  npm run --silent typecheck
  step "frontend: lint"
  npm run --silent lint
  step "frontend: vitest"
  npm run --silent test
  cd "$ROOT"
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "installing Debian chromium (apt-get)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "End-to-end tests need Chromium at /usr/bin/chromium: install the Debian package 'chromium' (apt-get install chromium)."
    exit 1
  fi
}

e2e() {
  ensure_chromium
  ensure_db
  # A port the system picks, not a fixed one: two suites side by side that both found 8765 free would serve on one
  # port. Its database keeps its name: each checkout runs its own PostgreSQL (ensure_db).
  export E2E_PORT=${E2E_PORT:-$(free_port)}
  # The bundle only (`vite build`): `npm run build` would first type-check again with `tsc -b`, which the frontend
  # part has just done (`npm run typecheck`): ~30 s on a quiet 2-core machine, ~100 s on a busy one.
  step "frontend: build"
  (cd "$ROOT/frontend" && npx vite build)
  step "e2e: playwright in Chromium"
  cd "$ROOT/e2e"
  # E2E_SPECS="tests/dashboard.spec.ts ..." runs only those (with TEST_CLOCK: a few scenarios on another day).
  # shellcheck disable=SC2086
  npx playwright test ${E2E_SPECS:-}
  cd "$ROOT"
  # The browser scenarios ordered, cancelled, deposited and registered for real: the ledger they leave behind
  # must still balance (cached balance = sum of transactions, every account of every tenant).
  step "ledger: balance check after the end-to-end scenarios"
  ledger_check_e2e
}

ledger_check_e2e() {
  local url
  cd "$ROOT/backend"
  if [ -n "${DATABASE_URL:-}" ]; then
    url=$("$PY" -c 'import os, urllib.parse as u; p = u.urlsplit(os.environ["DATABASE_URL"]); print(u.urlunsplit(p._replace(path="/" + os.environ.get("E2E_DB", "kantyna_e2e"))))')
    DATABASE_URL="$url" "$PY" manage.py ledger_check
  else
    KANTYNA_DB_NAME="${E2E_DB:-kantyna_e2e}" "$PY" manage.py ledger_check
  fi
  cd "$ROOT"
}

# The browser scenarios whose days come from the calendar, once more with the clock on a fixed day that is a
# Saturday and a public holiday (26 December), whatever day the suite runs on: a test that takes "today as found"
# for a school day fails here on every day, not only on the weekends it happens to run.
# (~2 min: the scenarios that pick their days from "today": serving, ordering, the kitchen's next day, the dashboard.)
CALENDAR_SPECS=(tests/dashboard.spec.ts tests/ordering.spec.ts tests/terminal.spec.ts tests/meals-to-release.spec.ts
  tests/meals-to-prepare.spec.ts tests/orders-labels.spec.ts)
e2e_calendar() {
  (
    set_clock "${CALENDAR_CLOCK:-2026-12-26 09:30}"
    started_db=0
    trap cleanup EXIT
    ensure_db
    export E2E_PORT=$(free_port) E2E_DB=kantyna_e2e_calendar
    step "e2e on a fixed day: ${CALENDAR_SPECS[*]}"
    cd "$ROOT/e2e"
    npx playwright test "${CALENDAR_SPECS[@]}"
    cd "$ROOT"
    step "ledger: balance check after them"
    ledger_check_e2e
  )
}

if [ -n "${TEST_CLOCK:-}" ]; then set_clock "$TEST_CLOCK"; fi

case "$part" in
  backend) backend ;;
  fuzz) fuzz ;;
  frontend) frontend ;;
  e2e) e2e ;;
  e2e-calendar) (cd "$ROOT/frontend" && npx vite build) && e2e_calendar ;;
  all) backend; frontend; e2e; if [ -z "${TEST_CLOCK:-}" ]; then e2e_calendar; fi ;;
  *) echo "usage: $0 [backend|fuzz|frontend|e2e|e2e-calendar]"; exit 2 ;;
esac
