"""The shell's own screens: launcher menu, game setup, rules, settings and pause menu.

They work with whatever games are registered: the menu lays out one tile per
:class:`~ludotheque.game.GameDescriptor`.
"""

from __future__ import annotations

import logging
import time

import pygame

from . import __version__, i18n, textsafe, theme
from .canvas import as_canvas
from .game import ALL_LEVELS, GameConfig, PlayerSpec, computer_label
from .game import level_name as _game_level_name
from .scene import Scene
from .widgets import Button, Cycler, Dialog, FocusGroup, TextEntry, is_click
from .settingsscreen import FormScene, SettingsScene, defaults_note, no_sound_device  # noqa: F401 - re-exported

log = logging.getLogger(__name__)
_ = i18n.domain("ludotheque")


def level_name(level: str) -> str:
    """The translated name of an AI level (``"master"`` → "Master"; see
    :func:`ludotheque.game.level_name`)."""
    return _game_level_name(level)


def held_elsewhere_text() -> str:
    """What the player is told when another copy of the app plays this game (issue 15 §3)."""
    return _("This game is open in another Ludothèque window: finish it there, or close that window first.")


def saved_game_text(app, game) -> str:
    """One paragraph about ``game``'s save for the question "resume it or start over?":
    who plays and when it was saved (from :meth:`ludotheque.saves.SaveStore.info`; names
    cleaned by :mod:`ludotheque.textsafe`, a computer seat named in the current language)."""
    info = app.saves.info(game.id)
    if info is None:
        return _("A saved game of {game} is waiting, but it may be damaged.").format(game=game.title())
    sides = [s() for s in game.default_sides]
    names = []
    for i, (name, kind) in enumerate(zip(info.names, info.kinds)):
        if kind == "ai":
            names.append(_("Computer"))
        else:
            names.append(name or (sides[i] if i < len(sides) else _("Player {n}").format(n=i + 1)))
    who = _("{first} against {second}").format(first=names[0], second=names[1]) if len(names) == 2 \
        else ", ".join(names)
    when = ""
    if info.saved_at is not None:
        try:
            stamp = time.localtime(info.saved_at)
            when = time.strftime("%H:%M", stamp) if stamp[:3] == time.localtime()[:3] \
                else time.strftime("%Y-%m-%d %H:%M", stamp)
        except (OverflowError, OSError, ValueError):
            when = ""
    if who and when:
        text = _("A game of {game} is saved: {who}, saved at {when}.").format(game=game.title(), who=who, when=when)
    elif who:
        text = _("A game of {game} is saved: {who}.").format(game=game.title(), who=who)
    else:
        text = _("A game of {game} is saved.").format(game=game.title())
    return text + " " + _("Start over keeps it until the new game's first turn is played.")


def resume_game(app, game) -> None:
    """Resume ``game`` from its save (the menu's "Resume", the question's "Resume it").
    A save that is gone, unusable or open in another copy of the app leaves the player
    where they are, told why."""
    if app.saves.held_elsewhere(game.id):
        app.toast(held_elsewhere_text(), 5)
        return
    data = app.saves.load(game.id)
    app.report_problems()
    if data is None:
        return
    players = data.get("players") if isinstance(data, dict) else None
    try:
        specs = tuple(PlayerSpec.from_dict(p) for p in players) if isinstance(players, list) else None
    except ValueError:
        specs = None
    if not specs or len(specs) != 2:
        specs = (PlayerSpec(""), PlayerSpec(""))      # unnamed: shown by their sides' names
    start_game(app, game, GameConfig(players=specs, seed=app.rng_seed,
                                     options=game.saved_options(data.get("options")), resume=data))


def start_game(app, game, config: GameConfig) -> None:
    """Build ``game``'s scene for ``config`` and make it the only scene above the menu.

    A save that the game cannot restore (any exception while building the scene from it)
    is set aside and reported, and the menu stays: a damaged save never crashes the app.
    """
    try:
        scene = game.make_scene(app, config)
    except Exception as exc:  # noqa: BLE001 - whatever a damaged save makes a game raise
        if config.resume is None:
            raise
        log.warning("save of %s unusable: %s", game.id, exc)
        app.saves.reject(game.id, str(exc))
        app.report_problems()
        return
    while len(app.stack) > 1:
        app.pop()
    app.push(scene)


