# Agent Loop Lab: `make lab` runs the workshop, `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
LAB_STAMP := $(VENV)/.lab-installed
DEV_STAMP := $(VENV)/.dev-installed
LAB_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ROOT_ARGS := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

.PHONY: lab restore lab-solutions test test-editions test-notebooks lint workshop editions bench clean constraints lite

$(BIN)/python:
	@$(PY) scripts/check_python.py
	@$(PY) -m venv $(VENV) >/dev/null 2>&1 || { rm -rf $(VENV); \
	  echo "make: could not create $(VENV) with $(PY); install the venv module (Debian/Ubuntu: apt-get install python3-venv) or run with PY=/path/to/python3.11"; exit 1; }
	@$(BIN)/python -m pip install -q --upgrade pip

$(LAB_STAMP): $(BIN)/python pyproject.toml constraints.txt
	@echo "Installing the workshop's packages into $(VENV) (first time: about a minute)..."
	$(BIN)/python -m pip install -q -c constraints.txt -e .
	@$(BIN)/python scripts/lab_settings.py
	@touch $@

$(DEV_STAMP): $(LAB_STAMP)
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $@

# The participant edition (exercises to do), in the participant's own copy (git-ignored), synced at
# each start: new material comes in, a notebook they edited is kept. The solved source is for instructors.
MY_WORKSHOP ?= my-workshop
lab: $(LAB_STAMP)
	@$(BIN)/python -m looplab.sync workshop $(MY_WORKSHOP)
	$(BIN)/jupyter lab --ServerApp.root_dir=$(MY_WORKSHOP) $(ROOT_ARGS) $(LAB_ARGS) $(MY_WORKSHOP)/00_start_here.ipynb

# make restore NB=03: the current version of one notebook in the participant's copy, theirs backed up first.
restore: $(LAB_STAMP)
	@$(BIN)/python -m looplab.sync workshop $(MY_WORKSHOP) --restore "$(NB)"

lab-solutions: $(LAB_STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_ARGS) $(LAB_ARGS) notebooks/00_start_here.ipynb

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests notebooks benchmarks scripts

test: export LOOPLAB_OFFLINE = 1
test: lint
	$(BIN)/python -m pytest tests -m "not e2e"
	$(BIN)/python -m pytest tests -m e2e -p no:randomly
	@$(MAKE) -s test-editions test-notebooks

# Builds the participant edition in a temporary folder, checks it, and compares it with workshop/.
test-editions: export LOOPLAB_OFFLINE = 1
test-editions: $(DEV_STAMP)
	$(BIN)/python scripts/build_workshop.py --check

# nbval strict on copies of both editions, so running them writes nothing into notebooks/ or workshop/.
NBVAL_DIR := build/nbval
test-notebooks: export LOOPLAB_OFFLINE = 1
test-notebooks: $(DEV_STAMP)
	@rm -rf $(NBVAL_DIR) && mkdir -p $(NBVAL_DIR) && cp -R notebooks workshop $(NBVAL_DIR)/
	$(BIN)/python -m pytest -p no:randomly --nbval --nbval-current-env $(NBVAL_DIR)/notebooks $(NBVAL_DIR)/workshop

# The one target that writes workshop/: a copy of every notebook you edited goes to workshop/.backup/.
workshop editions: $(DEV_STAMP)
	$(BIN)/python scripts/build_workshop.py

# The browser edition (JupyterLite): a static site in build/lite, from PyPI and npm only (lite/lock.json)
lite: $(LAB_STAMP)
	$(BIN)/python lite/build.py

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) $(NBVAL_DIR)

# Pins what the listed venvs hold; add another tested Python's venv, e.g. OTHER_VENVS=../py310
constraints: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python scripts/constraints.py $(VENV) $(OTHER_VENVS)

# The night before: every workshop notebook on the backend the environment selects (a key, a
# local server), one table of what broke, every request and reply recorded to logs/rehearsal/.
REHEARSE_ARGS ?=
.PHONY: rehearse
rehearse: $(LAB_STAMP)
	$(BIN)/python scripts/rehearse.py $(REHEARSE_ARGS)

# LOOPLAB_REPLAY=logs/rehearsal make lab: kernels start in the notebooks' folder, so pass it absolute.
ifneq ($(strip $(LOOPLAB_REPLAY)),)
export LOOPLAB_REPLAY := $(abspath $(LOOPLAB_REPLAY))
endif
