"""The Conquering on the effects engine (issue 14, conq-fx): instants, sorceries and abilities
through the stack with N-seat response windows, mana creatures and rocks, and the reach
(``shared/rules/conquering.md``, "Bonuses and reach")."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.conquering.actions import Conquer
from tests.rules.conquering_helpers import CQ, clear_board, game, play, put, set_land, to_phase
from tests.rules.helpers import card, creature

MID = (1, 1)
NEAR_S1 = (2, 1)  # the area next to Dale's stronghold S1 on the 3x3


def _hand(state: GameState, seat: int, name: str) -> str:
    c = card(name)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("c")
    state.cards[obj] = (c.name, seat)
    state.players[seat].hand.append(obj)
    return obj


def _main(players: int = 2, mana: str = "{R}{R}{R}{G}{G}{G}{U}{U}{B}{B}{W}{W}") -> GameState:
    """Edna's main phase on a neutral board, the middle area a Swamp of CV 3, a full pool."""
    state = to_phase(game(players, first=0), "main")
    clear_board(state)
    if state.board.contains(MID):
        set_land(state, MID, "Swamp", cv=3)
    state.players[0].pool = parse_pool(mana)
    return state


def _refused(state: GameState, action: A.Action, *words: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        play(state, action)
    for word in words:
        assert word in str(err.value)


# ---------------------------------------------------------------------- the stack
def test_an_instant_resolves_through_the_stack() -> None:
    state = _main()
    bolt = _hand(state, 0, "Lightning Bolt")
    bears = put(state, "Grizzly Bears", 1, MID)
    put(state, "Grizzly Bears", 0, MID)
    state, events = play(state, A.Cast(card=bolt, targets=(bears,)))
    assert bears not in state.perms  # no window asked for: it resolved at once
    assert any(e["type"] == "stacked" for e in events)
    assert any(e["type"] == "died" or e.get("reason") == "lethal damage" for e in events)


def test_a_sorcery_waits_for_the_main_phase_and_an_instant_does_not() -> None:
    state = to_phase(_main(), "movement")
    _hand(state, 0, "Mind Rot")
    bolt = _hand(state, 0, "Lightning Bolt")
    _refused(state, A.Cast(card="Mind Rot", targets=(("player", 0),)), "main phase")
    state, _ = play(state, A.Cast(card=bolt, targets=(("player", 0),)))
    assert not state.stack


def test_response_windows_go_clockwise_to_each_player_who_asked() -> None:
    # Three seats: Dale and Theresa asked for responses and hold Counterspell; Edna's Giant
    # Growth waits for Dale, then Theresa, then resolves.
    state = _main(3)
    growth = _hand(state, 0, "Giant Growth")
    bears = put(state, "Grizzly Bears", 0, "A2")
    for seat in (1, 2):
        state.players[seat].responses = True
        state.players[seat].pool = parse_pool("{U}{U}")
        _hand(state, seat, "Counterspell")
    state, events = play(state, A.Cast(card=growth, targets=(bears,)))
    assert state.pending is not None and state.pending["responder"] == 1
    assert {"type": "priority", "player": 1, "stack": state.stack[-1]["id"]} in events
    assert CQ.legal_actions(state, 2) == []
    _refused(state, A.Pass(), "Dale")  # Edna can't pass for Dale
    state, events = play(state, A.Pass(), 1)
    assert state.pending is not None and state.pending["responder"] == 2
    state, events = play(state, A.Pass(), 2)
    assert state.pending is None and not state.stack
    assert state.perms[bears].pt_mod == (3, 3)


def test_a_responder_answers_with_a_counterspell() -> None:
    state = _main(3)
    growth = _hand(state, 0, "Giant Growth")
    bears = put(state, "Grizzly Bears", 0, "A2")
    state.players[2].responses = True
    state.players[2].pool = parse_pool("{U}{U}")
    _hand(state, 2, "Counterspell")
    state, _ = play(state, A.Cast(card=growth, targets=(bears,)))
    assert state.pending is not None and state.pending["responder"] == 2  # Dale has nothing
    spell = state.stack[-1]["id"]
    assert A.Cast(card="Counterspell", targets=(("stack", spell),)) in CQ.legal_actions(state, 2)
    state, _ = play(state, A.Cast(card="Counterspell", targets=(("stack", spell),)), 2)
    assert not state.stack and state.perms[bears].pt_mod == (0, 0)


def test_mana_creatures_and_rocks_add_to_the_pool() -> None:
    state = _main(mana="")
    elves = put(state, "Llanowar Elves", 0, "S0")
    ring = _hand(state, 0, "Sol Ring")
    state.players[0].pool = parse_pool("{1}")
    state, _ = play(state, A.Cast(card=ring))
    assert state.perms[ring].zone == "staging"
    state, _ = play(state, A.Activate(unit=ring, ability=0))
    state, _ = play(state, A.Activate(unit=elves, ability=0))
    assert state.players[0].pool == parse_pool("{C}{C}{G}")
    growth = _hand(state, 0, "Giant Growth")
    state, _ = play(state, A.Cast(card=growth, targets=(elves,)))
    assert state.perms[elves].pt_mod == (3, 3)


def test_a_rocks_mana_ability_with_a_rider_adds_mana_and_its_rider_happens() -> None:
    """Astrolabe's "Draw a card at the beginning of the next turn's upkeep." (fx_timing
    mana_riders) happens in the Conquering too, beside the mana."""
    astrolabe = Card.from_scryfall(creature(
        "Test Astrolabe", (), 0, 0, type_line="Artifact", oracle_text="{1}, {T}, Sacrifice "
        "Test Astrolabe: Add two mana of any one color. Draw a card at the beginning of the "
        "next turn's upkeep."))
    state = _main(mana="{1}")
    state.defs = {**state.defs, astrolabe.name: astrolabe}
    state.cards["rock"] = (astrolabe.name, 0)
    state.perms["rock"] = Permanent("rock", 0, "staging")
    state, events = play(state, A.Activate(unit="rock", ability=0, mana="{G}{G}"))
    assert state.players[0].pool == parse_pool("{G}{G}") and "rock" not in state.perms
    assert not next(e for e in events if e["type"] == "activated").get("note")
    hand = len(state.players[0].hand)
    for _ in range(40):  # on to the next turn's upkeep
        if state.active == 1 and state.phase == "upkeep":
            break
        state, _ = play(state, A.Pass(), state.active)
    assert state.active == 1 and len(state.players[0].hand) == hand + 1

def test_an_ability_goes_on_the_stack() -> None:
    state = _main()
    sorcerer = put(state, "Prodigal Sorcerer", 0, MID)
    bears = put(state, "Grizzly Bears", 1, MID)
    assert A.Activate(unit=sorcerer, ability=0, targets=(bears,)) in CQ.legal_actions(state, 0)
    state, events = play(state, A.Activate(unit=sorcerer, ability=0, targets=(bears,)))
    assert state.perms[sorcerer].tapped and state.perms[bears].damage == 1


# ---------------------------------------------------------------------- the reach
def test_an_opposing_creature_needs_its_area_or_a_creature_there() -> None:
    state = _main()
    _hand(state, 0, "Lightning Bolt")
    bears = put(state, "Grizzly Bears", 1, MID)
    _refused(state, A.Cast(card="Lightning Bolt", targets=(bears,)), "Grizzly Bears",
             "nor have a creature there")
    with_creature = state.clone()
    put(with_creature, "Grizzly Bears", 0, MID)
    after, _ = play(with_creature, A.Cast(card="Lightning Bolt", targets=(bears,)))
    assert bears not in after.perms
    controlled = state.clone()
    set_land(controlled, MID, "Swamp", cv=3, controller=0)
    after, _ = play(controlled, A.Cast(card="Lightning Bolt", targets=(bears,)))
    assert bears not in after.perms


def test_an_opponent_needs_an_area_next_to_their_stronghold() -> None:
    state = _main()
    _hand(state, 0, "Mind Rot")
    _refused(state, A.Cast(card="Mind Rot", targets=(("player", 1),)), "Dale",
             "Dale's stronghold")
    near = state.clone()
    put(near, "Grizzly Bears", 0, NEAR_S1)
    after, _ = play(near, A.Cast(card="Mind Rot", targets=(("player", 1),)))
    assert after.decision is not None and after.decision["player"] == 1  # Dale discards
    two = tuple(after.players[1].hand[:2])
    after, _ = play(after, A.Discard(cards=two), 1)
    assert after.decision is None and len(after.players[1].graveyard) == 2
    held = state.clone()
    set_land(held, NEAR_S1, "Forest", cv=2, controller=0)
    play(held, A.Cast(card="Mind Rot", targets=(("player", 1),)))


def test_own_creatures_and_oneself_are_always_in_reach() -> None:
    state = _main()
    _hand(state, 0, "Giant Growth")
    mine = put(state, "Grizzly Bears", 0, NEAR_S1)
    after, _ = play(state, A.Cast(card="Giant Growth", targets=(mine,)))
    assert after.perms[mine].pt_mod == (3, 3)
    _hand(state, 0, "Mind Rot")
    play(state, A.Cast(card="Mind Rot", targets=(("player", 0),)))


def test_any_land_but_an_opposing_strongholds() -> None:
    state = _main()
    _hand(state, 0, "Stone Rain")
    set_land(state, (2, 2), "Forest", cv=4, controller=1)
    assert CQ.target_problem(state, 0, None, (2, 2)) is None  # Dale's, nobody of Edna's near
    home = state.cells["S1"].land
    assert home is not None
    assert CQ.target_problem(state, 0, None, home) == \
        "a stronghold's land can't be targeted by its opponents"
    _refused(state, A.Cast(card="Stone Rain", targets=(home,)), "Stone Rain can't target",
             "Plains")


def test_non_creature_permanents_and_spells_are_always_in_reach() -> None:
    state = _main()
    ring = _hand(state, 1, "Sol Ring")
    state.players[1].hand.remove(ring)
    state.perms[ring] = Permanent(ring, 1, "staging")  # off the board: the whole field
    _hand(state, 0, "Disenchant")
    after, _ = play(state, A.Cast(card="Disenchant", targets=(ring,)))
    assert ring not in after.perms


def test_a_creatures_ability_reaches_only_its_own_area() -> None:
    state = _main()
    sorcerer = put(state, "Prodigal Sorcerer", 0, MID)
    put(state, "Grizzly Bears", 0, NEAR_S1)
    bears = put(state, "Grizzly Bears", 1, NEAR_S1)
    _refused(state, A.Activate(unit=sorcerer, ability=0, targets=(bears,)), "Grizzly Bears",
             "reaches only its own area")
    assert A.Activate(unit=sorcerer, ability=0, targets=(bears,)) not in \
        CQ.legal_actions(state, 0)


def _inline(state: GameState, seat: int, obj: dict[str, object], at: object) -> str:
    """Put an inline card (tests.rules.helpers.creature's shape) onto the battlefield."""
    c = Card.from_scryfall(obj)
    state.defs = {**state.defs, c.name: c}
    pid = state.new_id("u")
    state.cards[pid] = (c.name, seat)
    state.perms[pid] = Permanent(pid, seat, "board" if at != "staging" else "staging",
                                 None if at == "staging" else at)
    return pid


def test_an_artifacts_ability_reaches_the_whole_field() -> None:
    # Unlike a creature's, an artifact's ability is not held to one area: it targets as its
    # controller's spells do (here: a creature where Edna has one, far from the artifact).
    state = _main()
    rod = _inline(state, 0, creature("Test Rod", type_line="Artifact", oracle_text=(
        "{T}: Test Rod deals 1 damage to any target.")), "staging")
    put(state, "Grizzly Bears", 0, NEAR_S1)
    bears = put(state, "Grizzly Bears", 1, NEAR_S1)
    state, _ = play(state, A.Activate(unit=rod, ability=0, targets=(bears,)))
    assert state.perms[bears].damage == 1


def test_a_creatures_ability_without_a_target_reaches_only_its_area() -> None:
    state = _main()
    shaman = _inline(state, 0, creature("Test Shaman", power=1, toughness=3, oracle_text=(
        "{T}: Test Shaman deals 1 damage to each creature.")), MID)
    here = put(state, "Grizzly Bears", 1, MID)
    away = put(state, "Grizzly Bears", 1, NEAR_S1)
    state, _ = play(state, A.Activate(unit=shaman, ability=0))
    assert state.perms[here].damage == 1 and state.perms[away].damage == 0


# ---------------------------------------------------------------------- N seats
def test_an_artifacts_target_opponent_is_one_in_reach_among_several() -> None:
    # Three seats: Edna's Test Coffer, an artifact ("target opponent discards a card"),
    # follows the stronghold rule: it may name only Theresa, whose stronghold Edna's Bears
    # stand next to; Dale is out of reach.
    state = _main(3)
    coffer = _inline(state, 0, creature("Test Coffer", type_line="Artifact", oracle_text=(
        "{T}: Target opponent discards a card.")), "staging")
    put(state, "Grizzly Bears", 0, "C2")
    listed = [a for a in CQ.legal_actions(state, 0)
              if isinstance(a, A.Activate) and a.unit == coffer]
    assert listed == [A.Activate(unit=coffer, ability=0, targets=(("player", 2),))]
    _refused(state, A.Activate(unit=coffer, ability=0, targets=(("player", 1),)), "Dale")
    hand = len(state.players[2].hand)
    state, _ = play(state, listed[0])
    assert state.decision is not None and state.decision["player"] == 2  # Theresa discards
    state, _ = play(state, A.Discard(cards=(state.players[2].hand[0],)), 2)
    assert len(state.players[2].hand) == hand - 1 and not state.stack


def test_a_creatures_trigger_never_targets_an_opponent() -> None:
    # Ruling (creatures' abilities and opponents), audit 07: Edna's Ravenous Rats can't
    # make anyone discard, even with her Bears next to Theresa's stronghold: the trigger has
    # no legal target and leaves the stack.
    state = _main(3)
    rats = _hand(state, 0, "Ravenous Rats")
    put(state, "Grizzly Bears", 0, "C2")
    hands = [len(p.hand) for p in state.players[1:]]
    state, events = play(state, A.Cast(card=rats))
    assert state.decision is None and not state.stack
    assert any(e["type"] == "trigger_removed" for e in events)
    assert [len(p.hand) for p in state.players[1:]] == hands


def test_a_creatures_ability_never_targets_an_opponent_but_may_target_its_controller() -> None:
    state = _main()
    pinger = _inline(state, 0, creature("Test Pinger", power=1, toughness=1, oracle_text=(
        "{T}: Test Pinger deals 1 damage to any target.")), NEAR_S1)
    _refused(state, A.Activate(unit=pinger, ability=0, targets=(("player", 1),)),
             "never targets an opponent")
    listed = [a for a in CQ.legal_actions(state, 0) if isinstance(a, A.Activate)]
    assert listed and all(("player", 1) not in a.targets for a in listed)
    play(state, A.Activate(unit=pinger, ability=0, targets=(("player", 0),)))  # itself: fine


def test_each_opponent_reaches_every_other_seat() -> None:
    # Sizzle deals 3 damage to each opponent: both of Edna's opponents, not only the next.
    state = _main(3)
    _hand(state, 0, "Sizzle")
    state, events = play(state, A.Cast(card="Sizzle"))
    hit = sorted(e["player"] for e in events if e["type"] == "life_ignored")  # no life: said
    assert hit == [1, 2]


def test_the_defending_players_are_those_choosing_blocks_against_the_conquest() -> None:
    # "Defending player" in a four-seat game: the players who may block the conquest now,
    # clockwise from the attacker (Frontier's "the opponent" would name only the next seat).
    state = to_phase(_main(4), "conquer")
    mid = (1, 2)
    attacker = put(state, "Grizzly Bears", 0, mid)
    put(state, "Grizzly Bears", 3, mid)
    put(state, "Grizzly Bears", 2, mid)
    assert CQ.defending_players(state, 0) == []
    state, _ = play(state, Conquer(at=mid, units=(attacker,)))
    assert CQ.defending_players(state, 0) == [2, 3]


def test_any_seat_may_ask_for_response_windows_at_any_time() -> None:
    state = _main(3)
    state, events = play(state, A.SetResponses(on=True), 2)  # Theresa, not her turn
    assert state.players[2].responses
    assert {"type": "responses", "player": 2, "on": True} in events


def _leak(state: GameState, *, edna_pays_with: str) -> GameState:
    """Edna's Giant Growth on her Bears, answered by Dale's "counter unless pays {3}"."""
    leak = Card.from_scryfall(creature("Test Leak", type_line="Instant", mana_cost="{1}{U}",
                                       oracle_text="Counter target spell unless its "
                                                   "controller pays {3}."))
    state.defs = {**state.defs, leak.name: leak}
    state.cards["cLeak"] = (leak.name, 1)
    state.players[1].hand.append("cLeak")
    state.players[1].responses = True
    state.players[1].pool = parse_pool("{U}{U}")
    growth = _hand(state, 0, "Giant Growth")
    bears = put(state, "Grizzly Bears", 0, MID)
    state.players[0].pool = parse_pool("{G}" + edna_pays_with)
    state, _ = play(state, A.Cast(card=growth, targets=(bears,)))
    state, _ = play(state, A.Cast(card="Test Leak", targets=(("stack", state.stack[-1]["id"]),)),
                    1)
    return state


def test_counter_unless_its_controller_pays_is_paid_from_the_pool() -> None:
    state = _leak(_main(), edna_pays_with="{R}{R}{R}")
    assert state.decision is not None and state.decision["kind"] == "choice"
    bears = next(p for p in state.perms.values() if p.controller == 0)
    assert CQ.legal_actions(state, 0) == [A.Choose(choice="pay"), A.Choose(choice="decline")]
    state, _ = play(state, A.Choose(choice="pay"))
    assert bears.id in state.perms and state.perms[bears.id].pt_mod == (3, 3)
    assert sum(state.players[0].pool.values()) == 0


def test_counter_unless_its_controller_pays_declined_or_unaffordable() -> None:
    state = _leak(_main(), edna_pays_with="{R}{R}{R}")
    state, _ = play(state, A.Choose(choice="decline"))
    assert not state.stack and all(p.pt_mod == (0, 0) for p in state.perms.values())
    poor = _leak(_main(), edna_pays_with="{R}")  # the pool can't pay: countered at once
    assert poor.decision is None and not poor.stack
    assert all(p.pt_mod == (0, 0) for p in poor.perms.values())


# ---------------------------------------------------------------------- land auras
EVIL_PRESENCE = {"name": "Evil Presence", "mana_cost": "{B}", "colors": ["B"],
                 "type_line": "Enchantment — Aura", "keywords": ["Enchant"],
                 "oracle_text": "Enchant land\nEnchanted land is a Swamp."}


def _land_aura(players: int = 3) -> tuple[GameState, str]:
    """Edna's main phase with Evil Presence in hand; on the triangle, A1 a face-up Island."""
    state = _main(players)
    aura = Card.from_scryfall(EVIL_PRESENCE)
    state.defs = {**state.defs, aura.name: aura}
    state.cards["cAura"] = (aura.name, 0)
    state.players[0].hand.append("cAura")
    if players == 3:
        set_land(state, "A1", "Island", cv=2)
    return state, "cAura"


def test_a_land_aura_targets_an_area_or_a_stronghold_by_its_place() -> None:
    # Audit 06: "any land (never an opposing stronghold's land)", named by its place.
    for place in ("A1", "S0"):
        state, aura = _land_aura()
        land = state.cells[place].land
        state, events = play(state, A.Cast(card="Evil Presence", target=place))
        assert state.perms[aura].attached_to == land
    state, _ = _land_aura()
    _refused(state, A.Cast(card="Evil Presence", target="S1"),
             "a stronghold's land can't be targeted by its opponents")
    _refused(state, A.Cast(card="Evil Presence", target="B1"), "a permanent you can see")
    state.players[1].lost = True  # an eliminated player's stronghold: any land again
    state, _ = play(state, A.Cast(card="Evil Presence", target="S1"))
    assert state.perms["cAura"].attached_to == state.cells["S1"].land


def test_legal_actions_list_land_auras_on_the_lands_they_may_enchant() -> None:
    state, _ = _land_aura()
    listed = {a.target for a in CQ.legal_actions(state, 0)
              if isinstance(a, A.Cast) and a.card == "Evil Presence"}
    assert listed == {"A1", "S0"}  # face-up and not an opposing stronghold
    grid, _ = _land_aura(2)
    listed = {a.target for a in CQ.legal_actions(grid, 0)
              if isinstance(a, A.Cast) and a.card == "Evil Presence"}
    assert listed == {MID, "S0"}


def test_a_creature_aura_is_never_cast_on_a_land() -> None:
    state, _ = _land_aura()
    pacifism = Card.from_scryfall({
        "name": "Pacifism", "mana_cost": "{1}{W}", "colors": ["W"],
        "type_line": "Enchantment — Aura", "keywords": ["Enchant"],
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block."})
    state.defs = {**state.defs, pacifism.name: pacifism}
    state.cards["cPax"] = (pacifism.name, 0)
    state.players[0].hand.append("cPax")
    _refused(state, A.Cast(card="Pacifism", target="A1"), "it is a land")
    assert not any(isinstance(a, A.Cast) and a.card == "Pacifism" and a.target == "A1"
                   for a in CQ.legal_actions(state, 0))


def test_a_land_type_change_is_named_to_the_players_as_by_hand() -> None:
    # Audit 05: the engine doesn't change a land's type, so the cast says what is left to
    # the players (they carry it out with manual actions).
    state, _ = _land_aura()
    state, events = play(state, A.Cast(card="Evil Presence", target="A1"))
    cast = next(e for e in events if e["type"] == "cast")
    assert cast["note"] == "carry out by hand (manual actions): Enchanted land is a Swamp."
