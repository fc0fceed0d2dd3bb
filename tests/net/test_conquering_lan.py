"""LAN with more than one guest (issue 14): a 3-player Conquering game, the host on seat 1
and two guests. The guests wait in a lobby until both seats are taken; nobody reveals a nonce
before every guest has committed; the seed is drawn from all nonces and audited; each guest
only ever hears its own seat's secrets; actions count only from the seat's own connection;
a dropped guest's seat waits while the others play on; and the hostile cases of the N-seat
boundary (a lying commitment, another seat's action, replayed tokens, absurd or taken seats,
flooding) change nothing."""

from __future__ import annotations

import functools
import json
import random
import threading
import time
from typing import Any

import pytest

from frontier_desktop.decks.loading import deck_checker, load_deck
from frontier_desktop.net import GameSource, GuestSession, HostSession, fairness
from frontier_desktop.net.client import JoinError
from frontier_desktop.net.protocol import ErrorCode, Message
from frontier_desktop.selfplay import pick, sample_paths
from tests.net.conftest import pool
from tests.net.hostile import RawPeer, hello

pytestmark = pytest.mark.timeout(90)


@functools.lru_cache(maxsize=1)
def conquering_deck() -> tuple[Any, ...]:
    return tuple(load_deck(sample_paths("conquering", 1)[0], pool()))


def names() -> list[str]:
    return [c.name for c in conquering_deck()]


class RecordingGuest(GuestSession):
    """A guest that keeps every message the host sent it (to search them for secrets)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.received: list[Message] = []
        super().__init__(*args, **kwargs)

    def _on_message(self, conn: Any, msg: Message) -> None:
        self.received.append(msg)
        super()._on_message(conn, msg)


def make_host(tmp_path=None, *, players: int = 3, guest_seats=(1, 2),
              **kwargs: Any) -> HostSession:
    cards = list(conquering_deck())
    decks: list[Any] = [None if s in guest_seats else cards for s in range(players)]
    source = GameSource(decks=decks, guest_fallback=cards, variant="conquering",
                        names=["Ann", "Ben", "Cat", "Dan"][:players])
    host = HostSession(source, guest_seats=list(guest_seats), resolve_card=pool().card,
                       check_deck=deck_checker(pool(), "conquering"), heartbeat=0.2,
                       timeout=2.0, autosave=(tmp_path / "autosave.jsonl") if tmp_path
                       else None, **kwargs)
    host.listen("127.0.0.1", 0)
    return host


def make_guest(host: HostSession, name: str, **kwargs: Any) -> RecordingGuest:
    assert host.port is not None
    return RecordingGuest(("127.0.0.1", host.port), name=name, deck=names(), heartbeat=0.2,
                          timeout=2.0, **kwargs)


def connect_all(*guests: GuestSession) -> None:
    errors: list[BaseException] = []

    def run(guest: GuestSession) -> None:
        try:
            guest.connect(timeout=20)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(g,)) for g in guests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors, errors


def wait_until(predicate, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def settle(host: HostSession, *guests: GuestSession) -> None:
    """Wait until every connected guest holds the host's current state."""
    assert wait_until(lambda: all(g.state_id == host.state.state_id for g in guests
                                  if host.seat_status(g.seat).state == "connected"))


def play(host: HostSession, guests: dict[int, GuestSession], count: int, rnd: random.Random,
         *, skip: frozenset[int] = frozenset()) -> int:
    """Let every seat's bot act *count* times (each through its own session); returns how
    many actions were made. Stops early when a seat in *skip* is to act."""
    made = 0
    for _ in range(count):
        seat = host.acting_seat()
        if seat is None or seat in skip:
            break
        session: Any = host if seat in host.local_seats else guests[seat]
        if seat not in host.local_seats:
            settle(host, *[g for s, g in guests.items() if s not in skip])
        action = pick("conquering", session.legal_actions(seat), rnd)
        result = session.submit(seat, action)
        assert result.ok, result.reason
        made += 1
    return made


@pytest.fixture
def trio(tmp_path):
    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat="Cat")
    connect_all(ben, cat)
    assert (ben.seat, cat.seat) == (1, 2)
    yield host, ben, cat
    ben.close()
    cat.close()
    host.close()


