"""Delayed and timed effects: which forms the engine carries out (fx-timing).

The executors live in :mod:`frontier_desktop.rules.core.fx_timing`; this module only says,
for :mod:`.engine_support`'s clause keys, which forms they follow:

- :class:`~.nodes.Delayed` effects "at end of combat", "at the beginning of the next end
  step" and "at the beginning of the next turn's upkeep" whose effects need no target and are
  each one the delayed runner carries out (draw, life, damage, tokens; sacrifice, destroy,
  exile or return to hand "it" / "that creature" / CARDNAME);
- "doesn't untap during its controller's next untap step" (a one-shot) and the static
  "X don't untap during their controllers' untap steps";
- "sacrifice CARDNAME unless you pay {…}" and cumulative upkeep paid in mana.
"""

from __future__ import annotations

import dataclasses
import re
from typing import ClassVar

from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.nodes import TargetSpec


@dataclasses.dataclass(frozen=True)
class UnlessPaid(n.Effect):
    """``effects`` happen unless the controller pays ``cost`` (mana symbols): "CARDNAME deals
    8 damage to you unless you pay {G}{G}{G}{G}"."""

    effects: tuple[n.Effect, ...]
    cost: str

    kind: ClassVar[str] = "unless_paid"

DELAYED_WHEN = ("next_upkeep", "next_end_step", "end_of_combat", "that_turn_end_step")
"""The moments a delayed effect waits for that the engine knows (``that_turn_end_step``: the
end step of the extra turn the same spell gave)."""

COMBAT_EVENTS = ("blocks", "becomes_blocked", "blocks_or_blocked")
"""Combat triggers whose "that creature" is the creature on the other side (the stack item's
``others``: the creatures it blocks or is blocked by, matching the trigger's "by …")."""



def _object_refs(effect: n.Effect) -> set[str]:
    return {s.ref for s in effect.walk() if isinstance(s, n.Selector)}


def delayed_qualifier(node: n.Delayed, where: str, plain_qualifier: str) -> str:
    """"" when the delayed runner carries out *node* read in an ability of kind *where*.

    *plain_qualifier* is engine_support's qualifier of the inner effects that reach no earlier
    object (each must be "" too), joined.
    """
    if node.when not in DELAYED_WHEN or not node.effects or plain_qualifier:
        return "_nested"
    for effect in node.effects:
        refs = _object_refs(effect)
        if isinstance(effect, _PLAIN):
            # A target was chosen when the spell or ability was (fx_timing._record keeps it).
            if refs & {"that", "self", "enchanted", "controller"} or (
                    "target" in refs and where not in ("spell", "activated")):
                return "_nested"
            continue
        if isinstance(effect, ReturnToBattlefield) and where == "triggered":
            continue  # the dead card of a "dies" trigger (delayed_trigger_qualifier)
        if not isinstance(effect, _ON_OBJECT):
            return "_nested"
        what = effect.what if isinstance(effect, n.Sacrifice) else effect.to
        if what.ref not in ("that", "self") or (what.ref == "self" and where == "spell"):
            return "_nested"
        if isinstance(effect, n.Sacrifice):
            if effect.unless_pays or effect.who.ref not in ("you", "controller") or (
                    effect.who.ref == "controller" and what.ref != "that"):
                return "_nested"
        if isinstance(effect, n.Destroy) and effect.no_regenerate:
            continue
    return ""


@dataclasses.dataclass(frozen=True)
class PhaseOut(n.Effect):
    """``to`` phases out (treated as though it doesn't exist until its controller's next
    untap step)."""

    to: tuple[n.Selector, ...]
    """"Dream Fighter and that creature phase out": each."""

    kind: ClassVar[str] = "phase_out"


@dataclasses.dataclass(frozen=True)
class IfActivated(n.Effect):
    """"If this ability has been activated ``times`` or more times this turn, ``effects``"."""

    times: int
    effects: tuple[n.Effect, ...]

    kind: ClassVar[str] = "if_activated"


@dataclasses.dataclass(frozen=True)
class LoseGame(n.Effect):
    """``who`` loses the game."""

    who: n.Selector

    kind: ClassVar[str] = "lose_game"


