"""The executors of the "until end of turn" marks on permanents — "can't block", "must attack",
"gains protection", "loses flying", "prevent all damage it would deal" — a part of the
effects engine (:class:`StaticsActions`); the statics that read the marks are
:mod:`.fx_statics`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules.effects.nodes import (
    CantAttack, CantBeBlocked, CantBlock, Selector,
)
from frontier_desktop.rules.effects.templates_statics import (
    BlockRule, CantAttackOrBlock, IgnoreDefender,
    BandGrant, PumpManaValue, RedirectUnblocked, SetBasePT,
    LoseKeyword, SwitchPT,
)
from frontier_desktop.rules.core.fx_statics import MARKS, _EXCEPT_BY, combat_attackers
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.shared import permanents_in

if TYPE_CHECKING:
    from frontier_desktop.rules.core.engine_hooks import VariantHooks


class StaticsActions:
    """Executors of the until-end-of-turn marks, mixed into ``SpellActions``."""

    if TYPE_CHECKING:
        variant: VariantHooks
        """The variant the engine asks (:class:`.engine_hooks.VariantHooks`)."""

    def _mark(self, ctx: Any, sel: Selector, mark: str, events: list[Event]) -> list[Any] | None:
        objects: list[Any] | None = ctx.objects(sel)
        if objects is None:
            return None
        for perm in permanents_in(ctx.state, objects):
            if mark not in perm.granted:
                perm.granted = perm.granted + (mark,)
            events.append({"type": "marked", "unit": perm.id, "mark": mark.lstrip("-"),
                           "lost": mark.startswith("-")})
        return objects

    def _exec_cant_be_blocked(self, ctx: Any, effect: CantBeBlocked,
                              events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, effect.to, MARKS["cant_be_blocked"], events)

    def _exec_cant_block(self, ctx: Any, effect: CantBlock, events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, effect.to, MARKS["cant_block"], events)

    def _exec_cant_attack(self, ctx: Any, effect: CantAttack,
                          events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, effect.to, MARKS["cant_attack"], events)

    def _exec_cant_attack_or_block(self, ctx: Any, effect: CantAttackOrBlock,
                                   events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, effect.to, MARKS["cant_attack_or_block"], events)

    def _exec_switch_pt(self, ctx: Any, effect: SwitchPT, events: list[Event]) -> list[Any] | None:
        objects: list[Any] | None = ctx.objects(effect.to)
        if objects is None:
            return None
        for perm in permanents_in(ctx.state, objects):
            mark = MARKS["switch_pt"]
            # Switching twice switches back.
            perm.granted = tuple(g for g in perm.granted if g != mark) if mark in \
                perm.granted else perm.granted + (mark,)
            events.append({"type": "marked", "unit": perm.id, "mark": "switched",
                           "lost": False})
        return objects

    def _exec_band_grant(self, ctx: Any, effect: BandGrant,
                         events: list[Event]) -> list[Any] | None:
        state = ctx.state
        source = state.perms.get(ctx.source) if ctx.source is not None else None
        if source is None:
            return []
        attacking = combat_attackers(state)
        members = [m for m in self.variant.band_of(state, source) if m.id != source.id
                   and (not effect.attacking or m.id in attacking)]
        for member in members:
            new = tuple(k for k in effect.keywords if k not in member.granted)
            if new:
                member.granted = member.granted + new
                events.append({"type": "gained", "unit": member.id, "keywords": list(new)})
        return [m.id for m in members]

    def _exec_redirect_unblocked(self, ctx: Any, effect: RedirectUnblocked,
                                 events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, Selector("self", text="cardname"), MARKS["redirect_unblocked"],
                          events)

    def _exec_block_rule(self, ctx: Any, effect: BlockRule,
                         events: list[Event]) -> list[Any] | None:
        assert effect.spec is not None  # "except by …" until end of turn (statics_qualifier)
        return self._mark(ctx, effect.to, _EXCEPT_BY + effect.spec.text, events)

    def _exec_pump_mana_value(self, ctx: Any, effect: PumpManaValue,
                              events: list[Event]) -> list[Any] | None:
        from frontier_desktop.rules.mana import mana_value

        objects: list[Any] | None = ctx.objects(effect.to)
        if objects is None:
            return None
        for perm in permanents_in(ctx.state, objects):
            n = mana_value(ctx.state.card(perm.id).mana_cost)
            p, t = (n if effect.power else 0), (n if effect.toughness else 0)
            perm.pt_mod = (perm.pt_mod[0] + p, perm.pt_mod[1] + t)
            events.append({"type": "pumped", "unit": perm.id, "power": p, "toughness": t})
        return objects

    def _exec_ignore_defender(self, ctx: Any, effect: IgnoreDefender,
                              events: list[Event]) -> list[Any] | None:
        return self._mark(ctx, effect.to, MARKS["ignore_defender"], events)

    def _exec_set_base_pt(self, ctx: Any, effect: SetBasePT,
                          events: list[Event]) -> list[Any] | None:
        objects: list[Any] | None = ctx.objects(effect.to)
        if objects is None:
            return None
        for perm in permanents_in(ctx.state, objects):
            perm.granted = tuple(g for g in perm.granted if not g.startswith("base ")) + (
                f"base {effect.power}/{effect.toughness}",)
            events.append({"type": "marked", "unit": perm.id, "lost": False,
                           "mark": f"has base power and toughness {effect.power}/"
                                   f"{effect.toughness}"})
        return objects

    def _exec_lose_keyword(self, ctx: Any, effect: LoseKeyword,
                           events: list[Event]) -> list[Any] | None:
        out: list[Any] | None = []
        for keyword in effect.keywords:
            out = self._mark(ctx, effect.to, f"-{keyword}", events)
        return out
