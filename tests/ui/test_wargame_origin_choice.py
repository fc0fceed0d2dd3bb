"""The War Game at the table: a creature's triggered whole-table ability asks its controller
for the one terrain it affects (``shared/rules/wargame.md``, the ruling "reach of whole-table
effects"): the decision panel offers the terrains within its reach in words, the prompt
says what to do, a click answers, and the log tells it."""

from __future__ import annotations

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.session import LocalSession
from frontier_desktop.ui.scenes.table import TableScene
from frontier_desktop.ui.table.words import Namer, event_words
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import play, put
from tests.ui.wargame_scenes import midgame

from .helpers import click, step

QUAKER = Card.from_scryfall(creature(
    "Test Quaker", (), 3, 3, type_line="Creature — Beast", mana_cost="{1}",
    oracle_text="When Test Quaker enters the battlefield, Test Quaker deals 1 damage to each "
                "creature."))


def test_the_terrain_of_a_triggered_ability_is_chosen_with_a_button(app) -> None:
    state, ids = midgame(2, phase="casting")
    state.defs = {**state.defs, QUAKER.name: QUAKER}
    card = state.new_id("h")
    state.cards[card] = (QUAKER.name, 0)
    state.players[0].hand.append(card)
    state.players[1].hand = []
    beside = state.board.outside["S0"]
    lion = put(state, "Grizzly Bears", 1, beside)
    state, _ = play(state, A.Cast(card=QUAKER.name))
    assert state.decision is not None and state.decision.get("by") == "origin"
    table = TableScene(app, LocalSession(state), seat=0, hotseat=False)
    app.scenes.reset(table)
    step(app, 2)
    panel = table.stack_panel
    labels = [label for _, label, _ in panel.buttons]
    assert labels[0] == "Ann's stronghold" and labels[1].startswith("The "), labels
    assert "column" in labels[1] and "[" not in " ".join(labels), labels
    assert all(panel.rect.contains(b[0]) for b in panel.buttons)
    assert "Test Quaker's triggered ability affects one terrain" in panel.title
    assert "press the one you choose" in table.prompt()
    bears_before = table.session.state.perms[ids["bears"]].damage
    click(app, panel.buttons[1][0].center)
    after = table.session.state
    assert after.decision is None and not after.stack
    assert after.perms[lion].damage == 1
    assert after.perms[ids["bears"]].damage == bears_before  # in the stronghold: not chosen


def test_the_chosen_terrain_reads_as_words_in_the_log() -> None:
    names = Namer(["Ann", "Ben"])
    assert event_words({"type": "choose", "player": 0, "kind": "origin",
                        "card": "Test Quaker"}, names) == \
        "  Ann chooses the terrain Test Quaker's triggered ability affects"
    assert event_words({"type": "origin_chosen", "player": 0, "card": "Test Quaker",
                        "id": "s1", "origin": "S1"}, names) == \
        "  Test Quaker's triggered ability will affect Ben's stronghold"
    assert event_words({"type": "origin_chosen", "player": 0, "card": "Test Quaker",
                        "id": "s1", "origin": [1, 0]}, names) == \
        "  Test Quaker's triggered ability will affect the land at column 1, row 2"
