"""Widgets the games and the shell need: button, toggle, slider, value cycler, text and
number entry, on-screen keypad, a focus group for keyboard play, dialogs and toasts.

Every widget works in design units (the app maps the pointer to them), reacts only to
the left mouse button, and has ``handle(event) -> bool`` (True when it used the event)
and ``draw(canvas)`` (a :class:`ludotheque.canvas.Canvas`; a plain pygame surface is
drawn on at scale 1). Labels are callables so they follow a language switch at once.
A change of look the pointer causes without using the event (a button lit under it)
counts in :attr:`Widget.changes`, so the shell draws that frame and no other.
"""

from __future__ import annotations

import time
from typing import Callable

import pygame

from . import i18n, textsafe, theme
from .canvas import as_canvas
from .session.textfit import fit_text
from .scene import Scene

_ = i18n.domain("ludotheque")

CURSOR_BLINK_S = 0.5
"""Half-period of a text cursor's blink (s)."""
CURSOR_BLINK_FOR = 10.0
"""Seconds a text cursor blinks after the last key or click; then it stays on (the
screen is still, as GTK's ``gtk-cursor-blink-timeout``)."""


def _label(x) -> str:
    return x() if callable(x) else str(x)


def is_click(event) -> bool:
    """True for a press of the left mouse button only (never the wheel or side buttons)."""
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == pygame.BUTTON_LEFT


def is_release(event) -> bool:
    """True for a release of the left mouse button only."""
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == pygame.BUTTON_LEFT


class Widget:
    """Base: a rectangle that may hold keyboard focus.

    :cvar changes: how many times the pointer changed some widget's look (hover) without
        the widget using the event; the shell compares it around each pointer motion.
    """

    focusable = True
    changes = 0

    def __init__(self, rect):
        self.rect = pygame.Rect(rect)
        self.focused = False
        self.visible = True
        self.enabled = True

    def handle(self, event) -> bool:
        return False

    def activate(self) -> None:
        """What Enter/Space does when the widget has focus."""

    def draw(self, canvas) -> None:
        pass

    def redraw_in(self) -> float | None:
        """Seconds until the widget's look changes by itself (None: never)."""
        return None

    def _focus_ring(self, canvas):
        if self.focused:
            canvas.rect(theme.ACCENT, self.rect.inflate(8, 8), 3, border_radius=16)


class Button(Widget):
    """A push button. ``on_click()`` runs on a left click or Enter/Space when focused, or on ``key``.

    :param label: text or callable giving it. :param key: an optional pygame key code
        that also presses it. :param color: the fill colour.
    """

    def __init__(self, rect, label, on_click: Callable[[], None], *, key: int | None = None,
                 enabled: bool = True, color=theme.PANEL_HI, size: int = theme.BODY):
        super().__init__(rect)
        self.label, self.on_click, self.key = label, on_click, key
        self.enabled, self.color, self.size = enabled, color, size
        self._hover = False

    @property
    def hover(self) -> bool:
        """True while the pointer is over the button (drawn lighter)."""
        return self._hover

    @hover.setter
    def hover(self, value: bool) -> None:
        if value != self._hover:
            Widget.changes += 1
        self._hover = value

    def activate(self):
        if self.enabled and self.visible:
            self.on_click()

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif is_click(event) and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key and self.enabled:
            self.on_click()
            return True
        return False

    def draw(self, canvas):
        if not self.visible:
            return
        canvas = as_canvas(canvas)
        color = self.color if self.enabled else theme.BG2
        if self.hover and self.enabled:
            color = tuple(min(255, c + 22) for c in color)
        canvas.panel(self.rect, color, radius=12, border=theme.LINE)
        text = _label(self.label)
        canvas.text(text, self.rect.center, self.label_size(text),
                    theme.text_on(color) if self.enabled else theme.MUTED, anchor="center")
        self._focus_ring(canvas)

    LABEL_MARGIN = 10
    """Design px kept between the label and each side of the button (trial8: "Cogner (K)"
    touched its button's edges)."""

    @staticmethod
    def fit_together(buttons) -> None:
        """Make ``buttons`` (a row or block of alike buttons) draw their labels at one size:
        the smallest :meth:`label_size` among them, so one long label does not leave its
        neighbours larger."""
        group = list(buttons)
        for b in group:
            b._group = group

    def label_size(self, text: str) -> int:
        """The font size (design px) ``text`` is drawn at: :attr:`size`, or smaller (down to
        70 % of it) until it fits the button's width less :attr:`LABEL_MARGIN` on each side
        — a French label longer than the English one shrinks a little instead of touching
        the edges. Remembered per text and width. Buttons joined by :meth:`fit_together`
        share the smallest of their sizes."""
        group = getattr(self, "_group", None)
        if group is not None:
            return min(b._own_label_size(_label(b.label) if b is not self else text) for b in group)
        return self._own_label_size(text)

    def _own_label_size(self, text: str) -> int:
        room = max(1, self.rect.width - 2 * self.LABEL_MARGIN)
        return fit_text(text, room, theme.measure, size=self.size,
                        smallest=max(8, int(self.size * 0.7))).size      # cached by fit_text


