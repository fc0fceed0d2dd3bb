"""Frontier Magic: continuous and combat statics (issue 12, the fx-statics share).

The readings are in ``docs/rules-notes.md`` ("Blocking in Frontier"). In short: the attacked
creature is the blocker for card text (the digest), and by the digest's ruling (normal Magic in
attacks) every attacked creature blocks its attacker and fights back: "can't block" doesn't
stop it and evasion doesn't apply (Foul Familiar, a Wall attacked by Bog Rats, a lone creature
attacked by a creature with menace all deal their damage back), and "blocks" / "becomes
blocked" card text (triggers, flanking, rampage) sees it. "Can't attack" refuses the attack
itself.

Everything here is a function of the state; the per-``defs`` facts (which cards have which of
these abilities) are cached like ``spell_grants.defs_info`` so the hot paths (P/T, legal
actions) skip the work when no such card is in the game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.nodes import (
    CantAttack, CantBeBlocked, CantBlock, Effect, GrantKeyword, MustAttack, PreventDamage, Pump,
    Selector, StaticAbility, TargetSpec,
)
from frontier_desktop.rules.effects.templates_statics import (
    AsLongAs, BlockRule, CantAttackIf, CantAttackOrBlock, CostChange, IgnoreDefender,
    IgnoreLandwalk, RedirectUnblocked, HalfCountPump, Untargetable, LoseKeyword, SetPT, StaticPrevent,
)
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, spec_problem
from frontier_desktop.rules.state import GameState, Permanent, per_defs

Event = dict[str, Any]

MARKS = {"cant_be_blocked": "can't be blocked", "cant_block": "can't block",
         "cant_attack": "can't attack", "cant_attack_or_block": "can't attack or block",
         "switch_pt": "switched",
         "ignore_defender": "can attack as though it didn't have defender",
         "redirect_unblocked": "takes the damage of unblocked creatures"}
"""Until-end-of-turn marks kept in ``Permanent.granted`` (cleared in the cleanup with gained
keywords); "loses flying" is kept as ``-flying``."""


# ====================================================================== per-card facts
@functools.lru_cache(maxsize=4096)
def _statics(card: Card) -> tuple[Effect, ...]:
    """The card's static effects of this family that the engine carries out."""
    from frontier_desktop.rules.core.spell_reading import executed, reading_of

    out: list[Effect] = []
    for ability in reading_of(card).abilities:
        if not isinstance(ability, StaticAbility):
            continue
        for effect in ability.effects:
            if isinstance(effect, (CantAttack, CantBeBlocked, CantBlock, CantAttackOrBlock,
                                   BlockRule, IgnoreLandwalk, SetPT, AsLongAs, StaticPrevent,
                                   CostChange, CantAttackIf, IgnoreDefender, LoseKeyword,
                                   MustAttack, PreventDamage, Untargetable, HalfCountPump)) \
                    and executed(effect, "static"):
                out.append(effect)
    return tuple(out)


class _Info:
    """Which cards of one ``GameState.defs`` have statics of this family, by name."""

    __slots__ = ("defs", "blocking", "attack", "set_pt", "as_long_as", "as_long_as_grants",
                 "granted_keywords", "walks", "prevent", "prevent_by", "costs", "defender", "lose",
                 "untargetable",
                 "lost_keywords", "must_attack")

    def __init__(self, defs: dict[str, Card]) -> None:
        self.defs = defs
        found = {n: _statics(c) for n, c in defs.items() if c.oracle_text}
        found = {n: fx for n, fx in found.items() if fx}

        def having(*kinds: type) -> frozenset[str]:
            return frozenset(n for n, fx in found.items() if any(isinstance(e, kinds) for e in fx))

        self.blocking = having(CantBeBlocked, CantBlock, CantAttackOrBlock, BlockRule)
        self.attack = having(CantAttack, CantAttackOrBlock, CantAttackIf, BlockRule)
        self.set_pt = having(SetPT)
        self.as_long_as = having(AsLongAs, HalfCountPump)
        self.as_long_as_grants = frozenset(
            n for n in self.as_long_as if any(
                isinstance(e, AsLongAs) and getattr(e.effects[0], "keywords", ())
                for e in found[n]))
        self.granted_keywords = frozenset(
            k for n in self.as_long_as_grants for e in found[n] if isinstance(e, AsLongAs)
            for k in getattr(e.effects[0], "keywords", ()))
        self.walks = having(IgnoreLandwalk)
        self.prevent = frozenset(
            n for n, fx in found.items() if any(
                isinstance(e, StaticPrevent) or (isinstance(e, PreventDamage) and e.to is not None)
                for e in fx))
        self.prevent_by = frozenset(
            n for n, fx in found.items() if any(
                isinstance(e, PreventDamage) and e.to is None for e in fx))
        self.costs = having(CostChange)
        self.defender = having(IgnoreDefender)
        self.lose = having(LoseKeyword)
        self.lost_keywords = frozenset(k for n in self.lose for e in found[n]
                                       if isinstance(e, LoseKeyword) for k in e.keywords)
        self.must_attack = having(MustAttack)
        self.untargetable = having(Untargetable)


