"""Which forms of the continuous and combat statics the engine carries out (fx-statics).

:func:`statics_qualifier` gives the clause-key suffix of a node of this family ("" when
``rules/core/fx_statics.py`` and the rest of the engine carry it out in this form), or ``None``
for a node of another family; :func:`.clause_keys._qualifier` asks it first.
:mod:`.templates_statics` reads these clauses and re-exports :func:`statics_qualifier`.
"""

from __future__ import annotations

from frontier_desktop.rules.effects.executed_keys import GRANTABLE
from frontier_desktop.rules.effects.nodes import (
    CantAttack, CantBeBlocked, CantBlock, GrantKeyword, MustAttack, Node, PreventDamage, Pump,
    TargetSpec,
)
from frontier_desktop.rules.effects.statics_nodes import (
    AsLongAs, BandGrant, BlockRule, CantAttackIf, CantAttackOrBlock, CostChange, ExtraBlock,
    HalfCountPump, IgnoreDefender, IgnoreLandwalk, LoseKeyword, MustBeBlocked, PumpManaValue,
    RedirectUnblocked, SetBasePT, SetPT, StaticPrevent, SwitchPT, Untargetable,
)


_TARGETING = frozenset({"shroud", "hexproof", "protection from white", "protection from blue",
                        "protection from black", "protection from red",
                        "protection from green"})


def _constant(pump: Pump) -> bool:
    return not pump.power.var and not pump.toughness.var


def _simple_spec(spec: TargetSpec | None) -> bool:
    return spec is None or not (spec.zone or spec.count_var)


def statics_qualifier(node: Node, where: str) -> str | None:
    """The clause-key suffix for a node of this family ("" when the engine carries it out in
    this form, a suffix naming the form otherwise), or ``None`` for a node of another family
    (see :func:`.clause_keys._qualifier`)."""
    if isinstance(node, (CantBeBlocked, CantBlock, CantAttack, CantAttackOrBlock)):
        if where == "static":
            refs = ("self", "enchanted", "all") if isinstance(node, CantAttack) else (
                "self", "enchanted")
            if node.duration or node.to.ref not in refs or not _simple_spec(node.to.spec):
                return "_other"
            return ""
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self") and (
                    not isinstance(node, CantBeBlocked) or node.by is None):
            return ""  # a mark until end of turn (fx_statics.MARKS)
        return "_other"
    if isinstance(node, BlockRule):
        if where == "static" and not node.duration and node.to.ref in ("self", "enchanted") \
                and _simple_spec(node.spec):
            return ""
        if where == "static" and node.rule in ("max_attackers", "max_blocking"):
            return ""  # Caverns of Despair (fx_statics: every Frontier attack is a combat)
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self") and node.rule == "except_by" and \
                node.spec is not None and _simple_spec(node.spec):
            return ""  # a mark until end of turn (fx_statics.StaticsActions)
        return "_other"
    if isinstance(node, HalfCountPump):
        return "" if where == "static" and node.to.ref in ("self", "enchanted") and \
            _simple_spec(node.count) else "_other"
    if isinstance(node, Untargetable):
        # Frontier.target_problem asks fx_statics.untargetable.
        return "" if where == "static" and node.to.ref in ("self", "enchanted") else "_other"
    if isinstance(node, BandGrant):
        if where in ("activated", "triggered") and all(k in GRANTABLE for k in node.keywords):
            return ""  # fx_statics.StaticsActions: the rest of its banding stack
        return "_other"
    if isinstance(node, RedirectUnblocked):
        if where == "activated" and node.duration == "end_of_turn":
            return ""  # a mark on the permanent until end of turn (Kjeldoran Royal Guard)
        return "_other"
    if isinstance(node, PumpManaValue):
        if where in ("spell", "activated") and node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, (GrantKeyword, Pump)) and where == "static" and \
            "haste" in node.keywords:
        return "_keywords"  # haste is honoured when gained until end of turn only
    if isinstance(node, ExtraBlock):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, IgnoreLandwalk):
        return "" if where == "static" else "_other"
    if isinstance(node, StaticPrevent):
        return "" if where == "static" else "_other"
    if isinstance(node, SetPT):
        return "" if where == "static" and _simple_spec(node.count) else "_other"
    if isinstance(node, AsLongAs):
        if where != "static" or len(node.effects) != 1:
            return "_other"
        if node.when in ("you_control", "opponent_controls") and (
                node.spec is None or node.spec.noun not in ("land", "permanent")):
            return "_other"
        if node.when == "you_control_none" and (
                node.spec is None or node.spec.noun not in ("creature", "permanent")):
            return "_other"
        inner = node.effects[0]
        if "haste" in getattr(inner, "keywords", ()):
            return "_other"
        if isinstance(inner, RedirectUnblocked) and node.when == "untapped" and \
                node.subject == "self" and not inner.duration:
            return ""  # Veteran Bodyguard (fx_statics.unblocked_guard)
        if isinstance(inner, Pump) and _constant(inner) and not inner.duration and \
                inner.to.ref in ("self", "enchanted", "all") and \
                all(k in GRANTABLE and k not in _TARGETING for k in inner.keywords):
            return ""
        if isinstance(inner, GrantKeyword) and not inner.duration and \
                inner.to.ref in ("self", "enchanted", "all") and \
                all(k in GRANTABLE and (k not in _TARGETING or k in ("shroud", "hexproof"))
                    for k in inner.keywords):
            return ""  # shroud and hexproof: spell_grants.protection_keywords asks
        return "_other"
    if isinstance(node, PreventDamage) and where == "static" and node.amount.var == "all" and \
            "this turn" not in node.text.lower() and node.to is not None and node.to.ref == "self" and \
            node.by is not None and node.by.ref == "all" and node.by.spec is not None and \
            node.by.spec.noun == "creature" and _simple_spec(node.by.spec):
        return ""  # "prevent all (combat) damage … to CARDNAME by Walls" (fx_statics.prevents)
    if isinstance(node, PreventDamage) and where == "static" and node.to is None and \
            node.combat_only and node.amount.var == "all" and node.by is not None and \
            node.by.ref == "enchanted" and "this turn" not in node.text.lower():
        return ""  # "… combat damage that would be dealt by enchanted creature" (combat_power)
    if isinstance(node, PreventDamage) and where == "static":
        return "_other"
    if isinstance(node, MustAttack):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, CantAttackIf):
        return "" if where == "static" and node.to.ref == "self" else "_other"
    if isinstance(node, IgnoreDefender):
        if where == "static" and not node.duration and node.to.ref in ("self", "enchanted"):
            return ""
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""  # a mark until end of turn
        return "_other"
    if isinstance(node, MustBeBlocked):
        # The attacked creature always blocks when it may (the digest): nothing to force.
        return "" if where == "static" and node.to.ref in ("self", "enchanted") else "_other"
    if isinstance(node, SetBasePT):
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, LoseKeyword) and where == "static":
        return "" if not node.duration and node.to.ref == "all" else "_other"
    if isinstance(node, CostChange):
        return "" if where == "static" else "_other"  # fx_statics.spell_cost
    if isinstance(node, (LoseKeyword, SwitchPT)):
        if where in ("spell", "activated") and node.duration == "end_of_turn" and \
                node.to.ref in ("target", "self"):
            return ""
        return "_other"
    if isinstance(node, Pump) and where == "static" and node.to.ref == "all" and \
            node.to.spec is not None and node.to.spec.state == "attacking" and \
            not node.duration and _constant(node) and \
            all(k in GRANTABLE for k in node.keywords):
        return ""  # "attacking creatures (you control) get +1/+0" (fx_statics.combat)
    return None
