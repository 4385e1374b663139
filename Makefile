# One command from a fresh clone: `make test` installs the missing system packages (Debian: Chromium,
# LibreOffice Calc, PostgreSQL 15, Node.js with npm), builds .venv with everything, installs the
# browser tests' JavaScript (axe-core, package-lock.json) into node_modules, and runs all checks.
# `make check` is the quick one before a commit: the same static checks and every test that needs
# no browser, no PostgreSQL, no LibreOffice and no server process (docs/development.md).
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
# pytest-xdist workers: one per core for the quick run; the full run takes one more, which
# works while a browser test waits for a page (docs/development.md).
WORKERS ?= auto
ALL_WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
# The tests that need none of the slow tiers (tests/conftest.py marks them).
FAST_TESTS = not (browser or postgresql or libreoffice or server)

.PHONY: test check system-packages lint typecheck imports pytest pytest-fast bench run demo clean

# uv (from PyPI) installs the app and its tools: 8 s where pip took 30 s, the longest wait of
# a first `make run` or `make test`. Where uv cannot (a platform without its wheel, a proxy
# its certificates do not cover), pip does it. Both compile the libraries as they install
# them (uv only when asked): left to the first run, every process that `make check` starts
# at once compiled the same libraries again, 8 to 12 s of its 2 minutes (docs/development.md).
$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '.[test,dev]' \
		|| $(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $@

# axe-core for the accessibility checks in the browser tests (tests/accessibility.py).
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The static checks run beside the tests, as in `make check`.
test: system-packages $(BIN)/.installed node_modules/.installed
	$(MAKE) --no-print-directory -j 4 lint typecheck imports pytest

# The static checks run beside the tests, as jobs of their own: mypy takes a core for a few
# seconds while the tests' workers start and run.
check:
	$(MAKE) --no-print-directory -j 4 lint typecheck imports pytest-fast

system-packages:
	bash scripts/system-packages.sh

lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check rules_engine table_draw tests bench tournament scripts

# The layers of tournament/ (docs/architecture.md): the contracts in pyproject.toml.
imports: $(BIN)/.installed
	$(BIN)/lint-imports --no-logo

typecheck: $(BIN)/.installed
	$(BIN)/mypy --strict rules_engine table_draw tournament scripts

# Python keeps the compiled modules (and pytest its rewritten tests) in __pycache__ even where
# the environment says PYTHONDONTWRITEBYTECODE: compiling them again in every worker and every
# subprocess (servers, command lines) took a fifth of the CPU of the server, engine and draw
# tests and a tenth of the quick run.
pytest pytest-fast: export PYTHONDONTWRITEBYTECODE =

# A test file's module-scoped fixtures (a served site, its kept tabs) are built once: each file runs
# on one worker (--dist loadfile), and the workers take the files in the order tests/conftest.py
# gives them (--no-loadscope-reorder): the browser and server tiers first, the quick tests
# filling the cores to the end. None of the tests waits a fixed time or takes a time limit for
# a target: they wait for what a page or a server does, up to 15 s; how soon it happens is
# measured in bench/ (bench/README.md).
pytest: $(BIN)/.installed node_modules/.installed
	$(BIN)/python -m pytest -n $(ALL_WORKERS) --dist loadfile --no-loadscope-reorder

# The property tests draw a quarter of their examples, the draw's corpus test a quarter of its
# drawn cases (tests/support/examples.py); make test draws them all.
pytest-fast: export DOKO_TEST_QUICK = 1
pytest-fast: $(BIN)/.installed
	$(BIN)/python -m pytest -n $(WORKERS) -m "$(FAST_TESTS)"

# The machine's speed first and last: figures are compared only at about the same speed.
bench: $(BIN)/.installed
	$(BIN)/python bench/machine_speed.py
	$(BIN)/python bench/engine_cli.py
	$(BIN)/python bench/check_lists.py
	$(BIN)/python bench/draw.py
	$(BIN)/python bench/draw_replan.py
	$(BIN)/python bench/web_pages.py
	$(BIN)/python bench/list_entry.py
	$(BIN)/python bench/phone_entry.py
	$(BIN)/python bench/http_floor.py
	$(BIN)/python bench/hall_load.py --server laptop
	$(BIN)/python bench/hall_load.py --server gunicorn
	$(BIN)/python bench/projector_live.py --server laptop
	$(BIN)/python bench/projector_live.py --server gunicorn
	$(BIN)/python bench/excel_export.py
	$(BIN)/python bench/site_export.py
	$(BIN)/python bench/excel_import.py
	$(BIN)/python bench/password_flood.py
	$(BIN)/python bench/machine_speed.py

# The web app for the tournament day: migrates the database, serves it on port 5000 of every
# network (the start banner names the address for the phones). `make run PORT=8080` serves
# on another port; ARGS passes any other option on, e.g. `make run ARGS="--host 127.0.0.1"`
# (`doko-turnier --help`).
PORT ?=
ARGS ?=
run: $(BIN)/.installed
	$(BIN)/doko-turnier $(if $(PORT),--port $(PORT)) $(ARGS)

# A demo tournament (41 players, 3 rounds, lists complete and half-way) in the app's database.
demo: $(BIN)/.installed
	$(BIN)/python scripts/demo.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis
