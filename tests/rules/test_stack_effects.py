"""Issue 12 (engine slice): targets, the stack, priority, and the effects the engine carries out.

Each test casts or activates a real card in a small position and checks the state after.
"""

from __future__ import annotations

import json

from frontier_desktop.rules.views import describe
from tests.rules.helpers import (
    creature,
    legal_wire,
    of_type,
    position,
    pt,
    refused,
    run,
    unit,
)

P = "Plains"
GRID = [[P] * 5 for _ in range(5)]
BEN = unit("ben", "Hill Giant", 1, (4, 4))


def ann(*cards: str, pool: str = "", **extra: object) -> dict[str, object]:
    return {"name": "Ann", "hand": list(cards), "mana_pool": pool, **extra}


def ben(*cards: str, pool: str = "", **extra: object) -> dict[str, object]:
    return {"name": "Ben", "hand": list(cards), "mana_pool": pool, **extra}


def cast(name: str, *targets: object, **extra: object) -> dict[str, object]:
    return {"type": "cast", "card": name, "targets": list(targets), **extra}


# ---------------------------------------------------------------------- Lightning Bolt
def test_lightning_bolt_kills_a_three_toughness_creature():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"), ben()])
    state, events = run(state, cast("Lightning Bolt", "g"))
    assert "g" not in state.perms and not state.stack and state.pending is None
    assert [e["type"] for e in events if e["type"] in ("cast", "stacked", "resolved",
                                                       "damage", "died")] == [
        "cast", "stacked", "resolved", "damage", "died"]
    assert [state.name(c) for c in state.players[0].graveyard] == ["Lightning Bolt"]


def test_lightning_bolt_takes_three_life_and_is_listed_once_per_target():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"), ben()])
    bolts = [a for a in legal_wire(state) if a["type"] == "cast"]
    assert {json.dumps(a["targets"]) for a in bolts} == {
        '["a"]', '["ben"]', '[{"player": 0}]', '[{"player": 1}]'}
    state, _ = run(state, cast("Lightning Bolt", {"player": 1}))
    assert state.players[1].life == 17


def test_a_bolt_cast_without_targets_leaves_its_text_to_the_players():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"), ben()])
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt"})
    assert state.players[1].life == 20
    assert of_type(events, "by_hand")[0]["clauses"] == [
        "Lightning Bolt deals 3 damage to any target."]


# ---------------------------------------------------------------------- Terror
def test_terror_refuses_a_black_creature_and_destroys_past_regeneration():
    troll = creature("Moss Troll", ("G",), 2, 2, oracle_text="{G}: Regenerate Moss Troll.",
                     mana_cost="{1}{G}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("v", "Sengir Vampire", 1, (3, 2)),
                            unit("t", troll, 1, (3, 4)), BEN],
                     players=[ann("Terror", pool="{1}{B}"), ben(pool="{G}")])
    reason = refused(state, cast("Terror", "v"))
    assert reason.endswith("Terror can't target Sengir Vampire: it is black")
    assert not any(a.get("targets") == ["v"] for a in legal_wire(state))
    state, _ = run(state, {"type": "activate", "unit": "t", "seat": 1})
    assert state.perms["t"].regen_shield == 1
    state, events = run(state, cast("Terror", "t"))
    assert "t" not in state.perms and not of_type(events, "regenerated")


