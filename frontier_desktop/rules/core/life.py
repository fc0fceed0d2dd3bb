"""A player's life total as normal Magic keeps it: damage to a player (with its prevention:
the damage shields of "prevent the next N damage", "… is dealt to CARDNAME instead" (Daughter
of Autumn), "prevent all damage a source of your choice would deal" and its kin,
``fx_shields`` in the state, used up as damage is dealt) and life gained. A variant whose
players keep no life total (Army Magic's lands, the Conquering) answers the effects engine's
hooks (``damage_to_player``, ``life_change``) itself.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.core.amounts import controller_of
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.state import GameState


def damage_player(state: GameState, seat: int, amount: int, source: str,
                  events: list[Event], sources: list[str] | None = None) -> None:
    """*source* deals *amount* damage to player *seat*'s life (one of a combat packet of
    *sources*): "the next time a source would deal damage" shields, then "prevent the next N
    damage" to that player, then the life lost."""
    if amount <= 0:
        return
    amount = shield_prevents(state, sources or [source], ("player", seat), amount, events,
                             combat=sources is not None)  # combat packets name their sources
    if amount <= 0:
        return
    player = state.players[seat]
    stopped = min(player.prevent, amount)
    if stopped:
        player.prevent -= stopped
        amount -= stopped
        events.append({"type": "prevented", "player": seat, "amount": stopped})
        if amount <= 0:
            return
    player.life -= amount
    event: Event = {"type": "damage", "source": source, "target": "player", "player": seat,
                    "amount": amount}
    if sources is not None and len(sources) > 1:
        event["sources"] = list(sources)
    events.append(event)
    events.append({"type": "life", "player": seat, "life": player.life, "delta": -amount})


def gain_life(state: GameState, seat: int, amount: int, events: list[Event]) -> None:
    """Player *seat* gains *amount* life."""
    if amount > 0:
        state.players[seat].life += amount
        events.append({"type": "life", "player": seat, "life": state.players[seat].life,
                       "delta": amount})


def shield_prevents(state: GameState, sources: list[str], target: Any, amount: int,
                    events: list[Event], *, combat: bool = False) -> int:
    """Use the shields on *target* (``("player", N)`` or a unit id) against damage from
    *sources*; the damage still dealt.

    A "the next time a source of your choice would deal damage" shield is used once: it
    prevents the damage (``then``: and gains life / exiles the library's top as much), reflects
    it to the source's controller, prevents all but 1, or lets it through while its card deals
    as much to that controller (Eye for an Eye). When several creatures deal one packet of
    combat damage, the shielded source's share is its power. A "by creatures with flying"
    shield prevents all such damage this turn.
    """
    shields = state.extra.get("fx_shields")
    if not shields or amount <= 0:
        return amount
    key = list(target) if isinstance(target, tuple) else target
    for shield in list(shields):
        if shield["turn"] != state.turn or shield["to"] not in (key, "any"):
            continue
        if shield.get("redirect"):  # "… is dealt to CARDNAME instead" (Daughter of Autumn)
            into = state.perms.get(str(shield["redirect"]))
            if into is None or into.id == key:
                continue
            moved = min(int(shield["left"]), amount)
            rest = int(shield["left"]) - moved
            state.extra["fx_shields"] = [s for s in shields if s is not shield] + (
                [{**shield, "left": rest}] if rest else [])
            into.damage += moved
            events.append({"type": "damage", "source": sources[0], "target": into.id,
                           "amount": moved, "redirected": True})
            return amount - moved
        if shield.get("keyword"):
            from frontier_desktop.rules.core.keywords import has_ability_id

            if any(s in state.perms and state.card(s).is_creature
                   and has_ability_id(state, s, str(shield["keyword"])) for s in sources):
                _prevented_event(key, amount, sources[0], events)
                return 0
            continue
        if shield["source"] not in sources or (shield.get("combat") and not combat):
            continue
        share = amount
        if len(sources) > 1:
            from frontier_desktop.rules.core.hooks import effective_pt

            perm = state.perms.get(shield["source"])
            share = max(0, effective_pt(state, perm, state.occupants())[0]) if perm else 0
        share = min(share, amount)
        state.extra["fx_shields"] = [s for s in shields if s is not shield]
        then, seat = shield.get("then", ""), shield.get("seat")
        controller = controller_of(state, str(shield["source"]))
        if then == "eye":  # the damage is dealt; the Eye deals as much to the controller
            if controller is not None and share:
                damage_player(state, controller, share, str(shield.get("card") or ""), events)
            return amount
        stopped = max(0, share - 1) if then == "all_but_1" else share
        if stopped:
            _prevented_event(key, stopped, shield["source"], events)
            if then == "gain" and isinstance(seat, int):
                gain_life(state, seat, stopped, events)  # Reverse Damage
            elif then == "exile_top" and isinstance(seat, int):
                player = state.players[seat]  # Bone Mask
                for _ in range(min(stopped, len(player.library))):
                    card_id = player.library.pop(0)
                    player.exile.append(card_id)
                    events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                                   "from": "library", "by": "the prevention"})
            elif then == "reflect" and controller is not None:  # Reflect Damage
                damage_player(state, controller, stopped, str(shield["source"]), events)
        return amount - stopped
    return amount


def _prevented_event(key: Any, amount: int, source: str, events: list[Event]) -> None:
    event: Event = {"type": "prevented", "amount": amount, "source": source}
    event.update({"player": key[1]} if isinstance(key, list) else {"unit": key})
    events.append(event)
