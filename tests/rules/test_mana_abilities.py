"""Mana abilities of permanents (issue 10, item 6): Llanowar Elves' "{T}: Add {G}" adds {G}.

Mana abilities are read from oracle text, add their mana at once (no stack, also in the
opponent's turn), respect tapped state and summoning sickness, can be chosen among colours,
are listed by ``legal_actions`` and used by automatic payment; an ability the engine can't
read says so; ``add_mana`` adds mana by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from frontier_desktop.rules import apply, legal_actions
from frontier_desktop.rules.actions import AbilityPayment, action_from_wire
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import choose_mana, parse_mana_effect
from tests.rules.helpers import creature, of_type, position, refused, unit

REPO = Path(__file__).resolve().parent.parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "classic-dev.jsonl"

ROWS = [["Forest", "Forest", "Forest"], ["Forest", "Forest", "Forest"],
        ["Mountain", "Mountain", "Mountain"]]


DARK = [["Forest", "?", "?"], ["?", "?", "?"], ["?", "?", "Mountain"]]
"""Only one face-up land of Ann's to tap: the Forest at [0, 0]."""


def _state(units, hand=(), **kw):
    players = [{"name": "Ann", "hand": list(hand), "library": ["Lich"]},
               {"name": "Ben", "hand": ["Giant Growth"], "library": ["Lich"]}]
    ben = [unit("g", "Hill Giant", 1, (2, 2))]  # so that nobody is owed a free token
    rows = kw.pop("rows", ROWS)
    return position(rows, list(units) + ben, players=players, **kw)


def _pool(state, seat=0):
    return {k: v for k, v in state.players[seat].pool.items() if v}


def _artifact(name, text, cost="{1}"):
    return {"name": name, "type_line": "Artifact", "oracle_text": text, "mana_cost": cost}


# ---------------------------------------------------------------------- reading the text
@pytest.mark.parametrize("effect, options, rest", [
    ("Add {G}.", ("{G}",), ""),
    ("Add {R} or {G}.", ("{R}", "{G}"), ""),
    ("Add one mana of any color.", ("{W}", "{U}", "{B}", "{R}", "{G}"), ""),
    ("Add {C}{C}.", ("{C}{C}",), ""),
    ("Add {B}{B} or {G}{G}.", ("{B}{B}", "{G}{G}"), ""),
    ("Add three mana of any one color.", ("{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}",
                                          "{R}{R}{R}", "{G}{G}{G}"), ""),
    ("Add three mana in any combination of {R} and/or {G}.",
     ("{R}{R}{R}", "{R}{R}{G}", "{R}{G}{G}", "{G}{G}{G}"), ""),
    ("Add {B}. Elves of Deep Shadow deals 1 damage to you.", ("{B}",),
     "Elves of Deep Shadow deals 1 damage to you."),
    ("Add three mana of any one color. Activate only as an instant.",
     ("{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}", "{R}{R}{R}", "{G}{G}{G}"), ""),
])
def test_mana_effects_are_read(effect, options, rest):
    assert parse_mana_effect(effect) == (options, rest)


@pytest.mark.parametrize("effect", [
    "Add one mana of the chosen color.",
    "Add an amount of {B} equal to the sacrificed artifact's mana value.",
    "Add {U}, then add an additional {U} for each charge counter removed this way.",
    "Add one mana of any type that land could produce.",
    "Regenerate Drudge Skeletons.",
])
def test_effects_the_engine_cannot_read_give_no_mana(effect):
    assert parse_mana_effect(effect) is None


