"""The canvas: the shell draws at the window's own pixels (issue 13, design.md "Runtime
conventions"), the same picture at 1280×720, sharp text at 2560×1440, pointer positions
in design units, stamped events, and frames drawn only when they change."""

import threading
import time

import numpy as np
import pygame
import pytest

from ludotheque import theme
from ludotheque.canvas import Canvas, as_canvas, fit
from ludotheque.scene import Scene

from tests.harness import click, edge_widths, frames, make_app, move, pixel
from tests.ludotheque.fake_game import make_descriptor


def pixels(surface):
    return pygame.surfarray.array3d(surface).astype(int)


# ----------------------------------------------------------------------- 1280×720: unchanged

def old_way(s: pygame.Surface) -> None:
    """A picture drawn the way every screen drew before the canvas (pygame and theme)."""
    s.fill(theme.BG)
    theme.panel(s, pygame.Rect(40, 30, 400, 200), theme.PANEL, radius=14, border=theme.LINE)
    pygame.draw.circle(s, theme.BLUE, (120.4, 300.7), 33.3)
    pygame.draw.circle(s, theme.ACCENT, (220, 300), 30, 3)
    pygame.draw.line(s, theme.GOOD, (10.5, 400.2), (600.7, 420.9), 4)
    pygame.draw.polygon(s, theme.RED, [(700, 100), (760, 180.5), (640.2, 170)])
    pygame.draw.ellipse(s, theme.ORANGE, (800, 100, 120.6, 50.2), 2)
    pygame.draw.rect(s, theme.WOOD, (900.5, 300.5, 77.7, 40.2), border_radius=6)
    veil = pygame.Surface((68, 68), pygame.SRCALPHA)
    veil.fill((*theme.GOOD, 90))
    s.blit(veil, pygame.Rect(500, 500, 68, 68))
    theme.text(s, "Ludothèque", (640, 30), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
    theme.text(s, "Magico 5 × 2 = 10", (300.6, 600.2), theme.BODY, anchor="center", shadow=True)
    theme.paragraph(s, "Flick pucks down the long table and knock the target into the gutter.",
                    pygame.Rect(40, 640, 300, 70), theme.SMALL, theme.MUTED)
    theme.dim(s, 120)


def canvas_way(c: Canvas) -> None:
    """The same picture through the canvas calls the screens now make."""
    c.fill(theme.BG)
    c.panel(pygame.Rect(40, 30, 400, 200), theme.PANEL, radius=14, border=theme.LINE)
    c.circle(theme.BLUE, (120.4, 300.7), 33.3)
    c.circle(theme.ACCENT, (220, 300), 30, 3)
    c.line(theme.GOOD, (10.5, 400.2), (600.7, 420.9), 4)
    c.polygon(theme.RED, [(700, 100), (760, 180.5), (640.2, 170)])
    c.ellipse(theme.ORANGE, (800, 100, 120.6, 50.2), 2)
    c.rect(theme.WOOD, (900.5, 300.5, 77.7, 40.2), border_radius=6)
    c.fill((*theme.GOOD, 90), pygame.Rect(500, 500, 68, 68))
    c.text("Ludothèque", (640, 30), theme.TITLE, theme.ACCENT, anchor="midtop", bold=True)
    c.text("Magico 5 × 2 = 10", (300.6, 600.2), theme.BODY, anchor="center", shadow=True)
    c.paragraph("Flick pucks down the long table and knock the target into the gutter.",
                pygame.Rect(40, 640, 300, 70), theme.SMALL, theme.MUTED)
    c.dim(120)


def test_at_1280x720_the_canvas_draws_the_same_pixels_as_before():
    """A 1280×720 window: scale 1, no band, and every canvas call is the pygame call the
    screens made before, pixel for pixel."""
    before, after = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    old_way(before)
    c = Canvas.for_surface(after)
    assert (c.scale, c.origin) == (1.0, (0, 0))
    canvas_way(c)
    assert np.array_equal(pixels(before), pixels(after))


def test_a_plain_surface_is_drawn_on_at_scale_one():
    s = pygame.Surface((300, 200))
    assert as_canvas(s).scale == 1 and as_canvas(s).bounds.size == (300, 200)
    with pytest.raises(TypeError):
        as_canvas("not a surface")


# ----------------------------------------------------------------------- other sizes

@pytest.mark.parametrize("window, scale, origin", [((1920, 1080), 1.5, (0, 0)), ((2560, 1440), 2.0, (0, 0)),
                                                   ((1000, 700), 0.78125, (0, 69)), ((2600, 1500), 2.03125, (0, 19)),
                                                   ((640, 360), 0.5, (0, 0))])
def test_the_picture_is_fitted_whole_and_centred(window, scale, origin):
    assert fit(window) == (scale, origin)
    c = Canvas.for_surface(pygame.Surface(window))
    assert c.to_device(0, 0) == origin
    assert c.to_design(*c.to_device(640.25, 359.5)) == pytest.approx((640.25, 359.5))
    r = c.device_bounds
    assert r.width == pytest.approx(1280 * scale, abs=1) and r.height == pytest.approx(720 * scale, abs=1)


def test_shapes_are_drawn_at_device_scale():
    c = Canvas.for_surface(pygame.Surface((2560, 1440)))
    c.fill((0, 0, 0))
    c.rect((255, 0, 0), (10, 20, 30, 40))
    px = pixels(c.surface)[..., 0] > 0
    xs, ys = np.nonzero(px)
    assert (xs.min(), xs.max() + 1, ys.min(), ys.max() + 1) == (20, 80, 40, 120)
    c.fill((0, 0, 0))
    c.line((0, 255, 0), (100, 100), (200, 100), 2)            # 2 design units thick: 4 px
    col = pixels(c.surface)[300, :, 1]
    assert int((col > 0).sum()) == 4


def test_text_is_rasterised_at_the_device_size_and_made_again_at_a_new_scale():
    surf = pygame.Surface((1280, 720))
    c = Canvas.for_surface(surf)
    small = c.text_image("Glissando", theme.BODY)
    c.retarget(pygame.Surface((2560, 1440)))
    big = c.text_image("Glissando", theme.BODY)
    assert big.get_height() == theme.font(2 * theme.BODY).get_height()    # 48 px glyphs, not 24 stretched
    assert big.get_width() == theme.font(2 * theme.BODY).size("Glissando")[0]
    assert small.get_width() == theme.font(theme.BODY).size("Glissando")[0]
    rect = c.text("Glissando", (100, 50), theme.BODY)
    # design units: the width hinted at 48 px is within a few % of twice the 24 px one
    assert rect.topleft == (100, 50) and abs(rect.width - small.get_width()) <= 0.04 * small.get_width()


def test_layers_are_drawn_once_per_scale():
    calls = []

    def draw(layer):
        calls.append(layer.scale)
        layer.fill((200, 100, 50))

    c = Canvas.for_surface(pygame.Surface((2560, 1440)))
    a = c.cached("test.layer", (100, 50), draw)
    b = c.cached("test.layer", (100, 50), draw)
    assert a is b and calls == [2.0] and a.surface.get_size() == (200, 100)
    c.retarget(pygame.Surface((1920, 1080)))
    c.cached("test.layer", (100, 50), draw)
    assert calls == [2.0, 1.5]



def test_pictures_of_positions_gone_by_are_let_go():
    """A long session draws one still picture per position (the screen under a Glissando
    board after each turn, a Magico board): only the last few are kept, so memory stays flat game after game (issue 8,
    tests/test_soak.py), and the picture on screen is the current position's."""
    screen = pygame.Surface((1280, 720))
    c = Canvas.for_surface(screen)
    drawn = []

    def still(turn):
        def draw(layer):
            drawn.append(turn)
            layer.fill((turn, 0, 0))
        return draw

    def kept(show, turns):
        """How many of ``turns`` (newest first) come back without being drawn again: the
        ones still kept (asking for one brings it to the front of the cache)."""
        n = 0
        for turn in turns:
            before = len(drawn)
            show(turn)
            if len(drawn) > before:
                break
            n += 1
        return n

    for turn in range(40):                              # two frames per position: kept as a layer
        for _frame in range(3):
            c.backdrop(("test.position", turn), still(turn))
    assert screen.get_at((640, 360))[:3] == (39, 0, 0)
    n = kept(lambda t: c.backdrop(("test.position", t), still(t)), range(39, -1, -1))
    assert 1 <= n <= 6, f"{n} backdrops of past positions kept (3.5 MB each)"   # the current one is

    for turn in range(40):                              # a board at each position (Magico's)
        c.cached(("test.board", turn), (648, 648), still(turn))
    n = kept(lambda t: c.cached(("test.board", t), (648, 648), still(t)), range(39, -1, -1))
    assert 1 <= n <= 6, f"{n} boards of past positions kept (1.6 MB each)"


def row_across_title(app):
    """A row of grey levels (device px) through the menu's title "Ludothèque"."""
    a = pixels(app.screen)
    accent = np.abs(a - np.array(theme.ACCENT)).sum(axis=2) < 60
    y = int(np.argmax(accent.sum(axis=0)))
    xs = np.nonzero(accent[:, y])[0]
    return [int(v) for v in a[xs.min() - 6: xs.max() + 6, y].mean(axis=1)]


def test_text_at_2560x1440_is_sharp():
    """Issue 13: stretched, a letter's edge was smeared over 4–5 px (31 35 43 84 159 207
    225); drawn at the device size, every edge across the title rises within 2 px."""
    app = make_app([make_descriptor()], size=(2560, 1440))
    frames(app, 1)
    widths = edge_widths(row_across_title(app))
    assert len(widths) >= 10 and max(widths) <= 2, widths
    # the same title stretched from 1280×720, as SDL did: its edges are wider
    small = make_app([make_descriptor()])
    frames(small, 1)
    small.screen = pygame.transform.smoothscale(small.screen, (2560, 1440))
    assert max(edge_widths(row_across_title(small))) >= 3


# ----------------------------------------------------------------------- pointer, stamps

def test_pointer_positions_reach_scenes_in_design_units():
    app = make_app([make_descriptor()], size=(1000, 700))      # scale 0.78125, bands of 69 px
    e = app.to_design(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 350.25), button=1))
    assert e.pos == (640, 360) and e.precise_pos == pytest.approx((640.0, 360.0))
    e = app.to_design(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 69), rel=(10, -10), buttons=(0, 0, 0)))
    assert e.pos == (0, 0) and e.rel == (13, -13)


