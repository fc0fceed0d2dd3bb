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
    # The land Ben's giant stands on, tapped by Ann's effect: Ann tapped it, so it untaps in
    # her untap step (the digest: each player untaps only the lands they tapped; fx_mana).
    assert state.cells[(3, 2)].tapped_by == 0
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


def test_jolt_taps_a_land_square_as_its_casters_tap():
    # Jolt's hidden choice tapped a land through a second path (fx_oneshots' own square tapper):
    # the land counted as tapped by the creature's controller and its event had another shape.
    # One path now (fx_mana.set_land_tapped): the caster tapped it, so it untaps in her step.
    jolt = spell("Jolt", "You may tap or untap target artifact, creature, or land.\nDraw a card "
                         "at the beginning of the next turn's upkeep.", cost="{2}{U}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(jolt, pool="{2}{U}"), ben()])
    state, _ = run(state, cast("Jolt", [3, 2]))
    state, events = run(state, choose("Tap it"))
    assert state.cells[(3, 2)].tapped_by == 0
    tapped = of_type(events, "land_tapped_by_effect")
    assert [e["by"] for e in tapped] == ["Jolt"] and tapped[0]["land"] == P
    assert not of_type(events, "tapped_land")


def test_a_face_down_land_tapped_by_an_effect_is_not_named():
    state = position(GRID, [unit("i", ICY, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{1}{1}"), ben()])
    state.cells[(3, 2)].face_up = False
    state, events = run(state, {"type": "activate", "unit": "i", "targets": [[3, 2]]})
    tapped = of_type(events, "land_tapped_by_effect")
    assert state.cells[(3, 2)].tapped_by == 0 and tapped and "land" not in tapped[0]


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
    from frontier_desktop.rules.core.spell_reading import reading_of

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


# ---------------------------------------------------------------------- batch 2: zones
def test_hurkyls_recall_returns_the_artifacts_a_player_owns():
    recall = spell("Hurkyl's Recall", "Return all artifacts target player owns to their hand.")
    rod = thing("Rod", "{T}: Add {C}.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("r", rod, 1, "staging"),
                            unit("q", rod, 0, "staging"), BEN], players=[ann(recall), ben()])
    state, events = run(state, cast("Hurkyl's Recall", {"player": 1}))
    assert "r" not in state.perms and "q" in state.perms
    assert [state.name(c) for c in state.players[1].hand] == ["Rod"]
    assert not of_type(events, "by_hand")


def test_obelisk_of_undoing_and_snow_hound_return_permanents():
    obelisk = thing("Obelisk of Undoing", "{6}, {T}: Return target permanent you both own and "
                                          "control to your hand.")
    hound = creature("Snow Hound", ("W",), 1, 1, oracle_text="{1}, {T}: Return Snow Hound and "
                     "target green or blue creature you control to their owner's hand.")
    elf = creature("Elf", ("G",), 1, 1)
    state = position(GRID, [unit("o", obelisk, 0, "staging"), unit("h", hound, 0, (1, 1)),
                            unit("e", elf, 0, (1, 2)), unit("a", "Grizzly Bears", 0, (1, 3)),
                            BEN], players=[ann(pool="{6}{1}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "o", "targets": ["a"]})
    assert "a" not in state.perms and not of_type(events, "by_hand")
    state, events = run(state, {"type": "activate", "unit": "h", "targets": ["e"]})
    assert "h" not in state.perms and "e" not in state.perms
    assert sorted(state.name(c) for c in state.players[0].hand) == ["Elf", "Grizzly Bears",
                                                                     "Snow Hound"]


def test_tormods_crypt_exiles_a_graveyard_and_soldevi_digger_recycles_the_top_card():
    crypt = thing("Tormod's Crypt", "{T}, Sacrifice Tormod's Crypt: Exile target player's "
                                    "graveyard.")
    digger = thing("Soldevi Digger", "{2}: Put the top card of your graveyard on the bottom of "
                                     "your library.")
    state = position(GRID, [unit("c", crypt, 0, "staging"), unit("d", digger, 0, "staging"),
                            unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(pool="{2}", library=1, graveyard=["Hill Giant", "Island"]),
                              ben(graveyard=["Hill Giant"])])
    state, _ = run(state, {"type": "activate", "unit": "c", "targets": [{"player": 1}]})
    assert not state.players[1].graveyard and len(state.players[1].exile) == 1
    state, _ = run(state, {"type": "activate", "unit": "d"})
    # the top of a graveyard is the card put there last: the sacrificed Crypt
    assert state.name(state.players[0].library[-1]) == "Tormod's Crypt"


def test_soldier_of_fortune_shuffles_a_library():
    soldier = creature("Soldier of Fortune", ("R",), 1, 1,
                       oracle_text="{R}, {T}: Target player shuffles their library.")
    state = position(GRID, [unit("s", soldier, 0, (1, 1)), BEN],
                     players=[ann(pool="{R}"), ben(library=["Hill Giant", "Grizzly Bears"] * 4)],
                     seed=5)
    before = list(state.players[1].library)
    state, events = run(state, {"type": "activate", "unit": "s", "targets": [{"player": 1}]})
    assert sorted(state.players[1].library) == sorted(before)
    assert of_type(events, "shuffled") and not of_type(events, "by_hand")


def test_gravebind_stops_a_regeneration():
    gravebind = spell("Gravebind", "Target creature can't be regenerated this turn.\nDraw a card "
                                   "at the beginning of the next turn's upkeep.")
    bolt = spell("Bolt", "Bolt deals 3 damage to any target.")
    troll = creature("Troll", ("G",), 2, 2, oracle_text="{G}: Regenerate Troll.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("t", troll, 1, (3, 2)),
                            BEN], players=[ann(gravebind, bolt), ben(pool="{G}")])
    state, _ = run(state, {"type": "activate", "unit": "t", "seat": 1},
                   cast("Gravebind", "t"), cast("Bolt", "t"))
    assert "t" not in state.perms


def test_cyclopean_mummy_is_exiled_when_it_dies():
    mummy = creature("Cyclopean Mummy", ("B",), 2, 1,
                     oracle_text="When Cyclopean Mummy dies, exile it.")
    bolt = spell("Bolt", "Bolt deals 3 damage to any target.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("m", mummy, 1, (3, 2)),
                            BEN], players=[ann(bolt), ben()])
    state, events = run(state, cast("Bolt", "m"))
    assert not state.players[1].graveyard
    assert [state.name(c) for c in state.players[1].exile] == ["Cyclopean Mummy"]


def test_reinforcements_put_creature_cards_on_top_in_the_order_named():
    reinforcements = spell("Reinforcements", "Put up to three target creature cards from your "
                                             "graveyard on top of your library.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(reinforcements, library=1,
                                  graveyard=["Hill Giant", "Grizzly Bears"]), ben()])
    state, events = run(state, cast("Reinforcements", {"graveyard": 0, "card": "Grizzly Bears"},
                                    {"graveyard": 0, "card": "Hill Giant"}))
    assert [state.name(c) for c in state.players[0].library[:2]] == ["Grizzly Bears",
                                                                     "Hill Giant"]
    assert [state.name(c) for c in state.players[0].graveyard] == ["Reinforcements"]


def test_misinformation_refuses_your_own_graveyard():
    misinformation = spell("Misinformation", "Put up to three target cards from an opponent's "
                                             "graveyard on top of their library in any order.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(misinformation, graveyard=["Hill Giant"]),
                              ben(graveyard=["Hill Giant"])])
    refused(state, cast("Misinformation", {"graveyard": 0, "card": "Hill Giant"}),
            match="opponent's graveyard")
    state, _ = run(state, cast("Misinformation", {"graveyard": 1, "card": "Hill Giant"}))
    assert state.name(state.players[1].library[0]) == "Hill Giant"


def test_ivory_tower_counts_the_cards_beyond_four():
    tower = thing("Ivory Tower", "At the beginning of your upkeep, you gain X life, where X is "
                                 "the number of cards in your hand minus 4.")
    state = position(GRID, [unit("i", tower, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(*["Hill Giant"] * 6, library=3), ben(library=3)],
                     phase="end", active=1)
    state, _ = run(state, {"type": "pass", "seat": 1})
    while state.phase != "upkeep" or state.active != 0:
        state, _ = run(state, {"type": "pass", "seat": state.active})
    assert state.players[0].life == 22


def test_divine_retribution_counts_the_attackers():
    retribution = spell("Divine Retribution", "Divine Retribution deals damage to target "
                                              "attacking creature equal to the number of "
                                              "attacking creatures.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("b", "Grizzly Bears", 0, (1, 2)),
                            unit("g", "Hill Giant", 1, (2, 1)), unit("h", "Hill Giant", 1, (2, 2))],
                     players=[ann(retribution), ben()], active=1)
    state, _ = run(state, {"type": "set_responses", "on": True, "seat": 0},
                   {"type": "attack", "unit": "g", "target": [1, 1], "seat": 1})
    assert state.pending is not None  # one attacking creature (Frontier attacks one stack)
    state, events = run(state, {**cast("Divine Retribution", "g"), "seat": 0})
    assert of_type(events, "damage")[0]["amount"] == 1 and not of_type(events, "by_hand")


# ---------------------------------------------------------------------- batch 2: choices
def test_soldevi_heretic_lets_the_opponent_choose_to_draw():
    heretic = creature("Soldevi Heretic", ("W",), 1, 1,
                       oracle_text="{W}, {T}: Prevent the next 2 damage that would be dealt to "
                                   "target creature this turn. Target opponent may draw a card.")
    state = position(GRID, [unit("s", heretic, 0, (1, 1)), BEN],
                     players=[ann(pool="{W}"), ben(library=3)])
    state, _ = run(state, {"type": "activate", "unit": "s", "targets": ["s", {"player": 1}]})
    assert state.decision["player"] == 1 and state.perms["s"].prevent == 2
    assert legal_wire(state, 0) == []
    state, _ = run(state, choose("Draw", seat=1))
    assert len(state.players[1].hand) == 1 and state.decision is None


def test_browse_keeps_one_and_exiles_the_rest():
    browse = thing("Browse", "{2}{U}{U}: Look at the top five cards of your library, put one of "
                             "them into your hand, and exile the rest.", kind="Enchantment")
    state = position(GRID, [unit("b", browse, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{2}{U}{U}",
                                               library=["Hill Giant"] + ["Grizzly Bears"] * 5),
                                           ben()])
    state, _ = run(state, {"type": "activate", "unit": "b"})
    options = describe(state, viewer=0)["pending"]["options"]
    assert options[0] == "Hill Giant" and describe(state, viewer=1)["pending"]["options"] == []
    state, _ = run(state, choose("Hill Giant"))
    assert [state.name(c) for c in state.players[0].hand] == ["Hill Giant"]
    assert len(state.players[0].exile) == 4 and len(state.players[0].library) == 1


def test_ancestral_memories_keeps_two_and_mills_the_rest():
    memories = spell("Ancestral Memories", "Look at the top seven cards of your library. Put two "
                                           "of them into your hand and the rest into your "
                                           "graveyard.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(memories, library=["Hill Giant"] * 3 + ["Grizzly Bears"] * 5),
                              ben()])
    state, events = run(state, cast("Ancestral Memories"))
    state, _ = run(state, choose(0), choose(0))
    assert len(state.players[0].hand) == 2 and len(state.players[0].library) == 1
    assert len(state.players[0].graveyard) == 6  # five milled and the sorcery itself


