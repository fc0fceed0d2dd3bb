"""Log sentences for the one-shot effects of ``rules/core/fx_oneshots.py`` (fx-oneshots).

Kept apart from words.py so the other effect families can add theirs without conflicts;
:func:`oneshot_words` is asked by ``words.event_words`` for the kinds in :data:`KINDS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = frozenset({"poison", "silenced", "chosen", "no_choice",
                   "untapped", "exiled", "searched", "shuffled", "looked", "put_back",
                   "to_library", "no_regeneration", "declined", "kept_looked", "milled",
                   "reordered", "shielded_from", "revealed_card", "redirection", "to_bottom"})
"""Event types described here."""

CHOOSE_KINDS = frozenset({"source", "tap_or_untap", "put_back", "search", "may_draw", "may_bottom",
                          "may_shuffle", "keep", "order", "search_exile", "discard_chosen"})
"""``choose`` events (a ``choice`` decision) of this module."""


def _card(event: Mapping[str, Any], key: str = "card", default: str = "a card") -> str:
    value = event.get(key)
    return value if isinstance(value, str) and value else default


def oneshot_words(event: Mapping[str, Any], names: Any, p: str) -> str | None:
    """One event of this module in words (None: not worth a line)."""
    kind = event.get("type")
    by = _card(event, "by", "a spell")
    if kind == "choose":
        what = event.get("kind")
        card = _card(event, "card", "a spell")
        if what == "source":
            return f"  {p} chooses a source for {card}"
        if what == "tap_or_untap":
            return f"  {p} chooses whether {card} taps or untaps its target"
        if what == "put_back":
            return f"  {p} chooses a card to put back on top of their library ({card})"
        if what == "search":
            return f"  {p} searches their library ({card})"
        if what == "may_draw":
            return f"  {p} may draw a card ({card})"
        if what == "may_bottom":
            return f"  {p} may put a library's top card on the bottom ({card})"
        if what == "may_shuffle":
            return f"  {p} chooses whether a library is shuffled ({card})"
        if what in ("keep", "order", "search_exile", "discard_chosen"):
            return f"  {p} chooses among the cards {card} shows them"
        return None
    if kind == "poison":
        n = event.get("count")
        return f"  {p} has {n} poison counter{'s' if n != 1 else ''} (ten lose the game)"
    if kind == "silenced":
        return f"  All combat damage {names.unit(event.get('unit'))} would deal this turn " \
               "will be prevented"
    if kind == "chosen":
        return f"  {p} chooses {_card(event, 'name', 'a source')}: its next damage this turn " \
               f"will be prevented ({by})"
    if kind == "no_choice":
        return f"  {_card(event, 'card', 'The spell')} finds no source to choose"
    if kind == "untapped":
        return f"  {names.unit(event.get('unit'))} is untapped"
    if kind == "exiled":
        zone = "library" if event.get("from") == "library" else "graveyard"
        return f"  {_card(event)} is exiled from {names.player(event.get('player'))}'s {zone}"
    if kind == "searched" and event.get("no_lands"):
        return f"  {p} searches their library for a land: Frontier libraries hold none"
    if kind == "searched":
        found = event.get("card")
        where = "on top of their library" if event.get("to") == "top" else "into their hand"
        if isinstance(found, str):
            return f"  {p} finds {found} and puts it {where}"
        if "card" in event and found is None:
            return f"  {p} finds nothing"
        return f"  {p} finds a card and puts it {where}"
    if kind == "shuffled":
        return f"  {p} shuffles their library"
    if kind == "looked":
        cards = event.get("cards")
        if isinstance(cards, (list, tuple)):
            seen = ", ".join(str(c) for c in cards) or "no cards"
            return f"  {p} looks at {names.player(event.get('at'))}'s hand: {seen}"
        return f"  {p} looks at {names.player(event.get('at'))}'s hand"
    if kind == "to_bottom":
        return f"  {p}'s top card goes to the bottom of the library ({by})"
    if kind == "revealed_card":
        return f"  {p} reveals {_card(event)} ({by})"
    if kind == "redirection":
        return f"  The next {event.get('amount')} damage to {names.unit(event.get('unit'))} " \
               f"this turn will be dealt to {names.unit(event.get('to'))} instead"
    if kind == "shielded_from":
        what = event.get("what") if isinstance(event.get("what"), str) else "some creatures"
        return f"  All damage {what} would deal to {p} this turn will be prevented ({by})"
    if kind == "to_library":
        where = "on the bottom" if event.get("where") == "bottom" else "on top"
        return f"  {_card(event)} goes from a graveyard {where} of " \
               f"{names.player(event.get('player'))}'s library ({by})"
    if kind == "no_regeneration":
        return f"  {names.unit(event.get('unit'))} can't be regenerated this turn"
    if kind == "declined":
        return f"  {p} declines ({by})"
    if kind == "kept_looked":
        card = event.get("card")
        return f"  {p} puts {card if isinstance(card, str) else 'a card'} into their hand"
    if kind == "milled":
        return f"  {_card(event)} goes from {p}'s library to the graveyard"
    if kind == "reordered":
        return f"  {p} puts the cards back on top of the library in an order of their choice"
    if kind == "put_back":
        card = event.get("card")
        what = card if isinstance(card, str) else "a card"
        return f"  {p} puts {what} from their hand on top of their library"
    return None