class Tracker(Scene):
    """A scene in the middle of a drag: it tracks the pointer and keeps what it got."""

    tracking_pointer = True

    def __init__(self, app, last):
        super().__init__(app)
        self.got, self.last = [], last

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.got.append((event.pos, event.stamp))
            if len(self.got) == self.last:
                self.app.running = False        # ends the wait below
        return True


def test_a_drag_is_stamped_as_each_sample_arrives_between_frames():
    """Decision 2: while the top scene tracks the pointer, the loop looks at the queue
    between frames, so each sample gets the time it arrived — after it was sent and
    before the next one was — not the time of the next frame."""
    app = make_app([make_descriptor()])
    scene = Tracker(app, last=6)
    app.push(scene)
    sent = []

    def mouse():
        for i in range(6):
            while len(scene.got) < i:            # the next sample once the last one was taken
                time.sleep(0.0005)
            sent.append(time.perf_counter())
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10 * i, 5), rel=(10, 0),
                                                 buttons=(1, 0, 0)))

    pygame.event.clear()
    hand = threading.Thread(target=mouse)
    hand.start()
    app.wait_until(time.perf_counter() + 600)   # one frame's wait, far away: ends when all came
    hand.join()
    stamps = [s for _p, s in scene.got]
    assert [p for p, _s in scene.got] == [(10 * i, 5) for i in range(6)]
    assert all(a < b for a, b in zip(stamps, stamps[1:]))                      # increasing
    assert all(sent[i] <= stamps[i] for i in range(6))                          # taken after sending
    assert all(stamps[i] < sent[i + 1] for i in range(5))                       # and before the next


