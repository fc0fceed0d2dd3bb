"""Frontier Magic: mana from spells, and effects that reach a land square (issue 12, fx-mana).

Mixed into :class:`~frontier_desktop.rules.variants.frontier.variant.Frontier` before
:class:`~frontier_desktop.rules.core.spells.SpellActions`:

- ``Add {B}{B}{B}`` on a spell (Dark Ritual) adds that mana to its controller's pool as it
  resolves;
- a land on the Frontier board is a square (``../shared/rules/frontier.md``, Land
  destruction): "Destroy target land" turns the square into a hole (the land goes to its
  owner's land graveyard, creatures on it stay), "Tap target land" taps the square as the
  spell's controller ("untaps only the lands they tapped": it untaps in that player's untap
  step), "Untap target land" untaps it. See ``docs/rules-notes.md``, Lands with abilities.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import ActivatedAbility, Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.effects.mana_support import (
    is_land_stack_ability, is_upkeep_storage, land_target_problem,
    mana_qualifier, spell_mana_problem, tapped_damage,
)
from frontier_desktop.rules.effects.nodes import (
    AddMana, DealDamage, Destroy, GainLife, MayNotUntap, PutCounters, StaticAbility,
    TriggeredAbility,
)
from frontier_desktop.rules.effects.templates_mana import (
    AddManaEqual, AddManaExtra, AddManaOpponentLand, LandManaReplaced, AddManaPerCard, AddManaPerCounter,
    DoesntUntapWithCounter, IfSnowLand, ManaForEachCard, ManaShort, ProducesColourless,
    RemoveCounters,
)
from frontier_desktop.rules.mana import (
    POOL_ORDER, add_mana, choose_mana, format_pool, mana_value, parse_pool, pay, pool_total,
)
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.life import damage_player, gain_life
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.core.spell_reading import enters_tapped, reading_of
from frontier_desktop.rules.core.shared import is_square, land_makes

LAND_TARGET_KINDS: frozenset[str] = frozenset({"destroy", "tap", "untap", "produces_colourless"})
"""Effect kinds whose executors here follow a land square chosen as a target."""


class ManaActions:
    """Executors for mana added by spells and effects that reach land squares."""

    land_target_kinds: ClassVar[frozenset[str]] = LAND_TARGET_KINDS

    if TYPE_CHECKING:  # provided by ManualActions and Frontier (later in Frontier's bases)
        def _remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                         events: list[Event], verb: str) -> None: ...

        def _rng(self, state: GameState) -> Any: ...

        def _save_rng(self, state: GameState, rng: Any) -> None: ...

        def execute(self, ctx: Any, effect: Any, events: list[Event]) -> list[Any] | None: ...

    def _exec_add_mana(self, ctx: Any, effect: AddMana, events: list[Event]) -> list[Any] | None:
        if spell_mana_problem(effect):
            return None
        state: GameState = ctx.state
        pool = state.players[ctx.seat].pool
        add_mana(pool, effect.options[0])
        events.append({"type": "mana_added", "player": ctx.seat, "mana": effect.options[0],
                       "by": ctx.name, "pool": format_pool(pool)})
        return [("player", ctx.seat)]

    def _exec_add_mana_per_card(self, ctx: Any, effect: AddManaPerCard,
                                events: list[Event]) -> list[Any] | None:
        """"Add {B} for each creature card in your graveyard" (Songs of the Damned)."""
        if mana_qualifier(effect):
            return None
        state: GameState = ctx.state
        wanted = {t.capitalize() for t in effect.card.types}
        n = sum(1 for c in state.players[ctx.seat].graveyard
                if wanted <= set(state.card(c).types))
        pool = state.players[ctx.seat].pool
        add_mana(pool, effect.mana * n)
        events.append({"type": "mana_added", "player": ctx.seat, "mana": effect.mana * n,
                       "by": ctx.name, "pool": format_pool(pool)})
        return [("player", ctx.seat)]

    def _exec_if_snow_land(self, ctx: Any, effect: IfSnowLand,
                           events: list[Event]) -> list[Any] | None:
        """"If that land was a snow land, you gain 1 life" / "… CARDNAME deals 1 damage to
        that land's controller" (the player whose creatures stand on the square)."""
        if mana_qualifier(effect):
            return None
        state: GameState = ctx.state
        destroyed = list(ctx.item.get("_destroyed_lands", ()))
        snowy = [(tuple(pos), land) for pos, land in destroyed
                 if "Snow" in state.card(land).supertypes]
        if not snowy:
            return []
        inner = effect.effects[0]
        if isinstance(inner, GainLife):
            return self.execute(ctx, inner, events)
        assert isinstance(inner, DealDamage)
        occ = state.occupants()
        reached: list[Any] = []
        for pos, _ in snowy:
            owners = {state.perms[i].controller for i in occ.get(pos, ())}
            if len(owners) == 1:
                seat = owners.pop()
                damage_player(state, seat, inner.amount.n, ctx.source_label, events)
                reached.append(("player", seat))
        return reached

    def _exec_mana_short(self, ctx: Any, effect: ManaShort,
                         events: list[Event]) -> list[Any] | None:
        """Tap the lands the player controls (face up, under their creatures) as the caster's,
        and empty their mana pool."""
        state: GameState = ctx.state
        players = [o for o in ctx.objects(effect.who) if isinstance(o, tuple)]
        occ = state.occupants()
        for _, seat in players:
            for pos, cell in state.cells.items():
                owners = {state.perms[i].controller for i in occ.get(pos, ())}
                if cell.land is None or not cell.face_up or owners != {seat} or \
                        cell.tapped_by is not None:
                    continue
                set_land_tapped(state, pos, True, ctx.seat, ctx.name, events)
            pool = state.players[seat].pool
            if any(pool.values()):
                for kind in pool:
                    pool[kind] = 0
                events.append({"type": "pool_emptied", "player": seat, "by": ctx.name})
        return list(players)

    def _exec_mana_for_each_card(self, ctx: Any, effect: ManaForEachCard,
                                 events: list[Event]) -> list[Any] | None:
        """Spoils of Evil: {C} and 1 life for each artifact or creature card there."""
        state: GameState = ctx.state
        players = [o for o in ctx.objects(effect.who) if isinstance(o, tuple)]
        wanted = {t.capitalize() for t in effect.types}
        n = sum(1 for _, seat in players for c in state.players[seat].graveyard
                if wanted & set(state.card(c).types))
        pool = state.players[ctx.seat].pool
        add_mana(pool, effect.mana * n)
        events.append({"type": "mana_added", "player": ctx.seat, "mana": effect.mana * n,
                       "by": ctx.name, "pool": format_pool(pool)})
        if n * effect.life:
            gain_life(state, ctx.seat, n * effect.life, events)
        return list(players)

    def _exec_produces_colourless(self, ctx: Any, effect: ProducesColourless,
                                  events: list[Event]) -> list[Any] | None:
        """The target land makes {C} instead of its colour when tapped for mana, from now on."""
        state: GameState = ctx.state
        squares = self._squares(ctx)
        for pos in squares:
            cell = state.cells.get(pos)
            if cell is None or cell.land is None:
                continue
            cell.extra = {**(cell.extra or {}), "colourless_instead_of": effect.colour}
            events.append({"type": "land_makes_colourless", "at": wire(state, pos),
                           "land": state.name(cell.land), "player": ctx.seat,
                           "by": ctx.name, "instead_of": effect.colour})
        return list(squares)

    def _squares(self, ctx: Any) -> list[Pos]:
        return [t for targets in ctx.chosen.values() for t in targets if is_square(t)]

    def _without_squares(self, ctx: Any) -> None:
        ctx.chosen = {k: [t for t in v if not is_square(t)] for k, v in ctx.chosen.items()}

    def _exec_destroy(self, ctx: Any, effect: Destroy, events: list[Event]) -> list[Any] | None:
        squares = self._squares(ctx)
        if squares:
            if land_target_problem(effect):
                return None
            state: GameState = ctx.state
            for pos in squares:
                if state.board.contains(pos) and state.cells[pos].land is not None:
                    ctx.item.setdefault("_destroyed_lands", []).append(
                        [list(pos), state.cells[pos].land])  # for "if that land was …"
                    self._remove_land(state, ctx.seat, pos, A.DestroyLand(at=pos), events,
                                      f"destroyed by {ctx.name}")
            self._without_squares(ctx)
        done: list[Any] | None = super()._exec_destroy(ctx, effect, events)  # type: ignore[misc]
        return None if done is None else list(squares) + done


