"""Which of the read clauses the engine carries out today, and the per-card verdict.

The honesty rule: a card counts as **automated** only when every clause of its text is carried
out by the engine. Reading a clause is not enough; :data:`EXECUTED_BY_ENGINE` lists the clause
keys the engine really executes, and grows only as executors land (a test pins each entry to
the engine code that carries it out).

A clause key is ``"<where>:<what>"``: ``keyword:flying``, ``cost:tap_cost``,
``activated:add_mana``, ``spell:deal_damage``, ``triggered:draw``, ``static:pump``…
"""

from __future__ import annotations

import dataclasses
import re

from frontier_desktop.rules.effects import timing
from frontier_desktop.rules.effects.mana_support import (
    ability_cost_key, is_land_search, land_clauses, land_target_problem, mana_qualifier,
    mana_rest_key, spell_mana_problem,
)
from frontier_desktop.rules.effects.reader import PLACEHOLDER
from frontier_desktop.rules.effects.nodes import (
    ActivatedAbility, AddMana, CardReading, CostPart, Effect, Keyword, KeywordLine, ManaCost, Modal,
    Node, PayLifeCost, Regenerate, Restriction, SacrificeCost, SpellAbility, StaticAbility,
    Trigger, TriggeredAbility,
)

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
"""Clause keys the engine carries out today (see the module docstring)."""


def clause_key(node: Node, where: str) -> str:
    """The registry key of one clause node read in an ability of kind *where*."""
    if isinstance(node, Keyword):
        if node.name.startswith("bands with other"):
            return "keyword:bands with other"
        if node.name.startswith("cumulative upkeep"):
            # Paid in mana at its controller's upkeep (fx_timing.resolve_timed).
            mana = timing.cumulative_upkeep_cost(node.name)
            return "keyword:cumulative upkeep" if mana else "keyword:cumulative upkeep_other"
        return f"keyword:{node.name}"
    if isinstance(node, CostPart):
        from frontier_desktop.rules.effects.oneshots import cost_key

        own = cost_key(node)  # fx-oneshots (fx_oneshots.pay_oneshot_costs)
        if own is not None:
            return own
        if isinstance(node, SacrificeCost) and node.what.ref == "self":
            return "cost:sacrifice_self"
        if isinstance(node, SacrificeCost) and (
                node.what.spec is None or "land" in node.what.spec.noun.split("_or_")
                or node.what.spec.zone or node.what.spec.count != 1):
            return "cost:sacrifice_cost_other"  # lands are squares on the Frontier board
        if isinstance(node, ManaCost) and "X" in node.symbols:
            return "cost:mana_cost_x"
        if isinstance(node, PayLifeCost) and node.amount.var:
            return "cost:pay_life_cost_x"
        return f"cost:{node.kind}"
    if isinstance(node, Regenerate) and node.to.ref == "self":
        return f"{where}:regenerate_self"
    if isinstance(node, Restriction):
        return f"{where}:restriction_{node.when}"
    return f"{where}:{node.kind}{_qualifier(node, where)}"


def pay_pattern(effects: tuple[Effect, ...]) -> tuple[int, tuple[Effect, ...]] | None:
    """``(N, effects)`` for "you may pay {N}. If you do, <effects>" (None: another shape)."""
    from frontier_desktop.rules.effects import nodes as n

    if len(effects) != 2 or not isinstance(effects[0], n.May) or \
            not isinstance(effects[1], n.IfPaid) or not effects[1].did:
        return None
    inner = effects[0].effects
    if len(inner) != 1 or not isinstance(inner[0], n.PayMana):
        return None
    if inner[0].who is not None and not (inner[0].who.ref == "that" and
                                         inner[0].who.text.lower() == "that player"):
        return None  # "that player may pay": the player the trigger names (fx_timing)
    found = re.fullmatch(r"\{(\d+)\}", inner[0].symbols)
    if found is None or int(found.group(1)) <= 0:
        return None
    return int(found.group(1)), effects[1].effects


