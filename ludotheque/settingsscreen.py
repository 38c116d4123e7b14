"""The Settings screen: language, volume, sound, full screen, and the defaults a new
game's setup screen opens with (player names, computer level). Moved out of
:mod:`ludotheque.menu` (which re-exports it) to keep that module under 600 lines."""

from __future__ import annotations

import pygame

from . import i18n, textsafe, theme
from .canvas import as_canvas
from .game import ALL_LEVELS, level_name
from .scene import Scene
from .widgets import Button, Cycler, FocusGroup, Slider, TextEntry, Toggle

_ = i18n.domain("ludotheque")


def no_sound_device() -> str:
    """Why there is no sound (the Settings row, the M key): no device to play on."""
    return _("No sound device: the games play silently")


def defaults_note() -> str:
    """The Settings screen's line under "Defaults for a new game": how the defaults and a
    setup screen's choices go together (trial4: which one wins?; trial8: each game's setup
    comes back with its own last choices)."""
    return _("Each game's setup screen opens with your last choices for that game; a level chosen here is "
             "given to every game.")


class FormScene(Scene):
    """A full screen of rows with keyboard focus (:attr:`focus`, a
    :class:`~ludotheque.widgets.FocusGroup`): the Settings and setup screens."""

    opaque = True
    animating = False                 # still until an event

    def redraw_in(self):
        return self.focus.redraw_in()             # a name entry's blinking cursor

    def heading(self, canvas, title: str, y: int):
        """The screen's background and its ``title`` centred at design ``y``; :returns: the canvas."""
        canvas = as_canvas(canvas)
        canvas.fill(theme.BG)
        canvas.text(title, (theme.W // 2, y), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
        return canvas


class SettingsScene(FormScene):
    """Language, volume, sound, full screen, and the defaults a new game's setup screen
    opens with (player names, computer level); every change is remembered at once.

    The latest choice wins, and the note under the heading says so (trial4: the player
    could not tell which one wins): a setup screen opens with that game's last choices
    (:meth:`ludotheque.settings.Settings.setup_of`) and the names last typed; the level
    chosen here is given to every game
    (:meth:`~ludotheque.settings.Settings.give_level_to_every_game`). Without a sound
    device the Volume and Sound rows are disabled and say why. (Magico's assisted
    calculation is an option of the Magico game, chosen on its setup screen — issue 14 §1.)"""

    overlay = False

    ROW = 60
    """Design units from one row to the next."""
    DEFAULTS_Y = 340
    """Where the "Defaults for a new game" heading is drawn (design units)."""

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        self.focus = FocusGroup()
        x, w, y = 290, 700, 106
        self.x, self.w = x, w
        langs = ("fr", "en")
        self.focus.add(Cycler((x, y, w, 50), lambda: _("Language"), langs, langs.index(i18n.language()),
                              app.set_language, label_of=lambda v: {"fr": "Français", "en": "English"}[v]))
        self.volume = self.focus.add(Slider((x, y + 60, w, 50), lambda: _("Volume"), lambda: app.audio.volume,
                                            lambda v: app.set_volume(v, save=False),
                                            commit=lambda: app.settings.save(),
                                            reason=lambda: _("No sound device")))
        sound = self.focus.add(Toggle((x, y + 120, w, 50), lambda: _("Sound"), lambda: not app.audio.muted,
                                      lambda v: app.toggle_mute(), reason=no_sound_device))
        # no device: both rows disabled, with why (not "On", not a slider that does nothing)
        sound.enabled = self.volume.enabled = app.audio.has_device
        self.focus.add(Toggle((x, y + 180, w, 50), lambda: _("Full screen (F11)"), lambda: s.fullscreen,
                              lambda v: app._toggle_fullscreen()))
        top = self.DEFAULTS_Y + 88                 # under the heading and its note (two lines)
        self.names = [TextEntry((x, top + self.ROW * i, w, 50), max_len=20, text=s.player_names[i],
                                label=(lambda i=i: _("Default name, player {n}:").format(n=i + 1)),
                                placeholder=lambda: _("name (optional)"),
                                on_submit=lambda t: self._save_names()) for i in range(2)]
        for e in self.names:
            self.focus.add(e)
        levels = ALL_LEVELS
        self.focus.add(Cycler((x, top + 2 * self.ROW, w, 50), lambda: _("Default computer level"), levels,
                              levels.index(s.ai_level) if s.ai_level in levels else 1,
                              self._set_level, label_of=level_name))
        self.focus.add(Button((theme.W // 2 - 110, theme.H - 62, 220, 50), lambda: _("Back"), self.close))

    def _set(self, key, value):
        setattr(self.app.settings, key, value)
        self.app.settings.save()

    def _set_level(self, v):
        self.app.settings.give_level_to_every_game(v)
        self.app.settings.save()

    def _save_names(self):
        """Remember the two names (cleaned); a name that would show nothing is not kept,
        and the player is told why (issue 15 §5)."""
        names = []
        for i, e in enumerate(self.names):
            try:
                names.append(textsafe.clean_name(e.text, allow_empty=True))
            except textsafe.TextRefused as exc:
                self.app.toast(_("Default name, player {n}:").format(n=i + 1) + " " + str(exc), 5)
                names.append(self.app.settings.player_names[i] if i < len(self.app.settings.player_names) else "")
        self._set("player_names", names)

    def close(self):
        self._save_names()
        self.app.pop()

    def handle(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return self.focus.handle(event)

    def draw(self, canvas):
        canvas = self.heading(canvas, _("Settings"), 36)
        canvas.text(_("Defaults for a new game"), (self.x + 4, self.DEFAULTS_Y), theme.BODY, theme.ACCENT,
                    anchor="topleft", bold=True)
        canvas.paragraph(defaults_note(), pygame.Rect(self.x + 4, self.DEFAULTS_Y + 32, self.w - 8, 52),
                         theme.SMALL, theme.MUTED, 2)       # two lines at most (French)
        self.focus.draw(canvas)