def set_land_tapped(state: GameState, pos: Pos, tapped: bool, seat: int, by: str,
                    events: list[Event], *, tapper: int | None = None) -> bool:
    """Tap or untap the land on square *pos* by an effect *seat* controls (Icy Manipulator,
    Ley Druid, Mana Short): the one way an effect taps or untaps a land square.

    A land tapped this way counts as tapped by *seat*, so it untaps in *seat*'s untap step
    (../shared/rules/frontier.md: each player untaps only the lands they tapped), or by
    *tapper* when the variant says so (``EngineHooks.land_tapper``: Army, the land's
    controller); "whenever
    CARDNAME becomes tapped" damage (City of Brass) goes to the player controlling the land.
    Face down, the land is not named. Returns False when the square has no land or is already
    in that state.
    """
    cell = state.cells.get(pos)
    if cell is None or cell.land is None or (cell.tapped_by is not None) == tapped:
        return False
    cell.tapped_by = (seat if tapper is None else tapper) if tapped else None
    said: Event = {"at": wire(state, pos), "player": seat, "by": by}
    if cell.face_up:
        said["land"] = state.name(cell.land)
    if not tapped:
        events.append({"type": "land_untapped", **said})
        return True
    events.append({"type": "land_tapped_by_effect", **said})
    pain = tapped_damage_of(state.card(cell.land))
    owners = {state.perms[i].controller for i in state.occupants().get(pos, ())}
    if pain and len(owners) == 1:  # "you": the player controlling the land
        damage_player(state, owners.pop(), pain, cell.land, events)
    return True


# ---------------------------------------------------------------------- lands with abilities
_STORAGE_RE = re.compile(r"^add \{(?P<m>[WUBRGC])\} for each (?P<c>\w+) counter removed this "
                         r"way\.?$", re.IGNORECASE)
