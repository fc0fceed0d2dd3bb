"""Effects on the turn's walk, a part of the effects engine (:class:`TurnEffects`): "doesn't
untap during its controller's untap step" and what holds a permanent tapped, a mana ability's
riders and "activate only if …", phasing (out with its auras, in at its controller's untap
step), "return … to the battlefield at the beginning of the next end step", skipping a draw,
"can't attack during its controller's next turn", extra turns and "you lose the game".
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.effects import timing
from frontier_desktop.rules.effects.nodes import (
    DoesntUntap, Effect, ExtraTurn,
)
from frontier_desktop.rules.effects.targeting import spec_problem
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.fx_timing import TimingActions, has_phasing, static_untap_locks


class TurnEffects(TimingActions):
    """The turn's effects (see the module docstring) on top of the timing part."""

    # ------------------------------------------------------------------ untapping
    def _exec_doesnt_untap(self, ctx: _Context, effect: Effect,
                           events: list[Event]) -> list[Any] | None:
        """"… doesn't untap during its controller's next untap step"."""
        assert isinstance(effect, DoesntUntap)
        if not effect.next_only:
            return None
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        held = list(ctx.state.extra.get("skip_untap", []))
        for obj in objs:
            if obj in ctx.state.perms and obj not in held:
                held.append(obj)
                events.append({"type": "held", "unit": obj, "by": ctx.name})
        ctx.state.extra["skip_untap"] = held
        return objs

    def skips_untap(self, state: GameState, perm: Permanent) -> bool:
        """Whether *perm* stays tapped in its controller's untap step now (a one-shot "doesn't
        untap during its controller's next untap step" is used up by asking)."""
        held = list(state.extra.get("skip_untap", []))
        if perm.id in held:
            held.remove(perm.id)
            if held:
                state.extra["skip_untap"] = held
            else:
                state.extra.pop("skip_untap", None)
            return True
        for source, effect in static_untap_locks(state):
            assert isinstance(effect, (DoesntUntap, timing.LockIfAttacked))
            if effect.to.ref == "enchanted":
                # perm.attacked: it attacked since its controller's last untap step.
                if source.attached_to == perm.id and (
                        isinstance(effect, DoesntUntap) or perm.attacked):
                    return True
                continue
            spec = effect.to.spec
            assert spec is not None
            if spec_problem(state, spec, perm.id, seat=source.controller,
                            source=source.id) is None:
                return True
        return False

    # ------------------------------------------------------------------ mana abilities
    def mana_riders(self, state: GameState, seat: int, unit: str, index: int,
                    events: list[Event]) -> bool:
        """Carry out the other effects of mana ability *index* of *unit* that the engine
        knows (keys ``mana_ability:…``); whether that was all of them (then nothing is left
        to the players)."""
        from frontier_desktop.rules.core.spell_reading import ability_effects, executed

        name = state.cards[unit][0]
        effects = ability_effects(state.defs[name], index)
        if effects is None:
            return False
        riders = [e for e in effects if e.kind != "add_mana"]
        if not riders or not all(executed(e, "mana_ability") for e in riders):
            return False
        item = {"id": "", "kind": "ability", "card": name, "source": unit, "ability": index,
                "controller": seat, "targets": [], "x": 0}
        ctx = _Context(state, seat, unit, name, 0, {}, [], item)
        self._run_all(ctx, tuple(riders), events)
        return True

    def _exec_if_activated(self, ctx: _Context, effect: Effect,
                           events: list[Event]) -> list[Any] | None:
        """"If this ability has been activated N or more times this turn, …"."""
        assert isinstance(effect, timing.IfActivated)
        perm = ctx.state.perms.get(ctx.source or "")
        if perm is None or ctx.item.get("kind") != "ability":
            return None
        if perm.activations.get(str(ctx.item["ability"]), 0) >= effect.times:
            self._run_all(ctx, effect.effects, events)
        return list(ctx.previous)

    # ------------------------------------------------------------------ phasing
    def _exec_phase_out(self, ctx: _Context, effect: Effect,
                        events: list[Event]) -> list[Any] | None:
        """"… phases out"."""
        assert isinstance(effect, timing.PhaseOut)
        objs: list[Any] = []
        for sel in effect.to:
            found = ctx.objects(sel)
            if found is None or any(not isinstance(o, str) for o in found):
                return None
            objs.extend(found)
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                self.phase_out(ctx.state, perm, events)
        return objs

    def phase_out(self, state: GameState, perm: Permanent, events: list[Event]) -> None:
        """*perm* and the auras on it are treated as though they don't exist until its
        controller's next untap step (kept in ``state.extra["phased_out"]``)."""
        out = list(state.extra.get("phased_out", []))
        group = [perm] + [p for p in state.perms.values() if p.attached_to == perm.id]
        for p in group:
            out.append({"id": p.id, "controller": p.controller, "zone": p.zone,
                        "at": wire(state, p.at), "tapped": p.tapped, "counters": dict(p.counters),
                        "attached_to": p.attached_to, "seat": perm.controller})
            del state.perms[p.id]
            events.append({"type": "phased_out", "unit": p.id, "name": state.name(p.id),
                           "player": p.controller})
        state.extra["phased_out"] = out

    def phase_untap(self, state: GameState, events: list[Event]) -> None:
        """The untap step's phasing, before anything untaps: the active player's permanents
        with phasing phase out, and theirs that were phased out phase in. Frontier ruling: a
        creature phasing in returns to its square when no creature stands there, else to its
        controller's staging row."""
        seat = state.active
        waiting = [e for e in state.extra.get("phased_out", []) if int(e["seat"]) == seat]
        for perm in [p for p in state.perms.values() if p.controller == seat
                     and p.zone != "attached" and has_phasing(state.card(p.id))]:
            if perm.id in state.perms:
                self.phase_out(state, perm, events)
        if not waiting:
            return
        ids = {e["id"] for e in waiting}
        rest = [e for e in state.extra.get("phased_out", []) if e["id"] not in ids]
        if rest:
            state.extra["phased_out"] = rest
        else:
            state.extra.pop("phased_out", None)
        occupied = state.occupants()
        for entry in waiting:  # hosts come before their auras
            zone, at = str(entry["zone"]), entry.get("at")
            pos = state.board.pos_from_wire(at) if at is not None else None
            host = entry.get("attached_to")
            if zone == "board" and (pos is None or occupied.get(pos)):
                zone, pos = "staging", None
            if zone == "attached" and host not in state.perms:
                state.players[state.owner(entry["id"])].graveyard.append(entry["id"])
                continue
            state.perms[entry["id"]] = Permanent(
                entry["id"], int(entry["controller"]), zone, pos, tapped=bool(entry["tapped"]),
                counters=dict(entry.get("counters") or {}), attached_to=host)
            if pos is not None:
                occupied.setdefault(pos, []).append(entry["id"])
            events.append({"type": "phased_in", "unit": entry["id"],
                           "name": state.name(entry["id"]), "player": entry["controller"],
                           "at": wire(state, pos) if pos is not None else zone})

    # ------------------------------------------------------------------ returning, skipping
    def _exec_return_to_battlefield(self, ctx: _Context, effect: Effect,
                                    events: list[Event]) -> list[Any] | None:
        """"Return it to the battlefield under its owner's control": the card of the "dies"
        trigger, from its owner's graveyard to where the variant puts new permanents
        (Frontier: their staging row)."""
        card_id = ctx.source
        state = ctx.state
        if card_id is None or card_id not in state.cards or card_id in state.perms:
            return []
        owner = state.owner(card_id)
        yard = state.players[owner].graveyard
        if card_id not in yard:
            return []  # it left the graveyard: a new object, not "it"
        yard.remove(card_id)
        card = state.card(card_id)
        where = self.variant.put_onto_battlefield(  # the variant's place (engine_hooks)
            state, card_id, owner, events, sick=card.is_creature and not card.has("haste"))
        if card_id not in state.perms:
            return []  # the variant has no room for it (the War Game's stronghold)
        events.append({"type": "returned", "player": owner, "card": card.name, "to": where,
                       "unit": card_id})
        return [card_id]

    def _exec_skip_draw(self, ctx: _Context, effect: Effect,
                        events: list[Event]) -> list[Any] | None:
        assert isinstance(effect, timing.SkipDraw)
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            ctx.state.players[seat].skip_draw = True  # turns.py on_draw skips it once
        return [("player", s) for s in seats]

    def _exec_cant_attack_next_turn(self, ctx: _Context, effect: Effect,
                                    events: list[Event]) -> list[Any] | None:
        """"… can't attack during its controller's next turn"."""
        assert isinstance(effect, timing.CantAttackNextTurn)
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        held = list(ctx.state.extra.get("no_attack", []))
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                held.append({"id": obj, "seat": perm.controller, "turn": None})
                events.append({"type": "no_attack", "unit": obj, "by": ctx.name})
        ctx.state.extra["no_attack"] = held
        return objs

    def timing_attack_problem(self, state: GameState, perm: Permanent) -> str | None:
        """Why *perm* can't attack this turn for "can't attack during its controller's next
        turn" (None: it may)."""
        for entry in state.extra.get("no_attack", []):
            if entry["id"] == perm.id and entry["turn"] == state.turn:
                return f"{state.name(perm.id)} can't attack this turn"
        return None

    def _turn_starts(self, state: GameState, active: int) -> None:
        """A new turn for *active* (number ``state.turn + 1``): "its controller's next turn"
        locks begin or end."""
        kept = []
        for entry in state.extra.get("no_attack", []):
            if entry["turn"] is None and int(entry["seat"]) == active:
                entry = {**entry, "turn": state.turn + 1}
            if entry["turn"] is None or entry["turn"] >= state.turn + 1:
                kept.append(entry)
        if kept:
            state.extra["no_attack"] = kept
        else:
            state.extra.pop("no_attack", None)

    # ------------------------------------------------------------------ extra turns
    def _exec_extra_turn(self, ctx: _Context, effect: Effect,
                         events: list[Event]) -> list[Any] | None:
        assert isinstance(effect, ExtraTurn)
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        turns = list(ctx.state.extra.get("extra_turns", []))
        for seat in seats:
            turns.append({"seat": seat, "id": ctx.state.new_id("x")})
            events.append({"type": "extra_turn", "player": seat, "card": ctx.name})
        ctx.state.extra["extra_turns"] = turns
        return [("player", s) for s in seats]

    def queued_extra_turn(self, state: GameState) -> int | None:
        """The seat of the last extra turn set up whose player is still in the game (used up
        now), else None: asked by :meth:`~.turns.TurnMachine.next_seat` when a turn ends."""
        turns = list(state.extra.get("extra_turns", []))
        state.extra.pop("turn_id", None)
        while turns:
            entry = turns.pop()
            state.extra["extra_turns"] = turns
            if not turns:
                state.extra.pop("extra_turns", None)
            if not state.players[int(entry["seat"])].lost:
                state.extra["turn_id"] = entry["id"]  # "that turn" of its spell
                return int(entry["seat"])
        return None

    def _exec_lose_game(self, ctx: _Context, effect: Effect,
                        events: list[Event]) -> list[Any] | None:
        assert isinstance(effect, timing.LoseGame)
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            if not ctx.state.players[seat].lost:
                ctx.state.players[seat].lost = True
                events.append({"type": "lost", "player": seat, "reason": ctx.name})
        return [("player", s) for s in seats]
