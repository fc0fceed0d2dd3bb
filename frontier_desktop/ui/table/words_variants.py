"""Events in words that belong to one game or effect family: mana from spells and lands
(fx-mana), Army Magic's, the Conquering's and the War Game's (its combat windows too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.ui.table.words_names import (
    Namer,
    _and,
    _place_key,
    _sentence,
    _stronghold_seat,
    place_words,
    square,
)


def _mana_words(kind: Any, event: Mapping[str, Any], names: Namer, p: str) -> str | None:
    """Mana added by spells and land abilities, lands tapped or untapped by effects."""
    at, land = event.get("at"), event.get("land")
    if kind == "mana_added":
        by = event.get("by")
        if event.get("no_mana"):  # the War Game: mana from anything but a creature
            return f"  {by or 'It'} makes no mana in {event['no_mana']}"
        return f"  {p} adds {event.get('mana')}" + (f" ({by})" if isinstance(by, str) else "")
    if kind == "land_tapped_by_effect":
        return f"  {_sentence(names.land(at, land))} is tapped by {event.get('by')}"
    if kind == "land_untapped":
        return f"  {_sentence(names.land(at, land))} is untapped by {event.get('by')}"
    if kind == "land_enters_tapped":
        return f"  {_sentence(names.land(at, land))} is turned face up tapped"
    if kind == "mana_restricted":
        return f"  {p} may spend {event.get('mana')} only on artifact spells"
    if kind == "pool_emptied":
        return f"  {p} loses all unspent mana ({event.get('by')})"
    if kind == "land_makes_colourless":
        return (f"  {_sentence(names.land(at, land))} makes colourless mana instead of "
                f"{{{event.get('instead_of')}}} ({event.get('by')})")
    if kind == "keep_tapped":
        verb = "keeps" if event.get("on") else "no longer keeps"
        return f"  {p} {verb} {names.land(at, land)} tapped in their untap steps"
    if kind == "land_counters":
        return (f"  {_sentence(names.land(at, land))} has {event.get('count')} "
                f"{event.get('counter')} counter{'s' if event.get('count') != 1 else ''}")
    return None


def _army_words(kind: Any, event: Mapping[str, Any], names: Namer, p: str) -> str | None:
    """Army Magic's events: land life, exploring, capture, blocks, retreats, placing."""
    at = event.get("at")
    if kind == "explored":
        return f"  {names.player(event.get('by'))} explores {square(at)}: 6 life"
    if kind == "land_life":
        return f"  {_sentence(names.land(at, event.get('land')))} is at {event.get('life')} life"
    if kind == "captured" and not (isinstance(at, str) or _place_key(at) in names.cvs):
        return f"  {names.player(event.get('by'))} captures {names.land(at, event.get('land'))}"
    if kind == "retreated":
        return f"  {names.unit(event.get('unit'))} retreats to {square(event.get('to'))}"
    if kind == "block":
        return f"  {names.unit(event.get('blocker'))} blocks {names.unit(event.get('attacker'))}"
    if kind == "done_blocking":
        return f"  {p} is done blocking" if event.get("blocks") else f"  {p} doesn't block"
    if kind == "unblocked":
        return (f"  {names.unit(event.get('blocker'))} doesn't block "
                f"{names.unit(event.get('attacker'))} after all: {event.get('reason')}")
    if kind == "land_played":
        return f"{p} plays {event.get('card') or 'a land'} under the home base"
    if kind == "treasure":
        return f"  {p} finds {event.get('name') or 'a treasure'} at {square(at)}"
    if kind == "placed":
        return f"  {names.unit(event.get('unit'))} is put at {square(at)}"
    if kind == "dropped":
        what = event.get("name") or names.unit(event.get("unit"))
        if event.get("to") is None:  # it keeps its controller, lying on the land
            return f"  {what} is dropped at {square(at)}"
        return f"  {what} is dropped and taken by {names.player(event.get('to'))}"
    if kind == "picked_up":
        return (f"  {names.unit(event.get('unit'))} picks up "
                f"{event.get('name') or names.unit(event.get('permanent'))}")
    if kind == "life_paid":
        return f"  {p} pays {event.get('amount')} life"
    return None


def _core_words(kind: Any, event: Mapping[str, Any], names: Namer) -> str | None:
    """The Magic core's events in every variant: a loyalty cost paid, an equipment attached
    ("Equip") or left behind by its creature (rules/core/planeswalkers.py, equipment.py)."""
    name = event.get("name") or names.unit(event.get("unit"))
    if kind == "loyalty":
        change = event.get("change")
        how = f"gains {change} loyalty" if isinstance(change, int) and change >= 0 else \
            f"loses {-change} loyalty" if isinstance(change, int) else "changes loyalty"
        return f"  {name} {how} ({event.get('loyalty')} left)"
    if kind == "attached":
        return f"  {name} is attached to {names.unit(event.get('to'))}"
    if kind == "unattached":
        where = f" at {square(event.get('at'))}" if event.get("at") is not None else ""
        return f"  {name} stays on the battlefield{where}, unattached"
    return None