# ---------------------------------------------------------------------------- lobby and seed
def test_guests_wait_in_the_lobby_and_every_nonce_makes_the_seed(tmp_path):
    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben"), make_guest(host, "Cat")
    try:
        thread = threading.Thread(target=ben.connect, kwargs={"timeout": 20})
        thread.start()
        assert wait_until(lambda: ben.in_lobby)
        # Ben is seated and waits: nothing revealed, no game, Cat's seat still open
        assert not host.started.is_set() and ben.seat == 1 and not ben.nonce_revealed
        assert host.guests[1].nonce is None
        assert [s["joined"] for s in host.seats()] == [True, True, False]
        assert host.status().state == "waiting"
        time.sleep(0.5)  # longer than nothing, but the lobby has no handshake timeout...
        assert ben.in_lobby and host.guests[1].conn is not None
        cat.connect(timeout=20)
        thread.join(20)
        assert host.started.is_set() and ben.started.is_set() and cat.seat == 2
        assert ben.guest_commits == cat.guest_commits == {
            "1": host.guests[1].commit, "2": host.guests[2].commit}
        seed = fairness.derive_seed(host.host_nonce, host.guests[1].nonce,
                                    host.guests[2].nonce)
        assert host.header["seed"] == seed
        # every nonce counts: another guest nonce would give another seed
        assert fairness.derive_seed(host.host_nonce, host.guests[1].nonce,
                                    fairness.new_nonce()) != seed
        assert [p.name for p in host.state.players] == ["Ann", "Ben", "Cat"]
        # the end: two concede, the third wins; both guests audit clean
        host.resign()
        ben.resign()
        assert wait_until(lambda: host.result is not None)
        assert host.result["winner"] == 2
        assert ben.wait_for_audit(10) and cat.wait_for_audit(10)
        assert ben.audit_problems == [] and cat.audit_problems == []
        assert ben.fairness_warnings == [] and cat.fairness_warnings == []
    finally:
        ben.close()
        cat.close()
        host.close()


def test_the_audit_catches_a_nonce_swapped_after_the_commitments():
    commits = {"1": fairness.commit("aa" * 16), "2": fairness.commit("bb" * 16)}
    common = dict(host_commit=fairness.commit("cc" * 16), host_nonce="cc" * 16,
                  guest_nonce="aa" * 16, seed_mode="fixed", commitments={}, salts={},
                  record=[{"format": "x"}], final_view=None, seat=1, guest_commits=commits)
    swapped = fairness.audit(guest_nonces={"1": "aa" * 16, "2": "dd" * 16}, **common)
    assert any("seat 2's nonce does not match" in p for p in swapped)
    missing = fairness.audit(guest_nonces={"1": "aa" * 16}, **common)
    assert any("did not reveal every guest's nonce" in p for p in missing)
    not_mine = fairness.audit(guest_nonces={"1": "ee" * 16, "2": "bb" * 16}, **common)
    assert any("another nonce for you" in p for p in not_mine)


def test_the_two_player_seed_is_unchanged():
    import hashlib

    body = fairness.SEED_DOMAIN + ("ab" * 16).encode() + b"\x00" + ("cd" * 16).encode()
    assert fairness.derive_seed("ab" * 16, "cd" * 16) == hashlib.sha256(body).hexdigest()


def test_a_guest_lying_about_its_commitment_starts_no_game(tmp_path):
    host = make_host(tmp_path)
    ben = make_guest(host, "Ben")
    liar = RawPeer(host.port)
    try:
        thread = threading.Thread(target=lambda: pytest.raises(JoinError, ben.connect,
                                                               timeout=20))
        thread.start()
        assert wait_until(lambda: ben.in_lobby)
        liar.send(hello(host, nonce="ab" * 16, deck=names(), name="Mallory"))
        assert liar.recv("welcome")["lobby"] is True
        commits = liar.recv("commits")
        assert commits is not None and set(commits["commits"]) == {"1", "2"}
        liar.send({"type": "reveal", "nonce": "cd" * 16})  # not the nonce it committed to
        refused = liar.recv("refused")
        assert refused is not None and refused["code"] == ErrorCode.BAD_COMMIT.value
        thread.join(20)
        # no game; Ben is sent away to join again with a fresh nonce, both seats open
        assert not host.started.is_set() and host.state is None
        assert ben.refusal is not None and "join again" in ben.refusal
        assert [s["joined"] for s in host.seats()] == [True, False, False]
    finally:
        liar.close()
        ben.close()
        host.close()