def test_costs_are_split_into_what_the_engine_pays_and_what_it_leaves():
    lotus = Card(name="Black Lotus", type_line="Artifact",
                 oracle_text="{T}, Sacrifice Black Lotus: Add three mana of any one color.")
    ability = lotus.activated[0]
    assert ability.taps and ability.sacrifices_self and not ability.other_cost
    assert not ability.pays_automatically
    stones = Card(name="Standing Stones", type_line="Artifact",
                  oracle_text="{1}, {T}, Pay 1 life: Add one mana of any color.")
    assert stones.activated[0].life_cost == 1 and stones.activated[0].mana_cost == "{1}"
    lumberjack = Card(name="Orcish Lumberjack", type_line="Creature — Orc", oracle_text=(
        "{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}."))
    assert lumberjack.activated[0].other_cost == "Sacrifice a Forest"
    elves = Card(name="Llanowar Elves", type_line="Creature — Elf Druid",
                 oracle_text="{T}: Add {G}.")
    assert elves.activated[0].mana == ("{G}",) and elves.activated[0].pays_automatically


def test_every_mana_ability_of_the_classic_corpus_is_read_or_flagged():
    if not CORPUS.exists():
        pytest.skip("the shared classic corpus is not here")
    read = unread = 0
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        card = Card.from_scryfall(json.loads(line))
        if card.is_land or not (card.is_creature or "Artifact" in card.types):
            continue
        for ability in card.activated:
            if not ability.adds_mana:
                continue
            if ability.is_mana_ability:
                read += 1
            else:
                unread += 1
                assert any(w in ability.effect for w in ("chosen", "equal", "additional",
                                                         "could produce")), ability.effect
    # Every "{T}: Add …" of a creature or artifact in Alpha–Mirage but the game-dependent ones.
    assert read >= 35 and unread <= 7, (read, unread)


# ---------------------------------------------------------------------- activating
def test_llanowar_elves_adds_g_to_the_pool():
    state = _state([unit("elf", "Llanowar Elves", 0, (0, 0))])
    after, events = apply(state, {"type": "activate", "unit": "elf", "ability": 0})
    assert _pool(after) == {"G": 1}
    assert after.perms["elf"].tapped
    [event] = of_type(events, "activated")
    assert event["mana"] == "{G}" and event["pool"] == "{G}" and event["modelled"] is True
    assert "note" not in event
    assert after.pending is None, "mana abilities don't wait for a response"


def test_a_tapped_or_summoning_sick_elf_makes_no_mana():
    tapped = _state([unit("elf", "Llanowar Elves", 0, (0, 0), tapped=True)])
    refused(tapped, {"type": "activate", "unit": "elf"}, match="tapped")
    sick = _state([unit("elf", "Llanowar Elves", 0, "staging", sick=True)])
    refused(sick, {"type": "activate", "unit": "elf"}, match="summoning sick")
    assert not [a for a in legal_actions(sick, 0) if a.type == "activate"]


def test_an_artifact_taps_for_mana_the_turn_it_arrives():
    state = _state([unit("ring", "Sol Ring", 0, "staging", sick=True),
                    unit("a", "Grizzly Bears", 0, (0, 0))])
    after, _ = apply(state, {"type": "activate", "unit": "ring"})
    assert _pool(after) == {"C": 2}


def test_a_choice_of_colour_is_an_action_field_and_each_choice_is_listed():
    state = _state([unit("bird", "Birds of Paradise", 0, (0, 0))])
    offered = [a.to_wire() for a in legal_actions(state, 0) if a.type == "activate"]
    assert sorted(a["mana"] for a in offered) == sorted("WUBRG")
    after, _ = apply(state, {"type": "activate", "unit": "bird", "mana": "U"})
    assert _pool(after) == {"U": 1}
    refused(state, {"type": "activate", "unit": "bird", "mana": "{U}{U}"}, match="makes")
    with pytest.raises(InvalidActionError):
        action_from_wire({"type": "activate", "unit": "bird", "mana": 3})


def test_black_lotus_adds_three_of_one_colour_and_is_sacrificed():
    state = _state([unit("lotus", "Black Lotus", 0, "staging"),
                    unit("a", "Grizzly Bears", 0, (0, 0))])
    after, events = apply(state, {"type": "activate", "unit": "lotus", "mana": "R"})
    assert _pool(after) == {"R": 3}
    assert "lotus" not in after.perms and "lotus" in after.players[0].graveyard
    assert of_type(events, "died")[0]["reason"] == "sacrificed"


