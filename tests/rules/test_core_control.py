"""Changes of control, written once in the core (``rules/core/control.py``) for every variant:
"Gain control of target …" for good or until end of turn, and an aura's "You control enchanted
…" while it is attached (each digest's Ruling "change of control" says where the permanent
goes); the honesty rule: only those forms count as carried out."""

from __future__ import annotations

from frontier_desktop.position import load_position
from frontier_desktop.rules.effects.engine_support import verdict
from frontier_desktop.rules.effects.reader import read_card
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, pool, position, run, unit

ISLANDS = [["Island"] * 5 for _ in range(5)]
THIEF = creature("Test Thief", ["U"], 1, 1, oracle_text="{T}: Gain control of target "
                 "creature until end of turn.", type_line="Creature — Human")
TAKE = creature("Test Take", ["U"], oracle_text="Gain control of target creature.",
                mana_cost="{U}", type_line="Sorcery")
CONTROL_MAGIC = "Control Magic"


def _frontier(*extra_units, hand=(), pool_mana="") -> object:
    players = [{"name": "Ann", "hand": list(hand), "mana_pool": pool_mana}, {"name": "Ben"}]
    return position(ISLANDS, [unit("thief", THIEF, 0, (1, 1)),
                              unit("b", "Grizzly Bears", 1, (3, 3)),
                              unit("g", "Hill Giant", 1, (3, 1)), *extra_units],
                    players=players, turn=3)


def test_control_until_end_of_turn_returns_to_the_owner_at_cleanup() -> None:
    state = _frontier()
    state, events = run(state, {"type": "activate", "unit": "thief", "ability": 0,
                                "targets": ["b"]})
    assert state.perms["b"].controller == 0 and state.perms["b"].at == (3, 3)
    assert [(e["unit"], e["to"]) for e in of_type(events, "control") if "unit" in e] == \
        [("b", 0)]
    printed = next(u for u in describe(state, viewer=1)["units"] if u["id"] == "b")
    assert printed["controller"] == 0 and printed["this_turn"] == {"control": True}
    while state.active == 0:
        state, events = run(state, {"type": "pass"})
    assert state.perms["b"].controller == 1
    assert ("b", 1) in [(e["unit"], e["to"]) for e in of_type(events, "control") if "unit" in e]
    assert "this_turn" not in next(u for u in describe(state)["units"] if u["id"] == "b")


def test_control_until_end_of_turn_reads_back_from_a_printed_position() -> None:
    import json

    from frontier_desktop.position import analyse, default_lookup

    state = _frontier()
    state, _ = run(state, {"type": "activate", "unit": "thief", "ability": 0,
                           "targets": ["b"]})
    lookup = default_lookup()
    printed = json.loads(json.dumps(analyse(state, [], view=None, reveal=True,
                                            lookup=lookup)))
    again = load_position(printed, lookup)
    assert again.perms["b"].controller == 0
    while again.active == 0:
        again, _ = run(again, {"type": "pass"})
    assert again.perms["b"].controller == 1  # the effect ended: back to its owner


def test_control_for_good_stays_after_the_turn() -> None:
    state = _frontier(hand=[TAKE], pool_mana="{U}")
    state, _ = run(state, {"type": "cast", "card": "Test Take", "targets": ["g"]})
    assert state.perms["g"].controller == 0
    while state.active == 0:
        state, _ = run(state, {"type": "pass"})
    assert state.perms["g"].controller == 0
    assert "this_turn" not in next(u for u in describe(state)["units"] if u["id"] == "g")


def test_army_a_creature_taken_by_control_magic_goes_to_the_takers_land_next_to_it() -> None:
    # army.md, Ruling (change of control): its new controller's land next to it.
    rows = standard_rows({(1, 2): land("Island", 0, 6), (2, 2): land("Forest", 1, 6),
                          (3, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", creature("Test Bears", ["G"], 2, 2), 0, (1, 2)),
                        unit("e", creature("Test Elk", ["G"], 2, 2), 1, (2, 2))],
                 players=[{"name": "Ann", "hand": [CONTROL_MAGIC], "mana_pool": "{2}{U}{U}"},
                          {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": CONTROL_MAGIC, "targets": ["e"]})
    taken = state.perms["e"]
    assert taken.controller == 0 and taken.at == (1, 2), (taken.controller, taken.at)
    assert of_type(events, "control")


def test_the_conquering_a_taken_creature_stays_in_its_area() -> None:
    from tests.rules.conquering_helpers import clear_board, game, play, put

    state = game(2, seed=3)
    clear_board(state)
    from tests.rules.conquering_helpers import pass_until

    state = pass_until(state, "main")
    area = next(iter(state.board.positions()))
    mine = put(state, "Grizzly Bears", 0, area)
    theirs = put(state, "Hill Giant", 1, area)
    magic = pool().card(CONTROL_MAGIC)
    state.defs = {**state.defs, CONTROL_MAGIC: magic}
    state.cards["cm"] = (CONTROL_MAGIC, 0)
    state.players[0].hand.append("cm")
    state.players[0].pool = {**state.players[0].pool, "U": 2, "C": 2}
    state, _ = play(state, {"type": "cast", "card": CONTROL_MAGIC, "targets": [theirs]})
    assert state.perms[theirs].controller == 0 and state.perms[theirs].at == area
    assert state.perms[mine].controller == 0


def test_only_the_forms_the_core_carries_out_count_as_automated() -> None:
    def left(name: str, text: str, type_line: str) -> tuple[str, ...]:
        return verdict(read_card(name, text, type_line), type_line).not_executed

    assert left("Control Magic", "Enchant creature\nYou control enchanted creature.",
                "Enchantment — Aura") == ()
    assert left("Test Take", "Gain control of target creature.", "Sorcery") == ()
    assert left("Test Thief", "{T}: Gain control of target creature until end of turn.",
                "Creature — Human") == ()
    assert left("Test Mass", "Gain control of all creatures.", "Sorcery") != ()
    conquer = read_card("Test Conquer", "Enchant land\nYou control enchanted land.",
                        "Enchantment — Aura")
    assert conquer.abilities[-1].effects[0].kind == "unimplemented"  # a land is a square
