"""Targeting mode: casting (or activating) something with targets lights up its legal targets;
so does a triggered ability waiting for its targets (a ``targets`` decision).

Units, land squares, the players' panels and spells on the stack that may be chosen light up;
a click chooses (several targets are chosen in the order the card names them), a click on an
illegal one says why (the rules' own refusal in hot-seat, "not a legal target" over LAN), Esc
or a right-click cancels. When every target is chosen the action is submitted.

What may be chosen comes from the variant (``VariantPresentation.target_slots``, read from the
game state in hot-seat) or, when it can't tell, from grouping the legal actions' ``targets``.
Everything is computed when the mode starts, advances or the mouse moves onto something new,
never per frame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene

GENERIC_REFUSAL = "not a legal target"


def target_key(target: Any) -> str:
    """A hashable, order-independent key of a wire target (ids, [r, c], {"player": N}...)."""
    return json.dumps(target, sort_keys=True)


@dataclass
class Targeting:
    """One cast or activation waiting for its targets."""

    card_id: str
    name: str
    options: list[dict[str, Any]]
    """The legal actions this choice completes (the first one is the template)."""
    slots: list[dict[str, Any]]
    """Each ``{"text", "legal": [T, ...]}``, in the card's order."""
    ability: int | None = None
    chosen: list[Any] = field(default_factory=list)
    lit: dict[str, Any] = field(default_factory=dict)
    """key → wire target of the slot being chosen."""
    hover_key: str | None = None
    hover_text: str = ""
    modes: list[str] = field(default_factory=list)
    """A "choose one" card's modes; while ``mode`` is None the player picks one first."""
    mode: int | None = None
    mode_rects: list[pygame.Rect] = field(default_factory=list)
    x_pays: list[Any] = field(default_factory=list)
    """For {X}: the payment of each X the player can afford (index = X)."""
    x: int = 0
    x_rects: tuple[pygame.Rect, pygame.Rect, pygame.Rect] | None = None
    """The X spinner: (minus, the value, plus)."""
    stack: str | None = None
    """A triggered ability's targets (a ``targets`` decision): the stack item they answer.
    Finished with a ``targets`` action; it can't be cancelled (only optional targets left)."""
    optional: list[bool] = field(default_factory=list)
    """Per slot of a triggered ability: may it be left out."""
    origin: bool = False
    """Choosing the originating land of an effect with no target (Army: the ``origin`` of
    the legal casts), not targets."""
    reach: set[Any] = field(default_factory=set)
    """The places the card's targets can reach (Army's range), lit softly under the targets."""

    @property
    def index(self) -> int:
        return len(self.chosen)

    @property
    def slot(self) -> dict[str, Any]:
        return self.slots[min(self.index, len(self.slots) - 1)]

    def instruction(self) -> str:
        if self.modes and self.mode is None:
            return f"{self.name}: choose one of its modes. Esc cancels."
        what = str(self.slot.get("text") or "a target")
        n = len(self.slots)
        step = f" ({self.index + 1} of {n})" if n > 1 else ""
        if self.stack is not None:
            rest = " Esc: no more targets." if self.may_stop() else ""
            return f"{self.name}: choose {what}{step}.{rest}"
        return f"{self.name}: choose {what}{step}. Esc cancels."

    def may_stop(self) -> bool:
        """A triggered ability's targets: whether every target still to choose is optional."""
        return all(self.optional[self.index:]) if self.optional else False


