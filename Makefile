# Muster: `make run` serves the site with demo data; `make test` runs every check.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
# A card database to import instead of the one Muster ships (fleets/card_data/), e.g. CARD_DATA=data.json make run.
CARD_DATA ?=
# The port `make run` serves on (PORT=8001 make run when 8000 is taken).
PORT ?= 8000
# Two workers by default (the suite's browser tests spend most of their time waiting).
TEST_ARGS ?= -n 2

.PHONY: run test lint bench setup demo fuzz worker mutants messages

# What runs the site (requirements.txt); the tests and checks add requirements-dev.txt.
$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(DEV_STAMP)

setup: $(DEV_STAMP)

# The German catalog (locale/de/LC_MESSAGES/django.po, docs/translation.md), compiled for the site to read.
CATALOG := locale/de/LC_MESSAGES/django
$(CATALOG).mo: $(CATALOG).po $(STAMP)
	$(BIN)/python manage.py compilemessages --locale de --verbosity 0

# Gathers every marked string of the site into the German catalog; new ones arrive untranslated.
messages: $(STAMP)
	$(BIN)/python manage.py makemessages --locale de --no-obsolete --add-location file \
		--ignore .venv --ignore tests --ignore bench --ignore mutants --ignore .mutmut --ignore staticfiles \
		--ignore static

demo: $(STAMP) $(CATALOG).mo
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo $(if $(CARD_DATA),--cards "$(CARD_DATA)")
	$(BIN)/python manage.py seed_seasons_demo

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The background worker (mail, the all-sheets PDF) for TASKS_BACKEND=database; `make run` needs none.
worker: $(STAMP)
	$(BIN)/python manage.py run_worker

# The code checks: ruff, its formatting, the import-linter contracts, and mypy ([tool.mypy] in pyproject.toml:
# rules/ and game_registry/ strictly, the apps against their baseline).
lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# Branch coverage of the site's code and its floor ([tool.coverage.report] fail_under) with COVERAGE=1: CI
# measures it once, on SQLite. Without it the same tests take about 1.7 times less CPU.
COVERAGE ?=
test: lint $(CATALOG).mo
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=config.settings.test
	$(BIN)/pytest $(TEST_ARGS) $(if $(COVERAGE),--cov --cov-report=term:skip-covered)

# The event state machine for FUZZ_MINUTES (10 by default) instead of its few evenings in `make test`.
FUZZ_MINUTES ?= 10
fuzz: $(DEV_STAMP)
	HYPOTHESIS_PROFILE=fuzz FUZZ_MINUTES=$(FUZZ_MINUTES) $(BIN)/pytest tests/tournaments/test_event_state_machine.py -n 0 -q

bench: $(DEV_STAMP)
	$(BIN)/python -m bench

# Mutation testing, weekly and not part of `make test`: each module of [tool.mutants] (pyproject.toml) against
# its own tests, its survivors listed (tests/mutants/run.py); MUTANTS=pairing runs one module. Hours, not minutes.
MUTANTS ?=
MUTANT_CHILDREN ?= 2
mutants: $(DEV_STAMP)
	$(BIN)/python tests/mutants/run.py $(MUTANTS) --max-children $(MUTANT_CHILDREN)