# ---------------------------------------------------------------------- Giant Growth
def test_giant_growth_cast_in_response_to_an_attack_saves_the_creature():
    state = position(GRID, [unit("a", "Hill Giant", 0, (2, 2)), unit("c", "Hill Giant", 0, (0, 0)),
                            unit("b", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[ann(), ben("Giant Growth", pool="{G}", responses=True)])
    state, _ = run(state, {"type": "attack", "unit": "a", "target": [3, 2]})
    assert state.pending["kind"] == "attack"
    state, events = run(state, {**cast("Giant Growth", "b"), "seat": 1})
    assert pt(state, "b") == (5, 5) and state.pending["kind"] == "attack"
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert "b" in state.perms and state.perms["b"].damage == 3
    state, _ = run(state, {"type": "done_attacking"}, {"type": "pass"}, {"type": "pass"})
    assert pt(state, "b") == (2, 2)  # "until end of turn" ended in cleanup


# ---------------------------------------------------------------------- abilities
def test_prodigal_sorcerer_pings_a_creature_or_a_player():
    state = position(GRID, [unit("p", "Prodigal Sorcerer", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 1, (3, 2)), BEN])
    pings = [a for a in legal_wire(state) if a["type"] == "activate" and a["unit"] == "p"]
    assert {"type": "activate", "unit": "p", "targets": [{"player": 1}]} in pings
    state, _ = run(state, {"type": "activate", "unit": "p", "targets": [{"player": 1}]})
    assert state.players[1].life == 19 and state.perms["p"].tapped
    refused(state, {"type": "activate", "unit": "p", "targets": ["b"]}, match="tapped")


def test_royal_assassin_destroys_only_a_tapped_creature():
    state = position(GRID, [unit("r", "Royal Assassin", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("t", "Hill Giant", 1, (3, 3), tapped=True), BEN])
    refused(state, {"type": "activate", "unit": "r", "targets": ["b"]},
            match="Royal Assassin can't target Grizzly Bears: it is untapped")
    state, _ = run(state, {"type": "activate", "unit": "r", "targets": ["t"]})
    assert "t" not in state.perms and "b" in state.perms


# ---------------------------------------------------------------------- the stack
def test_counterspell_counters_a_spell_in_the_priority_window():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"),
                              ben("Counterspell", pool="{U}{U}", responses=True)])
    state, events = run(state, cast("Lightning Bolt", "g"))
    bolt = state.stack[-1]["id"]
    view = describe(state)
    assert view["pending"]["kind"] == "priority" and view["pending"]["seat"] == 1
    assert view["stack"][0]["card"] == "Lightning Bolt" and view["stack"][0]["targets"] == ["g"]
    refused(state, {"type": "pass"}, seat=0, match="waiting")
    assert {"type": "cast", "card": "Counterspell", "targets": [{"stack": bolt}]} in [
        {k: v for k, v in a.items() if k != "pay"} for a in legal_wire(state, 1)]
    state, events = run(state, {**cast("Counterspell", {"stack": bolt}), "seat": 1})
    assert of_type(events, "countered")[0]["id"] == bolt
    assert "g" in state.perms and not state.stack and state.pending is None
    assert [state.name(c) for c in state.players[0].graveyard] == ["Lightning Bolt"]
    assert [state.name(c) for c in state.players[1].graveyard] == ["Counterspell"]


def test_passing_priority_resolves_the_top():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"),
                              ben("Counterspell", pool="{U}{U}", responses=True)])
    state, _ = run(state, cast("Lightning Bolt", "g"), {"type": "pass", "seat": 1})
    assert "g" not in state.perms and state.pending is None and not state.stack


def test_no_window_for_a_player_who_holds_nothing_to_play():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"), ben(responses=True)])
    state, _ = run(state, cast("Lightning Bolt", {"player": 1}))
    assert state.pending is None and state.players[1].life == 17


def test_a_spell_whose_target_is_gone_fizzles_from_a_position_stack():
    doc_units = [unit("a", "Grizzly Bears", 0, (1, 1)), unit("g", "Hill Giant", 1, (3, 2)), BEN]
    state = position(GRID, doc_units, players=[ann(), ben()])
    from frontier_desktop.position import load_position
    from tests.rules.helpers import pool

    doc = {"format": "frontier-position/1", "variant": "frontier", "active": 0,
           "phase": "main", "players": [{"name": "Ann"}, {"name": "Ben"}],
           "board": {"rows": GRID}, "units": doc_units,
           "stack": [{"id": "s1", "card": "Lightning Bolt", "controller": 0, "targets": ["g"]},
                     {"id": "s2", "card": "Terror", "controller": 0, "targets": ["g"]}]}
    state = load_position(json.loads(json.dumps(doc)), pool().card)
    assert describe(state)["pending"]["seat"] == 1
    state, events = run(state, {"type": "pass", "seat": 1})
    assert "g" not in state.perms
    assert of_type(events, "fizzled")[0]["id"] == "s1"
    assert not state.stack and state.pending is None


