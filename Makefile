# Two commands: `make run` and `make test`. Everything else is set up by them.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/boardroom serve

lint: $(STAMP)
	$(BIN)/ruff check boardroom tests benchmarks
	$(BIN)/ruff format --check boardroom tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2 -q

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV)
