"""The reader's own clause templates: the effects most cards are made of.

Damage (also divided, or "equal to …"), "gets +N/+N" and keyword grants, destroy / tap /
untap, drawing and discarding, life, counters, regeneration and prevention, returning to hand,
to the battlefield or from a graveyard, counterspells, library searches, creature tokens,
sacrifice, control, exile, combat restrictions ("can't block", "can't be blocked", "attacks
each combat if able"), payments, untap rules and "enters the battlefield tapped / with
counters". They are registered with :func:`.clause_registry._template` when :mod:`.reader`
imports this module, before every other template module's.
"""

from __future__ import annotations

import re

from frontier_desktop.rules.effects.clause_registry import (
    _DUR, _PER, _amount, _duration, _obj, _template,
)
from frontier_desktop.rules.effects.nodes import (
    Amount, Bounce, CantAttack, CantBeBlocked, CantBlock, ChooseOnEnter, CounterSpell,
    CreateToken, DealDamage, Destroy, Discard, DoesntUntap, Draw, Effect, EntersTapped,
    EntersWithCounters, Exile, ExtraTurn, GainControl, GainLife, GrantKeyword, LoseLife, May,
    MayNotUntap, MustAttack, PayMana, PreventDamage, Pump, PutCounters, PutOnLibrary,
    PutOntoBattlefield, Regenerate, ReturnFromGraveyard, Sacrifice, SearchLibrary, Selector,
    Tap, Untap,
)
from frontier_desktop.rules.effects.targets import KEYWORD_RE, read_object, read_pt, read_spec


