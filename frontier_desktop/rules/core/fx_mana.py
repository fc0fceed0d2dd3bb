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

from typing import TYPE_CHECKING, Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.effects.mana_support import (
    land_target_problem,
    mana_qualifier, spell_mana_problem,
)
from frontier_desktop.rules.effects.nodes import (
    AddMana, DealDamage, Destroy, GainLife,
)
from frontier_desktop.rules.effects.templates_mana import (
    AddManaPerCard, IfSnowLand, ManaForEachCard, ManaShort, ProducesColourless,
)
from frontier_desktop.rules.mana import (
    add_mana, format_pool, parse_pool, pay, pool_total,
)
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.land_mana import (
    RESTRICTED, choose_land_mana, colourless_of, controls_land, extra_land_mana,
    has_land_abilities, land_stack_ability, may_keep_tapped, replaced_land_mana,
    set_land_tapped, tapped_damage_of, untap_counters, upkeep_removals, upkeep_storage,
)
from frontier_desktop.rules.core.life import damage_player, gain_life
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.core.spell_reading import enters_tapped
from frontier_desktop.rules.core.shared import is_square, land_makes

LAND_TARGET_KINDS: frozenset[str] = frozenset({"destroy", "tap", "untap", "produces_colourless"})
"""Effect kinds whose executors here follow a land square chosen as a target."""


class SquareHooks(VariantHooks):
    """What :class:`ManaActions` and :class:`LandAbilities` ask the variant beyond
    :class:`VariantHooks`: a board of land squares anyone taps (Frontier)."""

    def remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                     events: list[Event], verb: str) -> None:  # pragma: no cover
        """The land at *pos* leaves the board (its square becomes a hole)."""
        raise NotImplementedError

    def end_move_block(self, state: GameState, seat: int) -> None:  # pragma: no cover
        """A mana ability interrupts *seat*'s move: the move so far stands."""
        raise NotImplementedError

    def tap_problem(self, state: GameState, seat: int, pos: Pos, via: str | None,
                    occ: Any) -> str | None:  # pragma: no cover
        """Why *seat* can't tap the land at *pos* now (None: they can)."""
        raise NotImplementedError


class SpellMana:
    """``Add {B}{B}{B}`` on a spell or ability (Dark Ritual, Songs of the Damned): mana to its
    controller's pool as it resolves, where the variant's sources make mana
    (:meth:`VariantHooks.no_mana_from`)."""

    if TYPE_CHECKING:
        variant: VariantHooks

    def _no_mana(self, ctx: Any, events: list[Event]) -> list[Any] | None:
        """None when the source makes mana; else the log's "no mana" line, and the
        effect reached its controller."""
        words = self.variant.no_mana_from(ctx.state, ctx.source)
        if words is None:
            return None
        events.append({"type": "mana_added", "player": ctx.seat, "mana": "", "by": ctx.name,
                       "no_mana": words})
        return [("player", ctx.seat)]

    def _exec_add_mana(self, ctx: Any, effect: AddMana, events: list[Event]) -> list[Any] | None:
        refused = self._no_mana(ctx, events)
        if refused is not None:
            return refused
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
        refused = self._no_mana(ctx, events)
        if refused is not None:
            return refused
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


class ManaActions:
    """Executors for effects that reach land squares (Frontier's :class:`..magic.SquareMagic`)."""

    land_target_kinds: ClassVar[frozenset[str]] = LAND_TARGET_KINDS

    if TYPE_CHECKING:
        variant: SquareHooks

        def execute(self, ctx: Any, effect: Any, events: list[Event]) -> list[Any] | None: ...

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
                    self.variant.remove_land(state, ctx.seat, pos, A.DestroyLand(at=pos), events,
                                      f"destroyed by {ctx.name}")
            self._without_squares(ctx)
        done: list[Any] | None = super()._exec_destroy(ctx, effect, events)  # type: ignore[misc]
        return None if done is None else list(squares) + done


class LandAbilities:
    """Tapping a land square for mana through its own abilities (Frontier's
    :class:`..magic.SquareMagic`)."""

    if TYPE_CHECKING:  # the rest of the engine (SpellActions)
        variant: SquareHooks

        def check_targets(self, state: GameState, seat: int, action: A.Action, name: str,
                          source: str | None, effects: tuple[Any, ...], where: str,
                          targets: tuple[Any, ...], x: int) -> bool: ...

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
            made = replaced_land_mana(state, land, colourless_of(cell.extra, colour))
            return made, extra_land_mana(state, land)
        extra = cell.extra or {}
        chosen = choose_land_mana(land, colour, extra)
        if isinstance(chosen, str):
            raise IllegalActionError(action, chosen)
        lm, made = chosen
        if lm.instead is not None and all(
                controls_land(state, seat, name) for name in lm.instead[0]):
            made = lm.instead[1]  # Urza's Mine and Tower with the other two
        made = replaced_land_mana(state, land, colourless_of(cell.extra, made))
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
                    self.variant.remove_land(state, seat, pos, action, events, "sacrificed")
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
        problem = self.variant.tap_problem(state, seat, pos, action.via, state.occupants())
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
        self.variant.end_move_block(state, seat)
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
            self.variant.remove_land(state, seat, pos, action, events, "sacrificed")
        self.variant.push(state, {"kind": "ability", "card": land.name, "source": land_id,
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


