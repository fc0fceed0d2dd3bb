"""The protocol carries a cast's or activation's targets, X and mode, within bounds (issue 12)."""

from __future__ import annotations

import pytest

from frontier_desktop.net.protocol import ErrorCode, ProtocolError, check_action, validate


def _action(**fields: object) -> dict[str, object]:
    return {"type": "action", "state_id": 3, "ref": 1, "action": {"type": "cast",
                                                                  "card": "Lightning Bolt",
                                                                  **fields}}


@pytest.mark.parametrize("fields", [
    {"targets": ["u3"]}, {"targets": [{"player": 1}]}, {"targets": [{"stack": "s4"}]},
    {"targets": [[2, 3]]}, {"targets": [{"graveyard": 0, "card": "Shivan Dragon"}]},
    {"x": 5}, {"mode": 1}, {"mode": [0, 2]},
])
def test_targets_x_and_mode_pass(fields: dict[str, object]) -> None:
    assert validate(_action(**fields))["action"]["card"] == "Lightning Bolt"
    check_action(_action(**fields)["action"])  # type: ignore[arg-type]


@pytest.mark.parametrize("fields", [
    {"targets": ["u"] * 17}, {"targets": [{"player": True}]}, {"targets": [{"stack": ""}]},
    {"targets": ["x" * 65]}, {"targets": [{"player": 1, "extra": 2}]}, {"targets": "u3"},
    {"x": -1}, {"x": 10**7}, {"x": 1.5}, {"mode": [0] * 9}, {"mode": -1},
])
def test_out_of_bounds_targets_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ProtocolError) as info:
        check_action(_action(**fields)["action"])  # type: ignore[arg-type]
    assert info.value.code == ErrorCode.BAD_VALUE
