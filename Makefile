# Duplicada: the two everyday commands are `make demo` and `make test` (`make test-fast` while coding).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo clean-demo test test-fast setup lint bench load drills messages clean venue fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

## Set up and start the demo at http://127.0.0.1:8000 (SQLite, tasks in-process). Its data is
## kept in var/demo/, apart from the club's (make venue uses var/): the demo championships never
## show up at the club. `make clean-demo` throws the demo away.
## Another port: make demo PORT=8080.
DEMO_DATA ?= var/demo
PORT ?= 8000
demo: $(STAMP)
	DEBUG=1 DUPLICADA_DATA_DIR=$(DEMO_DATA) $(BIN)/python manage.py demo --port $(PORT)
	DEBUG=1 DUPLICADA_DATA_DIR=$(DEMO_DATA) $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

clean-demo:
	rm -rf $(DEMO_DATA)

## At the club: serve this laptop to the phones on the venue's Wi-Fi (README, "At the club").
## Options: make venue VENUE_ARGS="--address 192.168.1.20 --port 8000".
venue: $(STAMP)
	$(BIN)/python manage.py venue $(VENUE_ARGS)

## Set up and run the whole test suite (uses DATABASE_URL / CELERY_BROKER_URL if set), in
## parallel: pytest-xdist, one process per core (TEST_WORKERS=auto), each with its own test
## database (test_<name>_gw0, test_<name>_gw1, ... on PostgreSQL), a whole test file to a
## process (--dist loadfile: a world built once per module, tests/built_once.py, is built
## once, not once per process that gets some of its tests). With a broker (CI's
## PostgreSQL leg) the Celery worker reads the unsuffixed test_<name> (.ci/run), so it runs in
## two passes: the parallel one with tasks in-process, as on SQLite, then the tests marked
## celery_worker in one plain process, every task through the broker to that worker. On
## PostgreSQL a test that leaves a pooled connection checked out fails (tests/connection_leaks.py):
## the suite runs with production's pool of 4 per process.
## make test PYTEST_ARGS="tests/test_venue.py -x" runs one plain pytest with those arguments
## (add -n auto to them for workers).
## CI's second run, on PostgreSQL, is `make test SECOND_DATABASE=1`: it leaves out the tests that
## run the same on every database, which the SQLite run has just passed: the pure engine's
## (marker no_database) and those that make their own SQLite database in a child process
## (own_database).
TEST_WORKERS ?= auto
SECOND_DATABASE ?=
# The markers of the tests it leaves out, and its -m expression (empty on a first run).
SAME_ON_EVERY_DATABASE := no_database or own_database
SECOND_RUN := $(if $(strip $(SECOND_DATABASE)),not ($(SAME_ON_EVERY_DATABASE)))
TEST_ENV = SECRET_KEY=$${SECRET_KEY:-tests-only-secret-key} PYTHONDONTWRITEBYTECODE=
test: $(STAMP)
ifeq ($(strip $(PYTEST_ARGS)),)
	@if [ -n "$${CELERY_BROKER_URL:-}" ]; then \
	  echo "== in parallel ($(TEST_WORKERS) workers), tasks in-process"; \
	  $(TEST_ENV) env -u CELERY_BROKER_URL -u CELERY_RESULT_BACKEND -u LIVE_REDIS_URL \
	    $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile -m "not celery_worker $(if $(SECOND_RUN),and $(SECOND_RUN))" || exit $$?; \
	  echo "== the celery_worker tests, one process, tasks through $${CELERY_BROKER_URL} to its worker"; \
	  $(TEST_ENV) $(BIN)/python -m pytest -p no:xdist -m celery_worker; \
	else \
	  $(TEST_ENV) $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile \
	    $(if $(SECOND_RUN),-m "$(SECOND_RUN)"); \
	fi
else
	$(TEST_ENV) $(BIN)/python -m pytest $(PYTEST_ARGS)
endif

## The developer's loop: the suite less the browser tests (tests/e2e), the LibreOffice ones, the
## one that builds on a second database, the migration test, those that run a whole program
## in a child process and the exhaustive sweeps (markers libreoffice, other_database,
## migrations, slow, exhaustive: each sweep keeps a cheaper representative, such as the
## secrecy walk over the values in play or the print layouts in Catalan only;
## docs/test-suite.md lists them); always on SQLite with tasks in-process (DATABASE_URL and
## the broker unset), the schema made straight from the models (--no-migrations), each
## hypothesis property on at most 20 examples (HYPOTHESIS_PROFILE=fast, tests/conftest.py), in
## parallel, with Python's bytecode cache on even where the shell turns it off
## (PYTHONDONTWRITEBYTECODE: pytest then rewrites every test module's asserts again in every
## process, 14 s of CPU a process instead of 5). `make test` still runs everything: run it before you submit. More: PYTEST_ARGS="-x".
test-fast: $(STAMP)
	$(TEST_ENV) HYPOTHESIS_PROFILE=fast env -u PYTHONDONTWRITEBYTECODE -u DATABASE_URL -u CELERY_BROKER_URL -u CELERY_RESULT_BACKEND -u LIVE_REDIS_URL \
	  $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile -q --ignore=tests/e2e --no-migrations \
	  -m "not libreoffice and not other_database and not migrations and not slow and not exhaustive" $(PYTEST_ARGS)

## Fuzz the REST API from its OpenAPI schema (schemathesis): over 1,000 generated requests,
## no 5xx, every answer within the schema (docs/operations.md, "Security"). `make test` runs about 200.
fuzz: $(STAMP)
	SECRET_KEY=$${SECRET_KEY:-tests-only-secret-key} FUZZ_CASES=$${FUZZ_CASES:-1500} $(BIN)/python -m pytest tests/test_api_fuzz.py -q $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

## Print the benchmark figures, one table (PostgreSQL rows if it answers at 127.0.0.1:5432).
bench: $(STAMP)
	@SECRET_KEY=bench DEBUG=1 $(BIN)/python benchmarks/run_all.py

## Load test of the captain API through gunicorn (SQLite, then PostgreSQL at 127.0.0.1:5432 if it
## answers); not part of `make test`. Options: make load LOAD_ARGS="--capacity --tables 300";
## a free-deal tournament's end of round (150 pairs): make load LOAD_ARGS="--format free-deal";
## groups then knockout, round 1's group games (64 pairs in 16 groups of 4, Q=1, bracket 16:
## 32 tables entering and confirming): make load LOAD_ARGS="--format groups".
load: $(STAMP)
	SECRET_KEY=load DEBUG=1 $(BIN)/python -m benchmarks.load $(LOAD_ARGS)

## Fault drills (database, Redis, Celery worker and gunicorn worker going away; connections
## held under bursts) against gunicorn on loopback, PostgreSQL at 127.0.0.1:5432 and Redis at
## 127.0.0.1:6379; not part of `make test`. One PASS/FAIL line per drill; see
## benchmarks/drills/__init__.py.
drills: $(STAMP)
	SECRET_KEY=drills $(BIN)/python -m benchmarks.drills $(DRILLS)

## Refresh the translation catalogues (needs GNU gettext) and compile them.
messages: $(STAMP)
	DEBUG=1 $(BIN)/python manage.py makemessages -l ca -l es -l en --no-obsolete --ignore='.venv/*' --ignore='var/*'
	DEBUG=1 $(BIN)/python manage.py compilemessages --ignore='.venv/*'

clean:
	rm -rf $(VENV) var