def slots_from_actions(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The target slots the legal actions show: the i-th slot's choices are every action's
    i-th target (over LAN the table has no game state to ask)."""
    n = max((len(a.get("targets") or []) for a in options), default=0)
    slots: list[dict[str, Any]] = []
    for i in range(n):
        seen: dict[str, Any] = {}
        for a in options:
            targets = a.get("targets") or []
            if i < len(targets):
                seen.setdefault(target_key(targets[i]), targets[i])
        slots.append({"text": "a target", "legal": list(seen.values())})
    return slots


def mode_of(action: dict[str, Any]) -> int:
    """The (first) mode of a listed cast (0 when it names none)."""
    mode = action.get("mode", 0)
    if isinstance(mode, list):
        return int(mode[0]) if mode else 0
    return int(mode) if isinstance(mode, int) else 0


def listed_modes(options: list[dict[str, Any]], words: list[str]) -> list[str]:
    """The modes to offer as buttons when the legal actions list several (LAN): their words
    from the card's text, or "Mode N"; [] when only one mode is listed."""
    listed = {mode_of(a) for a in options}
    if len(listed) < 2:
        return []
    count = max(max(listed) + 1, len(words))
    return [words[k] if k < len(words) else f"Mode {k + 1}" for k in range(count)]


def listed_x_pays(options: list[dict[str, Any]]) -> list[Any]:
    """For an {X} spell over LAN: the payment of each X the legal actions list (index = X,
    from 0 up while they are listed without a gap); [] without X."""
    by_x: dict[int, Any] = {}
    for a in options:
        x = a.get("x", 0)
        if isinstance(x, int) and x not in by_x:
            by_x[x] = list(a.get("pay") or [])
    if len(by_x) < 2:
        return []
    out: list[Any] = []
    while len(out) in by_x:
        out.append(by_x[len(out)])
    return out


class TargetingPart:
    """Starts, advances, draws and submits the table's targeting mode."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    @property
    def active(self) -> Targeting | None:
        t = self.scene.local.targeting
        return t if isinstance(t, Targeting) else None

    # ------------------------------------------------------------------ start / stop
    def start(self, card_id: str, name: str, options: list[dict[str, Any]],
              ability: int | None = None) -> bool:
        """Enter targeting mode for *options* (legal actions with ``targets``); False when
        the choice can't be made by clicking (the caller falls back to a menu)."""
        s = self.scene
        targeted = [a for a in options if a.get("targets")]
        state = getattr(s.session, "state", None)
        hot = state is not None and s.hotseat
        if ability is None:
            # A "choose one" card: its modes as buttons first. Hot-seat reads them from the
            # state; over LAN the host lists each mode and each X the player can pay
            # (rules/core/cast_choices.py) and checks whatever is sent.
            modes = s.presentation.card_modes(state, card_id) if hot else \
                listed_modes(options, self._mode_words(name))
            if len(modes) > 1:
                t = Targeting(card_id, name, list(options), [], ability, modes=modes)
                t.x_pays = s.presentation.x_payments(state, s.seat, card_id) if hot else \
                    listed_x_pays(options)
                s.local.targeting = t
                s.local.menu = None
                self.layout_modes(t)
                s.say(t.instruction())
                return True
        if not targeted:
            return self.start_origin(card_id, name, options, ability)
        slots = None
        if state is not None and s.hotseat:
            slots = s.presentation.target_slots(state, s.seat, card_id, ability)
        if not slots:
            slots = slots_from_actions(targeted)
        if not slots or any(not slot.get("legal") for slot in slots):
            return False
        t = Targeting(card_id, name, targeted, [dict(slot) for slot in slots], ability)
        if state is not None:
            t.reach = s.presentation.target_range(state, s.seat, card_id, ability)
        if ability is None:
            t.x_pays = s.presentation.x_payments(state, s.seat, card_id) if (
                state is not None and s.hotseat) else listed_x_pays(options)
            if len(t.x_pays) > 1:
                t.x = len(t.x_pays) - 1  # the most the player can pay; − lowers it
                self.layout_x(t)
        s.local.targeting = t
        s.local.menu = None
        self._light(t)
        s.say(t.instruction())
        return True

    def start_trigger(self, pending: dict[str, Any]) -> bool:
        """Enter targeting mode for a triggered ability's ``targets`` decision (the view's
        ``pending``: per slot its legal targets); the answer is a ``targets`` action."""
        s = self.scene
        texts = list(pending.get("texts") or [])
        options = [list(o) for o in pending.get("options") or []]
        if not options:
            return False
        slots = [{"text": texts[i] if i < len(texts) else "a target", "legal": legal}
                 for i, legal in enumerate(options)]
        card = str(pending.get("card") or "A card")
        t = Targeting(str(pending.get("stack")), f"{card}'s triggered ability",
                      [a for a in s.legal if a.get("type") == "targets"], slots,
                      stack=str(pending.get("stack")),
                      optional=[bool(o) for o in pending.get("optional") or []])
        s.local.targeting = t
        s.local.menu = None
        self._light(t)
        s.say(t.instruction())
        return True

    def start_origin(self, card_id: str, name: str, options: list[dict[str, Any]],
                     ability: int | None = None) -> bool:
        """Choose the land an untargeted effect comes from (Army Magic's ``origin``): the
        legal ones lit, the range under them; False when there is no such choice."""
        s = self.scene
        origins: dict[str, Any] = {}
        for a in options:
            if a.get("origin") is not None:
                origins.setdefault(target_key(a["origin"]), a["origin"])
        if len(origins) < 2:
            return False
        slot = {"text": "the land its effect comes from (it reaches that land and the lands "
                        "next to it)", "legal": list(origins.values())}
        t = Targeting(card_id, name, [a for a in options if a.get("origin") is not None],
                      [slot], ability, origin=True)
        state = getattr(s.session, "state", None)
        if state is not None:
            t.reach = s.presentation.target_range(state, s.seat, card_id, ability)
        s.local.targeting = t
        s.local.menu = None
        self._light(t)
        s.say(t.instruction())
        return True

    def _mode_words(self, name: str) -> list[str]:
        """A "choose one" card's modes in words, from its text (the card data by name)."""
        card = self.scene.info.get(name)
        text = card.oracle_text if card is not None else ""
        if "choose" not in text.lower():
            return []
        return [ln.lstrip("•").strip() for ln in text.splitlines()
                if ln.strip().startswith("•")]

    def cancel(self) -> bool:
        s = self.scene
        t = self.active
        if t is None:
            return False
        if t.stack is not None:  # a decision of the rules: it must be answered
            if t.may_stop():
                self.finish(t)
            else:
                s.say(t.instruction(), warn=True)
            return True
        s.local.targeting = None
        s.say("Cancelled.")
        return True

    def choose_mode(self, t: Targeting, mode: int) -> None:
        """A mode of a "choose one" card was picked: its targets light up (none: cast it)."""
        s = self.scene
        state = getattr(s.session, "state", None)
        if state is not None and s.hotseat:
            slots = s.presentation.target_slots(state, s.seat, t.card_id, t.ability, mode) or []
        else:  # LAN: the mode's listed casts say what it may target
            mine = [a for a in t.options if mode_of(a) == mode]
            if not mine:
                s.say(f"{t.name}: that mode can't be cast now.", warn=True)
                return
            slots = slots_from_actions(mine)
            t.options = mine
        t.mode, t.slots, t.mode_rects = mode, [dict(slot) for slot in slots], []
        if not slots:
            self.finish(t)
            return
        if t.x_pays and len(t.x_pays) > 1 and t.x_rects is None:
            t.x = len(t.x_pays) - 1
            self.layout_x(t)
        if any(not slot.get("legal") for slot in slots):
            s.say(f"{t.name}: that mode has nothing to target.", warn=True)
            t.mode, t.slots = None, []
            self.layout_modes(t)
            return
        self._light(t)
        s.say(t.instruction())

    def layout_modes(self, t: Targeting) -> None:
        """One button a mode, stacked over the middle of the board."""
        s = self.scene
        lay = s.renderer.layout
        if lay is None:
            return
        px = s.app.px
        w = min(lay.board.w, px(520))
        h = s.app.fonts.font(14).get_linesize() + px(14)
        top = lay.board.centery - (len(t.modes) * (h + px(6))) // 2
        t.mode_rects = [pygame.Rect(lay.board.centerx - w // 2, top + i * (h + px(6)), w, h)
                        for i in range(len(t.modes))]

    def layout_x(self, t: Targeting) -> None:
        """The X spinner, at the right end of the opponent's off-board strip."""
        s = self.scene
        lay = s.renderer.layout
        if lay is None:
            return
        px = s.app.px
        h = min(px(34), lay.opp_strip.h - px(8))
        plus = pygame.Rect(0, 0, h, h)
        plus.midright = (lay.opp_strip.right - px(8), lay.opp_strip.centery)
        value = pygame.Rect(0, 0, px(90), h)
        value.midright = (plus.left - px(4), plus.centery)
        minus = pygame.Rect(0, 0, h, h)
        minus.midright = (value.left - px(4), plus.centery)
        t.x_rects = (minus, value, plus)

    def _light(self, t: Targeting) -> None:
        t.lit = {target_key(x): x for x in t.slot.get("legal") or []}
        t.hover_key, t.hover_text = None, ""

    # ------------------------------------------------------------------ hit tests
    def target_at(self, pos: tuple[int, int]) -> Any:
        """The wire target under *pos*: a spell on the stack, a unit, a player's panel, a
        land's square; None if nothing."""
        s = self.scene
        item = s.stack_panel.item_at(pos)
        if item is not None:
            return {"stack": item}
        sprite = s.renderer.sprite_at(pos)
        if sprite is not None:
            return sprite.id
        lay = s.renderer.layout
        players = s.view.get("players") or []
        if lay is not None and len(players) == 2:
            if lay.own_panel.collidepoint(pos):
                return {"player": s.seat}
            if lay.opp_panel.collidepoint(pos) or lay.opp_hand.collidepoint(pos):
                return {"player": 1 - s.seat}
        elif lay is not None:  # three or four players: a row of the players panel
            if lay.own_panel.collidepoint(pos):
                return {"player": s.seat}
            for rect, seat in getattr(s.renderer, "player_rects", ()):
                if rect.collidepoint(pos):
                    return {"player": seat}
        sq = s.renderer.square_at(pos)
        if sq is not None and isinstance(sq, tuple):
            return [int(sq[0]), int(sq[1])]
        return sq if isinstance(sq, str) else None  # an area or a stronghold, by its name

    def refusal(self, t: Targeting, target: Any) -> str:
        s = self.scene
        state = getattr(s.session, "state", None)
        reason = ""
        if t.origin:
            return f"{s.names_of(target)}: not a land {t.name}'s effect can come from " \
                   "(only your lands and the lands next to them)."
        if state is not None and s.hotseat and t.stack is not None:
            from frontier_desktop.rules.core.trigger_targets import trigger_target_refusal

            reason = trigger_target_refusal(state, s.seat, t.stack, t.index, target)
        elif state is not None and s.hotseat:
            reason = s.presentation.target_refusal(state, s.seat, t.card_id, t.ability,
                                                   t.index, target)
        return reason or f"{s.names_of(target)}: {GENERIC_REFUSAL}."

    # ------------------------------------------------------------------ input
    def motion(self, pos: tuple[int, int]) -> None:
        t = self.active
        if t is None or (t.modes and t.mode is None):
            return
        target = self.target_at(pos)
        key = target_key(target) if target is not None else None
        if key == t.hover_key:
            return
        t.hover_key = key
        if target is None:
            t.hover_text = ""
        elif key in t.lit:
            t.hover_text = f"Choose {self.scene.names_of(target)}"
        else:
            t.hover_text = self.refusal(t, target)

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click while targeting (always taken: the mode owns the board)."""
        s = self.scene
        t = self.active
        if t is None:
            return False
        if t.x_rects is not None:
            minus, value, plus = t.x_rects
            if minus.collidepoint(pos) or plus.collidepoint(pos):
                top = len(t.x_pays) - 1
                t.x = max(0, min(top, t.x + (1 if plus.collidepoint(pos) else -1)))
                s.say(f"X = {t.x} (you can pay up to {top}).")
                return True
            if value.collidepoint(pos):
                return True
        if t.modes and t.mode is None:
            for i, rect in enumerate(t.mode_rects):
                if rect.collidepoint(pos):
                    self.choose_mode(t, i)
                    return True
            s.say(t.instruction())
            return True
        target = self.target_at(pos)
        if target is None:
            s.say(t.instruction())
            return True
        key = target_key(target)
        if key not in t.lit:
            s.say(self.refusal(t, target), warn=True)
            return True
        t.chosen.append(t.lit[key])
        if len(t.chosen) < len(t.slots) and t.slot.get("legal"):
            self._light(t)
            s.say(t.instruction())
            return True
        self.finish(t)
        return True

    def finish(self, t: Targeting) -> None:
        s = self.scene
        s.local.targeting = None
        if t.stack is not None:
            s.submit({"type": "targets", "targets": list(t.chosen)})
            return
        if t.origin:
            chosen = target_key(t.chosen[0])
            s.submit(next(a for a in t.options if target_key(a.get("origin")) == chosen))
            return
        want = [target_key(x) for x in t.chosen]
        action = next((a for a in t.options
                       if [target_key(x) for x in a.get("targets") or []] == want), None)
        if action is None or t.mode is not None:
            action = dict(action or t.options[0])
            action["targets"] = list(t.chosen)
            if not t.chosen:
                action.pop("targets", None)
        if t.mode is not None:
            action["mode"] = t.mode
        if t.x_pays:
            action = dict(action)
            action["x"] = t.x
            action["pay"] = t.x_pays[min(t.x, len(t.x_pays) - 1)]
        s.submit(action)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        t = self.active
        s = self.scene
        r = s.renderer
        lay = r.layout
        if t is None or lay is None:
            return
        pal, fonts, px = s.app.palette, s.app.fonts, s.app.px
        mouse = s.input.mouse
        for i, rect in enumerate(t.mode_rects if t.mode is None else []):
            fill = pal.bg_panel_hi if not rect.collidepoint(mouse) else pal.bg_panel
            pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=8)
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            pygame.draw.rect(surface, pal.accent, rect, 2, border_radius=8)
            line = fonts.fit(t.modes[i], 14, pal.text, rect.w - px(16))
            surface.blit(line, line.get_rect(center=rect.center))
        if t.x_rects is not None:
            minus, value, plus = t.x_rects
            top = len(t.x_pays) - 1
            for rect, label, on in ((minus, "−", t.x > 0), (plus, "+", t.x < top)):
                pygame.draw.rect(surface, pal.bg_panel_hi, rect, border_radius=6)
                pygame.draw.rect(surface, pal.accent if on else pal.text_dim, rect, 1,
                                 border_radius=6)
                g = fonts.text(label, 16, pal.text if on else pal.text_dim, True)
                surface.blit(g, g.get_rect(center=rect.center))
            pygame.draw.rect(surface, pal.bg_panel, value, border_radius=6)
            g = fonts.fit(f"X = {t.x}", 14, pal.accent, value.w - px(6), True)
            surface.blit(g, g.get_rect(center=value.center))
        cw, ch = lay.cell
        for place in t.reach:  # the range, under the targets
            rect = r.place_rect(place)
            if rect is not None:
                surface.blit(r.tile("range", (cw - 2, ch - 2)), (rect.x + 1, rect.y + 1))
        pulse = 3
        for target in t.lit.values():
            rect = self.rect_of(target)
            if rect is None:
                continue
            if isinstance(target, str) and target in r.sprites:
                sprite = r.sprites[target]
                pygame.draw.circle(surface, pal.accent, sprite.home, sprite.radius + 6, pulse)
            else:
                pygame.draw.rect(surface, pal.accent, rect.inflate(4, 4), 3, border_radius=8)
        if t.hover_text:
            mouse = s.input.mouse
            ok = t.hover_key in t.lit
            line = fonts.fit(t.hover_text, 13, pal.text if ok else pal.warn,
                             max(px(120), s.app.size[0] // 2))
            box = line.get_rect(topleft=(mouse[0] + px(16), mouse[1] + px(14))).inflate(
                px(12), px(8))
            box.clamp_ip(pygame.Rect((0, 0), s.app.size))
            pygame.draw.rect(surface, pal.bg_panel_hi, box, border_radius=6)
            pygame.draw.rect(surface, pal.accent if ok else pal.warn, box, 1, border_radius=6)
            surface.blit(line, line.get_rect(center=box.center))

    def rect_of(self, target: Any) -> pygame.Rect | None:
        """Where *target* (wire form) is on the screen, or None."""
        s = self.scene
        r = s.renderer
        lay = r.layout
        if lay is None:
            return None
        if isinstance(target, str):
            sprite = r.sprites.get(target)
            if sprite is None:
                return None
            d = sprite.radius * 2
            return pygame.Rect(sprite.home[0] - sprite.radius, sprite.home[1] - sprite.radius,
                               d, d)
        if isinstance(target, list) and len(target) == 2:
            return r.place_rect((int(target[0]), int(target[1])))
        if isinstance(target, dict) and "player" in target:
            return lay.own_panel if target["player"] == s.seat else lay.opp_panel
        if isinstance(target, dict) and "stack" in target:
            return s.stack_panel.rect_of(str(target["stack"]))
        return None
