"""One event in words (:func:`event_words`): what the rules report happened, as a line of
the log; the games' own events are told in ``words_variants.py``, the one-shot effects' in
``words_oneshots.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from frontier_desktop.rules.state import UNKNOWN_CARD
from frontier_desktop.ui.table.words_actions import (
    _manual_words,
    _own_name,
    _stack_target,
    _target_words,
    request_words,
)
from frontier_desktop.ui.table.words_names import (
    PHASE_NAMES,
    ZONE_NAMES,
    Namer,
    _and,
    _pos,
    _sentence,
    _signed,
    square,
)
from frontier_desktop.ui.table.words_oneshots import CHOOSE_KINDS as ONESHOT_CHOOSE
from frontier_desktop.ui.table.words_oneshots import KINDS as ONESHOT_KINDS
from frontier_desktop.ui.table.words_oneshots import oneshot_words
from frontier_desktop.ui.table.words_variants import (
    _army_words,
    _conquering_words,
    _core_words,
    _mana_words,
    combat_window_words,
)

LOSS_REASONS = {"conceded": "concedes", "life 0 or less": "has no life left and loses",
                "home base at 0 life": "has lost their home base and is out of the game",
                "drew from an empty library": "had to draw from an empty library and loses"}


def _for_words(event: Mapping[str, Any]) -> str:
    card = event.get("for")
    return f" (for {card})" if isinstance(card, str) and card else ""


def event_words(event: Mapping[str, Any], names: Namer) -> str | None:
    """One event in words, or None for events not worth a line (or not known to this version).
    An event that names its player tells it as that player's: their own creatures go without
    their name ("Ben attacks area B3 with Anaconda", not "with Ben's Anaconda")."""
    player = event.get("player")
    if names.actor is not None or not isinstance(player, int) or isinstance(player, bool):
        return _event_words(event, names)
    names.actor = player
    try:
        return _event_words(event, names)
    finally:
        names.actor = None


def _event_words(event: Mapping[str, Any], names: Namer) -> str | None:
    kind = event.get("type")
    p = names.player(event.get("player"))
    if kind in ONESHOT_KINDS or (kind == "choose" and event.get("kind") in ONESHOT_CHOOSE):
        return oneshot_words(event, names, p)  # fx-oneshots (words_oneshots.py)
    if kind == "revealed":
        return f"  {_sentence(names.land(event.get('at'), event.get('land')))} is turned face up"
    if kind == "control" and event.get("unit") is not None:  # a permanent (core/control.py)
        what = names.unit(event.get("unit"))
        if what in ("", "a creature") and isinstance(event.get("name"), str):
            what = str(event["name"])
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {names.player(event.get('to'))} gains control of {what}{why}"
    if kind == "control":
        land = names.land(event.get("at"), event.get("land"))
        new, old = event.get("to"), event.get("from")
        if isinstance(new, int):
            if isinstance(old, int):
                return f"  {names.player(new)} takes {land} from {names.player(old)}"
            return f"  {names.player(new)} takes {land}"
        if isinstance(old, int):
            return f"  {names.player(old)} no longer controls {land}"
        return None
    if kind == "damage":
        target = event.get("target")
        tname = names.player(event.get("player")) if target == "player" else names.unit(target)
        if target == "land":  # Army Magic: damage to the attacked land's life
            tname = names.land(event.get("at"), event.get("land"))
        sources = event.get("sources")
        if isinstance(sources, (list, tuple)) and len(sources) > 1:
            who = _and(names.units_of(sources, event.get("source")
                                      if event.get("source") in sources else None))
            return f"  {who} deal {event.get('amount', 'some')} damage to {tname}"
        amount = event.get("amount", "some")
        return f"  {names.unit(event.get('source'))} deals {amount} damage to {tname}"
    if kind == "attack":
        band = event.get("band") or event.get("units")
        attackers = names.units_of(band, event.get("unit"))
        verb = "attacks" if len(attackers) == 1 else "attack"
        target = event.get("target")
        defender = (names.player(event.get("player")) if event.get("player") is not None
                    else "the opponent") if target == "player" else \
            _target_words(target, names, event.get("defenders"))
        return f"{_and(attackers)} {verb} {defender}"
    if kind == "died":
        name = _own_name(event, names)
        return f"  {name} dies"
    if kind == "left":
        name = _own_name(event, names)
        to = ZONE_NAMES.get(str(event.get("to")))
        return f"  {name} leaves the board" + (f" for {to}" if to else "")
    if kind == "life":
        return f"  {p} is at {event.get('life')} life"
    if kind == "land_tapped":
        via = event.get("via")
        with_ = f" with {names.unit(via)}" if isinstance(via, str) else ""
        mana = event.get("mana")
        for_ = (f" for {mana}" if mana.startswith("{") else f" for {{{mana}}}") \
            if isinstance(mana, str) else ""
        return f"  {p} taps {names.land(event.get('at'), event.get('land'))}{with_}{for_}"
    if kind == "cast":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        onto = ""
        if isinstance(event.get("attached_to"), str):
            onto = f" on {names.unit(event['attached_to'])}"
        return f"{p} casts {card}{onto}"
    if kind == "drew":
        card = event.get("card") or event.get("name")
        if card == UNKNOWN_CARD:
            return f"  {p} draws an unnamed card (the position names none)"
        return f"  {p} draws {card}" if isinstance(card, str) else f"  {p} draws a card"
    if kind == "phase":
        phase = PHASE_NAMES.get(str(event.get("phase")), "the next step")
        return f"— {names.player(event.get('active'))}'s {phase}"
    if kind == "turn":
        turn = event.get("turn")
        return (f"Turn {turn}: {names.player(event.get('active'))}" if isinstance(turn, int)
                else f"A new turn: {names.player(event.get('active'))}")
    if kind == "trample":
        amount = event.get("amount", "some")
        if event.get("lost") or event.get("at") is None:
            return f"  {amount} trampling damage is lost (nothing stands beyond)"
        return f"  {amount} damage tramples on to {square(event.get('at'))}"
    if kind == "dice" and event.get("purpose") in ("mana production", "conquer value",
                                                   "supply"):
        return None  # the Conquering's mana and conquer-value lines, the War Game's supply
        # line, say the roll
    if kind == "dice":
        return f"{p} rolls a {event.get('sides', 6)}-sided die: {event.get('result')}"
    if kind == "game_over":
        w = event.get("winner")
        return f"Game over: {names.player(w)} wins" if isinstance(w, int) else "Game over: a draw"
    if kind == "token":
        name = event.get("name") if isinstance(event.get("name"), str) else "token"
        article = "an" if name[:1].lower() in "aeiou" else "a"
        at = event.get("at")
        where = "on the staging row" if at == "staging" or at is None else f"at {square(at)}"
        return f"{p} puts {article} {name} {where}"
    if kind == "kept":
        bottom = event.get("bottom")
        extra = (f" ({bottom} on the bottom of the library)"
                 if isinstance(bottom, int) and bottom > 0 else "")
        return f"{p} keeps {event.get('hand')} cards{extra}"
    if kind == "mulligan":
        count = event.get("count")
        n = 7 - count if isinstance(count, int) else None
        return f"{p} mulligans" + (f" (will keep {n})" if n is not None else "")
    if kind == "lost":
        reason = event.get("reason")
        if reason in LOSS_REASONS:
            return f"{p} {LOSS_REASONS[str(reason)]}"
        return f"{p} loses" + (f" ({reason})" if isinstance(reason, str) and reason else "")
    if kind in ("discarded", "discard"):
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        return f"  {p} discards {card}"
    if kind == "stopped":
        return f"  {names.unit(event.get('unit'))} stops at {square(event.get('at'))}"
    if kind == "fizzled" and "unit" not in event:
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {card} does nothing{why}"
    if kind == "stacked":
        card = event.get("card") if isinstance(event.get("card"), str) else "a spell"
        what = f"{card}'s ability" if event.get("kind") == "ability" else \
            f"{card}'s triggered ability" if event.get("kind") == "trigger" else card
        targets = event.get("targets")
        at = ""
        if isinstance(targets, (list, tuple)) and targets:
            at = " targeting " + _and([_stack_target(t, names) for t in targets])
        return f"  {_sentence(what)} goes on the stack{at}"
    if kind == "targeted":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        targets = event.get("targets")
        chosen = _and([_stack_target(t, names) for t in targets]) if isinstance(
            targets, (list, tuple)) and targets else "nothing"
        return f"  {card}'s triggered ability targets {chosen}"
    if kind == "trigger_removed":
        card = event.get("card") if isinstance(event.get("card"), str) else "a card"
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {card}'s triggered ability is removed from the stack{why}"
    if kind == "priority" and event.get("combat") is not None:
        return f"  {p} may {combat_window_words(event, names, verb=True)}"
    if kind == "priority":
        return f"  {p} may respond before it resolves"
    if kind == "resolved":
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        if event.get("to") == "staging":
            return f"  {card} resolves and enters the staging row"
        return f"  {card} resolves"
    if kind == "countered":
        card = event.get("card") if isinstance(event.get("card"), str) else "The spell"
        by = event.get("by")
        return f"  {card} is countered" + (f" by {by}" if isinstance(by, str) else "")
    if kind == "by_hand":
        clauses = event.get("clauses")
        card = event.get("card") if isinstance(event.get("card"), str) else "the card"
        if isinstance(clauses, (list, tuple)) and clauses:
            return f"  By hand for {card} ({p}): " + " ".join(str(c) for c in clauses)
        return None
    if kind == "pumped":
        if event.get("by") == "end of combat":
            return f"  {names.unit(event.get('unit'))}'s bonus until end of combat ends"
        until = event.get("until") if isinstance(event.get("until"), str) else "end of turn"
        return (f"  {names.unit(event.get('unit'))} gets {_signed(event.get('power'))}/"
                f"{_signed(event.get('toughness'))} until {until}")
    if kind == "delayed":
        text = event.get("text")
        return f"  Later: {text}" if isinstance(text, str) and text else None
    if kind == "returned":
        card = event.get("card") if isinstance(event.get("card"), str) else "A card"
        where = "the staging row" if event.get("to") == "staging" else "the hand"
        return f"  {card} returns from the graveyard to {where} of {p}"
    if kind == "paid":
        cost = event.get("cost")
        return f"  {p} pays " + (cost if isinstance(cost, str) else f"{{{event.get('amount')}}}")
    if kind in ("phased_out", "phased_in"):
        name = event.get("name") if isinstance(event.get("name"), str) else "a permanent"
        if kind == "phased_out":
            return f"  {name} phases out (as though it didn't exist until {p}'s next untap step)"
        at = event.get("at")
        where = "the staging row" if at == "staging" else (
            square(at) if isinstance(at, (list, tuple)) else "play")
        return f"  {name} phases in at {where}"
    if kind == "no_attack":
        return (f"  {names.unit(event.get('unit'))} can't attack during its controller's next "
                f"turn")
    if kind == "held":
        return (f"  {names.unit(event.get('unit'))} won't untap during its controller's next "
                f"untap step")
    if kind == "extra_turn":
        return f"  {p} will take another turn after this one"
    if kind == "gained":
        kws = event.get("keywords")
        what = _and([str(k) for k in kws]) if isinstance(kws, (list, tuple)) and kws else \
            "an ability"
        return f"  {names.unit(event.get('unit'))} gains {what} until end of turn"
    if kind == "redirected":  # fx-statics: Veteran Bodyguard, Kjeldoran Royal Guard
        return (f"  {event.get('amount')} damage meant for {p} is dealt to "
                f"{names.unit(event.get('unit'))} instead")
    if kind == "marked":  # fx-statics: until-end-of-turn marks (rules/core/fx_statics.py)
        who, mark = names.unit(event.get("unit")), str(event.get("mark", ""))
        if event.get("lost"):
            return f"  {who} loses {mark} until end of turn"
        if mark == "switched":
            return f"  {who} has its power and toughness switched until end of turn"
        return f"  {who} {mark} until end of turn" if mark else None
    if kind == "tapped":
        return f"  {names.unit(event.get('unit'))} is tapped"
    mana = _mana_words(kind, event, names, p)  # fx-mana
    if mana is not None:
        return mana
    if kind == "fog":
        card = event.get("card") if isinstance(event.get("card"), str) else "A spell"
        return f"  {card}: no combat damage will be dealt this turn"
    if kind == "prevention":
        who = p if event.get("player") is not None else names.unit(event.get("unit"))
        if event.get("all"):
            return f"  All damage to {who} this turn will be prevented"
        return f"  The next {event.get('amount')} damage to {who} this turn will be prevented"
    if kind == "prevented":
        who = p if event.get("player") is not None else names.unit(event.get("unit"))
        if event.get("dealt_by"):  # fx-statics: Demonic Torment
            return f"  {event.get('amount')} combat damage by {who} is prevented"
        return f"  {event.get('amount')} damage to {who} is prevented"
    if kind == "shielded":
        return f"  {names.unit(event.get('unit'))} will regenerate if destroyed this turn"
    if kind == "counters":
        delta = event.get("delta")
        counter = event.get("kind", "+1/+1")
        n = delta if isinstance(delta, int) else "some"
        return f"  {names.unit(event.get('unit'))} gets {n} {counter} counter" + (
            "" if n == 1 else "s")
    if kind == "fizzled":
        reason = event.get("reason")
        why = f": {reason}" if isinstance(reason, str) and reason else ""
        return f"  {names.unit(event.get('unit'))} can't go on{why}"
    if kind == "activated":
        name = _own_name(event, names)
        if event.get("mana"):
            note = event.get("note")
            return f"  {name} adds {event['mana']}" + (f" ({note})" if note else "")
        cost, effect = event.get("cost"), event.get("effect")
        text = f"{cost}: {effect}" if isinstance(cost, str) and isinstance(effect, str) else ""
        if event.get("no_mana"):  # the War Game: a non-creature's mana ability
            note = event.get("note")
            return (f"  {name} makes no mana in {event['no_mana']}" + (f" ({text})" if text else "")
                    + (f"; {note}" if note else ""))
        line = f"  {name} activates its ability" + (f" ({text})" if text else "")
        if effect and not event.get("modelled") and "Add {" not in str(effect):
            line += " — carry out its text by hand"
        return line
    if kind == "regenerated":
        name = _own_name(event, names)
        if event.get("stays"):
            return f"  {name} regenerates (tapped, where it stands)"
        return f"  {name} regenerates and goes to the staging row"
    core = _core_words(kind, event, names)  # planeswalkers and equipment (rules/core)
    if core is not None:
        return core
    army = _army_words(kind, event, names, p)
    if army is not None:
        return army
    conquering = _conquering_words(kind, event, names, p)
    if conquering is not None:
        return conquering
    if kind == "land_destroyed":
        verb = "sacrifices" if event.get("how") == "sacrificed" else "destroys"
        land = names.land(event.get("at"), event.get("land"))
        pos = _pos(event.get("at"))
        if pos is not None:
            names.lands.pop(pos, None)
        return f"  {p} {verb} {land}"
    if kind == "skip_draw":
        return f"  {p} skips the first draw" if event.get("player") is not None else \
            "  The first player skips the first draw"
    if kind == "draw_empty":
        return f"  {p} must draw from an empty library"
    if kind == "manual":
        text = _manual_words(event, names)
        return f"  {text}{_for_words(event)}" if text else None
    if kind == "consent_asked":
        return (f"  {names.player(event.get('by'))} asks {p} to accept: "
                f"{request_words(event.get('action'), event.get('by'), names)}"
                f"{_for_words(event)}")
    if kind == "consent":
        what = f"{request_words(event.get('action'), event.get('by'), names)}{_for_words(event)}"
        answer = event.get("answer")
        if answer == "accepted":
            return f"  {p} accepts: {what}"
        if answer == "declined":
            return f"  {p} declines, nothing happens: {what}"
        why = event.get("why")
        return (f"  {names.player(event.get('by'))}'s request lapses"
                f"{f' ({why})' if isinstance(why, str) else ''}: {what}")
    if kind == "resolving":
        what = {"move": "The move", "attack": "The attack"}.get(str(event.get("kind")), "It")
        return f"  {what} resolves"
    if kind == "pending":
        action = event.get("action") if isinstance(event.get("action"), Mapping) else {}
        what = {"move": "move", "attack": "attack"}.get(str(action.get("type")), "action")
        seat = event.get("seat")
        responder = event.get("responder")
        if isinstance(responder, int):
            return f"  {names.player(responder)} may respond before the {what} resolves"
        if isinstance(seat, int) and len(names.players) == 2 and seat in (0, 1):
            return f"  {names.player(1 - seat)} may respond before the {what} resolves"
        if isinstance(seat, int):
            return f"  {_sentence(names.others(seat))} may respond before the {what} resolves"
        return f"  The opponent may respond before the {what} resolves"
    if kind == "choose":
        if event.get("kind") == "origin":  # the War Game: a triggered ability's terrain
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} chooses the terrain {card}'s triggered ability affects"
        if event.get("kind") == "place_token":
            return f"  {p} chooses a square for a free token"
        if event.get("kind") == "discard":
            n = event.get("count")
            return f"  {p} chooses {n} card{'s' if n != 1 else ''} to discard"
        if event.get("kind") == "pay_trigger":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} may pay {{{event.get('amount')}}} for {card}'s triggered ability"
        if event.get("kind") == "pay_or_else":
            text = event.get("text") if isinstance(event.get("text"), str) else "it happens"
            return f"  {p} may pay {event.get('cost')}, or {text}"
        if event.get("kind") == "pay_upkeep":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} may pay {event.get('cost')} or sacrifice {card}"
        if event.get("kind") == "pay":
            card = event.get("card") if isinstance(event.get("card"), str) else "the spell"
            return (f"  {p} may pay {{{event.get('amount')}}} or {card} is countered")
        if event.get("kind") == "targets":
            card = event.get("card") if isinstance(event.get("card"), str) else "a card"
            return f"  {p} chooses the targets of {card}'s triggered ability"
        if event.get("kind") == "blocks":
            return f"  {p} chooses blockers"
        if event.get("kind") == "retreat":
            return f"  {p} chooses where the creatures on the lost land retreat"
        if event.get("kind") == "place":
            return f"  {p} chooses a land for {names.unit(event.get('unit'))}"
        if event.get("kind") == "assign":
            amount = event.get("amount")
            dmg = f"{amount} damage" if isinstance(amount, int) else "the damage"
            units = event.get("units") if isinstance(event.get("units"), list) else []
            own = names.owners.get(str(event.get("attacker"))) == event.get("player")
            among = "its blockers and the land" if "land" in units else \
                "its blockers" if own else "the band"
            return (f"  {p} chooses how to divide {dmg} from "
                    f"{names.unit(event.get('attacker'))} among {among}")
        return None
    if kind == "assigned":
        damage = event.get("damage")
        if event.get("default"):
            return "  lethal damage goes to each member of the band in turn"
        if isinstance(damage, Mapping) and damage:
            parts = [f"{n} to {names.unit(u)}" for u, n in damage.items()]
            return f"  {p} divides it: {_and(parts)}"
        return None
    # Told by the action's headline, or bookkeeping: moves, scouting (the reveal follows),
    # untapping, done moving/attacking, the hold-priority setting.
    return None