# ---------------------------------------------------------------------------- seats
def test_a_guest_asks_for_its_seat_by_name_or_number_and_absurd_seats_are_refused(tmp_path):
    host = make_host(tmp_path)
    peers: list[RawPeer] = []
    try:
        def ask(seat: Any) -> dict[str, Any] | None:
            peer = RawPeer(host.port)
            peers.append(peer)
            peer.send_raw(json.dumps({**hello(host, deck=names()), "seat": seat}).encode())
            return peer.recv(None)

        assert ask(99)["code"] == ErrorCode.BAD_VALUE.value        # at the protocol
        assert ask(-1)["code"] == ErrorCode.BAD_VALUE.value
        assert ask("x" * 500)["code"] == ErrorCode.BAD_VALUE.value
        assert "no seat 6" in ask(5)["reason"]                      # a seat the game lacks
        assert "not open to guests" in ask(0)["reason"]             # the host's own seat
        assert "no seat of this game is called" in ask("Zed")["reason"]
        welcome = ask("cat")                                        # by name, any case
        assert welcome["type"] == "welcome" and welcome["seat"] == 2
        taken = ask(2)
        assert taken["type"] == "refused" and "seat 3 is taken" in taken["reason"]
        other = ask(None)                                           # the first open one
        assert other["type"] == "welcome" and other["seat"] == 1
        assert host.guests[1].phase != "open" and host.guests[2].phase != "open"
        fourth = ask(None)
        assert fourth["type"] == "refused" and fourth["code"] == ErrorCode.SEAT_TAKEN.value
        assert not host.started.is_set()
    finally:
        for peer in peers:
            peer.close()
        host.close()


# ---------------------------------------------------------------------------- play
def test_each_guest_hears_only_its_own_seats_secrets(trio):
    host, ben, cat = trio
    rnd = random.Random(5)
    assert play(host, {1: ben, 2: cat}, 250, rnd) > 100
    settle(host, ben, cat)
    assert host.state.turn >= 4
    for guest in (ben, cat):
        view = guest.view()
        for other, player in enumerate(view["players"]):
            assert (player.get("hand") is not None) == (other == guest.seat)
        assert view == __import__("frontier_desktop.rules.views", fromlist=["describe"]) \
            .describe(host.state, viewer=guest.seat)
        wire = json.dumps(guest.received)
        for other, player in enumerate(host.state.players):
            if other == guest.seat:
                continue
            secret = list(player.library) + [c for c in player.hand]
            leaked = [card for card in secret if f'"{card}"' in wire]
            assert not leaked, (guest.seat, other, leaked[:3])


def test_actions_count_only_from_the_seats_own_connection(trio):
    host, ben, cat = trio
    rnd = random.Random(2)
    # play until a guest is to act, then the other guest tries that seat's own actions
    for _ in range(400):
        seat = host.acting_seat()
        if seat in (1, 2):
            break
        play(host, {1: ben, 2: cat}, 1, rnd)
    seat = host.acting_seat()
    assert seat in (1, 2)
    actor, intruder = (ben, cat) if seat == 1 else (cat, ben)
    settle(host, ben, cat)
    before = host.state.state_id, len(host.actions)
    for action in actor.legal_actions(seat)[:10]:
        ref = intruder.send_action(action)
        assert ref is not None
    assert wait_until(lambda: not intruder._outstanding)
    assert (host.state.state_id, len(host.actions)) == before
    # the host's table cannot act for a guest's seat either
    assert not host.submit(seat, actor.legal_actions(seat)[0]).ok
    assert (host.state.state_id, len(host.actions)) == before
    assert actor.submit(seat, actor.legal_actions(seat)[0]).ok


def test_a_dropped_guest_waits_while_the_others_play_and_comes_back(trio):
    host, ben, cat = trio
    rnd = random.Random(3)
    for _ in range(50):  # start the drop while Ann or Ben is to act
        if host.acting_seat() != 2:
            break
        play(host, {1: ben, 2: cat}, 1, rnd)
    settle(host, ben, cat)
    old_token = cat.token
    cat.auto_reconnect = False
    host.guests[2].conn.abort("cat's network fails")
    assert wait_until(lambda: host.seat_status(2).state == "reconnecting")
    assert host.seat_status(1).state == "connected"
    assert not host.status().is_paused and "Cat" in host.status().detail
    # Ann (here) and Ben play on until Cat is to act: the game never waits on Cat otherwise
    made = play(host, {1: ben, 2: cat}, 300, rnd, skip=frozenset({2}))
    assert made > 0 and host.acting_seat() == 2
    # a stranger replaying nothing, or a wrong token, gets no seat
    stranger = RawPeer(host.port)
    stranger.send(hello(host, token="f" * 32))
    assert stranger.recv("refused")["code"] == ErrorCode.SEAT_TAKEN.value
    stranger.close()
    cat.auto_reconnect = True
    assert cat.reconnect_now()
    assert wait_until(lambda: host.seat_status(2).state == "connected")
    settle(host, ben, cat)
    assert cat.token != old_token
    # the replaced token is worthless once the new one has been used: a replay is refused
    used = cat.token
    host.guests[2].conn.abort("cat's network fails again")   # cat rejoins on its own
    assert wait_until(lambda: cat.token != used and host.seat_status(2).state == "connected")
    replay = RawPeer(host.port)
    replay.send(hello(host, token=old_token))
    answer = replay.recv("refused")
    replay.close()
    assert answer is not None and answer["code"] == ErrorCode.SEAT_TAKEN.value
    settle(host, ben, cat)
    assert play(host, {1: ben, 2: cat}, 5, rnd) == 5