_info = per_defs(_Info)


facts = _info
"""Which cards of the state's ``defs`` have statics of this family (cached per ``defs``)."""


def _sources(state: GameState, names: frozenset[str]) -> list[Permanent]:
    if not names:
        return []
    return [p for p in state.perms.values() if state.cards[p.id][0] in names]


def applies(state: GameState, source: Permanent, sel: Selector, perm: Permanent) -> bool:
    """Whether a static ability of *source* with selector *sel* applies to *perm*: itself,
    what it enchants, or every permanent its spec allows (none while attached)."""
    if sel.ref == "self":
        return source.id == perm.id
    if sel.ref == "enchanted":
        return source.attached_to == perm.id
    if sel.ref == "all" and sel.spec is not None:
        if source.zone == "attached" or perm.zone == "attached":
            return False
        return spec_problem(state, sel.spec, perm.id, seat=source.controller,
                            source=source.id, attacking=combat_attackers(state)) is None
    return False


def _effects_on(state: GameState, perm: Permanent, names: frozenset[str],
                kinds: tuple[type, ...],
                reaches: Callable[[GameState, Permanent, Permanent], bool] | None = None
                ) -> list[Any]:
    """The static effects of *kinds* on the battlefield that reach *perm* (an "all …" one
    only where *reaches*, the variant's area of effect, says so)."""
    out: list[Any] = []
    for source in _sources(state, names):
        for effect in _statics(state.card(source.id)):
            to = getattr(effect, "to", None)
            if isinstance(effect, kinds) and isinstance(to, Selector) and \
                    applies(state, source, to, perm) and (
                        reaches is None or to.ref != "all" or reaches(state, source, perm)):
                out.append(effect)
    return out


# ====================================================================== the combat
def combat_attackers(state: GameState) -> list[str]:
    """The creatures attacking now: those of the attack declared and not yet over."""
    combat = state.extra.get("combat")
    return list(combat["attackers"]) if combat else []


def start_combat(state: GameState, band: list[str], defenders: list[str]) -> list[str]:
    """Record the attack just declared (until its damage is dealt); the blockers it has:
    *defenders*, the creatures the defender chose under the core's blocking rules (Army) or,
    in Frontier, every attacked creature (the digest: the attacked creature is the blocker,
    and evasion and "can't block" don't stop it fighting back)."""
    blocking = list(defenders)
    state.extra["combat"] = {"attackers": list(band), "defenders": list(defenders),
                             "blockers": blocking}
    if blocking and _info(state).untargetable:  # "unless it attacked or blocked this turn"
        fought = state.extra.get("blocked_this_turn")
        ids = list(fought["ids"]) if fought and fought.get("turn") == state.turn else []
        state.extra["blocked_this_turn"] = {"turn": state.turn, "ids": ids + blocking}
    return blocking


def end_combat(state: GameState) -> None:
    """The attack is over: nothing is attacking or blocking any more."""
    state.extra.pop("combat", None)


def combat_blockers(state: GameState, defenders: list[str]) -> list[str]:
    """Of *defenders*, those blocking the attack under way (all of them without a record)."""
    combat = state.extra.get("combat")
    if not combat:
        return list(defenders)
    chosen = set(combat["blockers"])
    return [d for d in defenders if d in chosen]


def _marked(perm: Permanent, *marks: str) -> bool:
    return any(MARKS[m] in perm.granted for m in marks)


