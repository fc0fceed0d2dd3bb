"""Attacks from a cheating or broken peer, each by a hand-written host or guest over
127.0.0.1 (issue 11). Every wait is bounded; nothing asserts a wall-clock time."""

from __future__ import annotations

import json

import pytest

from frontier_desktop.net.protocol import GUEST_SENDS, ErrorCode, ProtocolError, decode
from tests.net.hostile import RawPeer, hello
from tests.net.test_session import wait_until

pytestmark = pytest.mark.timeout(120)


# ---------------------------------------------------------------- numbers the reader can't hold

@pytest.mark.parametrize("body", [b'{"type":"ping","t":1e309}', b'{"type":"ping","t":-1e999}',
                                  b'{"type":"ping","t":' + b"9" * 400 + b"}"])
def test_non_finite_and_huge_numbers_are_refused_at_decode(body):
    with pytest.raises(ProtocolError) as info:
        decode(body, GUEST_SENDS)
    assert info.value.code in (ErrorCode.BAD_JSON, ErrorCode.BAD_VALUE)


def test_a_ping_of_infinity_does_not_kill_the_reader(pair):
    host, guest = pair
    peer = RawPeer(host.port)
    try:
        peer.send_raw(b'{"type":"ping","t":1e309}')
        error = peer.recv("error")
        assert error is not None and error["code"] == "bad_json"
        peer.send({"type": "ping", "t": 1.5})            # the reader still answers
        pong = peer.recv("pong")
        assert pong == {"type": "pong", "t": 1.5}
        peer.send(hello(host))                           # and still runs the handshake
        refused = peer.recv("refused")
        assert refused is not None and refused["code"] == "seat_taken"
    finally:
        peer.close()
    assert host.status().state == "connected" and guest.status().state == "connected"


# ---------------------------------------------------------------- values that brick the state

def test_every_rules_action_has_a_bounded_schema():
    import dataclasses

    from frontier_desktop.net.protocol import ACTION_SCHEMAS
    from frontier_desktop.rules import ACTIONS

    assert set(ACTIONS) <= set(ACTION_SCHEMAS)
    assert set(ACTION_SCHEMAS) == set(ACTIONS)
    for kind, cls in ACTIONS.items():
        wire = {f.metadata.get("wire", f.name) for f in dataclasses.fields(cls)}
        assert set(ACTION_SCHEMAS[kind]) == wire, kind


HUGE_ACTIONS = [
    {"type": "life", "player": 0, "delta": 10**6},
    {"type": "life", "player": 0, "delta": 10**17},
    {"type": "create_token", "name": "x" * 700_000},
    {"type": "create_token", "name": "x" * 100_000, "power": 2, "toughness": 2},
    {"type": "create_token", "power": 10**9, "toughness": 1},
    {"type": "create_token", "keywords": ["flying"] * 10_000},
    {"type": "counters", "unit": "u1", "delta": 10**12},
    {"type": "pt_change", "unit": "u1", "power": -10**12},
    {"type": "draw", "count": 10**9},
    {"type": "roll", "sides": 10**15},
    {"type": "move", "unit": "u" * 10_000, "to": [0, 0]},
    {"type": "move", "unit": "u1", "to": [10**12, 0]},
    {"type": "cast", "card": "c1", "x": 10**10},
    {"type": "pass", "junk": "x" * 100_000},
]


