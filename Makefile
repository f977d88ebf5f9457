# Agent Loop Lab: `make lab` runs the workshop, `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
LAB_STAMP := $(VENV)/.lab-installed
DEV_STAMP := $(VENV)/.dev-installed
LAB_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ROOT_ARGS := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

.PHONY: lab test lint workshop bench clean constraints lite

$(BIN)/python:
	@$(PY) scripts/check_python.py
	@$(PY) -m venv $(VENV) >/dev/null 2>&1 || { rm -rf $(VENV); \
	  echo "make: could not create $(VENV) with $(PY); install the venv module (Debian/Ubuntu: apt-get install python3-venv) or run with PY=/path/to/python3.11"; exit 1; }
	@$(BIN)/python -m pip install -q --upgrade pip

$(LAB_STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install -q -c constraints.txt -e .
	@$(BIN)/python scripts/lab_settings.py
	@touch $@

$(DEV_STAMP): $(LAB_STAMP)
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $@

lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_ARGS) $(LAB_ARGS) notebooks/00_start_here.ipynb

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests notebooks benchmarks scripts

test: export LOOPLAB_OFFLINE = 1
test: lint
	$(BIN)/python -m pytest tests -m "not e2e"
	$(BIN)/python -m pytest tests -m e2e -p no:randomly
	$(BIN)/python scripts/build_workshop.py
	$(BIN)/python -m pytest -p no:randomly --nbval --nbval-current-env notebooks

workshop: $(DEV_STAMP)
	$(BIN)/python scripts/build_workshop.py

# The browser edition (JupyterLite): a static site in build/lite, from PyPI and npm only (lite/lock.json)
lite: $(LAB_STAMP)
	$(BIN)/python lite/build.py

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) workshop

# Pins what the listed venvs hold; add another tested Python's venv, e.g. OTHER_VENVS=../py310
constraints: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python scripts/constraints.py $(VENV) $(OTHER_VENVS)