def combat_window_words(window: Mapping[str, Any], names: Namer, *, verb: bool = False) -> str:
    """The War Game's combat windows in words: "Fast effects before the damage of the combat
    at column 2, row 2" (with *verb*: "cast fast effects before …"); the ``healing`` stage
    is for healing and prevention before the creatures dealt lethal damage are removed."""
    where = place_words(window.get("combat"), names)
    if window.get("stage") == "healing":
        text = ("heal or prevent" if verb else "healing and prevention") + \
            f" before the dead leave the combat at {where}"
    else:
        text = ("cast fast effects" if verb else "fast effects") + \
            f" before the damage of the combat at {where}"
    return text if verb else text[:1].upper() + text[1:]


def _holder_words(event: Mapping[str, Any], names: Namer) -> str:
    """Who holds the stronghold of a player who gains nothing this turn, in words."""
    holder = event.get("holder")
    if isinstance(holder, int) and not isinstance(holder, bool):
        return f"{names.player(holder)} holds their stronghold"
    return "their stronghold is held by another player"


def _conquering_words(kind: Any, event: Mapping[str, Any], names: Namer,
                      p: str) -> str | None:
    """The Conquering's events (issue 14): mana production, conquer values, conquests,
    strongholds lost and retaken, eliminations."""
    at = event.get("at")
    if kind == "supply":  # the War Game (issue 15): the supply die
        if event.get("roll") is None:
            return f"{p} gains no supply ({_holder_words(event, names)})"
        return (f"{p} rolls {event.get('roll')} for supply and has {event.get('total')} "
                "supply points")
    if kind == "healed":  # the War Game: damage healed in the heal phase
        how = "for free (regeneration)" if event.get("free") else \
            f"for {event.get('paid')} supply"
        return f"  {names.unit(event.get('unit'))} heals {event.get('amount')} damage {how}"
    if kind == "mana":
        if event.get("roll") is None:
            return f"{p} makes no mana ({_holder_words(event, names)})"
        return (f"{p} rolls a {event.get('roll')} for mana production and makes "
                f"{event.get('added') or 'no mana'}")
    if kind == "cv":
        key = _place_key(at)
        if key is not None and isinstance(event.get("value"), int):
            names.cvs[key] = int(event["value"])
        return (f"  {_sentence(names.land(at))} has a conquer value of {event.get('value')}"
                if key in names.lands else
                f"  {_sentence(place_words(at, names))} has a conquer value of "
                f"{event.get('value')}")
    if kind == "captured" and isinstance(at, str) and "from" not in event:
        # the War Game's capture at the end of a turn: no conquer value, no "from"
        by = event.get("by")
        if isinstance(by, int) and by == _stronghold_seat(at):
            return f"  {names.player(by)} retakes their stronghold"
        return f"  {names.player(by)} takes {names.land(at)}"
    if kind == "captured" and (_place_key(at) in names.cvs or isinstance(at, str)):
        by, old = event.get("by"), event.get("from")
        key = _place_key(at)
        land = names.land(at)
        if isinstance(at, str) and _stronghold_seat(at) is not None:
            value = " (conquer value 7)"
        else:
            value = f" (conquer value {names.cvs[key]})" if key in names.cvs else ""
        if isinstance(by, int) and isinstance(old, int) and by == _stronghold_seat(str(at)):
            return f"  {names.player(by)} retakes their stronghold"
        taken = f" from {names.player(old)}" if isinstance(old, int) and old != by else ""
        return f"  {names.player(by)} conquers {land}{taken}{value}"
    if kind == "conquer":
        units = [names.unit(u) for u in event.get("units") or ()]
        return f"{p} attacks {place_words(at, names)} with {_and(units) or 'nothing'}"
    if kind == "conquer_damage":
        return (f"  {event.get('damage')} damage reaches the conquer value "
                f"({event.get('cv')}) of {place_words(at, names)}")
    if kind == "entered":
        where = f" in {place_words(at, names)}" if at is not None else ""
        return f"  {names.unit(event.get('unit'))} enters the battlefield{where}"
    if kind == "stronghold_lost":
        return (f"  {p} has lost their stronghold to {names.player(event.get('by'))}: "
                f"{event.get('turns_left')} turns to retake it")
    if kind == "life_ignored":
        what = {"damage": f"{event.get('amount')} damage", "loss": "the life loss",
                "gain": "the life gain"}.get(str(event.get("what")), "that")
        source = f" from {event.get('source')}" if event.get("source") else ""
        return f"  {p} has no life total in the Conquering: {what}{source} does nothing"
    if kind == "stronghold_returned":  # the holder was eliminated (conquering.md, Ruling)
        return (f"  {names.land(at)} goes back to {p}, as "
                f"{names.player(event.get('from'))} is out of the game")
    if kind == "origin_chosen":  # the War Game: the one terrain a triggered ability affects
        return (f"  {_card_of(event)}'s triggered ability will affect "
                f"{names.land(event.get('origin'))}")
    if kind == "not_created":  # the War Game: no room in the stronghold
        what = "token" if event.get("token") else "creature"
        reason = f": {event.get('reason')}" if event.get("reason") else ""
        return f"  {p} gets no {what} {event.get('card')}{reason}"
    if kind == "retake_countdown":
        return f"  {p} has {event.get('turns_left')} turns left to retake their stronghold"
    if kind == "eliminated":
        reason = event.get("reason")
        why = {"conceded": "conceded",
               "did not retake their stronghold in time":
                   "did not retake their stronghold in time"}.get(str(reason), str(reason or ""))
        return f"{p} is eliminated" + (f": {why}" if why else "")
    return None


def _card_of(event: Mapping[str, Any]) -> str:
    card = event.get("card")
    return card if isinstance(card, str) and card else "A card"
