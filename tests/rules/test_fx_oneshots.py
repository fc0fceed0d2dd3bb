"""fx-oneshots (issue 12): one-shot spell and ability effects carried out by the engine.

Each test casts or activates a card (its real oracle text, inline) in a small Frontier position
and checks the state after; the last tests check the verdicts the corpus report counts.
"""

from __future__ import annotations

import json

from frontier_desktop.rules.views import describe
from tests.rules.helpers import creature, legal_wire, of_type, position, refused, run, unit

P = "Plains"
M = "Mountain"
GRID = [[P] * 5 for _ in range(5)]
BEN = unit("ben", "Hill Giant", 1, (4, 4))


def spell(name: str, text: str, kind: str = "Instant", cost: str = "",
          colours: tuple[str, ...] = ()) -> dict[str, object]:
    """An instant or sorcery; its printed *cost* is left out (free to cast) unless it has X."""
    return {"name": name, "type_line": kind, "oracle_text": text,
            "mana_cost": cost if "X" in cost else "", "colors": list(colours)}


def thing(name: str, text: str, kind: str = "Artifact", cost: str = "",
          colours: tuple[str, ...] = ()) -> dict[str, object]:
    return {"name": name, "type_line": kind, "oracle_text": text, "mana_cost": cost,
            "colors": list(colours)}


def ann(*cards: object, pool: str = "", **extra: object) -> dict[str, object]:
    return {"name": "Ann", "hand": list(cards), "mana_pool": pool, **extra}


def ben(*cards: object, pool: str = "", **extra: object) -> dict[str, object]:
    return {"name": "Ben", "hand": list(cards), "mana_pool": pool, **extra}


def cast(name: str, *targets: object, **extra: object) -> dict[str, object]:
    return {"type": "cast", "card": name, "targets": list(targets), **extra}


def choose(choice: object, seat: int | None = None) -> dict[str, object]:
    out: dict[str, object] = {"type": "choose", "choice": choice}
    if seat is not None:
        out["seat"] = seat
    return out


# ---------------------------------------------------------------------- library and graveyard
DISEMPOWER = spell("Disempower", "Put target artifact or enchantment on top of its owner's "
                                 "library.", cost="{1}{W}", colours=("W",))


def test_disempower_puts_an_artifact_on_top_of_its_owners_library():
    rod = thing("Rod", "{T}: Add {C}.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("r", rod, 1, "staging"),
                            BEN], players=[ann(DISEMPOWER), ben(library=2)])
    state, events = run(state, cast("Disempower", "r"))
    assert "r" not in state.perms
    assert state.name(state.players[1].library[0]) == "Rod"
    assert not of_type(events, "by_hand")


