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


# --------------------------------------------------------------------------- a session game
# Race to ten (tests/ludotheque/fake_rules.py) as a whole game on the shell's session: the
# smallest scene that uses every part of it (docs/games-api.md, "A fourth game").

from ludotheque.session import GameSession  # noqa: E402
from ludotheque.session.endpanel import EndPanel  # noqa: E402

from tests.ludotheque.fake_rules import SIDES, Race, think  # noqa: E402


class RaceScene(Scene):
    """Left half of the window: +1; right half: +2; U undoes."""

    game_id = "race"
    think_fn = staticmethod(think)
    SHOW_S = 0.4                           # the computer's move is shown this long, s

    def __init__(self, app, config):
        super().__init__(app)
        self.config = config
        self.session = GameSession(app, config, game_id=self.game_id, sides=SIDES,
                                   side_names=(lambda: "Left", lambda: "Right"))
        self.log = self.session.open_log(Race.from_text, Race)     # ReplayError: set aside
        self.refused: str | None = None
        self.end = EndPanel(self._title, lambda: [f"{len(self.log)} turns"],
                            self.rematch, app.to_menu)

    @property
    def state(self) -> Race:
        return self.log.state

    def _title(self) -> str:
        return f"{self.session.name(self.state.outcome().winner)} wins!"

    def enter(self):
        self._maybe_think()

    def exit(self):
        self.session.close()

    def play(self, action: str) -> bool:
        """A person's move, through the rules; a refusal is said by its code."""
        if self.state.is_terminal() or self.session.is_ai(self.state.to_move):
            return False
        try:
            self.session.commit(action)
        except ValueError as exc:
            self.refused = getattr(exc, "code", "illegal")
            return False
        self._maybe_think()
        return True

    def _maybe_think(self):
        s = self.state
        if s.is_terminal() or not self.session.is_ai(s.to_move) or self.session.thinking \
                or self.session.timeline.busy:
            return
        self.session.think(self.think_fn, s, self.session.level(s.to_move), self.session.rng(),
                           fallback=lambda: s.legal_actions()[0])

    def _computer_moves(self, action: str):
        self.session.commit(action)
        self._maybe_think()

    def update(self, dt):
        decision = self.session.update(dt)
        if decision is not None:                      # staged: shown, then played
            self.session.timeline.then(self.SHOW_S, lambda: self._computer_moves(decision.value),
                                       kind="show", move=decision.value)

    def undo(self) -> bool:
        gone = self.session.undo()
        self._maybe_think()
        return bool(gone)

    def rematch(self):
        self.app.replace(RaceScene(self.app, self.session.rematch_config()))

    def handle(self, event):
        if self.state.is_terminal():
            return self.end.handle(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_u:
            return self.undo()
        if is_click(event):
            self.play("+1" if event.pos[0] < 640 else "+2")
            return True
        return False

    def save_data(self):
        return self.session.save_data()

    def draw(self, surface):
        surface.fill((30, 30, 60))
        theme.text(surface, str(self.state.count), (640, 300), 96, anchor="center")
        theme.text(surface, self.session.name(self.state.to_move), (640, 420), 32, anchor="center")
        if self.state.is_terminal():
            self.end.draw(surface)


def make_race_descriptor():
    return GameDescriptor(
        id="race", title=lambda: "Race", pitch=lambda: "Add 1 or 2; reach ten.",
        rules_text=lambda: "Add one or two.", draw_preview=preview, make_scene=RaceScene,
        headless=lambda seed, config: {"winner": None, "seed": seed, "turns": 0},
        default_sides=(lambda: "Left", lambda: "Right"))