def trigger_key(trigger: Trigger) -> str:
    """``trigger:<event>`` when the engine sets the trigger off in this form (see
    spell_triggers.fire_triggers), else a qualified key naming the form it doesn't follow."""
    event = trigger.event
    if event == "upkeep":
        if trigger.subject is None and trigger.whose in ("you", "each"):
            return "trigger:upkeep"
        return f"trigger:upkeep_{trigger.whose or 'other'}"
    if event == "phases_in":  # fx_timing.timing_event: "whenever CARDNAME phases in"
        return "trigger:phases_in" if trigger.subject is not None and \
            trigger.subject.ref == "self" else "trigger:phases_in_other"
    if event == "end_step":
        # fx_timing.timing_phase: "at the beginning of your end step" / "of each end step".
        if trigger.subject is None and trigger.whose in ("you", "each"):
            return "trigger:end_step"
        return f"trigger:end_step_{trigger.whose or 'other'}"
    if event in _COMBAT_TRIGGERS:
        if trigger.subject is not None and trigger.subject.ref == "self":
            return f"trigger:{event}"
        if trigger.subject is not None and trigger.subject.ref == "enchanted" and \
                event in timing.COMBAT_EVENTS:
            return f"trigger:{event}_enchanted"  # an aura's (fx_timing.aura_combat_triggers)
        return f"trigger:{event}_other"
    if event == "deals_damage":
        if trigger.subject is not None and trigger.subject.ref == "self" and \
                trigger.to == "player" and trigger.by is None:
            return "trigger:deals_damage"  # "whenever CARDNAME deals damage to a player"
        return "trigger:deals_damage_other"
    if event == "cast":
        by = trigger.by
        if trigger.subject is None and trigger.whose in ("each", "you", "opponent") and (
                by is None or (by.noun == "spell" and not (
                    by.types or by.not_types or by.subtypes or by.not_colours or by.state
                    or by.controller or by.with_keywords or by.without_keywords))):
            return "trigger:cast"
        return "trigger:cast_other"
    if event in ("enters", "dies"):
        if trigger.subject is not None and trigger.subject.ref == "self" and trigger.by is None:
            return f"trigger:{event}"
        spec = trigger.subject.spec if trigger.subject is not None else None
        if event == "dies" and spec is not None and trigger.subject is not None and \
                trigger.subject.ref in ("chosen", "all") and trigger.by is None and \
                set(spec.noun.split("_or_")) <= {"creature", "artifact", "enchantment"} and \
                spec.controller in ("", "you", "opponent", "not_you") and not (
                    spec.types or spec.not_types or spec.subtypes or spec.state or spec.zone
                    or spec.with_keywords or spec.without_keywords or spec.other
                    or spec.power or spec.not_colours):
            return "trigger:dies_any"  # "whenever a creature (you control) dies"
        return f"trigger:{event}_other"
    return f"trigger:{event}"


def trigger_qualifier(node: Node, trigger: Trigger) -> str:
    """A suffix for a triggered effect the trigger's resolution doesn't follow: "that"/"it"
    would name the object that set it off, and after "dies" the permanent itself is gone.
    Targets are followed: the controller chooses them as the ability goes on the stack
    (rules/core/trigger_targets.py, the ``targets`` decision)."""
    from frontier_desktop.rules.effects import nodes as n

    if isinstance(node, n.Delayed):
        found = timing.delayed_trigger_qualifier(node, trigger)
        if found is not None:
            return found
    for child in node.walk():
        if isinstance(child, n.Selector):
            if child.ref == "that" and child.text.lower() == "it" and \
                    trigger.subject is not None and trigger.subject.ref == "enchanted" and \
                    trigger.event in timing.COMBAT_EVENTS:
                continue  # the enchanted creature (an aura's combat trigger: its "that")
            if child.ref == "that" and timing.is_other_side(child, trigger):
                continue  # the creature it blocks or is blocked by (the stack item's "others")
            if child.ref == "that" and child.text.lower() == "that player" and \
                    trigger.event == "upkeep" and trigger.whose in ("enchanted_controller",
                                                                    "opponent"):
                continue  # the enchanted permanent's controller / the opponent whose upkeep
                # it is (the stack item's "that", fx_timing.timing_phase)
            if child.ref == "target":
                continue  # asked when it goes on the stack (trigger_targets.py)
            if child.ref == "that" and child.text.lower() == "that player" and \
                    trigger_key(trigger) == "trigger:deals_damage":
                continue  # the player dealt damage (the stack item's "that")
            if child.ref == "that" and child.text.lower() == "it" and \
                    trigger.subject is not None and trigger.subject.ref == "self" and \
                    trigger.event not in ("dies", "leaves"):
                continue  # "it": the permanent itself (the stack item's "that")
            if child.ref == "that" and child.text.lower() == "that player" and \
                    trigger_key(trigger) == "trigger:upkeep" and trigger.whose == "each" and \
                    isinstance(node, n.DealDamage):
                continue  # "each player's upkeep …, that player": the active player (fx-oneshots)
            if child.ref == "that" and child.text.lower() == "it" and \
                    isinstance(node, n.Exile) and trigger.event == "dies" and \
                    trigger.subject is not None and trigger.subject.ref == "self":
                continue  # "when CARDNAME dies, exile it": the card in the graveyard (fx-oneshots)
            if child.ref in ("that", "controller"):
                return "_that"
            if child.ref in ("self", "enchanted") and trigger.event in ("dies", "leaves"):
                return "_gone"
    return ""