def _row_disabled(widget, canvas) -> bool:
    """Draw a settings row's panel and label (greyed when disabled); when the row is
    disabled, also its ``reason`` (text or callable, at the right) and focus ring.
    :returns: True when disabled: nothing more is drawn on the row."""
    r = widget.rect
    canvas.panel(r, theme.PANEL, radius=12, border=theme.LINE)
    canvas.text(_label(widget.label), (r.x + 16, r.centery), theme.BODY,
                theme.TEXT if widget.enabled else theme.MUTED, anchor="midleft")
    if widget.enabled:
        return False
    if widget.reason is not None:
        canvas.text(_label(widget.reason), (r.right - 16, r.centery), theme.SMALL, theme.MUTED,
                    anchor="midright")
    widget._focus_ring(canvas)
    return True


class Toggle(Button):
    """An on/off switch: ``get()`` reads the value, ``set(v)`` writes it."""

    def __init__(self, rect, label, get: Callable[[], bool], set: Callable[[bool], None], reason=None):
        super().__init__(rect, label, lambda: set(not get()))
        self.get = get
        self.reason = reason
        """Text or callable: why the switch is disabled (drawn in its place while
        :attr:`enabled` is False), or None."""

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        if _row_disabled(self, canvas):           # disabled: the reason instead of the switch
            return
        on = self.get()
        knob = pygame.Rect(0, 0, 64, 30)
        knob.midright = (self.rect.right - 14, self.rect.centery)
        canvas.rect(theme.GOOD if on else theme.BG2, knob, border_radius=15)
        canvas.circle(theme.TEXT, (knob.right - 15 if on else knob.left + 15, knob.centery), 12)
        self._focus_ring(canvas)


