"""What the engine carries out, as data: :data:`EXECUTED_BY_ENGINE` and :data:`GRANTABLE`.

:data:`EXECUTED_BY_ENGINE` lists the clause keys (``"<where>:<what>"``, see
:mod:`.engine_support`) the engine really executes; it grows only as executors land, each entry
next to a note naming the engine code that carries it out. :data:`GRANTABLE` lists the keywords
the engine honours when a creature gains them. :mod:`.clause_keys` keys the clauses with them.
"""

from __future__ import annotations

_ENGINE_KEYWORDS = (
    # rules/card.py reads these into Card.abilities / landwalk / landhome, and the Frontier
    # engine (frontier_board.py, frontier_combat.py, frontier.py) plays them.
    "flying", "trample", "banding", "first strike", "double strike", "deathtouch", "lifelink",
    "vigilance", "haste", "defender", "reach", "shadow", "flash",
    # The Magic core (rules/core/blocking.py, sba.py) plays these in every variant.
    "intimidate", "horsemanship", "indestructible",
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
    "plainshome", "islandhome", "swamphome", "mountainhome", "foresthome",
    # The Frontier rules treat "bands with other …" and "banding when attacking" as banding
    # (../shared/rules/frontier.md, Banding).
    "banding when attacking", "bands with other",
)

_COMBAT_TRIGGERS = ("attacks", "blocks", "attacks_or_blocks", "becomes_blocked",
                    # "attacks and isn't blocked": an attack on the player (Frontier).
                    "attacks_unblocked",
                    "blocks_or_blocked")

