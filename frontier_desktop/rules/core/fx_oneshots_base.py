"""fx-oneshots' shared part: state helpers (poison, shields), counted amounts, costs and the
``choice`` decisions (see :mod:`.fx_oneshots`, which mixes this with the executors of
:mod:`.fx_oneshots_damage` and :mod:`.fx_oneshots_zones`)."""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.oneshots import cost_supported
from frontier_desktop.rules.effects.oneshots_nodes import ExileTopCost
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import mana_value
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.spells import SpellActions
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.spell_reading import reading_of
from frontier_desktop.rules.core.land_mana import set_land_tapped
from frontier_desktop.rules.core.shared import is_square
from frontier_desktop.rules.core.shared import leave_battlefield


class OneShotBase(SpellActions):
    """Costs, amounts and choices shared by the fx-oneshots executors."""

    @staticmethod
    def oneshot_lki(state: GameState, sacrificed: list[str],
                    perm: Permanent | None) -> dict[str, Any]:
        """Last known power/toughness/mana value of what an activation sacrifices (and of the
        permanent itself), kept on the stack item for "equal to the sacrificed creature's …"."""
        from frontier_desktop.rules.core.hooks import effective_pt

        occ = state.occupants()

        def lki(unit: str) -> dict[str, int]:
            p = state.perms[unit]
            power, toughness = effective_pt(state, p, occ)
            return {"power": power, "toughness": toughness,
                    "mana value": mana_value(state.card(unit).mana_cost)}

        out: dict[str, Any] = {"sacrificed_lki": [lki(u) for u in sacrificed
                                                  if u in state.perms]}
        if perm is not None:
            out["self_lki"] = lki(perm.id)
        return out

    def oneshot_cost_problem(self, state: GameState, seat: int, card: Card,
                             index: int) -> str | None:
        """Why the fx-oneshots part of ability *index*'s cost can't be paid (None: it can)."""
        for part in self._oneshot_costs(card, index):
            if isinstance(part, ExileTopCost):
                if len(state.players[seat].library) < part.amount.n:
                    return f"{card.name}'s ability needs {part.amount.n} card" \
                           f"{'s' if part.amount.n != 1 else ''} in your library to exile"
            elif cost_supported(part) and not state.players[seat].hand:
                return f"{card.name}'s ability needs a card to discard at random"
        return None

    def pay_oneshot_costs(self, state: GameState, seat: int, card: Card, index: int,
                          events: list[Event]) -> dict[str, Any]:
        """Pay "Discard a card at random" (the generator stays stable: rules/rng.py) and
        "Exile the top N cards of your library"; what the stack item keeps of it (the cards
        exiled, for "if the exiled card is …")."""
        exiled: list[str] = []
        for part in self._oneshot_costs(card, index):
            if not cost_supported(part):
                continue
            if isinstance(part, ExileTopCost):
                library = state.players[seat].library
                for _ in range(min(part.amount.n, len(library))):
                    card_id = library.pop(0)
                    exiled.append(card_id)
                    state.players[seat].exile.append(card_id)
                    events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                                   "from": "library", "by": card.name})
                continue
            hand = state.players[seat].hand
            if not hand:
                continue
            rng = self.variant.game_rng(state)
            card_id = hand.pop(rng.randbelow(len(hand)))
            self.variant.save_rng(state, rng)
            state.players[seat].graveyard.append(card_id)
            events.append({"type": "discarded", "player": seat, "card": state.name(card_id),
                           "id": card_id, "random": True})
        return {"exiled_top": exiled} if exiled else {}

    def oneshot_pays_rest(self, card: Card, index: int, other_cost: str) -> bool:
        """Whether the part of ability *index*'s cost the card model leaves over
        (*other_cost*) is one this module pays ("Discard a card at random")."""
        parts = [p for p in self._oneshot_costs(card, index) if cost_supported(p)]
        left = [t.strip().lower() for t in other_cost.split(",") if t.strip()]
        return bool(parts) and left == [p.text.strip().lower() for p in parts]

    @staticmethod
    def _oneshot_costs(card: Card, index: int) -> tuple[n.CostPart, ...]:
        found = [a for a in reading_of(card).abilities if isinstance(a, n.ActivatedAbility)]
        return found[index].cost if 0 <= index < len(found) else ()

    def additional_life(self, card: Card, modes: tuple[int, ...] = (0,), x: int = 0) -> int:
        """The life "As an additional cost to cast this spell, pay N (or X) life" asks."""
        from frontier_desktop.rules.core.spell_reading import spell_effects

        total = 0
        for effect in spell_effects(card, modes):
            if isinstance(effect, n.AdditionalCost):
                total += sum(c.amount.n * (x if c.amount.var == "X" else 1)
                             for c in effect.cost if isinstance(c, n.PayLifeCost))
        return total

    @staticmethod
    def additional_sacrifice_specs(card: Card, modes: tuple[int, ...] = (0,)
                                   ) -> tuple[n.TargetSpec, ...]:
        """What "As an additional cost to cast this spell, sacrifice a creature" asks for."""
        from frontier_desktop.rules.core.spell_reading import spell_effects

        return tuple(c.what.spec for e in spell_effects(card, modes)
                     if isinstance(e, n.AdditionalCost) for c in e.cost
                     if isinstance(c, n.SacrificeCost) and c.what.spec is not None)

    def additional_victims(self, state: GameState, seat: int, action: A.Cast,
                           card: Card) -> list[str]:
        """The permanents a cast's ``sacrifice`` names for its additional sacrifice, checked
        ([] when none are named: that part of the cost is paid by hand)."""
        from frontier_desktop.rules.effects.targeting import spec_problem

        specs = self.additional_sacrifice_specs(card, action.mode) if (
            card.is_instant or card.is_sorcery) else ()
        chosen = list(action.sacrifice)
        if not chosen:
            return []
        if len(chosen) != len(specs) or len(set(chosen)) != len(chosen):
            raise IllegalActionError(action, f"{card.name}'s cost sacrifices {len(specs)} "
                                             f"permanent{'s' if len(specs) != 1 else ''}")
        for victim, spec in zip(chosen, specs):
            perm = state.perms.get(victim)
            if perm is None or perm.controller != seat:
                raise IllegalActionError(action, "you can sacrifice only a permanent you control")
            problem = spec_problem(state, spec, victim, seat=seat, source=None)
            if problem:
                raise IllegalActionError(action, f"{card.name} can't sacrifice "
                                                 f"{state.name(victim)}: {problem}")
        return chosen

    def sacrifice_for_spell(self, state: GameState, victims: list[str],
                            events: list[Event]) -> dict[str, Any]:
        """Sacrifice *victims*; their last known power/toughness for the stack item."""
        if not victims:
            return {}
        lki = self.oneshot_lki(state, victims, None)["sacrificed_lki"]
        for victim in victims:
            if victim in state.perms:
                leave_battlefield(state, state.perms[victim], "graveyard", events,
                                  reason="sacrificed")
        return {"sacrificed_lki": lki}

    def _graveyard_card(self, ctx: _Context, obj: Any) -> str | None:
        if not (isinstance(obj, tuple) and obj[0] == "graveyard"):
            return None
        yard = ctx.state.players[int(obj[1])].graveyard
        return next((c for c in yard if ctx.state.name(c) == obj[2]), None)

    def _set_tapped_any(self, ctx: _Context, sel: n.Selector, tapped: bool,
                        events: list[Event]) -> list[Any] | None:
        """Tap or untap what *sel* names: permanents and land squares."""
        objs = ctx.objects(sel)
        if objs is None or not all(isinstance(o, str) or is_square(o) for o in objs):
            return None
        for obj in objs:
            self._set_tapped_any_obj(ctx, obj, tapped, events)
        return objs

    def _ask_pick(self, ctx: _Context, chooser: int, what: str, ids: list[str], left: int,
                  prompt: str, events: list[Event], stop: str = "", **extra: Any) -> bool:
        """Ask *chooser* to pick one of *ids* (hidden cards: only they see the options); the
        answer is carried on by :meth:`_picked`. False when there is nothing to ask."""
        if left <= 0 or not ids:
            return False
        labels = _labels(ctx.state, ids) + ([stop] if stop else [])
        asker = _Context(ctx.state, chooser, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask(asker, prompt, labels, {"what": what, "ids": list(ids), "left": left,
                                          "stop": bool(stop), "picked": [], **extra},
                  events, secret=True)
        return True

    @staticmethod
    def _discard_ids(state: GameState, owner: int, ids: list[str], events: list[Event]) -> None:
        player = state.players[owner]
        for card_id in ids:
            if card_id in player.hand:
                player.hand.remove(card_id)
                player.graveyard.append(card_id)
                events.append({"type": "discarded", "player": owner, "card": state.name(card_id),
                               "id": card_id})

    def _finish_keep(self, state: GameState, seat: int, by: str, kept: list[str],
                     rest: list[str], to: str, rest_to: str, events: list[Event],
                     chooser: int | None = None) -> None:
        """*kept* to the hand (or exile), *rest* to exile, the graveyard, or back on top in an
        order *chooser* picks; *seat* owns the library."""
        player = state.players[seat]
        for card_id in kept:
            if card_id in player.library and to == "exile":
                player.library.remove(card_id)
                player.exile.append(card_id)
                events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                               "from": "library", "by": by})
            elif card_id in player.library:
                player.library.remove(card_id)
                player.hand.append(card_id)
                events.append({"type": "kept_looked", "player": seat, "card": state.name(card_id),
                               "by": by, "_private": {"seat": seat, "fields": ["card"]}})
        if rest_to == "back":
            ctx = _Context(state, seat if chooser is None else chooser, None, by, 0, {}, [],
                           {"obj": by})
            self._ask_pick(ctx, ctx.seat, "order", rest, len(rest) - 1,
                           f"{by}: choose the card to put on top (then the next)", events,
                           owner=seat)
            return
        for card_id in rest:
            if card_id not in player.library:
                continue
            player.library.remove(card_id)
            getattr(player, "exile" if rest_to == "exile" else "graveyard").append(card_id)
            events.append({"type": "exiled" if rest_to == "exile" else "milled", "player": seat,
                           "card": state.name(card_id), "from": "library", "by": by})

    def _picked(self, state: GameState, seat: int, by: str, fx: dict[str, Any], index: int,
                events: list[Event]) -> None:
        """One pick of a :meth:`_ask_pick` choice: ask again or finish."""
        ids = list(fx["ids"])
        picked = list(fx["picked"])
        stopped = fx.get("stop") and index == len(ids)
        if not stopped:
            picked.append(ids.pop(index))
        left = int(fx["left"]) - 1
        what = fx["what"]
        if not stopped and left > 0 and ids:
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            state.decision = None
            self._ask(ctx, str(fx.get("prompt_again") or _again(what, by, state, fx)),
                      _labels(state, ids) + (["Stop searching"] if fx.get("stop") else []),
                      {**fx, "ids": ids, "picked": picked, "left": left}, events, secret=True)
            return
        owner = int(fx.get("owner", seat))
        if what == "keep":
            self._finish_keep(state, owner, by, picked, ids, str(fx["to"]), str(fx["rest"]),
                              events, chooser=seat)
        elif what == "order":
            library = state.players[owner].library
            order = picked + ids  # the first chosen on top
            for card_id in order:
                if card_id in library:
                    library.remove(card_id)
            library[0:0] = order
            events.append({"type": "reordered", "player": seat, "at": owner,
                           "count": len(order), "by": by})
        elif what == "search_exile":
            library = state.players[owner].library
            for card_id in picked:
                if card_id in library:
                    library.remove(card_id)
                    state.players[owner].exile.append(card_id)
                    events.append({"type": "exiled", "player": owner,
                                   "card": state.name(card_id), "from": "library", "by": by})
            if fx.get("shuffle"):
                self._shuffle_library(state, owner, by, events)
        elif what == "discard_chosen":
            self._discard_ids(state, owner, picked, events)

    def _ask(self, ctx: _Context, prompt: str, options: list[str], fx: dict[str, Any],
             events: list[Event], *, secret: bool = False, kind: str = "") -> None:
        """A ``choice`` for the controller; *secret*: the options are theirs alone."""
        decision: dict[str, Any] = {
            "kind": "choice", "player": ctx.seat, "amount": 0, "card": ctx.name,
            "by": ctx.name, "prompt": prompt, "options": [] if secret else list(options),
            "_options": list(options), "_fx": fx}
        ctx.state.decision = decision
        events.append({"type": "choose", "player": ctx.seat, "kind": kind or fx["what"],
                       "card": ctx.name})

    def _ask_put_back(self, ctx: _Context, left: int, events: list[Event]) -> None:
        hand = ctx.state.players[ctx.seat].hand
        if left <= 0 or not hand:
            return
        self._ask(ctx, f"{ctx.name}: choose a card to put on top of your library "
                       f"({left} to go; the last one chosen ends on top)",
                  _labels(ctx.state, list(hand)), {"what": "put_back", "left": left,
                                                   "ids": list(hand)},
                  events, secret=True)

    def _shuffle_library(self, state: GameState, seat: int, by: str,
                         events: list[Event]) -> None:
        rng = self.variant.game_rng(state)
        rng.shuffle(state.players[seat].library)
        self.variant.save_rng(state, rng)
        events.append({"type": "shuffled", "player": seat, "cards": 0, "by": by})

    def oneshot_options(self, decision: dict[str, Any]) -> list[str]:
        """The options of a ``choice`` this module asked (for legal actions)."""
        return list(decision.get("_options", ()))

    def answer_oneshot(self, state: GameState, seat: int, action: A.Choose,
                       events: list[Event]) -> None:
        """Carry out the answer to a ``choice`` this module asked, then go on with the stack."""
        decision = state.decision
        assert decision is not None and "_fx" in decision
        options = list(decision["_options"])
        choice = action.choice
        if isinstance(choice, int) and not isinstance(choice, bool) and \
                0 <= choice < len(options):
            index = choice
        elif isinstance(choice, str) and choice in options:
            index = options.index(choice)
        else:
            shown = options if decision.get("options") else ["one of the options offered"]
            raise IllegalActionError(action, "choose " + " or ".join(
                f"'{o}'" for o in shown[:6]))
        fx = decision["_fx"]
        by = str(decision["by"])
        state.decision = None
        what = fx["what"]
        if what == "source":
            source = fx["ids"][index]
            to = fx["to"]
            state.extra["fx_shields"] = list(state.extra.get("fx_shields", [])) + [
                {"turn": state.turn, "source": source, "to": to, "seat": seat,
                 "then": fx.get("then", ""), "combat": bool(fx.get("combat")),
                 "card": fx.get("card", "")}]
            events.append({"type": "chosen", "player": seat, "by": by,
                           "source": source, "name": state.name(source)})
        elif what == "tap_or_untap":
            target = fx["target"]
            target = tuple(target) if isinstance(target, list) else target
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            if index < 2:
                self._set_tapped_any_obj(ctx, target, index == 0, events)
        elif what == "put_back":
            card_id = fx["ids"][index]
            player = state.players[seat]
            if card_id in player.hand:
                player.hand.remove(card_id)
                player.library.insert(0, card_id)
                events.append({"type": "put_back", "player": seat, "card": state.name(card_id),
                               "_private": {"seat": seat, "fields": ["card"]}})
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            self._ask_put_back(ctx, int(fx["left"]) - 1, events)
        elif what == "search":
            self._finish_search(state, seat, by, fx, options[index], index == len(options) - 1,
                                events)
        elif what == "may_draw":
            if index == 0:
                self.variant.draw(state, seat, int(fx["count"]), events)
            else:
                events.append({"type": "declined", "player": seat, "by": by})
        elif what == "may_bottom":
            library = state.players[int(fx["owner"])].library
            if index == 0 and fx["card"] in library:
                library.remove(fx["card"])
                library.append(fx["card"])
                events.append({"type": "to_bottom", "player": int(fx["owner"]), "by": by})
        elif what == "may_shuffle":
            if index == 0:
                self._shuffle_library(state, int(fx["seat"]), by, events)
        elif what in ("keep", "order", "search_exile", "discard_chosen"):
            self._picked(state, seat, by, fx, index, events)
        self.continue_stack(state, events)

    def _set_tapped_any_obj(self, ctx: _Context, target: Any, tapped: bool,
                            events: list[Event]) -> None:
        """Tap or untap one permanent or land square (a land: fx_mana.set_land_tapped)."""
        if is_square(target):
            set_land_tapped(ctx.state, target, tapped, ctx.seat, ctx.name, events,
                            tapper=self.variant.land_tapper(ctx.state, target, ctx.seat))
            return
        perm = ctx.state.perms.get(target) if isinstance(target, str) else None
        if perm is not None:
            self._set_perm_tapped(ctx, perm, tapped, events)

    def _finish_search(self, state: GameState, seat: int, by: str, fx: dict[str, Any],
                       name: str, nothing: bool, events: list[Event]) -> None:
        player = state.players[seat]
        card_id = None if nothing else next(
            (c for c in player.library if state.name(c) == name), None)
        if card_id is not None:
            player.library.remove(card_id)
        event: Event = {"type": "searched", "player": seat, "by": by,
                        "card": state.name(card_id) if card_id else None,
                        "to": fx["destination"]}
        if not fx.get("reveal"):
            event["_private"] = {"seat": seat, "fields": ["card"]}
        if fx["destination"] == "hand":
            if card_id is not None:
                player.hand.append(card_id)
            events.append(event)
            self._shuffle_library(state, seat, by, events)
        else:  # "then shuffle and put that card on top"
            self._shuffle_library(state, seat, by, events)
            if card_id is not None:
                player.library.insert(0, card_id)
            events.append(event)