def spec_matches(state: GameState, spec: TargetSpec, obj: Permanent, seat: int, source: str,
                 pt: Callable[[Permanent], tuple[int, int]] | None = None) -> bool:
    """Whether *obj* fits *spec* ("Walls", "creatures with power 2 or less") for *seat*'s
    *source*; its power as the playing variant counts it (*pt*, default its effective P/T:
    terrain and area bonuses included)."""
    from frontier_desktop.rules.core.hooks import effective_pt

    if spec.power:
        power = (pt(obj) if pt is not None else effective_pt(state, obj))[0]
        op, value = spec.power[:2], int(spec.power[2:])
        if (op == "<=" and power > value) or (op == ">=" and power < value):
            return False
        spec = TargetSpec(spec.noun, colours=spec.colours, not_colours=spec.not_colours,
                          types=spec.types, not_types=spec.not_types, subtypes=spec.subtypes,
                          state=spec.state, controller=spec.controller,
                          with_keywords=spec.with_keywords, other=spec.other)
    return spec_problem(state, spec, obj.id, seat=seat, source=source) is None


_EXCEPT_BY = "can't be blocked except by "
"""The start of an until-end-of-turn "can't be blocked except by …" mark (core/blocking.py)."""


@functools.lru_cache(maxsize=256)
def _mark_spec(text: str) -> TargetSpec | None:
    from frontier_desktop.rules.effects.targets import read_spec

    return read_spec(text)


def attack_restriction(state: GameState, perm: Permanent, band: int = 1,
                       reaches: Callable[[GameState, Permanent, Permanent], bool] | None = None
                       ) -> str | None:
    """Why *perm* can't attack at all (None: nothing forbids it here); *band*: how many
    creatures attack together (its banding stack); *reaches*: the variant's area of effect
    of an "all …" static."""
    if _marked(perm, "cant_attack", "cant_attack_or_block"):
        return f"{state.name(perm.id)} can't attack this turn"
    names = _info(state).attack
    if not names:
        return None
    for effect in _effects_on(state, perm, names, (CantAttack, CantAttackOrBlock,
                                                   CantAttackIf, BlockRule), reaches):
        if isinstance(effect, BlockRule):
            if effect.rule == "attack_with_others" and band - 1 < effect.count:
                return f"{state.name(perm.id)} can't attack unless at least {effect.count} " \
                       f"other creatures attack with it (a banding stack)"
            if effect.rule == "attack_alone" and band > 1:
                return f"{state.name(perm.id)} can only attack alone (not in a banding stack)"
            if effect.rule == "max_attackers" and band > effect.count:
                return f"no more than {effect.count} creatures can attack each combat (a " \
                       f"banding stack of {band} attacks together)"
            continue
        if not isinstance(effect, CantAttackIf):
            return f"{state.name(perm.id)} can't attack"
        if effect.when == "another_creature" and any(
                p.id != perm.id for p in state.creatures()):
            return f"{state.name(perm.id)} can't attack while another creature is on the " \
                   f"battlefield"
        if effect.when == "opponent_controls" and effect.spec is not None and any(
                p.controller != perm.controller and spec_matches(state, effect.spec, p,
                                                                 perm.controller, perm.id)
                for p in state.creatures()):
            return f"{state.name(perm.id)} can't attack while the defending player controls " \
                   f"an {effect.spec.text}"
    return None


def ignores_defender(state: GameState, perm: Permanent) -> bool:
    """"Can attack (this turn) as though it didn't have defender" (Animate Wall, Wall of
    Wonder)."""
    if _marked(perm, "ignore_defender"):
        return True
    names = _info(state).defender
    return bool(names) and bool(_effects_on(state, perm, names, (IgnoreDefender,)))


def must_attack_problem(variant: Any, state: GameState, seat: int) -> str | None:
    """Why *seat* may not end their attacks yet: a creature of theirs that "attacks each
    combat if able" could still attack this turn (None: nothing must attack)."""
    names = _info(state).must_attack
    if not names or state.attacks_closed:
        return None
    occ = state.occupants()
    for perm in _sources(state, names):
        if perm.controller != seat or perm.zone != "board" or perm.attacked:
            continue
        if not any(isinstance(e, MustAttack) and e.to.ref == "self"
                   for e in _statics(state.card(perm.id))):
            continue
        targets: list[Any] = [*state.board.neighbours(perm.at), "player"]
        if any(variant.attack_problem(state, seat, perm, t, occ) is None for t in targets):
            return f"{state.name(perm.id)} attacks each combat if able: attack with it first"
    return None


