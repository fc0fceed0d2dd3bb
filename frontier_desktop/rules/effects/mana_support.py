"""Which mana and land clauses the engine carries out (fx-mana; see engine_support).

Pure functions of the read nodes, so that :mod:`engine_support` can key clauses without
importing the variants: :func:`land_clauses` keys every clause of a land card, and the shapes
of land and mana abilities the engine plays are recognised here (:func:`is_land_stack_ability`,
:func:`is_upkeep_storage`, :func:`tapped_damage`, :func:`ability_cost_key`). The forms asked for
while keying any clause are in :mod:`.mana_forms` (importable from here too).
"""

from __future__ import annotations

from frontier_desktop.rules.effects.clause_keys import clause_key, trigger_key
from frontier_desktop.rules.effects.mana_forms import (
    BASIC_LAND_TYPES as BASIC_LAND_TYPES, is_land_search as is_land_search,
    is_lands_only as is_lands_only, land_target_problem as land_target_problem,
    mana_qualifier as mana_qualifier, spell_mana_problem as spell_mana_problem,
)
from frontier_desktop.rules.effects.mana_nodes import (
    AddManaInstead, AddManaPerCard as AddManaPerCard, AddManaPerCounter, DoesntUntapWithCounter,
    IfSnowLand as IfSnowLand, ManaForEachCard as ManaForEachCard, ManaShort as ManaShort,
    ProducesColourless as ProducesColourless, RemoveCounters, SpendOnly,
)
from frontier_desktop.rules.effects.nodes import (
    Condition,
    ActivatedAbility, AddMana, GainLife as GainLife, GrantKeyword, CardReading, CostPart,
    DealDamage, Destroy as Destroy, Effect, EntersTapped, KeywordLine, ManaCost, MayNotUntap,
    Modal, Node, PayLifeCost, PutCounters, RemoveCountersCost, SacrificeCost, Restriction,
    SearchLibrary as SearchLibrary, StaticAbility, Tap as Tap, TapCost,
    TargetSpec as TargetSpec, TriggeredAbility, Untap as Untap,
)


def land_clauses(reading: CardReading) -> list[tuple[str, Node]]:
    """``(key, node)`` for every clause of a land card (see ``engine_support.clauses``).

    A land is a square of the Frontier board (docs/rules-notes.md, Lands with abilities):
    its mana abilities are carried out when a player taps it for mana (``tap_land``,
    rules/core/fx_mana.py), with their costs ({1}, sacrificing the land, removing storage
    counters), "CARDNAME deals N damage to you" and "Put a depletion counter on CARDNAME";
    "enters the battlefield tapped" when it is turned face up; a depletion land's untap and
    upkeep rules. Anything else on a land is keyed so that it is not counted as carried out.
    """
    out: list[tuple[str, Node]] = []
    for ability in reading.abilities:
        if isinstance(ability, KeywordLine):
            out.extend((clause_key(k, "keyword"), k) for k in ability.keywords)
        elif isinstance(ability, ActivatedAbility):
            mana = any(isinstance(e, (AddMana, AddManaPerCounter)) for e in ability.effects)
            per_counter = {e.counter for e in ability.effects if isinstance(e, AddManaPerCounter)}
            if not mana and is_land_stack_ability(ability):
                # "{T}, Sacrifice CARDNAME: Destroy target land." (Strip Mine): on the stack,
                # carried out by the executors of activated abilities (tap_land's ability).
                for cost in ability.cost:
                    out.append((_land_cost_key(cost, True, set()), cost))
                for effect in ability.effects:
                    out.append((clause_key(effect, "activated"), effect))
                continue
            for cost in ability.cost:
                out.append((_land_cost_key(cost, mana, per_counter), cost))
            for effect in ability.effects:
                out.append((_land_effect_key(effect, mana), effect))
        elif isinstance(ability, StaticAbility):
            for effect in ability.effects:
                key = f"land_static:{effect.kind}"
                if isinstance(effect, GrantKeyword):
                    # "White legendary creatures you control have …": the player whose
                    # creatures stand on the land (fx_mana.land_grants).
                    if effect.duration or effect.to.ref != "all" or effect.to.spec is None:
                        key += "_other"
                elif not isinstance(effect, (EntersTapped, DoesntUntapWithCounter,
                                             MayNotUntap)) or effect.to.ref != "self":
                    key += "_other"
                out.append((key, effect))
        elif isinstance(ability, TriggeredAbility):
            trig = ability.trigger
            key = "land_" + trigger_key(trig)
            upkeep_removal = key == "land_trigger:upkeep" and all(
                isinstance(e, RemoveCounters) and e.to.ref == "self" and not e.amount.var
                for e in ability.effects)
            storage = is_upkeep_storage(ability)
            pain = tapped_damage(ability) is not None
            out.append((key if upkeep_removal or storage or pain else key + "_other", trig))
            for effect in ability.effects:
                if storage:  # "if CARDNAME is tapped, put a storage counter on it"
                    out.append((f"land_triggered:{effect.kind}_storage", effect))
                elif pain:  # City of Brass
                    out.append(("land_triggered:damage_you", effect))
                else:
                    out.append((f"land_triggered:{effect.kind}"
                                + ("" if upkeep_removal else "_other"), effect))
        else:  # a spell ability on a land: none in Magic
            for effect in getattr(ability, "effects", ()):
                out.append((f"land:{effect.kind}_other", effect))
    return out