def _again(what: str, by: str, state: GameState, fx: dict[str, Any]) -> str:
    """The prompt for the next pick of a :meth:`OneShotActions._ask_pick` choice."""
    left = int(fx["left"]) - 1
    more = f" ({left} more)"
    if what == "keep":
        return f"{by}: choose another card to put into your hand{more}"
    if what == "order":
        return f"{by}: choose the next card from the top{more}"
    if what == "search_exile":
        return f"{by}: choose another card to exile{more}"
    return f"{by}: choose another card to discard{more}"


def _card_matches_source(card: Card, spec: n.TargetSpec) -> bool:
    """"a red source", "an artifact source", "a black or red source"."""
    colours = {c for c, letter in COLOUR_LETTER.items() if letter in card.colors}
    if spec.colours and not colours & set(spec.colours):
        return False
    kinds = {t.lower() for t in card.types}
    if spec.noun == "creature" and not card.is_creature:
        return False
    return all(t.lower() in kinds for t in spec.types)


def _labels(state: GameState, ids: list[str]) -> list[str]:
    """Option words for objects: names, numbered when a name repeats."""
    names = [state.name(i) for i in ids]
    out: list[str] = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            out.append(f"{name} ({names[:i + 1].count(name)})")
        else:
            out.append(name)
    return out