def test_foresight_exiles_three_chosen_cards():
    foresight = spell("Foresight", "Search your library for three cards, exile them, then "
                                   "shuffle.\nDraw a card at the beginning of the next turn's "
                                   "upkeep.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(foresight, library=["Hill Giant"] * 5), ben()])
    state, _ = run(state, cast("Foresight"), choose(0), choose(0), choose("Stop searching"))
    assert len(state.players[0].exile) == 2 and len(state.players[0].library) == 3
    assert state.decision is None


def test_jesters_cap_exiles_from_the_opponents_library_and_they_shuffle():
    cap = thing("Jester's Cap", "{2}, {T}, Sacrifice Jester's Cap: Search target player's "
                                "library for three cards and exile them. Then that player "
                                "shuffles.")
    state = position(GRID, [unit("c", cap, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{2}"), ben(library=["Hill Giant"] * 4)])
    state, events = run(state, {"type": "activate", "unit": "c", "targets": [{"player": 1}]})
    assert "Hill Giant" not in json.dumps(describe(state, viewer=1)["pending"])
    state, events = run(state, choose(0), choose(0), choose(0))
    assert len(state.players[1].exile) == 3 and len(state.players[1].library) == 1
    assert of_type(events, "shuffled")


def test_stunted_growth_makes_the_target_put_three_cards_back():
    stunted = spell("Stunted Growth", "Target player chooses three cards from their hand and "
                                      "puts them on top of their library in any order.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(stunted), ben("Hill Giant", "Hill Giant", "Island", "Forest", library=0)])
    state, _ = run(state, cast("Stunted Growth", {"player": 1}))
    assert state.decision["player"] == 1
    state, _ = run(state, choose("Island", seat=1), choose(0, seat=1), choose(0, seat=1))
    assert len(state.players[1].hand) == 1 and len(state.players[1].library) == 3


def test_mind_warp_discards_the_chosen_cards():
    warp = spell("Mind Warp", "Look at target player's hand and choose X cards from it. That "
                              "player discards those cards.", kind="Sorcery", cost="{X}{3}{B}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(warp, pool="{2}{3}{B}"), ben("Hill Giant", "Island", "Forest")])
    state, _ = run(state, cast("Mind Warp", {"player": 1}, x=2))
    state, _ = run(state, choose("Island"), choose("Forest"))
    assert [state.name(c) for c in state.players[1].hand] == ["Hill Giant"]


def test_elemental_augury_puts_the_top_three_back_in_the_chosen_order():
    augury = thing("Elemental Augury", "{3}: Look at the top three cards of target player's "
                                       "library, then put them back in any order.",
                   kind="Enchantment")
    state = position(GRID, [unit("e", augury, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{3}"),
                                           ben(library=["Island", "Forest", "Hill Giant"])])
    state, _ = run(state, {"type": "activate", "unit": "e", "targets": [{"player": 1}]},
                   choose("Hill Giant"), choose("Island"))
    assert [state.name(c) for c in state.players[1].library] == ["Hill Giant", "Island", "Forest"]


def test_whirling_catapult_exiles_the_top_two_cards_as_its_cost():
    catapult = thing("Whirling Catapult", "{2}, Exile the top two cards of your library: "
                                          "Whirling Catapult deals 1 damage to each creature "
                                          "with flying and each player.")
    state = position(GRID, [unit("w", catapult, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{2}{2}", library=3), ben()])
    state, events = run(state, {"type": "activate", "unit": "w"})
    assert len(state.players[0].exile) == 2 and state.players[1].life == 19
    assert not of_type(events, "by_hand") and "note" not in of_type(events, "activated")[0]
    refused(state, {"type": "activate", "unit": "w"}, match="in your library")


def test_homarid_spawning_bed_makes_tokens_by_the_sacrificed_creatures_mana_value():
    bed = thing("Homarid Spawning Bed", "{1}{U}{U}, Sacrifice a blue creature: Create X 1/1 "
                                        "blue Camarid creature tokens, where X is the sacrificed "
                                        "creature's mana value.", kind="Enchantment")
    merfolk = creature("Merfolk", ("U",), 1, 1, mana_cost="{2}{U}")
    state = position(GRID, [unit("b", bed, 0, "staging"), unit("m", merfolk, 0, (1, 1)), BEN],
                     players=[ann(pool="{1}{U}{U}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "b", "sacrifice": ["m"]})
    assert len(of_type(events, "token")) == 3


def test_harbor_guardian_attacking_offers_the_defender_a_card():
    guardian = creature("Harbor Guardian", ("W", "U"), 2, 4,
                        oracle_text="Reach\nWhenever Harbor Guardian attacks, defending player may "
                                    "draw a card.")
    state = position(GRID, [unit("h", guardian, 0, (3, 4)), BEN],
                     players=[ann(), ben(library=3)])
    state, _ = run(state, {"type": "attack", "unit": "h", "target": [4, 4]})
    assert state.decision is not None and state.decision["player"] == 1
    state, _ = run(state, choose("Don't draw", seat=1))
    assert not state.players[1].hand
    assert state.decision is None or state.decision["kind"] != "choice"  # the attack goes on


def test_phelddagrif_gives_the_opponent_a_hippo():
    phelddagrif = creature("Phelddagrif", ("G", "W", "U"), 4, 4, oracle_text=(
        "{G}: Phelddagrif gains trample until end of turn. Target opponent creates a 1/1 green "
        "Hippo creature token.\n{W}: Phelddagrif gains flying until end of turn. Target "
        "opponent gains 2 life.\n{U}: Return Phelddagrif to its owner's hand. Target opponent "
        "may draw a card."))
    state = position(GRID, [unit("p", phelddagrif, 0, (1, 1)), BEN],
                     players=[ann(pool="{G}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "p", "ability": 0,
                                "targets": [{"player": 1}]})
    token = of_type(events, "token")[0]
    assert token["player"] == 1 and state.perms[token["unit"]].controller == 1
    assert not of_type(events, "by_hand")


# ---------------------------------------------------------------------- batch 3
PYRO = spell("Pyrotechnics", "Pyrotechnics deals 4 damage divided as you choose among any "
                             "number of targets.", kind="Sorcery")


def test_pyrotechnics_divides_four_damage_one_target_slot_per_point():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN], players=[ann(PYRO), ben()])
    refused(state, cast("Pyrotechnics", "g", "g", "g"), match="4 targets")
    listed = [a for a in legal_wire(state) if a["type"] == "cast"]
    assert {"type": "cast", "card": "Pyrotechnics", "targets": ["g"] * 4} in listed
    state, events = run(state, cast("Pyrotechnics", "g", "g", "g", {"player": 1}))
    assert "g" not in state.perms and state.players[1].life == 19
    assert not of_type(events, "by_hand")


def test_fire_covenant_costs_x_life_and_meteor_shower_deals_x_plus_one():
    covenant = spell("Fire Covenant", "As an additional cost to cast this spell, pay X life.\n"
                                      "Fire Covenant deals X damage divided as you choose among "
                                      "any number of target creatures.", cost="{X}{1}{B}{R}")
    shower = spell("Meteor Shower", "Meteor Shower deals X plus 1 damage divided as you choose "
                                    "among any number of targets.", kind="Sorcery",
                   cost="{X}{X}{R}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(covenant, shower, pool="{4}{B}{R}{R}"), ben()])
    state, _ = run(state, cast("Fire Covenant", "g", "g", "g", x=3))
    assert state.players[0].life == 17 and "g" not in state.perms
    state, _ = run(state, cast("Meteor Shower", {"player": 1}, x=0))
    assert state.players[1].life == 19


def test_reverse_damage_gains_the_prevented_damage_and_bone_mask_exiles_as_much():
    reverse = spell("Reverse Damage", "The next time a source of your choice would deal damage "
                                      "to you this turn, prevent that damage. You gain life "
                                      "equal to the damage prevented this way.")
    imp = creature("Imp", ("R",), 1, 1, oracle_text="{T}: Imp deals 2 damage to any target.")
    state = position(GRID, [unit("i", imp, 1, (3, 3)), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(reverse), ben()])
    state, _ = run(state, cast("Reverse Damage"), choose("Imp"),
                   {"type": "activate", "unit": "i", "targets": [{"player": 0}], "seat": 1})
    assert state.players[0].life == 22
    mask = thing("Bone Mask", "{2}, {T}: The next time a source of your choice would deal damage "
                              "to you this turn, prevent that damage. Exile cards from the top "
                              "of your library equal to the damage prevented this way.")
    state = position(GRID, [unit("m", mask, 0, "staging"), unit("i", imp, 1, (3, 3)),
                            unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(pool="{2}", library=5), ben()])
    state, _ = run(state, {"type": "activate", "unit": "m"}, choose("Imp"),
                   {"type": "activate", "unit": "i", "targets": [{"player": 0}], "seat": 1})
    assert state.players[0].life == 20 and len(state.players[0].exile) == 2


def test_tracker_and_its_target_deal_each_others_power():
    tracker = creature("Tracker", ("G",), 2, 3,
                       oracle_text="{G}{G}, {T}: Tracker deals damage equal to its power to "
                                   "target creature. That creature deals damage equal to its "
                                   "power to Tracker.")
    state = position(GRID, [unit("t", tracker, 0, (1, 1)), unit("b", "Grizzly Bears", 1, (3, 2)),
                            BEN], players=[ann(pool="{G}{G}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "t", "targets": ["b"]})
    assert "b" not in state.perms and state.perms["t"].damage == 2
    assert not of_type(events, "by_hand")


def test_soul_rend_destroys_only_white_creatures_past_regeneration():
    rend = spell("Soul Rend", "Destroy target creature if it's white. A creature destroyed this "
                              "way can't be regenerated.\nDraw a card at the beginning of the "
                              "next turn's upkeep.")
    knight = creature("Knight", ("W",), 2, 2, oracle_text="{W}: Regenerate Knight.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("k", knight, 1, (3, 2)),
                            unit("g", "Hill Giant", 1, (3, 3)), BEN],
                     players=[ann(rend, rend), ben(pool="{W}")])
    state, _ = run(state, {"type": "activate", "unit": "k", "seat": 1},
                   cast("Soul Rend", "g"), cast("Soul Rend", "k"))
    assert "g" in state.perms and "k" not in state.perms


def test_pyroblast_counters_only_a_blue_spell():
    pyroblast = spell("Pyroblast", "Choose one —\n• Counter target spell if it's blue.\n• Destroy "
                                   "target permanent if it's blue.", colours=("R",))
    blue = spell("Ponder", "Draw a card.", kind="Sorcery", colours=("U",))
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(pyroblast), ben(blue, library=3)], active=1)
    state, _ = run(state, {"type": "set_responses", "on": True, "seat": 0},
                   {"type": "cast", "card": "Ponder", "seat": 1})
    state, events = run(state, {**cast("Pyroblast", {"stack": state.stack[-1]["id"]}),
                                "seat": 0})
    assert of_type(events, "countered") and not state.players[1].hand


def test_jovial_evil_counts_twice_the_opponents_white_creatures():
    evil = spell("Jovial Evil", "Jovial Evil deals X damage to target opponent, where X is "
                                "twice the number of white creatures that player controls.",
                 kind="Sorcery")
    knight = creature("Knight", ("W",), 2, 2)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("k", knight, 1, (3, 2)),
                            unit("l", knight, 1, (3, 3)), BEN], players=[ann(evil), ben()])
    state, _ = run(state, cast("Jovial Evil", {"player": 1}))
    assert state.players[1].life == 16


# ---------------------------------------------------------------------- batch 4
def test_the_hive_makes_a_wasp_named_token():
    hive = thing("The Hive", "{5}, {T}: Create a 1/1 colorless Insect artifact creature token "
                             "with flying named Wasp.")
    state = position(GRID, [unit("h", hive, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(pool="{5}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "h"})
    token = of_type(events, "token")[0]
    assert "Wasp" in token["name"] and state.card(token["unit"]).has("flying")


def test_an_havva_inn_counts_green_creatures_and_great_defender_its_mana_value():
    inn = spell("An-Havva Inn", "You gain X plus 1 life, where X is the number of green "
                                "creatures on the battlefield.", kind="Sorcery")
    defender = spell("Great Defender", "Target creature gets +0/+X until end of turn, where X "
                                       "is its mana value.")
    elf = creature("Elf", ("G",), 1, 1, mana_cost="{2}{G}")
    state = position(GRID, [unit("e", elf, 0, (1, 1)), unit("f", elf, 1, (3, 3)), BEN],
                     players=[ann(inn, defender), ben()])
    state, _ = run(state, cast("An-Havva Inn"), cast("Great Defender", "e"))
    assert state.players[0].life == 23 and state.perms["e"].pt_mod == (0, 3)


def test_psionic_entity_and_eternal_flame_deal_two_amounts():
    entity = creature("Psionic Entity", ("U",), 2, 2,
                      oracle_text="{T}: Psionic Entity deals 2 damage to any target and 3 damage "
                                  "to itself.")
    flame = spell("Eternal Flame", "Eternal Flame deals X damage to target opponent or "
                                   "planeswalker and half X damage, rounded up, to you, where X "
                                   "is the number of Mountains you control.", kind="Sorcery")
    grid = [[M, M, M, P, P], [P] * 5, [P] * 5, [P] * 5, [P] * 5]
    state = position(grid, [unit("p", entity, 0, (1, 1)), unit("a", "Grizzly Bears", 0, (0, 0)),
                            unit("b", "Grizzly Bears", 0, (0, 1)),
                            unit("c", "Grizzly Bears", 0, (0, 2)), BEN],
                     players=[ann(flame), ben()])
    state, events = run(state, {"type": "activate", "unit": "p", "targets": [{"player": 1}]})
    assert state.players[1].life == 18 and "p" not in state.perms
    state, _ = run(state, cast("Eternal Flame", {"player": 1}))
    assert state.players[1].life == 15 and state.players[0].life == 18


def test_karma_hurts_the_player_whose_upkeep_it_is_by_their_swamps():
    karma = thing("Karma", "At the beginning of each player's upkeep, Karma deals damage to that "
                           "player equal to the number of Swamps they control.",
                  kind="Enchantment")
    grid = [[P] * 5, [P] * 5, [P] * 5, [P] * 5, ["Swamp", "Swamp", P, P, P]]
    state = position(grid, [unit("k", karma, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("x", "Grizzly Bears", 1, (4, 0)),
                            unit("y", "Grizzly Bears", 1, (4, 1))],
                     players=[ann(library=3), ben(library=3)], phase="end")
    while not (state.phase == "upkeep" and state.active == 1) and not state.stack:
        state, events = run(state, {"type": "pass", "seat": state.active})
    assert state.players[1].life == 18 and state.players[0].life == 20


def test_kaervek_hex_and_winter_blast():
    hex_ = spell("Kaervek's Hex", "Kaervek's Hex deals 1 damage to each nonblack creature and an "
                                  "additional 1 damage to each green creature.", kind="Sorcery")
    blast = spell("Winter Blast", "Tap X target creatures. Winter Blast deals 2 damage to each of "
                                  "those creatures with flying.", kind="Sorcery", cost="{X}{G}")
    bird = creature("Bird", ("W",), 1, 3, keywords=("Flying",), oracle_text="Flying")
    shade = creature("Shade", ("B",), 1, 1)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("s", shade, 0, (1, 2)),
                            unit("d", bird, 1, (3, 3)), unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[ann(hex_, blast, pool="{2}{G}"), ben()])
    state, _ = run(state, cast("Kaervek's Hex"))
    assert "a" not in state.perms and state.perms["g"].damage == 1
    assert state.perms["s"].damage == 0  # black: untouched
    state, _ = run(state, cast("Winter Blast", "d", "g", x=2))
    assert "d" not in state.perms and state.perms["g"].tapped and state.perms["g"].damage == 1


def test_hellfire_hurts_its_caster_by_the_creatures_that_died():
    hellfire = spell("Hellfire", "Destroy all nonblack creatures. Hellfire deals X plus 3 damage "
                                 "to you, where X is the number of creatures that died this way.",
                     kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN], players=[ann(hellfire), ben()])
    state, _ = run(state, cast("Hellfire"))
    assert not state.perms and state.players[0].life == 14


def test_word_of_blasting_and_psychic_transfer():
    word = spell("Word of Blasting", "Destroy target Wall. It can't be regenerated. Word of "
                                     "Blasting deals damage equal to that Wall's mana value to "
                                     "the Wall's controller.")
    transfer = spell("Psychic Transfer", "If the difference between your life total and target "
                                         "player's life total is 5 or less, exchange life totals "
                                         "with that player.", kind="Sorcery")
    wall = creature("Wall of Stone", (), 0, 8, mana_cost="{1}{R}{R}",
                    type_line="Creature — Wall")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("w", wall, 1, (3, 2)),
                            BEN], players=[ann(word, transfer, transfer, life=14), ben()])
    state, _ = run(state, cast("Word of Blasting", "w"))
    assert "w" not in state.perms and state.players[1].life == 17
    state, _ = run(state, cast("Psychic Transfer", {"player": 1}))
    assert (state.players[0].life, state.players[1].life) == (17, 14)


def test_orcish_librarian_and_dwarven_catapult():
    librarian = creature("Orcish Librarian", ("R",), 1, 1,
                         oracle_text="{R}, {T}: Look at the top eight cards of your library. "
                                     "Exile four of them at random, then put the rest on top of "
                                     "your library in any order.")
    catapult = spell("Dwarven Catapult", "Dwarven Catapult deals X damage divided evenly, rounded "
                                         "down, among all creatures target opponent controls.",
                     cost="{X}{R}")
    state = position(GRID, [unit("l", librarian, 0, (1, 1)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN], players=[ann(catapult, pool="{R}{5}{R}", library=9), ben()])
    state, _ = run(state, {"type": "activate", "unit": "l"}, choose(0), choose(0), choose(0))
    assert len(state.players[0].exile) == 4 and len(state.players[0].library) == 5
    state, _ = run(state, cast("Dwarven Catapult", {"player": 1}, x=5))
    assert state.perms["g"].damage == 2 and state.perms["ben"].damage == 2


def test_crypt_cobra_poisons_when_it_attacks_the_player():
    cobra = creature("Crypt Cobra", ("B",), 3, 2,
                     oracle_text="Whenever Crypt Cobra attacks and isn't blocked, defending "
                                 "player gets a poison counter.")
    state = position(GRID, [unit("c", cobra, 0, (4, 2)), BEN])
    state, events = run(state, {"type": "attack", "unit": "c", "target": "player"})
    assert state.extra["fx_poison"] == {"1": 1} and state.players[1].life == 17
    # attacking a creature is "blocked" in Frontier: no poison
    state = position(GRID, [unit("c", cobra, 0, (3, 4)), BEN])
    state, events = run(state, {"type": "attack", "unit": "c", "target": [4, 4]})
    assert not state.extra.get("fx_poison")


def test_rampant_growth_finds_no_land_in_a_frontier_library_and_shuffles():
    growth = spell("Rampant Growth", "Search your library for a basic land card, put that card "
                                     "onto the battlefield tapped, then shuffle.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(growth, library=["Hill Giant", "Grizzly Bears"]), ben()])
    state, events = run(state, cast("Rampant Growth"))
    assert of_type(events, "shuffled") and of_type(events, "searched")[0]["no_lands"]
    assert len(state.players[0].library) == 2 and not of_type(events, "by_hand")


def test_sealed_fate_exiles_one_of_the_top_x_and_orders_the_rest():
    fate = spell("Sealed Fate", "Look at the top X cards of target opponent's library. Exile one "
                                "of those cards and put the rest back on top of that player's "
                                "library in any order.", kind="Sorcery", cost="{X}{U}{B}")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(fate, pool="{3}{U}{B}"),
                              ben(library=["Island", "Forest", "Hill Giant", "Swamp"])])
    state, events = run(state, cast("Sealed Fate", {"player": 1}, x=3))
    assert describe(state, viewer=0)["pending"]["options"] == ["Island", "Forest", "Hill Giant"]
    state, _ = run(state, choose("Hill Giant"), choose("Forest"))
    assert [state.name(c) for c in state.players[1].exile] == ["Hill Giant"]
    assert [state.name(c) for c in state.players[1].library] == ["Forest", "Island", "Swamp"]


def test_carrion_sacrifices_a_creature_as_it_is_cast_and_counts_its_power():
    carrion = spell("Carrion", "As an additional cost to cast this spell, sacrifice a creature.\n"
                               "Create X 0/1 black Insect creature tokens, where X is the "
                               "sacrificed creature's power.")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 0, (1, 2)), BEN],
                     players=[ann(carrion), ben()])
    assert {"type": "cast", "card": "Carrion", "sacrifice": ["a"]} in legal_wire(state)
    refused(state, cast("Carrion", sacrifice=["ben"]), match="only a permanent you control")
    state, events = run(state, cast("Carrion", sacrifice=["g"]))
    assert "g" not in state.perms and len(of_type(events, "token")) == 3
    assert not of_type(events, "by_hand")


def test_a_choice_answer_passes_the_lan_protocol():
    from frontier_desktop.net.protocol import check_action

    check_action({"type": "choose", "choice": 2})
    check_action({"type": "choose", "choice": "Shivan Dragon"})
    check_action({"type": "cast", "card": "Carrion", "sacrifice": ["u1"]})


# ---------------------------------------------------------------------- batch 5: shields
IMP = creature("Imp", ("R",), 1, 1, oracle_text="{T}: Imp deals 2 damage to any target.")


def test_reflect_damage_sends_the_damage_to_the_sources_controller():
    reflect = spell("Reflect Damage", "The next time a source of your choice would deal damage "
                                      "this turn, that damage is dealt to that source's "
                                      "controller instead.")
    state = position(GRID, [unit("i", IMP, 1, (3, 3)), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(reflect), ben()])
    state, _ = run(state, cast("Reflect Damage"), choose("Imp"),
                   {"type": "activate", "unit": "i", "targets": ["a"], "seat": 1})
    assert state.perms["a"].damage == 0 and state.players[1].life == 18


def test_eye_for_an_eye_lets_the_damage_through_and_returns_as_much():
    eye = spell("Eye for an Eye", "The next time a source of your choice would deal damage to you "
                                  "this turn, instead that source deals that much damage to you "
                                  "and Eye for an Eye deals that much damage to that source's "
                                  "controller.")
    state = position(GRID, [unit("i", IMP, 1, (3, 3)), unit("a", "Grizzly Bears", 0, (1, 1)),
                            BEN], players=[ann(eye), ben()])
    state, _ = run(state, cast("Eye for an Eye"), choose("Imp"),
                   {"type": "activate", "unit": "i", "targets": [{"player": 0}], "seat": 1})
    assert state.players[0].life == 18 and state.players[1].life == 18


def test_forcefield_lets_one_point_of_a_chosen_attackers_combat_damage_through():
    field = thing("Forcefield", "{1}: The next time an unblocked creature of your choice would "
                                "deal combat damage to you this turn, prevent all but 1 of that "
                                "damage.")
    state = position(GRID, [unit("f", field, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("g", "Hill Giant", 1, (0, 2))],
                     players=[ann(pool="{1}"), ben()], active=1)
    state, _ = run(state, {"type": "set_responses", "on": True, "seat": 0},
                   {"type": "attack", "unit": "g", "target": "player", "seat": 1})
    assert state.pending is not None
    state, _ = run(state, {"type": "activate", "unit": "f", "seat": 0})
    options = describe(state, viewer=0)["pending"]["options"]
    assert "Forcefield" not in options and "Hill Giant" in options
    state, _ = run(state, choose("Hill Giant", seat=0), {"type": "pass", "seat": 0})
    assert state.players[0].life == 19


def test_scarecrow_prevents_damage_from_flyers_all_turn():
    scarecrow = thing("Scarecrow", "{6}, {T}: Prevent all damage that would be dealt to you this "
                                   "turn by creatures with flying.",
                      kind="Artifact")
    bird = creature("Bird", ("W",), 2, 2, keywords=("Flying",),
                    oracle_text="Flying\n{T}: Bird deals 1 damage to any target.")
    state = position(GRID, [unit("s", scarecrow, 0, "staging"), unit("b", bird, 1, (3, 3)),
                            unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(pool="{6}"), ben()])
    state, _ = run(state, {"type": "activate", "unit": "s"},
                   {"type": "activate", "unit": "b", "targets": [{"player": 0}], "seat": 1})
    assert state.players[0].life == 20


# ---------------------------------------------------------------------- batch 6
def test_sindbad_discards_the_drawn_card_unless_a_land_and_there_are_none():
    sindbad = creature("Sindbad", ("U",), 1, 1, oracle_text="{T}: Draw a card and reveal it. If "
                                                           "it isn't a land card, discard it.")
    state = position(GRID, [unit("s", sindbad, 0, (1, 1)), BEN],
                     players=[ann(library=["Hill Giant"]), ben()])
    state, events = run(state, {"type": "activate", "unit": "s"})
    assert not state.players[0].hand
    assert [state.name(c) for c in state.players[0].graveyard] == ["Hill Giant"]
    assert of_type(events, "revealed_card")[0]["card"] == "Hill Giant"


def test_prophecy_reveals_gains_nothing_from_a_nonland_and_shuffles():
    prophecy = spell("Prophecy", "Reveal the top card of target opponent's library. If it's a "
                                 "land, you gain 1 life. Then that player shuffles.\nDraw a card "
                                 "at the beginning of the next turn's upkeep.", kind="Sorcery")
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[ann(prophecy), ben(library=["Hill Giant", "Island"])])
    state, events = run(state, cast("Prophecy", {"player": 1}))
    assert state.players[0].life == 20 and of_type(events, "shuffled")[0]["player"] == 1
    assert not of_type(events, "by_hand")


def test_storm_elemental_exiles_its_librarys_top_card_to_tap_a_flyer():
    storm = creature("Storm Elemental", ("U",), 3, 4, keywords=("Flying",), oracle_text=(
        "Flying\n{U}, Exile the top card of your library: Tap target creature with flying.\n"
        "{U}, Exile the top card of your library: If the exiled card is a snow land, Storm "
        "Elemental gets +1/+1 until end of turn."))
    bird = creature("Bird", ("W",), 2, 2, keywords=("Flying",), oracle_text="Flying")
    state = position(GRID, [unit("s", storm, 0, (1, 1)), unit("b", bird, 1, (3, 3)), BEN],
                     players=[ann(pool="{U}{U}", library=3), ben()])
    state, events = run(state, {"type": "activate", "unit": "s", "ability": 0, "targets": ["b"]},
                        {"type": "activate", "unit": "s", "ability": 1})
    assert state.perms["b"].tapped and len(state.players[0].exile) == 2
    assert state.perms["s"].pt_mod == (0, 0) and not of_type(events, "by_hand")


def test_daughter_of_autumn_takes_the_next_damage_to_a_white_creature():
    daughter = creature("Daughter of Autumn", ("G",), 2, 4, oracle_text=(
        "{W}: The next 1 damage that would be dealt to target white creature this turn is "
        "dealt to Daughter of Autumn instead."))
    knight = creature("Knight", ("W",), 2, 2)
    state = position(GRID, [unit("d", daughter, 0, (1, 1)), unit("k", knight, 0, (1, 2)), BEN],
                     players=[ann(RED_BOLT, pool="{W}"), ben()])
    state, _ = run(state, {"type": "activate", "unit": "d", "targets": ["k"]},
                   cast("Bolt", "k"))
    assert state.perms["k"].damage == 2 and state.perms["d"].damage == 1


# ---------------------------------------------------------------------- batch 7
def test_coral_fighters_may_put_the_defenders_top_card_on_the_bottom():
    fighters = creature("Coral Fighters", ("U",), 1, 1, oracle_text=(
        "Whenever Coral Fighters attacks and isn't blocked, look at the top card of defending "
        "player's library. You may put that card on the bottom of that player's library."))
    state = position(GRID, [unit("c", fighters, 0, (4, 2)), BEN],
                     players=[ann(), ben(library=["Hill Giant", "Island", "Forest"])])
    state, events = run(state, {"type": "attack", "unit": "c", "target": "player"})
    assert of_type(events, "looked")[0]["cards"] == ["Hill Giant"]
    state, _ = run(state, choose("Put it on the bottom"))
    assert [state.name(c) for c in state.players[1].library] == ["Island", "Forest", "Hill Giant"]


def test_nicol_bolas_damage_empties_the_opponents_hand():
    bolas = creature("Nicol Bolas", ("U", "B", "R"), 7, 7, keywords=("Flying",), oracle_text=(
        "Flying\nAt the beginning of your upkeep, sacrifice Nicol Bolas unless you pay {U}{B}{R}."
        "\nWhenever Nicol Bolas deals damage to an opponent, that player discards their hand."))
    state = position(GRID, [unit("n", bolas, 0, (4, 2)), BEN],
                     players=[ann(), ben("Hill Giant", "Island")])
    state, events = run(state, {"type": "attack", "unit": "n", "target": "player"})
    assert not state.players[1].hand and len(state.players[1].graveyard) == 2


def test_mercenaries_shield_and_the_next_n_damage_this_turn_wording():
    mercenaries = creature("Mercenaries", (), 3, 3, oracle_text=(
        "{3}: The next time Mercenaries would deal damage to you this turn, prevent that damage. "
        "Any player may activate this ability."))
    state = position(GRID, [unit("m", mercenaries, 0, (4, 2)), BEN],
                     players=[ann(pool="{3}"), ben()])
    state, events = run(state, {"type": "activate", "unit": "m"})
    assert state.extra["fx_shields"][0]["to"] == ["player", 0]  # the activator is protected
    # as Ben's activation would set it (any player may activate: carried out by fx-mana)
    state.extra["fx_shields"] = [{**state.extra["fx_shields"][0], "to": ["player", 1],
                                  "seat": 1}]
    state, events = run(state, {"type": "attack", "unit": "m", "target": "player"})
    assert state.players[1].life == 20 and of_type(events, "prevented")
    alchemist = creature("Samite Alchemist", ("W",), 0, 2, oracle_text=(
        "{W}{W}, {T}: Prevent the next 4 damage that would be dealt this turn to target creature "
        "you control."))
    state = position(GRID, [unit("s", alchemist, 0, (1, 1)), BEN], players=[ann(pool="{W}{W}"),
                                                                            ben()])
    state, events = run(state, {"type": "activate", "unit": "s", "targets": ["s"]})
    assert state.perms["s"].prevent == 4 and not of_type(events, "by_hand")