def _untargeted() -> tuple[type, ...]:
    from frontier_desktop.rules.effects import nodes as n

    return (n.Draw, n.GainLife, n.LoseLife, n.DealDamage, n.CreateToken)


_UNTARGETED = _untargeted()

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

_FOLLOWED_REFS = frozenset({"target", "self", "you", "each_player", "each_opponent", "opponent",
                            "that", "controller", "enchanted", "all"})
"""Selector refs the executors follow (spell_context._Context.objects)."""


def _qualifier(node: Node, where: str) -> str:
    """"" when the executors carry out *node* in this form; otherwise a suffix naming the
    form they don't follow yet (so the key is not in :data:`EXECUTED_BY_ENGINE`)."""
    from frontier_desktop.rules.effects import nodes as n
    from frontier_desktop.rules.effects.oneshots import oneshot_qualifier

    mana = mana_qualifier(node)  # fx-mana's own forms (mana_support.py)
    if mana is not None:
        return mana
    if isinstance(node, n.SearchLibrary) and is_land_search(node):
        # A Frontier library holds no lands: shuffled, nothing found (fx_oneshots_zones).
        return "_land"
    own = oneshot_qualifier(node, where)  # fx-oneshots: forms rules/core/fx_oneshots.py runs
    if own is not None:
        return own
    if isinstance(node, (n.Modal, n.Unimplemented)):
        return ""
    # fx-statics: blocking rules, "as long as", P/T-defining and other statics say themselves.
    from frontier_desktop.rules.effects.templates_statics import statics_qualifier

    statics = statics_qualifier(node, where)
    if statics is not None:
        return statics
    if isinstance(node, n.Delayed):
        # Carried out at the moment named (fx_timing.run_delayed) when what it does needs no
        # target and is itself carried out (rules/effects/timing.py says which forms).
        return timing.delayed_qualifier(node, where, "".join(
            _qualifier(e, where) for e in node.effects if isinstance(e, _UNTARGETED)))
    if isinstance(node, timing.IfActivated):
        # fx_timing._exec_if_activated: counts the activations of this turn.
        return "" if all(clause_key(e, where) in EXECUTED_BY_ENGINE for e in node.effects) \
            else "_nested"
    if isinstance(node, timing.UnlessNewlyControlled):
        # fx_timing._exec_unless_new: the permanent's summoning sickness says it.
        return "" if where == "triggered" and all(
            clause_key(e, where) in EXECUTED_BY_ENGINE for e in node.effects) else "_nested"
    if isinstance(node, timing.UnlessPaid):
        # "… unless you pay {…}": a pay-or-not choice, then the effect (fx_timing).
        return timing.unless_qualifier(node, all(
            clause_key(e, where) in EXECUTED_BY_ENGINE for e in timing.unless_inner(node)))
    if isinstance(node, n.PreventDamage) and node.amount.var == "all" and \
            node.duration == "end_of_turn" and node.by is None and (
                (node.to is None and node.combat_only) or (
                    node.to is not None and not node.combat_only
                    and node.to.ref in ("target", "self", "you"))):
        return ""  # Fog (frontier_combat._deal_strike); a shield of all damage (PREVENT_ALL)
    if isinstance(node, n.Effect):
        for child in node.walk():
            if child is node:
                continue
            if isinstance(child, n.Effect):
                return "_nested"
            if isinstance(child, n.Amount) and child.var not in ("", "X"):
                return "_variable"
            if isinstance(child, n.Selector) and child.ref not in _FOLLOWED_REFS:
                return f"_{child.ref}"
            if isinstance(child, n.TargetSpec) and ("land" in child.noun.split("_or_")
                                                    or child.zone):
                if isinstance(node, n.ReturnFromGraveyard) and child.zone in (
                        "graveyard", "your_graveyard") and "land" not in child.noun and \
                        node.destination in ("hand", "battlefield"):
                    continue  # a card from a graveyard back to hand or to the staging row
                if not child.zone:  # fx-mana: a land square (rules/core/fx_mana.py)
                    return "_land" + land_target_problem(node)
                return "_zone"
    if isinstance(node, n.AddMana) and where != "activated":
        return spell_mana_problem(node)  # fx-mana
    if isinstance(node, n.DealDamage) and (node.divided or node.source is not None):
        return "_divided" if node.divided else "_source"
    if isinstance(node, (n.Pump, n.GrantKeyword)) and any(
            k not in GRANTABLE for k in node.keywords):
        return "_keywords"
    if isinstance(node, n.GrantKeyword):
        if where == "static":
            if node.duration or node.to.ref not in ("enchanted", "all"):
                return "_conditional"
        elif node.duration != "end_of_turn":
            return "_lasting"
    if isinstance(node, n.Pump):
        if where == "static":
            if node.duration or node.to.ref not in ("enchanted", "all") or \
                    node.power.var or node.toughness.var:
                return "_conditional"
        elif node.duration != "end_of_turn":
            return "_lasting"
    if isinstance(node, n.Exile) and node.to.ref == "self" and where == "spell":
        return "_self"  # a spell exiling itself: not followed (it goes to the graveyard)
    if isinstance(node, n.PutCounters) and node.counter not in ("+1/+1", "-1/-1"):
        return "_other"  # poison and named counters: P/T counts only +1/+1 and -1/-1
    if where == "static" and isinstance(node, (n.Pump, n.GrantKeyword)) and \
            node.to.spec is not None and node.to.spec.state not in ("", "tapped", "untapped"):
        return "_conditional"  # "attacking creatures get …": not followed in a static
    if isinstance(node, n.ReturnFromGraveyard) and node.to.ref == "self":
        return "_self"  # an ability that works from the graveyard: only permanents activate
    if isinstance(node, n.DoesntUntap):
        return timing.untap_qualifier(node, where)  # fx_timing.skips_untap
    if isinstance(node, n.Sacrifice):
        return timing.sacrifice_qualifier(node, where)  # fx_timing._exec_sacrifice
    if isinstance(node, n.EntersTapped) and node.to.ref != "self":
        return "_other"
    if isinstance(node, n.PreventDamage) and (node.to is None or node.by is not None
                                              or node.combat_only or node.amount.var):
        return "_other"
    if isinstance(node, n.CreateToken) and (node.who is not None
                                            or "Creature" not in node.types):
        return "_other"
    return ""


