"""Which of the read clauses the engine carries out today, and the per-card verdict.

The honesty rule: a card counts as **automated** only when every clause of its text is carried
out by the engine. Reading a clause is not enough; :data:`EXECUTED_BY_ENGINE` lists the clause
keys the engine really executes, and grows only as executors land (a test pins each entry to
the engine code that carries it out).

A clause key is ``"<where>:<what>"``: ``keyword:flying``, ``cost:tap_cost``,
``activated:add_mana``, ``spell:deal_damage``, ``triggered:draw``, ``static:pump``…

Here: :func:`clauses` (every clause of a card with its key) and :func:`verdict`. The list of
keys and keywords the engine carries out is in :mod:`.executed_keys`, the keying of one clause
(:func:`clause_key`, :func:`trigger_key`, …) in :mod:`.clause_keys`; both are importable from
here.
"""

from __future__ import annotations

import dataclasses
import re

from frontier_desktop.rules.effects import timing as timing
from frontier_desktop.rules.effects.clause_keys import (
    _FOLLOWED_REFS as _FOLLOWED_REFS, _UNTARGETED as _UNTARGETED, _qualifier as _qualifier,
    _untargeted as _untargeted, clause_key as clause_key, pay_pattern as pay_pattern,
    trigger_key as trigger_key, trigger_qualifier as trigger_qualifier,
)
from frontier_desktop.rules.effects.executed_keys import (
    _COMBAT_TRIGGERS as _COMBAT_TRIGGERS, _ENGINE_KEYWORDS as _ENGINE_KEYWORDS,
    EXECUTED_BY_ENGINE as EXECUTED_BY_ENGINE, GRANTABLE as GRANTABLE,
)
from frontier_desktop.rules.effects.mana_support import (
    ability_cost_key, is_land_search as is_land_search, land_clauses,
    land_target_problem as land_target_problem, mana_qualifier as mana_qualifier,
    mana_rest_key, spell_mana_problem as spell_mana_problem,
)
from frontier_desktop.rules.effects.normalising import PLACEHOLDER
from frontier_desktop.rules.effects.nodes import (
    ActivatedAbility, AddMana, CardReading, CostPart as CostPart, Effect, Keyword as Keyword,
    KeywordLine, ManaCost as ManaCost, Modal, Node, PayLifeCost as PayLifeCost,
    Regenerate as Regenerate, Restriction as Restriction, SacrificeCost as SacrificeCost,
    SpellAbility, StaticAbility, Trigger as Trigger, TriggeredAbility,
)


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
