"""Manual actions: card text the engine doesn't model, carried out by the players and logged.

Each handler checks only what keeps the state consistent (the object exists, the zone is one
the actor may touch) and appends an event that every player sees in the game log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.planeswalkers import entering_counters
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import add_mana, format_pool, parse_pool, pool_total
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.frontier.combat import destroy, leave_battlefield, wire

from frontier_desktop.rules.core.shared import TOKEN_TYPE_LINE as TOKEN_TYPE_LINE  # re-exported
from frontier_desktop.rules.core.shared import token_card as token_card  # re-exported

Event = dict[str, Any]

CONSENT_DECLINES = 3
"""Requests one player may have declined in a turn; further ones that turn are refused, so a
player cannot flood the other with requests."""


MANUAL_BOUNDS: dict[str, tuple[int, int]] = {
    "life.delta": (-1000, 1000), "counters.delta": (-100, 100), "counters.kind": (1, 30),
    "pt_change.power": (-100, 100), "pt_change.toughness": (-100, 100),
    "create_token.power": (0, 99), "create_token.toughness": (0, 99),
    "create_token.name": (1, 40), "create_token.keywords": (0, 10),
    "create_token.keyword": (1, 30),
}
"""Sane ranges for manual numbers and text lengths: card text never asks for more, and an
absurd value (a life change of 10^4299, a 700 kB token name) would make the state unsavable."""


def check_bounds(action: A.Action, **values: int | str | Sequence[str]) -> None:
    """Refuse a manual action whose numbers (or text lengths) leave :data:`MANUAL_BOUNDS`.

    Raises:
        InvalidActionError: naming the field and its range.
    """
    for name, value in values.items():
        key = f"{action.type}.{name}"
        lo, hi = MANUAL_BOUNDS[key]
        size = value if isinstance(value, int) else len(value)
        if not lo <= size <= hi:
            what = "" if isinstance(value, int) else " characters long" \
                if isinstance(value, str) else " items"
            raise InvalidActionError(f"{action.type}: '{name}' must be from {lo} to {hi}{what}")

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class ManualActions:
    """Handlers ``_do_<type>`` for the manual actions of :mod:`frontier_desktop.rules.actions`."""

    if TYPE_CHECKING:
        magic: SquareMagic  # the variant's engine (base.Variant)

    def reveal(self, state: GameState, pos: Pos, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers
    def _manual(self, events: list[Event], seat: int, action: A.Action, **facts: Any) -> None:
        event = {"type": "manual", "player": seat, "action": action.type, **facts}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        events.append(event)

    # ------------------------------------------------------------------ consent
    def consent_first(self, state: GameState, seat: int, action: A.Action,
                      events: list[Event]) -> bool:
        """The consent rule, called before every action is carried out.

        With the option ``manual_consent`` (on in every LAN game), a manual action that
        touches anything the other player owns or controls does not happen: it becomes a
        ``consent`` decision for that player (answered by ``choose``), and this returns True.
        A concession with a request open lets it lapse (logged).

        Raises:
            InvalidActionError / IllegalActionError: the action would be refused anyway (it is
                tried on a copy first), its ``for`` names no card the actor can see, or the
                other player has declined :data:`CONSENT_DECLINES` requests this turn.
        """
        if isinstance(action, A.Concede):
            self._lapse(state, events, "the game ended")
            return False
        if not action.manual:
            return False
        self._check_for_card(state, seat, action)
        if not state.options.get("manual_consent") or not self.touches_other(state, seat, action):
            return False
        other = 1 - seat
        # Tried first, so that a card the actor can't reach is refused in the same words
        # whether or not requests are refused (no probing of hidden ids).
        trial = state.clone()
        getattr(self, "_do_" + action.type)(trial, seat, action, [])  # refused now, not later
        declined = self.declines_this_turn(state, seat)
        if declined >= CONSENT_DECLINES:
            raise IllegalActionError(action, f"{state.players[other].name} has declined "
                                             f"{declined} of your requests this turn: ask "
                                             "again next turn")
        state.decision = {"kind": "consent", "player": other, "by": seat,
                          "action": action.to_wire(), "for": getattr(action, "for_card", None)}
        events.append({"type": "consent_asked", "player": other, "by": seat,
                       "action": action.to_wire(), "for": getattr(action, "for_card", None)})
        return True

    def touches_other(self, state: GameState, seat: int, action: A.Action) -> bool:
        """Whether manual *action* by *seat* touches anything the other player owns or
        controls: their life, a card of theirs in any zone, a permanent they own or control,
        or a land *seat* does not control (every face-down land among them: who owns it is
        hidden, so only control, which everyone sees, decides)."""
        if isinstance(action, A.LifeChange):
            return action.player != seat
        if isinstance(action, (A.Roll, A.AddMana)):
            return False  # a die roll, the actor's own pool
        if isinstance(action, (A.Draw, A.CreateToken)):
            # Cards and creatures out of nothing change the game for both players (the
            # issue's "draw five cards" and "create a 99/99 flyer"): the other player agrees.
            return True
        if isinstance(action, (A.DestroyLand, A.SacrificeLand)):
            return self._foreign_land(state, seat, action.at)
        ref: Any = None
        if isinstance(action, (A.ManualTap, A.ManualUntap)):
            ref = action.target
        elif isinstance(action, (A.Counters, A.PTChange, A.Destroy, A.Regenerate)):
            ref = action.unit
        elif isinstance(action, A.MoveCard):
            ref = action.card
        if isinstance(ref, str):
            perm = state.perms.get(ref)
            if perm is not None and perm.controller != seat:
                return True
            return ref in state.cards and state.owner(ref) not in (seat, -1)
        if ref is not None:
            if isinstance(action, A.ManualUntap) and state.board.contains(ref) \
                    and state.cells[ref].tapped_by == seat:
                return False  # a land this player tapped
            return self._foreign_land(state, seat, ref)
        return True  # a manual action this rule does not know: ask

    def _foreign_land(self, state: GameState, seat: int, pos: Any) -> bool:
        controllers = {state.perms[i].controller for i in state.occupants().get(pos, ())}
        return controllers != {seat}

    @staticmethod
    def declines_this_turn(state: GameState, seat: int) -> int:
        """How many of *seat*'s requests the other player has declined this turn (the log)."""
        count = 0
        for entry in reversed(state.log):
            if entry.get("turn") != state.turn:
                break
            count += sum(1 for e in entry.get("events", ())
                         if e.get("type") == "consent" and e.get("by") == seat
                         and e.get("answer") == "declined")
        return count

    def _check_for_card(self, state: GameState, seat: int, action: A.Action) -> None:
        """A manual action's ``for`` must name a card *seat* can see: in their hand, on the
        battlefield or in a graveyard or exile (the same answer for any other name)."""
        name = getattr(action, "for_card", None)
        if not name:
            return
        seen: set[str] = set()
        for card_id in state.players[seat].hand:
            seen.add(state.name(card_id))
        for perm_id in state.perms:
            seen.add(state.name(perm_id))
        for player in state.players:
            for card_id in (*player.graveyard, *player.exile):
                seen.add(state.name(card_id))
        if name not in seen:
            raise IllegalActionError(action, f"{name} is not in your hand, in play, in a "
                                             "graveyard or in exile")

    def _lapse(self, state: GameState, events: list[Event], why: str) -> None:
        d = state.decision
        if d is None or d.get("kind") != "consent":
            return
        state.decision = None
        events.append({"type": "consent", "player": d["player"], "by": d["by"],
                       "action": d["action"], "for": d.get("for"), "answer": "lapsed",
                       "why": why})

    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        d = state.decision
        if d is None or d.get("kind") != "consent":  # pragma: no cover - check_may_act
            raise IllegalActionError(action, "there is no request to answer")
        if action.choice not in ("accept", "decline"):
            raise InvalidActionError("choose: 'choice' must be accept or decline")
        request = A.action_from_wire(d["action"])
        by = int(d["by"])
        state.decision = None
        answer = "accepted" if action.choice == "accept" else "declined"
        events.append({"type": "consent", "player": seat, "by": by, "action": d["action"],
                       "for": d.get("for"), "answer": answer})
        if answer == "accepted":
            getattr(self, "_do_" + request.type)(state, by, request, events)

    def _target(self, state: GameState, action: A.Action, ref: Any) -> tuple[str, Any]:
        """``("unit", Permanent)`` or ``("land", pos)`` for a manual action's target."""
        if isinstance(ref, str):
            perm = state.perms.get(ref)
            if perm is None:
                raise InvalidActionError(f"{action.type}: no permanent {ref!r}")
            return "unit", perm
        if not state.board.contains(ref):
            raise InvalidActionError(f"{action.type}: {ref!r} is not on the board")
        if state.cells[ref].land is None:
            raise IllegalActionError(action, "that square is a hole")
        return "land", ref

    def _creature(self, state: GameState, action: A.Action, unit: str) -> Permanent:
        perm = state.perms.get(unit)
        if perm is None:
            raise InvalidActionError(f"{action.type}: no permanent {unit!r}")
        return perm

    # ------------------------------------------------------------------ handlers
    def _do_manual_tap(self, state: GameState, seat: int, action: A.ManualTap,
                       events: list[Event]) -> None:
        kind, obj = self._target(state, action, action.target)
        if kind == "unit":
            obj.tapped, obj.attack_tapped = True, False
            self._manual(events, seat, action, unit=obj.id, name=state.name(obj.id))
        else:
            cell = state.cells[obj]
            if cell.tapped_by is None:
                cell.tapped_by = seat
            self._manual(events, seat, action, at=wire(state, obj))

    def _do_manual_untap(self, state: GameState, seat: int, action: A.ManualUntap,
                         events: list[Event]) -> None:
        kind, obj = self._target(state, action, action.target)
        if kind == "unit":
            obj.tapped, obj.attack_tapped = False, False
            self._manual(events, seat, action, unit=obj.id, name=state.name(obj.id))
        else:
            state.cells[obj].tapped_by = None
            self._manual(events, seat, action, at=wire(state, obj))

    def _do_counters(self, state: GameState, seat: int, action: A.Counters,
                     events: list[Event]) -> None:
        check_bounds(action, delta=action.delta, kind=action.kind)
        perm = self._creature(state, action, action.unit)
        value = perm.counters.get(action.kind, 0) + action.delta
        if value < 0:
            raise IllegalActionError(action, f"only {perm.counters.get(action.kind, 0)} "
                                             f"{action.kind} counter(s) to remove")
        if value:
            perm.counters[action.kind] = value
        else:
            perm.counters.pop(action.kind, None)
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id),
                     kind=action.kind, delta=action.delta, count=value)

    def _do_pt_change(self, state: GameState, seat: int, action: A.PTChange,
                      events: list[Event]) -> None:
        check_bounds(action, power=action.power, toughness=action.toughness)
        perm = self._creature(state, action, action.unit)
        perm.pt_mod = (perm.pt_mod[0] + action.power, perm.pt_mod[1] + action.toughness)
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id),
                     power=action.power, toughness=action.toughness)

    def _do_life(self, state: GameState, seat: int, action: A.LifeChange,
                 events: list[Event]) -> None:
        check_bounds(action, delta=action.delta)
        if action.player not in range(len(state.players)):
            raise InvalidActionError(f"life: there is no player {action.player}")
        player = state.players[action.player]
        player.life += action.delta
        self._manual(events, seat, action, player_changed=action.player, delta=action.delta)
        events.append({"type": "life", "player": action.player, "life": player.life,
                       "delta": action.delta})

    _ZONES = ("hand", "graveyard", "exile", "library_top", "library_bottom", "staging")

    def _do_move_card(self, state: GameState, seat: int, action: A.MoveCard,
                      events: list[Event]) -> None:
        if action.to not in self._ZONES:
            raise InvalidActionError(f"move_card: 'to' must be one of {', '.join(self._ZONES)}")
        card_id = action.card
        owner = state.owner(card_id) if card_id in state.cards else -1
        source = self._zone_of(state, card_id) if card_id in state.cards else None
        if source is None or source in ("hand", "library") and owner != seat:
            # One answer for every card the actor can't reach: a missing id, a card set aside
            # (the short column of lands) or one hidden from them. Different answers would let
            # a player probe ids and count the opponent's lands or cards.
            raise IllegalActionError(action, "that card is hidden from you or not in a zone "
                                             "you can reach")
        hidden_before = source in ("hand", "library")
        name = state.name(card_id)
        if source == "battlefield":
            perm = state.perms[card_id]
            if action.to == "staging":
                perm.zone, perm.at = "staging", None
                self._manual(events, seat, action, card=card_id, name=name, to="staging")
                return
            zone = {"library_top": "library", "library_bottom": "library"}.get(action.to, action.to)
            leave_battlefield(state, perm, zone, events, reason="moved by hand")
            if card_id not in state.cards:
                return  # a token ceased to exist
            lib = state.players[owner].library
            if action.to == "library_top" and lib and lib[-1] == card_id:
                lib.insert(0, lib.pop())
        else:
            getattr(state.players[owner], source).remove(card_id)
            if action.to == "staging":
                sick = state.card(card_id).is_creature
                state.perms[card_id] = Permanent(card_id, owner, "staging", sick=sick,
                                                 counters=entering_counters(
                                                     state.card(card_id)))  # loyalty
            elif action.to == "library_top":
                state.players[owner].library.insert(0, card_id)
            elif action.to == "library_bottom":
                state.players[owner].library.append(card_id)
            else:
                getattr(state.players[owner], action.to).append(card_id)
        hidden_after = action.to in ("hand", "library_top", "library_bottom")
        event: Event = {"type": "manual", "player": seat, "action": action.type,
                        "from": source, "to": action.to, "card": card_id, "name": name}
        if hidden_before and hidden_after:
            event["_private"] = {"seat": owner, "fields": ["card", "name"]}
        events.append(event)

    @staticmethod
    def _zone_of(state: GameState, card_id: str) -> str | None:
        if card_id in state.perms:
            return "battlefield"
        owner = state.owner(card_id)
        if owner < 0:
            return None
        player = state.players[owner]
        for zone in ("hand", "library", "graveyard", "exile"):
            if card_id in getattr(player, zone):
                return zone
        return None

    def _do_create_token(self, state: GameState, seat: int, action: A.CreateToken,
                         events: list[Event]) -> None:
        check_bounds(action, power=action.power, toughness=action.toughness, name=action.name,
                     keywords=action.keywords)
        for keyword in action.keywords:
            check_bounds(action, keyword=keyword)
        card = token_card(None, action.name, action.power, action.toughness, action.keywords,
                          colours=action.colors)
        if card.name not in state.defs:
            state.defs = {**state.defs, card.name: card}
        unit_id = state.new_id("t")
        if action.at == "staging":
            perm = Permanent(unit_id, seat, "staging", sick=True)
        else:
            pos = action.at
            if not state.board.contains(pos):
                raise InvalidActionError("create_token: 'at' is not on the board")
            if state.cells[pos].land is None:
                raise IllegalActionError(action, "a token can't be put on a hole")
            if state.occupants().get(pos):
                raise IllegalActionError(action, "that square is taken")
            perm = Permanent(unit_id, seat, "board", pos, sick=True)
        state.cards[unit_id] = (card.name, seat)
        state.perms[unit_id] = perm
        events.append({"type": "token", "player": seat, "unit": unit_id, "name": card.name,
                       "at": "staging" if perm.at is None else wire(state, perm.at)})
        if perm.at is not None:
            self.reveal(state, perm.at, events)

    def remove_land(self, state: GameState, seat: int, pos: Pos, action: A.Action,
                     events: list[Event], verb: str) -> None:
        cell = state.cells[pos]
        land_id = cell.land
        assert land_id is not None
        owner = state.owner(land_id)
        if not cell.face_up:
            self.reveal(state, pos, events)  # a land in the land graveyard is public
        state.players[owner if owner >= 0 else seat].land_graveyard.append(land_id)
        cell.land, cell.face_up, cell.tapped_by = None, False, None
        events.append({"type": "land_destroyed", "at": wire(state, pos),
                       "land": state.name(land_id), "player": seat, "how": verb})

    def _do_destroy_land(self, state: GameState, seat: int, action: A.DestroyLand,
                         events: list[Event]) -> None:
        pos = action.at
        if not state.board.contains(pos):
            raise InvalidActionError("destroy_land: 'at' is not on the board")
        if state.cells[pos].land is None:
            raise IllegalActionError(action, "that square is already a hole")
        self.remove_land(state, seat, pos, action, events, "destroyed")

    def _do_sacrifice_land(self, state: GameState, seat: int, action: A.SacrificeLand,
                           events: list[Event]) -> None:
        pos = action.at
        if not state.board.contains(pos):
            raise InvalidActionError("sacrifice_land: 'at' is not on the board")
        if state.cells[pos].land is None:
            raise IllegalActionError(action, "that square is already a hole")
        if not any(state.perms[i].controller == seat for i in state.occupants().get(pos, ())):
            raise IllegalActionError(action, "you may sacrifice only lands your creatures stand on")
        self.remove_land(state, seat, pos, action, events, "sacrificed")

    def _do_destroy(self, state: GameState, seat: int, action: A.Destroy,
                    events: list[Event]) -> None:
        perm = self._creature(state, action, action.unit)
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id))
        destroy(state, perm, events, reason="destroyed by card text")

    def _do_regenerate(self, state: GameState, seat: int, action: A.Regenerate,
                       events: list[Event]) -> None:
        perm = self._creature(state, action, action.unit)
        perm.regen_shield += 1
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id))

    def _do_roll(self, state: GameState, seat: int, action: A.Roll, events: list[Event]) -> None:
        if not 2 <= action.sides <= 1000:
            raise InvalidActionError("roll: 'sides' must be from 2 to 1000")
        rng = Rng(state.seed, state.rng_counter)
        result = rng.roll(action.sides)
        state.rng_counter = rng.resume_point()
        events.append({"type": "dice", "player": seat, "sides": action.sides, "result": result})

    def _do_add_mana(self, state: GameState, seat: int, action: A.AddMana,
                     events: list[Event]) -> None:
        text = action.mana.strip().upper()
        if "{" not in text:
            text = "".join(f"{{{c}}}" for c in text if not c.isspace() and c != ",")
        try:
            mana = parse_pool(text)
        except ValueError:
            raise InvalidActionError("add_mana: 'mana' must be mana symbols like {G}{G} or "
                                     "kinds of mana like GG (W, U, B, R, G, C)") from None
        if not 1 <= pool_total(mana) <= 100:
            raise InvalidActionError("add_mana: add from 1 to 100 mana")
        pool = state.players[seat].pool
        add_mana(pool, format_pool(mana))
        self._manual(events, seat, action, mana=format_pool(mana), pool=format_pool(pool))

    def _do_draw(self, state: GameState, seat: int, action: A.Draw, events: list[Event]) -> None:
        if not 1 <= action.count <= 100:
            raise InvalidActionError("draw: 'count' must be from 1 to 100")
        self._manual(events, seat, action, count=action.count)
        self.draw(state, seat, action.count, events)
