"""The decks and the start of a hosted game: a guest's deck (and Army sections) checked
against the card data and the deck rules, what the game starts from committed to before any
nonce is revealed, and the game created once the seed is agreed."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.host_base import HostBase, Sections
from frontier_desktop.rules import Card, GameState, RulesError, find_variant

Brought = Mapping[int, tuple[list[Card] | None, Sections | None]]
"""Seat → the deck (and Army sections) its guest brought (``None``: the host's choice)."""


def _with_consent(variant: str, options: Any) -> dict[str, Any]:
    """*options* with ``manual_consent`` on, where the variant has that option: in LAN play a
    manual action on the other player's things is a request they accept or decline."""
    out = dict(options) if isinstance(options, Mapping) else {}
    try:
        known = find_variant(variant).default_options
    except (KeyError, ValueError):
        return out
    if "manual_consent" in known:
        out["manual_consent"] = True
    return out


def _consent_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """A record header with the consent rule on (see :func:`_with_consent`): in its options,
    or in its position's when the game started from a position."""
    out = dict(header)
    variant = str(out.get("variant", "frontier"))
    if isinstance(out.get("position"), Mapping):
        position = dict(out["position"])
        position["options"] = _with_consent(variant, position.get("options"))
        out["position"] = position
    else:
        out["options"] = _with_consent(variant, out.get("options"))
    return out


def _same_game(a: GameState, b: GameState) -> bool:
    """Whether two states are the same game (options and the log aside)."""
    def game(state: GameState) -> str:
        wire = state.to_wire()
        for key in ("options", "log"):
            wire.pop(key, None)
        return json.dumps(wire, sort_keys=True, default=str)

    return game(a) == game(b)


class GuestDeckError(ValueError):
    """The guest's deck cannot be played; the message is sent to the guest as it is."""


class HostDecks(HostBase):
    """The host's decks and set-up (see the module docstring)."""

    def _uses_sections(self) -> bool:
        """Whether this game starts from deck sections beside the decks (Army Magic)."""
        return self.source.sections is not None

    def _guest_deck(self, hello: Mapping[str, Any],
                    seat: int) -> tuple[list[Card] | None, Sections | None]:
        """The guest's deck (and its Army sections) when the host plays one for the guest's
        seat from the hello (or its fallback), checked now; ``(None, None)`` when the host
        fixed it (or the source has no decks).

        Raises:
            GuestDeckError: the deck cannot be played (the message says why).
        """
        src = self.source
        if src.record is not None or src.position is not None or src.decks is None \
                or seat >= len(src.decks) or src.decks[seat] is not None:
            return None, None
        sent = hello.get("deck")
        if sent is None and src.guest_fallback is not None:
            return list(src.guest_fallback), (
                {k: list(v) for k, v in src.guest_fallback_sections.items()}
                if self._uses_sections() and src.guest_fallback_sections is not None else None)
        return self._resolve_deck(sent, hello.get("sections"))

    def _decks(self, brought: Brought) -> list[list[Card]]:
        """Every deck in the canonical order the game shuffles from (*brought*: seat → the
        deck and sections its guest brought)."""
        decks = list(self.source.decks or [None] * self.players)
        for seat, (deck, _) in brought.items():
            if deck is not None:
                decks[seat] = deck
        if any(d is None for d in decks):
            raise GuestDeckError("this host has no deck for the guest's seat")
        return [fairness.canonical_deck(d) for d in decks if d is not None]

    def _sections(self, brought: Brought) -> list[Sections] | None:
        """Every player's Army deck sections in the canonical order (None: not Army)."""
        if not self._uses_sections():
            return None
        sections = list(self.source.sections or [None] * self.players)
        for seat, (_, parts) in brought.items():
            if parts is not None:
                sections[seat] = parts
        if any(s is None for s in sections):
            raise GuestDeckError("your army has no home base, land grid or initial forces: "
                                 "this host needs an Army deck with its sections")
        return [fairness.canonical_sections(s) for s in sections if s is not None]

    def _served_record(self) -> tuple[dict[str, Any], GameState]:
        """The saved game served (``GameSource.record``): its header and state, with the
        consent rule turned on when its log means the same under it (a manual action in a
        hot-seat save that touched the other player's things would become a request). Else
        it plays on without the rule, and the guest sees that and says so."""
        from frontier_desktop.record import replay

        if self._served is None:
            assert self.source.record is not None
            header, actions = self.source.record
            header = {k: v for k, v in header.items() if k != "lan"}
            state = replay(header, actions)
            consent = _consent_header(header)
            try:
                ruled: GameState | None = replay(consent, actions)
            except (RulesError, ValueError, KeyError):
                ruled = None
            if ruled is not None and _same_game(ruled, state):
                header, state = consent, ruled
            self._served = (header, state)
        return self._served

    def _lan_position(self) -> dict[str, Any]:
        """The position file's document with the consent rule turned on (see
        :func:`_with_consent`): what the host commits to and plays."""
        position = dict(self.source.position or {})
        position["options"] = _with_consent(str(position.get("variant", "frontier")),
                                            position.get("options"))
        return position

    def _setup_document(self, brought: Brought) -> dict[str, Any]:
        """What the game will start from besides the seed (committed to in ``welcome``)."""
        from frontier_desktop.record import position_header
        from frontier_desktop.rules import find_variant

        src = self.source
        if src.record is not None:
            return fairness.setup_document(self._served_record()[0])
        if src.position is not None:
            return fairness.setup_document(position_header(self._lan_position()))
        document: dict[str, Any] = {
            "variant": find_variant(src.variant).name,
            "decks": [[card.name for card in deck] for deck in self._decks(brought)]}
        sections = self._sections(brought)
        if sections is not None:  # the same as the record header's ``players[i].sections``
            document["sections"] = [{k: [card.name for card in v] for k, v in s.items()}
                                    for s in sections]
        return document

    # ------------------------------------------------------------------ game set-up
    def _create_game(self) -> None:
        from frontier_desktop.record import initial_state, new_game, position_header

        src = self.source
        nonces = [g.nonce for g in self.guests.values()]
        assert all(n is not None for n in nonces)
        seed: int | str = fairness.derive_seed(self.host_nonce, *[str(n) for n in nonces]) \
            if self.seed_mode in fairness.DRAWN_FAIRLY \
            else (src.seed if src.seed is not None else 0)
        names = self._start_names()
        if src.record is not None:
            _, actions = src.record
            self.header, self.state = self._served_record()
            self.actions = [dict(a) for a in actions]
        elif src.position is not None:
            position = self._lan_position()
            position["seed"] = seed
            self.header = position_header(position)
            self.state = initial_state(self.header)
        else:
            brought = {g.seat: (g.deck, g.sections) for g in self.guests.values()}
            decks = self._decks(brought)
            self.state, self.header = new_game(src.variant, decks, names, seed=seed,
                                               options=_with_consent(src.variant, src.options),
                                               sections=self._sections(brought))
        self.base_actions = len(self.actions)
        self.salts = fairness.make_salts(self.state)
        self.commitments = fairness.commitments(self.state, self.salts)

    def _resolve_deck(self, names: Any, sections: Any = None
                      ) -> tuple[list[Card], Sections | None]:
        """The guest's deck (and, in an Army game, its sections) from its hello, checked
        against the card data and the deck rules.

        Raises:
            GuestDeckError: no deck, an unknown card, or a deck the rules forbid (the
                message, sent to the guest, says which).
        """
        if not isinstance(names, list) or not names or len(names) > 500:
            raise GuestDeckError("your deck is empty or too large (a list of 1-500 card names)")
        if self.resolve_card is None:
            raise GuestDeckError("this host takes no deck from the guest")
        deck = self._cards(names, "your deck")
        parts: Sections | None = None
        if self._uses_sections():
            parts = self._resolve_sections(sections)
        elif sections is not None:
            raise GuestDeckError("your deck has Army Magic sections (home base, land grid or "
                                 "initial forces), but this host plays "
                                 f"{find_variant(self.source.played_variant()).title}")
        if self.check_deck is not None:
            problems = list(self.check_deck(names) if parts is None else self.check_deck(
                names, sections={k: [c.name for c in v] for k, v in parts.items()}))
            if problems:
                raise GuestDeckError("your deck is not legal for this game: "
                                     + "; ".join(problems)[:250])
        return deck, parts

    def _cards(self, names: Sequence[Any], what: str) -> list[Card]:
        """Rules cards for card names sent by the guest (:meth:`_resolve_deck`)."""
        assert self.resolve_card is not None
        cards = []
        for name in names:
            card = self.resolve_card(name) if isinstance(name, str) else None
            if card is None:
                raise GuestDeckError(f"{what} names a card this host does not know: "
                                     f"{name!r:.60}")
            cards.append(card)
        return cards

    def _resolve_sections(self, sections: Any) -> Sections:
        """The guest's Army sections from its hello (the protocol has bounded their shape).

        Raises:
            GuestDeckError: none sent, or a section naming a card the host does not know.
        """
        if not isinstance(sections, Mapping) or not sections.get("land_grid"):
            raise GuestDeckError("your army has no land grid: an Army deck lists its home base "
                                 "and the 14 other lands of its half of the board")
        words = {"home_base": "your home base", "land_grid": "your land grid",
                 "initial_forces": "your initial forces"}
        return {key: self._cards(list(sections[key]), words[key])
                for key in fairness.SECTION_NAMES if key in sections}