def test_a_flooding_guest_is_closed_and_the_game_goes_on(trio):
    host, ben, cat = trio
    settle(host, ben, cat)
    before = host.state.state_id
    flood = RawPeer(host.port)
    for _ in range(12):
        try:
            flood.send_raw(b"{not json")
        except OSError:
            break
    assert flood.is_closed(10)
    flood.close()
    # ten errors from Ben's own connection close it too, and nothing changed
    ben.auto_reconnect = False
    for _ in range(12):
        ben._send({"type": "reveal", "nonce": "ab" * 16})
    assert wait_until(lambda: host.seat_status(1).state != "connected")
    assert host.state.state_id == before
    assert host.seat_status(2).state == "connected"


def test_a_replayed_commitment_takes_no_seat_and_a_guest_leaving_the_lobby_frees_its_seat(
        tmp_path):
    host = make_host(tmp_path)
    first, copy, mirror = RawPeer(host.port), RawPeer(host.port), RawPeer(host.port)
    try:
        nonce = fairness.new_nonce()
        first.send(hello(host, nonce=nonce, deck=names(), name="Ben"))
        assert first.recv("welcome")["seat"] == 1
        copy.send(hello(host, nonce=nonce, deck=names(), name="Mallory"))  # Ben's commitment
        refused = copy.recv("refused")
        assert refused is not None and refused["code"] == ErrorCode.BAD_COMMIT.value
        mirror.send({**hello(host, deck=names()), "commit": host.host_commit})  # the host's
        assert mirror.recv("refused")["code"] == ErrorCode.BAD_COMMIT.value
        assert [s["joined"] for s in host.seats()] == [True, True, False]
        first.close()                                  # Ben leaves the lobby: seat 2 is open
        assert wait_until(lambda: [s["joined"] for s in host.seats()] == [True, False, False])
        assert host.guests[1].commit is None and host.guests[1].token is None
    finally:
        for peer in (first, copy, mirror):
            peer.close()
        host.close()


def test_a_guest_refuses_a_host_that_lists_another_commitment_for_its_seat():
    from tests.net.hostile import HostileHost, welcome

    server = HostileHost()
    ben = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0,
                       reconnect=False)
    try:
        thread = threading.Thread(target=lambda: pytest.raises(JoinError, ben.connect,
                                                               timeout=10))
        thread.start()
        peer, said = server.accept_hello()
        peer.send({**welcome(fairness.new_nonce(), names=["Host", "Ben", "Cat"]),
                   "lobby": True})
        assert wait_until(lambda: ben.in_lobby)
        peer.send({"type": "commits", "setup": "0" * 64,
                   "commits": {"1": fairness.commit(fairness.new_nonce()),  # not Ben's
                               "2": fairness.commit(fairness.new_nonce())}})
        assert peer.recv("reveal", timeout=2) is None        # Ben reveals nothing
        assert wait_until(lambda: ben.fairness_warnings)
        assert "another commitment for our seat" in ben.fairness_warnings[0]
        assert said["commit"] == fairness.commit(ben._sent_nonce)
        peer.close()
        thread.join(15)
    finally:
        ben.close()
        server.close()


