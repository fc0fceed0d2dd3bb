# Frontier Desktop: the two quick-start commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: run test bench bundle clean xvfb

# A stamp per install flavour: pyproject changes re-run pip.
$(VENV)/.run-installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(VENV)/bin/frontier-desktop

# The external programs the test suite runs besides Python (tests/test_external_tools.py
# checks that this list names every one). The real-window test needs them; on Debian/Ubuntu
# they are installed when missing, then checked by running them: Xvfb serves a screen and
# xwd reads it back.
TEST_TOOLS := Xvfb xwd
XVFB_CHECK_DISPLAY := :87

xvfb:
	@missing=; for t in $(TEST_TOOLS); do command -v $$t >/dev/null 2>&1 || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Xvfb and xwd for the real-window test (missing:$$missing)"; \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends xvfb x11-apps xauth >/dev/null \
	    || echo "note: could not install Xvfb and xwd; the real-window test will be skipped"; \
	  else echo "note:$$missing missing and no apt-get; the real-window test will be skipped"; fi; \
	fi; \
	if command -v Xvfb >/dev/null 2>&1 && command -v xwd >/dev/null 2>&1; then \
	  Xvfb $(XVFB_CHECK_DISPLAY) -screen 0 64x48x24 -nolisten tcp >/dev/null 2>&1 & pid=$$!; \
	  ok=; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do \
	    if xwd -root -silent -display $(XVFB_CHECK_DISPLAY) 2>/dev/null | head -c 100 | wc -c | grep -qx 100; then ok=1; break; fi; \
	    sleep 0.25; done; \
	  kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; \
	  if [ -n "$$ok" ]; then echo "Xvfb and xwd work"; \
	  else echo "error: Xvfb and xwd are installed but could not show and read a screen" >&2; exit 1; fi; \
	fi

test: $(VENV)/.test-installed xvfb
	$(HEADLESS) $(PY) -m pytest

bench: $(VENV)/.test-installed
	$(HEADLESS) $(PY) build_scripts/bench.py

# The desktop bundle (PyInstaller, the dev extra): dist/frontier-desktop/, built and checked.
bundle: $(VENV)/.run-installed
	$(PY) -m pip install --quiet -e '.[dev]'
	$(HEADLESS) $(PY) build_scripts/build.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
