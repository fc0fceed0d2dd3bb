"""The banding damage division (``assign``) over the LAN: a guest may send it; the protocol
refuses a malformed one at the boundary, before the rules engine sees it."""

from __future__ import annotations

import time

import pytest

from frontier_desktop.net import GameSource, GuestSession, HostSession
from frontier_desktop.net.protocol import (
    GUEST_SENDS,
    ErrorCode,
    ProtocolError,
    check_action,
    decode,
    validate,
)

BEARS = {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
         "colors": ["G"], "power": "2", "toughness": "2"}
HERO = {"name": "Benalish Hero", "mana_cost": "{W}", "type_line": "Creature — Human Soldier",
        "colors": ["W"], "power": "1", "toughness": "1", "keywords": ["Banding"],
        "oracle_text": "Banding"}
POSITION = {
    "format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
    "players": [{"name": "Ann"}, {"name": "Ben", "assign": True}],
    "board": {"rows": [["Island"] * 5 for _ in range(5)]},
    "units": [{"id": "attacker", "card": BEARS, "owner": 0, "at": [2, 1]},
              {"id": "hero", "card": HERO, "owner": 1, "at": [3, 1]},
              {"id": "bears", "card": BEARS, "owner": 1, "at": [3, 1]},
              {"id": "far", "card": BEARS, "owner": 0, "at": [0, 4]}],
}


def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def action(body):
    return {"type": "action", "state_id": 3, "ref": 1, "action": body}


def test_an_assign_action_passes_the_protocol():
    body = {"type": "assign", "attacker": "attacker", "damage": {"bears": 2, "hero": 0}}
    assert validate(action(body), GUEST_SENDS)["action"] == body
    assert validate(action({"type": "set_assign", "on": True}), GUEST_SENDS)


@pytest.mark.parametrize("body", [
    {"type": "assign", "attacker": "attacker", "damage": {"bears": -1}},
    {"type": "assign", "attacker": "attacker", "damage": {"bears": 10 ** 12}},
    {"type": "assign", "attacker": "attacker", "damage": {"bears": True}},
    {"type": "assign", "attacker": "attacker", "damage": {"bears": 1.5}},
    {"type": "assign", "attacker": "attacker", "damage": {}},
    {"type": "assign", "attacker": "attacker", "damage": [["bears", 2]]},
    {"type": "assign", "attacker": "attacker", "damage": {f"u{i}": 0 for i in range(65)}},
    {"type": "assign", "attacker": "x" * 65, "damage": {"bears": 2}},
    {"type": "assign", "attacker": 7, "damage": {"bears": 2}},
    {"type": "assign", "damage": {"bears": 2}},
    {"type": "assign", "attacker": "attacker", "damage": {"": 2}},
    {"type": "set_assign", "on": 1},
])
def test_a_garbage_assign_is_refused_at_the_boundary(body):
    validate(action(body), GUEST_SENDS)  # a well-formed frame: the host answers it
    with pytest.raises(ProtocolError) as info:
        check_action(body)  # ... with ``rejected`` / ``bad_value``, changing nothing
    assert info.value.code is ErrorCode.BAD_VALUE


def test_an_assign_with_an_extra_field_is_refused():
    import json

    body = {"type": "assign", "attacker": "a", "damage": {"b": 1}, "seat": 0}
    decode(json.dumps(action(body)).encode(), GUEST_SENDS)
    with pytest.raises(ProtocolError) as info:
        check_action(body)
    assert info.value.code is ErrorCode.BAD_VALUE and "unknown field" in str(info.value)


def test_the_guest_divides_the_damage_dealt_to_its_stack():
    host = HostSession(GameSource(position=POSITION, names=["Ann", "Ben"], seed=1),
                       heartbeat=0.2, timeout=2.0)
    host.listen("127.0.0.1", 0)
    guest = GuestSession(("127.0.0.1", host.port), name="Ben", heartbeat=0.2, timeout=2.0)
    try:
        guest.connect(timeout=10)
        assert wait_until(lambda: host.state is not None and guest.state_id is not None)
        assert host.submit(0, {"type": "attack", "unit": "attacker", "target": [3, 1]}).ok
        assert wait_until(lambda: guest.state_id == host.state.state_id)
        pending = guest.view(1)["pending"]
        assert pending["seat"] == 1 and pending["kind"] == "assign"
        assert any(a.type == "assign" for a in guest.legal_actions(1))
        result = guest.submit(1, {"type": "assign", "attacker": "attacker",
                                  "damage": {"bears": 2}})
        assert result.ok, result.reason
        assert "hero" in host.state.perms and "bears" not in host.state.perms
        refused = guest.submit(1, {"type": "assign", "attacker": "attacker",
                                   "damage": {"bears": 2}})
        assert not refused.ok  # no division is waiting any more: the rules refuse it
    finally:
        guest.close()
        host.close()


def test_a_war_game_division_names_its_combat_instead_of_an_attacker():
    body = {"type": "assign", "at": [1, 2], "damage": {"bears": 2}}
    check_action(body)  # the War Game's form (spec/variant-positions.md)
