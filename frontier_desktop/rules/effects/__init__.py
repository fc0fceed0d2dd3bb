"""Card abilities read from oracle text (issue 12): the reader, its nodes, what the engine runs.

Pure Python, no I/O. ``read_card(name, oracle_text, type_line, mana_cost)`` gives a
:class:`CardReading`; ``verdict(reading, type_line)`` says whether the engine plays the card fully.
"""

from frontier_desktop.rules.effects.engine_support import (
    CARD_TYPES, EXECUTED_BY_ENGINE, CardVerdict, card_type, clause_key, clauses, verdict,
)
from frontier_desktop.rules.effects.nodes import (
    NODE_KINDS, Ability, ActivatedAbility, AdditionalCost, ExileCost, IfPaid, NoRegenerate,
    PayMana, PutOntoBattlefield, RemoveCountersCost, CantAttack, PutOnLibrary, ChooseOnEnter,
    Condition, ExtraTurn, AddMana, Amount, Bounce, CantBeBlocked, CantBlock,
    CardReading, CostPart, CounterSpell, CreateToken, DealDamage, Delayed, Destroy, Discard, DiscardCost,
    DoesntUntap, Draw, Effect, EntersTapped, EntersWithCounters, Exile, GainControl, GainLife, GrantKeyword, Keyword, KeywordLine,
    Landhome, LoseLife, ManaCost, May, MayNotUntap, Modal, MustAttack, Mode, Node, PayLifeCost, PreventDamage, Pump,
    PutCounters, Regenerate, Restriction, ReturnFromGraveyard, Sacrifice, SacrificeCost,
    SearchLibrary, Selector, SpellAbility, StaticAbility, Tap, TapCost, TargetSpec, Trigger,
    TriggeredAbility, Unimplemented, UnreadCost, Untap, UntapCost, WireError,
)
from frontier_desktop.rules.effects.reader import (
    PLACEHOLDER, clause_texts, normalise_text, read_card, read_clause, read_effects,
)
from frontier_desktop.rules.effects.targets import find_targets, read_object, read_target

__all__ = [
    "CARD_TYPES", "EXECUTED_BY_ENGINE", "NODE_KINDS", "PLACEHOLDER", "Ability",
    "AdditionalCost", "ExileCost", "IfPaid", "NoRegenerate", "PayMana", "PutOntoBattlefield",
    "RemoveCountersCost", "CantAttack", "PutOnLibrary", "ChooseOnEnter", "Condition",
    "ExtraTurn",
    "ActivatedAbility", "AddMana", "Amount", "Bounce", "CantBeBlocked", "CantBlock",
    "CardReading", "CardVerdict", "CostPart", "CounterSpell", "CreateToken", "DealDamage",
    "Delayed", "EntersTapped", "EntersWithCounters", "MayNotUntap", "MustAttack",
    "Destroy", "Discard", "DiscardCost", "DoesntUntap", "Draw", "Effect", "Exile", "GainControl",
    "GainLife", "GrantKeyword", "Keyword", "KeywordLine", "Landhome", "LoseLife", "ManaCost",
    "May", "Modal", "Mode", "Node", "PayLifeCost", "PreventDamage", "Pump", "PutCounters",
    "Regenerate", "Restriction", "ReturnFromGraveyard", "Sacrifice", "SacrificeCost",
    "SearchLibrary", "Selector", "SpellAbility", "StaticAbility", "Tap", "TapCost", "TargetSpec",
    "Trigger", "TriggeredAbility", "Unimplemented", "UnreadCost", "Untap", "UntapCost",
    "WireError", "card_type", "clause_key", "clause_texts", "clauses", "find_targets",
    "normalise_text", "read_card", "read_clause", "read_effects", "read_object", "read_target",
    "verdict",
]
