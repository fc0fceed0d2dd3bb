"""Property tests: random legal games from random decks never raise and keep the invariants.

Each example builds two decks from the bundled pool, starts a game from a random seed and
plays up to 150 actions drawn from ``legal_actions`` (now and then a manual land destruction
or a response window), checking after every action:

- at most one non-banding creature and one controller per square;
- no move ends on a hole (a creature may stay on a hole destroyed under it);
- a revealed land stays revealed (until it is destroyed);
- every card a player owns is somewhere, exactly once; a player at 0 life has lost;
- a player's view carries no face-down land's identity and not the other hand;
- every offered action applies (all of them, every tenth step);
- the recorded game replays to the same state.
"""

from __future__ import annotations

import json
import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.record import new_game, replay
from frontier_desktop.rules import RulesError, apply, legal_actions, player_view
from frontier_desktop.rules.actions import action_from_wire
from frontier_desktop.rules.variants.frontier.board import home_squares
from frontier_desktop.session import LocalSession
from tests.rules.helpers import card, pool

MAX_ACTIONS = 150
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _spells() -> list[str]:
    out = []
    for obj in pool():
        c = card(obj["name"])
        if not c.is_land and c.type_line:
            out.append(c.name)
    return sorted(set(out))


SPELLS = _spells()


@st.composite
def decks(draw):
    out = []
    for _ in range(2):
        lands = draw(st.lists(st.sampled_from(BASICS), min_size=6, max_size=14))
        spells = draw(st.lists(st.sampled_from(SPELLS), min_size=20, max_size=30))
        out.append([card(n) for n in lands + spells])
    return out


def owned_ids(state, seat):
    ids = []
    p = state.players[seat]
    for zone in ("library", "hand", "graveyard", "exile", "land_graveyard"):
        ids += getattr(p, zone)
    ids += [pid for pid, perm in state.perms.items()
            if not pid.startswith("t") and state.owner(pid) == seat]
    ids += [c.land for c in state.cells.values() if c.land and state.owner(c.land) == seat]
    ids += [a for a in state.aside if state.owner(a) == seat]
    ids += [item["obj"] for item in state.stack
            if item.get("kind") == "spell" and state.owner(item["obj"]) == seat]
    return Counter(ids)


def check_invariants(before, after, events, initial_ids):
    occ = after.occupants()
    for pos, ids in occ.items():
        perms = [after.perms[i] for i in ids]
        assert len({p.controller for p in perms}) == 1, f"two controllers on {pos}"
        assert sum(1 for p in perms if not after.card(p.id).has("banding")) <= 1, pos
    # No move ends on a hole; a creature on a hole was already on that square before.
    for e in events:
        if e["type"] == "moved":
            to = tuple(e["to"])
            mover = e["unit"]
            if mover in after.perms and after.perms[mover].at == to:
                assert after.cells[to].land is not None or any(
                    x["type"] == "land_destroyed" and tuple(x["at"]) == to for x in events)
    for perm in after.board_creatures():
        if after.cells[perm.at].land is None:
            old = before.perms.get(perm.id)
            assert old is not None and old.zone == "board" and old.at == perm.at, \
                f"{perm.id} entered the hole {perm.at}"
    # Revealed lands stay revealed.
    for pos, cell in before.cells.items():
        if cell.face_up and after.cells[pos].land is not None:
            assert after.cells[pos].face_up and after.cells[pos].land == cell.land
    # Cards are conserved.
    for seat in (0, 1):
        assert owned_ids(after, seat) == initial_ids[seat]
        assert all(n == 1 for n in owned_ids(after, seat).values())
        if after.players[seat].life <= 0:
            assert after.players[seat].lost and after.game_over
    # Views hide face-down lands and the other hand.
    for viewer in (0, 1):
        view = player_view(after, viewer)
        for r, row in enumerate(view["board"]["rows"]):
            for c, cell in enumerate(row):
                if not after.cells[(r, c)].face_up:
                    assert cell["land"] is None
        other = view["players"][1 - viewer]
        assert "hand" not in other and "hand_ids" not in other and "library" not in other
        assert other["hand_count"] == len(after.players[1 - viewer].hand)
        text = json.dumps(view)
        for card_id in after.players[1 - viewer].hand + after.players[0].library + \
                after.players[1].library:
            assert card_id not in text


