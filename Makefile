# Two entry points: `make lab` (open the tutorial) and `make test` (run every test).
# Both create .venv on first use and install memlab (editable) with pinned versions.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.memlab-installed

.PHONY: setup lab test bench app clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[test,app]"
	touch $(STAMP)

setup: $(STAMP)

lab: setup
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks

test: setup
	$(PY) -m pytest

app: setup
	$(VENV)/bin/voila app/workshop.ipynb --Voila.ip=127.0.0.1 --no-browser

bench: setup
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
