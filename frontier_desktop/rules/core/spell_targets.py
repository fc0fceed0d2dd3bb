"""Targets: who may be targeted, checking a cast's targets, and listing the legal ones.

:class:`TargetActions` (a base of ``SpellActions``) holds Frontier's reach
(:meth:`~TargetActions.target_problem`: protection, shroud, hexproof, "can't be the target"),
the check of an action's targets against the target slots of its text
(:meth:`~TargetActions.check_targets`, each refusal in one line from
:meth:`~TargetActions.target_refusal`), and the candidates and legal target lists the legal
actions and the table offer. The attack waiting to resolve gives "attacking" and "blocking"
creatures their meaning for card text. :func:`targeting` answers the table's question "what
may this card or ability target?" in wire form.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core.equipment import equip_problem
from frontier_desktop.rules.effects.nodes import Effect, TargetSpec
from frontier_desktop.rules.effects.targeting import (
    COLOUR_LETTER, Slot, describe_target, spec_problem, target_slots,
)
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.shared import is_square
from frontier_desktop.rules.core.spell_grants import protection_keywords
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, enchant_spec, spell_effects,
)
from frontier_desktop.rules.core.trigger_targets import TriggerTargets
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.core.fx_marks import StaticsActions

Target = Any


class TargetActions(TriggerTargets, StaticsActions):
    """Targets of spells and abilities; the first base of the stack's mixins (the variants'
    differences: :class:`EngineHooks`; the targets of triggered abilities:
    :class:`TriggerTargets`; statics: :class:`.fx_marks.StaticsActions`)."""

    def player_place_problem(self, state: GameState, seat: int, slot: Slot,
                             target: Target) -> str | None:
        """Where damage to a player is dealt to a land of theirs: why *target* can't take
        *slot*'s damage (None: it can). The land must be a face-up land a player controls
        whom the card's text may name."""
        if isinstance(target, tuple) and target and target[0] == "player":
            return "damage to a player is dealt to a land of theirs: target the land"
        if is_square(target):
            owner = self.variant.land_controller(state, target)
            if owner is None:
                return "nobody controls that land"
            return spec_problem(state, slot.spec, ("player", owner), seat=seat, source=None)
        return None


    # ------------------------------------------------------------------ the variant hook
    def target_problem(self, state: GameState, seat: int, source: str | None,
                       target: Target) -> str | None:
        """Frontier's reach: what normal Magic allows (protection, shroud, hexproof).

        Face-down lands may be targeted as lands, and creatures on the staging row are on the
        battlefield (docs/rules-notes.md, Targets).
        """
        if not isinstance(target, str) or target not in state.perms:
            return None
        perm = state.perms[target]
        spells_only = fx_statics.untargetable(state, perm, source)  # Lurker, Spectral Shield
        if spells_only:
            return spells_only
        keywords = protection_keywords(state, perm)
        if not keywords:
            return None
        if "shroud" in keywords:
            return "it has shroud"
        if "hexproof" in keywords and perm.controller != seat:
            return "it has hexproof"
        colours: set[str] = set()
        if source is not None and source in state.cards:
            colours = {c for c, letter in COLOUR_LETTER.items()
                       if letter in state.card(source).colors}
        for kw in keywords:
            if kw.startswith("protection from ") and kw[len("protection from "):] in colours:
                return f"it has {kw}"
        return None

    def _attack_window(self, state: GameState) -> dict[str, Any] | None:
        pending = state.pending
        while pending is not None and pending.get("kind") == "priority":
            pending = pending.get("outer")
        return pending if pending is not None and pending.get("kind") == "attack" else None

    def attacking_ids(self, state: GameState) -> list[str]:
        """The creatures of the attack waiting to resolve."""
        window = self._attack_window(state)
        return list(window.get("units", ())) if window is not None else []

    def blocking_ids(self, state: GameState) -> list[str]:
        """The creatures that attack is on: the blockers for card text (the digest)."""
        window = self._attack_window(state)
        if window is None or window.get("target") == "player":
            return []
        pos = state.board.pos_from_wire(window["target"])
        seat = int(window["seat"])
        attacked = [i for i in state.occupants().get(pos, ()) if state.perms[i].controller != seat]
        return fx_statics.combat_blockers(state, attacked)  # those that may block it

    def target_refusal(self, state: GameState, seat: int, source_name: str, source: str | None,
                       slot: Slot, target: Target) -> str | None:
        """One line naming the target and why it's refused (None: it is legal)."""
        window = self._attack_window(state) if slot.spec.state else None
        if self.variant.player_damage_to_land and slot.kind == "deal_damage" and _names_players(
                slot.spec) and (isinstance(target, tuple) and target and (
                target[0] == "player" or isinstance(target[0], int))):
            problem = self.player_place_problem(state, seat, slot, target)
        else:
            problem = spec_problem(state, slot.spec, target, seat=seat, source=source,
                                   attacking=self.attacking_ids(state) if window else (),
                                   blocking=self.blocking_ids(state) if window else (),
                                   blocked=bool(window and window.get("target") != "player"
                                                and self.blocking_ids(state)))
        if problem is None:
            problem = self.variant.target_problem(state, seat, source, target)
        if problem is None and slot.kind == "attach":  # "Equip" (rules/core/equipment.py)
            problem = equip_problem(state, source, target)
        if problem is None:
            return None
        return f"{source_name} can't target {describe_target(state, target)}: {problem}"

    def check_targets(self, state: GameState, seat: int, action: A.Action, name: str,
                      source: str | None, effects: tuple[Effect, ...], where: str,
                      targets: tuple[Any, ...], x: int) -> bool:
        """Check the action's targets against the slots; False when none are given for an
        ability that has some (its targeted clauses are then carried out by hand).

        Raises:
            IllegalActionError: a wrong number of targets, or a refused one.
        """
        slots = target_slots(effects, x)
        if not slots and targets:
            raise IllegalActionError(action, f"{name} has no targets")
        if not slots:
            return True
        if not targets:
            # Cast without choosing: the targeted clauses are carried out by hand (as before
            # the engine read card text; a table that can't choose targets yet still works).
            return False
        needed = sum(1 for s in slots if not s.optional)
        if not needed <= len(targets) <= len(slots):
            many = f"{len(slots)} target{'s' if len(slots) != 1 else ''}"
            if needed != len(slots):
                many = f"{needed} to {len(slots)} targets"
            raise IllegalActionError(action, f"{name} needs {many} "
                                             f"({', '.join(s.spec.text or s.spec.noun for s in slots)})")
        seen: list[Any] = []
        for slot, target in zip(slots, targets):
            refusal = self.target_refusal(state, seat, name, source, slot, target)
            if refusal:
                raise IllegalActionError(action, refusal)
            if target in seen and slot.selector is not None and not slot.divided and any(
                    s.selector is slot.selector for s in slots if s is not slot):
                raise IllegalActionError(action, f"{name} can't target "
                                                 f"{describe_target(state, target)} twice")
            seen.append(target)
        return True

    def legal_target_lists(self, state: GameState, seat: int, name: str, source: str | None,
                           effects: tuple[Effect, ...], x: int = 0,
                           limit: int = 24) -> list[tuple[Any, ...]]:
        """Target choices to list: one per legal target of a single-target ability; for more
        targets a representative few (any legal combination is accepted). ``[()]`` when it
        has no targets; ``[]`` when a required target has no legal choice."""
        slots = target_slots(effects, x)
        if not slots:
            return [()]
        candidates = self.target_candidates(state, slots[0].spec)
        per_slot: list[list[Any]] = []
        for slot in slots:
            if slot.spec != slots[0].spec:
                candidates = self.target_candidates(state, slot.spec)
            ok = [t for t in candidates
                  if self.target_refusal(state, seat, name, source, slot, t) is None]
            per_slot.append(ok)
        if len(slots) == 1:
            return [(t,) for t in per_slot[0][:limit]]
        out: list[tuple[Any, ...]] = []
        for first in per_slot[0][:limit]:
            chosen: list[Any] = [first]
            for slot, ok in zip(slots[1:], per_slot[1:]):
                # divided damage: every point to the first target (any division is accepted)
                pick = first if slot.divided and first in ok else next(
                    (t for t in ok if t not in chosen), None)
                if pick is None:
                    break
                chosen.append(pick)
            needed = sum(1 for s in slots if not s.optional)
            if len(chosen) >= needed:
                out.append(tuple(chosen))
        return out

    def target_candidates(self, state: GameState, spec: TargetSpec) -> list[Any]:
        """Every object a spec of this noun could name (filtered by :meth:`target_refusal`)."""
        nouns = set(spec.noun.split("_or_"))
        out: list[Any] = []
        if spec.zone.endswith("graveyard"):
            for n, player in enumerate(state.players):
                for name in sorted({state.name(c) for c in player.graveyard}):
                    out.append(("graveyard", n, name))
            return out
        if "spell" in nouns:
            out.extend(("stack", item["id"]) for item in reversed(state.stack))
            return out
        if nouns & {"any", "creature", "artifact", "enchantment", "permanent"}:
            out.extend(sorted(pid for pid, p in state.perms.items() if p.zone != "attached"
                              or "enchantment" in nouns or "permanent" in nouns
                              or "artifact" in nouns))
        if nouns & {"any", "player", "opponent"}:
            out.extend(("player", n) for n in range(len(state.players)))
            if self.variant.player_damage_to_land:  # the lands damage to a player may go to
                out.extend(sorted(self.variant.land_controllers(state), key=repr))
        if nouns & {"land"}:
            out.extend(pos for pos, cell in sorted(state.cells.items(), key=repr)
                       if cell.land is not None)
        return out


