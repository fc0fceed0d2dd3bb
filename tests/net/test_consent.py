"""A hostile guest's manual actions on the host's things wait for the host's player (issue 11.9).

The guest's messages are sent raw (bypassing the guest session's own checks) over a real
socket on 127.0.0.1, on the host's turn, each one of the issue's list.
"""

from __future__ import annotations

import json
import random

from frontier_desktop.net.protocol import make
from frontier_desktop.record import read_record, replay
from frontier_desktop.rules.variants.frontier.manual import CONSENT_DECLINES
from tests.net.conftest import ROOT
from tests.net.test_session import play, wait_until


def _game_part(state):
    wire = state.to_wire()
    for key in ("log", "state_id", "decision"):
        wire.pop(key, None)
    return json.dumps(wire, sort_keys=True)


def _hosts_turn(host, guest):
    guest._test_host = host
    play(host, guest, random.Random(3), limit=600,
         until=lambda: host.state.decision is None and host.state.active == host.host_seat
         and host.state.phase == "main" and host.acting_seat() == host.host_seat
         and any(p.controller == host.host_seat and p.zone == "board"
                 for p in host.state.perms.values()))
    assert not host.is_over and host.state.active == host.host_seat
    assert wait_until(lambda: guest.state_id == host.state.state_id)
    guest.inbox.drain()


def _send_raw(guest, action, ref):
    """The guest's action as raw bytes on its socket: no client-side check runs."""
    host = guest._test_host
    assert wait_until(lambda: guest.state_id == host.state.state_id, 15)
    guest._outstanding.add(ref)  # the guest takes answers only to refs it sent
    guest._conn.send(make("action", state_id=guest.state_id, ref=ref, action=action))
    assert wait_until(lambda: ref in guest._answers, 15)
    return guest._answers[ref]


def _targets(host):
    state = host.state
    mine = next(p for p in state.perms.values()
                if p.controller == host.host_seat and p.zone == "board")
    face_down = next(pos for pos, cell in sorted(state.cells.items())
                     if cell.land is not None and not cell.face_up
                     and not state.occupants().get(pos))
    return mine, face_down


def test_the_host_forces_the_consent_rule_and_the_guest_checks_it(pair):
    host, guest = pair
    assert host.state.options["manual_consent"] is True
    assert wait_until(lambda: guest.view() is not None)
    assert guest.consent_problem is None
    assert guest.fairness_warnings == []


def test_a_hostile_guests_manual_actions_change_nothing_until_the_host_answers(pair, tmp_path):
    host, guest = pair
    _hosts_turn(host, guest)
    unit, land = _targets(host)
    other_land = next(pos for pos, cell in sorted(host.state.cells.items())
                      if pos != land and cell.land is not None and not cell.face_up
                      and not host.state.occupants().get(pos))
    hs = host.host_seat
    requests = [  # (the request, the host's answer)
        ({"type": "life", "player": hs, "delta": -20}, "decline"),
        ({"type": "destroy", "unit": unit.id}, "decline"),
        ({"type": "destroy_land", "at": list(land)}, "accept"),
        ({"type": "create_token", "at": list(other_land), "name": "Dragon", "power": 99,
          "toughness": 99, "keywords": ["Flying"]}, "accept"),
        ({"type": "pt_change", "unit": unit.id, "power": -5, "toughness": -5}, "decline"),
    ]
    autosave = tmp_path / "autosave.jsonl"
    for n, (action, answer) in enumerate(requests):
        before = _game_part(host.state)
        result = _send_raw(guest, action, 100 + n)
        assert result.ok, result.reason
        decision = host.state.decision
        assert decision["kind"] == "consent" and decision["player"] == hs
        assert decision["by"] == guest.seat and decision["action"]["type"] == action["type"]
        assert _game_part(host.state) == before, f"{action['type']} changed the game at once"
        # the guest sees that it waits; the host's player is asked
        assert wait_until(lambda: (guest.view() or {}).get("decision") == decision)
        assert host.view(hs)["decision"] == decision
        # the guest cannot go on meanwhile, nor answer for the host
        for m, extra in enumerate(({"type": "life", "player": hs, "delta": -1},
                                   {"type": "choose", "choice": "accept"})):
            assert not _send_raw(guest, extra, 200 + 10 * n + m).ok
        assert host.submit(hs, {"type": "choose", "choice": answer}).ok
        if answer == "decline":
            assert _game_part(host.state) == before
            header, actions = read_record(autosave)
            saved = replay({k: v for k, v in header.items() if k != "lan"}, actions)
            assert _game_part(saved) == before, "the autosave holds a changed game"
        else:
            assert _game_part(host.state) != before
    state = host.state
    assert state.cells[land].land is None  # accepted
    assert [state.name(i) for i in state.occupants()[other_land]] == \
        ["Colourless Dragon 99/99 (Flying)"]  # accepted
    assert state.perms[unit.id].pt_mod == (0, 0)  # declined
    assert state.players[hs].life == 20 and not host.is_over  # declined
    # three declines this turn: a fourth request is refused at once
    refused = _send_raw(guest, {"type": "life", "player": hs, "delta": -1}, 400)
    assert not refused.ok and "declined 3" in refused.reason
    assert host.state.decision is None


