# Two promises of the README: `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8501

.PHONY: run test setup setup-test bench bench-scale check hand-table clean serve-class

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamp files so that a second `make` does not reinstall unless pyproject.toml changed.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

setup: $(VENV)/.installed
setup-test: $(VENV)/.installed-test

# Bound to 127.0.0.1: only this computer reaches the app. Serving a class is a deliberate step
# (README, "Shared mode"): put it behind a reverse proxy rather than opening this port.
run: setup
	$(BIN)/python -m course.app --server.address 127.0.0.1 \
	  --server.port $(PORT) --server.headless true

# A class: REPLICAS app processes (default: one per core) on one PostgreSQL (DB, default
# $STUD_STUDY_DB; without one a throwaway server) behind HAProxy on 127.0.0.1:PORT, sticky
# sessions and websockets (course/app/serve_class.py; README "Serving a class").
REPLICAS ?= $(shell nproc 2>/dev/null || echo 2)
DB ?= $(STUD_STUDY_DB)
serve-class: setup
	$(BIN)/python -m course.app.serve_class --replicas $(REPLICAS) --port $(PORT) \
	  $(if $(DB),--db '$(DB)') $(if $(SECRETS),-- --secrets.files '$(SECRETS)')

test: setup-test
	$(BIN)/python -m pytest

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
# definitions; tests/test_hands_table.py fails while the shipped file differs from a rebuild.
hand-table: setup
	$(BIN)/python -c "from course.hands import TABLE_FILE, table_bytes; TABLE_FILE.write_bytes(table_bytes())"

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