# ---------------------------------------------------------------------- static bonuses
def test_anthems_and_aura_bonuses_count_before_the_terrain():
    state = position(GRID, [unit("w", "White Knight", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 0, (1, 3)), BEN],
                     players=[ann("Crusade", "Holy Strength", pool="{W}{W}{W}"), ben()])
    before_w, before_b = pt(state, "w"), pt(state, "b")
    state, _ = run(state, {"type": "cast", "card": "Crusade"},
                   {"type": "cast", "card": "Holy Strength", "target": "b"})
    assert pt(state, "w") == (before_w[0] + 1, before_w[1] + 1)  # white: Crusade
    assert pt(state, "b") == (before_b[0] + 1, before_b[1] + 2)  # green: only the aura


# ---------------------------------------------------------------------- words
def test_new_events_read_as_words():
    from frontier_desktop.ui.table.words import Namer, event_words

    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"),
                              ben("Counterspell", pool="{U}{U}", responses=True)])
    state, events = run(state, cast("Lightning Bolt", "g"))
    bolt = state.stack[-1]["id"]
    state, more = run(state, {**cast("Counterspell", {"stack": bolt}), "seat": 1})
    names = Namer(["Ann", "Ben"], {"g": "Hill Giant", "a": "Grizzly Bears"})
    for event in events + more:
        words = event_words(event, names)
        if event["type"] in ("stacked", "priority", "resolved", "countered"):
            assert words and "{" not in words and bolt not in words, (event, words)


# ---------------------------------------------------------------------- one test per executor
def spell(name: str, text: str, kind: str = "Instant") -> dict[str, object]:
    return {"name": name, "type_line": kind, "oracle_text": text, "mana_cost": ""}


def _verdict_automated(card_obj: dict[str, object]) -> bool:
    from frontier_desktop.rules.card import Card
    from frontier_desktop.rules.effects import verdict
    from frontier_desktop.rules.core.spell_reading import reading_of

    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).automated


EXECUTOR_CASES = [
    # (oracle text, targets, check(state, events))
    ("Tap target creature.", ["b"], lambda s, e: s.perms["b"].tapped),
    ("Untap target creature.", ["t"], lambda s, e: not s.perms["t"].tapped),
    ("Draw two cards.", [], lambda s, e: len(s.players[0].hand) == 2),
    ("Target player discards a card at random.", [{"player": 1}],
     lambda s, e: len(s.players[1].hand) == 1 and len(s.players[1].graveyard) == 1),
    ("You gain 4 life.", [], lambda s, e: s.players[0].life == 24),
    ("Target player loses 2 life.", [{"player": 1}], lambda s, e: s.players[1].life == 18),
    ("Put two +1/+1 counters on target creature.", ["b"],
     lambda s, e: s.perms["b"].counters == {"+1/+1": 2}),
    ("Regenerate target creature.", ["b"], lambda s, e: s.perms["b"].regen_shield == 1),
    ("Prevent the next 3 damage that would be dealt to target creature this turn.", ["b"],
     lambda s, e: s.perms["b"].prevent == 3),
    ("Return target creature to its owner's hand.", ["b"],
     lambda s, e: "b" not in s.perms and "b" in s.players[1].hand),
    ("Target creature gets +2/+0 until end of turn.", ["b"],
     lambda s, e: s.perms["b"].pt_mod == (2, 0)),
    ("Destroy all creatures. They can't be regenerated.", [],
     lambda s, e: not [p for p in s.perms if p in ("a", "b", "t")]),
    ("Exile target creature.", ["b"],
     lambda s, e: "b" not in s.perms and "b" in s.players[1].exile),
    ("Test Spell deals 1 damage to each creature and each player.", [],
     lambda s, e: s.players[0].life == 19 and s.players[1].life == 19
     and s.perms["t"].damage == 1),
]


import pytest  # noqa: E402


@pytest.mark.parametrize("text, targets, check", EXECUTOR_CASES,
                         ids=[c[0][:30] for c in EXECUTOR_CASES])
