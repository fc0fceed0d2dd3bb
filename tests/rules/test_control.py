"""Control of lands: for card text a player controls exactly the lands their creatures stand on.

The position spec lists control changes among the events of ``--apply``.
"""

from __future__ import annotations

from tests.rules.helpers import creature, of_type, position, run, unit
from frontier_desktop.rules.views import describe


def test_moving_changes_control_of_both_squares() -> None:
    state = position(
        [["Forest", "?Swamp", "Forest"], ["Forest", "Forest", "Forest"]],
        [unit("bear", creature("Bear", ["G"], 2, 2), 0, [0, 0]),
         unit("ben", creature("Ben's Bear", ["G"], 2, 2), 1, [1, 2])],  # no free token due
    )
    assert describe(state)["board"]["rows"][0][0]["controller"] == 0
    state, events = run(state, {"type": "move", "unit": "bear", "to": [0, 1]})
    control = of_type(events, "control")
    assert [(e["at"], e["from"], e["to"]) for e in control] == [([0, 0], 0, None),
                                                                ([0, 1], None, 0)]
    # The square entered was face down: it is revealed by the move, so its name is public.
    assert {e.get("land") for e in control} == {"Forest", "Swamp"}
    rows = describe(state)["board"]["rows"]
    assert rows[0][0]["controller"] is None and rows[0][1]["controller"] == 0


def test_a_creature_that_dies_gives_up_its_land() -> None:
    state = position(
        [["Forest", "Mountain"], ["Forest", "Forest"]],
        [unit("a", creature("Big", ["R"], 5, 5), 0, [0, 0]),
         unit("b", creature("Small", ["G"], 1, 1), 1, [0, 1])],
    )
    state, events = run(state, {"type": "attack", "unit": "a", "target": [0, 1]})
    assert [(e["at"], e["from"], e["to"]) for e in of_type(events, "control")] == [([0, 1], 1, None)]


def test_no_event_when_nothing_changes_hands() -> None:
    state = position([["Forest", "Forest"]], [unit("a", creature("A", ["G"]), 0, [0, 0]),
                                              unit("b", creature("B", ["G"]), 1, [0, 1])])
    state, events = run(state, {"type": "tap_land", "at": [0, 0]})
    assert of_type(events, "control") == []