def test_headstone_exiles_a_card_from_a_graveyard():
    headstone = spell("Headstone", "Exile target card from a graveyard.\nDraw a card at the "
                                   "beginning of the next turn's upkeep.", cost="{1}{B}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(headstone), ben(graveyard=["Hill Giant"])])
    state, events = run(state, cast("Headstone", {"graveyard": 1, "card": "Hill Giant"}))
    assert state.players[1].graveyard == [] and \
        [state.name(c) for c in state.players[1].exile] == ["Hill Giant"]
    assert not of_type(events, "by_hand")


def test_hymn_of_rebirth_puts_a_creature_card_from_a_graveyard_into_the_casters_staging_row():
    hymn = spell("Hymn of Rebirth", "Put target creature card from a graveyard onto the "
                                    "battlefield under your control.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(hymn), ben(graveyard=["Hill Giant"])])
    state, events = run(state, cast("Hymn of Rebirth", {"graveyard": 1, "card": "Hill Giant"}))
    giant = next(p for p in state.perms.values() if state.name(p.id) == "Hill Giant"
                 and p.id != "ben")
    assert giant.controller == 0 and giant.zone == "staging"
    assert not state.players[1].graveyard and not of_type(events, "by_hand")


def test_afterlife_gives_the_destroyed_creatures_controller_a_spirit():
    afterlife = spell("Afterlife", "Destroy target creature. It can't be regenerated. Its "
                                   "controller creates a 1/1 white Spirit creature token with "
                                   "flying.", cost="{2}{W}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN], players=[ann(afterlife), ben()])
    state, events = run(state, cast("Afterlife", "g"))
    assert "g" not in state.perms
    tokens = of_type(events, "token")
    assert len(tokens) == 1 and tokens[0]["player"] == 1
    assert state.perms[tokens[0]["unit"]].controller == 1
    assert not of_type(events, "by_hand")


# ---------------------------------------------------------------------- prevention
def test_alabaster_potion_prevents_the_next_x_damage():
    potion = spell("Alabaster Potion", "Choose one —\n• Target player gains X life.\n• Prevent "
                                       "the next X damage that would be dealt to any target this "
                                       "turn.", cost="{X}{W}{W}")
    bolt = spell("Bolt", "Bolt deals 3 damage to any target.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(potion, bolt, pool="{W}{W}{2}"), ben()])
    state, events = run(state, cast("Alabaster Potion", {"player": 0}, x=2, mode=[1]),
                        cast("Bolt", {"player": 0}))
    assert state.players[0].life == 19
    assert not of_type(events, "by_hand")


HORN = thing("Horn of Deafening", "{2}, {T}: Prevent all combat damage that would be dealt by "
                                  "target creature this turn.")


def test_horn_of_deafening_silences_an_attacker():
    state = position(GRID, [unit("h", HORN, 1, "staging"), unit("g", "Hill Giant", 0, (3, 2)),
                            unit("b", "Grizzly Bears", 1, (4, 2))],
                     players=[ann(), ben(pool="{2}")])
    state, events = run(state, {"type": "activate", "unit": "h", "targets": ["g"], "seat": 1})
    assert not of_type(events, "by_hand")
    state, events = run(state, {"type": "attack", "unit": "g", "target": [4, 2]})
    assert "b" in state.perms and state.perms["b"].damage == 0  # the giant's 3 is prevented
    assert "g" in state.perms and state.perms["g"].damage == 2  # the bears still strike back


CIRCLE = thing("Circle of Protection: Red", "{1}: The next time a red source of your choice "
                                            "would deal damage to you this turn, prevent that "
                                            "damage.", kind="Enchantment", colours=("W",))
RED_BOLT = spell("Bolt", "Bolt deals 3 damage to any target.", colours=("R",))


def test_a_circle_of_protection_asks_for_a_red_source_and_stops_its_next_damage():
    imp = creature("Imp", ("R",), 1, 1, oracle_text="{T}: Imp deals 1 damage to any target.")
    state = position(GRID, [unit("c", CIRCLE, 0, "staging"), unit("i", imp, 1, (3, 3)),
                            unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(pool="{1}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "c"})
    pending = describe(state, viewer=0)["pending"]
    assert pending["kind"] == "choice" and pending["options"] == ["Hill Giant", "Imp"]
    assert "red source" in pending["prompt"]
    assert {"type": "choose", "choice": "Imp"} in legal_wire(state, 0)
    state, events = run(state, choose("Imp"))
    assert state.decision is None
    state, events = run(state, {"type": "activate", "unit": "i", "targets": [{"player": 0}],
                                "seat": 1})
    assert state.players[0].life == 20
    assert of_type(events, "prevented")


def test_a_circle_with_no_source_of_its_colour_does_nothing():
    state = position(GRID, [unit("c", CIRCLE, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 1, (4, 4))],
                     players=[ann(pool="{1}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "c"})
    assert state.decision is None and of_type(events, "no_choice")


# ---------------------------------------------------------------------- poison, tap, untap
def test_pit_scorpion_gives_poison_and_ten_lose_the_game():
    scorpion = creature("Pit Scorpion", ("B",), 1, 1,
                        oracle_text="Whenever Pit Scorpion deals damage to a player, that player "
                                    "gets a poison counter. (A player with ten or more poison "
                                    "counters loses the game.)")
    state = position(GRID, [unit("s", scorpion, 0, (4, 2)), BEN])
    state.extra["fx_poison"] = {"1": 9}
    state, events = run(state, {"type": "attack", "unit": "s", "target": "player"})
    assert state.extra["fx_poison"]["1"] == 10
    assert state.game_over and state.winner == 0
    assert describe(state, viewer=0)["players"][1]["poison"] == 10


ICY = thing("Icy Manipulator", "{1}, {T}: Tap target artifact, creature, or land.")


def test_icy_manipulator_taps_a_creature_or_a_land_square():
    state = position(GRID, [unit("i", ICY, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(pool="{1}{1}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "i", "targets": [[3, 2]]})
    assert state.cells[(3, 2)].tapped_by == 1  # the land Ben's giant stands on
    assert not of_type(events, "by_hand")


def test_untap_target_land():
    druid = creature("Ley Druid", ("G",), 1, 1, oracle_text="{T}: Untap target land.")
    state = position(GRID, [unit("d", druid, 0, (1, 1)), unit("a", "Grizzly Bears", 0, (2, 2)),
                            BEN])
    state.cells[(2, 2)].tapped_by = 0
    state, events = run(state, {"type": "activate", "unit": "d", "targets": [[2, 2]]})
    assert state.cells[(2, 2)].tapped_by is None and not of_type(events, "by_hand")


def test_jolt_asks_tap_or_untap():
    jolt = spell("Jolt", "You may tap or untap target artifact, creature, or land.\nDraw a card "
                         "at the beginning of the next turn's upkeep.", cost="{2}{U}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1), tapped=True), BEN],
                     players=[ann(jolt, pool="{2}{U}"), ben()])
    state, _ = run(state, cast("Jolt", "a"))
    assert describe(state, viewer=0)["pending"]["options"] == ["Tap it", "Untap it", "Leave it"]
    refused(state, choose("Fly"), match="choose")
    state, events = run(state, choose("Untap it"))
    assert not state.perms["a"].tapped and state.decision is None


# ---------------------------------------------------------------------- amounts and life
def test_divine_offering_gains_life_equal_to_the_artifacts_mana_value():
    offering = spell("Divine Offering", "Destroy target artifact. You gain life equal to its "
                                        "mana value.", cost="{1}{W}")
    rod = thing("Rod", "{T}: Add {C}.", cost="{3}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("r", rod, 1, "staging"),
                            BEN], players=[ann(offering), ben()])
    state, events = run(state, cast("Divine Offering", "r"))
    assert "r" not in state.perms and state.players[0].life == 23
    assert not of_type(events, "by_hand")


def test_life_chisel_gains_the_sacrificed_creatures_toughness():
    chisel = thing("Life Chisel", "Sacrifice a creature: You gain life equal to the sacrificed "
                                  "creature's toughness. Activate only during your upkeep.")
    state = position(GRID, [unit("c", chisel, 0, "staging"), unit("g", "Hill Giant", 0, (1, 1)),
                            BEN], phase="upkeep")
    state, events = run(state, {"type": "activate", "unit": "c", "sacrifice": ["g"]})
    assert "g" not in state.perms and state.players[0].life == 23
    assert not of_type(events, "by_hand")


def test_flame_elemental_deals_its_power_after_it_is_sacrificed():
    elemental = creature("Flame Elemental", ("R",), 3, 1,
                         oracle_text="{R}, {T}, Sacrifice Flame Elemental: It deals damage "
                                     "equal to its power to target creature.")
    state = position(GRID, [unit("e", elemental, 0, (1, 1)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN], players=[ann(pool="{R}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "e", "targets": ["g"]})
    assert "e" not in state.perms and "g" not in state.perms
    assert not of_type(events, "by_hand")


def test_spitting_earth_counts_the_mountains_your_creatures_stand_on():
    grid = [[M, M, P, P, P], [P] * 5, [P] * 5, [P] * 5, [P] * 5]
    earth = spell("Spitting Earth", "Spitting Earth deals damage to target creature equal to "
                                    "the number of Mountains you control.", kind="Sorcery")
    state = position(grid, [unit("a", "Grizzly Bears", 0, (0, 0)),
                            unit("b", "Grizzly Bears", 0, (0, 1)),
                            unit("c", "Grizzly Bears", 0, (0, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(earth), ben()])
    state, events = run(state, cast("Spitting Earth", "g"))
    assert state.perms["g"].damage == 2 and not of_type(events, "by_hand")


def test_infernal_contract_draws_four_and_loses_half_the_life_rounded_up():
    contract = spell("Infernal Contract", "Draw four cards. You lose half your life, rounded up.",
                     cost="{B}{B}{B}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(contract, life=15, library=5), ben()])
    state, events = run(state, cast("Infernal Contract"))
    assert state.players[0].life == 7 and len(state.players[0].hand) == 4
    assert not of_type(events, "by_hand")


def test_mirror_universe_exchanges_life_totals():
    mirror = thing("Mirror Universe", "{T}, Sacrifice Mirror Universe: Exchange life totals "
                                      "with target opponent. Activate only during your upkeep.")
    state = position(GRID, [unit("m", mirror, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(life=4), ben(life=17)], phase="upkeep")
    state, events = run(state, {"type": "activate", "unit": "m", "targets": [{"player": 1}]})
    assert (state.players[0].life, state.players[1].life) == (17, 4)
    assert "m" not in state.perms


def test_withering_boon_costs_three_life_as_well():
    boon = spell("Withering Boon", "As an additional cost to cast this spell, pay 3 life.\n"
                                   "Counter target creature spell.", cost="{1}{B}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(boon), ben("Grizzly Bears", pool="{1}{G}")], active=1)
    state, _ = run(state, {"type": "set_responses", "on": True, "seat": 0},
                   {"type": "cast", "card": "Grizzly Bears", "seat": 1})
    assert state.stack
    state, events = run(state, {**cast("Withering Boon", {"stack": state.stack[-1]["id"]}),
                                "seat": 0})
    assert state.players[0].life == 17
    assert [state.name(c) for c in state.players[1].graveyard] == ["Grizzly Bears"]


def test_stormbind_discards_a_card_at_random_as_its_cost():
    storm = thing("Stormbind", "{2}, Discard a card at random: Stormbind deals 2 damage to any "
                               "target.", kind="Enchantment")
    state = position(GRID, [unit("s", storm, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann("Grizzly Bears", pool="{2}{2}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "s", "targets": [{"player": 1}]})
    assert state.players[1].life == 18 and not state.players[0].hand
    assert of_type(events, "discarded")[0]["random"]
    refused(state, {"type": "activate", "unit": "s", "targets": [{"player": 1}]},
            match="discard at random")


# ---------------------------------------------------------------------- wheels and hands
def test_wheel_of_fortune_discards_both_hands_and_draws_seven():
    wheel = spell("Wheel of Fortune", "Each player discards their hand, then draws seven cards.",
                  kind="Sorcery", cost="{2}{R}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(wheel, "Grizzly Bears", library=10),
                              ben("Hill Giant", library=10)])
    state, events = run(state, cast("Wheel of Fortune"))
    assert len(state.players[0].hand) == 7 and len(state.players[1].hand) == 7
    assert [state.name(c) for c in state.players[1].graveyard] == ["Hill Giant"]


def test_timetwister_shuffles_hand_and_graveyard_into_the_library():
    twister = spell("Timetwister", "Each player shuffles their hand and graveyard into their "
                                   "library, then draws seven cards.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(twister, library=3, graveyard=["Hill Giant"]),
                              ben("Hill Giant", library=8)])
    state, _ = run(state, cast("Timetwister"))
    assert len(state.players[0].hand) == 4 and not state.players[0].library
    assert [state.name(c) for c in state.players[0].graveyard] == ["Timetwister"]
    assert len(state.players[1].hand) == 7 and len(state.players[1].library) == 2


def test_clairvoyance_shows_the_hand_to_the_caster_only():
    clair = spell("Clairvoyance", "Look at target player's hand.\nDraw a card at the beginning "
                                  "of the next turn's upkeep.", cost="{U}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(clair), ben("Hill Giant")])
    state, events = run(state, cast("Clairvoyance", {"player": 1}))
    from frontier_desktop.rules.views import redact_event

    looked = of_type(events, "looked")[0]
    assert redact_event(dict(looked), 0)["cards"] == ["Hill Giant"]
    assert "cards" not in redact_event(dict(looked), 1)
    assert not of_type(events, "by_hand")


# ---------------------------------------------------------------------- tutors
TUTOR = spell("Demonic Tutor", "Search your library for a card, put that card into your hand, "
                               "then shuffle.", kind="Sorcery", cost="{1}{B}")


def test_demonic_tutor_lets_only_the_searcher_see_their_library():
    secret = creature("Secret Weapon", ("B",), 5, 5)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(TUTOR, library=[secret, "Hill Giant"]), ben()])
    state, events = run(state, cast("Demonic Tutor"))
    mine = describe(state, viewer=0)["pending"]
    assert mine["options"] == ["Hill Giant", "Secret Weapon", "Find nothing"]
    theirs = json.dumps(describe(state, viewer=1))
    assert "Secret Weapon" not in theirs
    assert not legal_wire(state, 1)
    state, events = run(state, choose("Secret Weapon"))
    assert [state.name(c) for c in state.players[0].hand] == ["Secret Weapon"]
    assert len(state.players[0].library) == 1
    from frontier_desktop.rules.views import redact_event

    found = of_type(events, "searched")[0]
    assert redact_event(dict(found), 0)["card"] == "Secret Weapon"
    assert "card" not in redact_event(dict(found), 1)


def test_worldly_tutor_puts_a_creature_on_top():
    worldly = spell("Worldly Tutor", "Search your library for a creature card, reveal it, then "
                                     "shuffle and put the card on top.", cost="{G}")
    rod = thing("Rod", "{T}: Add {C}.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(worldly, library=[rod, "Hill Giant", rod]), ben()])
    state, _ = run(state, cast("Worldly Tutor"))
    assert describe(state, viewer=0)["pending"]["options"] == ["Hill Giant", "Find nothing"]
    state, _ = run(state, choose(0))
    assert state.name(state.players[0].library[0]) == "Hill Giant"


def test_brainstorm_puts_two_cards_back_one_at_a_time():
    storm = spell("Brainstorm", "Draw three cards, then put two cards from your hand on top of "
                                "your library in any order.", cost="{U}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(storm, "Hill Giant", library=["Grizzly Bears"] * 3), ben()])
    state, _ = run(state, cast("Brainstorm"))
    assert len(state.players[0].hand) == 4
    state, _ = run(state, choose("Hill Giant"), choose(0))
    assert len(state.players[0].hand) == 2 and state.decision is None
    assert state.name(state.players[0].library[1]) == "Hill Giant"


# ---------------------------------------------------------------------- the corpus verdicts
def test_the_one_shot_cards_count_as_automated():
    from frontier_desktop.rules.card import Card
    from frontier_desktop.rules.effects import verdict
    from frontier_desktop.rules.variants.frontier_spells import reading_of

    for obj in (DISEMPOWER, HORN, CIRCLE, ICY, TUTOR):
        card = Card.from_scryfall(obj)  # type: ignore[attr-defined]
        assert verdict(reading_of(card), card.type_line).automated, obj["name"]


def test_winds_of_change_redraws_as_many_cards_as_each_hand_held():
    winds = spell("Winds of Change", "Each player shuffles the cards from their hand into their "
                                     "library, then draws that many cards.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(winds, "Hill Giant", library=2),
                              ben("Hill Giant", "Hill Giant", "Hill Giant", library=1)])
    state, _ = run(state, cast("Winds of Change"))
    assert len(state.players[0].hand) == 1 and len(state.players[0].library) == 2
    assert len(state.players[1].hand) == 3 and len(state.players[1].library) == 1


def test_storm_seeker_counts_the_targeted_players_hand():
    seeker = creature("Storm Seeker", ("G",), 3, 3,
                      oracle_text="{T}: Storm Seeker deals damage to target player equal to the "
                                  "number of cards in that player's hand.")
    state = position(GRID, [unit("s", seeker, 0, (1, 1)), BEN],
                     players=[ann(), ben("Hill Giant", "Hill Giant")])
    state, events = run(state, {"type": "activate", "unit": "s", "targets": [{"player": 1}]})
    assert state.players[1].life == 18 and not of_type(events, "by_hand")


def test_abyssal_hunter_taps_then_deals_its_power():
    hunter = creature("Abyssal Hunter", ("B",), 1, 1,
                      oracle_text="{B}, {T}: Tap target creature. Abyssal Hunter deals damage "
                                  "equal to Abyssal Hunter's power to that creature.")
    state = position(GRID, [unit("h", hunter, 0, (1, 1)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN], players=[ann(pool="{B}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "h", "targets": ["g"]})
    assert state.perms["g"].tapped and state.perms["g"].damage == 1
    assert not of_type(events, "by_hand")


def test_circle_of_despair_shields_a_creature_from_the_chosen_source():
    despair = thing("Circle of Despair", "{1}, Sacrifice a creature: The next time a source of "
                                         "your choice would deal damage to any target this turn, "
                                         "prevent that damage.", kind="Enchantment")
    state = position(GRID, [unit("c", despair, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("b", "Grizzly Bears", 0, (1, 2)), BEN],
                     players=[ann(RED_BOLT, pool="{1}"), ben()])
    state, _ = run(state, {"type": "activate", "unit": "c", "targets": ["a"],
                           "sacrifice": ["b"]})
    assert "b" not in state.perms
    state, _ = run(state, choose("Hill Giant"))
    assert state.extra["fx_shields"][0]["to"] == "a"
    state, _ = run(state, cast("Bolt", "a"))  # not the chosen source: the bears die
    assert "a" not in state.perms