_REMOVE_ANY_RE = re.compile(r"^remove any number of (?P<c>\w+) counters from (?P<what>.+)$",
                            re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class LandMana:
    """One way to tap a land for mana: its ability and what the engine does with it."""

    index: int
    """The ability's index in ``Card.activated``."""
    ability: ActivatedAbility
    options: tuple[str, ...]
    """The mana it may add (pool notation); for a storage land, ``{B}`` once per counter."""
    damage: int = 0
    """"CARDNAME deals N damage to you" after the mana."""
    counters: tuple[str, ...] = ()
    """"Put a … counter on CARDNAME" after the mana (depletion)."""
    storage: str = ""
    """The counter a storage land removes (any number; one mana each)."""
    spend_only: str = ""
    """"Spend this mana only to cast artifact spells": ``artifact`` (Mishra's Workshop)."""
    instead: tuple[tuple[str, ...], str] | None = None
    """"If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead": the
    lands' names and the mana."""

    @property
    def is_free(self) -> bool:
        """Costs only {T} and does nothing but add one mana (what automatic payment uses)."""
        ab = self.ability
        return not (ab.mana_cost or ab.sacrifices_self or ab.life_cost or ab.other_cost
                    or self.damage or self.counters or self.storage or self.spend_only) and \
            all(re.fullmatch(r"\{[WUBRGC]\}", o) for o in self.options)


_INSTEAD_RE = re.compile(r"^if you control an? (?P<a>.+?) and an? (?P<b>.+?), add "
                         r"(?P<m>(?:\{[WUBRGC]\})+) instead$", re.IGNORECASE)


RESTRICTED = "artifact_mana"
"""``GameState.extra`` key: colourless mana each player may spend only on artifact spells
(``{"0": 3}``), emptied with the pools."""


def spendable_pool(state: GameState, seat: int, card: Card) -> dict[str, int]:
    """The pool *seat* may spend on *card*: with Mishra's Workshop's mana for an artifact."""
    pool = dict(state.players[seat].pool)
    if card.types & {"Artifact"}:
        pool["C"] = pool.get("C", 0) + int(state.extra.get(RESTRICTED, {}).get(str(seat), 0))
    return pool


def settle_restricted(state: GameState, seat: int, card: Card, left: dict[str, int]) -> None:
    """After paying for *card* from :func:`spendable_pool`: the restricted mana is spent
    first; what is left of it stays restricted, *left* keeps only the player's own mana."""
    store = dict(state.extra.get(RESTRICTED, {}))
    have = int(store.get(str(seat), 0))
    if not have or not card.types & {"Artifact"}:
        return
    spent = state.players[seat].pool.get("C", 0) + have - left.get("C", 0)
    keep = max(0, have - spent)
    left["C"] = left.get("C", 0) - keep
    store[str(seat)] = keep
    state.extra[RESTRICTED] = {k: v for k, v in store.items() if v}


def _colourless(extra: Mapping[str, Any] | None, made: str) -> str:
    """Quarum Trench Gnomes: the land makes {C} instead of that colour."""
    instead = (extra or {}).get("colourless_instead_of")
    if not isinstance(instead, str):
        return made
    if made == instead:
        return "C"
    return made.replace("{" + instead + "}", "{C}")


def controls_land(state: GameState, seat: int, name: str) -> bool:
    """Whether *seat* controls a land named *name*: a face-up land one of their creatures
    stands on (the digest: a player controls exactly the lands their creatures stand on)."""
    occ = state.occupants()
    for pos, cell in state.cells.items():
        if cell.land is not None and cell.face_up and \
                state.name(cell.land).lower() == name.lower() and \
                any(state.perms[i].controller == seat for i in occ.get(pos, ())):
            return True
    return False


def _names(card: Card) -> set[str]:
    return {card.name.lower(), card.name.split(",")[0].lower(), "it"}


def _read_note(note: str, card: Card) -> tuple[int, tuple[str, ...]] | None:
    """``(damage to you, counters put on it)`` of a mana ability's text after "Add …"."""
    damage = 0
    counters: list[str] = []
    names = _names(card)
    for sentence in (s.strip() for s in re.split(r"(?<=\.)\s+", note.strip()) if s.strip()):
        low = sentence.lower().rstrip(".")
        m = re.fullmatch(r"(?P<who>.+?) deals (?P<n>\d+) damage to you", low)
        if m and m.group("who") in names:
            damage += int(m.group("n"))
            continue
        m = re.fullmatch(r"put an? (?P<c>\w+) counter on (?P<who>.+)", low)
        if m and m.group("who") in names:
            counters.append(m.group("c"))
            continue
        return None
    return damage, tuple(counters)


def ability_mana(state: GameState, seat: int, perm: Permanent, index: int,
                 sacrificed: list[str], choice: str | None
                 ) -> tuple[str, dict[str, int]] | str | None:
    """The mana a permanent's mana ability adds when its amount depends on the game, and its
    counters after: "Add an amount of {B} equal to the sacrificed artifact's mana value" (the
    one permanent the activation sacrificed), a mana battery's "Add {W}, then add an
    additional {W} for each charge counter removed this way" (*choice* ``"{W}{W}{W}"``
    removes two), Fellwar Stone's colours of the lands under an opponent's creatures.

    Returns:
        ``(mana, counters)``; a refusal in words; None when it is none of these.
    """
    from frontier_desktop.rules.core.spell_reading import ability_effects

    card = state.card(perm.id)
    effects = ability_effects(card, index) or ()
    if len(effects) != 1:
        return None
    effect = effects[0]
    if isinstance(effect, AddManaEqual):
        if len(sacrificed) != 1:
            return None
        return effect.mana * mana_value(state.card(sacrificed[0]).mana_cost), perm.counters
    if isinstance(effect, AddManaPerCounter) and effect.base:
        have = perm.counters.get(effect.counter, 0)
        n = effect.base
        if choice is not None:
            try:
                want = parse_pool(choice if choice.startswith("{") else "{" + choice + "}")
            except ValueError:
                return f"{card.name} adds {effect.mana}, not {choice}"
            kind = effect.mana.strip("{}")
            n = want[kind]
            if n < effect.base or n != pool_total(want):
                return f"{card.name} adds {effect.mana} at least once, only {effect.mana}"
        if n - effect.base > have:
            return (f"{card.name} has {have} {effect.counter} counter{'s' if have != 1 else ''}"
                    f": it can't add {n} mana")
        counters = {**perm.counters, effect.counter: have - (n - effect.base)}
        return effect.mana * n, {k: v for k, v in counters.items() if v}
    if isinstance(effect, AddManaOpponentLand):
        colours = opponent_land_colours(state, seat)
        if not colours:
            return "", perm.counters
        pick = colours[0] if choice is None else choice.strip("{}").upper()
        if pick not in colours:
            return (f"{card.name} adds mana an opponent's land could make "
                    f"({', '.join(colours)}), not {choice}")
        return "{" + pick + "}", perm.counters
    return None


def opponent_land_colours(state: GameState, seat: int) -> list[str]:
    """Colours the lands an opponent controls (face up, under their creatures) could make."""
    occ = state.occupants()
    found: set[str] = set()
    for pos, cell in state.cells.items():
        owners = {state.perms[i].controller for i in occ.get(pos, ())}
        if cell.land is not None and cell.face_up and owners and seat not in owners:
            land = state.card(cell.land)
            found |= set(free_makes(land)) | {o.strip("{}") for lm in land_manas(land)
                                               for o in lm.options if len(o) == 3}
    return [c for c in "WUBRG" if c in found]


def mana_note_damage(card: Card, note: str) -> int | None:
    """N for a mana ability's "CARDNAME deals N damage to you" after its mana (None: the
    text after "Add …" is something else, left to the players)."""
    if not note:
        return None
    read = _read_note(note, card)
    return read[0] if read is not None and not read[1] else None


@functools.lru_cache(maxsize=2048)
def land_manas(card: Card) -> tuple[LandMana, ...]:
    """The mana abilities of a land that the engine carries out, in text order."""
    out: list[LandMana] = []
    for index, ab in enumerate(card.activated):
        if not ab.taps or "X" in ab.mana_cost:
            continue
        storage = _STORAGE_RE.match(ab.effect.strip())
        if storage is not None:
            removed = _REMOVE_ANY_RE.match(ab.other_cost.strip())
            if removed is None or removed.group("c").lower() != storage.group("c").lower() or \
                    removed.group("what").lower() not in _names(card):
                continue
            out.append(LandMana(index, ab, ("{" + storage.group("m").upper() + "}",),
                                storage=storage.group("c").lower()))
            continue
        if not ab.is_mana_ability or ab.other_cost:
            continue
        instead = _INSTEAD_RE.match(ab.mana_note.strip().rstrip("."))
        if instead is not None:
            out.append(LandMana(index, ab, ab.mana, instead=(
                (instead.group("a"), instead.group("b")), instead.group("m").upper())))
            continue
        if re.fullmatch(r"spend this mana only to cast artifact spells\.?",
                        ab.mana_note.strip(), re.IGNORECASE):
            out.append(LandMana(index, ab, ab.mana, spend_only="artifact"))
            continue
        note = _read_note(ab.mana_note, card)
        if note is None:
            continue
        out.append(LandMana(index, ab, ab.mana, damage=note[0], counters=note[1]))
    return tuple(out)


def has_land_abilities(card: Card) -> bool:
    """Whether the land's own text has mana abilities (else its ``produced_mana`` counts)."""
    return any(ab.adds_mana for ab in card.activated)


def free_makes(card: Card) -> tuple[str, ...]:
    """The kinds of mana a land makes for just {T} (automatic payment and mana sources)."""
    if not has_land_abilities(card):
        return land_makes(card)
    kinds = {o.strip("{}") for lm in land_manas(card) if lm.is_free for o in lm.options}
    return tuple(k for k in POOL_ORDER if k in kinds)


def tap_choices(card: Card, pool: Mapping[str, int], counters: Mapping[str, Any]
                ) -> list[str | None]:
    """The ``color`` values a player may tap the land with now (a land without mana abilities
    of its own: None for the first kind it makes, as before)."""
    if not has_land_abilities(card):
        makes = land_makes(card)
        return [None if c == makes[0] else c for c in makes]
    out: list[str | None] = []
    for lm in land_manas(card):
        if lm.ability.mana_cost and pay(pool, lm.ability.mana_cost) is None:
            continue
        options = list(lm.options)
        if lm.storage:
            have = int(counters.get(lm.storage, 0) or 0)
            options = [lm.options[0] * n for n in range(1, have + 1)]
        for option in options:
            colour = option.strip("{}") if re.fullmatch(r"\{[WUBRGC]\}", option) else option
            if colour not in out:
                out.append(colour)
    return list(out)


def choose_land_mana(card: Card, colour: str | None, counters: Mapping[str, Any]
                     ) -> tuple[LandMana, str] | str:
    """The way a land is tapped for *colour* and the mana it adds, or why it can't be."""
    manas = land_manas(card)
    if not manas:
        return f"the engine can't tap {card.name} for mana: tap it and add the mana by hand"
    for lm in manas:
        if lm.storage:
            have = int(counters.get(lm.storage, 0) or 0)
            if colour is None:
                continue
            try:
                want = parse_pool(colour if colour.startswith("{") else "{" + colour + "}")
            except ValueError:
                continue
            kind = lm.options[0].strip("{}")
            n = want[kind]
            if n and n == pool_total(want):
                if n > have:
                    return (f"{card.name} has {have} {lm.storage} counter"
                            f"{'s' if have != 1 else ''}: it can't add {n} mana")
                return lm, lm.options[0] * n
            continue
        made = choose_mana(lm.options, colour)
        if made is not None:
            return lm, made
    makes = " or ".join(o for lm in manas for o in lm.options)
    return f"{card.name} makes {makes}, not {colour}"


class LandAbilities:
    """Tapping a land square for mana through its own abilities (mixed into Frontier)."""

    if TYPE_CHECKING:  # provided by ManualActions / Frontier / SpellActions
        def _remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                         events: list[Event], verb: str) -> None: ...

        def _end_move_block(self, state: GameState, seat: int) -> None: ...

        def tap_problem(self, state: GameState, seat: int, pos: Pos, via: str | None,
                        occ: Any) -> str | None: ...

        def check_targets(self, state: GameState, seat: int, action: A.Action, name: str,
                          source: str | None, effects: tuple[Any, ...], where: str,
                          targets: tuple[Any, ...], x: int) -> bool: ...

        def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None: ...

        def legal_target_lists(self, state: GameState, seat: int, name: str,
                               source: str | None, effects: tuple[Any, ...], x: int = 0,
                               limit: int = 24) -> list[tuple[Any, ...]]: ...

    def land_mana(self, state: GameState, seat: int, action: A.Action, pos: Pos,
                  colour: str | None, events: list[Event]) -> tuple[str, list[Event]]:
        """Check and pay the cost of tapping the land at *pos* for *colour*; the mana it adds
        and the events that follow the tap (damage, counters, the land sacrificed).

        Raises:
            IllegalActionError: the land can't make that mana now.
        """
        cell = state.cells[pos]
        assert cell.land is not None
        land = state.card(cell.land)
        if not has_land_abilities(land):
            makes = list(land_makes(land))
            if not makes:
                raise IllegalActionError(action, f"{land.name} has no mana ability: it can't "
                                                 "be tapped for mana")
            if colour is None:
                colour = makes[0]
            elif colour not in makes:
                raise IllegalActionError(action, f"{land.name} makes {''.join(makes)}, not "
                                                 f"{colour}")
            made = replaced_land_mana(state, land, _colourless(cell.extra, colour))
            return made, extra_land_mana(state, land)
        extra = cell.extra or {}
        chosen = choose_land_mana(land, colour, extra)
        if isinstance(chosen, str):
            raise IllegalActionError(action, chosen)
        lm, made = chosen
        if lm.instead is not None and all(
                controls_land(state, seat, name) for name in lm.instead[0]):
            made = lm.instead[1]  # Urza's Mine and Tower with the other two
        made = replaced_land_mana(state, land, _colourless(cell.extra, made))
        player = state.players[seat]
        ab = lm.ability
        if ab.life_cost and player.life < ab.life_cost:
            raise IllegalActionError(action, f"tapping {land.name} for {made} costs "
                                             f"{ab.life_cost} life; you have {player.life}")
        after: list[Event] = []
        if ab.mana_cost:
            paid = pay(player.pool, ab.mana_cost)
            if paid is None:
                raise IllegalActionError(action, f"tapping {land.name} for {made} costs "
                                                 f"{ab.mana_cost}; your mana pool holds "
                                                 f"{format_pool(player.pool) or 'nothing'}")
            player.pool = paid[0]
        if ab.life_cost:
            player.life -= ab.life_cost
            after.append({"type": "life", "player": seat, "life": player.life,
                          "delta": -ab.life_cost})
        counters = dict(extra)
        if lm.storage:
            counters[lm.storage] = int(counters.get(lm.storage, 0)) - pool_total(parse_pool(made))
        for counter in lm.counters:
            counters[counter] = int(counters.get(counter, 0)) + 1
        if lm.storage or lm.counters:
            counters = {k: v for k, v in counters.items() if v or k == "_used_by"}
            counters["_used_by"] = seat  # whose upkeep removes depletion counters
            cell.extra = counters
            for counter in sorted({lm.storage, *lm.counters} - {""}):
                after.append({"type": "land_counters", "at": wire(state, pos),
                              "land": land.name, "player": seat, "counter": counter,
                              "count": counters.get(counter, 0)})
        if lm.damage:
            after.append({"type": "_damage_you", "amount": lm.damage, "source": cell.land})
        if tapped_damage_of(land):  # City of Brass: it became tapped
            after.append({"type": "_damage_you", "amount": tapped_damage_of(land),
                          "source": cell.land})
        after.extend(extra_land_mana(state, land))
        if ab.sacrifices_self:
            after.append({"type": "_sacrifice_land", "at": pos})
        if lm.spend_only:
            after.append({"type": "_restricted", "mana": made})
        return made, after

    def after_land_mana(self, state: GameState, seat: int, action: A.Action,
                        after: list[Event], events: list[Event]) -> None:
        """Carry out what follows a land's mana (after the mana is in the pool)."""
        for item in after:
            if item["type"] == "_damage_you":
                damage_player(state, seat, int(item["amount"]), str(item["source"]), events)
            elif item["type"] == "_extra_mana":  # Gauntlet of Might
                pool = state.players[seat].pool
                add_mana(pool, str(item["mana"]))
                events.append({"type": "mana_added", "player": seat, "mana": item["mana"],
                               "by": item["by"], "pool": format_pool(pool)})
            elif item["type"] == "_restricted":  # Mishra's Workshop: for artifacts only
                made = parse_pool(str(item["mana"]))
                pool = state.players[seat].pool
                for kind, n in made.items():
                    pool[kind] -= n
                store = dict(state.extra.get(RESTRICTED, {}))
                store[str(seat)] = int(store.get(str(seat), 0)) + pool_total(made)
                state.extra[RESTRICTED] = store
                events.append({"type": "mana_restricted", "player": seat,
                               "mana": str(item["mana"]), "for": "artifact",
                               "pool": format_pool(pool)})
            elif item["type"] == "_sacrifice_land":
                pos = item["at"]
                if state.cells[pos].land is not None:
                    self._remove_land(state, seat, pos, action, events, "sacrificed")
            else:
                events.append(item)

    def land_ability(self, state: GameState, seat: int, action: A.TapLand, pos: Pos,
                     events: list[Event]) -> None:
        """Use a land's non-mana ability (``tap_land`` with ``ability``): the land is tapped
        as for mana (under the player's creature, or ``via`` a neighbour), its cost paid, and
        the ability goes on the stack with the land as its source."""
        from frontier_desktop.rules.core.spell_reading import ability_effects, executed

        cell = state.cells[pos]
        if cell.land is None:
            raise IllegalActionError(action, "that square is a hole")
        land_id = cell.land
        land = state.card(land_id)
        index = int(action.ability or 0)
        if not cell.face_up:
            raise IllegalActionError(action, "the land is face down")
        if not land_stack_ability(land, index):
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{land.name}: use manual actions")
        problem = self.tap_problem(state, seat, pos, action.via, state.occupants())
        if problem:
            raise IllegalActionError(action, problem)
        effects = ability_effects(land, index) or ()
        if not any(executed(e, "activated") for e in effects):
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{land.name}: use manual actions")
        targets = action.targets
        if not self.check_targets(state, seat, action, land.name, land_id, effects,
                                  "activated", targets, 0) and targets == ():
            raise IllegalActionError(action, f"{land.name}'s ability needs its targets "
                                             "('targets')")
        ab = land.activated[index]
        player = state.players[seat]
        if ab.life_cost and player.life < ab.life_cost:
            raise IllegalActionError(action, f"the ability costs {ab.life_cost} life; you have "
                                             f"{player.life}")
        paid = pay(player.pool, ab.mana_cost, life=player.life)
        if paid is None:
            raise IllegalActionError(action, f"the ability costs {ab.mana_cost}; your mana pool "
                                             f"holds {format_pool(player.pool) or 'nothing'}")
        self._end_move_block(state, seat)
        player.pool, life_paid = paid
        if life_paid + ab.life_cost:
            player.life -= life_paid + ab.life_cost
            events.append({"type": "life", "player": seat, "life": player.life,
                           "delta": -(life_paid + ab.life_cost)})
        cell.tapped_by = seat
        if action.via is not None:
            perm = state.perms[action.via]
            perm.tapped, perm.attack_tapped = True, False
        if tapped_damage_of(land):  # City of Brass
            damage_player(state, seat, tapped_damage_of(land), land_id, events)
        events.append({"type": "activated", "unit": land_id, "name": land.name,
                       "cost": ab.cost, "effect": ab.effect, "modelled": True,
                       "at": wire(state, pos), "player": seat, "via": action.via})
        if ab.sacrifices_self:
            self._remove_land(state, seat, pos, action, events, "sacrificed")
        self.push(state, {"kind": "ability", "card": land.name, "source": land_id,
                          "ability": index, "controller": seat,
                          "targets": [A.target_to_wire(t) for t in targets], "x": 0}, events)

    def land_ability_actions(self, state: GameState, seat: int, pos: Pos,
                             via: str | None) -> list[A.TapLand]:
        """``tap_land`` actions using the land's non-mana abilities now (one per target)."""
        from frontier_desktop.rules.core.spell_reading import ability_effects, executed

        cell = state.cells[pos]
        if cell.land is None or not cell.face_up:
            return []
        land = state.card(cell.land)
        player = state.players[seat]
        out: list[A.TapLand] = []
        for index, ab in enumerate(land.activated):
            if ab.adds_mana or not land_stack_ability(land, index):
                continue
            effects = ability_effects(land, index) or ()
            if not any(executed(e, "activated") for e in effects) or \
                    pay(player.pool, ab.mana_cost, life=player.life) is None or \
                    player.life < ab.life_cost:
                continue
            for targets in self.legal_target_lists(state, seat, land.name, cell.land, effects):
                out.append(A.TapLand(at=pos, via=via, ability=index, targets=targets))
        return out

    def land_stays_tapped(self, state: GameState, pos: Pos) -> bool:
        """A depletion land with a depletion counter doesn't untap in the untap step of the
        player who tapped it; a storage land that player chose to keep tapped neither."""
        cell = state.cells[pos]
        if cell.land is None or not cell.face_up or not cell.extra:
            return False
        card = state.card(cell.land)
        if cell.extra.get("keep_tapped") == cell.tapped_by and cell.tapped_by is not None and \
                may_keep_tapped(card):
            return True
        return any(int(cell.extra.get(counter, 0) or 0) > 0
                   for counter in untap_counters(card))

    def _do_keep_tapped(self, state: GameState, seat: int, action: A.KeepTapped,
                        events: list[Event]) -> None:
        """Choose ahead whether a storage land you tapped stays tapped in your untap steps."""
        pos = action.at
        if not state.board.contains(pos):
            raise IllegalActionError(action, "that square is not on the board")
        cell = state.cells[pos]
        if cell.land is None or not cell.face_up or not may_keep_tapped(state.card(cell.land)):
            raise IllegalActionError(action, "only a land whose text lets you choose not to "
                                             "untap it can be kept tapped")
        if cell.tapped_by != seat:
            raise IllegalActionError(action, "you can keep tapped only a land you tapped")
        extra = dict(cell.extra or {})
        if action.on:
            extra["keep_tapped"] = seat
        else:
            extra.pop("keep_tapped", None)
        cell.extra = extra or None
        events.append({"type": "keep_tapped", "at": wire(state, pos),
                       "land": state.name(cell.land), "player": seat, "on": action.on})

    def keep_tapped_actions(self, state: GameState, seat: int) -> list[A.KeepTapped]:
        """The keep-tapped choices *seat* may change now (lands they tapped)."""
        out: list[A.KeepTapped] = []
        for pos, cell in state.cells.items():
            if cell.land is not None and cell.face_up and cell.tapped_by == seat and \
                    may_keep_tapped(state.card(cell.land)):
                marked = (cell.extra or {}).get("keep_tapped") == seat
                out.append(A.KeepTapped(at=pos, on=not marked))
        return out

    def land_upkeep(self, state: GameState, events: list[Event]) -> None:
        """"At the beginning of your upkeep, remove a depletion counter from CARDNAME": in the
        upkeep of the player who put the counters there (who used the land); "… if CARDNAME is
        tapped, put a storage counter on it": in the upkeep of the player who tapped it."""
        for pos, cell in state.cells.items():
            if cell.land is not None and cell.face_up and cell.tapped_by == state.active:
                land = state.card(cell.land)
                for counter in upkeep_storage(land):
                    extra = dict(cell.extra or {})
                    extra[counter] = int(extra.get(counter, 0) or 0) + 1
                    cell.extra = extra
                    events.append({"type": "land_counters", "at": wire(state, pos),
                                   "land": land.name, "player": state.active,
                                   "counter": counter, "count": extra[counter]})
        for pos, cell in state.cells.items():
            if cell.land is None or not cell.face_up or not cell.extra or \
                    cell.extra.get("_used_by") != state.active:
                continue
            land = state.card(cell.land)
            for counter in upkeep_removals(land):
                have = int(cell.extra.get(counter, 0) or 0)
                if have <= 0:
                    continue
                extra = dict(cell.extra)
                extra[counter] = have - 1
                cell.extra = {k: v for k, v in extra.items() if v or k == "_used_by"}
                events.append({"type": "land_counters", "at": wire(state, pos),
                               "land": land.name, "player": state.active, "counter": counter,
                               "count": have - 1})

    def land_revealed(self, state: GameState, pos: Pos, events: list[Event]) -> None:
        """A land that "enters the battlefield tapped" is turned face up tapped, as tapped by
        the player whose turn it is (it untaps in their untap step)."""
        cell = state.cells[pos]
        if cell.land is None or cell.tapped_by is not None or \
                not enters_tapped(state.card(cell.land)):
            return
        cell.tapped_by = state.active
        events.append({"type": "land_enters_tapped", "at": wire(state, pos),
                       "land": state.name(cell.land), "player": state.active})