class Cycler(Button):
    """Chooses one of ``values``: "‹" steps back, "›" and the value itself step forward;
    Enter/→ moves to the next, ← to the previous.

    The arrows stand at fixed places (around the widest value), so a second click where
    "‹" was still lands on "‹" whatever the width of the value shown; a click elsewhere
    on the row only takes the focus. ``label_of(value)`` gives the shown text;
    ``on_change(value)`` is called after each change.
    """

    def __init__(self, rect, label, values, index: int, on_change, label_of=str):
        super().__init__(rect, label, self.next)
        self.values, self.index, self.on_change, self.label_of = tuple(values), index, on_change, label_of

    @property
    def value(self):
        return self.values[self.index]

    def next(self, step: int = 1):
        self.index = (self.index + step) % len(self.values)
        self.on_change(self.value)

    def zones(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """``(back, value, forward)``: where "‹", the value and "›" are drawn and clicked
        (design units), laid out around the widest value in the current language."""
        f = theme.font(theme.BODY, True)
        widest = max(f.size(str(self.label_of(v)))[0] for v in self.values)
        arrow = max(f.size("‹")[0], f.size("›")[0])
        r = self.rect
        right = r.right - 16                      # where "›" ends, as the row's text did
        fwd = pygame.Rect(right - arrow - 8, r.top, r.right - (right - arrow - 8), r.height)
        val = pygame.Rect(fwd.left - widest - 24, r.top, widest + 24, r.height)
        back = pygame.Rect(val.left - arrow - 16, r.top, arrow + 16, r.height)
        return back, val, fwd

    def handle(self, event) -> bool:
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.next(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if is_click(event) and self.visible and self.rect.collidepoint(event.pos):
            back, val, fwd = self.zones()
            if self.enabled:
                if back.collidepoint(event.pos):
                    self.next(-1)
                elif val.collidepoint(event.pos) or fwd.collidepoint(event.pos):
                    self.next(1)
            return True
        return super().handle(event)

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        canvas.panel(self.rect, theme.PANEL, radius=12, border=theme.LINE)
        canvas.text(_label(self.label), (self.rect.x + 16, self.rect.centery), theme.BODY,
                    anchor="midleft")
        back, val, fwd = self.zones()
        canvas.text("‹", (val.left, val.centery), theme.BODY, theme.ACCENT, anchor="midright", bold=True)
        canvas.text(str(self.label_of(self.value)), val.center, theme.BODY, theme.ACCENT, anchor="center", bold=True)
        canvas.text("›", (fwd.right - 16, fwd.centery), theme.BODY, theme.ACCENT, anchor="midright", bold=True)
        self._focus_ring(canvas)


class Slider(Widget):
    """A horizontal slider for a value in [0, 1]; drag with the left button or ←/→ by 0.1.

    ``set`` is called at every change (while dragging too, so the player hears it);
    ``commit``, if given, once a change is finished: on the button's release and after
    each arrow key — the place to write the value to disk. While :attr:`enabled` is False
    it takes no event and draws ``reason`` (text or callable) in place of its groove, as
    a disabled :class:`Toggle` does.
    """

    def __init__(self, rect, label, get: Callable[[], float], set: Callable[[float], None],
                 commit: Callable[[], None] | None = None, reason=None):
        super().__init__(rect)
        self.label, self.get, self.set = label, get, set
        self.commit = commit or (lambda: None)
        self.reason = reason
        self.dragging = False

    def track(self) -> pygame.Rect:
        """The groove the knob slides along (design units): its left end is 0, its
        right end 1; a press or drag anywhere on the row sets the value under the pointer."""
        return pygame.Rect(self.rect.right - 300, self.rect.centery - 4, 270, 8)

    def _set_from_x(self, x):
        tr = self.track()
        self.set(max(0.0, min(1.0, (x - tr.left) / tr.width)))

    def handle(self, event) -> bool:
        if not self.enabled:
            self.dragging = False
            return False
        if is_click(event) and self.rect.collidepoint(event.pos):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if is_release(event) and self.dragging:
            self.dragging = False
            self.commit()
            return True
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 0.1 if event.key == pygame.K_RIGHT else -0.1
            self.set(round(max(0.0, min(1.0, self.get() + step)), 2))
            self.commit()
            return True
        return False

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        if _row_disabled(self, canvas):           # disabled: the reason instead of the groove
            return
        tr = self.track()
        canvas.rect(theme.BG2, tr, border_radius=4)
        filled = tr.copy()
        filled.width = int(tr.width * self.get())
        canvas.rect(theme.ACCENT, filled, border_radius=4)
        canvas.circle(theme.TEXT, (tr.left + filled.width, tr.centery), 12)
        canvas.text(_("{n}%").format(n=round(self.get() * 100)), (tr.left - 14, tr.centery), theme.SMALL,
                    theme.MUTED, anchor="midright")
        self._focus_ring(canvas)


class TextEntry(Widget):
    """One line of typed text (or digits only with ``numeric``); Enter calls ``on_submit(text)``.

    ``placeholder`` (text or callable) is shown greyed while the entry is empty. Taking
    the focus selects the whole text (shown highlighted): the first key typed replaces it.

    Takes ``TEXTINPUT`` events (any language, accents) and Backspace; at most ``max_len``
    characters. The cursor blinks for :data:`CURSOR_BLINK_FOR` s after the last key or
    click, then stays on.
    """

    def __init__(self, rect, *, numeric: bool = False, max_len: int = 8, on_submit=None,
                 text: str = "", label=None, placeholder=None):
        self.text = textsafe.sanitize(text) if isinstance(text, str) else ""
        self.selected = False
        self.refusal: str | None = None
        """Why part of the last text typed was left out (one sentence), or None."""
        super().__init__(rect)
        self.numeric, self.max_len, self.on_submit, self.label = numeric, max_len, on_submit, label
        self.placeholder = placeholder
        self._active_at = time.monotonic()

    def type(self, s: str) -> None:
        """Add typed text through :func:`ludotheque.textsafe.typed`: anything a keyboard,
        an input method or a paste gives is kept if it can be shown (NUL and controls are
        left out; a combining mark joins its letter), at most ``max_len`` characters as a
        person counts them; with ``numeric``, decimal digits of any script become ASCII
        (``٣`` → 3) and a superscript (``²``) is refused. Why something was left out is in
        :attr:`refusal` (drawn in the field) until the next key that is kept."""
        got = textsafe.typed(self.text, s, max_len=self.max_len, numeric=self.numeric)
        self.text = got.text
        self.refusal = str(got.refused) if got.refused is not None else None

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, value: bool) -> None:
        # gaining focus selects the whole text: typing replaces a remembered name
        # instead of appending to it ("AliceAlice"); Backspace clears it
        if value and not getattr(self, "_focused", False):
            self.selected = bool(self.text)
            self._active_at = time.monotonic()
        self._focused = value

    @property
    def active_at(self) -> float:
        """When (``time.monotonic()`` s) the field last got the focus, a key or a click:
        the cursor blinks from then for :data:`CURSOR_BLINK_FOR` s."""
        return self._active_at

    def cursor_on(self, now: float | None = None) -> bool:
        """True when the text cursor is drawn at ``now`` (time.monotonic s)."""
        if not self.focused:
            return False
        since = (time.monotonic() if now is None else now) - self._active_at
        return since >= CURSOR_BLINK_FOR or int(since / CURSOR_BLINK_S) % 2 == 0

    def redraw_in(self) -> float | None:
        """Seconds to the cursor's next blink; None when it does not blink (unfocused, or
        no key for :data:`CURSOR_BLINK_FOR` s)."""
        if not self.focused:
            return None
        since = time.monotonic() - self._active_at
        if since >= CURSOR_BLINK_FOR:
            return None
        return CURSOR_BLINK_S - since % CURSOR_BLINK_S

    def _take_selection(self) -> None:
        if self.selected:
            self.text = ""
            self.selected = False

    def handle(self, event) -> bool:
        used = self._handle(event)
        if used:
            self._active_at = time.monotonic()
        return used

    def _handle(self, event) -> bool:
        if is_click(event) and self.rect.collidepoint(event.pos):
            self.focused = True
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self._take_selection()
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                if self.selected:
                    self._take_selection()
                else:
                    self.text = "".join(textsafe.graphemes(self.text)[:-1])   # a whole character (é, 👩‍💻)
                self.refusal = None
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
                self.selected = False
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self.text)
                return True
        return False

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        canvas.panel(self.rect, theme.BG2, radius=10, border=theme.ACCENT if self.focused else theme.LINE)
        x = self.rect.x + 14
        if self.label:
            r = canvas.text(_label(self.label), (x, self.rect.centery), theme.BODY, theme.MUTED, anchor="midleft")
            x = r.right + 12
        if not self.text and self.placeholder:
            canvas.text(_label(self.placeholder), (x, self.rect.centery), theme.BODY, theme.MUTED,
                        anchor="midleft")
        if self.selected and self.focused and self.text:
            sel = theme.rendered(self.text, theme.LARGE, tuple(theme.TEXT), True).get_rect(midleft=(x, self.rect.centery))
            canvas.rect(theme.BLUE, sel.inflate(6, 4), border_radius=4)
        r = canvas.text(self.text, (x, self.rect.centery), theme.LARGE, anchor="midleft", bold=True)
        if self.cursor_on():
            canvas.line(theme.TEXT, (r.right + 3, self.rect.top + 10), (r.right + 3, self.rect.bottom - 10), 2)
        if self.refusal and self.focused:
            room = self.rect.right - 14 - (r.right + 16)
            if room > 60:
                from .session.textfit import fit_text

                fitted = fit_text(self.refusal, room, lambda t, size, bold: theme.font(size, bold).size(t)[0],
                                  size=theme.SMALL, smallest=12, max_lines=1)
                canvas.text(fitted.lines[0] if fitted.lines else "", (self.rect.right - 14, self.rect.centery),
                            fitted.size, theme.BAD, anchor="midright")