def test_a_synthetic_event_is_stamped_when_dispatched():
    app = make_app([make_descriptor()])
    t0 = time.perf_counter()
    e = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    app.dispatch(e)
    assert t0 <= e.stamp <= time.perf_counter()


# ----------------------------------------------------------------------- quiet when nothing moves

def test_a_still_menu_is_not_drawn_again():
    app = make_app([make_descriptor()])
    assert app.frame(1 / 60)                       # the first frame is drawn
    assert not app.frame(1 / 60) and not app.wants_frame()
    button = app.top.settings_btn
    move(app, (5, 700))                            # over nothing that lights up
    assert not app.frame(1 / 60)
    move(app, button.rect.center)                  # over a button: it lights up
    assert app.frame(1 / 60)
    move(app, (button.rect.centerx + 3, button.rect.centery))   # still over it: nothing new
    assert not app.frame(1 / 60)
    app.toast("Sound off", 1.0)
    assert app.frame(1 / 60)


def test_a_toast_that_ends_draws_one_frame():
    app = make_app([make_descriptor()])
    app.frame(1 / 60)
    app.toast("Hello", 0.05)
    assert app.frame(0.0)
    for _ in range(100):                           # each wait wakes when the toast is due to end
        pygame.event.clear()                       # (or earlier, for an event SDL made)
        app.idle(limit=5)
        if app.toasts.current is None:
            break
    assert app.toasts.current is None and app.frame(0.0)