@functools.lru_cache(maxsize=2048)
def untap_counters(card: Card) -> tuple[str, ...]:
    """Counters that keep the land tapped ("… if it has a depletion counter on it")."""
    return tuple(e.counter for a in reading_of(card).abilities if isinstance(a, StaticAbility)
                 for e in a.effects
                 if isinstance(e, DoesntUntapWithCounter) and e.to.ref == "self")


@functools.lru_cache(maxsize=2048)
def upkeep_removals(card: Card) -> tuple[str, ...]:
    """Counters removed at the beginning of "your" upkeep (one each)."""
    return tuple(e.counter for a in reading_of(card).abilities if isinstance(a, TriggeredAbility)
                 and a.trigger.event == "upkeep" and a.trigger.whose == "you"
                 and a.trigger.subject is None
                 for e in a.effects
                 if isinstance(e, RemoveCounters) and e.to.ref == "self" and not e.amount.var)


def land_stack_ability(card: Card, index: int) -> bool:
    """Whether ``tap_land`` may use the land's ability *index* (mana_support's
    ``is_land_stack_ability``, on the reader's ability lined up with ``Card.activated``)."""
    from frontier_desktop.rules.core.spell_reading import _activated_readings

    found = _activated_readings(card)
    return found is not None and 0 <= index < len(found) and is_land_stack_ability(found[index])