def test_mana_abilities_work_in_the_opponents_turn_for_instants():
    state = _state([unit("a", "Grizzly Bears", 0, (0, 0)),
                    unit("elf", "Llanowar Elves", 1, (2, 0))])
    after, _ = apply(state, {"type": "activate", "unit": "elf"}, 1)
    assert _pool(after, 1) == {"G": 1} and after.active == 0
    after, events = apply(after, {"type": "cast", "card": "Giant Growth"}, 1)
    assert of_type(events, "cast") and _pool(after, 1) == {}
    # And legal_actions offers the Elves to Ben in Ann's turn.
    assert any(a.type == "activate" and a.unit == "elf" for a in legal_actions(state, 1))


def test_an_ability_the_engine_cannot_read_says_so():
    grail = _artifact("Sol Grail", "As Sol Grail enters the battlefield, choose a color.\n"
                                   "{T}: Add one mana of the chosen color.", "{3}")
    state = _state([unit("grail", grail, 0, "staging"), unit("a", "Grizzly Bears", 0, (0, 0))])
    after, events = apply(state, {"type": "activate", "unit": "grail"})
    [event] = of_type(events, "activated")
    assert event["modelled"] is False and "by hand" in event["note"]
    assert _pool(after) == {}
    # ... and the player adds it by hand, logged like every manual action.
    after, events = apply(after, {"type": "add_mana", "mana": "{W}"})
    assert _pool(after) == {"W": 1}
    assert events[0]["type"] == "manual" and events[0]["action"] == "add_mana"
    assert events[0]["mana"] == "{W}"


def test_add_mana_by_hand_reads_symbols_or_letters_and_refuses_nonsense():
    state = _state([unit("a", "Grizzly Bears", 0, (0, 0))])
    after, _ = apply(state, {"type": "add_mana", "mana": "GG"})
    assert _pool(after) == {"G": 2}
    after, _ = apply(state, {"type": "add_mana", "mana": "{2}{R}"}, 1)
    assert _pool(after, 1) == {"C": 2, "R": 1}
    refused(state, {"type": "add_mana", "mana": "{Q}"}, error=InvalidActionError)


def test_the_rest_of_a_mana_abilitys_text_is_left_to_the_players_in_words():
    elves = creature("Test Elves", ("B",), oracle_text=(
        "{T}: Add {B}. You may look at the top card of your library."), mana_cost="{B}")
    state = _state([unit("e", elves, 0, (0, 0))])
    after, events = apply(state, {"type": "activate", "unit": "e"})
    assert _pool(after) == {"B": 1}
    assert "look at the top card" in of_type(events, "activated")[0]["note"]


def test_elves_of_deep_shadow_deal_their_damage_with_the_mana():
    # fx-mana: "CARDNAME deals 1 damage to you" after the mana is carried out.
    elves = creature("Elves of Deep Shadow", ("B",), oracle_text=(
        "{T}: Add {B}. Elves of Deep Shadow deals 1 damage to you."), mana_cost="{B}")
    state = _state([unit("e", elves, 0, (0, 0))])
    after, events = apply(state, {"type": "activate", "unit": "e"})
    assert _pool(after) == {"B": 1} and after.players[0].life == state.players[0].life - 1
    assert "note" not in of_type(events, "activated")[0]


# ---------------------------------------------------------------------- automatic payment
def test_automatic_payment_uses_the_elves():
    # Ann's only mana: a Forest under her Bears and her Llanowar Elves; Grizzly Bears costs {1}{G}.
    state = _state([unit("a", "Grizzly Bears", 0, (0, 0)),
                    unit("elf", "Llanowar Elves", 0, (1, 2))], hand=["Grizzly Bears"], rows=DARK)
    elfless = _state([unit("a", "Grizzly Bears", 0, (0, 0))], hand=["Grizzly Bears"], rows=DARK)
    assert not [a for a in legal_actions(elfless, 0) if a.type == "cast"]
    casts = [a for a in legal_actions(state, 0) if a.type == "cast"]
    assert casts, "the Elves' mana makes the Bears castable"
    assert any(isinstance(e, AbilityPayment) and e.unit == "elf" for e in casts[0].pay)
    after, _ = apply(state, casts[0].to_wire())
    assert after.perms["elf"].tapped and "Grizzly Bears" in [after.name(i) for i in after.perms]


