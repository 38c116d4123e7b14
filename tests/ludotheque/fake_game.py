"""A tiny game used to test the shell without any real game: each left click on the
board adds one to a counter and autosaves it."""

import pygame

from ludotheque import theme
from ludotheque.game import GameDescriptor, Option
from ludotheque.scene import Scene
from ludotheque.widgets import is_click


class CounterScene(Scene):
    game_id = "counter"

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        self.count = int(config.resume["count"]) if config.resume else 0
        self.paused = 0
        self.steps = 0

    def handle(self, event):
        if is_click(event):
            self.count += 1
            self.app.autosave(self)
            return True
        return False

    def update(self, dt):
        self.steps += 1

    def on_pause(self):
        self.paused += 1

    def draw(self, surface):
        surface.fill((20, 60, 40))
        theme.text(surface, str(self.count), (640, 360), 96, anchor="center")

    def save_data(self):
        return {"count": self.count, "players": [p.to_dict() for p in self.config.players]}


class RealtimeCounterScene(CounterScene):
    realtime = True


def preview(surface, rect):
    pygame.draw.circle(surface, (200, 80, 80), rect.center, rect.height // 3)


def make_descriptor(game_id="counter", scene_cls=CounterScene):
    return GameDescriptor(
        id=game_id, title=lambda: game_id.title(), pitch=lambda: "Click to count.",
        rules_text=lambda: "Each click adds one.\n\nThat is all.",
        draw_preview=preview, make_scene=scene_cls,
        headless=lambda seed, config: {"winner": None, "seed": seed, "turns": 0},
        options=(Option("target", lambda: "Target", (1, 2, 3), 2),),
        default_sides=(lambda: "Left", lambda: "Right"))
