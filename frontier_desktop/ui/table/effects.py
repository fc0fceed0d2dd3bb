"""Cosmetic combat overlays: lunges, damage numbers, fading casualties, trample streaks.

The view is already the new state when an effect starts: effects only draw on top of it
(a lunging attacker is drawn offset from its square, a dead creature's old sprite fades where
it stood) and never hold up input or the state. Times are in seconds at animation speed 1;
``Effects.update`` scales them by the player's animation speed setting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from frontier_desktop.ui.table.markers import marker_for

if TYPE_CHECKING:
    from frontier_desktop.ui.table.render import TableRenderer, TokenSprite

LUNGE_S = 0.36
"""Out and back of an attacker."""
HIT_AT = 0.5
"""Fraction of the lunge at which the blow lands (damage numbers, deaths start then)."""
FADE_S = 0.7
FLOAT_S = 1.2
STREAK_S = 0.6

Point = tuple[float, float]


@dataclass
class Floater:
    """A short-lived number or word rising over the table (damage, dice, trample)."""

    text: str
    pos: tuple[int, int]
    colour: tuple[int, int, int]
    t: float = 0.0
    life: float = FLOAT_S
    delay: float = 0.0


@dataclass
class Lunge:
    """An attacker jumping toward its target and back."""

    unit: str
    toward: Point
    t: float = 0.0


@dataclass
class Fade:
    """A creature that died: its last sprite sinks and fades where it stood."""

    unit: str
    surface: pygame.Surface
    badges: list[tuple[pygame.Surface, tuple[int, int]]]
    pos: tuple[int, int]
    delay: float = 0.0
    t: float = 0.0


@dataclass
class Streak:
    """Damage carried on past the defender (trample): a line that thins out."""

    start: Point
    end: Point
    colour: tuple[int, int, int]
    delay: float = 0.0
    t: float = 0.0


@dataclass
class Effects:
    """Every running overlay of a table."""

    floaters: list[Floater] = field(default_factory=list)
    lunges: list[Lunge] = field(default_factory=list)
    fades: list[Fade] = field(default_factory=list)
    streaks: list[Streak] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return bool(self.floaters or self.lunges or self.fades or self.streaks)

    def clear(self) -> None:
        self.floaters.clear()
        self.lunges.clear()
        self.fades.clear()
        self.streaks.clear()

    # ------------------------------------------------------------------ events → effects
    def from_events(self, events: list[dict[str, Any]], renderer: TableRenderer, seat: int,
                    ) -> None:
        """Start the overlays for one accepted action's *events* (before the view refresh, so
        the renderer's sprites are still where things stood)."""
        lay = renderer.layout
        if lay is None:
            return
        hit = 0.0
        last_target: Point | None = None

        def player_pos(player: Any) -> tuple[int, int]:
            panel = lay.own_panel if player == seat else lay.opp_panel
            return panel.center

        for e in events:
            kind = e.get("type")
            if kind == "attack":
                sprite = renderer.sprites.get(str(e.get("unit")))
                target = e.get("target")
                if target == "player" or not isinstance(target, list):
                    goal: Point = player_pos(1 - seat if sprite is None or
                                             sprite.unit.get("controller") == seat else seat)
                else:
                    goal = renderer.square_rect((int(target[0]), int(target[1]))).center
                last_target = goal
                for uid in e.get("units") or [e.get("unit")]:
                    if str(uid) in renderer.sprites:
                        self.lunges.append(Lunge(str(uid), goal))
                hit = LUNGE_S * HIT_AT
            elif kind == "damage":
                pos: tuple[int, int] | None = None
                if e.get("target") == "player":
                    pos = player_pos(e.get("player"))
                elif e.get("target") == "land" and isinstance(e.get("at"), list):
                    # Army Magic: damage to a land's life die
                    at = e["at"]
                    pos = renderer.square_rect((int(at[0]), int(at[1]))).center
                else:
                    sprite = renderer.sprites.get(str(e.get("target")))
                    pos = sprite.home if sprite else None
                if pos is not None:
                    # several creatures of one stack: spread the numbers a little
                    n = sum(1 for f in self.floaters if f.pos[0] // 8 == pos[0] // 8 and
                            f.pos[1] // 8 == pos[1] // 8 and f.t == 0.0)
                    self.floaters.append(Floater(f"-{e.get('amount')}",
                                                 (pos[0] + 14 * n, pos[1] - 6 * n),
                                                 (255, 90, 80), delay=hit))
            elif kind == "trample":
                at = e.get("at")
                start = last_target
                sprite = renderer.sprites.get(str(e.get("unit")))
                if start is None and sprite is not None:
                    start = sprite.home
                if start is None:
                    continue
                if isinstance(at, list):
                    end: Point = renderer.square_rect((int(at[0]), int(at[1]))).center
                    self.streaks.append(Streak(start, end, (255, 170, 60), delay=hit))
                    self.floaters.append(Floater(f"trample {e.get('amount')}",
                                                 (int(end[0]), int(end[1]) - 30),
                                                 (255, 170, 60), delay=hit + 0.1))
                else:
                    self.floaters.append(Floater(f"{e.get('amount')} trample lost",
                                                 (int(start[0]), int(start[1]) + 34),
                                                 (200, 200, 200), delay=hit + 0.1))
            elif kind == "captured" and renderer.place_rect(
                    renderer.pres.place(e.get("at"))) is not None:
                # Army Magic: a land brought to 0 changes hands; the Conquering: an area
                # conquered (a triangle area or a stronghold too)
                rect = renderer.place_rect(renderer.pres.place(e.get("at")))
                assert rect is not None
                centre = rect.center
                by = e.get("by")
                colour = marker_for(by, renderer.app.palette)[0] if isinstance(by, int) \
                    else (230, 230, 230)
                self.floaters.append(Floater("taken", (centre[0], centre[1] + 24), colour,
                                             delay=hit + 0.35, life=FLOAT_S * 1.2))
            elif kind in ("died", "left"):
                sprite = renderer.sprites.get(str(e.get("unit")))
                if sprite is not None:
                    self.fades.append(_fade_of(sprite, hit))
                    if kind == "died":
                        self.floaters.append(Floater("dies", (sprite.home[0], sprite.home[1] + 40),
                                                     (230, 230, 230), delay=hit + 0.3,
                                                     life=FLOAT_S * 0.8))
        # a trample that reaches the opponent: streak from the defender to their panel
        for e in events:
            if e.get("type") == "damage" and e.get("target") == "player" and last_target and \
                    any(x.get("type") == "attack" and isinstance(x.get("target"), list)
                        for x in events):
                self.streaks.append(Streak(last_target, player_pos(e.get("player")),
                                           (255, 170, 60), delay=hit))

    # ------------------------------------------------------------------ time
    def update(self, dt: float, speed: float) -> None:
        step = dt * speed
        for f in self.floaters:
            f.t += step
        self.floaters = [f for f in self.floaters if f.t < f.delay + f.life]
        for lunge in self.lunges:
            lunge.t += step
        self.lunges = [g for g in self.lunges if g.t < LUNGE_S]
        for fade in self.fades:
            fade.t += step
        self.fades = [f for f in self.fades if f.t < f.delay + FADE_S]
        for s in self.streaks:
            s.t += step
        self.streaks = [s for s in self.streaks if s.t < s.delay + STREAK_S]

    def offset(self, unit: str, home: tuple[int, int]) -> tuple[int, int] | None:
        """Where a lunging unit is drawn now, or None when it isn't lunging."""
        for lunge in self.lunges:
            if lunge.unit == unit:
                k = math.sin(math.pi * min(1.0, lunge.t / LUNGE_S)) * 0.55
                return (int(home[0] + (lunge.toward[0] - home[0]) * k),
                        int(home[1] + (lunge.toward[1] - home[1]) * k))
        return None

    # ------------------------------------------------------------------ draw
    def draw_under(self, surface: pygame.Surface, *, lunging: bool = False) -> None:
        """Fading casualties and streaks, under the living tokens; with *lunging*, only the
        casualties still in their attack lunge (drawn over the tokens they hit)."""
        moving = {g.unit for g in self.lunges}
        for fade in self.fades:
            if (fade.unit in moving) != lunging:
                continue
            if fade.t < fade.delay:
                a = 1.0
            else:
                a = max(0.0, 1.0 - (fade.t - fade.delay) / FADE_S)
            alpha = int(255 * a)
            sink = int(14 * (1 - a))
            x, y = self.offset(fade.unit, fade.pos) or fade.pos  # a dying attacker lunges too
            fade.surface.set_alpha(alpha)
            surface.blit(fade.surface, fade.surface.get_rect(center=(x, y + sink)))
            if a > 0.6:
                for badge, (dx, dy) in fade.badges:
                    surface.blit(badge, (x + dx, y + dy + sink))
        if lunging:
            return
        for s in self.streaks:
            if s.t < s.delay:
                continue
            k = (s.t - s.delay) / STREAK_S
            head = min(1.0, k * 2.5)
            end = (s.start[0] + (s.end[0] - s.start[0]) * head,
                   s.start[1] + (s.end[1] - s.start[1]) * head)
            width = max(1, int(9 * (1 - k)))
            pygame.draw.line(surface, s.colour, s.start, end, width)
            pygame.draw.circle(surface, s.colour, (int(end[0]), int(end[1])), width + 3)

    def draw_over(self, surface: pygame.Surface, fonts: Any) -> None:
        """Damage numbers and words (over everything on the board)."""
        for f in self.floaters:
            if f.t < f.delay:
                continue
            a = (f.t - f.delay) / f.life
            t = fonts.text(f.text, 22, f.colour, True)
            rect = t.get_rect(center=(f.pos[0], f.pos[1] - int(40 * a)))
            shadow = fonts.text(f.text, 22, (0, 0, 0), True)
            surface.blit(shadow, rect.move(2, 2))
            surface.blit(t, rect)


def _fade_of(sprite: TokenSprite, delay: float) -> Fade:
    return Fade(sprite.id, sprite.surface.copy(), list(sprite.badges), sprite.home, delay=delay)