def _names_players(spec: TargetSpec) -> bool:
    """Whether a target phrase may name a player ("any target", "target player/opponent")."""
    return bool(set(spec.noun.split("_or_")) & {"any", "player", "opponent"})


def targeting(state: GameState, seat: int, card_id: str, ability: int | None = None, *,
              x: int = 0, modes: tuple[int, ...] = (0,)) -> list[dict[str, Any]]:
    """For the table: the targets a card in hand (``ability`` None) or a permanent's activated
    ability asks for, in order, each ``{"text", "noun", "optional", "legal": [T, ...]}`` with
    the legal choices in wire form. Why another object is refused:
    :meth:`SpellActions.target_refusal` (or just try the action: the refusal names it)."""
    from frontier_desktop.rules.core.hooks import variant_of as find_variant_of

    variant = find_variant_of(state).magic  # the variant's engine
    assert isinstance(variant, TargetActions)
    card = state.card(card_id)
    if ability is None:
        effects: tuple[Effect, ...] = spell_effects(card, modes) if (
            card.is_instant or card.is_sorcery) else ()
        source = card_id
    else:
        effects = ability_effects(card, ability, modes) or ()
        source = card_id
    out: list[dict[str, Any]] = []
    if ability is None and card.is_aura:
        spec = enchant_spec(card)
        if spec is not None:
            slot = Slot(spec, 0, None)
            legal = [t for t in variant.target_candidates(state, spec)
                     if variant.target_refusal(state, seat, card.name, source, slot, t) is None]
            out.append({"text": spec.text, "noun": spec.noun, "optional": False,
                        "legal": [A.target_to_wire(t) for t in legal]})
        return out
    for slot in target_slots(effects, x):
        legal = [t for t in variant.target_candidates(state, slot.spec)
                 if variant.target_refusal(state, seat, card.name, source, slot, t) is None]
        out.append({"text": slot.spec.text, "noun": slot.spec.noun, "optional": slot.optional,
                    "legal": [A.target_to_wire(t) for t in legal]})
    return out