# ====================================================================== landwalk
def ignored_walks(state: GameState) -> frozenset[str]:
    """Land types whose landwalk moves no creature may make ("can be blocked as though it
    didn't have islandwalk": in Frontier landwalk is a move, the digest)."""
    out: set[str] = set()
    for source in _sources(state, _info(state).walks):
        for effect in _statics(state.card(source.id)):
            if isinstance(effect, IgnoreLandwalk):
                out.update(effect.land_types)
    return frozenset(out)


# ====================================================================== power and toughness
def _lands_of(state: GameState, seat: int) -> list[Card]:
    """The lands *seat* controls: those under their creatures (the digest), once each."""
    seen: set[Any] = set()
    out: list[Card] = []
    for perm in state.board_creatures():
        if perm.controller != seat or perm.at in seen:
            continue
        seen.add(perm.at)
        cell = state.cells.get(perm.at)
        if cell is not None and cell.land is not None and cell.face_up:
            out.append(state.card(cell.land))
    return out


def _land_matches(spec: TargetSpec, land: Card) -> bool:
    if spec.subtypes and not set(spec.subtypes) & set(land.subtypes):
        return False
    for t in spec.types:
        if t.capitalize() not in land.supertypes | land.types:
            return False
    return True


def _count(state: GameState, spec: TargetSpec, seat: int, source: str, named: str) -> int:
    if spec.noun == "land":
        if spec.controller == "you":
            seats = [seat]
        elif spec.controller in ("opponent", "not_you"):
            seats = [s for s in range(len(state.players)) if s != seat]
        else:
            seats = list(range(len(state.players)))
        return sum(1 for s in seats for land in _lands_of(state, s) if _land_matches(spec, land))
    total = 0
    for perm in state.perms.values():
        if perm.zone == "attached" and spec.noun == "creature":
            continue
        if named and state.cards[perm.id][0] != named:
            continue
        if spec.subtypes and len(spec.subtypes) > 1:
            # "Soldiers and Warriors you control": either type.
            card = state.card(perm.id)
            if perm.controller != seat or not card.is_creature or \
                    not set(spec.subtypes) & set(card.subtypes):
                continue
            total += 1
            continue
        if spec_problem(state, spec, perm.id, seat=seat, source=source) is None:
            total += 1
    return total


def _named(state: GameState, effect: SetPT, source: Permanent) -> str:
    """The name in "creatures named …": the card's own (the reader's placeholder) or another."""
    own = state.cards[source.id][0]
    if effect.named.lower() in ("cardname", own.lower()):
        return own
    return next((n for n in state.defs if n.lower() == effect.named.lower()), effect.named)


def base_pt(state: GameState, perm: Permanent, card: Card) -> tuple[int, int]:
    """The printed power/toughness, or what a characteristic-defining ability makes it."""
    p, t = card.base_power, card.base_toughness
    if perm.granted:
        for mark in perm.granted:
            if mark.startswith("base "):  # "has base power and toughness 0/2 until end of turn"
                bp, bt = mark[5:].split("/")
                return int(bp), int(bt)
    if state.cards[perm.id][0] not in _info(state).set_pt:
        return p, t
    for effect in _statics(card):
        if isinstance(effect, SetPT):
            named = _named(state, effect, perm) if effect.named else ""
            n = effect.plus + _count(state, effect.count, perm.controller, perm.id, named)
            if effect.which in ("both", "power"):
                p = n
            if effect.which in ("both", "toughness"):
                t = n
    return p, t


def _holds(state: GameState, effect: AsLongAs, source: Permanent, perm: Permanent) -> bool:
    when = effect.when
    if when in ("untapped", "attacking", "not_attacking"):
        # "CARDNAME is": the source; "it's": the permanent itself, the creature an aura's
        # "enchanted creature" names, or each creature an "each creature …" reaches (*perm*).
        subject: Permanent | None = source
        inner = effect.effects[0]
        ref = inner.to.ref if isinstance(inner, (Pump, GrantKeyword)) else "self"
        if effect.subject != "self" and ref == "enchanted":
            subject = state.perms.get(source.attached_to or "")
        elif effect.subject != "self" and ref == "all":
            subject = perm
        if subject is None:
            return False
        if when == "untapped":
            return not subject.tapped
        return (subject.id in combat_attackers(state)) == (when == "attacking")
    if when == "your_turn":
        return state.active == source.controller
    if when == "not_your_turn":
        return state.active != source.controller
    spec = effect.spec
    assert spec is not None
    if when == "you_control_none":
        return not any(p.controller == source.controller and p.zone != "attached"
                       and spec_problem(state, spec, p.id, seat=source.controller,
                                        source=source.id) is None
                       for p in state.perms.values())
    seats = [source.controller] if when == "you_control" else [
        s for s in range(len(state.players)) if s != source.controller]
    if spec.noun == "land":
        return any(_land_matches(spec, land) for s in seats for land in _lands_of(state, s))
    letters = {COLOUR_LETTER[c] for c in spec.colours}
    for perm in state.perms.values():
        if perm.controller not in seats:
            continue
        card = state.card(perm.id)
        if letters and not letters & set(card.colors):
            continue
        if spec_problem(state, TargetSpec("permanent", types=spec.types,
                                          not_types=spec.not_types, subtypes=spec.subtypes),
                        perm.id, seat=source.controller, source=source.id) is None:
            return True
    return False


