"""A cast's X and modes: which the rules accept, and which ``legal_actions`` lists.

``legal_actions`` lists each mode of a "choose one" instant or sorcery (with that mode's
targets) and each X the player can pay for an {X} spell (with its payment), so that a table
without the game state (a LAN guest) can offer them: the X spinner reads the listed X values,
the mode buttons the listed modes. Any legal choice is accepted, listed or not.
"""

from __future__ import annotations

from typing import Any

def spell_modes(card: Any) -> tuple[int, int]:
    """``(how many modes, how many to choose)`` of an instant's or sorcery's "Choose one —";
    ``(0, 0)`` when it has none."""
    from frontier_desktop.rules.effects.nodes import Modal, SpellAbility
    from frontier_desktop.rules.core.spell_reading import reading_of

    for ability in reading_of(card).abilities:
        if isinstance(ability, SpellAbility):
            for effect in ability.effects:
                if isinstance(effect, Modal):
                    return len(effect.modes), max(1, effect.choose)
    return 0, 0


def mode_choices(card: Any) -> list[tuple[int, ...]]:
    """The ``mode`` values to list for casting *card*: each mode of a "choose one" spell,
    ``[(0,)]`` otherwise (a "choose two" lists its first modes only: any choice is accepted)."""
    count, choose = spell_modes(card)
    if count == 0 or choose > 1:
        return [tuple(range(max(1, choose)))] if count else [(0,)]
    return [(k,) for k in range(count)]


def mode_problem(card: Any, modes: tuple[int, ...]) -> str | None:
    """Why *modes* is not a choice of *card*'s modes (None: it is); a card without modes takes
    only the default ``0``."""
    if not (card.is_instant or card.is_sorcery):
        return None  # permanents and abilities: modes are read where they are chosen
    count, choose = spell_modes(card)
    if count == 0:
        return None if tuple(modes) == (0,) else f"{card.name} has no modes to choose"
    if len(modes) != choose or len(set(modes)) != len(modes):
        return f"{card.name}: choose {choose} of its modes"
    if any(not 0 <= m < count for m in modes):
        return f"{card.name} has {count} modes (0 to {count - 1})"
    return None


X_LISTED = 20
"""The largest X ``legal_actions`` lists (larger ones are accepted when the player can pay)."""


def x_costs(card: Any, limit: int = X_LISTED) -> list[tuple[int, str]]:
    """``(X, the cost with that X)`` for X = 1..*limit* of an {X} spell (none without X)."""
    if "{X}" not in card.mana_cost:
        return []
    return [(x, card.mana_cost.replace("{X}", "{%d}" % x)) for x in range(1, limit + 1)]