def test_each_executor_carries_out_its_clause(text, targets, check):
    card_obj = spell("Test Spell", text)
    assert _verdict_automated(card_obj), text
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("t", "Hill Giant", 1, (3, 3), tapped=True), BEN],
                     players=[{"name": "Ann", "hand": [card_obj], "library": 3},
                              {"name": "Ben", "hand": ["Giant Growth", "Terror"]}])
    state, events = run(state, cast("Test Spell", *targets))
    assert not of_type(events, "by_hand"), of_type(events, "by_hand")
    assert check(state, events), events


def test_prevention_stops_the_next_damage_then_wears_off():
    shield = spell("Shield", "Prevent the next 3 damage that would be dealt to target creature "
                             "this turn.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(shield, "Lightning Bolt", pool="{R}"), ben()])
    state, events = run(state, cast("Shield", "g"), cast("Lightning Bolt", "g"))
    assert "g" in state.perms and state.perms["g"].damage == 0
    assert of_type(events, "prevented")[0]["amount"] == 3


def test_a_modal_spell_does_the_chosen_mode():
    text = "Choose one —\n• Target player gains 3 life.\n• Target player loses 3 life."
    card_obj = spell("Either", text)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(card_obj), ben()])
    state, _ = run(state, cast("Either", {"player": 1}, mode=1))
    assert state.players[1].life == 17 and state.players[0].life == 20


def test_tokens_enter_the_staging_row():
    card_obj = spell("Sprout", "Create two 1/1 green Saproling creature tokens.", "Sorcery")
    assert _verdict_automated(card_obj)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(card_obj), ben()])
    state, events = run(state, cast("Sprout"))
    made = [e for e in events if e["type"] == "token"]
    assert len(made) == 2 and all(state.perms[e["unit"]].zone == "staging" for e in made)
    assert pt(state, made[0]["unit"]) == (1, 1)


def test_a_card_with_an_unread_clause_still_casts_and_names_what_is_left():
    card_obj = spell("Half", "Target player loses 2 life. Shuffle your library into your hand.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(card_obj), ben()])
    state, events = run(state, cast("Half", {"player": 1}))
    assert state.players[1].life == 18
    assert of_type(events, "by_hand")[0]["clauses"] == ["Shuffle your library into your hand."]


def test_shivan_dragon_pumps_itself_with_its_activated_ability():
    state = position(GRID, [unit("d", "Shivan Dragon", 0, (1, 1)), BEN],
                     players=[ann(pool="{R}{R}"), ben()])
    before = pt(state, "d")
    state, events = run(state, {"type": "activate", "unit": "d", "ability": 0},
                        {"type": "activate", "unit": "d", "ability": 0})
    assert pt(state, "d") == (before[0] + 2, before[1])
    assert not of_type(events, "by_hand")


# ---------------------------------------------------------------------- keywords and protection
def test_a_creature_that_gains_flying_may_fly_this_turn_only():
    hopper = creature("Hopper", ("W",), 1, 1, oracle_text="{W}: Hopper gains flying until end "
                                                           "of turn.")
    state = position(GRID, [unit("h", hopper, 0, (1, 1)), BEN], players=[ann(pool="{W}"), ben()])
    assert (3, 1) not in set(FRONTIER_FACTS(state, "h"))
    state, _ = run(state, {"type": "activate", "unit": "h"})
    assert (3, 1) in set(FRONTIER_FACTS(state, "h")) and state.perms["h"].granted == ("flying",)
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})
    assert state.perms["h"].granted == ()


def FRONTIER_FACTS(state, uid):  # noqa: N802 - reads as a constant helper in the asserts
    from tests.rules.helpers import moves

    return moves(state, uid)


