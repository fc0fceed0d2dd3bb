"""Frontier Magic's presentation: staging rows, done moving / done attacking, scouting,
the starting token and mulligan prompts, holes in the board and the quick rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from frontier_desktop.ui.variants.base import (
    MenuEntry,
    Place,
    PromptContext,
    StepButton,
    Strip,
    VariantPresentation,
    grid_square,
    targets_words,
)


class FrontierPresentation(VariantPresentation):
    name: ClassVar[str] = "frontier"
    aliases: ClassVar[tuple[str, ...]] = ("frontier-magic",)
    step_buttons: ClassVar[tuple[StepButton, ...]] = (
        StepButton("done_attacking", "Done attacking"), StepButton("done_moving", "Done moving"))
    primary_order: ClassVar[tuple[str, ...]] = ("done_attacking", "done_moving", "pass")
    key_modes: ClassVar[Mapping[str, str]] = {"scout": "scout"}

    def strips(self, view: Mapping[str, Any], seat: int, opponent: int) -> tuple[Strip, Strip]:
        players = view.get("players") or []

        def label(s: int) -> str:
            return f"{players[s]['name']}'s staging row" if s < len(players) else ""

        return Strip(opponent, label(opponent)), Strip(seat, label(seat))

    def cell_mark(self, cell: Mapping[str, Any]) -> str:
        return "hole" if cell.get("hole") else ""

    def prompt(self, ctx: PromptContext) -> str:
        v = ctx.view
        if v.get("game_over"):
            return "The game is over."
        targets = targets_words(v, ctx.seat)
        if targets:
            return targets
        decision = v.get("decision") or {}
        types = ctx.legal_types
        if decision.get("kind") == "place_token":
            if decision.get("player") == ctx.seat:
                return "Choose a colour, then click a lit square on your home row for your 1/1 token."
            return "Waiting for the opponent to place a token."
        if decision.get("kind") == "consent":
            players = v.get("players") or []
            other = decision.get("by") if decision.get("player") == ctx.seat else \
                decision.get("player")
            name = players[other]["name"] if isinstance(other, int) and other < len(players) \
                else "The opponent"
            if decision.get("player") == ctx.seat:
                return f"{name} asks to change your things by hand: Accept or Decline above."
            return f"Waiting for {name} to accept or decline your request."
        pending = v.get("pending") or {}
        if pending.get("kind") == "assign":
            if pending.get("seat") == ctx.seat:
                return ("Divide the damage to your band: drag the red points onto its members "
                        "(or click a member, or use + and -), then Confirm.")
            players = v.get("players") or []
            who = int(pending.get("seat", 0))
            name = players[who]["name"] if who < len(players) else "The opponent"
            return f"Waiting for {name} to divide the damage to their band."
        if decision.get("kind") == "mulligan":
            decider = decision.get("player")
            if decider != ctx.seat:  # the other player's choice (LAN): say who is deciding
                players = v.get("players") or []
                name = players[decider]["name"] if isinstance(decider, int) and \
                    0 <= decider < len(players) else "Your opponent"
                return f"{name} is deciding whether to keep that opening hand or mulligan."
            if ctx.mulligans:
                return (f"Keep or mulligan. To keep, first click {ctx.mulligans} card(s) to put on "
                        f"the bottom ({ctx.bottom_chosen} chosen).")
            return "Keep these seven cards, or mulligan (shuffle and draw a new hand)?"
        if "discard" in types:
            return self.discard_prompt(v, ctx.seat)
        if v.get("pending") and "pass" in types:
            return "Your opponent acted: respond with an instant, or let it resolve."
        if v.get("attacking"):
            return "Attacking: drag another attacker onto an enemy, or press Done attacking."
        if ctx.selected and ctx.mode == "scout":
            return "Click a lit face-down land to scout it (Esc cancels)."
        if ctx.selected:
            return "Drag or click: green = move, red = attack. Right-click for more."
        if v.get("phase") == "main" and v.get("active") == ctx.seat:
            return ("Drag a creature to move. Click lands to tap for mana; double-click a card "
                    "to cast. Right-click for scout and more.")
        keys = ctx.keys
        return (f"{keys.get('pass_or_done', 'space').capitalize()} passes. Right-click for table "
                f"actions; {keys.get('help', 'f1').upper()} for rules help.")

    def waiting_hint(self, view: Mapping[str, Any], seat: int, legal_types: frozenset[str]) -> str:
        hint = super().waiting_hint(view, seat, legal_types)
        if not hint and (view.get("decision") or {}).get("kind") == "place_token":
            return "Click a highlighted square on your home row to place your token."
        return hint

    def division_title(self, sources: Sequence[str], amount: int) -> str:
        who = sources[0] if len(set(sources)) == 1 else " and ".join(sorted(set(sources)))
        return f"Divide {who}'s {amount} damage among your band"

    def cover_reason(self, view: Mapping[str, Any]) -> str:
        pending = view.get("pending") or {}
        if pending.get("kind") == "assign":
            players = view.get("players") or []
            seat = int(pending.get("seat", 0))
            name = players[seat]["name"] if seat < len(players) else ""
            return f"{name}: divide the damage to your band." if name else \
                "Divide the damage to your band."
        d = view.get("decision") or {}
        if d.get("kind") == "place_token":
            return "Place your starting token on your home row."
        if d.get("kind") == "consent":
            return "The other player asks to change your things by hand: accept or decline."
        if d.get("kind") == "mulligan":
            return "Look at your opening hand: keep or mulligan."
        return super().cover_reason(view)

    def can_pick_up(self, unit: Mapping[str, Any], seat: int,
                    legal: Sequence[Mapping[str, Any]]) -> bool:
        return super().can_pick_up(unit, seat, legal) or (
            unit.get("controller") == seat and any(
                a.get("type") == "scout" and a.get("unit") == unit.get("id") for a in legal))

    def targets(self, mode: str, unit: Mapping[str, Any],
                legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        if mode != "scout":
            return super().targets(mode, unit, legal)
        out: dict[Place, str] = {}
        for a in legal:
            if a.get("type") == "scout" and a.get("unit") == unit.get("id"):
                sq = grid_square(a.get("target"))
                if sq is not None:
                    out[sq] = "scout"
        return out

    def decision_targets(self, view: Mapping[str, Any], seat: int,
                         legal: Sequence[Mapping[str, Any]]) -> dict[Place, str]:
        """The starting token: the lit squares of the home row."""
        decision = view.get("decision") or {}
        if decision.get("kind") != "place_token" or decision.get("player") != seat:
            return {}
        out: dict[Place, str] = {}
        for a in legal:
            sq = grid_square(a.get("at")) if a.get("type") == "place_token" else None
            if sq is not None:
                out[sq] = "place"
        return out

    def colour_choice(self, view: Mapping[str, Any], seat: int
                      ) -> tuple[str, tuple[str | None, ...]] | None:
        decision = view.get("decision") or {}
        if decision.get("kind") == "place_token" and decision.get("player") == seat:
            return "Token colour:", (None, "W", "U", "B", "R", "G")
        return None

    def decision_action(self, kind: str, place: Any, colour: str | None) -> dict[str, Any] | None:
        if kind == "place":
            return {"type": "place_token", "at": list(place), "color": colour}
        return None

    def target_action(self, kind: str, unit_id: str, place: Any) -> dict[str, Any] | None:
        if kind == "scout":
            return {"type": "scout", "unit": unit_id, "target": list(place)}
        return super().target_action(kind, unit_id, place)

    def target_slots(self, state: Any, seat: int, card_id: str,
                     ability: int | None = None, mode: int = 0
                     ) -> list[dict[str, Any]] | None:
        from frontier_desktop.rules.core.spell_targets import targeting

        try:
            return targeting(state, seat, card_id, ability, modes=(mode,))
        except Exception:  # not a card the engine reads: fall back to the legal actions
            return None

    def x_payments(self, state: Any, seat: int, card_id: str, limit: int = 20) -> list[Any]:
        from frontier_desktop.rules import actions as A
        from frontier_desktop.rules.variants import find_variant
        from frontier_desktop.rules.variants.frontier.legal import (
            ability_payers, mana_sources, plan_payment,
        )
        from frontier_desktop.rules.core.shared import pay_tuple

        try:
            card = state.card(card_id)
            if "{X}" not in card.mana_cost:
                return []
            variant = find_variant(state.variant)
            player = state.players[seat]
            sources = mana_sources(variant, state, seat, state.occupants())
            payers = ability_payers(state, seat)
            out: list[Any] = []
            from frontier_desktop.rules.core.fx_statics import spell_cost

            base = spell_cost(state, seat, card)  # with the cost changes on the battlefield
            for x in range(limit + 1):
                cost = base.replace("{X}", "{%d}" % x if x else "")
                plan = plan_payment(player.pool, player.life, cost, sources, payers)
                if plan is None:
                    break
                out.append(A.Cast(card=card.name, pay=pay_tuple(plan)).to_wire().get("pay", []))
            return out
        except Exception:  # words only: without it the spell is cast with X = 0
            return []

    def card_modes(self, state: Any, card_id: str) -> list[str]:
        try:
            card = state.card(card_id)
        except Exception:
            return []
        text = card.oracle_text or ""
        if "choose one" not in text.lower():
            return []
        return [ln.lstrip("•").strip() for ln in text.splitlines()
                if ln.strip().startswith("•")]

    def target_refusal(self, state: Any, seat: int, card_id: str, ability: int | None,
                       index: int, target: Any) -> str:
        from frontier_desktop.rules import actions as A
        from frontier_desktop.rules.effects.targeting import Slot, target_slots
        from frontier_desktop.rules.variants import find_variant
        from frontier_desktop.rules.core.spell_reading import (
            ability_effects, enchant_spec, spell_effects,
        )

        try:
            variant = find_variant(state.variant)
            card = state.card(card_id)
            decoded = A._target(target, "target")
            if ability is None and card.is_aura:
                spec = enchant_spec(card)
                slots = [Slot(spec, 0, None)] if spec is not None else []
            else:
                effects = (spell_effects(card, (0,)) if ability is None else
                           ability_effects(card, ability, (0,)) or ())
                slots = list(target_slots(effects, 0))
            if not 0 <= index < len(slots):
                return ""
            return variant.magic.target_refusal(state, seat, card.name, card_id, slots[index],
                                                decoded) or ""
        except Exception:  # words only: a reason we can't compute is no reason to fail
            return ""

    def unit_menu(self, unit: Mapping[str, Any], seat: int,
                  legal: Sequence[Mapping[str, Any]],
                  abilities: Sequence[Any] = ()) -> list[MenuEntry]:
        items = super().unit_menu(unit, seat, legal, abilities)
        if unit.get("controller") != seat:
            return items
        scouts = any(a.get("type") == "scout" and a.get("unit") == unit.get("id") for a in legal)
        at = 1 if items and items[0].mode == "move" else 0
        items.insert(at, MenuEntry("Scout a face-down land", mode="scout", enabled=scouts))
        return items

    help_text: ClassVar[str] = """
# Frontier Magic — quick rules (F1 or Esc closes)
The lands of both decks form the board, face down. Your home row is the bottom row.
Your turn: untap, upkeep, draw, main phase, end. Moving, scouting and attacking happen in the main phase.
# Moving
Drag a creature one square N/S/E/W (lit green). Each creature moves once a turn; finish all moves before anything else.
Flying: two squares in a line. Landwalk: a straight line through lands of that type. Shadow: through occupied squares.
Entering a face-down land flips it. New creatures wait a turn in the staging row, then step onto your home row.
# Scouting and mana
Right-click a creature, Scout: tap it to flip a face-down land next to it.
Click a face-up land under one of your creatures to tap it for mana; a land next to one is tapped by tapping that creature.
Lands marked with a gold dot can be tapped now. Double-click a card in your hand (or drag it up) to cast it.
# Attacking
Drag a creature onto an adjacent enemy (lit red) to attack it. From the opponent's home row, drop it on their panel
(or right-click, Attack the player). Attacks resolve one at a time; press Done attacking when finished.
Terrain bonus: +1/+1 on a land of the creature's colour, +1/+1 more per matching face-up neighbour (shown in green).
# Keys
{keys}
"""