class Keypad(Widget):
    """An on-screen number pad (0–9, ⌫, OK) feeding a :class:`TextEntry`."""

    focusable = False

    def __init__(self, topleft, entry: TextEntry, key_size: int = 64, gap: int = 8):
        self.entry = entry
        labels = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "⌫", "0", "OK"]
        x0, y0 = topleft
        self.keys: list[tuple[pygame.Rect, str]] = []
        for i, lab in enumerate(labels):
            r, c = divmod(i, 3)
            self.keys.append((pygame.Rect(x0 + c * (key_size + gap), y0 + r * (key_size + gap), key_size, key_size), lab))
        super().__init__(self.keys[0][0].unionall([k[0] for k in self.keys]))

    def press(self, lab: str) -> None:
        """Act as if the key labelled ``lab`` was clicked."""
        if lab == "⌫":
            self.entry.text = self.entry.text[:-1]
        elif lab == "OK":
            if self.entry.on_submit:
                self.entry.on_submit(self.entry.text)
        else:
            self.entry.type(lab)

    def handle(self, event) -> bool:
        if is_click(event):
            for r, lab in self.keys:
                if r.collidepoint(event.pos):
                    self.press(lab)
                    return True
        return False

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        for r, lab in self.keys:
            canvas.panel(r, theme.GOOD if lab == "OK" else theme.PANEL_HI, radius=10, border=theme.LINE)
            canvas.text(lab, r.center, theme.LARGE, anchor="center", bold=True)