def test_a_static_grant_gives_every_creature_it_names_the_keyword():
    banner = {"name": "Banner", "type_line": "Enchantment",
              "oracle_text": "Creatures you control have flying.", "mana_cost": "{W}"}
    state = position(GRID, [unit("b", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(banner, pool="{W}"), ben()])
    assert _verdict_automated(banner)
    state, _ = run(state, {"type": "cast", "card": "Banner"})
    assert (3, 1) in set(FRONTIER_FACTS(state, "b"))
    assert (2, 4) not in set(FRONTIER_FACTS(state, "ben"))  # not Ben's creatures


def test_protection_from_black_refuses_terror_and_stops_black_damage():
    state = position(GRID, [unit("w", "White Knight", 0, (2, 2)),
                            unit("v", "Sengir Vampire", 1, (3, 2)), BEN],
                     players=[ann(), ben("Terror", pool="{1}{B}")])
    reason = refused(state, cast("Terror", "w"), seat=1)
    assert reason.endswith("Terror can't target White Knight: it has protection from black")
    islands = [["Island"] * 5 for _ in range(5)]  # no terrain bonus for either
    state = position(islands, [unit("w", "White Knight", 0, (2, 2)),
                               unit("v", "Sengir Vampire", 1, (3, 2)), BEN], active=1)
    state, events = run(state, {"type": "attack", "unit": "v", "target": [2, 2]})
    assert "w" in state.perms and state.perms["w"].damage == 0
    assert of_type(events, "prevented")


def test_an_aura_refuses_what_its_enchant_phrase_forbids():
    state = position(GRID, [unit("b", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann("Crusade", "Holy Strength", pool="{W}{W}{W}"), ben()])
    state, _ = run(state, {"type": "cast", "card": "Crusade"})
    crusade = next(p for p in state.perms if state.name(p) == "Crusade")
    reason = refused(state, {"type": "cast", "card": "Holy Strength", "target": crusade})
    assert reason.endswith("Holy Strength can't target Crusade: it is not a creature")


def test_damage_to_a_player_is_prevented_by_a_shield():
    balm = spell("Balm", "Prevent the next 2 damage that would be dealt to any target this turn.")
    assert _verdict_automated(balm)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann("Lightning Bolt", pool="{R}"), ben(balm)], active=0)
    state, _ = run(state, {**cast("Balm", {"player": 1}), "seat": 1},
                   cast("Lightning Bolt", {"player": 1}))
    assert state.players[1].life == 19


# ---------------------------------------------------------------------- "unless its controller pays"
SPIKE = {"name": "Spike", "type_line": "Instant", "mana_cost": "{U}",
         "oracle_text": "Counter target spell unless its controller pays {1}."}


def _spiked(ann_pool: str):
    rows = [list(r) for r in GRID]
    rows[1][1] = "?Plains"  # Ann's only creature stands on a face-down land, tapped: no
    state = position(rows, [unit("a", "Grizzly Bears", 0, (1, 1), tapped=True),  # more mana
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann("Lightning Bolt", pool=ann_pool),
                              ben(SPIKE, pool="{U}", responses=True)])
    state, _ = run(state, cast("Lightning Bolt", "g"))
    bolt = state.stack[-1]["id"]
    return run(state, {**cast("Spike", {"stack": bolt}), "seat": 1})


def test_unless_pays_asks_the_controller_who_may_pay_and_the_spell_resolves():
    state, events = _spiked("{R}{R}")
    view = describe(state)
    assert view["pending"]["kind"] == "choice" and view["pending"]["seat"] == 0
    assert [a["choice"] for a in legal_wire(state, 0)] == ["pay", "decline"]
    refused(state, {"type": "pass"}, seat=0)
    state, events = run(state, {"type": "choose", "choice": "pay", "seat": 0})
    assert "g" not in state.perms and state.decision is None and not state.stack


def test_unless_pays_declined_counters_the_spell():
    state, _ = _spiked("{R}{R}")
    state, events = run(state, {"type": "choose", "choice": "decline", "seat": 0})
    assert "g" in state.perms and of_type(events, "countered")


def test_unless_pays_counters_at_once_when_the_controller_cannot_pay():
    state, events = _spiked("{R}")
    assert state.decision is None and "g" in state.perms and of_type(events, "countered")