def test_a_key_repeat_made_while_a_frame_stalled_is_dropped():
    """pygame repeats a key until it sees the release; behind a stalled frame the repeats
    and the release come together: one press of Enter acts once."""
    app = make_app([make_descriptor()])
    got = []

    class Keys(Scene):
        def handle(self, event):
            if event.type == pygame.KEYDOWN:
                got.append(event.key)
            return True

    app.push(Keys(app))
    down = dict(key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **down))
    app.pump()
    for _ in range(3):                                                  # the stalled repeats
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **down))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, **down))
    app.pump()
    assert got == [pygame.K_RETURN]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **down))        # a key held down repeats
    app.pump()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, **down))
    app.pump()
    assert got == [pygame.K_RETURN] * 3


def test_a_text_cursor_blinks_for_a_while_then_stays_on():
    from ludotheque.widgets import CURSOR_BLINK_FOR, TextEntry

    e = TextEntry((0, 0, 200, 50))
    e.focused = True
    assert e.redraw_in() is not None and e.redraw_in() <= 0.5
    t = e.active_at
    assert e.cursor_on(t + 0.1) and not e.cursor_on(t + 0.6)
    assert e.cursor_on(t + CURSOR_BLINK_FOR + 0.6)            # no more blinking: on and still


def test_the_level_chooser_arrows_step_their_own_way(tmp_path):
    """Issue 13 §3: aiming at "‹" on a label whose width changes sent Intermediate to
    Expert. "‹" steps back, "›" and the label forward, the rest of the row only focuses,
    and "‹" stays where it was whatever the label."""
    from ludotheque.menu import SetupScene

    app = make_app([make_descriptor()], folder=tmp_path)
    app.settings.ai_level = "intermediate"
    app.push(SetupScene(app, app.games[0], vs_ai=True))
    level = next(w for w in app.top.focus.widgets if callable(getattr(w, "label", None)) and w.label() == "Level")
    back, value, forward = level.zones()
    click(app, back.center)
    assert level.value == "beginner"
    assert level.zones()[0] == back                        # the arrow did not move
    click(app, back.center)                                # the same place again: back again
    assert level.value == "expert"                         # (wraps round) — never forward
    click(app, value.center)
    assert level.value == "beginner"
    click(app, forward.center)
    assert level.value == "intermediate"
    click(app, (level.rect.x + 30, level.rect.centery))    # on the row's name: nothing
    assert level.value == "intermediate" and level.focused


