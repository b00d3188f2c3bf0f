# Two promises of the README: `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501

.PHONY: run run-shared test test-full setup setup-shared setup-test bench bench-scale check hand-table clean serve-class

# Installs with uv (from PyPI) when it is on the PATH or can be fetched into .venv/.uv, falling
# back to pip: uv downloads and installs in parallel, which takes a fresh clone's set-up from
# about a minute to seconds (docs/measurements.md, "Set-up and tests"). The virtual environment starts without pip
# (ensurepip alone takes seconds); pip is added only if the fallback needs it. INSTALLER=pip
# forces pip. uv compiles the bytecode as it installs (pip does too), else the first start of
# the app would compile every module of Streamlit and its dependencies.
INSTALLER ?= uv

$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

define install
	@set -e; uv=""; \
	if [ "$(INSTALLER)" = uv ]; then \
	  if [ -x $(VENV)/.uv/bin/uv ]; then uv=$(VENV)/.uv/bin/uv; \
	  elif command -v uv >/dev/null 2>&1; then uv=$$(command -v uv); \
	  else \
	    pip="$(PYTHON) -m pip"; $$pip --version >/dev/null 2>&1 || { pip="$(BIN)/python -m pip"; \
	      $(BIN)/python -m ensurepip >/dev/null 2>&1 || true; }; \
	    if $$pip install --quiet --disable-pip-version-check --target $(VENV)/.uv uv >/dev/null 2>&1 \
	       && [ -x $(VENV)/.uv/bin/uv ]; then uv=$(VENV)/.uv/bin/uv; fi; \
	  fi; \
	fi; \
	if [ -n "$$uv" ] && $$uv pip install --quiet --compile-bytecode --python $(BIN)/python $(1); then \
	  echo "installed $(1) with uv"; \
	else \
	  [ -z "$$uv" ] || echo "uv could not install $(1): trying pip"; \
	  $(BIN)/python -m pip --version >/dev/null 2>&1 || $(BIN)/python -m ensurepip --upgrade >/dev/null; \
	  $(BIN)/python -m pip install --quiet --upgrade pip; \
	  $(BIN)/python -m pip install --quiet $(1); \
	  echo "installed $(1) with pip"; \
	fi
endef

# Stamp files so that a second `make` does not reinstall unless pyproject.toml changed.
# The default install is local mode's; shared mode's PostgreSQL driver and OpenID Connect
# client are the `shared` extra (the test extra includes it).
# Every install is constrained by requirements.lock (the versions the tests passed with; `make
# lock` writes it again; docs/dependencies.md), so a class server installs exactly what was tested.
LOCK := -c requirements.lock
$(VENV)/.installed: pyproject.toml requirements.lock | $(BIN)/python
	$(call install,-e . $(LOCK))
	touch $@

$(VENV)/.installed-shared: pyproject.toml requirements.lock | $(BIN)/python
	$(call install,-e '.[shared]' $(LOCK))
	touch $@ $(VENV)/.installed

$(VENV)/.installed-test: pyproject.toml requirements.lock | $(BIN)/python
	$(call install,-e '.[test]' $(LOCK))
	touch $@ $(VENV)/.installed-shared $(VENV)/.installed

setup: $(VENV)/.installed
setup-shared: $(VENV)/.installed-shared
setup-test: $(VENV)/.installed-test

# The lock file, resolved again from pyproject.toml (needs PyPI; uv from the PATH or .venv/.uv).
.PHONY: lock
lock: | $(BIN)/python
	$$( [ -x $(VENV)/.uv/bin/uv ] && echo $(VENV)/.uv/bin/uv || echo uv ) pip compile pyproject.toml \
	  --extra test --extra shared --python-version 3.11 -o requirements.lock

# Bound to 127.0.0.1: only this computer reaches the app. Serving a class is a deliberate step
# (docs/shared-mode.md): put it behind a reverse proxy rather than opening this port.
run: setup
	$(BIN)/python -m course.app --server.address 127.0.0.1 \
	  --server.port $(PORT) --server.headless true

# Shared mode (an `[auth]` section in .streamlit/secrets.toml) with its extra installed.
run-shared: setup-shared
	$(BIN)/python -m course.app --server.address 127.0.0.1 \
	  --server.port $(PORT) --server.headless true

# A class: REPLICAS app processes (default: one per core) on one PostgreSQL (DB, default
# $STUD_STUDY_DB; required) behind HAProxy on 127.0.0.1:PORT, sticky
# sessions and websockets (course/app/serve_class.py; docs/shared-mode.md "Serving a class").
REPLICAS ?= $(shell nproc 2>/dev/null || echo 2)
DB ?= $(STUD_STUDY_DB)
# It installs the `shared` extra (the driver and the login client the replicas need) and checks
# the secrets, the driver and the login before any replica starts (docs/shared-mode.md);
# ANONYMOUS=1 serves without login, on purpose.
serve-class: setup-shared
	$(BIN)/python -m course.app.serve_class --replicas $(REPLICAS) --port $(PORT) \
	  $(if $(DB),--db '$(DB)') $(if $(ANONYMOUS),--allow-anonymous-class) \
	  $(if $(SECRETS),-- --secrets.files '$(SECRETS)')

# `make test` runs every test at its default size: the long differential runs marked `slow`
# (hundreds of thousands of hands, thousands of pokerkit deals) each have a smaller sibling that
# runs here, so the suite stays within its budget. `make test-full` runs the slow ones too.
# The tests run on every core (pytest-xdist, one worker per core, each test file kept on one
# worker so that a file's servers and fixtures start once); `make test TEST_JOBS=0` runs them in
# this one process. Every test already works in its own temporary folder, database, cache and
# free port, so the workers share nothing.
TEST_JOBS ?= auto
# Tests write Python's bytecode caches even where the environment turns them off
# (PYTHONDONTWRITEBYTECODE): every server, CLI and worker process the suite starts would otherwise
# compile the course's source again, and pytest rewrite every test file's asserts again per worker.
test test-full: export PYTHONDONTWRITEBYTECODE =
test: setup-test
	$(BIN)/python -m pytest -m "not slow" -n $(TEST_JOBS) --dist loadfile

test-full: setup-test
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile

check: setup
	$(BIN)/python -m course check

bench: setup-test
	$(BIN)/python benchmarks/evaluator.py
	$(BIN)/python benchmarks/app.py
	$(BIN)/python benchmarks/core.py
	$(BIN)/python benchmarks/hostile.py
	$(BIN)/python benchmarks/load.py

bench-scale: setup-test
	$(BIN)/python benchmarks/scale.py

# The hand evaluator's shipped table (course/hand_values.bin), rebuilt from course/hands.py's own
# definitions; tests/test_hand_values_file.py fails while the shipped file differs from a rebuild.
hand-table: setup
	$(BIN)/python -c "from course.hands import TABLE_FILE, table_bytes; TABLE_FILE.write_bytes(table_bytes())"

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# The low orders' shipped table (course/low_values.bin: every rank multiset's ace-to-five low),
# rebuilt from course/hands.py; tests/test_hands_low.py fails while the shipped file is stale.
.PHONY: low-table
low-table: setup
	$(BIN)/python -c "from course.hands import LOW_TABLE_FILE, low_table_bytes; LOW_TABLE_FILE.write_bytes(low_table_bytes())"