def test_out_of_bounds_actions_are_refused_and_change_nothing(pair, tmp_path):
    from frontier_desktop.net.protocol import make
    from frontier_desktop.rules.views import describe

    host, guest = pair
    autosave = tmp_path / "autosave.jsonl"
    before_state = json.dumps(host.state.to_wire(), sort_keys=True)
    before_save = autosave.read_bytes()
    # 9 x 10^4299: too long a number even to decode
    guest._conn.send_body(b'{"type":"action","state_id":%d,"ref":77,"action":'
                              b'{"type":"life","player":0,"delta":9%s}}'
                              % (guest.state_id, b"0" * 4299))
    for ref, action in enumerate(HUGE_ACTIONS, 100):
        guest._outstanding.add(ref)  # the guest takes answers only to refs it sent
        guest._conn.send(make("action", state_id=guest.state_id, ref=ref, action=action))
    refs = range(100, 100 + len(HUGE_ACTIONS))
    assert wait_until(lambda: all(r in guest._answers for r in refs), 20)
    for ref in refs:
        answer = guest._answers[ref]
        assert not answer.ok
    codes = [e.data["code"] for e in guest.inbox.drain() if e.kind == "rejected"]
    assert codes == ["bad_value"] * len(HUGE_ACTIONS)
    assert json.dumps(host.state.to_wire(), sort_keys=True) == before_state
    assert autosave.read_bytes() == before_save
    syncs = guest.resyncs
    guest._conn.send(make("resync", state_id=0))
    assert wait_until(lambda: guest.resyncs > syncs)
    assert guest.view() == describe(host.state, viewer=guest.seat)
    assert host.status().state == "connected"


@pytest.mark.parametrize("action", [
    {"type": "life", "player": 0, "delta": 10**6},
    {"type": "create_token", "name": "x" * 1000},
    {"type": "create_token", "power": 1000},
    {"type": "create_token", "keywords": ["k" * 200]},
    {"type": "counters", "unit": "u1", "delta": 10**6},
    {"type": "pt_change", "unit": "u1", "toughness": 10**6},
])
def test_local_play_refuses_absurd_manual_values(action):
    from frontier_desktop.position import load_position
    from frontier_desktop.rules import InvalidActionError, apply
    from tests.net.conftest import ROOT

    position = json.loads((ROOT / "assets/positions/spec-example.json").read_text("utf-8"))
    state = load_position(position)
    seat = state.active if hasattr(state, "active") else 0
    with pytest.raises(InvalidActionError, match="must be from"):
        apply(state, action, seat)


# ---------------------------------------------------------------- a guest that stops reading

def _returns(call, timeout=15.0):
    """Whether *call* returns within *timeout* (run on a thread; a frozen host never does)."""
    import threading

    done = threading.Event()

    def run():
        call()
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done.wait(timeout)


def test_a_guest_that_stops_reading_cannot_freeze_the_host(tmp_path):
    import threading

    from frontier_desktop.net.protocol import encode, make
    from frontier_desktop.rules.views import describe
    from tests.net.conftest import make_guest, make_host
    from tests.net.hostile import join_as_guest

    host = make_host(tmp_path)
    peer, welcome, _start = join_as_guest(host, rcvbuf=4096)
    stop = threading.Event()

    def flood():  # small resync frames, each answered with a whole sync; we never read
        body = encode(make("resync", state_id=0))
        from frontier_desktop.net.framing import frame

        data = frame(body) * 50
        peer.sock.settimeout(0.5)
        while not stop.is_set():
            try:
                flooded.append(peer.sock.send(data))
            except (TimeoutError, BlockingIOError):
                continue
            except OSError:
                return

    flooded: list[int] = []
    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    try:
        assert wait_until(lambda: sum(flooded) > 20_000, 10)  # hundreds of syncs asked for
        for _ in range(3):  # the UI calls these every frame: they must never wait on the wire
            assert _returns(lambda: host.view(host.host_seat))
            assert _returns(host.status)
            assert _returns(lambda: host.legal_actions(host.host_seat))
        # the heartbeat drops the peer that does not drain its queue
        assert wait_until(lambda: host.status().state != "connected", 30)
        # and the rightful guest, with its token, comes back and plays on
        stop.set()
        peer.close()
        guest = make_guest(host)
        guest.token = welcome["token"]
        try:
            guest.connect(timeout=20)
            assert wait_until(lambda: host.status().state == "connected", 10)
            assert wait_until(lambda: guest.view() == describe(host.state, viewer=guest.seat))
        finally:
            guest.close()
    finally:
        stop.set()
        peer.close()
        host.close()


# ---------------------------------------------------------------- squatters and descriptors