@dataclasses.dataclass(frozen=True)
class SkipDraw(n.Effect):
    """``who`` skips their next draw step."""

    who: n.Selector

    kind: ClassVar[str] = "skip_draw"


@dataclasses.dataclass(frozen=True)
class ReturnToBattlefield(n.Effect):
    """"Return it to the battlefield under its owner's control" after it died (``to`` is
    "it": the card of the "dies" trigger)."""

    to: n.Selector

    kind: ClassVar[str] = "return_to_battlefield"


@dataclasses.dataclass(frozen=True)
class CantAttackNextTurn(n.Effect):
    """``to`` can't attack during its controller's next turn."""

    to: n.Selector

    kind: ClassVar[str] = "cant_attack_next_turn"


@dataclasses.dataclass(frozen=True)
class GrantedUpkeep(n.Effect):
    """A static grant of an upkeep cost: ``to`` have "Cumulative upkeep {…}" (*cumulative*)
    or "At the beginning of your upkeep, sacrifice this permanent unless you pay {…}"."""

    to: n.Selector
    cost: str
    cumulative: bool = False

    kind: ClassVar[str] = "granted_upkeep"


@dataclasses.dataclass(frozen=True)
class LockIfAttacked(n.Effect):
    """``to`` doesn't untap during its controller's untap step if it attacked during its
    controller's last turn (static)."""

    to: n.Selector

    kind: ClassVar[str] = "doesnt_untap_if_attacked"


@dataclasses.dataclass(frozen=True)
class StepCondition(n.Effect):
    """An intervening "if" of a triggered ability: ``what`` is ``no_creatures`` ("if no
    creatures are on the battlefield"), ``hand_at_least`` ("if that player has ``n`` or more
    cards in hand"), ``defender_controls_none`` ("if defending player controls no ``spec``")
    or ``self_didnt_attack`` ("if CARDNAME didn't attack this turn"); the ability does nothing
    unless it holds when it resolves (and, for step triggers, when it triggers)."""

    what: str
    n: int = 0
    spec: TargetSpec | None = None

    kind: ClassVar[str] = "step_condition"


@dataclasses.dataclass(frozen=True)
class UnlessNewlyControlled(n.Effect):
    """``effects`` happen "unless it came under your control this turn" (it: the permanent)."""

    effects: tuple[n.Effect, ...]

    kind: ClassVar[str] = "unless_new"


@dataclasses.dataclass(frozen=True)
class CombatPump(n.Effect):
    """``to`` gets ``power``/``toughness`` until end of combat."""

    to: n.Selector
    power: int
    toughness: int

    kind: ClassVar[str] = "pump_until_end_of_combat"


_PLAIN = (n.Draw, n.GainLife, n.LoseLife, n.DealDamage, n.CreateToken, LoseGame)
"""Delayed effects that reach no earlier object."""

_ON_OBJECT = (n.Sacrifice, n.Destroy, n.Exile, n.Bounce)
"""Delayed effects on "it" / "that creature" / CARDNAME."""


def unless_inner(node: UnlessPaid) -> tuple[n.Effect, ...]:
    """The effects of *node* as the executors run them: "it deals N damage" in the
    permanent's own trigger is the permanent's damage (the ability's source)."""
    out: list[n.Effect] = []
    for effect in node.effects:
        if isinstance(effect, n.DealDamage) and effect.source is not None and \
                effect.source.ref == "that" and effect.source.text.lower() == "it":
            effect = dataclasses.replace(effect, source=None)
        out.append(effect)
    return tuple(out)


def unless_qualifier(node: UnlessPaid, inner_keys_ok: bool) -> str:
    """"" when the cost is plain mana and every inner effect is carried out (*inner_keys_ok*)."""
    if not inner_keys_ok or not re.fullmatch(r"(\{(\d+|[WUBRGC])\})+", node.cost) or \
            len(node.effects) != 1:
        return "_nested"
    return ""