def clauses(reading: CardReading, *, land: bool = False,
            mana_colours: frozenset[str] | None = None) -> list[tuple[str, Node]]:
    """``(key, node)`` for every clause of the card, in text order.

    A *land* is keyed by :func:`mana_support.land_clauses` (``land_cost:…``, ``land:…``,
    ``land_static:…``, ``land_trigger:…``): the engine carries out its mana abilities when it
    is tapped for mana on the board (rules/core/fx_mana.py). *mana_colours* is no longer
    used (the engine reads the land's own abilities).
    """
    if land:  # fx-mana: a land is a square of the board (mana_support.land_clauses)
        return land_clauses(reading)
    out: list[tuple[str, Node]] = []

    def effects(items: tuple[Effect, ...], where: str) -> None:
        for effect in items:
            if isinstance(effect, Modal):
                out.append((f"{where}:modal", effect))
                for mode in effect.modes:
                    effects(mode.effects, where)
            else:
                out.append((clause_key(effect, where), effect))

    for ability in reading.abilities:
        if isinstance(ability, KeywordLine):
            out.extend((clause_key(k, "keyword"), k) for k in ability.keywords)
        elif isinstance(ability, ActivatedAbility):
            out.extend((ability_cost_key(c, ability) or clause_key(c, "cost"), c)
                       for c in ability.cost)
            if any(isinstance(e, AddMana) for e in ability.effects):
                # A mana ability doesn't use the stack: the engine adds its mana and leaves
                # the rest of its text to the players (frontier.py _activate).
                for effect in ability.effects:
                    if isinstance(effect, AddMana):
                        effects((effect,), "activated")
                    else:  # fx-mana: "CARDNAME deals 1 damage to you" (frontier.py _activate)
                        out.append((mana_rest_key(effect), effect))
            else:
                effects(ability.effects, "activated")
        elif isinstance(ability, TriggeredAbility):
            out.append((trigger_key(ability.trigger), ability.trigger))
            start = len(out)
            paying = pay_pattern(ability.effects)
            if paying is not None:
                # "You may pay {N}. If you do, …": a pay/decline choice
                # (SpellActions.resolve_ability), then the effects.
                out.append(("triggered:may_pay", ability.effects[0]))
                effects(paying[1], "triggered")
            else:
                effects(ability.effects, "triggered")
            out[start:] = [(k + trigger_qualifier(node, ability.trigger)
                            if not k.endswith(":unimplemented") else k, node)
                           for k, node in out[start:]]
        elif isinstance(ability, SpellAbility):
            effects(ability.effects, "spell")
        elif isinstance(ability, StaticAbility):
            # A land is a square of the Frontier board: it never enters the battlefield or
            # gets static abilities carried out ("land_static" keys are not registered).
            effects(ability.effects, "land_static" if land else "static")
    return out