@functools.lru_cache(maxsize=2048)
def may_keep_tapped(card: Card) -> bool:
    """"You may choose not to untap CARDNAME during your untap step"."""
    return any(isinstance(e, MayNotUntap) and e.to.ref == "self"
               for a in reading_of(card).abilities if isinstance(a, StaticAbility)
               for e in a.effects)


@functools.lru_cache(maxsize=2048)
def upkeep_storage(card: Card) -> tuple[str, ...]:
    """Counters put on the land at the beginning of "your" upkeep if it is tapped."""
    out: list[str] = []
    for a in reading_of(card).abilities:
        if isinstance(a, TriggeredAbility) and is_upkeep_storage(a):
            out.extend(e.counter for e in a.effects if isinstance(e, PutCounters))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def tapped_damage_of(card: Card) -> int:
    """Damage "whenever CARDNAME becomes tapped" deals to "you" (City of Brass), or 0."""
    return sum(tapped_damage(a) or 0 for a in reading_of(card).abilities
               if isinstance(a, TriggeredAbility))


_LAND_GRANTS: dict[int, tuple[frozenset[str], frozenset[str]]] = {}


def _land_names(state: GameState, names: frozenset[str]) -> frozenset[str]:
    """The lands among *names* (cards with static grants), cached per names set (the hot path
    of ``has_ability`` asks for every creature)."""
    cached = _LAND_GRANTS.get(id(names))
    if cached is None or cached[0] is not names:
        if len(_LAND_GRANTS) > 64:
            _LAND_GRANTS.clear()
        cached = (names, frozenset(n for n in names if n in state.defs and state.defs[n].is_land))
        _LAND_GRANTS[id(names)] = cached
    return cached[1]