def test_automatic_payment_taps_lands_before_creatures():
    # Giant Growth costs {G}: the Forest under the Bears pays, the Elves stay untapped.
    state = _state([unit("a", "Grizzly Bears", 0, (0, 0)),
                    unit("elf", "Llanowar Elves", 0, (2, 0))], hand=["Giant Growth"])
    cast = next(a for a in legal_actions(state, 0) if a.type == "cast")
    assert not any(isinstance(e, AbilityPayment) for e in cast.pay)
    after, _ = apply(state, cast.to_wire())
    assert not after.perms["elf"].tapped


def test_automatic_payment_never_sacrifices_or_uses_a_sick_creature():
    state = _state([unit("a", "Grizzly Bears", 0, (1, 1)),
                    unit("lotus", "Black Lotus", 0, "staging"),
                    unit("elf", "Llanowar Elves", 0, "staging", sick=True)],
                   hand=["Giant Growth"], rows=DARK)
    assert not [a for a in legal_actions(state, 0) if a.type == "cast"]


def test_pay_entries_round_trip_and_name_the_ability():
    wire = {"type": "cast", "card": "Grizzly Bears",
            "pay": [[0, 0], {"unit": "bird", "ability": 0, "mana": "G"}]}
    action = action_from_wire(wire)
    assert action.pay[1] == AbilityPayment("bird", 0, "G")
    assert action.to_wire() == wire


def test_choose_mana():
    assert choose_mana(("{R}", "{G}"), None) == "{R}"
    assert choose_mana(("{R}", "{G}"), "g") == "{G}"
    assert choose_mana(("{R}{R}{G}", "{R}{G}{G}"), "{G}{R}{G}") == "{R}{G}{G}"
    assert choose_mana(("{R}",), "U") is None


# ---------------------------------------------------------------------- the position command
def test_the_position_command_activates_the_elves(tmp_path):
    doc = {"format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
           "players": [{"name": "Ann"}, {"name": "Ben"}], "board": {"rows": ROWS},
           "units": [{"id": "elf", "card": "Llanowar Elves", "owner": 0, "at": [0, 0]},
                     {"id": "bird", "card": "Birds of Paradise", "owner": 0, "at": [0, 1]},
                     {"id": "g", "card": "Hill Giant", "owner": 1, "at": [2, 2]}]}
    pos = tmp_path / "elves.json"
    pos.write_text(json.dumps(doc), encoding="utf-8")
    acts = tmp_path / "acts.jsonl"
    acts.write_text(json.dumps({"type": "activate", "unit": "elf", "ability": 0}) + "\n" +
                    json.dumps({"type": "activate", "unit": "bird", "ability": 0, "mana": "W"})
                    + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "frontier_desktop", "position", str(pos),
                           "--apply", str(acts)], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["players"][0]["mana_pool"] in ("{W}{G}", "{G}{W}")


def test_refusals_leave_the_state_alone():
    state = _state([unit("elf", "Llanowar Elves", 0, (0, 0))])
    with pytest.raises(IllegalActionError):
        apply(state, {"type": "activate", "unit": "elf", "ability": 3})
    refused(state, {"type": "activate", "unit": "elf"}, seat=1)


def test_the_log_says_what_mana_an_ability_added():
    from frontier_desktop.ui.table.words import Namer, action_words, event_words

    names = Namer(["Ann", "Ben"])
    state = _state([unit("elf", "Llanowar Elves", 0, (0, 0))])
    _, events = apply(state, {"type": "activate", "unit": "elf"})
    line = event_words(of_type(events, "activated")[0], names)
    assert line is not None and "Llanowar Elves adds {G}" in line
    assert action_words({"type": "add_mana", "mana": "{G}"}, 0, names) == "Ann adds {G} by hand"