def test_squatters_are_capped_and_a_hello_without_reveal_times_out(tmp_path):
    from tests.net.conftest import make_guest, make_host

    host = make_host(tmp_path, handshake_timeout=1.5, max_pending=8, max_pending_per_address=4)
    squatters = []
    try:
        for _ in range(40):  # connect and say nothing
            squatters.append(RawPeer(host.port))
        # one that says hello and never reveals: it holds the new game's seat while it waits
        mallory = RawPeer(host.port)
        mallory.send(hello(host))
        assert mallory.recv("welcome") is not None
        assert host.unfinished_connections <= 4
        assert wait_until(lambda: mallory.is_closed(0.1), 20)   # timed out
        guest = make_guest(host)
        try:
            guest.connect(timeout=20)                          # the real guest gets the seat
            assert guest.seat == host.guest_seat and host.status().state == "connected"
        finally:
            guest.close()
    finally:
        for peer in squatters:
            peer.close()
        host.close()


def test_the_host_keeps_accepting_after_running_out_of_descriptors(tmp_path):
    """A host process limited to 64 descriptors, 100 idle connections: afterwards the guest
    still joins (before, accept() failed with EMFILE and the accept loop ended for good)."""
    import re
    import resource
    import subprocess
    import sys
    import threading
    import time

    from frontier_desktop.net import GuestSession
    from tests.net.test_processes import env

    def limit() -> None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(64, hard), hard))

    from tests.net.conftest import ROOT

    proc = subprocess.Popen([sys.executable, "-m", "frontier_desktop", "host", "--headless",
                             "--bind", "127.0.0.1", "--port", "0", "--timeout", "90",
                             "--autosave", str(tmp_path / "autosave.jsonl")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env(), cwd=ROOT, preexec_fn=limit)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True).start()
    squatters = []
    try:
        def port() -> int | None:
            for line in list(lines):
                found = re.search(r"your address on this network is [\d.]+:(\d+)", line)
                if found:
                    return int(found.group(1))
            return None

        assert wait_until(lambda: port() is not None, 60), "".join(lines)
        failures = 0
        for _ in range(100):  # one at a time, so that the host accepts each (and hits EMFILE)
            time.sleep(0.02)
            try:
                squatters.append(RawPeer(port(), timeout=2.0))
                failures = 0
            except OSError:
                failures += 1
                if failures >= 3:
                    break
        for peer in squatters:
            peer.close()
        guest = GuestSession(("127.0.0.1", port()), name="Ben", reconnect=False)
        try:
            guest.connect(timeout=30)
            assert guest.started.is_set()
        finally:
            guest.close()
    finally:
        for peer in squatters:
            peer.close()
        proc.kill()
        proc.wait(10)


def test_half_sent_frames_cannot_make_the_host_hoard_memory(pair):
    import struct

    from frontier_desktop.net.framing import MAX_HANDSHAKE_FRAME

    host, guest = pair
    peers = []
    try:
        for _ in range(30):  # each declares a 1 MiB frame and sends 60 kB of it
            peer = RawPeer(host.port)
            try:
                peer.sock.sendall(struct.pack(">I", (1 << 20) - 1) + b" " * 60_000)
            except OSError:
                pass
            peers.append(peer)
        # a stranger's big frame is refused before its body (too_large), not buffered
        assert wait_until(lambda: host.unfinished_connections <= host.max_pending_per_address)
        assert host.buffered_bytes <= host.max_pending * MAX_HANDSHAKE_FRAME
        assert host.buffered_bytes < 30 * 60_000 // 4
        # a half-sent frame of the bound guest up to 1 MiB is still fine
        assert guest._conn.send({"type": "chat", "text": "still here"})
        assert wait_until(lambda: any(n.kind == "chat" for n in host.inbox.drain()))
    finally:
        for peer in peers:
            peer.close()


# ---------------------------------------------------------------- fairness: the decks

def _resign_and_audit(host, guest):
    guest.resign()
    assert guest.audited.wait(15), "no audit"
    return guest.audit_problems