def _conditional(state: GameState, perm: Permanent, names: frozenset[str]) -> list[Effect]:
    """The "as long as" effects of the cards *names* that hold now and reach *perm*."""
    out: list[Effect] = []
    for source in _sources(state, names):
        for effect in _statics(state.card(source.id)):
            if not isinstance(effect, AsLongAs):
                continue
            inner = effect.effects[0]
            if not isinstance(inner, (Pump, GrantKeyword)):
                continue  # Veteran Bodyguard's redirection: unblocked_guard
            if applies(state, source, inner.to, perm) and _holds(state, effect, source, perm):
                out.append(inner)
    return out


def conditional_bonus(state: GameState, perm: Permanent) -> tuple[int, int]:
    """The +P/+T "as long as" statics give *perm* now (Kird Ape, Giant Tortoise)."""
    names = _info(state).as_long_as
    if not names:
        return 0, 0
    p = t = 0
    for inner in _conditional(state, perm, names):
        if isinstance(inner, Pump):
            p += inner.power.n
            t += inner.toughness.n
    for source in _sources(state, names):  # Aspect of Wolf: half the Forests, down / up
        for effect in _statics(state.card(source.id)):
            if isinstance(effect, HalfCountPump) and applies(state, source, effect.to, perm):
                n = _count(state, effect.count, source.controller, source.id, "")
                p += n // 2
                t += n - n // 2
    return p, t


def has_conditional(state: GameState, perm: Permanent, keyword: str,
                    info: _Info | None = None) -> bool:
    """Whether an "as long as" static gives *perm* *keyword* now (Spirit of the Night's
    first strike as long as it's attacking); *info*: :func:`facts` of the state, if at hand."""
    info = info or _info(state)
    if keyword not in info.granted_keywords:
        return False
    return any(keyword in getattr(inner, "keywords", ())
               for inner in _conditional(state, perm, info.as_long_as_grants))


def switched(perm: Permanent) -> bool:
    """Power and toughness switched until end of turn (applied after every other change but
    the terrain bonus)."""
    return MARKS["switch_pt"] in perm.granted


def lost(state: GameState, perm: Permanent, keyword: str, info: _Info | None = None) -> bool:
    """*keyword* lost: until end of turn ("target creature loses flying") or by a static
    ability ("all creatures lose flying and islandwalk")."""
    if perm.granted and f"-{keyword}" in perm.granted:
        return True
    info = info or _info(state)
    if keyword not in info.lost_keywords:
        return False
    return any(keyword in e.keywords
               for e in _effects_on(state, perm, info.lose, (LoseKeyword,)))


# ====================================================================== damage
def prevents(state: GameState, perm: Permanent, source: str | None, *,
             combat: bool = False) -> bool:
    """Whether a static "prevent all damage that would be dealt to CARDNAME by …" of *perm*
    stops damage from *source*; *combat*: combat damage (then "all combat damage" ones count
    too, and only those: the rest were asked already)."""
    names = _info(state).prevent
    if source is None or not names or state.cards[perm.id][0] not in names:
        return False
    for effect in _statics(state.card(perm.id)):
        if isinstance(effect, PreventDamage) and effect.combat_only == combat and \
                effect.by is not None and effect.by.spec is not None and \
                source in state.perms and spec_problem(
                    state, effect.by.spec, source, seat=perm.controller, source=perm.id) is None:
            return True  # "… by Walls"
        if not isinstance(effect, StaticPrevent) or effect.combat != combat:
            continue
        if effect.by == "artifact" and source in state.cards and \
                "Artifact" in state.card(source).types:
            return True
        if effect.by == "enchanted" and any(p.attached_to == source
                                            for p in state.perms.values()):
            return True
        if effect.by == "blocked":
            fight = state.extra.get("combat")
            if fight and perm.id in fight["blockers"] and source in fight["attackers"]:
                return True
    return False