def test_every_guest_rejoins_a_host_restarted_from_its_autosave(tmp_path):
    from frontier_desktop.record import read_record

    host = make_host(tmp_path)
    ben, cat = make_guest(host, "Ben", seat=1), make_guest(host, "Cat", seat=2)
    connect_all(ben, cat)
    rnd = random.Random(8)
    try:
        play(host, {1: ben, 2: cat}, 20, rnd)
        settle(host, ben, cat)
        port, before = host.port, host.state.state_id
        host.close()                                   # the host's program stops
        record = read_record(tmp_path / "autosave.jsonl")
        assert record[0]["lan"]["guest_seats"] == [1, 2]
        again = HostSession(GameSource(record=record), resolve_card=pool().card,
                            heartbeat=0.2, timeout=2.0,
                            autosave=tmp_path / "autosave.jsonl")
        again.listen("127.0.0.1", port)
        host = again
        assert host.state.state_id == before and list(host.guests) == [1, 2]
        assert ben.reconnect_now() and cat.reconnect_now()  # after a bye: "Reconnect now"
        assert wait_until(lambda: all(host.seat_status(s).state == "connected"
                                      for s in (1, 2)), 20)
        settle(host, ben, cat)
        assert play(host, {1: ben, 2: cat}, 10, rnd) == 10
    finally:
        ben.close()
        cat.close()
        host.close()


def test_two_seats_here_and_one_guest_play_on_while_the_guest_is_away(tmp_path):
    host = make_host(tmp_path, guest_seats=(2,))
    cat = make_guest(host, "Cat")
    try:
        cat.connect(timeout=20)  # one guest: the two-player handshake, no lobby
        assert cat.seat == 2 and not cat.guest_commits and host.local_seats == [0, 1]
        assert host.header["seed"] == fairness.derive_seed(host.host_nonce, cat.nonce)
        rnd = random.Random(9)
        for _ in range(50):  # start the drop while a seat of this computer is to act
            if host.acting_seat() != 2:
                break
            play(host, {2: cat}, 1, rnd)
        cat.auto_reconnect = False
        host.guests[2].conn.abort("cat's network fails")
        assert wait_until(lambda: host.seat_status(2).state == "reconnecting")
        assert not host.status().is_paused  # the game is not paused for the others
        made = play(host, {2: cat}, 300, rnd, skip=frozenset({2}))
        assert made > 0 and host.acting_seat() == 2
        # a seat that is not played here is refused to this computer's table
        assert not host.submit(2, {"type": "pass"}).ok
    finally:
        cat.close()
        host.close()


def test_a_guest_that_never_reveals_cannot_stall_the_start(tmp_path):
    host = make_host(tmp_path, handshake_timeout=1.0)
    ben = make_guest(host, "Ben", seat=1)
    silent: RawPeer | None = None
    try:
        thread = threading.Thread(target=lambda: pytest.raises(JoinError, ben.connect,
                                                               timeout=20))
        thread.start()
        assert wait_until(lambda: ben.in_lobby)
        time.sleep(1.5)  # the lobby itself has no timeout: Ben keeps his seat
        assert ben.in_lobby and host.guests[1].conn is not None
        silent = RawPeer(host.port)
        silent.send(hello(host, deck=names(), name="Mallory"))
        got = silent.recv(None)
        assert got is not None and got["type"] == "welcome", got
        assert silent.recv("commits") is not None   # ...and never reveals
        assert silent.is_closed(10)                 # dropped by the handshake timeout
        thread.join(20)
        assert ben.refusal is not None and "join again" in ben.refusal
        assert not host.started.is_set()
        assert [s["joined"] for s in host.seats()] == [True, False, False]
    finally:
        if silent is not None:
            silent.close()
        ben.close()
        host.close()


def test_each_guests_deck_is_checked_against_the_conquerings_rules(tmp_path):
    host = make_host(tmp_path)
    ben = make_guest(host, "Ben", seat=1)
    short = RawPeer(host.port)
    try:
        thread = threading.Thread(target=ben.connect, kwargs={"timeout": 20})
        thread.start()
        assert wait_until(lambda: ben.in_lobby)
        short.send(hello(host, deck=names()[:5], name="Mallory"))
        refused = short.recv("refused")
        assert refused is not None and refused["code"] == ErrorCode.BAD_DECK.value
        assert refused["reason"].startswith("your deck is not legal for this game: ")
        assert "{" not in refused["reason"] and "None" not in refused["reason"]
        assert ben.in_lobby and not host.started.is_set()  # Ben keeps his seat
        cat = make_guest(host, "Cat")
        cat.connect(timeout=20)
        thread.join(20)
        assert host.started.is_set()
        from frontier_desktop.net.fairness import canonical_deck

        for seat in (1, 2):  # each guest plays the deck it brought, from the canonical order
            assert host.header["players"][seat]["deck"] == canonical_deck(names())
        cat.close()
    finally:
        short.close()
        ben.close()
        host.close()