def test_an_honest_game_with_the_guests_own_deck_audits_clean(tmp_path):
    from tests.net.test_guest_deck import names, open_host
    from tests.net.conftest import DECK_A, make_guest

    host = open_host(tmp_path)
    guest = make_guest(host, deck=names(DECK_A), reconnect=False)
    try:
        guest.connect(timeout=10)
        assert guest.host_plays_my_deck and guest.setup_commit
        assert _resign_and_audit(host, guest) == []
    finally:
        guest.close()
        host.close()


def test_a_host_that_orders_a_deck_after_the_reveal_fails_the_audit(tmp_path, monkeypatch):
    import frontier_desktop.record as record
    from tests.net.conftest import make_guest, make_host

    real = record.new_game

    def cheat(variant, decks, names, **kwargs):  # knows the seed: arranges the guest's deck
        return real(variant, [list(decks[0]), list(reversed(decks[1]))], names, **kwargs)

    monkeypatch.setattr(record, "new_game", cheat)
    host = make_host(tmp_path)
    guest = make_guest(host, reconnect=False)
    try:
        guest.connect(timeout=10)
        problems = _resign_and_audit(host, guest)
        assert any("canonical order" in p for p in problems), problems
        assert any("committed to" in p for p in problems), problems
    finally:
        guest.close()
        host.close()


def test_a_host_that_swaps_the_guests_deck_after_the_reveal_fails_the_audit(tmp_path,
                                                                             monkeypatch):
    import frontier_desktop.record as record
    from frontier_desktop.net.fairness import canonical_deck
    from tests.net.conftest import DECK_A, DECK_B, deck, make_guest
    from tests.net.test_guest_deck import names, open_host

    real = record.new_game

    def cheat(variant, decks, names_, **kwargs):  # plays another deck for the guest
        return real(variant, [decks[0], canonical_deck(deck(DECK_B))], names_, **kwargs)

    monkeypatch.setattr(record, "new_game", cheat)
    host = open_host(tmp_path)
    guest = make_guest(host, deck=names(DECK_A), reconnect=False)
    try:
        guest.connect(timeout=10)
        problems = _resign_and_audit(host, guest)
        assert any("different deck for you" in p for p in problems), problems
        assert any("committed to" in p for p in problems), problems
    finally:
        guest.close()
        host.close()


# ---------------------------------------------------------------- fairness: the nonce

def test_a_guest_never_reveals_a_nonce_twice(tmp_path):
    """Seed grinding: the host drops the connection after the reveal, tries its own nonces
    against the guest's, then starts a new exchange. The guest must not reveal the same
    nonce again, and says so loudly."""
    import threading

    from frontier_desktop.net import GuestSession, JoinError
    from frontier_desktop.net.fairness import commit, new_nonce
    from tests.net.hostile import HostileHost, welcome

    server = HostileHost()
    seat_file = tmp_path / "seat.json"
    guest = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0,
                         session_file=seat_file)

    def join():
        try:
            guest.connect(timeout=30)
        except JoinError:
            pass

    threading.Thread(target=join, daemon=True).start()
    peers = []
    try:
        first, hello1 = server.accept_hello()
        peers.append(first)
        first.send(welcome(new_nonce()))
        reveal1 = first.recv("reveal")
        assert reveal1 is not None and commit(reveal1["nonce"]) == hello1["commit"]
        first.close()                                  # drop before the start
        second, hello2 = server.accept_hello()         # the guest reconnects...
        peers.append(second)
        assert hello2["commit"] != hello1["commit"]    # ...committing to a fresh nonce
        second.send(welcome(new_nonce()))              # and a new exchange
        reveal2 = second.recv("reveal", timeout=5)
        assert reveal2 is None or reveal2["nonce"] != reveal1["nonce"]
        assert wait_until(lambda: any("seed exchange again" in w
                                      for w in guest.fairness_warnings))
        assert any(n.kind == "fairness" for n in guest.inbox.drain())
        second.close()
        guest.close()
        # a restarted guest program (same seat file) does not reuse a revealed nonce either
        again = GuestSession(("127.0.0.1", server.port), name="Ben", session_file=seat_file)
        assert again.hello_nonce() not in (reveal1["nonce"], (reveal2 or {}).get("nonce"))
    finally:
        guest.close()
        for peer in peers:
            peer.close()
        server.close()


