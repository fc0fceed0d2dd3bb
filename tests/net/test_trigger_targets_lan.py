"""A triggered ability's targets over the LAN (issue 12, fx-targets): the ``targets`` action
passes the protocol within bounds, and a guest answers its own trigger's ``targets`` decision
through real sockets on 127.0.0.1."""

from __future__ import annotations

import pytest

from frontier_desktop.net import GameSource, GuestSession, HostSession
from frontier_desktop.net.protocol import GUEST_SENDS, ErrorCode, ProtocolError, check_action, validate
from tests.net.test_assign import action, wait_until

SPARKER = {"name": "Test Sparker", "type_line": "Creature — Test", "colors": ["R"],
           "power": "1", "toughness": "1", "mana_cost": "{R}",
           "oracle_text": "When Test Sparker enters the battlefield, Test Sparker deals 1 "
                          "damage to target creature."}
POSITION = {
    "format": "frontier-position/1", "variant": "frontier", "active": 1, "phase": "main",
    "players": [{"name": "Ann"}, {"name": "Ben", "hand": [SPARKER], "mana_pool": "{R}"}],
    "board": {"rows": [["Island"] * 5 for _ in range(5)]},
    "units": [{"id": "bears", "card": "Grizzly Bears", "owner": 0, "at": [1, 1]},
              {"id": "giant", "card": "Hill Giant", "owner": 1, "at": [4, 4]}],
}


@pytest.mark.parametrize("targets", [
    [], ["u3"], [{"player": 1}], [[2, 3]], [{"stack": "s4"}],
    [{"graveyard": 0, "card": "Shivan Dragon"}], ["u"] * 16,
])
def test_a_targets_answer_passes_the_protocol(targets):
    body = {"type": "targets", "targets": targets}
    assert validate(action(body), GUEST_SENDS)["action"] == body
    check_action(body)


@pytest.mark.parametrize("body", [
    {"type": "targets"}, {"type": "targets", "targets": None},
    {"type": "targets", "targets": "u3"}, {"type": "targets", "targets": ["u"] * 17},
    {"type": "targets", "targets": [{"player": True}]},
    {"type": "targets", "targets": [{"player": 1, "extra": 2}]},
    {"type": "targets", "targets": ["x" * 65]}, {"type": "targets", "targets": [[1, 2, 3]]},
    {"type": "targets", "targets": [{"stack": ""}]},
    {"type": "targets", "targets": ["u3"], "seat": 0},
])
def test_a_garbage_targets_answer_is_refused_at_the_boundary(body):
    with pytest.raises(ProtocolError) as info:
        check_action(body)
    assert info.value.code is ErrorCode.BAD_VALUE


def test_the_guest_answers_its_triggers_targets():
    host = HostSession(GameSource(position=POSITION, names=["Ann", "Ben"], seed=1),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.2, timeout=2.0)
    try:
        guest.connect(timeout=10)
        assert wait_until(lambda: host.state is not None and guest.state_id is not None)
        result = guest.submit(1, {"type": "cast", "card": "Test Sparker"})
        assert result.ok, result.reason
        assert wait_until(lambda: guest.state_id == host.state.state_id)
        pending = guest.view(1)["pending"]
        assert pending["seat"] == 1 and pending["kind"] == "targets"
        assert "bears" in pending["options"][0] and "giant" in pending["options"][0]
        assert any(a.type == "targets" for a in guest.legal_actions(1))
        refused = guest.submit(1, {"type": "targets", "targets": [{"player": 0}]})
        assert not refused.ok and "Ann" in refused.reason  # the rules name the target
        assert host.state.decision is not None  # nothing changed
        result = guest.submit(1, {"type": "targets", "targets": ["bears"]})
        assert result.ok, result.reason
        assert host.state.perms["bears"].damage == 1 and not host.state.stack
        assert wait_until(lambda: guest.state_id == host.state.state_id)
        assert guest.view(1)["pending"] is None
    finally:
        guest.close()
        host.close()


CHARM = {"name": "Test Charm", "mana_cost": "{R}", "type_line": "Instant", "colors": ["R"],
         "oracle_text": "Choose one —\n• Test Charm deals 2 damage to target creature.\n"
                        "• Target player gains 3 life."}
BLAZE = {"name": "Blaze", "mana_cost": "{X}{R}", "type_line": "Sorcery", "colors": ["R"],
         "oracle_text": "Blaze deals X damage to any target."}


def test_the_host_checks_a_guests_x_and_mode():
    position = {**POSITION, "players": [{"name": "Ann"},
                                        {"name": "Ben", "hand": [BLAZE, CHARM],
                                         "mana_pool": "{R}{R}{R}"}]}
    host = HostSession(GameSource(position=position, names=["Ann", "Ben"], seed=1),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.2, timeout=2.0)
    try:
        guest.connect(timeout=10)
        assert wait_until(lambda: host.state is not None and guest.state_id is not None)
        listed = {a.to_wire().get("x", 0) for a in guest.legal_actions(1)
                  if a.type == "cast" and a.card == "Blaze"}
        assert listed == set(range(max(listed) + 1)) and max(listed) >= 2  # the spinner's range
        for bad in ({"x": -1}, {"x": 10 ** 7}, {"mode": 64}, {"mode": [0] * 9}):
            refused = guest.submit(1, {"type": "cast", "card": "Blaze", "targets": ["bears"],
                                       **bad})
            assert not refused.ok and refused.reason  # bounded at the boundary
        for bad, words in (({"x": 3}, "costs"), ({"mode": 1}, "no modes")):  # no lands tapped
            refused = guest.submit(1, {"type": "cast", "card": "Blaze", "targets": ["bears"],
                                       **bad})
            assert not refused.ok and words in refused.reason  # the rules refuse it
        refused = guest.submit(1, {"type": "cast", "card": "Test Charm", "mode": 2,
                                   "targets": [{"player": 1}]})
        assert not refused.ok and "2 modes" in refused.reason
        assert host.state.players[1].pool and len(host.state.players[1].hand) == 2
        result = guest.submit(1, {"type": "cast", "card": "Blaze", "x": 2,
                                  "targets": ["bears"]})
        assert result.ok, result.reason
        assert "bears" not in host.state.perms  # 2 damage to the 2/2
    finally:
        guest.close()
        host.close()