def _land_cost_key(cost: CostPart, mana: bool, per_counter: set[str]) -> str:
    if not mana:
        return f"land_cost:{cost.kind}_other"  # a land's non-mana ability: not carried out
    if isinstance(cost, TapCost):
        return "land_cost:tap_cost"
    if isinstance(cost, ManaCost) and "X" not in cost.symbols:
        return "land_cost:mana_cost"
    if isinstance(cost, SacrificeCost) and cost.what.ref == "self":
        return "land_cost:sacrifice_self"
    if isinstance(cost, PayLifeCost) and not cost.amount.var:
        return "land_cost:pay_life_cost"
    if isinstance(cost, RemoveCountersCost) and cost.source.ref == "self" and \
            cost.amount.var == "any" and cost.counter in per_counter:
        return "land_cost:remove_counters_any"
    return f"land_cost:{cost.kind}_other"


def _land_effect_key(effect: Effect, mana: bool) -> str:
    if not mana:
        return f"land:{effect.kind}_other"
    if isinstance(effect, (AddMana, AddManaPerCounter, AddManaInstead)):
        return f"land:{effect.kind}"
    if isinstance(effect, DealDamage) and not effect.amount.var and not effect.divided and \
            len(effect.to) == 1 and effect.to[0].ref == "you" and (
                effect.source is None or effect.source.ref == "self"):
        return "land:damage_you"
    if isinstance(effect, PutCounters) and effect.to.ref == "self" and not effect.amount.var:
        return "land:put_counters_self"
    if isinstance(effect, SpendOnly) and effect.what == "artifact":
        return "land:spend_only"  # Mishra's Workshop (fx_mana.RESTRICTED)
    return f"land:{effect.kind}_other"


def mana_rest_key(effect: Effect) -> str:
    """The key of a clause after "Add …" in a (non-land) mana ability: "CARDNAME deals N
    damage to you" is carried out with the mana (Elves of Deep Shadow)."""
    if _land_effect_key(effect, True) == "land:damage_you":
        return "mana_ability:damage_you"
    return f"mana_ability:{effect.kind}"


def is_land_stack_ability(ability: ActivatedAbility) -> bool:
    """A land's non-mana ability that ``tap_land`` (with ``ability``) activates: it costs
    {T} (the land is used as it is tapped for mana) plus only mana from the pool, life or
    sacrificing the land itself, and has no activation restriction or modes."""
    costs = ability.cost
    if not any(isinstance(c, TapCost) for c in costs) or not all(
            isinstance(c, TapCost) or (isinstance(c, ManaCost) and "X" not in c.symbols)
            or (isinstance(c, SacrificeCost) and c.what.ref == "self")
            or (isinstance(c, PayLifeCost) and not c.amount.var) for c in costs):
        return False
    return bool(ability.effects) and not any(
        isinstance(e, (Restriction, Modal, AddMana, AddManaPerCounter)) for e in ability.effects)


def is_upkeep_storage(ability: TriggeredAbility) -> bool:
    """"At the beginning of your upkeep, if CARDNAME is tapped, put a storage counter on it"
    (storage lands: the engine's ``land_upkeep``)."""
    trig = ability.trigger
    if trig.event != "upkeep" or trig.whose != "you" or trig.subject is not None or \
            len(ability.effects) != 2:
        return False
    cond, put = ability.effects
    return isinstance(cond, Condition) and cond.subject is not None and \
        cond.subject.ref == "self" and cond.state == "tapped" and \
        isinstance(put, PutCounters) and put.to.ref in ("self", "that") and \
        put.amount.n == 1 and not put.amount.var


def tapped_damage(ability: TriggeredAbility) -> int | None:
    """N for "Whenever CARDNAME becomes tapped, it deals N damage to you" (City of Brass)."""
    trig = ability.trigger
    if trig.event != "becomes_tapped" or trig.subject is None or trig.subject.ref != "self" \
            or len(ability.effects) != 1:
        return None
    effect = ability.effects[0]
    if not isinstance(effect, DealDamage) or effect.amount.var or effect.divided or \
            len(effect.to) != 1 or effect.to[0].ref != "you" or (
                effect.source is not None and effect.source.ref not in ("self", "that")):
        return None
    return effect.amount.n


def ability_cost_key(cost: CostPart, ability: ActivatedAbility) -> str | None:
    """"cost:remove_counters_any" for a mana battery's "Remove any number of charge counters
    from CARDNAME" (paid with the mana asked for, fx_mana.ability_mana); None otherwise."""
    if isinstance(cost, RemoveCountersCost) and cost.source.ref == "self" and \
            cost.amount.var == "any" and any(
                isinstance(e, AddManaPerCounter) and e.counter == cost.counter
                for e in ability.effects):
        return "cost:remove_counters_any"
    return None
