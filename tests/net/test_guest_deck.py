"""The guest brings its own deck: the host plays it (after the Frontier deck rules) unless the
host fixed both decks; a broken or illegal deck is refused with the reason, to the guest."""

from __future__ import annotations

import argparse

import pytest

from frontier_desktop.decks.loading import deck_checker
from frontier_desktop.net import GameSource, HostSession, JoinError
from frontier_desktop.net.cli import build_source
from frontier_desktop.sample_decks import DEFAULT_DECKS
from tests.net.conftest import DECK_A, DECK_B, deck, make_guest, pool
from tests.net.test_processes import Proc


def names(path) -> list[str]:
    return [c.name for c in deck(path)]


def open_host(tmp_path, *, fixed: bool = False) -> HostSession:
    decks = [list(deck(DECK_A)), list(deck(DECK_B)) if fixed else None]
    source = GameSource(decks=decks, guest_fallback=list(deck(DECK_B)), names=["Ann", "Ben"])
    host = HostSession(source, autosave=tmp_path / "autosave.jsonl", resolve_card=pool().card,
                       check_deck=deck_checker(pool()), heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    return host


def test_the_host_plays_the_deck_the_guest_chose(tmp_path):
    host = open_host(tmp_path)
    guest = make_guest(host, deck=names(DECK_A), reconnect=False)  # the same deck as the host's
    try:
        guest.connect(timeout=10)
        assert host.header["players"][1]["deck"] == sorted(names(DECK_A))  # canonical order
    finally:
        guest.close()
        host.close()


def test_a_guest_without_a_deck_gets_the_hosts_fallback(tmp_path):
    host = open_host(tmp_path)
    guest = make_guest(host, deck=None, reconnect=False)
    try:
        guest.connect(timeout=10)
        assert host.header["players"][1]["deck"] == sorted(names(DECK_B))  # canonical order
    finally:
        guest.close()
        host.close()


def test_decks_fixed_by_the_host_win_over_the_guests(tmp_path):
    host = open_host(tmp_path, fixed=True)
    guest = make_guest(host, deck=names(DECK_A), reconnect=False)
    try:
        guest.connect(timeout=10)
        assert host.header["players"][1]["deck"] == sorted(names(DECK_B))  # canonical order
    finally:
        guest.close()
        host.close()


@pytest.mark.parametrize("cards, reason", [
    (lambda: names(DECK_B)[:20], "needs at least 60"),            # illegal: too few cards
    (lambda: names(DECK_B)[:59] + ["No Such Card"], "does not know"),  # broken: unknown card
    (list, "empty"),
])
def test_a_broken_or_illegal_guest_deck_is_refused_with_the_reason(tmp_path, cards, reason):
    host = open_host(tmp_path)
    guest = make_guest(host, deck=cards(), reconnect=False)
    try:
        with pytest.raises(JoinError, match=reason):
            guest.connect(timeout=10)
        assert not host.started.is_set() and host.state is None
        # the seat is still free: a guest with a legal deck joins after the refusal
        again = make_guest(host, deck=names(DECK_B), reconnect=False)
        again.connect(timeout=10)
        again.close()
    finally:
        guest.close()
        host.close()


def _args(**kw) -> argparse.Namespace:
    base = {"game": None, "decks": None, "deck": None, "name": "Host", "seed": None}
    return argparse.Namespace(**{**base, **kw})


def test_the_headless_host_leaves_the_guests_slot_open_unless_both_decks_are_given():
    open_slot = build_source(_args())
    assert open_slot.decks[1] is None and open_slot.guest_fallback
    own = build_source(_args(deck=DEFAULT_DECKS[1]))
    assert own.decks[1] is None and [c.name for c in own.decks[0]] == names(DECK_B)
    fixed = build_source(_args(decks=[DECK_A, DECK_B]))
    assert fixed.decks[1] is not None and [c.name for c in fixed.decks[1]] == names(DECK_B)


def test_the_headless_join_with_an_illegal_deck_says_why(tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("20 Forest\n", encoding="utf-8")
    host = Proc("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--timeout", "30",
                "--autosave", str(tmp_path / "autosave.jsonl"))
    try:
        guest = Proc("join", f"127.0.0.1:{host.port()}", "--headless", "--deck", str(small),
                     "--timeout", "20", "--session", str(tmp_path / "seat.json"))
        assert guest.wait(30) != 0
        err = "".join(guest.err_lines)
        assert "the host refused" in err and "at least 60" in err, err
    finally:
        host.kill()


def test_a_resignation_during_set_up_ends_the_game(pair):
    # Resigning before the first turn: the rules mark the player lost but end the game only
    # after set-up; the host ends it (it used to go on with a "lost" player).
    from tests.net.test_session import wait_until

    host, guest = pair
    assert host.state.phase == "setup"
    guest.resign()
    assert wait_until(lambda: guest.result == {"result": "win", "winner": host.host_seat})
    assert host.result == {"result": "win", "winner": host.host_seat}
