"""The abilities of a card read from its oracle text, as plain frozen data.

Every node is a frozen dataclass with a ``kind`` and ``to_wire()`` / ``from_wire()``; nodes nest
(an ability holds effects, an effect holds selectors, a selector a target spec), and the wire form
is JSON: a node is an object with ``"kind"``, a tuple a list. Every node also keeps ``text``: the
clause of the (normalised) oracle text it was read from, so the whole text is accounted for.

The shape, from the top:

- :class:`CardReading` — one card: its abilities in text order.
- abilities — :class:`KeywordLine`, :class:`SpellAbility` (an instant's or sorcery's effects),
  :class:`ActivatedAbility` (cost parts: effects), :class:`TriggeredAbility` (trigger: effects),
  :class:`StaticAbility` (continuous effects).
- effects — :class:`DealDamage`, :class:`Pump`, :class:`Destroy`, … one class per thing the
  engine will do; :class:`Modal` and :class:`May` wrap others; :class:`Unimplemented` is a clause
  the reader could not read (its target phrase is still read when it has one).
- :class:`Selector` — whom an effect reaches: ``"target"`` (with a :class:`TargetSpec` the caster
  chooses for), ``"self"``, ``"that"`` (the object an earlier clause chose), ``"all"`` (every
  object the spec describes), ``"you"``, ``"each_player"``…
- :class:`Amount` — a number, ``X``, or a count the reader names ("for each Swamp you control").

The classes live in :mod:`.node_base` (the machinery and the values), :mod:`.effect_nodes`
and :mod:`.ability_nodes` (costs, triggers, abilities); this module gathers them.
"""

from __future__ import annotations

from frontier_desktop.rules.effects.node_base import (
    NODE_KINDS, N, WireError, Node, Amount, TargetSpec, Selector, Effect,
)
from frontier_desktop.rules.effects.effect_nodes import (
    Unimplemented, DealDamage, Pump, GrantKeyword, Destroy, NoRegenerate, PutOntoBattlefield,
    Tap, Untap, Draw, Discard, GainLife, LoseLife, PutCounters, Regenerate, PreventDamage,
    Bounce, CounterSpell, SearchLibrary, CreateToken, Sacrifice, GainControl,
    ReturnFromGraveyard, Exile, CantBlock, CantAttack, PutOnLibrary, CantBeBlocked,
    DoesntUntap, MayNotUntap, EntersTapped, EntersWithCounters, MustAttack, Delayed, AddMana,
    Landhome, Attach, Restriction, PayMana, IfPaid, AdditionalCost, Condition, ChooseOnEnter,
    ExtraTurn, Mode, Modal, May,
)
from frontier_desktop.rules.effects.ability_nodes import (
    CostPart, ManaCost, TapCost, UntapCost, SacrificeCost, PayLifeCost, DiscardCost,
    RemoveCountersCost, ExileCost, LoyaltyCost, UnreadCost, Trigger, Ability, Keyword,
    KeywordLine, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility, CardReading,
)

__all__ = [
    "NODE_KINDS", "N", "WireError", "Node", "Amount", "TargetSpec", "Selector", "Effect",
    "Unimplemented", "DealDamage", "Pump", "GrantKeyword", "Destroy", "NoRegenerate",
    "PutOntoBattlefield", "Tap", "Untap", "Draw", "Discard", "GainLife", "LoseLife",
    "PutCounters", "Regenerate", "PreventDamage", "Bounce", "CounterSpell", "SearchLibrary",
    "CreateToken", "Sacrifice", "GainControl", "ReturnFromGraveyard", "Exile", "CantBlock",
    "CantAttack", "PutOnLibrary", "CantBeBlocked", "DoesntUntap", "MayNotUntap",
    "EntersTapped", "EntersWithCounters", "MustAttack", "Delayed", "AddMana", "Landhome",
    "Attach", "Restriction", "PayMana", "IfPaid", "AdditionalCost", "Condition",
    "ChooseOnEnter", "ExtraTurn", "Mode", "Modal", "May", "CostPart", "ManaCost", "TapCost",
    "UntapCost", "SacrificeCost", "PayLifeCost", "DiscardCost", "RemoveCountersCost",
    "ExileCost", "LoyaltyCost", "UnreadCost", "Trigger", "Ability", "Keyword", "KeywordLine",
    "SpellAbility", "ActivatedAbility", "TriggeredAbility", "StaticAbility", "CardReading",
]
