"""Army Magic property tests: random legal games from the sample army keep the invariants,
and bot games with the sample armies reach the end.

After every action of a random legal game:

- every explored (face-up, controlled) land has a controller and 1-6 life, or is a home base
  with 1-20 life (0 only when the game just ended); a face-down land is nobody's;
- no creature both moved and attacked in one turn;
- nothing out of range was ever targeted: every target (and ``origin``) of a ``cast`` is on a
  land its caster controls or next to one, every target of an ``activate`` on the source's own
  land or next to it (checked here from the state before the action, independently of the
  engine's own reach code);
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


def _place(state, target):
    """The land a target names, or None for one that needs no range (a player, the stack, a
    card off the board)."""
    if isinstance(target, (list, tuple)) and len(target) == 2 and all(
            isinstance(v, int) for v in target):
        return tuple(target)
    if isinstance(target, str):
        perm = state.perms.get(target)
        if perm is not None and perm.zone == "board" and perm.at is not None:
            return perm.at
        for pos, cell in state.cells.items():
            if cell.land == target:
                return pos
    return None


def _near(a, b) -> bool:
    """The same land or orthogonally next to it (Army's reach)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1


def out_of_range(state, seat, wire) -> list:
    """The targets (and origin) of a ``cast`` or ``activate`` that Army's range rule forbids,
    judged on *state*, the state before the action."""
    if wire.get("type") not in ("cast", "activate"):
        return []
    named = list(wire.get("targets") or [])
    if wire.get("target") is not None:
        named.append(wire["target"])
    if wire.get("origin") is not None:
        named.append(wire["origin"])
    mine = [pos for pos, cell in state.cells.items()
            if (cell.extra or {}).get("controller") == seat]
    source = state.perms.get(wire.get("unit")) if wire["type"] == "activate" else None
    bad = []
    for target in named:
        place = _place(state, target)
        if place is None:
            continue
        if source is not None and source.zone == "board" and source.at is not None:
            if not _near(source.at, place):
                bad.append(target)
        elif not any(_near(land, place) for land in mine):
            bad.append(target)
    return bad


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
        assert not out_of_range(state, seat, action.to_wire()), action
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


def test_nothing_out_of_range_is_ever_targeted_in_bot_games():
    """Every targeted cast and activation the engine offered in whole bot games is in range
    (and the games do target: auras on creatures, and whatever else the army casts)."""
    targeted = 0
    for seed in range(4):
        state = sample_game(seed, forces=("Benalish Hero", "Mesa Pegasus", "Hill Giant"))
        rng = random.Random(seed)
        for _ in range(3000):
            if state.game_over:
                break
            seat = actor(state)
            options = legal_actions(state, seat)
            for option in options:
                wire = option.to_wire()
                assert not out_of_range(state, seat, wire), wire
                targeted += bool(wire.get("targets") or wire.get("target") or wire.get("origin"))
            state, _ = play_randomly(state, rng, 1)
    assert targeted > 0


def test_the_range_check_itself_catches_a_target_out_of_range():
    # A check that never fires proves nothing: a target four lands away is out of range.
    state = sample_game(1)
    far = (4, 2)  # next to Ben's home base, nowhere near Ann's lands
    assert out_of_range(state, 0, {"type": "cast", "card": "Lightning Bolt",
                                   "targets": [list(far)]})
    assert out_of_range(state, 0, {"type": "cast", "card": "Lightning Bolt", "origin": list(far)})
    assert not out_of_range(state, 0, {"type": "cast", "card": "Lightning Bolt",
                                       "targets": [[1, 2]]})
    hero = next(p for p in state.perms.values() if p.controller == 0 and p.zone == "board")
    assert out_of_range(state, 0, {"type": "activate", "unit": hero.id, "targets": [[2, 2]]})
    assert not out_of_range(state, 0, {"type": "activate", "unit": hero.id,
                                       "targets": [{"player": 1}, [0, 1]]})


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


def test_selfplay_plays_the_sample_armies_to_the_end_by_the_rules():
    """``frontier-desktop selfplay --variant army``: the sample armies, each laid out from its
    deck sections, played by the bot until a home base falls (or a player decks out), never
    stopped by the turn cap; the record replays to the same final state."""
    from frontier_desktop.record import replay
    from frontier_desktop.selfplay import bot_game

    for seed in (1, 2, 3):
        final, header, lines = bot_game(seed, variant="army", turns=10_000)
        assert final.game_over and final.winner in (0, 1), seed
        assert lines[-1]["action"]["type"] != "concede"
        loser = 1 - final.winner
        home = next(c for c in final.cells.values()
                    if (c.extra or {}).get("stronghold_of") == loser)
        assert home.extra["life"] <= 0 or not final.players[loser].library
        assert all("sections" in p for p in header["players"])
        check_invariants(final)
        again = replay(json.loads(json.dumps(header)), lines)
        assert json.dumps(again.to_wire(), sort_keys=True) == \
            json.dumps(final.to_wire(), sort_keys=True)


def test_selfplay_concedes_after_the_turn_cap_in_a_sound_state():
    from frontier_desktop.selfplay import bot_game

    final, _, lines = bot_game(1, variant="army", turns=5)
    assert lines[-1]["action"]["type"] == "concede" and final.game_over
    assert final.winner == 1 - lines[-1]["seat"]
    check_invariants(final)
