# Kantyna: `make run` serves the demo, `make test` runs every check. Both install what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := var/stamps

.PHONY: help run test setup backend-deps frontend-deps e2e-deps build schema db-start db-stop \
        test-backend test-frontend test-e2e check-schema lint clean fuzz

help:
	@echo "make run    - install, start PostgreSQL, migrate, seed the demo, serve http://demo.localhost:8000"
	@echo "make test   - install and run every test: backend, frontend, schema, end to end in Chromium"
	@echo "make schema - regenerate backend/schema.yml and the frontend API types after API changes"
	@echo "make fuzz   - a long random fuzzing run of every API operation (FUZZ_EXAMPLES=40 cases each)"

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMPS)/backend: $(PY) backend/requirements.txt backend/requirements-dev.txt
	$(PY) -m pip install --quiet -r backend/requirements.txt -r backend/requirements-dev.txt
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/frontend: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/e2e: e2e/package.json e2e/package-lock.json
	cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(STAMPS) && touch $@

backend-deps: $(STAMPS)/backend
frontend-deps: $(STAMPS)/frontend
e2e-deps: $(STAMPS)/e2e
setup: backend-deps frontend-deps

build: frontend-deps
	cd frontend && npm run build --silent

run: setup build
	$(PY) scripts/run.py

db-start: backend-deps
	@$(PY) scripts/devdb.py start >/dev/null

db-stop:
	@$(PY) scripts/devdb.py stop

schema: backend-deps frontend-deps db-start
	cd backend && ../$(PY) manage.py spectacular --file schema.yml --validate --fail-on-warn
	cd frontend && npm run gen:api --silent

test: setup e2e-deps
	scripts/test.sh

test-backend: backend-deps db-start
	scripts/test.sh backend

test-frontend: frontend-deps
	scripts/test.sh frontend

# `make test` runs a short derandomized pass; this one is random and longer (FUZZ_EXAMPLES=200 make fuzz: longer).
fuzz: backend-deps db-start
	FUZZ_RANDOM=1 FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-40} scripts/test.sh fuzz

test-e2e: setup e2e-deps
	scripts/test.sh e2e

clean:
	rm -rf $(VENV) var frontend/node_modules frontend/dist e2e/node_modules
