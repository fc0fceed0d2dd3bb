"""The War Game's board, set-up and turn (``shared/rules/wargame.md``; see the table in
``tests/rules/wargame_helpers.py``)."""

from __future__ import annotations

from collections import Counter

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.variants.wargame.actions import Heal
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import (
    NAMES, WG, all_plains, deck, game, give, pass_to, play, put, set_land, supply, to_phase,
    wargame_view, with_supply,
)


def _terrain(state):
    return [state.name(state.cells[p].land) for p in state.board.positions()]


def test_the_decks_one_basic_is_the_stronghold() -> None:
    state = game(2, decks=[deck(land="Island"), deck(land="Swamp")])
    assert state.name(state.cells["S0"].land) == "Island"
    assert state.name(state.cells["S1"].land) == "Swamp"
    for player in state.players:
        cards = player.library + player.hand
        assert len(cards) == 40 and all(state.name(c) == "Grizzly Bears" for c in cards)


def test_terrain_is_fifteen_face_up_basics_three_of_each_shuffled_by_seed() -> None:
    a, b, again = game(seed=1), game(seed=2), game(seed=1)
    assert (a.board.rows, a.board.cols) == (3, 5)
    assert Counter(_terrain(a)) == {t: 3 for t in ("Plains", "Island", "Swamp", "Mountain",
                                                   "Forest")}
    assert all(a.cells[p].face_up for p in a.board.positions())
    assert _terrain(a) == _terrain(again)
    assert _terrain(a) != _terrain(b)


@pytest.mark.parametrize("players, beside", [
    (2, {"S0": (1, 0), "S1": (1, 4)}),                              # A west, C east
    # Row 0 is the south edge (nearest player 0), the last row the north (wargame-rules 08).
    (3, {"S0": (1, 0), "S1": (2, 2), "S2": (1, 4)}),                # A, B north, C
    (4, {"S0": (1, 0), "S1": (2, 2), "S2": (1, 4), "S3": (0, 2)}),  # and D south
])
def test_strongholds_by_player_count(players: int, beside: dict[str, tuple[int, int]]) -> None:
    state = game(players)
    assert dict(state.board.outside) == beside
    view = wargame_view(state, None)
    assert [s["letter"] for s in view["board"]["strongholds"]] == list("ABCD"[:players]) \
        if players != 2 else ["A", "C"]
    assert all(s["controller"] == s["player"] for s in view["board"]["strongholds"])


def test_a_stronghold_is_adjacent_only_to_its_terrain() -> None:
    state = game(4)
    assert state.board.neighbours("S1") == ((2, 2),)
    assert "S1" in state.board.neighbours((2, 2))
    assert "S1" not in state.board.neighbours((2, 1)) + state.board.neighbours((1, 2))
    assert not state.board.contains("S1")


def test_a_stronghold_is_face_down_to_the_others() -> None:
    state = game(3, decks=[deck(land="Island"), deck(land="Swamp"), deck(land="Plains")])
    for viewer in range(3):
        shown = {s["place"]: s["land"] for s in wargame_view(state, viewer)["board"]["strongholds"]}
        assert shown == {f"S{k}": (["Island", "Swamp", "Plains"][k] if k == viewer else None)
                         for k in range(3)}
    assert all(not state.cells[f"S{k}"].face_up for k in range(3))


def test_first_player_by_die_roll_then_clockwise() -> None:
    firsts = set()
    for seed in range(12):
        state = WG.new_game([deck()] * 4, NAMES, seed=seed)
        firsts.add(state.active)
    assert firsts == {0, 1, 2, 3}
    state = game(3, first=1)
    seen = [state.active]
    for _ in range(3):
        state = pass_to(state, "heal", (seen[-1] + 1) % 3)
        seen.append(state.active)
    assert seen == [1, 2, 0, 1]


def test_the_turn_walks_the_war_games_steps() -> None:
    state = game(2)
    assert state.phase == "heal"  # untap, draw and supply are carried out on the way
    phases = []
    for _ in range(5):
        state, events = play(state, A.Pass())
        phases += [e["phase"] for e in events if e["type"] == "phase"]
    assert phases == ["movement", "combat", "casting", "discard", "heal"]
    assert state.active == 1


def test_five_cards_then_one_a_turn() -> None:
    state = game(2)
    assert len(state.players[1].hand) == 5
    assert len(state.players[0].hand) == 6  # the first player drew in their draw step
    state = pass_to(state, "heal", 1)
    assert len(state.players[1].hand) == 6


