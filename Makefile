# Two entry points: `make lab` (open the tutorial) and `make test` (run every test).
# Both create .venv on first use and install memlab (editable) with pinned versions.
PYTHON     ?= python3
VENV       ?= .venv
PY         := $(VENV)/bin/python
STAMP      := $(VENV)/.memlab-installed
WHEELHOUSE ?= wheelhouse
PORT       ?= 8000

# With a wheelhouse folder (made by `make wheelhouse`), pip installs from it alone:
# no package index, no internet. Without one, pip uses the index as usual.
ifneq ($(wildcard $(WHEELHOUSE)),)
PIP_SOURCE := --no-index --find-links $(WHEELHOUSE)
endif

# memlab's own build requirements ([build-system] requires in pyproject.toml), quoted for the shell:
# an editable install builds memlab, so an offline install needs them in the wheelhouse too.
BUILD_REQUIRES = $(shell $(PY) -c 'import tomllib; print(*map(repr, tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))')

.PHONY: setup lab test test-fast bench app doctor wheelhouse stand-in clean

# The virtual environment itself (an empty one; `setup` fills it).
$(PY):
	$(PYTHON) -m venv $(VENV)

# Install memlab and its pinned dependencies; redone when pyproject.toml or constraints.txt change.
# From the package index, pip installs uv and uv installs the rest (it downloads in parallel: a cold
# install took 73 s against pip's 189 s); from a wheelhouse, pip installs everything (nothing to fetch).
# uv compiles the bytecode at install, as pip does: otherwise every kernel and every Python process
# compiles the SDK, openai and pydantic again (where PYTHONDONTWRITEBYTECODE is set, on every start).
$(STAMP): pyproject.toml constraints.txt | $(PY)
ifdef PIP_SOURCE
	$(PY) -m pip install --quiet $(PIP_SOURCE) -c constraints.txt -e ".[test,app]"
else
	$(PY) -m pip install --quiet -c constraints.txt uv
	$(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(PY) -c constraints.txt -e ".[test,app]"
endif
	touch $(STAMP)

# Set up .venv (first time, or after a dependency change).
setup: $(STAMP)

# memlab's own bytecode, refreshed where a source changed: where PYTHONDONTWRITEBYTECODE is set, every
# kernel and Python process would otherwise compile memlab again (~0.4 s each; a test run starts dozens).
BYTECODE := $(PY) -m compileall -q memlab

# Open the tutorial in JupyterLab, on the series' first notebook; the file browser holds the
# whole checkout, so memlab/ (the code the lessons are about) sits next to notebooks/.
lab: setup
	$(BYTECODE)
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/notebooks/00_welcome.ipynb

# Run every test on both cores (pytest-xdist): unit, property, contract, notebooks (offline
# with nbval, and live against a stand-in), browser, a clean clone.
XDIST := -n 2 --dist loadgroup
test: setup
	$(BYTECODE)
	$(PY) -m pytest $(XDIST)

# The inner loop: unit, property, contract and notebook (nbval) tests, on both cores; without
# the browser, the live sweep, the clean clone and the tests that start other Python
# processes (all of which run in `make test`).
test-fast: setup
	$(BYTECODE)
	$(PY) -m pytest $(XDIST) -m "not browser and not server and not live and not process"

# Serve the interactive explorers as a code-free Voilà app (for workshops).
app: setup
	$(VENV)/bin/voila app/workshop.ipynb --Voila.ip=127.0.0.1 --no-browser

# Pre-flight for a participant's laptop: one table of checks, with the fix for each problem.
# Runs the file (not `-m`) so it still reports when memlab cannot be imported; works before setup.
doctor:
	@if [ -x $(PY) ]; then $(PY) memlab/lab/doctor.py; else $(PYTHON) memlab/lab/doctor.py; fi

# Download every pinned wheel that `make lab` and `make test` install, build requirements included,
# into $(WHEELHOUSE)/ for a room without internet: copy the folder next to the Makefile on each
# laptop and setup uses it instead of the index. The wheels fit this machine's OS, CPU and Python.
wheelhouse: | $(PY)
	rm -rf $(WHEELHOUSE).partial
	$(PY) -m pip download --quiet --dest $(WHEELHOUSE).partial -c constraints.txt ".[test,app]" $(BUILD_REQUIRES)
	rm -rf $(WHEELHOUSE)
	mv $(WHEELHOUSE).partial $(WHEELHOUSE)
	@echo "$(WHEELHOUSE)/: $$(ls $(WHEELHOUSE) | wc -l) files, $$(du -sh $(WHEELHOUSE) | cut -f1)"

# A stand-in for the Responses API on 127.0.0.1:$(PORT) (the offline model over real HTTP), for
# rehearsing live mode: OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=x MEMLAB_LIVE=1 make lab
stand-in: setup
	$(PY) -m memlab.offline.server --port $(PORT)

# Print the benchmarks.
bench: setup
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

# Remove the virtual environment and test caches (a wheelhouse stays: it may be the only copy).
clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
