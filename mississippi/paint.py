"""Mississippi's table on a Canvas: wood, gutters, zones, pucks, the aim guide, lag
results, the flip toss and the overview strip (issue 12 §2, decision 11).

Every position goes through the match's view (:mod:`mississippi.view`: the one transform
from table mm to design units, and its camera); everything drawn comes from a
:class:`mississippi.view.TableSnapshot` the scene fills (:func:`snapshot_of` builds it from
today's scene). Nothing here decides a rule or changes the scene. Units: table mm,
design units (1280 × 720), s.

The still parts are cached layers, one per scale (``Canvas.cached``): for the camera view
the whole 3770 mm table at 0.8 px/mm with rails and end boards (3070 × 416 design units,
19 MB at 2560×1440), of which each frame blits the 1280-unit window the camera shows;
the overview strip; for the perspective view one picture per end.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import attention

from mississippi.pointer import AIM_PX_PER_MM
from mississippi.rules import LEFT_EDGE, TABLE, TABLE_LENGTH
from mississippi.view import (CAMERA_LAYOUT, END_MM, RAIL_PX, FlipView, Guide, PuckView,
                              TableSnapshot, gutter_spot)

_ = i18n.domain("mississippi")

COLOURS = {"left": theme.BLUE, "right": theme.ORANGE}
LINE_COLOUR = (250, 244, 230)
GUTTER = (58, 40, 24)
GUTTER_EDGE = (36, 24, 14)
RAIL_COLOUR = theme.WOOD_DARK

# --- names the HUD (mississippi/hud.py) lays out by, in the camera layout --------------
SCALE = AIM_PX_PER_MM                  # design px per mm of the close view (0.8)
RAIL = int(RAIL_PX)                    # design px of each rail
Y0 = CAMERA_LAYOUT.main.y              # design y of the near rail's inner edge (y = 0 mm)
TABLE_H = CAMERA_LAYOUT.main.h         # design px of the table's width (495 mm)
PR = TABLE.puck_radius * SCALE         # puck radius in design px (30.4)
TABLE_BAND = pygame.Rect(0, Y0 - RAIL, theme.W, TABLE_H + 2 * RAIL)
"""The screen band (design units) the close view's table layer covers, rails included."""


def table_band(view) -> pygame.Rect:
    """The design rectangle the table's layer covers opaquely in ``view`` (the HUD fills
    around it): the close view with its rails, or the perspective view's whole area."""
    main = view.layout.main
    if view.kind == "perspective":
        return pygame.Rect(round(main.x), round(main.y), round(main.w), round(main.h))
    return pygame.Rect(round(main.x), round(main.y - RAIL_PX), round(main.w),
                       round(main.h + 2 * RAIL_PX))


# --- procedural art ----------------------------------------------------------------------
def wood_surface(w: int, h: int, seed: int = 3, rings: float = 26.0) -> pygame.Surface:
    """Varnished maple seen from above, grain along the table (numpy → surfarray), ``w`` ×
    ``h`` device px; ``rings`` growth rings across the height."""
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 1, w, dtype=np.float32)[:, None]
    y = np.linspace(0, 1, h, dtype=np.float32)[None, :]
    warp = 0.015 * np.sin(2 * np.pi * (x * 3 + rng.random())) + 0.01 * np.sin(2 * np.pi * x * 11)
    ring = np.sin(2 * np.pi * ((y + warp) * rings + 0.6 * np.sin(2 * np.pi * x * 1.7)))
    streak = rng.normal(0, 1, (1, h)).astype(np.float32) * 0.25   # fibres along x
    noise = rng.normal(0, 1, (w, h)).astype(np.float32)
    tone = np.clip(0.55 + 0.11 * ring + 0.12 * streak + 0.05 * noise, 0, 1)[..., None]
    base = np.array([214, 170, 112], dtype=np.float32)
    dark = np.array([160, 112, 62], dtype=np.float32)
    img = dark + (base - dark) * tone
    return pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8))


def _darker(colour, f: float = 0.5):
    return tuple(int(c * f) for c in colour[:3])


def _lighter(colour, add: int = 50):
    return tuple(min(255, c + add) for c in colour[:3])


def draw_puck(canvas, x: float, y: float, colour, *, r: float = PR, ring=None,
              standing: bool = False, angle: float = 0.0, lift: float = 0.0,
              squash: float = 1.0, tip: int = 1) -> None:
    """A puck seen from above at design (x, y) on ``canvas``: a disc of radius ``r``
    (design units) with rim, shine and shadow, or a standing box (M-R9) at ``angle``;
    ``squash`` < 1 narrows it along x — a disc tilted over a gutter edge, its side face
    showing toward ``tip`` (+1: toward +x, −1: toward −x)."""
    c = as_canvas(canvas)
    if standing:
        hw, hh = r, r * TABLE.puck_thickness / TABLE.puck_diameter
        ca, sa = math.cos(angle), math.sin(angle)
        pts = [(x + dx * ca - dy * sa, y + dx * sa + dy * ca)
               for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]
        c.polygon((0, 0, 0), [(px + 2, py + 3) for px, py in pts])
        c.polygon(colour, pts)
        c.polygon(_darker(colour), pts, 2)
        if ring:
            c.circle(ring, (x, y), r + 5, 2)
        return
    if squash < 0.999:
        rx = r * squash
        side = (1 - squash) * r * 1.6 + 2        # the rim seen as the disc tips
        if lift <= 0:
            c.ellipse((40, 28, 18), (x - rx + 2, y - r + 3, 2 * rx, 2 * r))
        c.ellipse(_darker(colour, 0.3), (x - rx + tip * side, y - r, 2 * rx, 2 * r))
        c.ellipse(_darker(colour), (x - rx, y - r, 2 * rx, 2 * r))
        c.ellipse(colour, (x - rx + 2, y - r + 2, 2 * rx - 4, 2 * r - 4))
        c.ellipse(_lighter(colour), (x - rx * 0.65, y - r * 0.65, rx * 0.7, r * 0.7))
        if ring:
            c.circle(ring, (x, y), r + 4, 2)
        return
    if lift <= 0:
        c.circle((40, 28, 18), (x + 2, y + 3), r)
    c.circle(_darker(colour), (x, y), r)
    c.circle(colour, (x, y), r - 2)
    c.circle(_lighter(colour), (x - r * 0.3, y - r * 0.3), r * 0.35)
    if ring:
        c.circle(ring, (x, y), r + 4, 2)


