"""What a War Game view prints (``spec/variant-positions.md``, "Output additions"), through
the shared :func:`~frontier_desktop.rules.views.player_view` with ``variant=``."""

from __future__ import annotations

import json

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.views import describe, player_view
from tests.rules.wargame_helpers import (
    WG, all_plains, deck, game, play, put, to_phase, with_supply,
)


def test_views_print_supply_removed_units_and_places() -> None:
    state = with_supply(to_phase(all_plains(game(2)), "movement"), 0, 4)
    bear = put(state, "Grizzly Bears", 0, (1, 0))
    state.players[1].graveyard = state.players[1].library[:3]
    state, _ = play(state, A.Move(unit=bear, to="S0"))
    view = player_view(state, 1, variant=WG)
    assert [p["supply"] for p in view["players"]] == [4, 0]
    assert [p["removed"] for p in view["players"]] == [0, 3]
    unit = view["units"][0]
    assert (unit["at"], unit["damage"], unit["healed"], unit["carried_by"]) == ("S0", 0, 0, None)
    assert [s["place"] for s in view["board"]["strongholds"]] == ["S0", "S1"]
    assert view["board"]["strongholds"][0]["beside"] == [1, 0]


def test_no_view_or_event_shows_another_players_stronghold() -> None:
    state = game(2, decks=[deck(land="Island"), deck(land="Swamp")])
    events: list = []
    for _ in range(6):
        state, more = play(state, A.Pass())
        events += more
    as_ben = json.dumps(player_view(state, 1, variant=WG))
    assert "Island" not in json.dumps([s for s in json.loads(as_ben)["board"]["strongholds"]])
    assert "Swamp" in as_ben  # his own
    analysis = describe(state, variant=WG)
    assert all(s["land"] is None for s in analysis["board"]["strongholds"])
    assert "H0" not in json.dumps(events) and "H1" not in json.dumps(events)