def delayed_trigger_qualifier(node: n.Delayed, trigger: n.Trigger) -> str | None:
    """For a delayed effect in a triggered ability: "" when its "it" / "that creature" is
    followed (the permanent itself, or the creature on the other side of a combat trigger),
    a suffix when not, ``None`` when it has no such reference (the usual rules apply)."""
    found = False
    for s in node.walk():
        if not isinstance(s, n.Selector) or s.ref not in ("that", "self", "controller"):
            continue
        found = True
        text = s.text.lower()
        own = trigger.subject is not None and trigger.subject.ref == "self"
        if s.ref == "self" and own and trigger.event not in ("dies", "leaves"):
            continue
        if s.ref == "that" and text == "it" and own and trigger.event not in ("dies", "leaves"):
            continue
        if is_other_side(s, trigger):
            continue
        if s.ref == "that" and text == "it" and own and trigger.event == "dies" and all(
                isinstance(e, ReturnToBattlefield) or not any(
                    isinstance(c, n.Selector) and c.ref == "that" for c in e.walk())
                for e in node.effects):
            continue  # the card that died, back from its owner's graveyard
        return "_that"
    return "" if found else None


def is_other_side(sel: n.Selector, trigger: n.Trigger) -> bool:
    """Whether *sel* ("that creature", "the other creature") names the creature on the other
    side of a combat trigger of the permanent itself or of the creature an aura enchants."""
    return sel.ref == "that" and sel.text.lower() in ("that creature", "the other creature") \
        and trigger.subject is not None and trigger.subject.ref in ("self", "enchanted") and \
        trigger.event in COMBAT_EVENTS


def untap_qualifier(node: n.DoesntUntap, where: str) -> str:
    """"" for "CARDNAME doesn't untap during your untap step" (static), "target creature /
    it / that creature / CARDNAME doesn't untap during its controller's next untap step"
    (one-shot) and "creatures … don't untap during their controllers' untap steps" (static)."""
    if node.next_only:
        return "" if where != "static" and node.to.ref in ("target", "that", "self") else "_other"
    if where == "static" and node.to.ref in ("self", "enchanted"):
        return ""
    if where == "static" and node.to.ref == "all" and node.to.spec is not None and \
            node.to.spec.noun in ("creature", "permanent", "artifact") and not node.to.spec.zone:
        return ""
    return "_other"


def sacrifice_qualifier(node: n.Sacrifice, where: str) -> str:
    """"" for "sacrifice CARDNAME / it [unless you pay {…}]" (fx_timing's executor)."""
    if node.who.ref != "you" or node.what.ref not in ("self", "that"):
        return "_other"
    if node.what.ref == "self" and where == "spell":
        return "_other"
    if node.unless_pays and not re.fullmatch(r"(\{(\d+|[WUBRGC])\})+", node.unless_pays):
        return "_other"
    return ""


_CUMULATIVE_RE = re.compile(r"cumulative upkeep[ —-]*((?:\{(?:\d+|[wubrgc])\})+)")


def cumulative_upkeep_cost(keyword: str) -> str | None:
    """The mana of a "Cumulative upkeep {…}" keyword (upper case), or None for another cost."""
    m = _CUMULATIVE_RE.fullmatch(keyword.strip().lower())
    return m.group(1).upper() if m else None


def times(cost: str, count: int) -> str:
    """*cost* paid *count* times: ``times("{1}{G}", 2) == "{2}{G}{G}"``."""
    symbols = re.findall(r"\{([^}]+)\}", cost)
    generic = sum(int(s) for s in symbols if s.isdigit()) * count
    coloured = "".join("{%s}" % s for s in symbols if not s.isdigit()) * count
    return ("{%d}" % generic if generic else "") + coloured


def mana_value(cost: str) -> int:
    """The mana value of a plain cost (``{2}{G}{G}`` → 4)."""
    return sum(int(s) if s.isdigit() else 1 for s in re.findall(r"\{([^}]+)\}", cost))



__all__ = ["CombatPump", "UnlessNewlyControlled", "StepCondition", "LockIfAttacked", "GrantedUpkeep", "CantAttackNextTurn", "ReturnToBattlefield", "SkipDraw", "LoseGame", "IfActivated", "PhaseOut", "UnlessPaid", "unless_inner", "unless_qualifier", "COMBAT_EVENTS", "DELAYED_WHEN", "cumulative_upkeep_cost", "delayed_qualifier",
           "delayed_trigger_qualifier", "is_other_side", "mana_value", "sacrifice_qualifier",
           "times", "untap_qualifier"]
