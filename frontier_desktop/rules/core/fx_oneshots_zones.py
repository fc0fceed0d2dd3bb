"""fx-oneshots' executors for libraries, hands and graveyards (mixed into
:class:`.fx_oneshots.OneShotActions`)."""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.mana_support import is_land_search
from frontier_desktop.rules.effects.oneshots_nodes import (
    BounceOwn, ChooseFromHand, DiscardHand, DiscardThose, ExileGraveyard, ExileRandomRest,
    GraveyardToBottom, GraveyardToTop, HandToTop, IfLand, LookAtHand, LookTop, MayBottom, MayDraw,
    PutFromHand, PutLooked, Refill, ReturnAllOwned, ReturnAuras, RevealCard, SearchExile,
    ShuffleLibrary,
)
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.life import gain_life
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.spell_reading import enters_tapped
from frontier_desktop.rules.core.amounts import card_matches
from frontier_desktop.rules.core.fx_oneshots_base import OneShotBase
from frontier_desktop.rules.core.shared import leave_battlefield


class OneShotZones(OneShotBase):
    """Libraries, hands, graveyards (see :mod:`.fx_oneshots`)."""

    def _exec_put_on_library(self, ctx: _Context, effect: n.PutOnLibrary,
                             events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is None:
                continue
            owner = ctx.state.owner(obj)
            leave_battlefield(ctx.state, perm, "library", events,
                              reason=f"put on top of its owner's library by {ctx.name}")
            library = ctx.state.players[owner].library
            if obj in library:  # to the top (index 0), not the bottom
                library.remove(obj)
                library.insert(0, obj)
        return objs

    def _exec_exile(self, ctx: _Context, effect: n.Exile,
                    events: list[Event]) -> list[Any] | None:
        if effect.to.ref == "that" and not ctx.previous and ctx.item.get("kind") == "trigger":
            # "When CARDNAME dies, exile it": the card, now in its owner's graveyard.
            done: list[Any] = []
            for card_id in ctx.item.get("that", ()):
                if not isinstance(card_id, str) or card_id not in ctx.state.cards:
                    continue
                keeper = ctx.state.players[ctx.state.owner(card_id)]
                if card_id in keeper.graveyard:
                    keeper.graveyard.remove(card_id)
                    keeper.exile.append(card_id)
                    events.append({"type": "exiled", "player": ctx.state.owner(card_id),
                                   "card": ctx.state.name(card_id), "from": "graveyard",
                                   "by": ctx.name})
                    done.append(card_id)
            return done
        if effect.to.spec is None or not effect.to.spec.zone:
            return super()._exec_exile(ctx, effect, events)
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        exiled: list[Any] = []
        for obj in objs:
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            owner = int(obj[1])
            ctx.state.players[owner].graveyard.remove(card_id)
            ctx.state.players[owner].exile.append(card_id)
            events.append({"type": "exiled", "player": owner, "card": obj[2],
                           "from": "graveyard", "by": ctx.name})
            exiled.append(card_id)
        return exiled

    def _exec_put_onto_battlefield(self, ctx: _Context, effect: n.PutOntoBattlefield,
                                   events: list[Event]) -> list[Any] | None:
        """A card from a graveyard onto the battlefield under the spell's controller, where
        the variant puts new permanents (Frontier: the staging row)."""
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        state = ctx.state
        done: list[Any] = []
        for obj in objs:
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            card = state.card(card_id)
            if not card.is_permanent or card.is_aura:
                return None
            state.players[int(obj[1])].graveyard.remove(card_id)
            where = self.variant.put_onto_battlefield(  # the variant's place (engine_hooks)
                state, card_id, ctx.seat, events, sick=card.is_creature and not card.has("haste"),
                tapped=effect.tapped or enters_tapped(card))
            if card_id not in state.perms:
                continue  # the variant has no room for it (the War Game's stronghold)
            events.append({"type": "returned", "player": ctx.seat, "card": obj[2],
                           "to": where, "unit": card_id})
            done.append(card_id)
        return done

    def _exec_refill(self, ctx: _Context, effect: Refill,
                     events: list[Event]) -> list[Any] | None:
        state = ctx.state
        seats = [s for s, p in enumerate(state.players) if not p.lost]
        counts: dict[int, int] = {}
        rng = self.variant.game_rng(state)
        for seat in seats:
            player = state.players[seat]
            counts[seat] = len(player.hand)
            if effect.what == "discard_hand":
                for card_id in list(player.hand):
                    player.hand.remove(card_id)
                    player.graveyard.append(card_id)
                    events.append({"type": "discarded", "player": seat,
                                   "card": state.name(card_id), "id": card_id})
                continue
            moved = list(player.hand)
            player.hand.clear()
            if effect.what == "hand_and_graveyard":
                moved += player.graveyard
                player.graveyard.clear()
            player.library.extend(moved)
            rng.shuffle(player.library)
            events.append({"type": "shuffled", "player": seat, "cards": len(moved),
                           "by": ctx.name})
        self.variant.save_rng(state, rng)
        for seat in seats:
            self.variant.draw(state, seat, effect.draw or counts[seat], events)
        return [("player", s) for s in seats]

    def _exec_look_at_hand(self, ctx: _Context, effect: LookAtHand,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for obj in objs:
            if isinstance(obj, tuple) and obj[0] == "player":
                seat = int(obj[1])
                events.append({"type": "looked", "player": ctx.seat, "at": seat,
                               "cards": [ctx.state.name(c) for c in ctx.state.players[seat].hand],
                               "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        return objs

    def _exec_return_auras(self, ctx: _Context, effect: ReturnAuras,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        state = ctx.state
        for obj in objs:
            if obj not in state.perms or state.owner(obj) != ctx.seat:
                continue  # "target permanent you own"
            for aura in [p for p in state.perms.values() if p.attached_to == obj
                         and state.card(p.id).is_aura]:
                leave_battlefield(state, aura, "hand", events, reason=f"returned by {ctx.name}")
        return objs

    def _exec_exile_random_rest(self, ctx: _Context, effect: ExileRandomRest,
                                events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        player = ctx.state.players[ctx.seat]
        looked = [c for c in ctx.previous if isinstance(c, str) and c in player.library]
        rng = self.variant.game_rng(ctx.state)
        for _ in range(min(effect.count, len(looked))):
            card_id = looked.pop(rng.randbelow(len(looked)))
            player.library.remove(card_id)
            player.exile.append(card_id)
            events.append({"type": "exiled", "player": ctx.seat, "card": ctx.state.name(card_id),
                           "from": "library", "by": ctx.name})
        self.variant.save_rng(ctx.state, rng)
        self._ask_pick(ctx, ctx.seat, "order", looked, len(looked) - 1,
                       f"{ctx.name}: choose the card to put on top (then the next)", events,
                       owner=ctx.seat)
        return looked

    def _exec_reveal_card(self, ctx: _Context, effect: RevealCard,
                          events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1:
            return None
        seat = seats[0]
        library = ctx.state.players[seat].library
        if effect.draw:
            self.variant.draw(ctx.state, seat, 1, events)
            hand = ctx.state.players[seat].hand
            card_id = hand[-1] if hand and not ctx.state.players[seat].drew_from_empty else None
        else:
            card_id = library[0] if library else None
        if card_id is None:
            return [("player", seat)]
        events.append({"type": "revealed_card", "player": seat, "card": ctx.state.name(card_id),
                       "by": ctx.name})
        return [card_id, ("player", seat)]

    def _exec_if_land(self, ctx: _Context, effect: IfLand,
                      events: list[Event]) -> list[Any] | None:
        state = ctx.state
        if effect.then == "pump_self":
            ids = [str(c) for c in ctx.item.get("exiled_top", ())]
        else:
            ids = [c for c in ctx.previous if isinstance(c, str) and c in state.cards][:1]
        for card_id in ids:
            card = state.card(card_id)
            land = card.is_land and (not effect.snow or "Snow" in card.type_line)
            if land != effect.land:
                continue
            if effect.then == "discard":
                self._discard_ids(state, state.owner(card_id), [card_id], events)
            elif effect.then == "gain_1":
                gain_life(state, ctx.seat, 1, events)
            elif effect.then == "pump_self" and ctx.source in state.perms:
                perm = state.perms[str(ctx.source)]
                perm.pt_mod = (perm.pt_mod[0] + 1, perm.pt_mod[1] + 1)
                events.append({"type": "pumped", "unit": perm.id, "power": 1, "toughness": 1})
        return list(ctx.previous)

    def _exec_discard_hand(self, ctx: _Context, effect: DiscardHand,
                           events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "that":
            found = [int(o[1]) for o in ctx.previous if isinstance(o, tuple) and o[0] == "player"]
            seats: list[int] | None = found or None
        else:
            seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self._discard_ids(ctx.state, seat, list(ctx.state.players[seat].hand), events)
        return [("player", s) for s in seats]

    def _exec_may_bottom(self, ctx: _Context, effect: MayBottom,
                         events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        top = [c for c in ctx.previous if isinstance(c, str) and c in ctx.state.cards]
        if not top:
            return list(ctx.previous)
        owner = ctx.state.owner(top[0])
        if top[0] not in ctx.state.players[owner].library:
            return list(ctx.previous)
        self._ask(ctx, f"{ctx.name}: put the card you looked at on the bottom of "
                       f"{ctx.state.players[owner].name}'s library?",
                  ["Put it on the bottom", "Leave it on top"],
                  {"what": "may_bottom", "card": top[0], "owner": owner}, events)
        return list(ctx.previous)

    def _exec_return_all_owned(self, ctx: _Context, effect: ReturnAllOwned,
                               events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        state = ctx.state
        done: list[Any] = []
        for pid in sorted(state.perms):
            perm = state.perms.get(pid)
            if perm is None or state.owner(pid) not in seats:
                continue
            kinds = {t.lower() for t in state.card(pid).types}
            if effect.noun in kinds or effect.noun == "permanent":
                leave_battlefield(state, perm, "hand", events, reason=f"returned by {ctx.name}")
                done.append(pid)
        return done

    def _exec_bounce_own(self, ctx: _Context, effect: BounceOwn,
                         events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        state = ctx.state
        todo = list(objs)
        if effect.with_self and ctx.source in state.perms:
            todo.insert(0, ctx.source)
        for obj in todo:
            perm = state.perms.get(obj)
            if perm is None or (not effect.with_self and state.owner(obj) != ctx.seat):
                continue  # "you both own and control": another's card stays
            leave_battlefield(state, perm, "hand", events, reason=f"returned by {ctx.name}")
        return objs

    def _exec_gain_control(self, ctx: _Context, effect: n.GainControl,
                           events: list[Event]) -> list[Any] | None:
        """"Gain control of target … [until end of turn]" (rules/core/control.py)."""
        from frontier_desktop.rules.core.control import gain_control

        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                gain_control(ctx.state, perm, ctx.seat, effect.duration == "end_of_turn",
                             events)
        return objs

    def _exec_shuffle_library(self, ctx: _Context, effect: ShuffleLibrary,
                              events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "that":  # "that player": the player among what came before
            found = [int(o[1]) for o in ctx.previous if isinstance(o, tuple) and o[0] == "player"]
            seats: list[int] | None = found[:1] or None
        else:
            seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        if effect.may:
            if ctx.state.decision is not None or len(seats) != 1:
                return None
            self._ask(ctx, f"{ctx.name}: have {ctx.state.players[seats[0]].name} shuffle "
                           "their library?", ["Shuffle", "Don't shuffle"],
                      {"what": "may_shuffle", "seat": seats[0]}, events)
            return [("player", s) for s in seats]
        pending = ctx.state.decision
        if pending is not None and (pending.get("_fx") or {}).get("what") == "search_exile" \
                and [int(pending["_fx"]["owner"])] == seats:
            pending["_fx"]["shuffle"] = True  # "Then that player shuffles": after the search
            return [("player", s) for s in seats]
        for seat in seats:
            self._shuffle_library(ctx.state, seat, ctx.name, events)
        return [("player", s) for s in seats]

    def _exec_exile_graveyard(self, ctx: _Context, effect: ExileGraveyard,
                              events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            player = ctx.state.players[seat]
            for card_id in list(player.graveyard):
                player.graveyard.remove(card_id)
                player.exile.append(card_id)
                events.append({"type": "exiled", "player": seat, "card": ctx.state.name(card_id),
                               "from": "graveyard", "by": ctx.name})
        return [("player", s) for s in seats]

    def _exec_graveyard_to_bottom(self, ctx: _Context, effect: GraveyardToBottom,
                                  events: list[Event]) -> list[Any] | None:
        player = ctx.state.players[ctx.seat]
        if player.graveyard:
            card_id = player.graveyard.pop()  # the top of a graveyard: the last card put there
            player.library.append(card_id)
            events.append({"type": "to_library", "player": ctx.seat,
                           "card": ctx.state.name(card_id), "where": "bottom", "by": ctx.name})
        return [("player", ctx.seat)]

    def _exec_graveyard_to_top(self, ctx: _Context, effect: GraveyardToTop,
                               events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        moved: list[Any] = []
        for obj in objs:  # the first named ends on top
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            owner = int(obj[1])
            ctx.state.players[owner].graveyard.remove(card_id)
            moved.append((owner, card_id))
        for owner, card_id in reversed(moved):
            ctx.state.players[owner].library.insert(0, card_id)
            events.append({"type": "to_library", "player": owner,
                           "card": ctx.state.name(card_id), "where": "top", "by": ctx.name})
        return [c for _, c in moved]

    def _exec_may_draw(self, ctx: _Context, effect: MayDraw,
                       events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "defending_player":
            seats: list[int] | None = self.variant.defending_players(ctx.state, ctx.seat)
        else:
            seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        seat = seats[0]
        count = ctx.amount(effect.amount)
        asker = _Context(ctx.state, seat, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask(asker, f"{ctx.name}: draw {count} card{'s' if count != 1 else ''}?",
                  ["Draw", "Don't draw"], {"what": "may_draw", "count": count}, events)
        return [("player", seat)]

    def _exec_look_top(self, ctx: _Context, effect: LookTop,
                       events: list[Event]) -> list[Any] | None:
        seats = self.variant.defending_players(ctx.state, ctx.seat) \
            if effect.who.ref == "defending_player" else \
            self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        count = ctx.x if effect.x else effect.count
        top = list(ctx.state.players[owner].library[:count])
        events.append({"type": "looked", "player": ctx.seat, "at": owner, "library": True,
                       "cards": [ctx.state.name(c) for c in top],
                       "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        if effect.keep:
            self._ask_pick(ctx, ctx.seat, "keep", top, effect.keep,
                           f"{ctx.name}: choose a card to put into your hand", events,
                           owner=owner, to=effect.keep_to, rest=effect.rest)
        elif effect.rest == "back":
            self._ask_pick(ctx, ctx.seat, "order", top, len(top) - 1,
                           f"{ctx.name}: choose the card to put on top (then the next)", events,
                           owner=owner)
        return top

    def _exec_put_looked(self, ctx: _Context, effect: PutLooked,
                         events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        ids = [c for c in ctx.previous if isinstance(c, str) and c in ctx.state.cards]
        owner = ctx.state.owner(ids[0]) if ids else ctx.seat
        top = [c for c in ids if c in ctx.state.players[owner].library]
        where = "into your hand" if effect.keep_to == "hand" else "to exile"
        if not self._ask_pick(ctx, ctx.seat, "keep", top, effect.keep,
                              f"{ctx.name}: choose a card to put {where}", events,
                              owner=owner, to=effect.keep_to, rest=effect.rest):
            self._finish_keep(ctx.state, owner, ctx.name, [], top, effect.keep_to,
                              effect.rest, events)
        return top

    def _exec_search_exile(self, ctx: _Context, effect: SearchExile,
                           events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        # by name: the options tell nothing of the library's order
        library = sorted(ctx.state.players[owner].library, key=ctx.state.name)
        whose = "your" if owner == ctx.seat else f"{ctx.state.players[owner].name}'s"
        if not self._ask_pick(ctx, ctx.seat, "search_exile", library, effect.count,
                              f"{ctx.name}: choose a card of {whose} library to exile", events,
                              stop="Stop searching", owner=owner, shuffle=effect.shuffle):
            if effect.shuffle:
                self._shuffle_library(ctx.state, owner, ctx.name, events)
        return [("player", owner)]

    def _exec_hand_to_top(self, ctx: _Context, effect: HandToTop,
                          events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        seat = seats[0]
        asker = _Context(ctx.state, seat, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask_put_back(asker, effect.count, events)
        return [("player", seat)]

    def _exec_choose_from_hand(self, ctx: _Context, effect: ChooseFromHand,
                               events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        hand = list(ctx.state.players[owner].hand)
        events.append({"type": "looked", "player": ctx.seat, "at": owner,
                       "cards": [ctx.state.name(c) for c in hand],
                       "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        count = ctx.amount(effect.amount)
        if count >= len(hand):
            self._discard_ids(ctx.state, owner, hand, events)
        else:
            self._ask_pick(ctx, ctx.seat, "discard_chosen", hand, count,
                           f"{ctx.name}: choose a card for "
                           f"{ctx.state.players[owner].name} to discard", events, owner=owner)
        return [("player", owner)]

    def _exec_discard_those(self, ctx: _Context, effect: DiscardThose,
                            events: list[Event]) -> list[Any] | None:
        """Done with the choice before it (:meth:`_exec_choose_from_hand`)."""
        return list(ctx.previous)

    def _exec_put_from_hand(self, ctx: _Context, effect: PutFromHand,
                            events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        self._ask_put_back(ctx, ctx.amount(effect.amount), events)
        return [("player", ctx.seat)]

    def _exec_search_library(self, ctx: _Context, effect: n.SearchLibrary,
                             events: list[Event]) -> list[Any] | None:
        if is_land_search(effect):
            # Frontier: lands make the board, libraries hold none (../shared/rules/frontier.md)
            self._shuffle_library(ctx.state, ctx.seat, ctx.name, events)
            events.append({"type": "searched", "player": ctx.seat, "card": None,
                           "by": ctx.name, "no_lands": True})
            return [("player", ctx.seat)]
        if ctx.state.decision is not None or effect.destination not in ("hand", "top"):
            return None
        library = ctx.state.players[ctx.seat].library
        ids = [c for c in library if card_matches(ctx.state.card(c), effect.card)]
        names = sorted({ctx.state.name(c) for c in ids})
        if not names:
            self._shuffle_library(ctx.state, ctx.seat, ctx.name, events)
            events.append({"type": "searched", "player": ctx.seat, "card": None,
                           "by": ctx.name})
            return [("player", ctx.seat)]
        self._ask(ctx, f"{ctx.name}: choose a card from your library", names + ["Find nothing"],
                  {"what": "search", "destination": effect.destination,
                   "reveal": effect.reveal}, events, secret=True)
        return [("player", ctx.seat)]
