"""Manual actions once, for every variant: card text the engine doesn't model, carried out
by the players and logged for all of them.

The wire actions are :mod:`frontier_desktop.rules.manual_actions`. Each handler here checks
only what keeps the state consistent (the object exists, the zone is one the actor may
touch), carries the action out through the core's own functions (destruction through
:func:`.sba.destroy` and the variant's ``Where``, leaving play through
:func:`.shared.leave_battlefield`, a new permanent or token where the variant's
``put_onto_battlefield`` puts it, drawing through the variant's ``draw``, dice from the
game's seeded stream) and appends an event that every player sees in the game log, naming
the card it carries out (``for``).

The variant answers only *where*, through these methods of :class:`CoreManual`:

- :meth:`~CoreManual.manual_tap_land` — tapping or untapping a land by hand (the default:
  lands are never tapped here; Frontier taps its land squares);
- :meth:`~CoreManual.manual_remove_land` — what destroying or sacrificing a land means (the
  default: lands are the board and are never removed; Frontier leaves a hole);
- :meth:`~CoreManual.manual_life` — a player's life (the default: their life total;
  :class:`PoolManual`: players have no life);
- ``put_onto_battlefield`` and ``draw`` (:class:`~.engine_hooks.VariantHooks`) — where tokens
  and cards put into play go, and how a player draws.

:class:`PoolManual` is the board of places with strongholds, where players have no life (the
Conquering, the War Game): it adds the consent rule to ``perform`` and answers a ``consent``
decision's ``choose``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.core import sba
from frontier_desktop.rules.core.consent import CONSENT_DECLINES, ConsentRule
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.pool_spells import PoolSpells
from frontier_desktop.rules.core.shared import leave_battlefield, token_card, wire
from frontier_desktop.rules.errors import IllegalActionError, InvalidActionError
from frontier_desktop.rules.mana import add_mana, format_pool, parse_pool, pool_total
from frontier_desktop.rules.state import GameState, Permanent

MANUAL_BOUNDS: dict[str, tuple[int, int]] = {
    "life.delta": (-1000, 1000), "counters.delta": (-100, 100), "counters.kind": (1, 30),
    "pt_change.power": (-100, 100), "pt_change.toughness": (-100, 100),
    "create_token.power": (0, 99), "create_token.toughness": (0, 99),
    "create_token.name": (1, 40), "create_token.keywords": (0, 10),
    "create_token.keyword": (1, 30),
}
"""Sane ranges for manual numbers and text lengths: card text never asks for more, and an
absurd value (a life change of 10^4299, a 700 kB token name) would make the state unsavable."""

MOVE_ZONES = ("hand", "graveyard", "exile", "library_top", "library_bottom", "battlefield",
              "staging")
"""Where ``move_card`` may put a card; ``battlefield`` (or Frontier's word ``staging``) puts it
into play where the variant puts new permanents."""


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


def zone_of(state: GameState, card_id: str) -> str | None:
    """The zone of *card_id*: ``battlefield``, or its owner's hand, library, graveyard or
    exile (None: in none of them, e.g. a land of the board or one set aside)."""
    if card_id in state.perms:
        return "battlefield"
    if card_id not in state.cards:
        return None
    owner = state.owner(card_id)
    if owner < 0:
        return None
    player = state.players[owner]
    for zone in ("hand", "library", "graveyard", "exile"):
        if card_id in getattr(player, zone):
            return zone
    return None


class CoreManual(ConsentRule):
    """Handlers ``_do_<type>`` for the manual actions, and the variant's *where* hooks."""

    may_change_life_by_hand: ClassVar[bool] = True
    """Whether a ``life`` action changes a player's life here (the table's menu offers it)."""

    # ------------------------------------------------------------------ where (hooks)
    def manual_tap_land(self, state: GameState, seat: int, action: A.Action, ref: Any,
                        tapped: bool, events: list[Event]) -> None:
        """Tap (or untap) the land *ref* names by hand. By default lands are never tapped."""
        raise IllegalActionError(action, f"lands are never tapped in {self.game_words}: "
                                         "name a permanent by its id")

    def manual_remove_land(self, state: GameState, seat: int, action: A.Action, pos: Any,
                           verb: str, events: list[Event]) -> None:
        """Destroy or sacrifice (*verb*) the land at *pos*. By default the lands are the
        board itself and are never removed."""
        raise IllegalActionError(action, f"the lands are the board in {self.game_words}: "
                                         f"a land is never {verb}")

    def manual_life(self, state: GameState, seat: int, action: A.LifeChange,
                    events: list[Event]) -> None:
        """Change a player's life total by hand."""
        check_bounds(action, delta=action.delta)
        if action.player not in range(len(state.players)):
            raise InvalidActionError(f"life: there is no player {action.player}")
        player = state.players[action.player]
        player.life += action.delta
        self._manual(events, seat, action, player_changed=action.player, delta=action.delta)
        events.append({"type": "life", "player": action.player, "life": player.life,
                       "delta": action.delta})

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _manual(events: list[Event], seat: int, action: A.Action, **facts: Any) -> None:
        event = {"type": "manual", "player": seat, "action": action.type, **facts}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        events.append(event)

    @staticmethod
    def _creature(state: GameState, action: A.Action, unit: str) -> Permanent:
        perm = state.perms.get(unit)
        if perm is None:
            raise InvalidActionError(f"{action.type}: no permanent {unit!r}")
        return perm

    # ------------------------------------------------------------------ handlers
    def _tapping(self, state: GameState, seat: int, action: A.Action, ref: Any, tapped: bool,
                 events: list[Event]) -> None:
        if not isinstance(ref, str):
            self.manual_tap_land(state, seat, action, ref, tapped, events)
            return
        perm = self._creature(state, action, ref)
        perm.tapped, perm.attack_tapped = tapped, False
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id))

    def _do_manual_tap(self, state: GameState, seat: int, action: A.ManualTap,
                       events: list[Event]) -> None:
        self._tapping(state, seat, action, action.target, True, events)

    def _do_manual_untap(self, state: GameState, seat: int, action: A.ManualUntap,
                         events: list[Event]) -> None:
        self._tapping(state, seat, action, action.target, False, events)

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
        self.manual_life(state, seat, action, events)

    def _do_move_card(self, state: GameState, seat: int, action: A.MoveCard,
                      events: list[Event]) -> None:
        """Move a card between zones; into play (``battlefield``) where the variant puts new
        permanents. A card the actor can't reach gets one answer, whatever the reason."""
        if action.to not in MOVE_ZONES:
            raise InvalidActionError(f"move_card: 'to' must be one of {', '.join(MOVE_ZONES)}")
        card_id = action.card
        source = zone_of(state, card_id)
        owner = state.owner(card_id) if source is not None else -1
        if source is None or source in ("hand", "library") and owner != seat:
            # One answer for every card the actor can't reach: a missing id, a land of the
            # board or one set aside, or a card hidden from them (no probing of ids).
            raise IllegalActionError(action, "that card is hidden from you or not in a zone "
                                             "you can reach")
        to = "battlefield" if action.to == "staging" else action.to
        name = state.name(card_id)
        if source == "battlefield":
            if to == "battlefield":
                raise IllegalActionError(action, f"{name} is already on the battlefield")
            zone = "library" if to.startswith("library") else to
            leave_battlefield(state, state.perms[card_id], zone, events, reason="moved by hand")
            if card_id not in state.cards:
                return  # a token ceased to exist
            lib = state.players[owner].library
            if to == "library_top" and lib and lib[-1] == card_id:
                lib.insert(0, lib.pop())
        else:
            getattr(state.players[owner], source).remove(card_id)
            if to == "battlefield":
                self.put_onto_battlefield(state, card_id, owner, events,
                                          sick=state.card(card_id).is_creature)
            elif to == "library_top":
                state.players[owner].library.insert(0, card_id)
            elif to == "library_bottom":
                state.players[owner].library.append(card_id)
            else:
                getattr(state.players[owner], to).append(card_id)
        event: Event = {"type": "manual", "player": seat, "action": action.type,
                        "from": source, "to": action.to, "card": card_id, "name": name}
        if to == "battlefield" and card_id in state.perms:
            event["at"] = wire(state, state.perms[card_id].at)
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        if source in ("hand", "library") and to in ("hand", "library_top", "library_bottom"):
            event["_private"] = {"seat": owner, "fields": ["card", "name"]}
        events.append(event)

    def _do_create_token(self, state: GameState, seat: int, action: A.CreateToken,
                         events: list[Event]) -> None:
        """A creature token where the variant puts new creatures (``at`` left out)."""
        check_bounds(action, power=action.power, toughness=action.toughness, name=action.name,
                     keywords=action.keywords)
        for keyword in action.keywords:
            check_bounds(action, keyword=keyword)
        if action.at != "staging":
            raise IllegalActionError(action, f"a token enters where new creatures enter in "
                                             f"{self.game_words}: leave out 'at'")
        card = token_card(None, action.name, action.power, action.toughness, action.keywords,
                          colours=action.colors)
        if card.name not in state.defs:
            state.defs = {**state.defs, card.name: card}
        unit_id = state.new_id("t")
        state.cards[unit_id] = (card.name, seat)
        where = self.put_onto_battlefield(state, unit_id, seat, events, sick=True)
        if unit_id not in state.perms:
            raise IllegalActionError(action, "there is no room for the token where new "
                                             "creatures enter")
        event: Event = {"type": "token", "player": seat, "unit": unit_id, "name": card.name,
                        "at": where}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        events.append(event)

    def _land_pos(self, state: GameState, action: A.Action, pos: Any) -> Any:
        if not state.board.contains(pos):
            raise InvalidActionError(f"{action.type}: 'at' is not on the board")
        return pos

    def _do_destroy_land(self, state: GameState, seat: int, action: A.DestroyLand,
                         events: list[Event]) -> None:
        pos = self._land_pos(state, action, action.at)
        self.manual_remove_land(state, seat, action, pos, "destroyed", events)

    def _do_sacrifice_land(self, state: GameState, seat: int, action: A.SacrificeLand,
                           events: list[Event]) -> None:
        pos = self._land_pos(state, action, action.at)
        self.manual_remove_land(state, seat, action, pos, "sacrificed", events)

    def _do_destroy(self, state: GameState, seat: int, action: A.Destroy,
                    events: list[Event]) -> None:
        """Destroy a permanent as normal Magic does (indestructible stays; a regeneration
        shield saves a creature where the variant's ``Where`` says)."""
        perm = self._creature(state, action, action.unit)
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id))
        sba.destroy(state, self.where, perm, events, reason="destroyed by card text")

    def _do_regenerate(self, state: GameState, seat: int, action: A.Regenerate,
                       events: list[Event]) -> None:
        perm = self._creature(state, action, action.unit)
        perm.regen_shield += 1
        self._manual(events, seat, action, unit=perm.id, name=state.name(perm.id))

    def _do_roll(self, state: GameState, seat: int, action: A.Roll, events: list[Event]) -> None:
        if not 2 <= action.sides <= 1000:
            raise InvalidActionError("roll: 'sides' must be from 2 to 1000")
        rng = self.game_rng(state)
        result = rng.roll(action.sides)
        self.save_rng(state, rng)
        event: Event = {"type": "dice", "player": seat, "sides": action.sides, "result": result}
        if getattr(action, "for_card", None):
            event["for"] = getattr(action, "for_card")
        events.append(event)

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