def test_an_enchanted_creature_granted_islandwalk_walks_islands():
    rows = [["Island"] * 5 for _ in range(5)]
    oil = {"name": "Oil", "type_line": "Enchantment — Aura", "mana_cost": "{U}",
           "oracle_text": "Enchant creature\nEnchanted creature has islandwalk."}
    assert _verdict_automated(oil)
    state = position(rows, [unit("b", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=[ann(oil, pool="{U}"), ben()])
    assert (3, 1) not in set(FRONTIER_FACTS(state, "b"))
    state, _ = run(state, {"type": "cast", "card": "Oil", "targets": ["b"]})
    assert (3, 1) in set(FRONTIER_FACTS(state, "b"))


def test_activate_only_once_each_turn():
    pinger = creature("Pinger", ("R",), 1, 1, oracle_text="{R}: Pinger deals 1 damage to any "
                                                          "target. Activate only once each turn.")
    state = position(GRID, [unit("p", pinger, 0, (1, 1)), BEN], players=[ann(pool="{R}{R}"), ben()])
    ping = {"type": "activate", "unit": "p", "targets": [{"player": 1}]}
    state, events = run(state, ping)
    assert state.players[1].life == 19 and not of_type(events, "by_hand")
    refused(state, ping, match="only once each turn")
    assert not [a for a in legal_wire(state) if a["type"] == "activate"]


def test_a_delayed_draw_happens_at_the_next_turns_upkeep():
    wine = spell("Wine", "You gain 1 life.\nDraw a card at the beginning of the next turn's "
                         "upkeep.")
    assert _verdict_automated(wine)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [wine], "library": 3}, ben()])
    state, events = run(state, cast("Wine"))
    assert state.players[0].life == 21 and len(state.players[0].hand) == 0
    assert state.delayed and of_type(events, "delayed")
    state, events = run(state, {"type": "pass"}, {"type": "pass"})  # to Ben's upkeep
    assert state.active == 1 and state.phase == "upkeep"
    assert len(state.players[0].hand) == 1 and not state.delayed


def test_a_sacrifice_a_creature_cost_names_the_creature():
    eater = creature("Eater", ("B",), 1, 1, oracle_text="Sacrifice a creature: Eater gets "
                                                        "+2/+2 until end of turn.")
    state = position(GRID, [unit("e", eater, 0, (1, 1)), unit("b", "Grizzly Bears", 0, (1, 3)),
                             BEN])
    assert {"type": "activate", "unit": "e", "sacrifice": ["b"]} in [
        {k: v for k, v in a.items() if k != "pay"} for a in legal_wire(state)]
    refused(state, {"type": "activate", "unit": "e", "sacrifice": ["ben"]},
            match="you can sacrifice only a permanent you control")
    before = pt(state, "e")
    state, events = run(state, {"type": "activate", "unit": "e", "sacrifice": ["b"]})
    assert "b" not in state.perms and pt(state, "e") == (before[0] + 2, before[1] + 2)
    assert "note" not in of_type(events, "activated")[0]


def test_raise_dead_returns_a_creature_card_from_your_graveyard():
    raise_dead = spell("Raise", "Return target creature card from your graveyard to your hand.",
                       "Sorcery")
    back = spell("Back", "Return target creature card from your graveyard to the battlefield.",
                 "Sorcery")
    assert _verdict_automated(raise_dead) and _verdict_automated(back)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [raise_dead, back],
                               "graveyard": ["Hill Giant", "Lightning Bolt", "Serra Angel"]},
                              {"name": "Ben", "graveyard": ["Shivan Dragon"]}])
    listed = [a["targets"] for a in legal_wire(state) if a["type"] == "cast"
              and a["card"] == "Raise"]
    assert [{"graveyard": 0, "card": "Hill Giant"}] in listed
    assert [{"graveyard": 0, "card": "Lightning Bolt"}] not in listed
    assert [{"graveyard": 1, "card": "Shivan Dragon"}] not in listed
    refused(state, cast("Raise", {"graveyard": 0, "card": "Lightning Bolt"}),
            match="not a creature")
    state, _ = run(state, cast("Raise", {"graveyard": 0, "card": "Hill Giant"}),
                   cast("Back", {"graveyard": 0, "card": "Serra Angel"}))
    names = [state.name(c) for c in state.players[0].hand]
    assert "Hill Giant" in names
    angel = [p for p in state.perms.values() if state.name(p.id) == "Serra Angel"]
    assert angel and angel[0].zone == "staging" and angel[0].controller == 0


def test_a_permanent_that_enters_tapped_resolves_tapped():
    rock = {"name": "Rock", "type_line": "Artifact", "mana_cost": "",
            "oracle_text": "Rock enters the battlefield tapped."}
    assert _verdict_automated(rock)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN], players=[ann(rock), ben()])
    state, _ = run(state, {"type": "cast", "card": "Rock"})
    perm = next(p for p in state.perms.values() if state.name(p.id) == "Rock")
    assert perm.tapped