def draw_preview(canvas, rect) -> None:
    """Launcher tile: a small table with its gutters, zones and a few pucks (``canvas``
    a :class:`ludotheque.canvas.Canvas` or a pygame surface, ``rect`` design units)."""
    surface = as_canvas(canvas)
    w, h = rect.width - 16, max(20, rect.height // 3)
    r = pygame.Rect(0, 0, w, h)
    r.center = rect.center
    surface.rect(theme.WOOD_DARK, r.inflate(10, 10), border_radius=6)
    surface.rect(theme.WOOD, r)
    g = w * GUTTER_FRAC
    surface.rect((70, 48, 28), (r.left, r.top, g, h))
    surface.rect((70, 48, 28), (r.right - g, r.top, g, h))
    for fx in (0.1777, 0.8223):
        surface.line((250, 240, 220), (r.left + w * fx, r.top), (r.left + w * fx, r.bottom), 2)
    pr = max(3, h // 7)
    surface.circle(theme.ORANGE, (r.right - w * 0.12, r.centery - h * 0.15), pr)
    surface.circle(theme.BLUE, (r.left + w * 0.55, r.centery + h * 0.1), pr)
    surface.line(theme.BLUE, (r.left + w * 0.2, r.centery + h * 0.1),
                 (r.left + w * 0.5, r.centery + h * 0.1), 2)


GUTTER_FRAC = LEFT_EDGE / TABLE_LENGTH


# --- the snapshot ------------------------------------------------------------------------
def snapshot_of(scene) -> TableSnapshot:
    """What ``scene`` shows on the table now: its :meth:`snapshot` (``mississippi.shown``)."""
    return scene.snapshot()


# --- the frame ------------------------------------------------------------------------------
def draw_table(canvas, view, snap: TableSnapshot) -> None:
    """Draw the table as ``view`` shows it (camera moved first, :meth:`view.track`) with
    everything in ``snap``: the close view and, for the camera design, the overview strip.
    The HUD is the scene's (drawn after, in ``view.layout``'s other rectangles). The same
    picture as :func:`draw_table_still` then :func:`draw_table_moving`."""
    c = as_canvas(canvas)
    view.track(snap)
    if view.kind == "perspective":
        _perspective(c, view, snap)
    else:
        draw_table_still(c, view, snap)
        _camera_moving(c, view, snap)


def draw_table_still(canvas, view, snap: TableSnapshot) -> None:
    """The part of :func:`draw_table` that stays the same while :func:`band_key` and
    :func:`overview_key` do: :func:`draw_band_still` and :func:`draw_overview_still`.
    The camera is not moved (call :meth:`view.track` first). Nothing of the perspective
    design (it is all moving)."""
    draw_band_still(canvas, view, snap)
    draw_overview_still(canvas, view, snap)


def draw_band_still(canvas, view, snap: TableSnapshot) -> None:
    """The close view's still part, inside :func:`table_band`: the wood where the camera
    looks and the pucks at rest in it (in hand in the gutters, lag results, resting
    pucks)."""
    if view.kind != "perspective":
        _camera_still(as_canvas(canvas), view, snap)


def draw_overview_still(canvas, view, snap: TableSnapshot) -> None:
    """The overview strip's still part: the small table and the dots of the pucks at
    rest (:func:`_overview_still`)."""
    if view.kind != "perspective" and view.layout.overview is not None:
        _overview_still(as_canvas(canvas), view, snap)


def draw_table_moving(canvas, view, snap: TableSnapshot) -> None:
    """The rest of :func:`draw_table`, over :func:`draw_table_still`: moving and
    overhanging pucks, the held puck and the aim guide, the target being placed, pulses,
    the flip, the edge markers, the replay tag (the whole perspective design)."""
    c = as_canvas(canvas)
    if view.kind == "perspective":
        _perspective(c, view, snap)
    else:
        _camera_moving(c, view, snap)


def _resting(snap: TableSnapshot, p: PuckView) -> bool:
    """True for a puck of ``snap.pucks`` drawn the same from frame to frame: nothing on
    the table moves and it does not hang over a gutter edge (:func:`teeter` rocks those)."""
    if snap.moving:
        return False
    if p.state in ("gutter_left", "gutter_right"):
        return True
    return p.state == "table" and TABLE.overhangs(p.x) is None


def band_key(view, snap: TableSnapshot) -> tuple:
    """What :func:`draw_band_still` draws, as a hashable key (equal keys, equal
    pictures): the camera's windows, the pucks at rest, the gutters, the lag results
    (their words: the language is the caller's to add). ``()`` for the perspective design
    (nothing of it is still)."""
    if view.kind == "perspective":
        return ()
    return (view.kind, view.s, view.windows(), tuple(p for p in snap.pucks if _resting(snap, p)),
            tuple(snap.gutters.get(side, ()) for side in ("left", "right")),
            snap.ghosts, snap.winner_ghost)


def overview_key(view, snap: TableSnapshot) -> tuple:
    """What :func:`draw_overview_still` draws, as a hashable key: the gutters, and the
    pucks and lag results while nothing moves."""
    if view.kind == "perspective" or view.layout.overview is None:
        return ()
    return (view.ov_s, tuple(snap.gutters.get(side, ()) for side in ("left", "right")),
            None if snap.moving else (snap.pucks, snap.ghosts))


def ring_colour(ring: str | None):
    """The colour of a puck's ring by its meaning (target, held, legal…), or None."""
    return {"target": theme.ACCENT, "held": theme.TEXT, "ai": theme.TEXT, "legal": theme.GOOD,
            "illegal": theme.BAD, "flip": theme.BAD}.get(ring) if ring else None


# --- camera design --------------------------------------------------------------------------
def _strip_size(s: float) -> tuple[float, float]:
    return (TABLE.length + 2 * END_MM) * s, TABLE.width * s + 2 * RAIL_PX


def render_strip(layer, s: float) -> None:
    """The whole table seen from above at ``s`` design px per mm on ``layer`` (design
    origin at the left end board's outer face, top rail's top): end boards, rails, wood,
    gutters (M-T3), target zones tinted by their owner with their lines (M-T4, M-T5)."""
    w, h = _strip_size(s)
    top = RAIL_PX
    x0 = END_MM * s
    layer.fill(RAIL_COLOUR)
    layer.rect((96, 64, 36), (0, 0, w, 3))
    layer.rect((60, 40, 22), (0, h - 3, w, 3))
    tw, th = TABLE.length * s, TABLE.width * s
    layer.blit(wood_surface(*layer.device_size((tw, th)), rings=60.0),
               (x0, top))
    for side in ("left", "right"):
        g = TABLE.gutter(side)
        r = (x0 + g.x0 * s, top, (g.x1 - g.x0) * s, th)
        layer.rect(GUTTER, r)
        layer.rect(GUTTER_EDGE, r, 3)
        z = TABLE.zone(side)
        layer.fill((*COLOURS[side], 28), (x0 + z.x0 * s, top, (z.x1 - z.x0) * s, th))
        for xx in (z.x0, z.x1):
            layer.line(LINE_COLOUR, (x0 + xx * s, top), (x0 + xx * s, top + th),
                       max(2, round(TABLE.line_width * s)))
    # the middle of the table (M-O4 splits it there), a faint mark
    cx = x0 + TABLE.centre_x * s
    layer.line((150, 108, 62), (cx, top + 6), (cx, top + th - 6), 1)
    layer.line((60, 40, 22), (x0, top), (x0 + tw, top), 2)
    layer.line((60, 40, 22), (x0, top + th), (x0 + tw, top + th), 2)


def render_overview(layer, s: float) -> None:
    """The whole table at ``s`` design px per mm (the overview strip), rails 3 units."""
    tw, th = TABLE.length * s, TABLE.width * s
    layer.fill(theme.BG)
    layer.rect(RAIL_COLOUR, (0, 0, tw + 6, th + 6), border_radius=3)
    layer.rect(theme.WOOD, (3, 3, tw, th))
    for side in ("left", "right"):
        g = TABLE.gutter(side)
        layer.rect(GUTTER, (3 + g.x0 * s, 3, (g.x1 - g.x0) * s, th))
        z = TABLE.zone(side)
        layer.fill((*COLOURS[side], 40), (3 + z.x0 * s, 3, (z.x1 - z.x0) * s, th))
        for xx in (z.x0, z.x1):
            layer.line(LINE_COLOUR, (3 + xx * s, 3), (3 + xx * s, 3 + th), 1)


def teeter(p: PuckView, calm: float) -> tuple[float, float]:
    """How an overhanging puck (M-P3) is drawn: (shift toward its gutter in mm, squash
    along x). It rocks on the gutter edge — a few wobbles that die away over about two
    seconds after the table settles — and then rests tilted by how far it hangs over."""
    side = TABLE.overhangs(p.x)
    if side is None:
        return 0.0, 1.0
    r = TABLE.puck_radius
    over = r - abs(p.x - TABLE.gutter_edge(side))            # mm of disc past the edge
    frac = min(max(over / r, 0.0), 1.0)
    tilt = 0.12 + 0.3 * frac                                   # rad, at rest
    wob = (0.15 + 0.5 * frac) * math.exp(-calm / 0.8) * abs(math.sin(2 * math.pi * 1.6 * calm))
    a = tilt + wob
    sign = -1.0 if side == "left" else 1.0
    return sign * r * (1 - math.cos(a)) * 0.5, math.cos(a)


def _camera_still(c, view, snap: TableSnapshot) -> None:
    s = view.s
    main = view.layout.main
    sw, sh = _strip_size(s)
    layer = c.cached(("mississippi.strip", s), (sw, sh), lambda lay: render_strip(lay, s))
    wins = view.windows()
    for lo, hi, X0 in wins:
        c.blit(layer, (X0, main.y - RAIL_PX), area=((lo + END_MM) * s, 0, (hi - lo) * s, sh))
    if len(wins) > 1:                                 # the split view's seam
        seam = main.x + main.w / 2
        c.rect(theme.BG, (seam - 3, main.y - RAIL_PX, 6, sh))
        c.line(theme.ACCENT, (seam, main.y - RAIL_PX), (seam, main.y + main.h + RAIL_PX), 2)
    with c.clipped((main.x, main.y - RAIL_PX, main.w, sh)):
        _still_pucks(c, view, snap)


def _camera_moving(c, view, snap: TableSnapshot) -> None:
    main = view.layout.main
    _sw, sh = _strip_size(view.s)
    with c.clipped((main.x, main.y - RAIL_PX, main.w, sh)):
        _moving_pucks(c, view, snap)
    _markers(c, view, snap)
    if view.layout.overview is not None:
        _overview_moving(c, view, snap)
    if snap.replay is not None:
        label = _("REPLAY") + (" ×¼" if snap.replay < 1 else "")
        tag(c, label, (main.x + main.w / 2, main.y + 34), theme.ACCENT)
    if snap.flip is not None:
        draw_flip_gauge(c, view, snap)


def _pt(view, x, y):
    return view.to_design(x, y)


def _still_pucks(c, view, snap: TableSnapshot) -> None:
    s = view.s
    pr = TABLE.puck_radius * s
    # pucks in hand, in the gutters (M-O2)
    for side in ("left", "right"):
        for i, owner in enumerate(snap.gutters.get(side, ())):
            gx, gy = gutter_spot(side, i)
            if owner is not None and view.visible(gx, gy):
                px, py = _pt(view, gx, gy)
                draw_puck(c, px, py, _darker(COLOURS[owner], 0.85), r=pr * 0.92)
                if owner != side:        # the other side's lag puck, fallen here (M-L1)
                    c.circle((255, 255, 255), (px, py), pr * 0.92, 2)
    # the lag pucks where they stopped (M-L1, M-L2)
    for i, g in enumerate(snap.ghosts):
        px, py = _pt(view, g.x, g.y)
        draw_puck(c, px, py, COLOURS[g.owner], r=pr)
        c.circle((255, 255, 255), (px, py), pr, 2)
        if i == snap.winner_ghost:
            edge = TABLE.gutter_edge("right" if g.owner == "left" else "left")
            ex, _ey = _pt(view, edge, g.y)
            c.circle(theme.GOOD, (px, py), pr + 5, 3)
            c.line(theme.GOOD, (px, py), (ex, py), 3)
            label = _("closest: {cm:.0f} cm from the gutter").format(cm=abs(edge - g.x) / 10)
            up = py - pr - 8 > view.layout.main.y + 24
            tag(c, label, (px, py - pr - 8) if up else (px, py + pr + 34), theme.GOOD)
    # pucks resting on the table or fallen in a gutter
    _table_pucks(c, view, snap, [p for p in snap.pucks if _resting(snap, p)])


def _table_pucks(c, view, snap: TableSnapshot, pucks) -> None:
    """``pucks`` of ``snap.pucks`` on the table, overhanging (rocking, :func:`teeter`) or
    fallen in a gutter."""
    s = view.s
    pr = TABLE.puck_radius * s
    for p in pucks:
        px, py = _pt(view, p.x, p.y)
        if p.state in ("gutter_left", "gutter_right"):
            draw_puck(c, px, py, _darker(COLOURS[p.owner], 0.85), r=pr * 0.92)
            continue
        shift, squash = teeter(p, snap.calm) if p.state in ("overhang", "table") else (0.0, 1.0)
        draw_puck(c, px + shift * s, py, COLOURS[p.owner], r=pr, ring=ring_colour(p.ring),
                  standing=p.standing, angle=p.angle, squash=squash, tip=1 if shift >= 0 else -1)


def _moving_pucks(c, view, snap: TableSnapshot) -> None:
    s = view.s
    pr = TABLE.puck_radius * s
    # pucks moving or overhanging
    _table_pucks(c, view, snap, [p for p in snap.pucks if not _resting(snap, p)])
    # the flip: blinking ring before it starts, the toss once it has
    if snap.flip is not None:
        _flip_on_table(c, view, snap)
    # the aim: line to the target / AI direction, guide to the predicted stop
    h = snap.held
    if h is not None:
        a = _pt(view, h.x, h.y)
        if snap.aim_to is not None and h.ring == "ai":          # the computer's direction
            dashed(c, a, _pt(view, *snap.aim_to), theme.ACCENT)
        elif snap.aim_to is not None:                           # never read as the guide
            dotted(c, a, _pt(view, *snap.aim_to), target_colour(snap))
        if snap.guide is not None:
            b = _pt(view, snap.guide.x1, snap.guide.y1)
            dashed(c, a, b, theme.ACCENT)
            c.circle(theme.ACCENT, b, pr, 2)                  # where a free slide stops
        if h.ring == "ready":
            pulse = 3 + 2 * attention(snap.calm, 6)           # breathes, then holds
            c.circle(theme.ACCENT, a, pr + 6 + pulse, 2)
        draw_puck(c, a[0], a[1], COLOURS[h.owner], r=pr, ring=ring_colour(h.ring))
        if snap.dragging and snap.guide is not None:
            tag(c, _("{v} m/s").format(v=i18n.decimal(snap.guide.speed / 1000)), (a[0], a[1] - pr - 6),
                theme.ACCENT)
        elif snap.dragging and h.ring == "held" and snap.guide is None and _guide_wanted(snap):
            tag(c, _("drag toward the far end"), (a[0], a[1] - pr - 6), theme.ACCENT)
    if snap.drag_target is not None:
        d = snap.drag_target
        px, py = _pt(view, d.x, d.y)
        draw_puck(c, px, py, COLOURS[d.owner], r=pr, ring=ring_colour(d.ring),
                  standing=d.standing, angle=d.angle)
    elif snap.place_glow is not None:
        px, py = _pt(view, *snap.place_glow)
        pulse = 3 + 2 * attention(snap.calm, 6)
        c.circle(theme.ACCENT, (px, py), pr + 6 + pulse, 2)


def _guide_wanted(snap: TableSnapshot) -> bool:
    return snap.aim_to is not None or snap.phase == "lag"


def _flip_on_table(c, view, snap: TableSnapshot) -> None:
    f = snap.flip
    sx, _sy = view.scale_at(f.x, f.y)
    pr = TABLE.puck_radius * sx
    px, py = view.to_design(f.x, f.y)
    if not f.started:
        if int(snap.t * 4) % 2 == 0:
            c.circle(theme.BAD, (px, py), pr + 8, 3)
        return
    h = f.height * sx * 0.5
    squash = max(0.18, abs(math.cos(f.spin)))
    grow = 1.0 + f.height / 220.0                      # nearer the eye as it rises
    c.ellipse((30, 20, 12), (px - pr * 1.2, py - pr * 0.35, 2 * pr * 1.2, pr * 0.7))
    w, hh = 2 * pr * grow, max(6, 2 * pr * grow * squash)
    rect = (px - w / 2, py - h - hh / 2, w, hh)
    c.ellipse(_darker(COLOURS[f.owner]), (rect[0] - 2, rect[1] - 2, w + 4, hh + 4))
    c.ellipse(COLOURS[f.owner], rect)
    c.ellipse(theme.TEXT, rect, 2)


def draw_flip_gauge(c, view, snap: TableSnapshot) -> None:
    """The flip race's clock (M-F4: the window running out) or, once flipped, the catch
    gauge with its green band (M-F2), over the middle of the table view."""
    f = snap.flip
    main = view.layout.main
    # towards the placer's end, clear of its gutter's pucks (the playtest: f1, f2)
    cx = main.x + main.w * (0.66 if f.x > TABLE.centre_x else 0.34)
    if view.kind == "perspective":
        cx = main.x + main.w / 2
    if not f.started:
        bar = pygame.Rect(round(cx - 200), int(main.y + 30), 400, 14)
        c.rect(theme.PANEL, bar, border_radius=7)
        c.rect(theme.BAD, (bar.x, bar.y, bar.w * f.window_frac, bar.h), border_radius=7)
        tag(c, _("Time to flip: {s} s").format(s=i18n.decimal(f.window_s)), (bar.centerx, bar.y - 2), theme.TEXT)
        return
    from mississippi.sim import FlipToss
    toss = FlipToss()
    gauge = pygame.Rect(round(cx - 160), int(main.y + 20), 24, 80)
    c.rect(theme.PANEL, gauge)
    band = toss.window / toss.airtime
    c.rect(theme.GOOD, (gauge.x, gauge.bottom - gauge.h * band, gauge.w, gauge.h * band))
    level = gauge.bottom - gauge.h * min(1.0, f.progress)
    c.line(theme.TEXT, (gauge.x - 6, level), (gauge.right + 6, level), 3)
    tag(c, _("CATCH in the green!"), (gauge.right + 110, gauge.y + 24), theme.GOOD)


def _markers(c, view, snap: TableSnapshot) -> None:
    """An arrow at the close view's edge for every puck in play it does not show (issue
    12 §2: every puck in play is visible or marked), in the puck's colour."""
    main = view.layout.main
    seen = list(snap.pucks) + list(snap.ghosts)
    if snap.drag_target is not None:
        seen.append(snap.drag_target)
    if snap.guide is not None:
        seen.append(PuckView(snap.guide.x1, snap.guide.y1, "stop"))
    for p in seen:
        if p.state not in ("table", "overhang"):
            continue
        off = view.offscreen(p.x, p.y)
        if off is None:
            continue
        ex, way, py = off
        py = min(max(py, main.y + 14), main.bottom - 14)
        colour = theme.ACCENT if p.owner == "stop" else COLOURS[p.owner]
        tip, base = ex - way * 4, ex - way * 26            # an arrow pointing the puck's way
        c.polygon(theme.BG, [(tip, py), (base, py - 14), (base, py + 14)])
        c.polygon(colour, [(tip - way * 2, py), (base + way * 2, py - 11), (base + way * 2, py + 11)])


def _overview_still(c, view, snap: TableSnapshot) -> None:
    """The whole table small (both gutters and hands) and the pucks at rest as dots."""
    box = view.overview_box()
    s = view.ov_s
    layer = c.cached(("mississippi.overview", s), (box.w + 6, box.h + 6),
                     lambda lay: render_overview(lay, s))
    c.blit(layer, (box.x - 3, box.y - 3))
    r = max(2.5, TABLE.puck_radius * s)
    for side in ("left", "right"):
        for i, owner in enumerate(snap.gutters.get(side, ())):
            if owner is None:
                continue
            x, y = view.overview_to_design(*gutter_spot(side, i))
            c.circle(_darker(COLOURS[owner], 0.85), (x, y), r)
            if owner != side:            # the other side's lag puck, fallen here (M-L1)
                c.circle((255, 255, 255), (x, y), r, 1)
    if not snap.moving:
        _overview_dots(c, view, snap, r)


def _overview_dots(c, view, snap: TableSnapshot, r: float) -> None:
    for p in list(snap.pucks) + list(snap.ghosts):
        x, y = view.overview_to_design(p.x, p.y)
        c.circle(COLOURS[p.owner], (x, y), r)
        if p.ring == "target":
            c.circle(theme.ACCENT, (x, y), r + 2, 1)
        elif p.ghost:
            c.circle((255, 255, 255), (x, y), r, 1)


def _overview_moving(c, view, snap: TableSnapshot) -> None:
    """The overview's moving part: the pucks of a running shot, the held puck, the
    target being placed, the guide's stop point, and a frame around what the close view
    shows (drawn last, as ever)."""
    r = max(2.5, TABLE.puck_radius * view.ov_s)
    if snap.moving:
        _overview_dots(c, view, snap, r)
    for p in (snap.held, snap.drag_target):
        if p is not None:
            x, y = view.overview_to_design(p.x, p.y)
            c.circle(COLOURS[p.owner], (x, y), r)
            c.circle(theme.TEXT, (x, y), r + 2, 1)
    if snap.guide is not None:
        x, y = view.overview_to_design(snap.guide.x1, snap.guide.y1)
        c.circle(theme.ACCENT, (x, y), r + 1, 1)
    box = view.overview_box()
    for lo, hi, _X in view.windows():                 # what the close view shows, framed
        x0, _ = view.overview_to_design(max(lo, -END_MM), 0)
        x1, _ = view.overview_to_design(min(hi, TABLE.length + END_MM), 0)
        c.rect(theme.TEXT, (x0, box.y - 4, x1 - x0, box.h + 8), 1, border_radius=3)


# --- perspective design -------------------------------------------------------------------
def _quad(view, x0, x1, y0, y1):
    return [view.to_design(x0, y0), view.to_design(x1, y0), view.to_design(x1, y1),
            view.to_design(x0, y1)]


def render_perspective(layer, view) -> None:
    """The table seen from behind ``view.end``'s end board (design "perspective"): rails,
    wood as converging strips, gutters, zones and their lines, as projected quads."""
    layer.fill(theme.BG)
    L, W = TABLE.length, TABLE.width
    rail = 40.0
    layer.polygon(RAIL_COLOUR, _quad(view, -END_MM, L + END_MM, -rail, W + rail))
    layer.polygon(theme.WOOD, _quad(view, 0, L, 0, W))
    for i in range(1, 12):           # grain: lines along the table, converging
        y = W * i / 12
        tone = (170, 124, 74) if i % 2 else (200, 156, 100)
        layer.line(tone, view.to_design(0, y), view.to_design(L, y), 1)
    for side in ("left", "right"):
        g = TABLE.gutter(side)
        layer.polygon(GUTTER, _quad(view, g.x0, g.x1, 0, W))
        layer.polygon(GUTTER_EDGE, _quad(view, g.x0, g.x1, 0, W), 2)
        z = TABLE.zone(side)
        tint = tuple(int(0.82 * a + 0.18 * b) for a, b in zip(theme.WOOD, COLOURS[side]))
        layer.polygon(tint, _quad(view, z.x0, z.x1, 0, W))
        for xx in (z.x0, z.x1):
            layer.line(LINE_COLOUR, view.to_design(xx, 0), view.to_design(xx, W), 2)


def _cylinder(c, view, x, y, colour, ring=None, lift: float = 0.0) -> None:
    """A flat puck in perspective: an ellipse for its top, the rim below it."""
    sx, sy = view.scale_at(x, y)
    px, py = view.to_design(x, y)
    rx, ry = TABLE.puck_radius * sx, max(2.0, TABLE.puck_radius * sy)
    th = TABLE.puck_thickness * sx * 0.8
    py -= lift * sx
    if lift <= 0:
        c.ellipse((40, 28, 18), (px - rx + 2, py - ry + 3, 2 * rx, 2 * ry))
    c.ellipse(_darker(colour), (px - rx, py - ry - th, 2 * rx, 2 * ry + th))
    c.rect(_darker(colour), (px - rx, py - th, 2 * rx, th))
    c.ellipse(_darker(colour), (px - rx, py - ry, 2 * rx, 2 * ry))
    c.ellipse(colour, (px - rx, py - ry - th, 2 * rx, 2 * ry))
    c.ellipse(_lighter(colour), (px - rx * 0.5, py - ry * 0.8 - th, rx * 0.6, ry * 0.6))
    if ring:
        c.ellipse(ring, (px - rx - 4, py - ry - th - 4, 2 * rx + 8, 2 * ry + 8), 2)


def _perspective(c, view, snap: TableSnapshot) -> None:
    main = view.layout.main
    layer = c.cached(("mississippi.persp", view.end, view.s_near, view.s_far),
                     (main.w, main.h), lambda lay: render_perspective_at(lay, view, main))
    c.blit(layer, (main.x, main.y))
    items = []                    # (depth, draw) far first
    d = view._depth
    for side in ("left", "right"):
        for i, owner in enumerate(snap.gutters.get(side, ())):
            if owner is None:
                continue
            gx, gy = gutter_spot(side, i)
            items.append((d(gx), gx, gy, _darker(COLOURS[owner], 0.85),
                          (255, 255, 255) if owner != side else None))   # a fallen lag puck
    for g in snap.ghosts:
        items.append((d(g.x), g.x, g.y, COLOURS[g.owner], (255, 255, 255)))
    for p in snap.pucks:
        items.append((d(p.x), p.x, p.y, COLOURS[p.owner], ring_colour(p.ring)))
    for p in (snap.held, snap.drag_target):
        if p is not None:
            items.append((d(p.x), p.x, p.y, COLOURS[p.owner], ring_colour(p.ring)))
    h = snap.held
    if h is not None and snap.guide is not None:
        dashed(c, view.to_design(h.x, h.y), view.to_design(snap.guide.x1, snap.guide.y1), theme.ACCENT)
        sx, sy = view.scale_at(snap.guide.x1, snap.guide.y1)
        gx, gy = view.to_design(snap.guide.x1, snap.guide.y1)
        rx, ry = TABLE.puck_radius * sx, TABLE.puck_radius * sy
        c.ellipse(theme.ACCENT, (gx - rx, gy - ry, 2 * rx, 2 * ry), 2)
    if h is not None and snap.aim_to is not None:
        a, b = view.to_design(h.x, h.y), view.to_design(*snap.aim_to)
        if h.ring == "ai":
            dashed(c, a, b, theme.ACCENT)
        else:
            dotted(c, a, b, target_colour(snap))
    for _d, x, y, colour, ring in sorted(items, key=lambda it: -it[0]):
        _cylinder(c, view, x, y, colour, ring)
    if h is not None and h.ring == "ready":
        sx, sy = view.scale_at(h.x, h.y)
        px, py = view.to_design(h.x, h.y)
        pulse = 3 + 2 * attention(snap.calm, 6)
        rx = TABLE.puck_radius * sx + 6 + pulse
        ry = TABLE.puck_radius * sy + 6 + pulse
        c.ellipse(theme.ACCENT, (px - rx, py - ry, 2 * rx, 2 * ry), 2)
    if snap.place_glow is not None and snap.drag_target is None:
        sx, sy = view.scale_at(*snap.place_glow)
        px, py = view.to_design(*snap.place_glow)
        rx, ry = TABLE.puck_radius * sx + 8, TABLE.puck_radius * sy + 8
        c.ellipse(theme.ACCENT, (px - rx, py - ry, 2 * rx, 2 * ry), 2)
    if snap.flip is not None and snap.flip.started:
        f = snap.flip
        _cylinder(c, view, f.x, f.y, COLOURS[f.owner], theme.TEXT, lift=f.height)
    if snap.dragging and snap.guide is not None and h is not None:
        a = view.to_design(h.x, h.y)
        tag(c, _("{v} m/s").format(v=i18n.decimal(snap.guide.speed / 1000)),
            (a[0], a[1] - TABLE.puck_radius * view.scale_at(h.x, h.y)[0] - 10), theme.ACCENT)
    if snap.replay is not None:
        tag(c, _("REPLAY") + (" ×¼" if snap.replay < 1 else ""), (640, main.y + 30), theme.ACCENT)
    if snap.flip is not None:
        draw_flip_gauge(c, view, snap)


def render_perspective_at(layer, view, main) -> None:
    """:func:`render_perspective` on a layer whose (0, 0) is ``main``'s top-left."""
    class _Shifted:
        kind = view.kind

        def to_design(self, x, y):
            px, py = view.to_design(x, y)
            return px - main.x, py - main.y
    render_perspective(layer, _Shifted())


# --- small shapes -----------------------------------------------------------------------------
def tag(s, label: str, midbottom, colour) -> None:
    """A short label on a dark tag (readable over wood and gutter pucks), kept on screen."""
    w = theme.font(theme.SMALL, True).size(label)[0] + 14
    box = pygame.Rect(0, 0, w, 24)
    box.midbottom = (round(midbottom[0]), round(midbottom[1]))
    box.clamp_ip(pygame.Rect(4, 0, 1272, 720))
    s.panel(box, theme.BG2, radius=6, border=colour)
    s.text(label, box.center, theme.SMALL, colour, anchor="center", bold=True)


def shown_span(canvas, a, b, n: int, margin: float) -> tuple[int, int]:
    """``(first, last)``: the indices ``i`` of the points ``a + (b − a) · i / n`` (design
    points, ``i`` = 0 … ``n``) that may lie within ``margin`` design units of what
    ``canvas`` can draw on (its surface's clip), one index of slack each way; the rest
    are farther than ``margin`` from the clip, so a shape of that reach around them
    draws no pixel (``first > last`` when none is near). Every index for points that are
    not finite."""
    c = as_canvas(canvas)
    clip = c.surface.get_clip()
    x0, y0 = c.to_design(clip.left, clip.top)
    x1, y1 = c.to_design(clip.right, clip.bottom)
    lo, hi = 0.0, float(n)
    for p0, p1, low, high in ((a[0], b[0], x0 - margin, x1 + margin),
                              (a[1], b[1], y0 - margin, y1 + margin)):
        if not (math.isfinite(p0) and math.isfinite(p1)):
            return 0, n
        d = p1 - p0
        if d == 0:
            if not low <= p0 <= high:
                return 1, 0
            continue
        t0, t1 = sorted(((low - p0) / d * n, (high - p0) / d * n))
        lo, hi = max(lo, t0), min(hi, t1)
    if lo > hi:
        return 1, 0
    return max(0, math.floor(lo) - 1), min(n, math.ceil(hi) + 1)


def dashed(s, a, b, colour) -> None:
    """A dashed line from design point ``a`` to ``b`` (12-unit dashes). Only the dashes
    near what the canvas shows are drawn (:func:`shown_span`: the guide of a fast flick
    runs far past the close view's edge; the same pixels)."""
    c = as_canvas(s)
    ax, ay = a
    bx, by = b
    n = max(2, int(math.hypot(bx - ax, by - ay) / 12))
    first, last = shown_span(c, a, b, n, 4 + 2 / c.scale)
    for i in range(first - first % 2, min(last, n - 1) + 1, 2):
        p0 = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
        p1 = (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)
        c.line(colour, p0, p1, 2)


def dotted(s, a, b, colour) -> None:
    """The line to the target: round dots (2 design units in radius, a dark rim so they
    show on the wood) every 10 units from ``a`` to ``b`` — dotted, so it is never taken
    for the dashed aim guide. Only the dots near what the canvas shows are drawn
    (:func:`shown_span`: the target is often far past the close view's edge, ~230 dots
    of which ~100 show), each as one copy of :func:`dot_sprite` (one ``Surface.fblits``
    for all) — the same pixels as its two circles (``tests/mississippi/test_aim_frame.py``)."""
    c = as_canvas(s)
    ax, ay = a
    bx, by = b
    n = max(1, int(math.hypot(bx - ax, by - ay) / 10))
    rim = _darker(colour, 0.45)
    first, last = shown_span(c, a, b, n, 5 + 2 / c.scale)
    points = [(ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(max(1, first), last + 1)]
    if c.surface.get_flags() & pygame.SRCALPHA:       # a layer with alpha: as circles
        for p in points:
            c.circle(rim, p, 3)
            c.circle(colour, p, 2)
        return
    img = c.sprite(("mississippi.dot", tuple(rim), tuple(colour)), lambda k: dot_sprite(k, rim, colour))
    r = img.get_width() // 2
    to_device = c.to_device
    places = [to_device(*p) for p in points]           # pygame.draw.circle truncates its centre
    c.surface.fblits([(img, (int(x) - r, int(y) - r)) for x, y in places])


def dot_sprite(scale: float, rim, colour) -> pygame.Surface:
    """One dot of :func:`dotted` at ``scale`` device px per design unit: the circles
    ``canvas.circle(rim, p, 3)`` then ``canvas.circle(colour, p, 2)`` drawn about the
    centre pixel of a square ``2R + 1`` device px wide, the rest a colour key (not
    copied). Copied with that centre at ``int()`` of the device point, it puts the same
    pixels as the two circles (pygame.draw.circle truncates its centre and radius to
    whole pixels)."""
    r = int(3 * scale) + 2
    key = next(k for k in ((255, 0, 255), (0, 255, 0), (0, 0, 255))
               if k not in (tuple(rim[:3]), tuple(colour[:3])))
    img = pygame.Surface((2 * r + 1, 2 * r + 1))
    img.fill(key)
    pygame.draw.circle(img, rim, (r, r), 3 * scale)
    pygame.draw.circle(img, colour, (r, r), 2 * scale)
    img.set_colorkey(key, pygame.RLEACCEL)            # run-length coded: copied faster
    return img


def target_colour(snap: TableSnapshot):
    """The colour of the target puck (its owner's, M-R1), the accent if none is on the table."""
    owner = next((p.owner for p in snap.pucks if p.ring == "target"), None)
    return COLOURS.get(owner, theme.ACCENT)


def draw_debug(s, scene) -> None:
    """F3: launch and shot figures, and each puck's velocity and contacts on the table."""
    view = scene.view
    running = getattr(scene, "flight", None) or getattr(scene, "replay", None)
    sim = getattr(running, "sim", None)
    lines = [f"phase {scene.match.phase}  shots {scene.match.shots}  t {scene.t:.2f}s  view {view.kind}"]
    ll = getattr(scene, "last_launch", None)
    if isinstance(ll, dict) and {"x", "y", "vx", "vy", "speed"} <= ll.keys():
        lines.append(f"last launch ({ll['x']:.0f},{ll['y']:.0f}) mm  v=({ll['vx']:.0f},{ll['vy']:.0f}) "
                     f"|v|={ll['speed']:.0f} mm/s")
    if sim is not None:
        w = sim.world
        info = w.debug_info()
        lines.append(f"shot {info['shot_time']:.2f}s substeps {info['substeps']} rest {info['at_rest']} "
                     f"parked {info['parked']} falling {info['falling']}")
        for st in w.pucks().values():
            if st.state == "off_table":
                continue
            px, py = view.to_design(st.x, st.y)
            qx, qy = view.to_design(st.x + st.vx * 0.2, st.y + st.vy * 0.2)
            s.line((255, 60, 60), (px, py), (qx, qy), 2)
            s.text(f"{st.id}:{math.hypot(st.vx, st.vy):.0f}", (px + 8, py - 26), 14, theme.TEXT)
        for ct in w.contacts():
            s.circle((255, 255, 0), view.to_design(ct.x, ct.y), 4)
    for i, line in enumerate(lines):
        s.text(line, (24, view.layout.main.y + 4 + 16 * i), 14, (255, 255, 120))


__all__ = ["COLOURS", "draw_table", "draw_table_still", "draw_table_moving", "draw_band_still",
           "draw_overview_still", "band_key", "overview_key", "draw_puck", "draw_preview", "snapshot_of", "wood_surface",
           "render_strip", "render_overview", "render_perspective", "teeter", "tag", "dashed", "dotted", "dot_sprite", "shown_span",
           "draw_debug", "draw_flip_gauge", "ring_colour"]
