"""LAN figures over loopback: ``lan_action_rtt_ms_p50`` / ``_p99`` and ``lan_bytes_per_action``.

- ``lan_action_rtt_ms_p50`` / ``_p99``: from the guest submitting an action to the guest
  holding the host's resulting view (the delta applied), over 127.0.0.1, 500 guest actions
  (bot games from the two bundled Frontier sample decks, fixed bot seeds; games are chained
  until 500 guest actions are timed). Host and guest run in one process on separate threads,
  with TCP_NODELAY, the heartbeat on and the autosave on (append + flush per action).
- ``lan_bytes_per_action``: median bytes on the wire per accepted action (both seats'):
  the ``update`` frame the host sends the guest, plus the guest's ``action`` frame for its own
  actions. The guest gets events and a view delta, never the whole view.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.net import GameSource, GuestSession, HostSession
from frontier_desktop.decks.loading import load_deck
from frontier_desktop.sample_decks import DEFAULT_DECKS

TARGETS = {"lan_action_rtt_ms_p50": "<= 5", "lan_action_rtt_ms_p99": "<= 20",
           "lan_bytes_per_action": "<= 2048"}
ACTIONS = 500


def _pick(options, rnd):
    kinds: dict[str, list] = {}
    for a in options:
        kinds.setdefault(a.type, []).append(a)
    preferred = [k for k in ("attack", "cast", "move", "place_token", "keep", "done_attacking",
                             "done_moving", "pass") if k in kinds]
    kind = preferred[0] if preferred and rnd.random() < 0.8 else rnd.choice(sorted(kinds))
    return rnd.choice(kinds[kind])


def _wait(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise RuntimeError("the guest did not catch up")
        time.sleep(0.0002)


def run() -> dict[str, float]:
    pool = BundledPool.load()
    decks = [load_deck(p, pool) for p in DEFAULT_DECKS]
    rtts: list[float] = []
    sizes: list[int] = []
    game = 0
    with tempfile.TemporaryDirectory() as tmp:
        while len(rtts) < ACTIONS:
            host = HostSession(GameSource(decks=[list(d) for d in decks]),
                               autosave=Path(tmp) / f"autosave{game}.jsonl")
            host.listen("127.0.0.1", 0)
            guest = GuestSession(("127.0.0.1", host.port or 0), name="Bench")
            guest.connect(timeout=10)
            rnd = random.Random(game)
            try:
                while not host.is_over and len(rtts) < ACTIONS:
                    seat = host.acting_seat()
                    hconn = host._conn
                    assert hconn is not None and guest._conn is not None
                    before = hconn.bytes_sent
                    if seat == host.host_seat:
                        result = host.submit(seat, _pick(host.legal_actions(seat), rnd))
                        if not result.ok:
                            break
                        sizes.append(hconn.bytes_sent - before)
                        _wait(lambda: guest.state_id == host.state.state_id)  # type: ignore  # noqa: B023
                        continue
                    action = _pick(guest.legal_actions(guest.seat or 0), rnd)
                    sent = guest._conn.bytes_sent
                    start = time.perf_counter()
                    result = guest.submit(guest.seat or 0, action)
                    elapsed = time.perf_counter() - start
                    if not result.ok:
                        break
                    rtts.append(elapsed * 1000.0)
                    sizes.append(hconn.bytes_sent - before + guest._conn.bytes_sent - sent)
            finally:
                guest.close()
                host.close()
            game += 1
    rtts.sort()
    return {
        "lan_action_rtt_ms_p50": round(statistics.median(rtts), 3),
        "lan_action_rtt_ms_p99": round(rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))], 3),
        "lan_bytes_per_action": float(statistics.median(sizes)),
    }


if __name__ == "__main__":
    import json

    print(json.dumps({**run(), "targets": TARGETS}, indent=2))