def test_an_aura_that_pumps_and_grants_flying_does_both():
    wings = {"name": "Wings", "type_line": "Enchantment — Aura", "mana_cost": "",
             "oracle_text": "Enchant creature\nEnchanted creature gets +1/+1 and has flying."}
    assert _verdict_automated(wings)
    state = position(GRID, [unit("b", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(wings), ben()])
    before = pt(state, "b")
    state, _ = run(state, {"type": "cast", "card": "Wings", "target": "b"})
    assert pt(state, "b") == (before[0] + 1, before[1] + 1)
    assert (3, 1) in set(FRONTIER_FACTS(state, "b"))


def test_a_chosen_discard_waits_for_the_player_to_choose():
    rot = spell("Rot", "Target player discards two cards.", "Sorcery")
    assert _verdict_automated(rot)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(rot), ben("Giant Growth", "Terror", "Counterspell")])
    state, events = run(state, cast("Rot", {"player": 1}))
    view = describe(state)
    assert view["pending"]["kind"] == "discard" and view["pending"]["seat"] == 1
    assert view["pending"]["count"] == 2
    refused(state, {"type": "discard", "cards": ["Terror"]}, seat=1, match="exactly 2")
    refused(state, {"type": "pass"}, seat=0)
    state, events = run(state, {"type": "discard", "cards": ["Terror", "Counterspell"],
                                "seat": 1})
    assert [state.name(c) for c in state.players[1].hand] == ["Giant Growth"]
    assert state.decision is None and not state.stack


def test_a_discard_of_more_than_the_hand_takes_it_all():
    rot = spell("Rot", "Target player discards two cards.", "Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(rot), ben("Terror")])
    state, _ = run(state, cast("Rot", {"player": 1}))
    assert state.decision is None and not state.players[1].hand


def test_the_discard_decision_never_shows_the_hand_to_the_other_player():
    rot = spell("Rot", "Target player discards a card.", "Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(rot), ben("Giant Growth", "Terror")])
    state, _ = run(state, cast("Rot", {"player": 1}))
    assert describe(state, viewer=1)["pending"]["options"] == ["Giant Growth", "Terror"]
    assert describe(state, viewer=0)["pending"]["options"] == []
    assert "Terror" not in json.dumps(describe(state, viewer=0))


def test_attacking_and_blocking_targets_during_the_attack_window():
    smite = spell("Smite", "Destroy target blocking creature.")
    strike = spell("Strike", "Destroy target attacking creature.")
    state = position(GRID, [unit("a", "Hill Giant", 0, (2, 2)), unit("c", "Hill Giant", 0, (0, 0)),
                            unit("b", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[ann(), ben(smite, strike, responses=True)])
    refused(state, cast("Strike", "a"), seat=1, match="not attacking")
    state, _ = run(state, {"type": "attack", "unit": "a", "target": [3, 2]})
    refused(state, cast("Smite", "a"), seat=1, match="not blocking")
    refused(state, cast("Strike", "c"), seat=1, match="not attacking")
    state, _ = run(state, {**cast("Strike", "a"), "seat": 1})
    assert "a" not in state.perms


def test_the_table_asks_which_targets_a_card_takes_and_which_are_legal():
    from frontier_desktop.rules.core.spell_targets import targeting

    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("v", "Sengir Vampire", 1, (3, 2)),
                            unit("g", "Hill Giant", 1, (3, 3))],
                     players=[ann("Terror", "Lightning Bolt"), ben()])
    terror = next(c for c in state.players[0].hand if state.name(c) == "Terror")
    slots = targeting(state, 0, terror)
    assert [s["text"] for s in slots] == ["target nonartifact, nonblack creature"]
    assert sorted(slots[0]["legal"]) == ["a", "g"]
    sorcerer = position(GRID, [unit("p", "Prodigal Sorcerer", 0, (1, 1)), BEN])
    assert {"player": 1} in targeting(sorcerer, 0, "p", 0)[0]["legal"]
