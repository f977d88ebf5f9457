# Agent Loop Lab: `make lab` runs the workshop, `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
LAB_STAMP := $(VENV)/.lab-installed
DEV_STAMP := $(VENV)/.dev-installed
LAB_ARGS ?=
# Jupyter refuses to run as root unless told; containers and CI machines often are root.
ROOT_ARGS := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

.PHONY: lab lab-fr restore restore-fr hub test-room lab-solutions lab-solutions-fr test test-unit test-e2e test-editions test-notebooks lint workshop editions bench clean constraints lite

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

# L'édition française, dans sa propre copie (my-workshop-fr), l'interface de JupyterLab en français.
MY_WORKSHOP_FR ?= my-workshop-fr
FR_SETTINGS := $(abspath $(VENV))/lab-settings-fr
$(FR_SETTINGS): scripts/lab_settings.py
	@$(BIN)/python scripts/lab_settings.py --french $@
lab-fr: $(LAB_STAMP) $(FR_SETTINGS)
	@$(BIN)/python -m looplab.sync workshop-fr $(MY_WORKSHOP_FR) --language fr
	JUPYTERLAB_SETTINGS_DIR=$(FR_SETTINGS) $(BIN)/jupyter lab --ServerApp.root_dir=$(MY_WORKSHOP_FR) $(ROOT_ARGS) $(LAB_ARGS) $(MY_WORKSHOP_FR)/00_commencer_ici.ipynb

restore-fr: $(LAB_STAMP)
	@$(BIN)/python -m looplab.sync workshop-fr $(MY_WORKSHOP_FR) --restore "$(NB)" --language fr

lab-solutions-fr: $(LAB_STAMP) $(FR_SETTINGS)
	JUPYTERLAB_SETTINGS_DIR=$(FR_SETTINGS) $(BIN)/jupyter lab --ServerApp.root_dir=notebooks-fr $(ROOT_ARGS) $(LAB_ARGS) notebooks-fr/00_commencer_ici.ipynb

# A JupyterHub for a room on this machine: temporary accounts, one folder each in $(HUB_DIR)/users.
HUB_DIR ?= .hub
HUB_IP ?= 0.0.0.0
HUB_PORT ?= 8000
HUB_STAMP := $(VENV)/.hub-installed
CHP := $(HUB_DIR)/node_modules/.bin/configurable-http-proxy
$(HUB_STAMP): $(LAB_STAMP)
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[hub]'
	@touch $@

$(CHP):
	@command -v npm >/dev/null || { echo "make hub: JupyterHub's proxy comes from npm; install Node.js 20 (Debian/Ubuntu: apt-get install npm)"; exit 1; }
	npm install --prefix $(HUB_DIR) --no-audit --no-fund --silent configurable-http-proxy@5.2.0

hub: export LOOPLAB_HUB_DIR = $(abspath $(HUB_DIR))
hub: export LOOPLAB_HUB_IP = $(HUB_IP)
hub: export LOOPLAB_HUB_PORT = $(HUB_PORT)
hub: $(HUB_STAMP) $(CHP)
	$(BIN)/jupyterhub -f hub/jupyterhub_config.py $(HUB_ARGS)

# Simulated participants on that hub, all at once (LOOPLAB_ROOM_N=20 for a big room); CI runs it.
test-room: export LOOPLAB_OFFLINE = 1
test-room: $(DEV_STAMP) $(HUB_STAMP) $(CHP)
	$(BIN)/python -m pytest tests/test_room.py -m room -p no:randomly -s

lab-solutions: $(LAB_STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(ROOT_ARGS) $(LAB_ARGS) notebooks/00_start_here.ipynb

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests notebooks benchmarks scripts hub

test: export LOOPLAB_OFFLINE = 1
test: lint
	@$(MAKE) -s -j2 --output-sync=target test-unit test-e2e  # side by side, one per core; each prints when done
	@$(MAKE) -s test-editions
	@$(MAKE) -s -j2 test-notebooks  # the two editions side by side, one per core

# The fast tests, and those that start a Jupyter server, a kernel or Chromium in another process.
test-unit test-e2e: export LOOPLAB_OFFLINE = 1
test-unit: $(DEV_STAMP)
	$(BIN)/python -m pytest tests -m "not e2e and not room"
test-e2e: $(DEV_STAMP)
	$(BIN)/python -m pytest tests -m "e2e and not room" -p no:randomly

# Each committed participant edition against what its source builds (nbval, below, checks the outputs),
# and each French cell against today's English cell.
test-editions: export LOOPLAB_OFFLINE = 1
test-editions: $(DEV_STAMP)
	$(BIN)/python scripts/build_workshop.py --check
	$(BIN)/python scripts/build_workshop.py --check --fr
	$(BIN)/python scripts/french.py

# nbval strict on copies of both editions, so running them writes nothing into notebooks/ or workshop/.
# The English and the French editions run side by side, one per core.
NBVAL_DIR := build/nbval
.PHONY: test-notebooks-en test-notebooks-fr
test-notebooks: test-notebooks-en test-notebooks-fr
test-notebooks-en test-notebooks-fr: export LOOPLAB_OFFLINE = 1
test-notebooks-en: $(DEV_STAMP)
	@rm -rf $(NBVAL_DIR)/en && mkdir -p $(NBVAL_DIR)/en && cp -R notebooks workshop $(NBVAL_DIR)/en/
	$(BIN)/python -m pytest -p no:randomly --nbval --nbval-current-env $(NBVAL_DIR)/en/notebooks $(NBVAL_DIR)/en/workshop
test-notebooks-fr: $(DEV_STAMP)
	@rm -rf $(NBVAL_DIR)/fr && mkdir -p $(NBVAL_DIR)/fr/notebooks && cp -R notebooks/data $(NBVAL_DIR)/fr/notebooks/ \
	  && cp -R notebooks-fr workshop-fr $(NBVAL_DIR)/fr/
	$(BIN)/python -m pytest -p no:randomly --nbval --nbval-current-env $(NBVAL_DIR)/fr/notebooks-fr $(NBVAL_DIR)/fr/workshop-fr

# The one target that writes workshop/: a copy of every notebook you edited goes to workshop/.backup/.
workshop editions: $(DEV_STAMP)
	$(BIN)/python scripts/build_workshop.py
	$(BIN)/python scripts/build_workshop.py --fr

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
