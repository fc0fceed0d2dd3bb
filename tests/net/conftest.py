"""Shared fixtures for the LAN tests: the bundled sample decks, a host and a guest on loopback."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks.loading import load_deck
from frontier_desktop.net import GameSource, GuestSession, HostSession

ROOT = Path(__file__).resolve().parent.parent.parent
DECK_A = ROOT / "assets" / "decks" / "frontier_bog_and_forest_walkers.txt"
DECK_B = ROOT / "assets" / "decks" / "frontier_banners_of_benalia.txt"


@functools.lru_cache(maxsize=1)
def pool() -> BundledPool:
    return BundledPool.load()


@functools.lru_cache(maxsize=2)
def deck(path: Path) -> tuple[Any, ...]:
    return tuple(load_deck(path, pool()))


def pick(options: list[Any], rnd: random.Random) -> Any:
    """A bot's choice: prefer actions that move the game on (attacks, casts, moves, passes)."""
    kinds: dict[str, list[Any]] = {}
    for a in options:
        kinds.setdefault(a.type if hasattr(a, "type") else a["type"], []).append(a)
    preferred = [k for k in ("attack", "cast", "move", "place_token", "keep", "done_attacking",
                             "done_moving", "pass") if k in kinds]
    kind = preferred[0] if preferred and rnd.random() < 0.8 else rnd.choice(sorted(kinds))
    return rnd.choice(kinds[kind])


def make_host(tmp_path: Path | None = None, *, seed: int | None = None,
              **kwargs: Any) -> HostSession:
    source = GameSource(decks=[list(deck(DECK_A)), list(deck(DECK_B))],
                        names=["Ann", "Ben"], seed=seed)
    host = HostSession(source, autosave=(tmp_path / "autosave.jsonl") if tmp_path else None,
                       heartbeat=0.2, timeout=2.0, **kwargs)
    host.listen("127.0.0.1", 0)
    return host


def make_guest(host: HostSession, **kwargs: Any) -> GuestSession:
    assert host.port is not None
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.2, timeout=2.0,
                         **kwargs)
    return guest


@pytest.fixture
def pair(tmp_path):
    host = make_host(tmp_path)
    guest = make_guest(host)
    guest.connect(timeout=10)
    yield host, guest
    guest.close()
    host.close()
