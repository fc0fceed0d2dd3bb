"""The table's intents: the main button, keep and mulligan, cancel, undo, casting, tapping,
acting on a square, confirming, leaving, hand clicks (discards, mulligan bottoms) and drops;
a mixin of :class:`~frontier_desktop.ui.scenes.table.TableScene` (its state lives there)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.session import Result
from frontier_desktop.ui.table.render import Square
from frontier_desktop.ui.table.seat import Drag, Glide
from frontier_desktop.ui.table.words import _stack_target

if TYPE_CHECKING:
    from frontier_desktop.ui.scenes.table import TableScene


def discard_of(actions: list[dict[str, Any]], cid: str, name: str) -> dict[str, Any] | None:
    """The legal discard that throws away just the clicked hand card. The variants offer it
    in their own words: ``{"card": id}`` (Frontier), ``{"card": name}`` (the Conquering, whose
    copies are alike), ``{"cards": [id]}`` (Army, the War Game); any of them matches the card
    by its id or its name."""
    for action in actions:
        refs = [action["card"]] if action.get("card") else list(action.get("cards") or ())
        if len(refs) == 1 and refs[0] in (cid, name):
            return action
    return None


class TableIntents:
    """What a player means, turned into the rules' actions (mixed into the scene)."""

    def primary(self) -> None:
        """Space / the main button: the first legal of the variant's step actions, keep, or pass."""
        if self.division.request is not None:
            self.division.confirm()
            return
        types = {a["type"] for a in self.legal}
        for kind in self.presentation.primary_order:
            if kind in types:
                self.submit({"type": kind})
                return
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and "keep" in types:
            self.keep()
            return
        hint = self.presentation.waiting_hint(self.view, self.seat, frozenset(types))
        if hint:
            self.say(hint)

    def keep(self) -> None:
        need = self.mulligans_taken()
        if len(self.bottom_pick) != need:
            self.say(f"Click {need} card(s) in your hand to put on the bottom, then Keep.")
            return
        self.submit({"type": "keep", "bottom": list(self.bottom_pick)})
        self.bottom_pick = []

    def mulligans_taken(self) -> int:
        return sum(1 for e in self.session.log(self.seat)
                   if e["seat"] == self.seat and e["action"].get("type") == "mulligan")

    def cancel(self) -> bool:
        if self.help:
            self.help = False
            return True
        if self.targeting.cancel():
            return True
        if self.menu is not None:
            self.menu = None
            return True
        if self.drag is not None:
            self.end_drag_back(self.drag)
            self.drag = None
            return True
        if self.selected is not None or self.pinned is not None:
            self.select(None)
            self.pinned = None
            return True
        if self.renderer.expanded is not None:
            self.expand(None)
            return True
        return False

    def undo(self) -> None:
        """Take back the last decision of the seat at the screen (the engine decides whether
        it may: only its own, this turn, nothing hidden shown since)."""
        if not self.session.can_undo(self.seat):
            refusal = getattr(self.session, "undo_refusal", None)
            reason = refusal(self.seat) if callable(refusal) else ""
            self.say(reason or "Nothing of yours to undo this turn.", warn=True)
            return
        if not self.session.undo(self.seat):
            self.say("Nothing of yours to undo this turn.", warn=True)
            return
        self._autosave()
        self.refresh()
        self.say("Undone.")

    def cast(self, card_id: str, name: str) -> None:
        options = [a for a in self.legal_of("cast") if a.get("card") in (name, card_id)]
        if not options:
            result = self.session.submit(self.seat, {"type": "cast", "card": card_id})
            if result.ok:  # should not happen: legal_actions lists every castable card
                self._autosave()
                self.settle()
            else:
                self.say(f"Can't cast {name}: {result.reason}", warn=True)
            return
        if self.targeting.start(card_id, name, options):
            return
        if len(options) == 1:
            self.submit(options[0])
            return
        self.menus.cast(name, options, self.input.mouse)

    def names_of(self, target: Any) -> str:
        """A target (wire form) in words: a creature, a player, a square, a spell."""
        if isinstance(target, dict) and "stack" in target:
            line = next((ln for ln in self.stack_panel.lines if ln.id == target["stack"]), None)
            return line.text.split(", targeting ")[0] if line else "that spell"
        return _stack_target(target, self.names)

    def tap_land(self, sq: Square, pos: tuple[int, int]) -> bool:
        options = self.tappable().get(sq)
        if not options:
            return False
        if len(options) == 1 and options[0].get("type") == "tap_land":
            self.submit(options[0])
            return True
        self.menus.tap_land(options, pos)
        return True

    def act_on_square(self, unit_id: str, sq: Square) -> Result | None:
        """Move, attack or act in the unit's mode on *sq* as the highlights say; None if no highlight."""
        kind = self.highlights.get(sq)
        if kind == "move":
            return self.submit(self.move_action(unit_id, sq))
        action = self.presentation.group_action(kind, self.ids_for(unit_id), sq) if kind \
            else None
        if action is None and kind:
            action = self.presentation.target_action(kind, unit_id, sq)
        return self.submit(action) if action is not None else None

    def confirm(self, question: str, action: dict[str, Any]) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene

        self.app.scenes.push(ConfirmScene(self.app, question, lambda: self.submit(action)))

    def open_record(self, path: Path) -> None:
        """Leave this game (it is autosaved) for the saved game at *path*."""
        self.files.open_record(path)

    def leave(self) -> None:
        from frontier_desktop.ui.scenes.dialogs import ConfirmScene
        from frontier_desktop.ui.scenes.main_menu import MainMenuScene

        def go() -> None:
            if self.on_leave is not None:
                self.on_leave()
                return
            self.app.scenes.reset(MainMenuScene(self.app))

        if self.view.get("game_over"):
            go()
            return
        self.app.scenes.push(ConfirmScene(self.app, self.leave_question(), go))

    def leave_question(self) -> str:
        """What leaving a game that isn't over asks, with how to come back to it."""
        return "Leave this game? It is autosaved: Continue resumes it."

    # ------------------------------------------------------------------ intents from input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.input.mouse = event.pos
        return self.consent.handle_event(event) or self.input.handle_event(event)

    def key_mode(self, mode: str) -> bool:
        """A key switches a unit to a variant mode: the unit the preview shows (hovered or
        pinned), else the selected one; False if there is none."""
        target = self.drawing.preview_target()
        uid = str(target[1].get("id")) if target and target[0] == "unit" else self.selected
        unit = self.unit(uid)
        if unit is None:
            return False
        if unit.get("controller") != self.seat:
            self.say(f"{unit.get('name', 'That creature')} is not yours.", warn=True)
            return True
        self.select(uid, mode)
        return True

    def scroll_log(self, lines: int) -> None:
        self.renderer.log_scroll = max(0, self.renderer.log_scroll + lines)
        self.renderer.rebuild()

    def hand_click(self, cid: str, name: str) -> bool:
        """Mulligan bottoms and discards are chosen by clicking hand cards."""
        decision = self.view.get("decision") or {}
        if decision.get("kind") == "mulligan" and decision.get("player") == self.seat:
            need = self.mulligans_taken()
            if cid in self.bottom_pick:
                self.bottom_pick.remove(cid)
            elif need:
                self.bottom_pick.append(cid)
                self.bottom_pick = self.bottom_pick[-need:]
            else:
                self.say("No mulligan taken: Keep keeps all seven.")
            return True
        pending = self.view.get("pending") or {}
        if pending.get("kind") == "discard" and pending.get("seat") == self.seat:
            self.pick_discard(cid, int(pending.get("count") or 1))
            return True
        action = discard_of(self.legal_of("discard"), cid, name)
        if action is not None:
            self.submit(action)
            return True
        return False

    def pick_discard(self, cid: str, count: int) -> None:
        """A "discard N cards" decision: clicking hand cards picks them (again: unpicks);
        the N-th pick discards them."""
        picks = self.local.discard_pick
        if cid in picks:
            picks.remove(cid)
        else:
            picks.append(cid)
        self.stack_panel.update()
        if len(picks) < count:
            return
        chosen, self.local.discard_pick = list(picks[:count]), []
        action = next((a for a in self.legal_of("discard")
                       if sorted(a.get("cards") or []) == sorted(chosen)), None)
        if self.submit(action or {"type": "discard", "cards": chosen}).ok is False:
            self.stack_panel.update()

    def drop_token(self, drag: Drag, sq: Square | None, over_opponent: bool) -> None:
        """A carried token was let go over *sq* (None: off the board)."""
        unit = self.unit(drag.ident)
        ids = self.ids_for(drag.ident)
        over = self.renderer.sprite_at(drag.pos)
        onto = over.id if over is not None and over.id not in ids else None
        if onto is not None and sq is None:
            sq = self.presentation.place((self.unit(onto) or {}).get("at"))

        choices = self.presentation.drop_choices(self.view, ids, sq, onto, self.legal,
                                                 onto in self.renderer.fan_ids)
        if choices:  # Army: a blocker dropped on an attacker (or on the attackers' land)
            self.end_drag_back(drag)
            if len(choices) == 1 and choices[0].action is not None:
                self.submit(dict(choices[0].action))
            else:
                from frontier_desktop.ui.table.menus import ContextMenu, MenuItem

                self.menu = ContextMenu(self.app, drag.pos, [
                    MenuItem(c.label, lambda a=dict(c.action or {}): self.submit(a), c.enabled)
                    for c in choices], str((unit or {}).get("name", "")))
            return
        home_sq = self.presentation.place(unit.get("at")) if unit else None
        if sq is None or sq == home_sq:
            if sq is None and over_opponent and unit and unit.get("can_attack_player"):
                self.submit({"type": "attack", "unit": drag.ident, "target": "player"})
                return
            self.end_drag_back(drag)
            return
        result = self.act_on_square(drag.ident, sq)
        if result is None:
            # not highlighted: ask the engine why, so the message is the rules' own reason
            probe = self.session.submit(self.seat, self.move_action(drag.ident, sq))
            if probe.ok:  # the engine allowed something the view did not list: accept it
                self._autosave()
                self.settle()
                return
            self.say(probe.reason or "You can't move there.", warn=True)
            self.end_drag_back(drag)
        elif not result.ok:
            self.end_drag_back(drag)

    def end_drag_back(self, drag: Drag) -> None:
        if drag.kind == "token" and drag.active:
            if drag.refan is not None:  # back into the fanned-out stack it came from
                self.expand(drag.refan, recompute=False)
            self.glides.append(Glide(drag.ident, (drag.pos[0] - drag.offset[0],
                                                  drag.pos[1] - drag.offset[1])))