def test_after_three_declines_further_requests_that_turn_are_refused(pair):
    host, guest = pair
    _hosts_turn(host, guest)
    hs = host.host_seat
    for n in range(CONSENT_DECLINES):
        assert _send_raw(guest, {"type": "life", "player": hs, "delta": -1}, 300 + n).ok
        assert host.submit(hs, {"type": "choose", "choice": "decline"}).ok
    state_id = host.state.state_id
    answer = _send_raw(guest, {"type": "life", "player": hs, "delta": -1}, 399)
    assert not answer.ok and "declined 3" in answer.reason
    assert host.state.state_id == state_id and host.state.decision is None
    assert host.state.players[hs].life == 20


def test_accepting_carries_the_request_out_and_own_things_stay_immediate(pair):
    host, guest = pair
    _hosts_turn(host, guest)
    unit, land = _targets(host)
    hs, gs = host.host_seat, guest.seat
    assert _send_raw(guest, {"type": "destroy_land", "at": list(land)}, 500).ok
    assert host.state.cells[land].land is not None and not host.state.cells[land].face_up
    assert host.submit(hs, {"type": "choose", "choice": "accept"}).ok
    assert host.state.cells[land].land is None
    # drawing five by hand (the abuse) waits for the host too; a die roll does not
    hand = len(host.state.players[gs].hand)
    host_hand = list(host.state.players[hs].hand)
    assert _send_raw(guest, {"type": "draw", "count": 5}, 501).ok
    assert host.state.decision is not None and host.state.decision["kind"] == "consent"
    assert len(host.state.players[gs].hand) == hand
    assert host.submit(hs, {"type": "choose", "choice": "decline"}).ok
    assert len(host.state.players[gs].hand) == hand and host.state.players[hs].hand == host_hand
    assert _send_raw(guest, {"type": "roll", "sides": 6}, 502).ok
    assert host.state.decision is None


def test_choose_and_for_are_bounded_at_the_protocol(pair):
    host, guest = pair
    _hosts_turn(host, guest)
    state_id = host.state.state_id
    for n, action in enumerate([{"type": "choose", "choice": "x" * 5000},
                                {"type": "life", "player": 0, "delta": -1, "for": "x" * 5000}]):
        answer = _send_raw(guest, action, 600 + n)
        assert not answer.ok
    assert host.state.state_id == state_id


def test_a_host_that_does_not_turn_on_the_consent_rule_is_a_fairness_warning():
    import threading

    from frontier_desktop.net import GuestSession
    from tests.net.hostile import HostileHost, serve_until_start

    server = HostileHost()
    guest = GuestSession(("127.0.0.1", server.port), name="Ben", heartbeat=0.2, timeout=2.0)
    threading.Thread(target=lambda: guest.connect(timeout=20), daemon=True).start()
    peer = None
    try:
        peer, _ = serve_until_start(server, consent=False)
        assert guest.started.wait(10)
        assert wait_until(lambda: guest.consent_problem is not None, 10)
        assert any("consent rule" in w for w in guest.fairness_warnings)
    finally:
        guest.close()
        if peer is not None:
            peer.close()
        server.close()


def _record_game(tmp_path, actions):
    """Serve a saved hot-seat game (a position and *actions*, without the consent rule)."""
    from frontier_desktop.net import GameSource, HostSession
    from frontier_desktop.record import position_header
    from tests.net.conftest import make_guest

    doc = json.loads((ROOT / "tests/ui/fixtures/band_attacked.json").read_text())
    host = HostSession(GameSource(record=(position_header(doc), actions)),
                       autosave=tmp_path / "autosave.jsonl", heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = make_guest(host)
    guest.connect(timeout=10)
    return host, guest


def test_a_saved_game_is_served_with_the_consent_rule_on(tmp_path):
    host, guest = _record_game(tmp_path, [{"seat": 1, "action": {"type": "life", "player": 1,
                                                                 "delta": 2}}])
    try:
        assert host.state.options["manual_consent"] is True
        assert host.state.players[1].life == 22
        assert wait_until(lambda: guest.view() is not None)
        assert guest.consent_problem is None
        guest.resign()  # the record with the rule turned on still audits clean
        assert guest.audited.wait(15), "no audit"
        assert guest.audit_problems == [] and guest.fairness_warnings == []
    finally:
        guest.close()
        host.close()


def test_a_saved_game_whose_log_needs_the_old_rule_plays_on_without_it_and_the_guest_is_told(
        tmp_path):
    # Ben (seat 1, to play) took 3 of Ann's life by hand: under the consent rule that log
    # would not replay, so the game goes on without it, and the guest hears so.
    host, guest = _record_game(tmp_path, [{"seat": 1, "action": {"type": "life", "player": 0,
                                                                 "delta": -3}}])
    try:
        assert host.state.options["manual_consent"] is False
        assert host.state.players[0].life == 17
        assert wait_until(lambda: guest.consent_problem is not None)
        assert any("consent rule" in w for w in guest.fairness_warnings)
    finally:
        guest.close()
        host.close()