def manual_options(state, seat):
    """A few manual actions the random game may throw in (land destruction, responses)."""
    out = []
    for pos, cell in sorted(state.cells.items()):
        if cell.land is not None:
            out.append({"type": "destroy_land", "at": list(pos)})
    out.append({"type": "set_responses", "on": not state.players[1 - seat].responses})
    return out


EXAMPLES = int(os.environ.get("FRONTIER_PROPERTY_EXAMPLES", "25"))
"""25 keeps the suite fast; set the variable higher for a longer hunt."""


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(decks=decks(), seed=st.integers(0, 2**32), depth=st.sampled_from([2, 3, 5]),
       data=st.data())
def test_random_legal_games_keep_the_invariants(decks, seed, depth, data):
    # Shallow boards (depth 2 or 3) bring the armies into contact within a few turns.
    state, header = new_game("frontier", decks, ["Ann", "Ben"], seed=seed,
                             options={"board_depth": depth})
    session = LocalSession(state, record_header=header)
    initial_ids = [owned_ids(state, 0), owned_ids(state, 1)]
    for step in range(MAX_ACTIONS):
        state = session.state
        seat = session.acting_seat()
        if seat is None:
            break
        options = legal_actions(state, seat)
        assert options, "the acting seat always has something to do"
        if step % 10 == 0:
            for action in options:
                apply(state, action, seat)  # every offered action applies
        if state.decision is None and data.draw(st.integers(0, 19), label="manual?") == 0:
            manual = manual_options(state, seat)
            action = manual[data.draw(st.integers(0, len(manual) - 1), label="manual")]
            actor = seat if action["type"] == "destroy_land" else 1 - seat
        else:
            # Pick a kind of action first (move, attack, cast, pass...), then one of that kind:
            # plenty of tap_land options must not drown out moves and attacks.
            kinds = sorted({a.type for a in options})
            kind = kinds[data.draw(st.integers(0, len(kinds) - 1), label="kind")]
            pick_from = [a for a in options if a.type == kind]
            action = pick_from[data.draw(st.integers(0, len(pick_from) - 1), label="action")]
            actor = seat
        if not isinstance(action, dict) and action.type in ("cast", "activate") and data.draw(st.integers(0, 3),
                                                             label="retarget?") == 0:
            # Random targets (any object, player, spell or square): accepted or refused in
            # words, never a crash; a refusal changes nothing.
            pool_of = sorted(state.perms) + [{"player": 0}, {"player": 1}] + [
                {"stack": i["id"]} for i in state.stack] + [[0, 0], "nobody"]
            count = data.draw(st.integers(0, 2), label="count")
            targets = [pool_of[data.draw(st.integers(0, len(pool_of) - 1), label="t")]
                       for _ in range(count)]
            wild = {**action.to_wire(), "targets": targets}
            try:
                apply(state, wild, actor)
            except RulesError as exc:
                assert str(exc) and "Traceback" not in str(exc)
            else:
                action = action_from_wire(wild)
        result = session.submit(actor, action)
        assert result.ok, (action, result.reason)
        check_invariants(state, session.state, result.events, initial_ids)
    again = replay(header, session.actions)
    assert json.dumps(again.to_wire(), sort_keys=True) == json.dumps(session.state.to_wire(),
                                                                     sort_keys=True)


def test_home_squares_helper_sanity():
    state, _ = new_game("frontier", [[card("Forest")] * 10 + [card("Grizzly Bears")] * 10,
                                     [card("Mountain")] * 10 + [card("Hill Giant")] * 10],
                        ["A", "B"])
    assert {p[0] for p in home_squares(state, 0)} == {0}
    assert {p[0] for p in home_squares(state, 1)} == {4}
