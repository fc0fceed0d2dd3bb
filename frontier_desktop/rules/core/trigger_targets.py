"""Targets of triggered abilities: the ``targets`` decision (``spec/variant-positions.md``).

A triggered ability whose text names a target ("it deals 1 damage to target creature") is put
on the stack marked ``awaiting`` (``SpellActions.push``). Before anything on the stack resolves
(``SpellActions.continue_stack``) its controller is asked, lowest such ability first::

    state.decision = {"kind": "targets", "player": N, "stack": ID, "card": NAME,
                      "source": ID, "texts": [TEXT, ...], "optional": [BOOL, ...],
                      "options": [[T, ...], ...]}

``options`` holds, per target slot in the order the text names them, the legal targets in
wire form (a unit id, ``{"player": N}``, ``[r, c]``, ``{"stack": ID}``,
``{"graveyard": N, "card": NAME}``): public objects only, a face-down land named by its
square. The answer is :class:`~frontier_desktop.rules.actions.Targets`, checked as a cast's
targets are (the card's target phrase, then ``Variant.target_problem``). An ability with no
legal choice for a required target is removed from the stack (a ``trigger_removed`` event).
It then resolves as any other: with the targets still legal, or not at all when none is.

A triggered ability that affects one place of its controller's choice (the War Game's
whole-table effects: ``VariantHooks.trigger_origins``) is marked ``awaiting_origin`` with the
places it may affect; its controller is asked that first, in the same order::

    state.decision = {"kind": "choice", "by": "origin", "player": N, "stack": ID,
                      "card": NAME, "source": ID, "options": [PLACE, ...],
                      "words": [TEXT, ...], "amount": 0, "prompt": TEXT}

answered by :class:`~frontier_desktop.rules.actions.Choose` with the place (``[r, c]``, a
stronghold's name) or its index in ``options``; the ability then resolves there (its
``origin``). With no place to affect it is removed (``trigger_removed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.effects.nodes import Effect, TargetSpec
from frontier_desktop.rules.effects.targeting import Slot, target_slots
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.hooks import Event


if TYPE_CHECKING:
    from frontier_desktop.rules.core.engine_hooks import VariantHooks


class TriggerTargets:
    """Asks for and checks the targets of triggered abilities; a base of ``SpellActions``."""

    if TYPE_CHECKING:
        variant: VariantHooks
        """The variant the engine asks (:class:`.engine_hooks.VariantHooks`)."""

    # provided by SpellActions (frontier_spells.py)
    def target_refusal(self, state: GameState, seat: int, source_name: str, source: str | None,
                       slot: Slot, target: Any) -> str | None:  # pragma: no cover
        raise NotImplementedError

    def target_candidates(self, state: GameState, spec: TargetSpec) -> list[Any]:  # pragma: no cover
        raise NotImplementedError

    def check_targets(self, state: GameState, seat: int, action: A.Action, name: str,
                      source: str | None, effects: tuple[Effect, ...], where: str,
                      targets: tuple[Any, ...], x: int) -> bool:  # pragma: no cover
        raise NotImplementedError

    def legal_target_lists(self, state: GameState, seat: int, name: str, source: str | None,
                           effects: tuple[Effect, ...], x: int = 0,
                           limit: int = 24) -> list[tuple[Any, ...]]:  # pragma: no cover
        raise NotImplementedError

    def continue_stack(self, state: GameState, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ reading an item
    @staticmethod
    def trigger_effects(state: GameState, item: dict[str, Any]) -> tuple[Effect, ...]:
        """What the triggered ability on the stack does (its target slots come from it)."""
        from frontier_desktop.rules.core.spell_reading import item_effects

        card = state.defs.get(str(item["card"]))
        if card is None:
            return ()
        return item_effects(card, item) or ()

    def needs_targets(self, state: GameState, item: dict[str, Any]) -> bool:
        """Whether *item* is a triggered ability whose text names targets none were given."""
        return item.get("kind") == "trigger" and not item.get("targets") and bool(
            target_slots(self.trigger_effects(state, item), int(item.get("x", 0))))

    def trigger_target_options(self, state: GameState, item: dict[str, Any]
                               ) -> tuple[list[Slot], list[list[Any]]]:
        """The slots of the triggered ability *item* and, per slot, its legal targets
        (decoded)."""
        effects = self.trigger_effects(state, item)
        slots = target_slots(effects, int(item.get("x", 0)))
        seat = int(item["controller"])
        name = str(item["card"])
        source = item.get("source")
        source = str(source) if source is not None else None
        legal: list[list[Any]] = []
        for slot in slots:
            legal.append([t for t in self.target_candidates(state, slot.spec)
                          if self.target_refusal(state, seat, name, source, slot, t) is None])
        return slots, legal

    # ------------------------------------------------------------------ asking
    def ask_trigger_targets(self, state: GameState, events: list[Event]) -> bool:
        """Ask for the targets of the lowest triggered ability on the stack still waiting for
        them; remove those that have no legal choice. True when a decision now waits (this
        one or another): nothing on the stack may resolve before it is answered."""
        if state.decision is not None:
            return True
        while True:
            item = next((i for i in state.stack
                         if i.get("awaiting") or "awaiting_origin" in i), None)
            if item is None:
                return False
            seat = int(item["controller"])
            name = str(item["card"])
            if "awaiting_origin" in item:
                if self._ask_origin(state, item, events):
                    return True
                continue
            slots, legal = self.trigger_target_options(state, item)
            if any(not ok and not slot.optional for slot, ok in zip(slots, legal)):
                state.stack = [i for i in state.stack if i["id"] != item["id"]]
                events.append({"type": "trigger_removed", "id": item["id"], "card": name,
                               "player": seat, "reason": "it has no legal target"})
                continue
            if not any(legal):  # only optional targets, none of them legal: no targets
                self._set_item(state, item, ())
                continue
            state.decision = {
                "kind": "targets", "player": seat, "stack": item["id"], "card": name,
                "source": item.get("source"),
                "texts": [slot.spec.text or slot.spec.noun.replace("_or_", " or ")
                          for slot in slots],
                "optional": [slot.optional for slot in slots],
                "options": [[A.target_to_wire(t) for t in ok] for ok in legal]}
            events.append({"type": "choose", "player": seat, "kind": "targets", "card": name,
                           "stack": item["id"]})
            return True

    def _ask_origin(self, state: GameState, item: dict[str, Any], events: list[Event]) -> bool:
        """Ask *item*'s controller which place it affects (True: asked); with none to
        choose from it is removed from the stack."""
        seat = int(item["controller"])
        name = str(item["card"])
        options = list(item["awaiting_origin"])
        if not options:
            state.stack = [i for i in state.stack if i["id"] != item["id"]]
            events.append({"type": "trigger_removed", "id": item["id"], "card": name,
                           "player": seat, "reason": "there is no place it may affect"})
            return False
        from frontier_desktop.rules.core.strongholds import place_words

        words = [place_words(state, state.board.pos_from_wire(o)) for o in options]
        state.decision = {
            "kind": "choice", "by": "origin", "player": seat, "stack": item["id"],
            "card": name, "source": item.get("source"), "options": options, "words": words,
            "amount": 0,
            "prompt": f"{name}'s triggered ability affects one place: choose it"}
        events.append({"type": "choose", "player": seat, "kind": "origin", "card": name,
                       "stack": item["id"]})
        return True

    def answer_trigger_origin(self, state: GameState, seat: int, action: A.Choose,
                              events: list[Event]) -> None:
        """Answer a ``choice`` ``by: "origin"``: the place (or its index in ``options``) the
        triggered ability affects."""
        decision = state.decision
        if decision is None or decision.get("by") != "origin" or decision["player"] != seat:
            raise IllegalActionError(action, "no triggered ability waits for its place")
        options = list(decision["options"])
        choice = action.choice
        index: int | None = None
        if isinstance(choice, int) and not isinstance(choice, bool):
            index = choice if 0 <= choice < len(options) else None
        else:
            try:
                place = state.board.pos_from_wire(choice)
            except ValueError:
                place = None
            index = next((i for i, o in enumerate(options)
                          if place is not None and state.board.pos_from_wire(o) == place), None)
        if index is None:
            allowed = ", ".join(str(w) for w in decision.get("words") or options)
            raise IllegalActionError(action, f"{decision['card']}'s triggered ability may "
                                             f"affect only one of: {allowed}")
        item = next((i for i in state.stack if i["id"] == decision["stack"]), None)
        state.decision = None
        if item is not None:
            new = {k: v for k, v in item.items() if k != "awaiting_origin"}
            new["origin"] = options[index]
            state.stack = [new if i["id"] == item["id"] else i for i in state.stack]
            events.append({"type": "origin_chosen", "id": item["id"], "card": item["card"],
                           "player": seat, "origin": options[index]})
        self.continue_stack(state, events)

    def origin_answers(self, state: GameState, seat: int) -> list[A.Action]:
        """The answers to a ``choice`` ``by: "origin"``: one per place it may affect."""
        decision = state.decision
        if decision is None or decision.get("by") != "origin" or decision["player"] != seat:
            return []
        return [A.Choose(choice=tuple(o) if isinstance(o, list) else o)
                for o in decision["options"]]

    @staticmethod
    def _set_item(state: GameState, item: dict[str, Any], targets: tuple[Any, ...]) -> None:
        """Give *item* its targets (stack items are replaced, never mutated: undo shares them)."""
        new = {k: v for k, v in item.items() if k != "awaiting"}
        new["targets"] = [A.target_to_wire(t) for t in targets]
        new["chosen"] = True
        state.stack = [new if i["id"] == item["id"] else i for i in state.stack]

    # ------------------------------------------------------------------ answering
    def _do_targets(self, state: GameState, seat: int, action: A.Targets,
                    events: list[Event]) -> None:
        """Answer a ``targets`` decision (the rules check it as a cast's targets)."""
        decision = state.decision
        if decision is None or decision.get("kind") != "targets" or decision["player"] != seat:
            raise IllegalActionError(action, "there is no triggered ability waiting for "
                                             "targets")
        item = next((i for i in state.stack if i["id"] == decision["stack"]), None)
        if item is None:  # not reached: the decision stops the stack
            state.decision = None
            self.continue_stack(state, events)
            return
        effects = self.trigger_effects(state, item)
        name = str(item["card"])
        source = str(item["source"]) if item.get("source") is not None else None
        slots = target_slots(effects, int(item.get("x", 0)))
        if not action.targets and any(not s.optional for s in slots):
            wanted = ", ".join(s.spec.text or s.spec.noun for s in slots)
            raise IllegalActionError(action, f"{name}'s triggered ability needs its targets "
                                             f"({wanted})")
        self.check_targets(state, seat, action, f"{name}'s triggered ability", source, effects,
                           "triggered", action.targets, int(item.get("x", 0)))
        state.decision = None
        self._set_item(state, item, action.targets)
        events.append({"type": "targeted", "id": item["id"], "card": name, "player": seat,
                       "targets": [A.target_to_wire(t) for t in action.targets]})
        self.continue_stack(state, events)

    def target_answers(self, state: GameState, seat: int) -> list[A.Action]:
        """The ``targets`` actions to list for a waiting decision: one per legal target of a
        single-target ability, a representative few for more (any legal choice is accepted)."""
        decision = state.decision
        if decision is None or decision.get("kind") != "targets" or decision["player"] != seat:
            return []
        item = next((i for i in state.stack if i["id"] == decision["stack"]), None)
        if item is None:
            return []
        effects = self.trigger_effects(state, item)
        source = str(item["source"]) if item.get("source") is not None else None
        lists = self.legal_target_lists(state, seat, f"{item['card']}'s triggered ability",
                                        source, effects, int(item.get("x", 0)))
        out: list[A.Action] = [A.Targets(targets=t) for t in lists]
        if all(decision.get("optional") or [False]):
            out.append(A.Targets(targets=()))
        return out


def trigger_target_refusal(state: GameState, seat: int, stack_id: str, index: int,
                           target: Any) -> str:
    """For the table: why *target* (wire form) can't be the *index*-th target of the triggered
    ability *stack_id* waiting for its targets; "" when it can (or nothing can be said)."""
    from frontier_desktop.rules.errors import RulesError
    from frontier_desktop.rules.core.hooks import variant_of as find_variant_of

    variant = getattr(find_variant_of(state), "magic", None)  # the variant's engine
    item = next((i for i in state.stack if i["id"] == stack_id), None)
    if item is None or not isinstance(variant, TriggerTargets):
        return ""
    slots = target_slots(variant.trigger_effects(state, item), int(item.get("x", 0)))
    if not 0 <= index < len(slots):
        return ""
    try:
        decoded = A._target(target, "target")
    except RulesError:
        return ""
    source = str(item["source"]) if item.get("source") is not None else None
    return variant.target_refusal(state, seat, f"{item['card']}'s triggered ability", source,
                                  slots[index], decoded) or ""