class PoolManual(CoreManual, PoolSpells):
    """The manual actions on a board of places with strongholds, where players have no life
    (the Conquering, the War Game), with the consent rule (option ``manual_consent``).

    The variant adds three lines of its own to its ``check_may_act`` and ``legal_actions``:
    ``"consent": (A.Choose,)`` among the decisions the seat asked answers, :meth:`manual_any_time`
    before its "whose turn" check, and :meth:`consent_answers` as ``legal_actions`` for a
    ``consent`` decision (manual actions themselves are never listed).
    """

    may_change_life_by_hand: ClassVar[bool] = False

    @staticmethod
    def manual_any_time(state: GameState, action: A.Action) -> bool:
        """Whether *action* is a manual action any seat still in the game may take now, as in
        Frontier: at any time with no decision waiting and no response window open (in a
        window its responder takes them, at instant speed). The variant's ``check_may_act``
        asks this before its "whose turn" check."""
        return action.manual and state.decision is None and state.pending is None

    def manual_life(self, state: GameState, seat: int, action: A.LifeChange,
                    events: list[Event]) -> None:
        """Players have no life here: a life change by hand is refused in words."""
        raise IllegalActionError(action, f"players have no life in {self.game_words}")

    def perform(self, state: GameState, seat: int, action: A.Action, events: list[Event]) -> None:
        """The consent rule first (:meth:`consent_first`), then the action as
        :meth:`PoolSpells.perform` carries it out."""
        if self.consent_first(state, seat, action, events):
            return
        super().perform(state, seat, action, events)

    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        """A ``consent`` decision's answer; any other ``choice`` as :class:`PoolSpells`."""
        d = state.decision
        if d is not None and d.get("kind") == "consent":
            self.answer_consent(state, seat, action, events)
            return
        super()._do_choose(state, seat, action, events)


__all__ = ["CONSENT_DECLINES", "MANUAL_BOUNDS", "MOVE_ZONES", "CoreManual", "PoolManual",
           "check_bounds", "zone_of"]
