# Frontier Desktop: the two quick-start commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: run test bench clean xvfb

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

# Xvfb is needed by the one real-window smoke test; install it on Debian/Ubuntu when missing.
xvfb:
	@command -v Xvfb >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends xvfb x11-apps xauth >/dev/null \
	    || echo "note: could not install Xvfb; the real-window test will be skipped"; \
	  else echo "note: Xvfb missing and no apt-get; the real-window test will be skipped"; fi; }

test: $(VENV)/.test-installed xvfb
	$(HEADLESS) $(PY) -m pytest

bench: $(VENV)/.test-installed
	$(HEADLESS) $(PY) build_scripts/bench.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
