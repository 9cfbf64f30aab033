# Two commands: `make run` and `make test`. Everything else is set up by them.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
NODE_STAMP := node_modules/.installed-$(shell cksum package-lock.json | cut -d' ' -f1)

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# TypeScript (pinned in package-lock.json) only type-checks the pages; nothing is built.
$(NODE_STAMP): package.json package-lock.json
	bash scripts/node.sh >/dev/null
	npm ci --no-audit --no-fund --silent
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/boardroom serve

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check boardroom tests benchmarks
	$(BIN)/ruff format --check boardroom tests benchmarks
	$(BIN)/lint-imports --no-cache
	node_modules/.bin/tsc -p tsconfig.json

typecheck: $(STAMP)
	$(BIN)/mypy

# The PostgreSQL-backed tests get a throwaway cluster (scripts/postgres.sh) through
# BOARDROOM_TEST_PG_URL; outside CI they are skipped if none can be started.
unit: $(STAMP) $(NODE_STAMP)
	bash scripts/chromium.sh >/dev/null
	@pgdir="$${TMPDIR:-/tmp}/boardroom-pg-$$$$"; url="$${BOARDROOM_TEST_PG_URL:-}"; started=; \
	if [ -z "$$url" ]; then \
	  if url=$$(scripts/postgres.sh start "$$pgdir"); then started=1; \
	  elif [ "$${CI:-}" = true ]; then echo "PostgreSQL could not be started" >&2; exit 1; \
	  else echo "PostgreSQL unavailable: its tests are skipped" >&2; url=; fi; \
	fi; \
	BOARDROOM_TEST_PG_URL="$$url" $(BIN)/pytest -n 2 -q; rc=$$?; \
	if [ -n "$$started" ]; then scripts/postgres.sh stop "$$pgdir"; fi; exit $$rc

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV) node_modules