# ====================================================================== executors
if TYPE_CHECKING:
    pass


# ====================================================================== costs
_SPELL_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _spell_is(card: Card, kind: str) -> bool:
    """Whether *card* is a "<kind> spell" (``"green enchantment"``: every word must hold)."""
    for word in kind.split():
        if word in _SPELL_COLOURS:
            if _SPELL_COLOURS[word] not in card.colors:
                return False
        elif word == "colorless":
            if card.colors:
                return False
        elif word.capitalize() not in card.types:
            return False
    return True


def spell_cost(state: GameState, seat: int, card: Card) -> str:
    """What casting *card* costs *seat* now: its mana cost with the cost changes on the
    battlefield ("creature spells cost {2} more", "… cost up to {2} less": generic mana only)."""
    names = _info(state).costs
    cost = card.mana_cost
    if not names:
        return cost
    more = ""
    less = 0
    for source in _sources(state, names):
        for effect in _statics(state.card(source.id)):
            if not isinstance(effect, CostChange) or (effect.mine and source.controller != seat):
                continue
            if not any(_spell_is(card, kind) for kind in effect.kinds):
                continue
            if effect.less:
                less += int(effect.symbols.strip("{}"))
            else:
                more += effect.symbols
    if not more and not less:
        return cost
    symbols = re.findall(r"\{[^}]+\}", cost + more)
    generic = sum(int(s[1:-1]) for s in symbols if s[1:-1].isdigit())
    others = [s for s in symbols if not s[1:-1].isdigit()]
    generic = max(0, generic - less)
    xs = [s for s in others if s.upper() == "{X}"]
    rest = [s for s in others if s.upper() != "{X}"]
    return "".join(xs) + (f"{{{generic}}}" if generic else "") + "".join(rest)


def combat_power(state: GameState, perm: Permanent, power: int, events: list[Event]) -> int:
    """*perm*'s combat damage this strike: *power*, or 0 when "prevent all combat damage that
    would be dealt by enchanted creature" (Demonic Torment) reaches it (a ``prevented`` event
    says so)."""
    names = _info(state).prevent_by
    if not names or power <= 0:
        return power
    for source in _sources(state, names):
        if source.attached_to != perm.id:
            continue
        if any(isinstance(e, PreventDamage) and e.to is None and e.combat_only
               for e in _statics(state.card(source.id))):
            events.append({"type": "prevented", "unit": perm.id, "amount": power,
                           "dealt_by": True})
            return 0
    return power


def unblocked_guard(state: GameState, seat: int) -> str | None:
    """The creature of *seat* that takes the damage "unblocked creatures" would deal them (an
    attack on the player, in Frontier): Kjeldoran Royal Guard after its ability this turn, or
    an untapped Veteran Bodyguard. None: the player takes it."""
    for perm in state.perms.values():
        if perm.controller == seat and perm.zone != "attached" and \
                _marked(perm, "redirect_unblocked"):
            return perm.id
    for source in _sources(state, _info(state).as_long_as):
        if source.controller != seat or source.zone == "attached":
            continue
        for effect in _statics(state.card(source.id)):
            if isinstance(effect, AsLongAs) and isinstance(effect.effects[0],
                                                           RedirectUnblocked) \
                    and not source.tapped:
                return source.id
    return None


def untargetable(state: GameState, perm: Permanent, source: str | None) -> str | None:
    """Why a spell (*source* not a permanent: a card being cast or on the stack) may not
    target *perm* ("can't be the target of spells"); None: it may."""
    names = _info(state).untargetable
    if not names or (source is not None and source in state.perms):
        return None  # abilities of permanents are not spells
    for effect in _effects_on(state, perm, names, (Untargetable,)):
        if effect.unless_fought:
            fought = state.extra.get("blocked_this_turn") or {}
            # ``attacked`` lasts until its controller's next untap: this turn only if it is
            # its controller's turn.
            if (perm.attacked and state.active == perm.controller) or (
                    fought.get("turn") == state.turn
                                 and perm.id in fought.get("ids", ())):
                continue
            return "it can't be the target of spells unless it attacked or blocked this turn"
        return "it can't be the target of spells"
    return None