# ---------------------------------------------------------------- fairness: no safeguards

def test_the_guest_refuses_a_start_without_commitments(tmp_path):
    from frontier_desktop.net import GuestSession, JoinError
    import threading

    from tests.net.hostile import HostileHost, serve_until_start

    server = HostileHost()
    guest = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0,
                         reconnect=False)
    errors: list[Exception] = []

    def join():
        try:
            guest.connect(timeout=20)
        except JoinError as exc:
            errors.append(exc)

    thread = threading.Thread(target=join, daemon=True)
    thread.start()
    peer = None
    try:
        peer, _ = serve_until_start(server, commitments={})
        thread.join(20)
        assert errors and "commit" in str(errors[0])
        assert any("without committing" in w for w in guest.fairness_warnings)
        assert not guest.started.is_set()
    finally:
        guest.close()
        if peer is not None:
            peer.close()
        server.close()


def test_a_game_that_ends_without_an_audit_is_a_fairness_failure(tmp_path):
    import threading

    from frontier_desktop.net import GuestSession
    from tests.net.hostile import HostileHost, serve_until_start

    server = HostileHost()
    guest = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0,
                         reconnect=False, audit_grace=1.0)
    threading.Thread(target=lambda: guest.connect(timeout=20), daemon=True).start()
    peer = None
    try:
        peer, _ = serve_until_start(server)
        assert guest.started.wait(10)
        peer.send({"type": "game_end", "result": "win", "winner": 0})  # and no audit
        assert not guest.wait_for_audit(5)
        assert any("no audit" in w for w in guest.fairness_warnings)
    finally:
        guest.close()
        if peer is not None:
            peer.close()
        server.close()


