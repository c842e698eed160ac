# Ludoteca — two commands on a fresh machine: `make serve` (the web table) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test soak lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/ludoteca play carcassonne --players human,greedy

serve: $(STAMP)
	$(BIN)/ludoteca serve --host 127.0.0.1 --port 8000

test: $(STAMP)
	$(BIN)/ruff check src tests examples scripts
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 -q

soak: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q -m soak

lint: $(STAMP)
	$(BIN)/ruff check src tests examples scripts
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/ludoteca bench carcassonne

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .ruff_cache