def test_supply_accumulates_and_carries_over() -> None:
    state = game(2)
    rolls = []
    for turn in range(4):
        before = supply(state, 1)
        state, events = play(pass_to(state, "discard", state.active), A.Pass())
        if state.active == 1:
            event = next(e for e in events if e["type"] == "supply")
            assert 1 <= event["roll"] <= 6
            assert event["total"] == before + event["roll"] == supply(state, 1)
            rolls.append(event["roll"])
    assert len(rolls) == 2 and supply(state, 1) == sum(rolls)


def test_heal_costs_supply_at_most_two_a_turn() -> None:
    state = with_supply(all_plains(game(2)), 0, 5)
    bear = put(state, "Grizzly Bears", 0, (1, 1), damage=1)
    ogre = put(state, "Serra Angel", 0, (1, 1), damage=3)  # 5/5 on Plains
    state, _ = play(state, Heal(unit=bear, amount=1))
    assert state.perms[bear].damage == 0 and supply(state, 0) == 4
    with pytest.raises(IllegalActionError, match="only 0 damage"):
        play(state, Heal(unit=bear, amount=1))
    state, _ = play(state, Heal(unit=ogre, amount=2))
    assert state.perms[ogre].damage == 1 and supply(state, 0) == 2
    with pytest.raises(IllegalActionError, match="at most 2"):
        play(state, Heal(unit=ogre, amount=1))
    poor = with_supply(state, 0, 0)
    poor.extra["turn"]["healed"] = {}
    with pytest.raises(IllegalActionError, match="supply"):
        play(poor, Heal(unit=ogre, amount=1))


def test_regeneration_heals_one_for_free() -> None:
    state = all_plains(game(2))
    set_land(state, (1, 1), "Forest")  # River Boa 3/2 there
    boa = put(state, "River Boa", 1, (1, 1), damage=1)
    bear = put(state, "Grizzly Bears", 1, (1, 1), damage=1)
    state = pass_to(state, "heal", 1)
    assert state.perms[boa].damage == 0
    assert state.perms[bear].damage == 1
    assert wargame_view(state, 0)["units"][0]["healed"] == 0  # counts only paid points


def test_the_free_regeneration_point_comes_on_top_of_the_two_paid() -> None:
    # wargame-rules 12: the free heal counted toward "at most 2", so paying 2 more was refused.
    state = all_plains(game(2))
    wall = put(state, Card.from_scryfall(creature(
        "Wall of Bone", ("B",), 1, 4, oracle_text="{B}: Regenerate Wall of Bone.",
        type_line="Creature — Skeleton Wall")), 1, (1, 1), damage=3)
    state = pass_to(state, "heal", 1)
    assert state.perms[wall].damage == 2
    state.extra["supply"] = [0, 5]
    state, events = play(state, Heal(unit=wall, amount=2), 1)
    assert state.perms[wall].damage == 0 and wargame_view(state, 1)["players"][1]["supply"] == 3
    assert [e["paid"] for e in events if e["type"] == "healed"] == [2]


def test_damage_stays_over_turns() -> None:
    state = all_plains(game(2))
    ogre = put(state, "Hill Giant", 1, (1, 1), damage=2)
    state = pass_to(state, "heal", 1)
    state = pass_to(state, "heal", 0)
    assert state.perms[ogre].damage == 2


def test_an_empty_library_is_refilled_from_the_removed_pile() -> None:
    state = game(2).clone()
    p1 = state.players[1]
    p1.graveyard, p1.library = p1.library, []
    state, events = play(pass_to(state, "discard", 0), A.Pass())
    assert any(e["type"] == "shuffled" and e["player"] == 1 and e["cards"] == 35
               for e in events)
    assert len(p1.graveyard) == 35 and state.players[1].graveyard == []
    assert len(state.players[1].library) == 34 and len(state.players[1].hand) == 6
    assert wargame_view(state, 0)["players"][1]["removed"] == 0


def test_discard_down_to_eight() -> None:
    state = to_phase(game(2), "discard")
    for _ in range(4):
        give(state, 0, "Grizzly Bears")
    assert len(state.players[0].hand) == 10
    with pytest.raises(IllegalActionError):
        play(state, A.Pass())
    state, _ = play(state, A.Discard(cards=tuple(state.players[0].hand[:2])))
    assert len(state.players[0].hand) == 8
    assert len(state.players[0].graveyard) == 2
    assert wargame_view(state, 1)["players"][0]["removed"] == 2
    state, _ = play(state, A.Pass())
    assert state.active == 1


