"""The War Game's combat windows on the table: "Fast effects before the damage of the combat
at …" for the player who may respond, with Respond… and Go on (not "Let it resolve": nothing
is on the stack; before, the panel did not show at all), and a log line naming the window."""

from __future__ import annotations

from frontier_desktop.rules import actions as A
from frontier_desktop.session import LocalSession
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import Namer, combat_window_words, event_words
from tests.rules.test_wargame_fast_effects import _meeting
from tests.rules.wargame_helpers import give, play

from .helpers import step


def test_the_windows_in_words() -> None:
    names = Namer(["Ann", "Ben", "Cy"])
    assert combat_window_words({"combat": [1, 2], "stage": "fast"}, names) == \
        "Fast effects before the damage of the combat at column 3, row 2"
    line = event_words({"type": "priority", "player": 1, "stack": None, "combat": "S2",
                        "stage": "healing"}, names)
    assert line is not None and "Ben may heal or prevent before the dead leave" in line
    assert "stronghold" in line and "resolves" not in line


def test_the_responder_sees_the_fast_effects_window_and_goes_on(app) -> None:
    state, mine, theirs = _meeting()
    give(state, 1, "Giant Growth")
    state, _ = play(state, A.Pass())  # movement ends: Ben's window before the damage
    assert state.pending is not None and state.pending["responder"] == 1
    table = TableScene(app, LocalSession(state), seat=1, hotseat=False)
    app.scenes.push(table)
    step(app, 2)
    panel = table.stack_panel
    panel.update()
    assert panel.title.startswith("Fast effects before the damage of the combat at")
    labels = [label for _, label, _ in panel.buttons]
    assert labels == ["Respond…", "Go on"]
    go_on = next(action for _, label, action in panel.buttons if label == "Go on")
    result = table.submit(go_on)
    assert result.ok
    step(app, 2)
    after = table.session.state
    # the window is closed and the combat goes on: each side's 2 has one way to go, so no
    # division is asked (the division waits only when it is a real choice); it is dealt
    assert after.decision is None
    dealt = {(e["source"], e["target"]) for e in result.events if e["type"] == "damage"}
    assert dealt == {(mine, theirs), (theirs, mine)}