EXECUTED_BY_ENGINE: frozenset[str] = frozenset(
    {f"keyword:{k}" for k in _ENGINE_KEYWORDS} | {
        # Landhome in its old wording (card.py's _HOME_ORACLE_RE; frontier_board.py).
        "static:landhome",
        # Activated abilities (frontier.py _do_activate): costs the engine pays itself...
        "cost:mana_cost", "cost:tap_cost", "cost:pay_life_cost", "cost:sacrifice_self",
        # "Sacrifice a creature/artifact …": the activation names it (``sacrifice``).
        "cost:sacrifice_cost",
        # ... and the effects it carries out: mana abilities (rules/mana.py) and a
        # regeneration shield for the permanent itself.
        "activated:add_mana", "activated:regenerate_self",
        # "Activate only as an instant" says what every activation already is.
        "activated:restriction_instant",
        # Checked on activation (spell_paying.activation_problem).
        "activated:restriction_once_each_turn", "activated:restriction_twice_each_turn",
        "activated:restriction_three_times_each_turn", "activated:restriction_sorcery",
        "activated:restriction_your_turn", "activated:restriction_upkeep",
        # "CARDNAME doesn't untap during your untap step" (turns.py on_untap, stays_tapped).
        "static:doesnt_untap",
        # The Magic core: a planeswalker's loyalty cost (core/planeswalkers.pay_loyalty) and
        # "Equip" (core/equipment.attach through spell_executors._exec_attach).
        "cost:loyalty_cost", "activated:attach",
    } | {
        # The stack and the effect executors (rules/core/spell_executors.py): spells and
        # activated abilities with these effects resolve through the engine. A clause whose
        # form the executors don't follow gets a qualified key (see _qualifier) that is not
        # listed here, so it stays "not yet carried out".
        f"{where}:{what}" for where in ("spell", "activated", "triggered") for what in (
            "deal_damage", "pump", "destroy", "tap", "untap", "draw", "discard", "gain_life",
            "lose_life", "put_counters", "regenerate", "prevent_damage", "bounce",
            "counter_spell", "create_token", "modal", "delayed", "return_from_graveyard",
            "exile")
    } | {
        # Anthems and aura bonuses (frontier_board.own_pt through spell_grants.static_bonus),
        # keywords gained until end of turn or granted by a static ability (has_ability).
        # "CARDNAME enters the battlefield tapped" (a permanent spell resolving).
        "static:enters_tapped",
        "static:pump", "activated:grant_keyword", "spell:grant_keyword", "static:grant_keyword",
        # Protection from a colour: targets refused (target_problem), damage from sources of
        # that colour prevented (frontier_combat._deal, the damage executor), auras refused;
        # Frontier has no blocking.
        *(f"keyword:protection from {c}" for c in ("white", "blue", "black", "red", "green")),
        "keyword:shroud", "keyword:hexproof",
        # Casting an aura: its "Enchant …" phrase is checked as a target (frontier.py
        # aura_problem); it attaches on resolution. Lands are squares on the Frontier board,
        # so "Enchant land" is not counted.
        "keyword:enchant creature", "keyword:enchant artifact", "keyword:enchant enchantment",
        "keyword:enchant permanent",
        # Triggered abilities (spell_triggers.fire_triggers): these triggers put the ability
        # on the stack; its effects are keyed ``triggered:…`` and qualified (see
        # trigger_qualifier) when they would need the object that set it off. Their targets
        # are asked as they go on the stack (# fx-targets: trigger_targets.py, a ``targets``
        # decision answered by the ``targets`` action).
        "trigger:upkeep", "trigger:enters", "trigger:dies", "trigger:cast", "trigger:dies_any",
        "trigger:deals_damage",
        "triggered:may_pay",
        # Combat triggers of the permanent itself (spell_triggers.fire_combat_triggers), set
        # off as the attack is declared, before its damage: in Frontier the attacked creatures
        # are the blockers and the attacking stack is "blocked" when it attacks creatures.
        *(f"trigger:{e}" for e in _COMBAT_TRIGGERS),
        # Flanking and rampage N (spell_triggers._flanking_and_rampage): the attacked
        # creatures are the blockers.
        "keyword:flanking", *(f"keyword:rampage {n}" for n in range(1, 10)),
    } | {
        # fx-statics (rules/core/fx_statics.py; forms in templates_statics.statics_qualifier).
        # Blocking: the attacked creature is the blocker (the digest); its ruling (normal Magic
        # in attacks): every attacked creature blocks and fights back, evasion and "can't
        # block" don't stop it (fx_statics.start_combat); "can't attack" refuses the attack
        # (Frontier.attack_problem).
        "keyword:fear", "keyword:menace",
        "static:cant_be_blocked", "static:cant_block", "static:cant_attack",
        "static:cant_attack_or_block", "static:block_rule",
        # Every Frontier attack is a combat of its own, on one creature or stack: nothing
        # limits how many attacks a creature blocks, so "an additional creature" changes nothing.
        "static:extra_block",
        # Landwalk is a move in Frontier (the digest): "can be blocked as though it didn't have
        # islandwalk" takes that move away (fx_statics.ignored_walks, frontier_board.landwalks).
        "static:ignore_landwalk",
        # Characteristic-defining P/T and "as long as" bonuses (frontier_board.own_pt).
        "static:set_pt", "static:as_long_as",
        # "Prevent all damage that would be dealt to CARDNAME by …" (spell_grants.protected_from).
        "static:static_prevent",
        # "Can't attack if …" (fx_statics.attack_restriction); "can attack as though it didn't
        # have defender" (Frontier.attack_problem); "all creatures able to block it do so":
        # an attacked creature always blocks when it may (nothing to force); "all creatures
        # lose flying" (fx_statics.lost); "attacks each combat if able" (must_attack_problem:
        # no done_attacking or pass while it could still attack).
        "static:cant_attack_if", "static:ignore_defender", "static:must_be_blocked",
        "static:lose_keyword", "static:must_attack", "keyword:enchant wall",
        "static:prevent_damage",  # only "… to CARDNAME by <creatures>" (statics_qualifier)
        "spell:ignore_defender", "activated:ignore_defender", "spell:set_base_pt",
        "activated:set_base_pt",
        # Triggered keyword grants (the trigger's own permanent; spell_executors._grant):
        # a combat trigger resolves before the attack's damage is planned.
        "triggered:grant_keyword",
        # "Can't be blocked this turn except by Walls" (a mark); "+0/+X, where X is its mana
        # value" (fx_statics.StaticsActions).
        "spell:block_rule", "activated:block_rule", "spell:pump_mana_value",
        # "Damage that would be dealt to you by unblocked creatures is dealt to CARDNAME
        # instead": an attack on the player (frontier_combat.resolve_attack, unblocked_guard).
        "activated:redirect_unblocked",
        # "(Attacking) creatures banded with CARDNAME gain first strike/trample until end of
        # turn" (the rest of its banding stack).
        "activated:band_grant", "triggered:band_grant",
        # "Can't be the target of spells (unless it attacked or blocked this turn)"
        # (Frontier.target_problem via fx_statics.untargetable).
        "static:untargetable", "static:half_count_pump",
        "activated:pump_mana_value",
        # "Creature spells cost {2} more to cast" (fx_statics.spell_cost: casting, the legal
        # list and its payment plans, the table's X spinner).
        "static:cost_change",
        # Until end of turn: marks on the permanent (fx_statics.StaticsActions).
        *(f"{where}:{what}" for where in ("spell", "activated") for what in (
            "cant_be_blocked", "cant_block", "cant_attack", "cant_attack_or_block",
            "lose_keyword", "switch_pt")),
        # fx-timing (rules/core/fx_timing.py, forms in rules/effects/timing.py):
        # "at the beginning of the upkeep of enchanted …'s controller" and end step triggers
        # (TimingActions.timing_phase); "sacrifice CARDNAME / it [unless you pay {…}]"
        # (_exec_sacrifice); "doesn't untap during its controller's next untap step"
        # (_exec_doesnt_untap, skips_untap) and the static "creatures … don't untap";
        # cumulative upkeep paid in mana (resolve_timed); extra turns (_exec_extra_turn).
        "trigger:upkeep_enchanted_controller", "trigger:end_step", "trigger:upkeep_opponent",
        "triggered:step_condition",
        "triggered:pump_until_end_of_combat", "activated:pump_until_end_of_combat",
        "spell:pump_until_end_of_combat",
        *(f"trigger:{e}_enchanted" for e in ("blocks", "becomes_blocked", "blocks_or_blocked")), "triggered:unless_new", "trigger:phases_in",
        "spell:sacrifice", "activated:sacrifice", "triggered:sacrifice",
        # rules/core/control.py (the rulings "change of control")
        "spell:gain_control", "activated:gain_control", "triggered:gain_control",
        "static:gain_control",
        "activated:doesnt_untap", "triggered:doesnt_untap", "spell:doesnt_untap",
        "keyword:cumulative upkeep",
        "triggered:unless_paid", "activated:unless_paid", "spell:unless_paid",
        # A mana ability's other effects (TimingActions.mana_riders): delayed effects and
        # "if this ability has been activated N or more times this turn".
        "mana_ability:delayed", "mana_ability:if_activated", "activated:if_activated",
        # "Activate only during your upkeep and only once each turn" (activation_problem).
        "activated:restriction_upkeep+once_each_turn",
        # Phasing (TimingActions.phase_untap, _exec_phase_out).
        "keyword:phasing", "triggered:phase_out", "activated:phase_out", "spell:phase_out",
        "spell:extra_turn", "static:granted_upkeep", "static:doesnt_untap_if_attacked",
        # "you skip your next draw step" (PlayerState.skip_draw); "that creature can't attack
        # during its controller's next turn" (TimingActions.timing_attack_problem).
        "triggered:skip_draw", "spell:skip_draw", "activated:skip_draw",
        "triggered:cant_attack_next_turn", "activated:cant_attack_next_turn",
        "spell:cant_attack_next_turn",
        # fx-mana (rules/core/fx_mana.py): a spell's "Add {B}{B}{B}" (one fixed option)
        # goes to its controller's pool; a target land is a board square: destroyed it
        # becomes a hole, tapped or untapped by the effect (Stone Rain, Icy Manipulator).
        "spell:add_mana",
        # "Search your library for a basic land card …, then shuffle": no land is found in a
        # Frontier library (the library is shuffled; a land found there is left to the players).
        "spell:search_library_land", "activated:search_library_land",
        "triggered:search_library_land",
        # A land's mana abilities, tapped for mana (fx_mana.ManaActions.land_mana): their
        # costs, the mana (also storage counters' worth), the pain lands' damage, depletion
        # counters; "enters the battlefield tapped" as it is turned face up; a depletion
        # land's untap and upkeep (mana_support.land_clauses keys only these forms).
        "land_cost:tap_cost", "land_cost:mana_cost", "land_cost:sacrifice_self",
        "land_cost:pay_life_cost", "land:add_mana", "land:damage_you", "land:put_counters_self",
        "land_static:enters_tapped", "land_static:doesnt_untap_with_counter",
        "land_trigger:upkeep", "land_triggered:remove_counters",
        # Storage lands: "you may choose not to untap" (the keep_tapped choice), the upkeep
        # counter while tapped, "{T}, Remove any number of storage counters: Add {B} for each".
        "land_static:may_not_untap", "land_triggered:condition_storage",
        "land_triggered:put_counters_storage", "land_cost:remove_counters_any",
        "land:add_mana_per_counter",
        # Urza's Mine and Tower: "If you control … and …, add {C}{C} instead" (the lands the
        # player's creatures stand on); "Add an amount of {B} equal to the sacrificed
        # artifact's mana value" (frontier.py _activate with the named sacrifice).
        "land:add_mana_instead", "activated:add_mana_equal",
        # City of Brass: "Whenever CARDNAME becomes tapped, it deals 1 damage to you" (the
        # player tapping it, or whose creature stands on it when an effect taps it).
        "land_trigger:becomes_tapped", "land_triggered:damage_you",
        # Mana batteries (a charge counter on itself; "{T}, Remove any number of charge
        # counters: Add {W}, then an additional {W} for each"), Fellwar Stone (the colours of
        # the lands under an opponent's creatures), Songs of the Damned (one {B} for each
        # creature card in your graveyard).
        "activated:put_counters_named_self", "cost:remove_counters_any",
        "activated:add_mana_per_counter", "activated:add_mana_opponent_land",
        "spell:add_mana_per_card",
        # A land's static keyword grant to "creatures you control" (the legendary lands'
        # banding): the player whose creatures stand on it (fx_mana.land_grants).
        "land_static:grant_keyword",
        # "If that land was a snow land, …" after Thermokarst's / Icequake's destruction.
        "spell:if_snow_land",
        # Mana Short (the lands under the player's creatures, and their pool), Spoils of Evil,
        # Quarum Trench Gnomes (the square's Plains makes {C} from then on).
        "spell:mana_short", "spell:mana_for_each_card", "activated:produces_colourless",
        # Mishra's Workshop: its mana is kept apart and pays only for artifact spells.
        "land:spend_only",
        # "Whenever a Mountain is tapped for mana, its controller adds an additional {R}"
        # (a triggered mana ability: at once, to the player tapping it; fx_mana.land_mana).
        "trigger:tapped_for_mana", "triggered:add_mana_extra",
        # Ritual of Subdual / Naked Singularity: what a land square tapped for mana makes.
        "static:land_mana_replaced",
        # "{T}: Add {B}. CARDNAME deals 1 damage to you." (Elves of Deep Shadow).
        "mana_ability:damage_you",
        *(f"{where}:{what}_land" for where in ("spell", "activated")
          for what in ("destroy", "tap", "untap")),
    } | {
        # fx-oneshots (rules/core/fx_oneshots.py; forms: effects/oneshots.py
        # oneshot_qualifier): put on top of a library, cards from graveyards, "its controller
        # creates", prevention (the next N, by a creature, a source of your choice), poison,
        # land tap/untap, counted amounts, life exchange, wheels, tutors, hands.
        f"{where}:{what}" for where in ("spell", "activated", "triggered") for what in (
            "put_on_library", "put_onto_battlefield", "exchange_life", "refill",
            "look_at_hand", "tap_or_untap", "put_from_hand", "search_library",
            "return_all_owned", "bounce_own", "shuffle_library", "exile_graveyard",
            "graveyard_to_bottom", "cant_regenerate", "look_top", "put_looked", "search_exile",
            "hand_to_top", "choose_from_hand", "discard_those", "graveyard_to_top", "may_draw",
            "exile_top_prevented", "if_colour", "named_token", "two_damage", "return_auras",
            "damage_those", "damage_each_plus", "damage_by_value", "exile_random_rest",
            "damage_evenly", "source_shield", "flyer_shield", "reveal_card", "if_land",
            "redirect_next", "discard_hand", "self_shield", "may_bottom")
    } | {"spell:additional_cost", "cost:discard_random", "cost:exile_top"})
"""Clause keys the engine carries out today (see the module docstring and
:mod:`.engine_support`)."""


GRANTABLE = frozenset({
    "flying", "first strike", "double strike", "trample", "banding", "deathtouch", "lifelink",
    "vigilance", "defender", "shadow", "shroud", "hexproof",
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",
    "protection from white", "protection from blue", "protection from black",
    "protection from red", "protection from green",
    # Blocking keywords (rules/core/blocking.py, in the variants that choose blocks); reach
    # says nothing in Frontier, where flying is a move (the digest); flanking as the attack
    # is declared.
    "fear", "menace", "reach", "flanking",
    # The Magic core (rules/core/blocking.py, sba.py).
    "intimidate", "horsemanship", "indestructible",
    # Gained until end of turn, haste ends summoning sickness (spell_executors._grant); a
    # static haste is not carried out (templates_statics.statics_qualifier).
    "haste",
})
"""Keywords the engine honours when a creature gains them (frontier_board.has_ability,
Frontier.target_problem, protection's damage prevention)."""
