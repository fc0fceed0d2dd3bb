"""A player's life total as normal Magic keeps it: damage to a player (with its prevention) and
life gained. A variant whose players keep no life total (Army Magic's lands, the Conquering)
answers the effects engine's hooks (``damage_to_player``, ``life_change``) itself.
"""

from __future__ import annotations

from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.state import GameState


def damage_player(state: GameState, seat: int, amount: int, source: str,
                  events: list[Event], sources: list[str] | None = None) -> None:
    """*source* deals *amount* damage to player *seat*'s life (one of a combat packet of
    *sources*): "the next time a source would deal damage" shields, then "prevent the next N
    damage" to that player, then the life lost."""
    if amount <= 0:
        return
    from frontier_desktop.rules.core.spell_grants import shield_prevents

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
