"""Army Magic property tests: random legal games from the sample army keep the invariants,
and bot games with the sample armies reach the end.

After every action of a random legal game:

- every explored (face-up, controlled) land has a controller and 1-6 life, or is a home base
  with 1-20 life (0 only when the game just ended); a face-down land is nobody's;
- no creature both moved and attacked in one turn;
- only one player's creatures stand on a land (but while a retreat is being chosen);
- a player's view names no face-down land and not the other hand;
- the game replays to the same state from its seed and actions.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.rules import apply, legal_actions, player_view
from tests.rules.army_helpers import actor, play_randomly, sample_game


def check_invariants(state) -> None:
    for pos, cell in state.cells.items():
        extra = cell.extra or {}
        who, life, home = extra.get("controller"), extra.get("life"), extra.get("stronghold_of")
        if not cell.face_up:
            assert who is None and life is None, pos
            continue
        if who is None:
            continue
        if home is not None:
            assert 0 <= life and (life >= 1 or state.game_over), (pos, life)
        else:
            assert 1 <= life <= 6, (pos, life)
    seen: dict = {}
    for perm in state.board_creatures():
        assert not (perm.moved and perm.attacked), perm.id
        seen.setdefault(perm.at, set()).add(perm.controller)
    retreating = state.decision is not None and state.decision["kind"] == "retreat"
    # Only while the loser chooses where to retreat do their creatures share the lost land.
    assert retreating or all(len(s) == 1 for s in seen.values())


def check_view(state) -> None:
    for viewer in (0, 1):
        view = player_view(state, viewer)
        for row in view["board"]["rows"]:
            for cell in row:
                if not cell["face_up"]:
                    assert cell["land"] is None
        text = json.dumps(view)
        assert not any(c in text for c in state.players[1 - viewer].hand)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.integers(0, 2**31))
def test_random_legal_army_games_keep_the_invariants_and_replay_exactly(seed, picks):
    start = sample_game(seed, options={"hidden_treasure": seed % 2 == 0},
                        forces=("Benalish Hero", "Mesa Pegasus", "Hill Giant"))
    rng = random.Random(picks)
    state = start
    played = []
    for step in range(250):
        if state.game_over:
            break
        seat = actor(state)
        options = legal_actions(state, seat)
        assert options
        action = rng.choice(options) if rng.random() < 0.5 else rng.choice(
            [a for a in options if a.type in ("attack", "move", "block")] or options)
        state, _ = apply(state, action, seat)
        played.append((seat, action.to_wire()))
        check_invariants(state)
        if step % 25 == 0:
            check_view(state)
    again = start
    for seat, wire in played:
        again, _ = apply(again, wire, seat)
    assert json.dumps(again.to_wire(), sort_keys=True) == json.dumps(state.to_wire(), sort_keys=True)


def test_bot_games_with_the_sample_armies_reach_the_end():
    ends = []
    for seed in range(4):
        state, played = play_randomly(sample_game(seed), random.Random(seed), 6000)
        assert state.game_over, f"seed {seed}: still going on turn {state.turn}"
        ends.append(state.winner)
        check_invariants(state)
    assert set(ends) <= {0, 1}


def test_an_army_game_record_keeps_the_sections_and_replays_exactly():
    from frontier_desktop.record import new_game, replay
    from tests.rules.army_helpers import read_army
    from tests.rules.helpers import card

    library, sections = read_army()
    sections = {**sections, "initial_forces": [card("Hill Giant")]}
    state, header = new_game("army", [library, library], ["Ann", "Ben"], seed=9,
                             sections=[sections, sections])
    assert header["players"][0]["sections"]["initial_forces"] == ["Hill Giant"]
    final, played = play_randomly(state, random.Random(9), 300)
    lines = [{"seat": s, "action": a.to_wire()} for s, a in played]
    again = replay(json.loads(json.dumps(header)), lines)
    assert json.dumps(again.to_wire(), sort_keys=True) == json.dumps(final.to_wire(), sort_keys=True)