def land_grants(state: GameState, perm: Permanent, names: frozenset[str]) -> set[str]:
    """Keywords the face-up lands' static grants give *perm*: "White legendary creatures you
    control have 'bands with other legendary creatures'" reaches the creatures of the player
    whose creatures stand on the land (a player controls the lands their creatures stand
    on); a land nobody stands on grants nothing."""
    from frontier_desktop.rules.effects.targeting import spec_problem
    from frontier_desktop.rules.core.spell_reading import static_grant_effects

    out: set[str] = set()
    if perm.zone == "attached" or not _land_names(state, names):
        return out
    occ: dict[Any, list[str]] | None = None
    for pos, cell in state.cells.items():
        if cell.land is None or not cell.face_up or state.cards[cell.land][0] not in names:
            continue
        if occ is None:
            occ = state.occupants()
        owners = {state.perms[i].controller for i in occ.get(pos, ())}
        if len(owners) != 1:
            continue
        seat = owners.pop()
        for grant in static_grant_effects(state.card(cell.land)):
            sel = getattr(grant, "to", None)
            if sel is not None and sel.ref == "all" and sel.spec is not None and \
                    spec_problem(state, sel.spec, perm.id, seat=seat, source=cell.land) is None:
                out.update(getattr(grant, "keywords", ()))
    return out


