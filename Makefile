# Muster: `make run` serves the site with demo data; `make test` runs every check.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CARD_DATA ?= $(firstword $(wildcard ../shared/cards/staw/utopia-data.json))
# Two workers by default (the suite's browser tests spend most of their time waiting).
TEST_ARGS ?= -n 2

.PHONY: run test lint bench setup demo

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo $(if $(CARD_DATA),--cards "$(CARD_DATA)")
	$(BIN)/python manage.py seed_seasons_demo

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:8000

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

test: lint
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=config.settings.test
	$(BIN)/pytest $(TEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m bench