@_template(r"(?P<src>.+?) deals? (?P<n>\w+) damage to (?P<to>.+?)" + _PER)
def _damage(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"), m.group("per"))
    src = read_object(m.group("src"))
    tos = _read_objects(m.group("to"))
    if amount is None or src is None or tos is None:
        return None
    return DealDamage(amount, tos, source=None if src.ref == "self" else src, text=text)


@_template(r"(?P<src>.+?) deals? (?P<n>\w+) damage divided as you choose among (?P<to>.+)")
def _damage_divided(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    src = read_object(m.group("src"))
    to = read_object(m.group("to"))
    if amount is None or src is None or to is None:
        return None
    return DealDamage(amount, (to,), divided=True, source=None if src.ref == "self" else src,
                      text=text)


@_template(r"(?P<src>.+?) deals? damage equal to (?P<eq>.+?) to (?P<to>.+)")
def _damage_equal(m: re.Match[str], text: str, context: str) -> Effect | None:
    src = read_object(m.group("src"))
    tos = _read_objects(m.group("to"))
    if src is None or tos is None:
        return None
    return DealDamage(Amount(1, f"equal to {m.group('eq')}"), tos,
                      source=None if src.ref == "self" else src, text=text)


def _read_objects(phrase: str) -> tuple[Selector, ...] | None:
    """"each creature and each player" → two selectors."""
    one = read_object(phrase)
    if one is not None:
        return (one,)
    parts = re.split(r",? and |, ", phrase)
    if len(parts) < 2:
        return None
    out = []
    for part in parts:
        sel = read_object(part)
        if sel is None:
            return None
        out.append(sel)
    return tuple(out)


@_template(r"(?P<to>.+?) (?:gets?|get) (?P<p>[+-](?:\d+|x))/(?P<t>[+-](?:\d+|x))"
           r"(?: and (?:gains?|has|have) (?P<kw>(?:" + KEYWORD_RE + r")(?:(?:,| and) (?:"
           + KEYWORD_RE + r"))*))?" + _PER + _DUR)
def _pump(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    power, tough = read_pt(m.group("p")), read_pt(m.group("t"))
    if to is None or power is None or tough is None:
        return None
    per = m.group("per")
    if per:
        power = Amount(power.n, per)
        tough = Amount(tough.n, per)
    keywords = _keywords(m.group("kw") or "")
    return Pump(to, power, tough, keywords, _duration(m, context), text=text)


def _keywords(text: str) -> tuple[str, ...]:
    return tuple(k.strip() for k in re.split(r",| and ", text) if k.strip())


@_template(r"(?P<to>.+?) (?:gains?|has|have) (?P<kw>(?:" + KEYWORD_RE + r")(?:(?:,|,? and) (?:"
           + KEYWORD_RE + r"))*)" + _DUR)
def _grant(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return GrantKeyword(to, _keywords(m.group("kw")), _duration(m, context), text=text)


@_template(r"destroy (?P<to>.+)")
def _destroy(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Destroy(to, text=text) if to else None


@_template(r"tap (?P<to>.+)")
def _tap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Tap(to, text=text) if to else None


@_template(r"untap (?P<to>.+)")
def _untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Untap(to, text=text) if to else None


@_template(r"(?:(?P<who>.+?) )?draws? (?P<n>\w+) (?:additional )?cards?" + _PER)
def _draw(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"), m.group("per"))
    if who is None or amount is None:
        return None
    return Draw(who, amount, text=text)


@_template(r"(?:(?P<who>.+?) )?discards? (?P<n>\w+) cards?(?P<random> at random)?")
def _discard(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"))
    if who is None or amount is None:
        return None
    return Discard(who, amount, bool(m.group("random")), text=text)


@_template(r"(?:(?P<who>.+?) )?(?P<verb>gains?|loses?) (?P<n>\w+) life" + _PER)
def _life(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    amount = _amount(m.group("n"), m.group("per"))
    if who is None or amount is None:
        return None
    if m.group("verb").startswith("gain"):
        return GainLife(who, amount, text=text)
    return LoseLife(who, amount, text=text)


@_template(r"(?:(?P<who>.+?) )?(?P<verb>gains?|loses?) life equal to (?P<eq>.+)")
def _life_equal(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    if who is None:
        return None
    amount = Amount(1, f"equal to {m.group('eq')}")
    if m.group("verb").startswith("gain"):
        return GainLife(who, amount, text=text)
    return LoseLife(who, amount, text=text)


@_template(r"put (?P<n>\w+) (?P<c>[+-]\d+/[+-]\d+|\w+) counters? on (?P<to>.+?)" + _PER)
def _counters(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"), m.group("per"))
    to = read_object(m.group("to"))
    if amount is None or to is None:
        return None
    return PutCounters(to, m.group("c"), amount, text=text)


@_template(r"(?P<to>.+?) gets? (?P<n>\w+) (?P<c>poison) counters?")
def _poison(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    to = read_object(m.group("to"))
    if amount is None or to is None:
        return None
    return PutCounters(to, m.group("c"), amount, text=text)


@_template(r"regenerate (?P<to>.+)")
def _regenerate(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Regenerate(to, text=text) if to else None


@_template(r"prevent (?:(?P<all>all)|the next (?P<n>\w+)) (?P<combat>combat )?damage"
           r"(?: that would be dealt)?(?: to (?P<to>.+?))?(?: by (?P<by>.+?))?(?: this turn)?")
def _prevent(m: re.Match[str], text: str, context: str) -> Effect | None:
    if m.group("all"):
        amount: Amount | None = Amount(1, "all")
    else:
        amount = _amount(m.group("n"))
    to = _obj(m.group("to"))
    by = _obj(m.group("by"))
    if amount is None or (m.group("to") and to is None) or (m.group("by") and by is None):
        return None
    return PreventDamage(amount, to, bool(m.group("combat")), by, text=text)


@_template(r"return (?P<to>.+?) to (?:its|their) owners?'?s? hands?")
def _bounce(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    if to.spec is not None and "graveyard" in to.spec.zone:
        return ReturnFromGraveyard(to, "hand", text=text)
    return Bounce(to, text=text)


@_template(r"put (?P<to>.+?) onto the battlefield(?P<tapped> tapped)?(?: under your control)?")
def _put_onto_battlefield(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or to.ref not in ("self", "that", "target"):
        return None
    return PutOntoBattlefield(to, bool(m.group("tapped")), text=text)


@_template(r"return cardname from your graveyard to (?P<dest>your hand|the battlefield)")
def _return_self(m: re.Match[str], text: str, context: str) -> Effect | None:
    dest = "hand" if m.group("dest") == "your hand" else "battlefield"
    return ReturnFromGraveyard(Selector("self", text="cardname"), dest, text=text)


@_template(r"return (?P<to>.+?) to (?P<dest>your hand|the battlefield(?: under your control)?"
           r"|the top of (?:your|its owner's) library)")
def _return_graveyard(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None or to.spec is None or "graveyard" not in to.spec.zone:
        return None
    dest = m.group("dest")
    where = "hand" if dest == "your hand" else (
        "battlefield" if dest.startswith("the battlefield") else "library_top")
    return ReturnFromGraveyard(to, where, text=text)


@_template(r"counter (?P<to>.+?)(?: unless its controller pays (?P<pay>\{[^}]+\}|x))?")
def _counter(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    unless = None
    if m.group("pay"):
        pay = m.group("pay").strip("{}")
        unless = Amount(int(pay)) if pay.isdigit() else Amount(1, "X")
    return CounterSpell(to, unless, text=text)


@_template(r"search your library for (?P<n>a|an|one|two|three|up to (?:two|three|four)) "
           r"(?P<card>(?:[\w'-]+ )*?)cards?,(?P<reveal> reveal (?:it|them|that card),)? "
           r"(?:put (?:it|them|that card|those cards) (?P<dest>into your hand|onto the "
           r"battlefield(?: tapped)?), then shuffle|then shuffle and put (?:the|that) card on "
           r"top)")
def _search(m: re.Match[str], text: str, context: str) -> Effect | None:
    card = read_spec(m.group("card") + "card")
    n = m.group("n").replace("up to ", "")
    amount = _amount(n)
    if card is None or amount is None:
        return None
    dest = m.group("dest") or "top"
    where = {"into your hand": "hand", "onto the battlefield": "battlefield",
             "onto the battlefield tapped": "battlefield_tapped"}.get(dest, "top")
    return SearchLibrary(Selector("you"), card, where, amount, bool(m.group("reveal")),
                         text=text)


_COLOUR_WORDS = r"(?:white|blue|black|red|green|colorless)"


@_template(r"(?:(?P<who>.+?) )?creates? (?P<n>\w+) (?P<p>\d+)/(?P<t>\d+) "
           r"(?P<col>" + _COLOUR_WORDS + r"(?: and " + _COLOUR_WORDS + r")?) "
           r"(?P<types>[a-z ]+?) creature tokens?(?: with (?P<kw>" + KEYWORD_RE + r"))?")
def _token(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    who = read_object(m.group("who")) if m.group("who") else None
    if amount is None or (m.group("who") and who is None):
        return None
    colours = tuple(c for c in m.group("col").split(" and ") if c != "colorless")
    types = tuple(w.capitalize() for w in m.group("types").split()) + ("Creature",)
    keywords = (m.group("kw"),) if m.group("kw") else ()
    return CreateToken(amount, int(m.group("p")), int(m.group("t")), colours, types, keywords,
                       who, text=text)


@_template(r"(?:(?P<who>.+?) )?sacrifices? (?P<what>.+?)(?: unless (?:you pay|they pay) "
           r"(?P<pay>(?:\{[^}]+\})+))?")
def _sacrifice(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    what = read_object(m.group("what"))
    if who is None or what is None:
        return None
    return Sacrifice(who, what, (m.group("pay") or "").upper(), text=text)


@_template(r"gain control of (?P<to>.+?)(?P<dur> until end of turn)?")
def _control(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    if to is None:
        return None
    return GainControl(to, "end_of_turn" if m.group("dur") else "", text=text)


@_template(r"you control (?P<to>enchanted (?:creature|artifact|permanent))")
def _control_enchanted(m: re.Match[str], text: str, context: str) -> Effect | None:
    """An aura's "You control enchanted creature." (Control Magic): for as long as it is
    attached (rules/core/control.py). An enchanted land is a square of the board: unread."""
    to = read_object(m.group("to"))
    if to is None or to.ref != "enchanted":
        return None
    return GainControl(to, "attached", text=text)


@_template(r"exile (?P<to>.+)")
def _exile(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return Exile(to, text=text) if to else None


@_template(r"(?P<to>.+?) can't block" + _DUR)
def _cant_block(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantBlock(to, _duration(m, context), text=text) if to else None


@_template(r"as cardname enters the battlefield, choose (?P<what>.+)")
def _choose_on_enter(m: re.Match[str], text: str, context: str) -> Effect | None:
    words = {"a color": "color", "an opponent": "opponent", "a land type": "land_type",
             "a creature type": "creature_type", "a basic land type": "basic_land_type"}
    choices = [words.get(part.strip()) for part in m.group("what").split(" and ")]
    if not all(choices):
        return None
    return ChooseOnEnter(tuple(c for c in choices if c), text=text)


@_template(r"(?:(?P<who>.+?) )?takes? an extra turn after this one")
def _extra_turn(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who")) if m.group("who") else Selector("you")
    return ExtraTurn(who, text=text) if who else None


@_template(r"(?P<to>.+?) can't attack" + _DUR)
def _cant_attack(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return CantAttack(to, _duration(m, context), text=text) if to else None


@_template(r"put (?P<to>.+?) on top of (?:its|their) owners?'?s? librar(?:y|ies)")
def _put_on_library(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return PutOnLibrary(to, text=text) if to else None


@_template(r"the next time (?P<src>an? .*?source|a source) of your choice would deal "
           r"(?P<combat>combat )?damage to (?P<to>.+?) this turn, prevent that damage")
def _prevent_next_time(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    by = read_object(m.group("src"))
    if to is None or by is None:
        return None
    return PreventDamage(Amount(1, "the next time"), to, bool(m.group("combat")), by,
                         text=text)


@_template(r"(?P<to>.+?) can't be blocked(?: by (?P<by>.+?))?" + _DUR)
def _unblockable(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    by = read_spec(m.group("by")) if m.group("by") else None
    if to is None or (m.group("by") and by is None):
        return None
    return CantBeBlocked(to, _duration(m, context), by, text=text)


@_template(r"(?:you )?pay (?P<pay>(?:\{[^}]+\})+)")
def _pay(m: re.Match[str], text: str, context: str) -> Effect | None:
    return PayMana(m.group("pay").upper(), text=text)


@_template(r"(?P<who>that player|its controller|target player|each player|an opponent) "
           r"(?P<may>may )?pays? (?P<pay>(?:\{[^}]+\})+)")
def _they_pay(m: re.Match[str], text: str, context: str) -> Effect | None:
    who = read_object(m.group("who"))
    if who is None:
        return None
    pay = PayMana(m.group("pay").upper(), who, text=text)
    return May((pay,), text=text) if m.group("may") else pay


@_template(r"(?P<to>.+?) doesn't untap during (?:(?:its|your) controller's|your) next untap step")
def _skip_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return DoesntUntap(to, True, text=text) if to else None


@_template(r"you may choose not to untap (?P<to>.+?) during your untap step")
def _may_not_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return MayNotUntap(to, text=text) if to else None


@_template(r"(?P<to>.+?) enters? the battlefield tapped")
def _enters_tapped(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return EntersTapped(to, text=text) if to else None


@_template(r"cardname enters the battlefield with (?P<n>\w+) (?P<c>[+-]\d+/[+-]\d+|\w+) "
           r"counters? on it")
def _enters_counters(m: re.Match[str], text: str, context: str) -> Effect | None:
    amount = _amount(m.group("n"))
    return EntersWithCounters(m.group("c"), amount, text=text) if amount else None


@_template(r"(?P<to>.+?) attacks? each (?:combat|turn) if able")
def _must_attack(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return MustAttack(to, text=text) if to else None


@_template(r"(?P<to>.+?) (?:doesn't|don't) untap during (?:your|its controller's|their "
           r"controllers') untap steps?")
def _doesnt_untap(m: re.Match[str], text: str, context: str) -> Effect | None:
    to = read_object(m.group("to"))
    return DoesntUntap(to, text=text) if to else None
