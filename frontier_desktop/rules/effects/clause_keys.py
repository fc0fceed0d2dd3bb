"""The key of each read clause: what the engine carries out of it, and in which form.

:func:`clause_key` gives ``"<where>:<what>"`` for one node (``spell:deal_damage``,
``cost:tap_cost``, ``keyword:flying``); when the engine doesn't follow the node's form, the key
carries a suffix naming the form (``spell:deal_damage_divided``) so that it is not in
:data:`.executed_keys.EXECUTED_BY_ENGINE`. Each effect family says its own forms first
(:mod:`.mana_forms`, :mod:`.oneshots`, :mod:`.statics_support`, :mod:`.timing`).
:func:`trigger_key` and :func:`trigger_qualifier` do the same for triggers and triggered
effects, :func:`pay_pattern` finds "you may pay {N}. If you do, …".
"""

from __future__ import annotations

import re

from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects import timing
from frontier_desktop.rules.effects.executed_keys import (
    _COMBAT_TRIGGERS, EXECUTED_BY_ENGINE, GRANTABLE,
)
from frontier_desktop.rules.effects.nodes import (
    CostPart, Effect, Keyword, ManaCost, Node, PayLifeCost, Regenerate, Restriction,
    SacrificeCost, Trigger,
)
from frontier_desktop.rules.effects.oneshots import cost_key, oneshot_qualifier
from frontier_desktop.rules.effects.statics_support import statics_qualifier
from frontier_desktop.rules.effects.mana_forms import (
    is_land_search, land_target_problem, mana_qualifier, spell_mana_problem,
)


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
    return (n.Draw, n.GainLife, n.LoseLife, n.DealDamage, n.CreateToken)


_UNTARGETED = _untargeted()

_FOLLOWED_REFS = frozenset({"target", "self", "you", "each_player", "each_opponent", "opponent",
                            "that", "controller", "enchanted", "all"})
"""Selector refs the executors follow (spell_context._Context.objects)."""


def _qualifier(node: Node, where: str) -> str:
    """"" when the executors carry out *node* in this form; otherwise a suffix naming the
    form they don't follow yet (so the key is not in :data:`EXECUTED_BY_ENGINE`)."""
    mana = mana_qualifier(node)  # fx-mana's own forms (mana_forms.py)
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
    if isinstance(node, n.GainControl):
        # rules/core/control.py: a target's control for good or until end of turn; an aura's
        # "You control enchanted …" while attached. Anything else ("of all creatures", "for
        # as long as …") is the players'.
        if where == "static":
            return "" if node.to.ref == "enchanted" and node.duration == "attached" \
                else "_other"
        return "" if node.to.ref == "target" and node.duration in ("", "end_of_turn") \
            else "_other"
    # fx-statics: blocking rules, "as long as", P/T-defining and other statics say themselves.
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

