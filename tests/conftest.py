"""Shared test fixtures.

``shared_dir``: the project's ``../shared`` folder (rules digests, spec, real Scryfall
fixtures). Tests that need it skip with a clear reason when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


def find_shared_dir() -> Path | None:
    """``$FRONTIER_SHARED_DIR`` or ``../shared`` beside the repository, when present."""
    override = os.environ.get("FRONTIER_SHARED_DIR")
    candidates = [Path(override)] if override else []
    candidates.append(REPO_ROOT.parent / "shared")
    for path in candidates:
        if (path / "rules").is_dir() or (path / "fixtures").is_dir():
            return path
    return None


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    path = find_shared_dir()
    if path is None:
        pytest.skip("../shared (rules digests, spec, Scryfall fixtures) is not beside the repo")
    return path


@pytest.fixture(autouse=True)
def _log_in_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Commands run in-process log to a temporary folder, never the user's log folder."""
    monkeypatch.setenv("FRONTIER_LOG_DIR", str(tmp_path_factory.getbasetemp() / "logs"))


@pytest.fixture(autouse=True)
def _no_real_scryfall(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test asks the real Scryfall: offline unless a test says otherwise (the tests that
    talk to the fake server on 127.0.0.1 remove ``FRONTIER_OFFLINE`` themselves), and the
    default address is a closed local port."""
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")
    monkeypatch.setenv("FRONTIER_SCRYFALL_API", "http://127.0.0.1:9")
