"""An answer with no question (issue 25, every variant: the spec).

``spec/variant-positions.md``, "Decisions, priority and combat in ``--apply``": "an answer
(``assign``, ``block``, ``choose``, ``targets``, …) when nothing of its kind is pending: exit 2
with one line, never a traceback". The audits' repros (``conquering-rules`` 13 and 13b,
``wargame-rules`` 06) crashed with an ``AssertionError``; they are replayed here through the
``position`` command, and every answer kind is sent, with nothing of its kind pending, to
states of random games of all four variants.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.record import replay
from frontier_desktop.rules import RulesError, apply
from frontier_desktop.rules.actions import action_from_wire
from frontier_desktop.selfplay import bot_game
from tests.cli.test_position_cli import fails
from tests.conftest import find_shared_dir

CASES = [
    ("conquering-rules", "13-assign-without-decision-traceback",
     "13-assign-without-decision-traceback", "illegal assign: no division is waiting"),
    ("conquering-rules", "13b-choose-without-decision-traceback",
     "13b-choose-without-decision-traceback", "illegal choose: no choice is waiting"),
    ("wargame-rules", "06-nothing-waiting-traceback", "06-nothing-waiting-traceback",
     "illegal assign: no division is waiting"),
    ("wargame-rules", "06-nothing-waiting-traceback", "06-nothing-waiting-traceback-choose",
     "illegal choose: no choice is waiting"),
]


@pytest.mark.parametrize("folder, position, actions, words", CASES,
                         ids=[f"{c[0]}/{c[2]}" for c in CASES])
def test_the_audits_answers_without_a_question_exit_2_with_one_line(
        folder: str, position: str, actions: str, words: str) -> None:
    shared = find_shared_dir()
    where = shared / "repros" / folder if shared is not None else Path("../shared/repros")
    if not (where / f"{position}.json").exists():
        pytest.skip(f"the audit repros are not beside the project ({where})")
    line = fails("position", where / f"{position}.json", "--apply", where / f"{actions}.jsonl")
    assert "line 1" in line and words in line


ANSWERS: list[dict[str, Any]] = [
    {"type": "assign", "attacker": "u1", "damage": [["u2", 1]]},
    {"type": "choose", "choice": "pay"},
    {"type": "choose", "choice": "decline"},
    {"type": "choose", "choice": 0},
    {"type": "targets", "targets": ["u1"]},
    {"type": "block", "blocker": "u1", "attacker": "u2"},
    {"type": "done_blocking"},
    {"type": "retreat", "unit": "u1", "to": [0, 0]},
    {"type": "place", "id": "u1", "at": [0, 0]},
    {"type": "discard", "cards": ["Grizzly Bears"]},
    {"type": "discard", "card": "Grizzly Bears"},
    {"type": "heal", "unit": "u1"},
]


@pytest.mark.parametrize("variant, players", [("frontier", 2), ("army", 2),
                                              ("conquering", 3), ("wargame", 2)])
def test_no_answer_crashes_the_rules_in_random_games(variant: str, players: int) -> None:
    """Every answer kind, sent by every seat at states along a random game: taken or refused
    in words (a RulesError), never another exception."""
    _, header, lines = bot_game(3, ("Ann", "Ben", "Cid")[:players], variant=variant,
                                max_actions=160)
    chooser = random.Random(variant)
    points = sorted({0, len(lines), *chooser.sample(range(len(lines) + 1),
                                                    min(8, len(lines) + 1))})
    tried = 0
    for k in points:
        state = replay(header, lines[:k])
        for wire in ANSWERS:
            for seat in range(len(state.players)):
                try:
                    action = action_from_wire(dict(wire))
                    apply(state, action, seat)
                except RulesError:
                    pass
                tried += 1
    assert tried >= len(ANSWERS) * players * 2
