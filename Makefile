# Two commands do all the set-up on a fresh machine:
#   make run    create .venv if needed, install, start the app on http://localhost:8000
#   make test   same install plus test extras (and Debian's chromium if missing), run the whole suite
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pip is quiet except for errors; the sandbox's index configuration prints one harmless line per package.
PIP := $(BIN)/pip install --quiet --disable-pip-version-check
QUIET := 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }

.PHONY: run test install install-test chromium lint typecheck unit browser bench scenario clean \
	stage-install stage-lint stage-typecheck stage-fast stage-slow stage-browser stage-scenarios

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip $(QUIET)

# torch comes first and pinned: 2.13.0 is the CPU wheel on local disk; letting a dependency pick it would
# download a multi-gigabyte CUDA build.
# The editable install leaves our own modules uncompiled, and with PYTHONDONTWRITEBYTECODE set (as on these
# machines) every process would compile them again (~0.1-0.2 s of each command's start-up): compile them once
# here, as pip does for the packages it installs. A source edited later is compiled in memory until the next
# install; the interpreter never runs a stale file.
APP_PACKAGES := language assistant demo memory scheduler travel_assistant

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) torch==2.13.0 $(QUIET)
	$(PIP) -e . $(QUIET)
	$(BIN)/python -m compileall -q $(APP_PACKAGES) >/dev/null
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(PIP) -e '.[test]' $(QUIET)
	touch $@

# axe-core for the browser suite's accessibility checks, pinned by tests/browser/package-lock.json and
# installed into the git-ignored tests/browser/node_modules.
AXE := tests/browser/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "the browser tests need npm (for axe-core): apt-get install npm" >&2; exit 1; }
	npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test $(AXE)

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "browser tests need chromium: sudo apt-get install chromium" >&2; exit 1; fi; }

run: install
	@[ -f .env ] || { cp .env.example .env; echo "created .env from .env.example (demo logins: alice, bob)"; }
	$(BIN)/travel-assistant serve

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-test
	$(BIN)/mypy

# The fast tests on two workers (each test owns its data; a Postgres test, a database of its own), then the
# slow ones (crash chains, scheduler processes, live servers) alone, since they time real processes. The
# browser suite runs in its own pytest: Playwright's sync API keeps an event loop running in the main thread
# for the rest of its session, which other tests' asyncio.run() cannot share. Then every shipped scenario.
# Each stage is timed; the times are printed at the end (and kept in test-artifacts/stage-times.txt), also
# when a stage fails, which stops the run and fails the target.
TEST_STAGES := install lint typecheck fast slow browser scenarios
STAGE_TIMES := test-artifacts/stage-times.txt

test:
	@mkdir -p test-artifacts; : > $(STAGE_TIMES); failed=""; begun=$$(date +%s); \
	for stage in $(TEST_STAGES); do \
	  start=$$(date +%s); \
	  if $(MAKE) --no-print-directory stage-$$stage; then result=passed; else result=FAILED; failed=$$stage; fi; \
	  took=$$(( $$(date +%s) - start )); \
	  printf '%-10s %3dm %02ds  %s\n' $$stage $$((took / 60)) $$((took % 60)) $$result >> $(STAGE_TIMES); \
	  [ -z "$$failed" ] || break; \
	done; \
	took=$$(( $$(date +%s) - begun )); \
	printf '%-10s %3dm %02ds\n' total $$((took / 60)) $$((took % 60)) >> $(STAGE_TIMES); \
	echo; echo "== make test: time per stage"; cat $(STAGE_TIMES); \
	if [ -n "$$failed" ]; then echo "make test failed at the $$failed stage" >&2; exit 1; fi

stage-install: install-test chromium
stage-lint: lint
stage-typecheck: typecheck
stage-fast: install-test
	$(BIN)/pytest -m "not browser and not slow" -n 2
stage-slow: install-test
	$(BIN)/pytest -m "slow and not browser"
stage-browser: install-test chromium
	$(BIN)/pytest -m browser tests/browser
stage-scenarios: install
	$(BIN)/travel-assistant scenario run --quiet scenarios/

unit: install-test
	$(BIN)/pytest -m "not browser and not slow"

browser: install-test chromium
	$(BIN)/pytest -m browser tests/browser

# Every module in benchmarks/ is a benchmark (python -m benchmarks.<name>) except stats and helpers named _*;
# each prints its figures next to its target. All run even if one fails; the target fails at the end if any did.
# Then the README's headline table is rewritten from benchmarks/results.json (the figures the runs recorded).
BENCHMARKS = $(filter-out __init__ stats _%,$(sort $(basename $(notdir $(wildcard benchmarks/*.py)))))

$(VENV)/.installed-bench: pyproject.toml $(VENV)/.installed
	$(PIP) -e '.[bench]' $(QUIET)
	touch $@

bench: $(VENV)/.installed-bench
	@failed=""; for name in $(BENCHMARKS); do \
	  echo "== python -m benchmarks.$$name"; \
	  $(BIN)/python -m benchmarks.$$name || failed="$$failed $$name"; \
	  echo; \
	done; \
	$(BIN)/python -m testkit.bench_results; \
	if [ -n "$$failed" ]; then echo "benchmarks that failed:$$failed" >&2; exit 1; fi

scenario: install
	$(BIN)/travel-assistant scenario run scenarios/

clean:
	rm -rf $(VENV) data test-artifacts .pytest_cache .mypy_cache .ruff_cache tests/browser/node_modules