CARD_TYPES = ("creature", "instant", "sorcery", "enchantment", "artifact", "land")
"""The card types the report counts separately (a card is counted under its first match)."""


def card_type(type_line: str) -> str:
    """``"Artifact Creature — Golem"`` → ``"creature"``; ``"other"`` when none matches."""
    front = type_line.split("//")[0].split("—")[0].lower()
    for kind in CARD_TYPES:
        if re.search(rf"\b{kind}\b", front):
            return kind
    return "other"


@dataclasses.dataclass(frozen=True)
class CardVerdict:
    """What the engine does with one card."""

    name: str
    type: str
    unread: tuple[str, ...]
    """Clauses the reader couldn't read, as text."""
    not_executed: tuple[str, ...]
    """Clauses read but not yet carried out by the engine, as text."""

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def automated(self) -> bool:
        return not self.unread and not self.not_executed

    def to_wire(self) -> dict[str, object]:
        return {"name": self.name, "type": self.type, "read": self.read,
                "automated": self.automated, "unimplemented": list(self.unread),
                "not_executed": list(self.not_executed)}


def verdict(reading: CardReading, type_line: str,
            mana_colours: frozenset[str] | None = None) -> CardVerdict:
    """Whether the engine plays the card fully.

    *mana_colours* are the colours the engine's card model says a land makes
    (``Card.mana_colours``); ``None`` when unknown, and then no land ability counts as
    carried out.
    """
    unread: list[str] = list(reading.unimplemented())
    not_executed: list[str] = []
    words = list(unread)
    is_land = card_type(type_line) == "land"
    for key, node in clauses(reading, land=is_land, mana_colours=mana_colours):
        if key in EXECUTED_BY_ENGINE:
            continue
        if node.text in unread or key.endswith(":unimplemented") or key.endswith(
                ":unread_cost") or key == "trigger:unread":
            continue
        not_executed.append(node.text or key.split(":", 1)[-1].replace("_", " "))
    # Players read these: the card's own name, never the reader's placeholder.
    return CardVerdict(reading.name, card_type(type_line), _named(words, reading.name),
                       _named(not_executed, reading.name))


def _named(texts: list[str], name: str) -> tuple[str, ...]:
    return tuple(t.replace(PLACEHOLDER, name) for t in texts)