def extra_land_mana(state: GameState, land: Card) -> list[Event]:
    """"Whenever a Mountain is tapped for mana, its controller adds an additional {R}" on the
    battlefield (any player's): the extra mana for the player tapping *land*."""
    from frontier_desktop.rules.effects.engine_support import trigger_qualifier

    out: list[Event] = []
    for perm in state.perms.values():
        card = state.card(perm.id)
        if "tapped for mana" not in card.oracle_text:
            continue
        for ability in reading_of(card).abilities:
            if not isinstance(ability, TriggeredAbility) or \
                    ability.trigger.event != "tapped_for_mana" or ability.trigger.by is None:
                continue
            if not set(ability.trigger.by.subtypes) & set(land.subtypes):
                continue
            for effect in ability.effects:
                if isinstance(effect, AddManaExtra) and not trigger_qualifier(effect,
                                                                               ability.trigger):
                    out.append({"type": "_extra_mana", "mana": effect.mana, "by": card.name})
    return out


def replaced_land_mana(state: GameState, land: Card, made: str) -> str:
    """What a land tapped for *made* (a letter, or symbols) makes under Ritual of Subdual
    ({C} of the same amount) or Naked Singularity (a basic type's new colour) on the
    battlefield."""
    for perm in state.perms.values():
        card = state.card(perm.id)
        if "tapped for mana" not in card.oracle_text:
            continue
        for ability in reading_of(card).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if not isinstance(effect, LandManaReplaced):
                    continue
                new = "C" if not effect.mapping else next(
                    (c for t, c in effect.mapping if t in land.subtypes), "")
                if not new:
                    continue
                if not made.startswith("{"):
                    return new
                return ("{" + new + "}") * pool_total(parse_pool(made))
    return made
