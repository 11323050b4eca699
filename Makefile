# newdawn: `make play` runs the web server (play in the browser), `make test` runs the checks.
# Both set up .venv first. `newdawn play` still shows a game between random bots in the terminal.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

SIM_ARGS ?= --players 4 --games 100 --seed 1
BENCH_ARGS ?=
PLAY_ARGS ?=
CHROMIUM := /usr/bin/chromium

.PHONY: venv test play bench sim chromium index schema screenshots bench-table fast bench-fast test-compiled

# The optional compiled build (mypyc) of newdawn.engine, .content and .bots, in build/mypyc;
# the pure-Python package in src/ stays the default and the reference. Use it by putting it
# first on the path: PYTHONPATH=build/mypyc .venv/bin/newdawn bench (or `make bench-fast`).
FAST_DIR := build/mypyc

venv: $(STAMP)

# Re-installs only when pyproject.toml is newer than the stamp (or the venv is missing).
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The browser tests drive Debian's Chromium (never a downloaded browser): installed only when missing.
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	  else sudo apt-get update && sudo apt-get install -y chromium; fi; }

# The last step builds the compiled engine (mypyc, about 3.5 minutes of one core) and checks
# that it plays the perft files and recorded games exactly as the pure package does: a source
# change mypyc cannot compile fails here, not later in someone's `make fast`.
# (tests/perft/test_compiled_build.py skips when the build is missing or stale.)
test: venv chromium
	$(VENV)/bin/ruff check src tests tools
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -q -n 2 tests/ --ignore=tests/browser
	# The browser tests (Chromium) after the others; the first failure ends the run.
	$(VENV)/bin/pytest -q -n 2 -x tests/browser
	$(MAKE) test-compiled

test-compiled: venv fast
	$(VENV)/bin/pytest -q -rs tests/perft/test_compiled_build.py

# The web server on http://127.0.0.1:8000/ (games saved in ./newdawn.db); e.g. PLAY_ARGS='--port 8080'.
play: venv
	$(VENV)/bin/newdawn serve $(PLAY_ARGS)

# The same server on the compiled build (built first if missing or stale): the engine and the
# bots about three times faster, for a server that many people or many bot games share.
play-fast: fast
	PYTHONPATH=$(FAST_DIR) $(VENV)/bin/newdawn serve $(PLAY_ARGS)

bench: venv
	$(VENV)/bin/newdawn bench $(BENCH_ARGS)

fast: venv
	$(PY) tools/build_fast.py $(FAST_DIR)

bench-fast: fast
	PYTHONPATH=$(FAST_DIR) $(VENV)/bin/newdawn bench $(BENCH_ARGS)

sim: venv
	$(VENV)/bin/newdawn sim $(SIM_ARGS)

# The table at the start, mid-game and on the end screen, at 1440x900 and 390x844, written to
# out/screenshots/ by the browser test that plays a whole game against a bot.
screenshots: venv chromium
	$(VENV)/bin/pytest -q tests/browser/test_full_game.py
	@ls out/screenshots/

# Latency of the browser table: WebSocket message -> finished DOM update over a stored long game.
bench-table: venv chromium
	$(VENV)/bin/python tools/bench_table.py

# Rewrite docs/effects-index.md (each printed effect: data, handlers, tests); tests/test_effects_index.py
# fails while the committed file is out of date, e.g. after merging new tests or handlers.
index: venv
	$(PY) tools/effects_index.py

# Rewrite docs/examples/view-message.schema.json from the Pydantic models of the view message
# (server/schema.py, server/view_state.py); tests/server/test_view_schema_fresh.py fails while the
# committed schema is out of date. `tools/view_example.py` without --schema also rewrites the examples.
schema: venv
	$(PY) tools/view_example.py --schema
