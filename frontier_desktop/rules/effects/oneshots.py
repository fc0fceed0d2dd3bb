"""One-shot effects (fx-oneshots): reader templates, nodes and which forms the engine carries out.

The templates here are registered with the reader's ``_template`` (after the reader's own, so
they read only what nothing else reads); :func:`oneshot_qualifier` tells
``clause_keys._qualifier`` which forms of already-read clauses the executors of
``rules/core/fx_oneshots.py`` follow; :func:`amount_supported` names the variable amounts
("equal to its mana value", "equal to the number of Mountains you control") they can count.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.clause_registry import read_clause
from frontier_desktop.rules.effects.oneshots_nodes import (  # noqa: F401 (re-exported)
    ExchangeLife, Refill, LookAtHand, TapOrUntap, PutFromHand, ReturnAllOwned, BounceOwn,
    ShuffleLibrary, ExileGraveyard, GraveyardToBottom, CantRegenerate, LookTop, PutLooked,
    SearchExile, HandToTop, ChooseFromHand, DiscardThose, GraveyardToTop, MayDraw, ExileTopCost,
    ExileTopPrevented, IfColour, NamedToken, TwoDamage, ReturnAuras, DamageThose, DamageEachPlus,
    DamageByValue, ExileRandomRest, DamageEvenly, SourceShield, FlyerShield, RevealCard, IfLand,
    RedirectNext, DiscardHand, SelfShield, MayBottom,
)
from frontier_desktop.rules.effects.targets import read_number, read_object, read_spec


# ====================================================================== templates
Template = Callable[[re.Match[str], str, str], "n.Effect | None"]


def register(add: Callable[[str], Callable[[Template], Template]]) -> None:
    """Register the templates with the reader (``clause_registry._template``; called once
    from reader.py, after the reader's own templates of templates_basic.py)."""

    @add(r"(?:you )?lose half your life, rounded up")
    def _half_life(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.LoseLife(n.Selector("you", text="you"), n.Amount(1, HALF_LIFE), text=text)

    @add(r"exchange life totals with (?P<to>target (?:opponent|player))")
    def _exchange(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return ExchangeLife(to, text=text) if to is not None else None

    @add(r"each player discards their hand, then draws seven cards")
    def _wheel(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return Refill("discard_hand", 7, text=text)

    @add(r"each player shuffles their hand and graveyard into their library, then draws "
         r"seven cards")
    def _twister(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return Refill("hand_and_graveyard", 7, text=text)

    @add(r"each player shuffles the cards from their hand into their library, then draws "
         r"that many cards")
    def _winds(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return Refill("hand", 0, text=text)

    @add(r"look at (?P<to>target (?:player|opponent))'s hand")
    def _look(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return LookAtHand(to, text=text) if to is not None else None

    @add(r"(?P<may>you may )?tap or untap (?P<to>target .+)")
    def _tap_or_untap(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return TapOrUntap(to, bool(m.group("may")), text=text) if to is not None else None

    @add(r"put (?P<n>\w+) cards from your hand on top of your library in any order")
    def _put_back(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        amount = read_number(m.group("n"))
        return PutFromHand(amount, text=text) if amount is not None and not amount.var \
            else None

    @add(r"(?P<src>.+?) deals? damage to (?P<to>target [^,]+?) equal to (?P<eq>.+)")
    def _damage_to_equal(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        src = read_object(m.group("src"))
        to = read_object(m.group("to"))
        if src is None or to is None or src.ref != "self":
            return None
        return n.DealDamage(n.Amount(1, f"equal to {m.group('eq')}"), (to,), text=text)


    @add(r"return all (?P<noun>artifacts|creatures|enchantments|permanents) (?P<who>target "
         r"(?:player|opponent)) owns to their hand")
    def _recall(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return ReturnAllOwned(who, m.group("noun").rstrip("s"), text=text) if who else None

    @add(r"return (?P<to>target .+?) you both own and control to your hand")
    def _bounce_own(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to") + " you control")
        return BounceOwn(to, text=text) if to is not None else None

    @add(r"return cardname and (?P<to>target .+?) to their owners?'?s? hands?")
    def _bounce_with_self(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return BounceOwn(to, True, text=text) if to is not None else None

    @add(r"(?P<who>target player|that player) shuffles(?: their library)?")
    def _shuffle(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return ShuffleLibrary(who, text=text) if who is not None else None

    @add(r"then that player shuffles")
    def _then_shuffle(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return ShuffleLibrary(n.Selector("that", text="that player"), text=text)

    @add(r"you may have that player shuffle")
    def _may_shuffle(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return ShuffleLibrary(n.Selector("that", text="that player"), True, text=text)

    @add(r"exile (?P<who>target player|target opponent)'s graveyard")
    def _exile_yard(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return ExileGraveyard(who, text=text) if who is not None else None

    @add(r"put the top card of your graveyard on the bottom of your library")
    def _digger(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return GraveyardToBottom(text=text)

    @add(r"(?P<to>target creature) can't be regenerated this turn")
    def _no_regen(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return CantRegenerate(to, text=text) if to is not None else None

    @add(r"look at the top (?P<n>\w+) cards of your library, put one of them into your "
         r"hand, and exile the rest")
    def _browse(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("n"))
        if count is None or count.var:
            return None
        return LookTop(n.Selector("you", text="you"), count.n, 1, "hand", "exile", text=text)

    @add(r"look at the top (?P<n>\w+) cards of (?P<who>your|target player's|target "
         r"opponent's) library(?P<back>, then put them back in any order)?")
    def _look_top(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("n"))
        who = n.Selector("you", text="you") if m.group("who") == "your" else \
            read_object(m.group("who")[:-2])
        if count is None or count.var not in ("", "X") or who is None:
            return None
        return LookTop(who, count.n, 0, "", "back" if m.group("back") else "",
                       count.var == "X", text=text)

    @add(r"exile one of those cards and put the rest back on top of that player's library in "
         r"any order")
    def _sealed_fate(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return PutLooked(1, "exile", "back", text=text)

    @add(r"put (?P<n>\w+) of them into your hand and the rest into your graveyard")
    def _put_looked(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("n"))
        if count is None or count.var:
            return None
        return PutLooked(count.n, "hand", "graveyard", text=text)

    @add(r"search (?P<who>your|target player's) library for (?P<n>\w+) cards(?:,| and) exile "
         r"them(?P<shuffle>, then shuffle)?")
    def _search_exile(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("n"))
        who = n.Selector("you", text="you") if m.group("who") == "your" else \
            read_object("target player")
        if count is None or count.var or who is None:
            return None
        return SearchExile(who, count.n, bool(m.group("shuffle")), text=text)

    @add(r"(?P<who>target player|target opponent) chooses (?P<n>\w+) cards from their hand "
         r"and puts them on top of their library in any order")
    def _hand_to_top(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("n"))
        who = read_object(m.group("who"))
        if count is None or count.var or who is None:
            return None
        return HandToTop(who, count.n, text=text)

    @add(r"look at (?P<who>target player|target opponent)'s hand and choose (?P<n>\w+) cards? "
         r"from it")
    def _choose_from_hand(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        amount = read_number(m.group("n"))
        who = read_object(m.group("who"))
        if amount is None or who is None:
            return None
        return ChooseFromHand(who, amount, text=text)

    @add(r"that player discards (?:those cards|that card)")
    def _discard_those(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return DiscardThose(text=text)

    @add(r"put (?P<to>up to \w+ target .+? from (?:your|an opponent's) graveyard) on top of "
         r"(?:your|their) library(?: in any order)?")
    def _yard_to_top(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        if to is None or to.spec is None or not to.spec.zone.endswith("graveyard"):
            return None
        return GraveyardToTop(to, text=text)

    @add(r"(?P<who>target opponent|target player|defending player|you) may draws? (?P<n>a|one) "
         r"cards?")
    def _may_draw(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        amount = read_number(m.group("n"))
        return MayDraw(who, amount, text=text) if who is not None and amount else None

    @add(r"(?:you )?gain x life, where x is the number of cards in your hand minus (?P<k>\d+)")
    def _ivory(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.GainLife(n.Selector("you", text="you"),
                          n.Amount(1, f"cards in your hand minus {m.group('k')}"), text=text)

    @add(r"create x (?P<rest>\d+/\d+ .+? creature tokens?(?: with .+)?), where x is the "
         r"sacrificed creature's (?P<what>mana value|power|toughness)")
    def _tokens_x(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        one = read_clause("create a " + m.group("rest").replace("tokens", "token"), context)
        if not isinstance(one, n.CreateToken):
            return None
        return dataclasses.replace(one, amount=n.Amount(
            1, f"equal to the sacrificed creature's {m.group('what')}"), text=text)

    @add(r"(?P<src>.+?) deals? x plus (?P<k>\d+) damage divided as you choose among "
         r"(?P<to>any number of targets)")
    def _meteor(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        src = read_object(m.group("src"))
        to = read_object(m.group("to"))
        if src is None or src.ref != "self" or to is None:
            return None
        return n.DealDamage(n.Amount(1, f"X plus {m.group('k')}"), (to,), divided=True,
                            text=text)

    @add(r"exile cards from the top of your library equal to the damage prevented this way")
    def _bone_mask(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return ExileTopPrevented(text=text)

    @add(r"(?P<src>.+?) deals? x damage to (?P<to>target opponent), where x is twice the number "
         r"of white creatures that player controls")
    def _jovial(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        src = read_object(m.group("src"))
        to = read_object(m.group("to"))
        if src is None or src.ref != "self" or to is None:
            return None
        return n.DealDamage(n.Amount(1, "twice the number of white creatures that player "
                                        "controls"), (to,), text=text)

    @add(r"(?P<verb>destroy|counter) (?P<to>target (?:creature|permanent|spell)) if it's "
         r"(?P<colour>white|blue|black|red|green)")
    def _if_colour(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        if to is None or to.spec is None:
            return None
        return IfColour(m.group("verb"), to, m.group("colour"), text=text)

    @add(r"create (?P<tok>an? .+? creature token(?: with [a-z ]+)?) named (?P<name>[a-z' -]+)")
    def _named_token(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        token = read_clause("create " + m.group("tok"), context)
        if not isinstance(token, n.CreateToken):
            return None
        name = text[m.start("name"):m.end("name")].strip()
        return NamedToken(token, name, text=text)

    @add(r"you gain x plus (?P<k>\d+) life, where x is the number of (?P<c>white|blue|black|red|"
         r"green) creatures on the battlefield")
    def _inn(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.GainLife(n.Selector("you", text="you"), n.Amount(
            1, f"{m.group('k')} plus the number of {m.group('c')} creatures on the battlefield"),
            text=text)

    @add(r"(?P<src>cardname) deals (?P<a>\d+) damage to (?P<to>any target|target creature) and "
         r"(?P<b>\d+) damage to itself")
    def _psionic(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        if to is None:
            return None
        return TwoDamage(n.DealDamage(n.Amount(int(m.group("a"))), (to,)),
                         n.DealDamage(n.Amount(int(m.group("b"))),
                                      (n.Selector("self", text="itself"),)), text=text)

    @add(r"cardname deals x damage to (?P<to>target opponent)(?: or planeswalker)? and half x "
         r"damage, rounded up, to you, where x is the number of (?P<land>mountains|islands|"
         r"swamps|forests|plains) you control")
    def _eternal_flame(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        if to is None:
            return None
        land = m.group("land")
        return TwoDamage(
            n.DealDamage(n.Amount(1, f"equal to the number of {land} you control"), (to,)),
            n.DealDamage(n.Amount(1, f"half the number of {land} you control, rounded up"),
                         (n.Selector("you", text="you"),)), text=text)

    @add(r"cardname deals damage to that player equal to the number of (?P<what>swamps|islands|"
         r"mountains|forests|plains|nonbasic lands) they control")
    def _karma(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.DealDamage(n.Amount(1, f"equal to the number of {m.group('what')} they "
                                        "control"),
                            (n.Selector("that", text="that player"),), text=text)

    @add(r"cardname deals x damage to that player, where x is (?P<k>\d+) minus the number of "
         r"cards in their hand")
    def _storm_world(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.DealDamage(n.Amount(1, f"{m.group('k')} minus the number of cards in their "
                                        "hand"),
                            (n.Selector("that", text="that player"),), text=text)

    @add(r"return all auras attached to (?P<to>target permanent) you own to their owners' hands")
    def _scarab(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return ReturnAuras(to, text=text) if to is not None else None

    @add(r"cardname deals (?P<a>\d+) damage to each of those creatures with (?P<kw>flying)")
    def _those(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return DamageThose(n.Amount(int(m.group("a"))), m.group("kw"), text=text)

    @add(r"cardname deals (?P<a>\w+) damage to each (?P<one>(?:[a-z]+ )*creature(?: with "
         r"flying)?) and (?:an additional (?P<b>\d+)|(?P<c>\d+) additional) damage to each "
         r"(?P<two>(?:[a-z]+ )*creature)")
    def _each_plus(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        amount = read_number(m.group("a"))
        one, two = read_spec(m.group("one")), read_spec(m.group("two"))
        if amount is None or one is None or two is None:
            return None
        extra = int(m.group("b") or m.group("c"))
        return DamageEachPlus(amount, one, extra, two, text=text)

    @add(r"cardname deals x plus (?P<k>\d+) damage to you, where x is the number of creatures "
         r"that died this way")
    def _hellfire(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return n.DealDamage(n.Amount(1, f"{m.group('k')} plus the number of creatures that "
                                        "died this way"),
                            (n.Selector("you", text="you"),), text=text)

    @add(r"cardname deals damage equal to that wall's mana value to the wall's controller")
    def _word_of_blasting(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return DamageByValue(text=text)

    @add(r"if the difference between your life total and (?P<to>target player)'s life total is "
         r"(?P<k>\d+) or less, exchange life totals with that player")
    def _psychic_transfer(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        return ExchangeLife(to, int(m.group("k")), text=text) if to is not None else None

    @add(r"exile (?P<k>\w+) of them at random, then put the rest on top of your library in any "
         r"order")
    def _librarian(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        count = read_number(m.group("k"))
        return ExileRandomRest(count.n, text=text) if count and not count.var else None

    @add(r"cardname deals (?P<a>\w+) damage divided evenly, rounded down, among all creatures "
         r"(?P<who>target opponent) controls")
    def _evenly(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        amount = read_number(m.group("a"))
        who = read_object(m.group("who"))
        if amount is None or who is None:
            return None
        return DamageEvenly(amount, who, text=text)

    @add(r"the next time (?P<src>a source) of your choice would deal damage this turn, that "
         r"damage is dealt to that source's controller instead")
    def _reflect(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        by = read_object(m.group("src"))
        return SourceShield(by, None, "reflect", text=text) if by is not None else None

    @add(r"the next time (?P<src>a source) of your choice would deal damage to you this turn, "
         r"instead that source deals that much damage to you and cardname deals that much "
         r"damage to that source's controller")
    def _eye(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        by = read_object(m.group("src"))
        if by is None:
            return None
        return SourceShield(by, n.Selector("you", text="you"), "eye", text=text)

    @add(r"the next time an unblocked creature of your choice would deal combat damage to you "
         r"this turn, prevent all but 1 of that damage")
    def _forcefield(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        by = n.Selector("chosen", n.TargetSpec("creature", text="unblocked creature"),
                        text="an unblocked creature")
        return SourceShield(by, n.Selector("you", text="you"), "all_but_1", True, text=text)

    @add(r"prevent all damage that would be dealt to you this turn by creatures with "
         r"(?P<kw>flying)")
    def _scarecrow(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return FlyerShield(m.group("kw"), text=text)

    @add(r"draw a card and reveal it")
    def _draw_reveal(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return RevealCard(n.Selector("you", text="you"), True, text=text)

    @add(r"reveal the top card of (?P<who>target opponent|target player)'s library")
    def _reveal_top(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return RevealCard(who, False, text=text) if who is not None else None

    @add(r"if it isn't a land card, discard it")
    def _if_not_land(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return IfLand(False, "discard", text=text)

    @add(r"if it's a land, you gain 1 life")
    def _if_land_gain(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return IfLand(True, "gain_1", text=text)

    @add(r"if the exiled card is a snow land, cardname gets \+1/\+1 until end of turn")
    def _if_snow_land(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return IfLand(True, "pump_self", True, text=text)

    @add(r"the next (?P<n>\d+) damage that would be dealt to (?P<to>target .+?) this turn is "
         r"dealt to cardname instead")
    def _redirect(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        to = read_object(m.group("to"))
        if to is None:
            return None
        return RedirectNext(to, n.Amount(int(m.group("n"))), text=text)

    @add(r"prevent the next (?P<n>\d+|x) damage that would be dealt this turn to "
         r"(?P<to>target .+|any target)")
    def _prevent_this_turn_to(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        amount = read_number(m.group("n"))
        to = read_object(m.group("to"))
        if amount is None or to is None:
            return None
        return n.PreventDamage(amount, to, text=text)

    @add(r"the next time cardname would deal damage to you this turn, prevent that damage")
    def _self_shield(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return SelfShield(text=text)

    @add(r"(?P<who>that player|target player|target opponent) discards their hand")
    def _discard_hand(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return DiscardHand(who, text=text) if who is not None else None

    @add(r"look at the top card of (?P<who>defending player|target player|target opponent)'s "
         r"library")
    def _look_one(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        who = read_object(m.group("who"))
        return LookTop(who, 1, text=text) if who is not None else None

    @add(r"you may put that card on the bottom of that player's library")
    def _may_bottom(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        return MayBottom(text=text)

    @add(r"search your library for an? (?P<card>.+?) card, reveal it, then shuffle and put "
         r"that card on top")
    def _tutor_top(m: re.Match[str], text: str, context: str) -> n.Effect | None:
        words = m.group("card")
        spec = read_spec(words + " card")
        if spec is None and re.fullmatch(r"\w+ or \w+", words):
            a, _, b = words.split()
            if {a, b} <= {"instant", "sorcery", "creature", "artifact", "enchantment"}:
                spec = n.TargetSpec(f"{a}_or_{b}", text=words + " card")
        if spec is None:
            return None
        return n.SearchLibrary(n.Selector("you"), spec, "top", n.Amount(1), True, text=text)


HALF_LIFE = "half your life, rounded up"

_LAND_TYPES = {"plains": "Plains", "islands": "Island", "swamps": "Swamp",
               "mountains": "Mountain", "forests": "Forest"}

AMOUNT_PATTERNS: tuple[str, ...] = (
    r"equal to (?:its|that creature's|that card's) mana value",
    r"equal to the sacrificed creature's (?:power|toughness|mana value)",
    r"equal to (?:its|cardname's) power",
    r"equal to the number of (?:plains|islands|swamps|mountains|forests) you control",
    r"equal to the number of cards in (?:that player's|your) hand",
    r"cards in your hand minus \d+",
    r"equal to the number of attacking creatures",
    r"equal to the damage prevented this way",
    r"twice the number of white creatures that player controls",
    r"\d+ plus the number of (?:white|blue|black|red|green) creatures on the battlefield",
    r"half the number of (?:plains|islands|swamps|mountains|forests) you control, rounded up",
    r"equal to the number of (?:plains|islands|swamps|mountains|forests|nonbasic lands) they "
    r"control",
    r"\d+ minus the number of cards in their hand",
    r"\d+ plus the number of creatures that died this way",
    HALF_LIFE,
)
"""The variable amounts the executors count (fx_oneshots.amount_of)."""


def amount_supported(amount: n.Amount) -> bool:
    return any(re.fullmatch(p, amount.var) for p in AMOUNT_PATTERNS)


def land_type_of(var: str) -> str | None:
    m = re.search(r"number of (\w+) you control", var)
    return _LAND_TYPES.get(m.group(1)) if m else None


# ====================================================================== which forms run
_PERMANENT_NOUNS = {"creature", "artifact", "enchantment", "permanent"}


def _plain_target(sel: n.Selector | None, nouns: set[str]) -> bool:
    return sel is not None and sel.ref == "target" and sel.spec is not None and \
        not sel.spec.zone and set(sel.spec.noun.split("_or_")) <= nouns and \
        sel.spec.count == 1 and not sel.spec.count_var


def _graveyard_target(sel: n.Selector) -> bool:
    spec = sel.spec
    return sel.ref == "target" and spec is not None and spec.zone in (
        "graveyard", "your_graveyard") and "land" not in spec.noun and spec.count == 1


def oneshot_qualifier(node: n.Node, where: str) -> str | None:
    """"" when fx_oneshots carries out *node* in this form; None: ask the general rules."""
    if where not in ("spell", "activated", "triggered"):
        return None
    if isinstance(node, n.PutOnLibrary):
        return "" if _plain_target(node.to, _PERMANENT_NOUNS) else "_other"
    if isinstance(node, n.Exile) and _graveyard_target(node.to):
        return ""
    if isinstance(node, n.PutOntoBattlefield):
        return "" if _graveyard_target(node.to) and node.to.spec is not None and \
            node.to.spec.noun in ("card", "creature") and not node.tapped else "_other"
    if isinstance(node, n.CreateToken) and "Creature" in node.types and (
            node.who is None or node.who.ref in ("controller", "target")) and (
            not node.amount.var or amount_supported(node.amount)) and not (
            node.who is None and not node.amount.var):
        return ""  # "its controller/target opponent creates …", "create X …, where X is …"
    if isinstance(node, n.PreventDamage):
        if node.amount.var in ("", "X") and not node.combat_only and node.by is None and \
                node.to is not None and node.to.ref in ("target", "you", "self"):
            return ""  # "prevent the next N/X damage that would be dealt to …"
        if node.amount.var == "all" and node.combat_only and node.to is None and \
                _plain_target(node.by, {"creature"}):
            return ""  # Horn of Deafening
        if node.amount.var == "the next time" and node.by is not None and \
                node.by.ref == "chosen" and node.to is not None and \
                node.to.ref in ("you", "target") and not node.combat_only:
            return ""  # the Circles of Protection
        return None
    if isinstance(node, n.PutCounters) and node.counter == "poison" and \
            node.to.ref in ("that", "target", "defending_player") and not node.amount.var:
        return ""
    if isinstance(node, (n.Tap, n.Untap)) and node.to.ref == "target" and \
            node.to.spec is not None and not node.to.spec.zone and node.to.spec.count == 1:
        return ""  # lands too: a square of the board (tapped_by)
    if isinstance(node, (n.GainLife, n.LoseLife)) and node.who.ref in ("you", "target") and \
            amount_supported(node.amount) and node.amount.var != "equal to its power":
        return ""  # ("its power" counts the ability's own permanent: only where "it" deals it)
    if isinstance(node, n.DealDamage) and node.divided:
        sel = node.to[0] if len(node.to) == 1 else None
        return "" if sel is not None and sel.ref == "target" and sel.spec is not None and \
            sel.spec.count_var == "any" and node.source is None and (
                node.amount.var in ("", "X") or re.fullmatch(r"X plus \d+", node.amount.var)) \
            else None  # "N damage divided as you choose among any number of targets"
    if isinstance(node, n.DealDamage) and amount_supported(node.amount) and all(
            s.ref in ("target", "that", "self", "you") for s in node.to) and (
                node.source is None or (node.source.ref == "that" and node.source.text.lower()
                                        in ("it", "that creature"))):
        return ""
    if isinstance(node, (ExchangeLife, Refill, LookAtHand, TapOrUntap, PutFromHand,
                         ReturnAllOwned, BounceOwn, ShuffleLibrary, ExileGraveyard,
                         GraveyardToBottom, CantRegenerate, LookTop, PutLooked, SearchExile,
                         HandToTop, ChooseFromHand, DiscardThose, GraveyardToTop, MayDraw,
                         ExileTopPrevented, IfColour, NamedToken, TwoDamage, ReturnAuras,
                         DamageThose, DamageEachPlus, DamageByValue, ExileRandomRest,
                         DamageEvenly, SourceShield, FlyerShield, RevealCard, IfLand,
                         RedirectNext, DiscardHand, SelfShield, MayBottom)):
        return ""
    if isinstance(node, n.SearchLibrary):
        return "" if node.who.ref == "you" and node.destination in ("hand", "top") and \
            node.amount.n == 1 and not node.amount.var and "land" not in node.card.noun and \
            "land" not in node.card.types else "_other"
    if isinstance(node, n.AdditionalCost):
        return "" if where == "spell" and all(
            (isinstance(c, n.PayLifeCost) and c.amount.var in ("", "X")) or
            (isinstance(c, n.SacrificeCost) and c.what.ref == "chosen" and c.what.spec is not None
             and c.what.spec.noun == "creature" and not c.what.spec.zone
             and c.what.spec.count == 1) for c in node.cost) else "_other"
    return None


def cost_supported(part: n.CostPart) -> bool:
    """Cost parts fx_oneshots pays on activation: "Discard a card at random", "Exile the top
    N cards of your library"."""
    if isinstance(part, ExileTopCost):
        return not part.amount.var
    return isinstance(part, n.DiscardCost) and part.at_random and part.amount.n == 1 and \
        not part.amount.var


def cost_key(part: n.CostPart) -> str | None:
    """The registry key of a cost part this module pays (None: not one of them)."""
    if not cost_supported(part):
        return None
    return "cost:exile_top" if isinstance(part, ExileTopCost) else "cost:discard_random"


def read_cost_part(low: str, text: str) -> n.CostPart | None:
    """Cost parts the reader's ``_read_cost`` doesn't know and this module pays."""
    m = re.fullmatch(r"exile the top (?:card|(?P<n>\w+) cards) of your library", low)
    if m:
        amount = read_number(m.group("n")) if m.group("n") else n.Amount(1)
        if amount is not None and not amount.var:
            return ExileTopCost(amount, text=text)
    return None


__all__ = ["AMOUNT_PATTERNS", "ExchangeLife", "LookAtHand", "PutFromHand", "Refill",
           "TapOrUntap", "amount_supported", "cost_supported", "land_type_of",
           "oneshot_qualifier", "register"]
