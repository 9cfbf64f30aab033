# Two commands: `make run` and `make test`. Everything else is set up by them.
# `make run` starts a lesson's server on the room's network (`make run PORT=8080`; see
# docs/lesson.md); `.venv/bin/boardroom serve --local` listens to this computer only.
PY ?= python3
PORT ?= 8000
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
NODE_STAMP := node_modules/.installed-$(shell cksum package-lock.json | cut -d' ' -f1)

.PHONY: run test lint typecheck native unit pure bench clean

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

# The hot paths compiled by mypyc where a C compiler is (or can be installed); else, or
# with BOARDROOM_PURE=1, the pure-Python modules run. `boardroom --version` says which.
native: $(STAMP)
	@bash scripts/compiler.sh $(BIN)/python
	@$(BIN)/python scripts/compile.py

run: native
	$(BIN)/boardroom serve --port $(PORT)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check boardroom tests benchmarks scripts conftest.py
	$(BIN)/ruff format --check boardroom tests benchmarks scripts conftest.py
	$(BIN)/lint-imports --no-cache
	node_modules/.bin/tsc -p tsconfig.json

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy conftest.py  # beside tests/conftest.py: one module name, so checked on its own

# The PostgreSQL-backed tests get a throwaway cluster (scripts/postgres.sh) through
# BOARDROOM_TEST_PG_URL; outside CI they are skipped if none can be started.
unit: $(STAMP) $(NODE_STAMP)
	@bash scripts/compiler.sh $(BIN)/python
	@$(BIN)/python scripts/compile.py --strict
	@$(BIN)/boardroom --version
	bash scripts/chromium.sh >/dev/null
	@pgdir="$${TMPDIR:-/tmp}/boardroom-pg-$$$$"; url="$${BOARDROOM_TEST_PG_URL:-}"; started=; \
	if [ -z "$$url" ]; then \
	  if url=$$(scripts/postgres.sh start "$$pgdir"); then started=1; \
	  elif [ "$${CI:-}" = true ]; then echo "PostgreSQL could not be started" >&2; exit 1; \
	  else echo "PostgreSQL unavailable: its tests are skipped" >&2; url=; fi; \
	fi; \
	BOARDROOM_TEST_PG_URL="$$url" $(BIN)/pytest -n 2 -q; rc=$$?; \
	if [ -n "$$started" ]; then scripts/postgres.sh stop "$$pgdir"; fi; exit $$rc

# The engine, the game cores and the server's compiled frame modules once more on the
# pure-Python modules (the fallback build); the PostgreSQL-backed variants run in `unit` only.
CORE_TESTS := tests/engine tests/exchange tests/quiz tests/russian tests/bots/test_board_robot.py \
	boardroom/draughts boardroom/games boardroom/bots \
	boardroom/server/framing.py boardroom/server/frames.py boardroom/server/wire.py \
	tests/server/test_wire.py tests/server/test_incremental.py tests/server/test_direct_writes.py

pure: $(STAMP)
	@BOARDROOM_PURE=1 $(BIN)/boardroom --version
	BOARDROOM_PURE=1 $(BIN)/pytest -n 2 -q -k "not postgres" $(CORE_TESTS)

test: lint typecheck unit pure

bench: native
	$(BIN)/python benchmarks/perft.py

clean:
	-BOARDROOM_PURE=1 $(BIN)/python scripts/compile.py
	rm -rf $(VENV) node_modules
