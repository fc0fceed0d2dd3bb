"""Words for more than two players (issue 14): the right player is named for N seats, the
Conquering's events read as sentences, and the players panel's standing in words."""

from __future__ import annotations

from frontier_desktop.ui.table.players import areas_held, status_words
from frontier_desktop.ui.table.words import (
    Namer,
    action_words,
    chooser_words,
    entry_lines,
    event_words,
    handover_reason,
    turn_words,
)

THREE = ["Dale", "Theresa", "Cy"]


def test_an_attack_on_a_player_names_the_only_opponent_or_none() -> None:
    attack = {"type": "attack", "unit": "u1", "target": "player"}
    two = Namer(["Ann", "Ben"], {"u1": "Hill Giant"})
    assert action_words(attack, 0, two) == "Ann attacks Ben with Hill Giant"
    three = Namer(THREE, {"u1": "Hill Giant"})
    said = action_words(attack, 0, three)
    assert said == "Dale attacks an opponent with Hill Giant"  # never "1 - seat"


def test_who_may_respond_is_every_other_player_with_three() -> None:
    names = Namer(THREE)
    line = event_words({"type": "pending", "seat": 1, "action": {"type": "move"}}, names)
    assert line is not None and "Dale and Cy may respond" in line
    line = event_words({"type": "pending", "seat": 1, "responder": 2,
                        "action": {"type": "attack"}}, names)
    assert line is not None and line.strip().startswith("Cy may respond")


def test_a_conquest_reads_as_a_sentence_with_its_conquer_value() -> None:
    names = Namer(THREE)
    entry = {"seat": 1, "action": {"type": "conquer"}, "events": [
        {"type": "revealed", "at": "C2", "land": "Swamp"},
        {"type": "cv", "at": "C2", "value": 3},
        {"type": "captured", "at": "C2", "by": 1, "from": None},
        {"type": "control", "at": "C2", "from": None, "to": 1, "land": "Swamp"},
        {"type": "mana", "player": 2, "roll": 4, "added": "{B}{B}{B}{B}", "pool": ""},
        {"type": "eliminated", "player": 0, "reason": "did not retake their stronghold in time"},
    ]}
    lines = [line.strip() for line in entry_lines(entry, names)]
    assert "Theresa conquers the Swamp at C2 (conquer value 3)" in lines
    assert not any("takes" in line for line in lines)  # the capture's line says it once
    assert "The Swamp at C2 has a conquer value of 3" in lines
    assert "Cy rolls a 4 for mana production and makes {B}{B}{B}{B}" in lines
    assert "Dale is eliminated: did not retake their stronghold in time" in lines
    retake = event_words({"type": "captured", "at": "S0", "by": 0, "from": 1}, names)
    assert retake is not None and retake.strip() == "Dale retakes their stronghold"
    moved = action_words({"type": "move", "unit": "u", "to": "S2"}, 1, names)
    assert moved == "Theresa moves a creature to Cy's stronghold"


def _view(**extra):
    view = {"turn": 4, "active": 0, "acting": 1, "phase": "conquer", "game_over": False,
            "players": [{"name": n, "hand_count": 7, "library_count": 40} for n in THREE],
            "pending": {"kind": "blocks", "seat": 1,
                        "options": [{"blocker": "b1", "attacker": "a1"}]},
            "units": [{"id": "a1", "name": "Hill Giant", "at": "A2"}],
            "board": {"rows": [], "areas": {"A2": {"land": "Swamp", "controller": 0},
                                            "A1": {"land": None, "controller": 0},
                                            "B1": {"land": "Forest", "controller": 1}},
                      "strongholds": [{"place": "S2", "player": 2, "controller": 0,
                                       "turns_left": 3}]}}
    view.update(extra)
    return view


def test_whose_turn_and_who_chooses_now() -> None:
    names = Namer(THREE)
    view = _view()
    assert chooser_words(view, names) == "Theresa chooses blockers"
    head, you = turn_words(view, 1, names)
    assert head.startswith("Turn 4 · Dale's turn")
    assert you == "You are Theresa: you choose blockers"
    head, you = turn_words(view, 0, names)
    assert you == "You are Dale · Theresa chooses blockers"
    names.learn_view(view)
    reason = handover_reason(view, 1, names, previous=0)
    assert reason == "Dale attacks the Swamp at A2: Theresa chooses blockers."
    later = _view(pending={**view["pending"], "order": [2]})  # the block order, when told
    assert handover_reason(later, 1, names, previous=0).endswith(
        "Theresa chooses blockers. Cy will choose after.")
    turn = _view(active=2, acting=2, pending=None)
    assert handover_reason(turn, 2, names, previous=1, new_turn=True) == \
        "Theresa's turn is over: turn 4 is Cy's."


def test_the_players_panel_words_for_a_lost_stronghold_and_an_elimination() -> None:
    view = _view()
    assert areas_held(view, 0) == 2 and areas_held(view, 1) == 1
    said = status_words(view, 2, Namer(THREE))
    assert said == "Has lost their stronghold (held by Dale) — 3 turns left to retake it"
    view["players"][1]["eliminated"] = True
    assert status_words(view, 1) == "Eliminated"
    assert status_words(view, 0) == ""