def test_pixels_are_read_in_design_units_at_any_size():
    app = make_app([make_descriptor()], size=(2560, 1440))
    frames(app, 1)
    small = make_app([make_descriptor()])
    frames(small, 1)
    button = small.top.settings_btn.rect
    assert pixel(app, (button.x + 20, button.y + 4)) == pixel(small, (button.x + 20, button.y + 4))


def test_an_opaque_layer_copied_at_any_column_is_the_same_as_a_blit():
    """``canvas.copy`` splits a copy at the first 64-byte column (a speed fix, issue 13
    §1): whatever the destination column, area, clip or the source's alpha, the screen
    gets the pixels a plain blit gives."""
    import numpy as np

    from ludotheque.canvas import copy

    rng = np.random.default_rng(7)
    src = pygame.Surface((150, 90))
    pygame.surfarray.blit_array(src, rng.integers(0, 1 << 24, (150, 90), dtype=np.uint32))
    see_through = pygame.Surface((150, 90), pygame.SRCALPHA)
    see_through.fill((200, 40, 10, 90))
    base = pygame.Surface((400, 200))
    pygame.surfarray.blit_array(base, rng.integers(0, 1 << 24, (400, 200), dtype=np.uint32))
    for x in (0, 1, 3, 12, 16, 17, 30, 301, -5):
        for area in (None, pygame.Rect(0, 0, 150, 90), pygame.Rect(7, 3, 101, 60), (2, 0, 20, 90)):
            for clip in (None, pygame.Rect(10, 5, 300, 150)):
                for image in (src, see_through):
                    want, got = base.copy(), base.copy()
                    want.set_clip(clip)
                    got.set_clip(clip)
                    want.blit(image, (x, 11), area)
                    copy(got, image, (x, 11), area)
                    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), \
                        (x, area, clip, image.get_flags())


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_a_lasting_picture_is_drawn_once_per_version_and_shown_as_drawn(window):
    """``lasting`` backdrops and regions (a board game's still, new each turn; a panel
    that shows whose turn it is, issue 13 §1): the first frame of a version draws it
    straight and keeps what it drew, so it is never drawn again while it is kept, also
    when two versions alternate frame by frame; every frame shows what that version's
    first frame showed, pixel for pixel, at scales 1, 1.5 and 2."""
    screen = pygame.Surface(window)
    canvas = Canvas.for_surface(screen)
    drawn = []

    def still(version):
        def draw(c):
            drawn.append(("still", version))
            c.fill((20 + 40 * version, 30, 50), c.bounds)
            c.circle((250, 200, 40), (333.3 + 10 * version, 250.7), 41.5)
            c.text(f"turn {version}", (101.5, 600.25), 22, (240, 240, 240))
        return draw

    def panel(side):
        def draw(c):
            drawn.append(("panel", side))
            c.fill((10, 10, 10), (40, 40, 300, 200))
            c.panel(pygame.Rect(50, 50, 280, 180), (90, 40 + 100 * side, 60), radius=16, border=(255, 255, 255))
            c.text("Blue" if side else "Orange", (70.5, 80.5), 30, (255, 255, 255))
        return draw

    shown = {}
    for frame, (version, side) in enumerate([(1, 0), (2, 1), (1, 0), (2, 1), (1, 0), (3, 1), (3, 0)]):
        screen.fill((255, 0, 255))
        canvas.backdrop(("test.still", version), still(version), opaque=True, lasting=True)
        canvas.region(("test.panel", side), (40, 40, 300, 200), panel(side), lasting=True)
        picture = pygame.image.tobytes(screen, "RGB")
        assert shown.setdefault((version, side), picture) == picture, (frame, version, side)
    assert sorted(drawn, key=repr) == sorted([("still", 1), ("still", 2), ("still", 3),
                                              ("panel", 0), ("panel", 1)], key=repr)
    # what the first frame of a version showed is a straight drawing, caches bypassed
    screen.fill((255, 0, 255))
    with canvas.recording():
        canvas.backdrop(("test.still", 3), still(3), opaque=True, lasting=True)
        canvas.region(("test.panel", 0), (40, 40, 300, 200), panel(0), lasting=True)
    assert pygame.image.tobytes(screen, "RGB") == shown[(3, 0)]