class FocusGroup:
    """Keyboard focus over a list of widgets: Tab / Shift+Tab / ↑ / ↓ move it, Enter/Space activates.

    Mouse events go to every widget; key events to the focused one first.
    """

    def __init__(self, widgets=()):
        self.widgets: list[Widget] = list(widgets)
        self.index = -1

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def _focusables(self):
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def move(self, step: int) -> None:
        ws = self._focusables()
        if not ws:
            return
        cur = next((i for i, w in enumerate(ws) if w.focused), -1)
        for w in ws:
            w.focused = False
        nxt = (cur + step) % len(ws) if cur >= 0 else (0 if step > 0 else len(ws) - 1)
        ws[nxt].focused = True

    def handle(self, event) -> bool:
        focused = next((w for w in self.widgets if w.focused and w.visible), None)
        if event.type == pygame.KEYDOWN:
            if focused is not None and focused.handle(event):
                return True
            if event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.move(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
                focused.activate()
                return True
            return any(w.handle(event) for w in self.widgets if w.visible and w is not focused)
        if event.type == pygame.TEXTINPUT:
            return focused is not None and focused.handle(event)
        used = False
        for w in list(self.widgets):
            if w.visible and w.handle(event):
                used = True
                if is_click(event):
                    for o in self.widgets:
                        o.focused = o is w and w.focusable
                    break
        return used

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        for w in self.widgets:
            w.draw(canvas)

    def redraw_in(self) -> float | None:
        """The soonest :meth:`Widget.redraw_in` of the visible widgets (None: none)."""
        due = [d for w in self.widgets if w.visible for d in (w.redraw_in(),) if d is not None]
        return min(due) if due else None


class Dialog(Scene):
    """A modal message with buttons, drawn over the scene below.

    ``buttons`` is a list of ``(label, callback)``; Enter presses the first, Esc the last.
    The dialog closes itself before calling the callback.
    """

    overlay = True
    animating = False
    dim_below = 150                   # the screen under it, darkened (drawn once by the shell)

    def __init__(self, app, title, body, buttons):
        super().__init__(app)
        self.title, self.body = title, body
        self.box = pygame.Rect(0, 0, 640 if len(buttons) < 3 else 720, 320)   # three labels need room
        self.box.center = (theme.W // 2, theme.H // 2)
        n = len(buttons)
        bw = min(240, (self.box.width - 40 - 16 * (n - 1)) // max(n, 1))
        x = self.box.centerx - (n * bw + (n - 1) * 16) // 2
        self.buttons = []
        self._callbacks = [cb for _, cb in buttons]
        for i, (label, cb) in enumerate(buttons):
            self.buttons.append(Button((x + i * (bw + 16), self.box.bottom - 76, bw, 56), label,
                                       lambda cb=cb: self._close(cb),
                                       color=theme.ACCENT if i == 0 else theme.PANEL_HI))
        self.focus = FocusGroup(self.buttons)
        if self.buttons:
            self.buttons[0].focused = True

    def _close(self, cb):
        self.app.pop_scene(self)
        if cb:
            cb()

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                focused = next((b for b in self.buttons if b.focused), self.buttons[0] if self.buttons else None)
                if focused:
                    focused.activate()
                return True
            if event.key == pygame.K_ESCAPE:
                self._close(self._callbacks[-1] if self._callbacks else None)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(1 if event.key == pygame.K_RIGHT else -1)
                return True
        self.focus.handle(event)
        return True

    def draw(self, canvas):
        canvas = as_canvas(canvas)
        canvas.panel(self.box, theme.PANEL, radius=18, border=theme.ACCENT)
        canvas.text(_label(self.title), (self.box.centerx, self.box.top + 28), theme.LARGE,
                    anchor="midtop", bold=True)
        canvas.paragraph(_label(self.body), self.box.inflate(-60, -170).move(0, 10), theme.BODY)
        self.focus.draw(canvas)


def reading_seconds(text: str) -> float:
    """How long a message must stay to be read aloud at a family's pace: 2 s to notice
    it, then 3 words a second; 6 s at least, 20 s at most (newplayer9: a three-line
    message gone in 6 s)."""
    return max(6.0, min(20.0, 2.0 + len(str(text).split()) / 3.0))


class Toasts:
    """Short messages at the bottom of the screen, one after another."""

    def __init__(self):
        self.queue: list[list] = []  # [text, seconds_left]

    def add(self, text: str, seconds: float = 2.5) -> None:
        if self.queue and self.queue[-1][0] == text:
            self.queue[-1][1] = seconds
            return
        self.queue.append([text, seconds])
        del self.queue[:-3]

    def update(self, dt: float) -> None:
        if self.queue:
            self.queue[0][1] -= dt
            if self.queue[0][1] <= 0:
                self.queue.pop(0)

    @property
    def current(self) -> str | None:
        return self.queue[0][0] if self.queue else None

    def left(self) -> float | None:
        """Seconds the toast shown now stays (None: none shown)."""
        return max(0.0, self.queue[0][1]) if self.queue else None

    def box(self, area=None) -> pygame.Rect | None:
        """The design-px box of the toast shown now (None: none). ``area`` (a design-px
        rect ``(x, y, w, h)``, a scene's :attr:`~ludotheque.scene.Scene.toast_area`): the
        box hangs from the middle of its top edge, at least ``w`` wide (it can cover what
        is there, e.g. a banner), the text wrapped to the screen's width less 88 px;
        None: at most 900 px of text, the box 24 px above the bottom, centred."""
        return self._layout(area)[0] if self.queue else None

    def _layout(self, area) -> tuple[pygame.Rect, list[str]]:
        width = 900 if area is None else theme.W - 88
        lines = theme.wrap(self.queue[0][0], theme.BODY, width)
        h = 20 + 32 * len(lines)
        w = max(theme.font(theme.BODY).size(l)[0] for l in lines) + 48
        if area is not None:
            w = max(w, pygame.Rect(area).width)
        box = pygame.Rect(0, 0, w, h)
        if area is None:
            box.midbottom = (theme.W // 2, theme.H - 24)
        else:
            box.midtop = pygame.Rect(area).midtop
            box.bottom = min(box.bottom, theme.H - 4)   # a longer message than planned stays on screen
        return box, lines

    def draw(self, canvas, area=None) -> None:
        """Draw the toast shown now on ``canvas``, placed as :meth:`box` says."""
        if not self.queue:
            return
        canvas = as_canvas(canvas)
        box, lines = self._layout(area)
        canvas.panel(box, (20, 22, 28), radius=14, border=theme.ACCENT)
        for i, line in enumerate(lines):
            canvas.text(line, (box.centerx, box.top + 10 + 32 * i), theme.BODY, anchor="midtop")