def test_join_headless_exits_non_zero_when_the_audit_is_missing(tmp_path):
    import subprocess
    import sys
    import threading

    from tests.net.conftest import ROOT
    from tests.net.hostile import HostileHost, serve_until_start
    from tests.net.test_processes import env

    server = HostileHost()
    proc = subprocess.Popen([sys.executable, "-m", "frontier_desktop", "join",
                             f"127.0.0.1:{server.port}", "--headless", "--timeout", "60",
                             "--session", str(tmp_path / "seat.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env(), cwd=ROOT)
    out: list[str] = []
    threading.Thread(target=lambda: out.append(proc.communicate()[1]), daemon=True).start()
    peer = None
    try:
        peer, _ = serve_until_start(server)
        peer.send({"type": "game_end", "result": "win", "winner": 0})  # and no audit
        code = proc.wait(60)
        assert wait_until(lambda: bool(out), 10)
        assert code == 3, out
        assert "FAIRNESS WARNING" in out[0] and "no audit" in out[0]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        if peer is not None:
            peer.close()
        server.close()


# ---------------------------------------------------------------- side channels

def test_move_card_answers_the_same_for_set_aside_lands_missing_ids_and_hidden_cards(pair):
    import random

    from tests.net.test_session import play

    host, guest = pair
    play(host, guest, random.Random(7), limit=400,  # past the set-up choices
         until=lambda: host.state.decision is None and host.acting_seat() == guest.seat)
    assert host.state.decision is None and not host.is_over
    assert wait_until(lambda: guest.state_id == host.state.state_id)
    guest.inbox.drain()
    state = host.state
    assert state.aside, "the sample decks leave lands set aside"
    hidden = state.players[host.host_seat].library[0]
    probes = [state.aside[0], "A99", hidden, "c-no-such-card"]
    answers = []
    for card in probes:
        result = guest.submit(guest.seat, {"type": "move_card", "card": card, "to": "hand"})
        assert not result.ok
        answers.append(result.reason)
    codes = [n.data["code"] for n in guest.inbox.drain() if n.kind == "rejected"]
    assert len(set(answers)) == 1, answers
    assert len(set(codes)) == 1, codes


def test_the_seat_token_rotates_on_every_resume(pair, tmp_path):
    from frontier_desktop.record import read_record

    host, guest = pair
    tokens = [guest.token]
    for _ in range(2):
        host._conn.abort("simulated drop")
        assert wait_until(lambda: guest.token != tokens[-1]
                          and guest.status().state == "connected"
                          and host.status().state == "connected", 20)
        tokens.append(guest.token)
    assert len(set(tokens)) == 3
    header, _ = read_record(tmp_path / "autosave.jsonl")
    assert header["lan"]["token"] == guest.token              # durable before it was sent
    peer = RawPeer(host.port)                                 # the first token is dead
    try:
        peer.send(hello(host, token=tokens[0]))
        refused = peer.recv("refused")
        assert refused is not None and refused["code"] == "seat_taken"
    finally:
        peer.close()
    assert host.status().state == "connected"


# ---------------------------------------------------------------- serving files

@pytest.mark.parametrize("name", ["spec-example.json", "dryads-six-six.json"])
def test_host_game_reads_a_pretty_printed_position_file_and_says_the_board_is_the_hosts(
        tmp_path, name):
    from frontier_desktop.net import HostSession
    from tests.net.conftest import ROOT, make_guest
    from tests.net.test_guest_deck import _args

    from frontier_desktop.net.cli import build_source

    path = ROOT / "assets" / "positions" / name
    assert path.read_text("utf-8").count("\n") > 3                 # pretty-printed
    source = build_source(_args(game=path))
    assert source.position is not None and source.record is None
    host = HostSession(source, autosave=tmp_path / "autosave.jsonl", heartbeat=0.2,
                       timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = make_guest(host, reconnect=False)
    try:
        guest.connect(timeout=10)
        assert guest.seed_mode == "position"
        assert guest.unfair_board is not None and "position file" in guest.unfair_board
    finally:
        guest.close()
        host.close()


def test_host_game_still_reads_a_game_record(tmp_path):
    from frontier_desktop.net.cli import build_source
    from frontier_desktop.record import new_game, write_record
    from tests.net.conftest import DECK_A, DECK_B, deck
    from tests.net.test_guest_deck import _args

    _, header = new_game("frontier", [list(deck(DECK_A)), list(deck(DECK_B))], ["A", "B"],
                         seed=1)
    write_record(tmp_path / "game.jsonl", header, [])
    source = build_source(_args(game=tmp_path / "game.jsonl"))
    assert source.record is not None and source.record[0]["seed"] == 1


def test_a_host_restarted_after_the_end_still_delivers_the_end_and_the_audit(tmp_path):
    import random
    import re
    import subprocess
    import sys
    import threading

    from tests.net.conftest import ROOT, make_guest, make_host
    from tests.net.test_processes import env
    from tests.net.test_session import play

    autosave = tmp_path / "autosave.jsonl"
    host = make_host(tmp_path)
    guest = make_guest(host, reconnect=False, session_file=tmp_path / "seat.json")
    proc = None
    try:
        guest.connect(timeout=10)
        play(host, guest, random.Random(7), limit=400,
             until=lambda: host.state.decision is None)
        port = host.port
        host._conn.abort("the guest's network fails")         # the guest misses the end...
        assert wait_until(lambda: host.status().state == "reconnecting")
        assert host.resign().ok and host.result is not None    # ...the game ends meanwhile
        host.close()                                           # and the host program stops
        proc = subprocess.Popen([sys.executable, "-m", "frontier_desktop", "host", "--headless",
                                 "--bind", "127.0.0.1", "--port", str(port), "--game",
                                 str(autosave), "--autosave", str(autosave), "--timeout", "60"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env(), cwd=ROOT)
        lines: list[str] = []
        threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True).start()
        assert wait_until(lambda: any(re.search(r"your address", x) for x in lines), 60), lines
        assert guest.reconnect_now()
        assert guest.audited.wait(30), lines
        assert guest.audit_problems == [] and guest.fairness_warnings == []
        assert guest.result == {"result": "win", "winner": guest.seat}
        assert proc.wait(30) == 0
    finally:
        guest.close()
        host.close()
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(10)


# ---------------------------------------------------------------- more promises of the doc

def test_too_many_protocol_errors_close_the_connection(pair):
    host, guest = pair
    peer = RawPeer(host.port)
    try:
        for _ in range(10):
            peer.send_raw(b"{not json")
        assert peer.recv("error") is not None
        codes = []
        while (msg := peer.recv("error", timeout=5)) is not None:
            codes.append(msg["code"])
        assert "too_many_errors" in codes
        assert peer.is_closed(10)
    finally:
        peer.close()
    assert host.status().state == "connected" and guest.status().state == "connected"


def test_a_host_whose_commitments_change_on_a_rejoin_is_flagged(tmp_path):
    import threading

    from frontier_desktop.net import GuestSession
    from frontier_desktop.net.fairness import new_nonce
    from tests.net.hostile import HostileHost, serve_until_start, welcome

    server = HostileHost()
    guest = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0)
    threading.Thread(target=lambda: guest.connect(timeout=20), daemon=True).start()
    peers = []
    try:
        peer, state = serve_until_start(server)
        peers.append(peer)
        assert guest.started.wait(10)
        view = guest.view()
        peer.close()                                          # a drop...
        again, hello_msg = server.accept_hello()              # ...the guest rejoins
        peers.append(again)
        assert hello_msg["token"] == "t" * 32
        again.send(welcome(new_nonce(), resume=True))         # another seed commitment
        again.send({"type": "sync", "state_id": state.state_id, "view": view, "log": [],
                    "commitments": {"0,0": "0" * 64}, "salts": {}, "your_actions": 0})
        assert wait_until(lambda: len(guest.fairness_warnings) >= 2, 10)
        text = " ".join(guest.fairness_warnings)
        assert "seed commitment changed" in text and "different board commitment" in text
    finally:
        guest.close()
        for peer in peers:
            peer.close()
        server.close()


def test_a_seat_file_from_a_finished_game_does_not_stop_joining_a_new_one(tmp_path):
    """The UI keeps one seat file per address: a second game there must join normally (a
    fresh nonce is committed to, without a warning)."""
    from frontier_desktop.net import GameSource, GuestSession, HostSession
    from tests.net.conftest import DECK_A, DECK_B, deck

    seat_file = tmp_path / "seat.json"
    port = 0
    revealed = []
    for game in range(2):
        host = HostSession(GameSource(decks=[list(deck(DECK_A)), list(deck(DECK_B))]),
                           autosave=tmp_path / f"autosave{game}.jsonl", heartbeat=0.2,
                           timeout=2.0)
        port = host.listen("127.0.0.1", port)
        guest = GuestSession(("127.0.0.1", port), name="Ben", heartbeat=0.2, timeout=2.0,
                             reconnect=False, session_file=seat_file)
        try:
            guest.connect(timeout=10)
            guest.resign()
            assert guest.audited.wait(15)
            assert guest.audit_problems == [] and guest.fairness_warnings == []
            revealed.append(host.guest_nonce)
        finally:
            guest.close()
            host.close()
    assert revealed[0] != revealed[1]


def test_boolean_switches_pass_the_bounds_and_look_alikes_do_not():
    """``OneOf(True, False)`` once refused every boolean, so a guest could not turn on its
    response window; 1 and 0 are still not booleans."""
    from frontier_desktop.net.protocol import ProtocolError, check_action

    for kind in ("set_responses", "set_assign"):
        check_action({"type": kind, "on": True})
        check_action({"type": kind, "on": False})
        with pytest.raises(ProtocolError):
            check_action({"type": kind, "on": 1})