class MenuScene(Scene):
    """The launcher: a title, one tile per game, settings and quit."""

    opaque = True
    animating = False                 # still until an event
    #: messages go in the strip under the tiles, over the key hints: never on a button
    #: (newplayer9: a save set aside was told over the tiles' Rules buttons)
    toast_area = (40, 614, theme.W - 80, 0)

    def __init__(self, app):
        super().__init__(app)
        self.focus = FocusGroup()
        self.build()

    def build(self):
        games = self.app.games
        n = max(len(games), 1)
        gap = 28
        tile_w = min(380, (theme.W - 80 - gap * (n - 1)) // n)
        x0 = (theme.W - (n * tile_w + (n - 1) * gap)) // 2
        self.tiles = []
        self.focus.widgets.clear()
        for i, g in enumerate(games):
            rect = pygame.Rect(x0 + i * (tile_w + gap), 140, tile_w, 470)
            self.tiles.append((g, rect))
            bx, bw = rect.x + 20, rect.width - 40
            y = rect.y + 300
            self.focus.add(Button((bx, y, bw, 44), lambda: _("Two players"),
                                  lambda g=g: self.app.push(SetupScene(self.app, g, vs_ai=False))))
            self.focus.add(Button((bx, y + 52, bw, 44), lambda: _("Against the computer"),
                                  lambda g=g: self.app.push(SetupScene(self.app, g, vs_ai=True))))
            half = (bw - 10) // 2
            self.focus.add(Button((bx, y + 104, half, 44), lambda: _("Rules"),
                                  lambda g=g: self.app.push(RulesScene(self.app, g.title, g.rules_text))))
            resume = Button((bx + half + 10, y + 104, half, 44), lambda: _("Resume"),
                            lambda g=g: self.resume(g), color=theme.GOOD)
            resume.game_id = g.id
            self.focus.add(resume)
        self.settings_btn = self.focus.add(Button((theme.W - 260, 30, 220, 50), lambda: _("Settings"),
                                                  lambda: self.app.push(SettingsScene(self.app))))
        self.quit_btn = self.focus.add(Button((40, 30, 160, 50), lambda: _("Quit"), self.app.quit))

    def enter(self):
        self.refresh()

    def on_resume(self):
        self.refresh()

    def refresh(self):
        """Show "Resume" only for games that have a save."""
        for w in self.focus.widgets:
            gid = getattr(w, "game_id", None)
            if gid is not None:
                w.visible = self.app.saves.exists(gid)

    def resume(self, game):
        """Resume ``game`` from its save (:func:`resume_game`)."""
        resume_game(self.app, game)
        self.refresh()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # Esc on the menu does nothing (Quit is a button)
        return self.focus.handle(event)

    @staticmethod
    def preview(canvas, game, rect):
        """The tile picture of ``game`` for a ``rect`` of design units: a layer drawn once
        per scale by the descriptor's ``draw_preview(canvas, rect)`` on a canvas of that
        size, in its own design units from (0, 0)."""
        def draw(layer):
            layer.fill(theme.BG2)
            try:
                game.draw_preview(layer, layer.bounds)
            except Exception:  # a preview must never take the menu down
                log.exception("preview of %s failed", game.id)
        return canvas.cached(("preview", game.id), rect.size, draw)

    @staticmethod
    def pitch_rect(tile: pygame.Rect) -> pygame.Rect:
        """Where a tile's one-line pitch is written: room for two lines of small text."""
        return pygame.Rect(tile.x + 20, tile.y + 240, tile.width - 40, 56)

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        canvas.backdrop(("menu", tuple(g.id for g in self.app.games), i18n.language()), self._draw_still)
        self.focus.draw(canvas)

    def _draw_still(self, canvas):
        """Everything but the buttons (drawn once per scale and language)."""
        canvas.fill(theme.BG)
        canvas.text("Ludothèque", (theme.W // 2, 30), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
        canvas.text(_("Three table games from Québec, for two people at one computer"),
                    (theme.W // 2, 88), theme.BODY, theme.MUTED, anchor="midtop")
        for g, rect in self.tiles:
            canvas.panel(rect, theme.PANEL, radius=18, border=theme.LINE)
            pr = pygame.Rect(rect.x + 16, rect.y + 16, rect.width - 32, 170)
            canvas.blit(self.preview(canvas, g, pr), pr.topleft)
            canvas.rect(theme.LINE, pr, 2, border_radius=6)
            canvas.text(g.title(), (rect.centerx, rect.y + 198), theme.LARGE, anchor="midtop", bold=True)
            canvas.paragraph(g.pitch(), self.pitch_rect(rect), theme.SMALL, theme.MUTED)
        if not self.app.games:
            canvas.text(_("No game is registered."), (theme.W // 2, theme.H // 2), theme.LARGE, anchor="center")
        canvas.text(_("F11 full screen · M sound · Esc pause"), (theme.W // 2, theme.H - 24),
                    theme.SMALL, theme.MUTED, anchor="midbottom")
        canvas.text(_("version {version}").format(version=__version__), (theme.W - 16, theme.H - 24),
                    theme.SMALL, theme.MUTED, anchor="bottomright")   # issue 16 §1


def offered_level(game, level: str) -> str:
    """``level`` if ``game`` offers it, else the nearest level it offers below it (a
    Master default plays Expert in Mississippi), else its first (decision 3)."""
    if level in game.levels:
        return level
    rank = ALL_LEVELS.index(level) if level in ALL_LEVELS else 1
    below = [lv for lv in game.levels if ALL_LEVELS.index(lv) <= rank]
    return below[-1] if below else game.levels[0]


class SetupScene(FormScene):
    """Choose how to play ``game``: two players or against the computer (level, side),
    names, and the game's own options; then Start.

    It opens with ``game``'s last choices (level, side, options: :meth:`Settings.setup_of`),
    else the Settings defaults; Start remembers them for ``game`` alone (trial8: one level
    shared by the three games, Glissando's target score forgotten).

    With a saved game of ``game`` on disk, Start first asks "Resume it / Start over"
    (issue 15 §1): starting over keeps the save until the new game's first turn is
    played (the :class:`~ludotheque.session.GameSession` writes nothing before it).

    Messages (a save that could not be read, a name refused) hang over the heading, the
    one place with no button whatever the rows below."""

    toast_area = (140, 10, theme.W - 280, 0)

    def __init__(self, app, game, vs_ai: bool = False):
        super().__init__(app)
        self.game = game
        self.vs_ai = vs_ai
        last = app.settings.setup_of(game.id)          # this game's last choices (trial8)
        self.level = offered_level(game, last.get("level", app.settings.ai_level))
        self.human_seat = last.get("seat", 0)
        self.options = game.saved_options(last.get("options"))
        names = list(app.settings.player_names)
        self.entries = [TextEntry((440, 0, 520, 52), max_len=20, text=textsafe.name_or(names[i], ""),
                                  label=(lambda i=i: _("{side}:").format(side=self.side_name(i))),
                                  placeholder=lambda: _("name (optional)")) for i in range(2)]
        self.focus = FocusGroup()
        self.build()

    def side_name(self, i: int) -> str:
        """The translated name of seat ``i``'s side ("Blue"), or "Player n"."""
        sides = [s() for s in self.game.default_sides]
        if i < len(sides):
            return sides[i]
        return _("Player 1") if i == 0 else _("Player 2")

    def build(self):
        f = self.focus
        f.widgets.clear()
        y = 150
        x, w = 320, 640
        # rows of 52 every 64 units, closer together when there are too many for Start
        # and Back (64 high, 16 below the last row) to end 16 above the screen's foot
        rows = (4 if self.vs_ai else 3) + len(self.offered_options())
        step = min(64, (theme.H - 16 - 64 - 16 - y) // rows)
        h = min(52, step - 8)
        f.add(Cycler((x, y, w, h), lambda: _("Mode"), (False, True), int(self.vs_ai), self._set_mode,
                     label_of=lambda v: _("Against the computer") if v else _("Two players")))
        y += step
        if self.vs_ai:
            levels = tuple(self.game.levels)                # decision 3: Master for Glissando, Magico
            self.level_cycler = f.add(Cycler((x, y, w, h), lambda: _("Level"), levels,
                                             levels.index(self.level), self._set_level, label_of=level_name))
            y += step
            f.add(Cycler((x, y, w, h), lambda: _("You play"), (0, 1), self.human_seat, self._set_seat,
                         label_of=self.side_name))
            y += step
        for i, e in enumerate(self.entries):
            if self.vs_ai and i != self.human_seat:
                continue
            e.rect = pygame.Rect(x, y, w, h)
            f.add(e)
            y += step
        for opt in self.offered_options():
            vals = tuple(opt.values)
            idx = vals.index(self.options.get(opt.key, opt.default)) if self.options.get(opt.key, opt.default) in vals else 0
            row = f.add(Cycler((x, y, w, h), opt.label, vals, idx,
                               lambda v, k=opt.key: self.options.__setitem__(k, v), label_of=opt.label_of))
            row.help = opt.help
            y += step
        self.start = f.add(Button((x + w - 300, max(y + 16, 560), 300, 64), lambda: _("Start"), self.begin,
                                  color=theme.GOOD, size=theme.LARGE))
        f.add(Button((x, max(y + 16, 560), 200, 64), lambda: _("Back"), self.app.pop))
        self.start.focused = True

    def offered_options(self) -> list:
        """The game's options this mode offers (``people_only`` ones in two-player mode only)."""
        return [o for o in self.game.options if not (self.vs_ai and o.people_only)]

    def chosen_options(self) -> dict:
        """The options the game starts with: those offered as set, the others at their default."""
        offered = {o.key for o in self.offered_options()}
        return {o.key: self.options.get(o.key, o.default) if o.key in offered else o.default
                for o in self.game.options}

    def _set_mode(self, v):
        self.vs_ai = v
        self.build()

    def _set_level(self, v):
        self.level = v

    def _set_seat(self, v):
        self.human_seat = v
        self.build()

    def typed_names(self) -> list[str]:
        """The two names as typed, cleaned (:func:`ludotheque.textsafe.clean_name`; ``""``
        for a field left blank). :raises TextRefused: a name that would show nothing
        (only invisible or combining characters); ``.seat`` says which."""
        out = []
        for i, e in enumerate(self.entries):
            try:
                out.append(textsafe.clean_name(e.text, allow_empty=True))
            except textsafe.TextRefused as exc:
                exc.seat = i
                raise
        return out

    def players(self) -> tuple:
        """The two seats as chosen. A blank name stays blank (``""``): the seat is
        unnamed and shown by its side's name at display time, in the language of the
        moment (:meth:`ludotheque.session.seats.Seats.name`) — a default name stored as
        text would read "Blue" in a game saved in English and resumed in French. A
        computer seat is named from its level, :func:`ludotheque.game.computer_label`."""
        names = self.typed_names()
        if not self.vs_ai:
            return (PlayerSpec(names[0]), PlayerSpec(names[1]))
        seats = []
        for i in range(2):
            if i == self.human_seat:
                seats.append(PlayerSpec(names[i]))
            else:
                seats.append(PlayerSpec(computer_label(self.level), "ai", self.level))
        return tuple(seats)

    def begin(self):
        """Start pressed: the names are checked (a name that would show nothing is refused
        with the reason and its field takes the focus) and remembered; then the question
        "Resume it / Start over" when a saved game waits, else the new game. The save is
        never deleted here (issue 15 §1)."""
        try:
            names = self.typed_names()
        except textsafe.TextRefused as exc:
            seat = getattr(exc, "seat", 0)
            self.app.toast(_("{side}: {why}").format(side=self.side_name(seat), why=exc), 5)
            for w in self.focus.widgets:
                w.focused = w is self.entries[seat]
            return
        settings = self.app.settings
        offered = {o.key: self.options.get(o.key, o.default) for o in self.offered_options()}
        if not self.vs_ai:
            settings.player_names = names
            settings.remember_setup(self.game.id, level=settings.setup_of(self.game.id).get("level"),
                                    options=offered)
        else:
            settings.player_names[self.human_seat] = names[self.human_seat]
            # this game's level is remembered when it is not the default it would open with
            # anyway (the Settings level, or Expert for a Master default in Mississippi)
            own = self.level if self.level != offered_level(self.game, settings.ai_level) else None
            settings.remember_setup(self.game.id, level=own, seat=self.human_seat, options=offered)
        settings.save()
        self.app.report_problems()
        gid = self.game.id
        if self.app.saves.held_elsewhere(gid):
            self.app.toast(held_elsewhere_text(), 5)
            return
        if self.app.saves.exists(gid):
            self.app.push(Dialog(self.app, lambda: _("A saved game is waiting"),
                                 lambda: saved_game_text(self.app, self.game),
                                 [(lambda: _("Resume it"), lambda: resume_game(self.app, self.game)),
                                  (lambda: _("Start over"), self.start_new),
                                  (lambda: _("Back"), None)]))
            return
        self.start_new()

    def start_new(self):
        """Start a new game with the seats and options chosen. A saved game of this game
        stays on disk until the new game's first turn is played."""
        start_game(self.app, self.game, GameConfig(players=self.players(), seed=self.app.rng_seed,
                                                   options=self.chosen_options()))

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = next((w for w in self.focus.widgets if w.focused), None)
            if focused is None or isinstance(focused, TextEntry):
                self.begin()
                return True
        return self.focus.handle(event)

    def help_text(self) -> str | None:
        """What the option row pointed at (else the focused one) is for, when its game
        says (:attr:`ludotheque.game.Option.help`); None: no such row."""
        rows = [w for w in self.focus.widgets if getattr(w, "help", None) is not None and w.visible]
        row = next((w for w in rows if w.hover), None) or next((w for w in rows if w.focused), None)
        return row.help() if row is not None else None

    def draw(self, canvas):
        canvas = self.heading(canvas, self.game.title(), 40)
        said = self.help_text()
        if said is None:
            canvas.text(self.game.pitch(), (theme.W // 2, 100), theme.BODY, theme.MUTED, anchor="midtop")
        else:                    # in place of the pitch, two lines at most above the first row
            for i, line in enumerate(theme.wrap(said, theme.SMALL, 1000)[:2]):
                canvas.text(line, (theme.W // 2, 98 + 24 * i), theme.SMALL, theme.TEXT, anchor="midtop")
        self.focus.draw(canvas)


class RulesScene(Scene):
    """A scrollable page of rules text. Wheel, ↑/↓, PgUp/PgDn scroll; Esc or Back closes."""

    opaque = True
    animating = False                 # still until an event

    def __init__(self, app, title, body):
        super().__init__(app)
        self.title, self.body = title, body
        self.scroll = 0
        self.total = 0
        self.back = Button((theme.W - 220, theme.H - 80, 180, 56), lambda: _("Back"), self.app.pop)
        self.area = pygame.Rect(120, 120, theme.W - 240, theme.H - 230)

    def handle(self, event):
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.pop()
                return True
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}.get(event.key)
            if step:
                self._scroll(step)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-3 * event.y)
            return True
        return self.back.handle(event)

    def _scroll(self, n):
        visible = self.area.height // (theme.font(theme.BODY).get_linesize() + 4)
        self.scroll = max(0, min(max(self.total - visible, 0), self.scroll + n))

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        title = self.title() if callable(self.title) else self.title
        body = self.body() if callable(self.body) else self.body
        self.total = len(theme.wrap(body, theme.BODY, self.area.width))

        def page(layer):                          # the page as it is scrolled: kept until it scrolls
            layer.fill(theme.BG)
            layer.text(title, (theme.W // 2, 40), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
            layer.panel(self.area.inflate(40, 30), theme.PANEL, radius=16)
            layer.paragraph(body, self.area, theme.BODY, skip_lines=self.scroll)
            if self.total > 0:
                layer.text(_("↑/↓ or wheel to scroll"), (120, theme.H - 52), theme.SMALL, theme.MUTED,
                           anchor="midleft")
        canvas.backdrop(("rules", title, body, self.scroll), page)
        self.back.draw(canvas)


class PauseScene(Scene):
    """Esc menu over a game: resume, rules, settings, back to the menu, quit."""

    overlay = True
    animating = False
    dim_below = 170                   # the game under it, darkened (drawn once by the shell)

    def __init__(self, app):
        super().__init__(app)
        game_scene = app.game_scene()
        self.game = next((g for g in app.games if g.id == getattr(game_scene, "game_id", None)), None)
        self.focus = FocusGroup()
        x, y, w = theme.W // 2 - 180, 210, 360
        items = [(lambda: _("Resume"), self.app.pop)]
        if self.game is not None:
            items.append((lambda: _("Rules"), lambda: self.app.push(RulesScene(self.app, self.game.title, self.game.rules_text))))
        items += [(lambda: _("Settings"), lambda: self.app.push(SettingsScene(self.app))),
                  (lambda: _("Back to the menu"), self.to_menu),
                  (lambda: _("Quit"), self.app.quit)]
        for i, (label, cb) in enumerate(items):
            self.focus.add(Button((x, y + i * 68, w, 56), label, cb))
        self.focus.widgets[0].focused = True

    def to_menu(self):
        """Back to the menu: the game is autosaved and its save's lock let go (:meth:`App.to_menu`)."""
        self.app.to_menu()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        self.focus.handle(event)
        return True

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        canvas.text(_("Paused"), (theme.W // 2, 120), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
        self.focus.draw(canvas)
