"""Mississippi's drawing: the table, pucks, gutters, HUD, flip and win panel, on a Canvas.

Moved verbatim from :mod:`mississippi.scene` (issue 12 §5, decision 11): each function takes
the canvas it draws on and the :class:`mississippi.scene.MississippiScene` whose state it
shows; nothing here decides a rule or changes the scene. Units: design px (1280 × 720);
the 3770 × 495 mm table is drawn at :data:`SCALE` design px per mm.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import attention

from mississippi.rules import (LEFT_EDGE, PUCK_RADIUS, PUCK_THICKNESS, RIGHT_EDGE,
                               TABLE_LENGTH, TABLE_WIDTH, ZONES)
from mississippi.sim import TableSim

_ = i18n.domain("mississippi")

# --- geometry on screen ------------------------------------------------------------------
SCALE = 1240.0 / TABLE_LENGTH          # px per mm (0.329)
X0, Y0 = 20, 262                       # px, top-left of the playing surface (x=0, y=0 mm)
RAIL = 14                              # px, rail thickness drawn outside the width
TABLE_H = round(TABLE_WIDTH * SCALE)   # 163 px
PR = PUCK_RADIUS * SCALE               # puck radius in px
COLOURS = {"left": theme.BLUE, "right": theme.ORANGE}


def to_px(x: float, y: float) -> tuple[float, float]:
    """Table mm → logical screen px."""
    return X0 + x * SCALE, Y0 + y * SCALE


def to_mm(px: float, py: float) -> tuple[float, float]:
    """Logical screen px → table mm."""
    return (px - X0) / SCALE, (py - Y0) / SCALE


# --- procedural art ----------------------------------------------------------------------
def wood_surface(w: int, h: int, seed: int = 3) -> pygame.Surface:
    """Varnished maple seen from above, grain along the table (numpy → surfarray)."""
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 1, w)[:, None]
    y = np.linspace(0, 1, h)[None, :]
    warp = 0.015 * np.sin(2 * np.pi * (x * 3 + rng.random())) + 0.01 * np.sin(2 * np.pi * x * 11)
    rings = np.sin(2 * np.pi * ((y + warp) * 26 + 0.6 * np.sin(2 * np.pi * x * 1.7)))
    streak = np.repeat(rng.normal(0, 1, (1, h)), w, axis=0) * 0.25   # fibres along x
    tone = 0.55 + 0.18 * rings + 0.1 * streak + 0.05 * rng.normal(0, 1, (w, h))
    base = np.array([214, 170, 112], dtype=float)
    dark = np.array([160, 112, 62], dtype=float)
    t = np.clip(tone, 0, 1)[..., None]
    img = dark + (base - dark) * t
    return pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8))


def draw_puck(canvas, x: float, y: float, colour, *, r: float = PR, ring=None,
              standing: bool = False, angle: float = 0.0, lift: float = 0.0) -> None:
    """A puck at design (x, y) on ``canvas``: a disc with rim and shine, or a standing
    box (M-R9); ``r`` its radius in design units."""
    surface = canvas
    if standing:
        hw, hh = PUCK_RADIUS * SCALE, PUCK_THICKNESS / 2 * SCALE
        c, s = math.cos(angle), math.sin(angle)
        pts = [(x + dx * c - dy * s, y + dx * s + dy * c)
               for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))]
        surface.polygon((0, 0, 0), [(px + 2, py + 3) for px, py in pts])
        surface.polygon(colour, pts)
        surface.polygon(tuple(c // 2 for c in colour), pts, 2)
        if ring:
            surface.circle(ring, (x, y), r + 5, 2)
        return
    if lift <= 0:
        surface.circle((40, 28, 18), (x + 2, y + 3), r)
    surface.circle(tuple(c // 2 for c in colour), (x, y), r)
    surface.circle(colour, (x, y), r - 2)
    surface.circle(tuple(min(255, c + 50) for c in colour), (x - r * 0.3, y - r * 0.3), r * 0.35)
    if ring:
        surface.circle(ring, (x, y), r + 4, 2)


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


TABLE_BAND = pygame.Rect(0, Y0 - RAIL - 10, theme.W, TABLE_H + 2 * RAIL + 20)
"""The screen band (design units) the table's layer covers, rails and shadow included."""


def draw_table(s) -> None:
    layer = s.cached("mississippi.table", TABLE_BAND.size, render_table)
    s.blit(layer, TABLE_BAND.topleft)


def render_table(bg) -> None:
    """The static table (rails, wood, gutters, zones) on the layer ``bg`` (a canvas
    whose y 0 is screen y ``Y0 - RAIL - 10``), drawn once per scale (M-T)."""
    bg.fill(theme.BG)
    oy = RAIL + 10 - Y0                       # surface y = screen y + oy
    w = round(TABLE_LENGTH * SCALE)
    outer = pygame.Rect(X0 - 10, Y0 - RAIL + oy, w + 20, TABLE_H + 2 * RAIL)
    bg.rect((20, 14, 10), outer.move(4, 6), border_radius=8)
    bg.rect(theme.WOOD_DARK, outer, border_radius=8)
    bg.blit(wood_surface(*bg.device_size((w, TABLE_H))), (X0, Y0 + oy))
    # gutters (M-T3): recessed, darker
    gw = round(LEFT_EDGE * SCALE)
    for gx in (X0, X0 + w - gw):
        bg.rect((58, 40, 24), (gx, Y0 + oy, gw, TABLE_H))
        bg.rect((36, 24, 14), (gx, Y0 + oy, gw, TABLE_H), 3)
    # target zones (M-T4) with their boundary lines (M-T5)
    for side in ("left", "right"):
        lo, hi = ZONES[side]
        zx0, _y = to_px(lo, 0)
        zx1, _y = to_px(hi, 0)
        bg.fill((*COLOURS[side], 28), (zx0, Y0 + oy, zx1 - zx0, TABLE_H))
        for xx in (lo, hi):
            px, _y = to_px(xx, 0)
            bg.line((250, 244, 230), (px, Y0 + oy), (px, Y0 + oy + TABLE_H),
                    max(2, round(6 * SCALE)))
    # rails' inner edges
    bg.line((60, 40, 22), (X0, Y0 + oy), (X0 + w, Y0 + oy), 2)
    bg.line((60, 40, 22), (X0, Y0 + oy + TABLE_H), (X0 + w, Y0 + oy + TABLE_H), 2)


def draw_gutter_pucks(s, scene) -> None:
    """The pucks in each gutter = in each player's hand (M-O2), with the count."""
    for side in ("left", "right"):
        n = scene.gutter_shown(side)
        for i, owner in enumerate([side] * n + scene.gutter_extras(side)):
            px, py = to_px(*scene.gutter_puck_spot(side, i))
            draw_puck(s, px, py, COLOURS[owner], r=PR * 0.8)


def draw_pucks(s, scene) -> None:
    m = scene.match
    draw_gutter_pucks(s, scene)
    if scene.replay is not None:
        draw_world(s, scene, scene.replay.sim, scene.replay.record.owners())
        s.text(_("REPLAY") + (" ×¼" if scene.replay.speed < 1 else ""),
               (640, Y0 - 40), theme.LARGE, theme.ACCENT, anchor="center", bold=True)
        return
    if scene.ghosts_visible():
        held = scene.hold is not None
        veil = s.layer((int(2 * PR + 4), int(2 * PR + 4)), alpha=True)
        winner = m.chooser if m.last.rule == "M-L2" else None
        for owner, x, y in scene.lag_ghosts():
            veil.fill((0, 0, 0, 0))
            veil.circle((*COLOURS[owner], 255 if held else 150), (PR + 2, PR + 2), PR)
            veil.circle((255, 255, 255, 170), (PR + 2, PR + 2), PR, 2)
            px, py = to_px(x, y)
            s.blit(veil, (px - PR - 2, py - PR - 2))
            if held and owner == winner:            # M-L2: who was closer, and by how much
                edge = RIGHT_EDGE if owner == "left" else LEFT_EDGE
                ex, _ey = to_px(edge, y)
                s.circle(theme.GOOD, (px, py), PR + 5, 3)
                s.line(theme.GOOD, (px, py), (ex, py), 2)
                label = _("closest: {cm:.0f} cm from the gutter").format(cm=abs(edge - x) / 10)
                w = theme.font(theme.SMALL, True).size(label)[0] + 16
                box = pygame.Rect(0, 0, w, 26)
                box.midbottom = (px, py - PR - 6)
                box.clamp_ip(pygame.Rect(X0 + 100, 0, 1260 - X0 - 200, 720))
                if any(box.inflate(2 * PR, 2 * PR).collidepoint(to_px(gx, gy))
                       for _o, gx, gy in scene.lag_ghosts() if (gx, gy) != (x, y)):
                    box.top = py + PR + 6             # not over the other lag puck
                s.panel(box, theme.BG2, radius=6, border=theme.GOOD)
                s.text(label, box.center, theme.SMALL, theme.GOOD, anchor="center", bold=True)
        if held:
            s.text(_("Click or press Enter to go on"), (640, Y0 + TABLE_H + RAIL + 22),
                   theme.SMALL, theme.TEXT, anchor="center")
    if scene.flight is not None:
        draw_world(s, scene, scene.flight.sim, scene.flight.owners())
    else:
        for pid, p in m.table.items():
            if scene.duel is not None and scene.duel.started and pid == m.target:
                continue
            px, py = to_px(p.x, p.y)
            ring = theme.ACCENT if pid == m.target else None
            draw_puck(s, px, py, COLOURS[p.owner], ring=ring, standing=p.standing, angle=p.angle)
    # the puck in hand, ready to flick
    side, kind = scene.flicker()
    if scene.aim is not None:
        px, py = to_px(*scene.aim.puck)
        if scene.aim_guide:
            draw_drag_guide(s, scene, *scene.aim.puck)
        draw_puck(s, px, py, COLOURS[scene.aim.side], ring=theme.TEXT)
    elif side is not None:
        hx, hy = scene.hand_spot(side)
        px, py = to_px(hx, hy)
        pulse = 3 + 2 * attention(scene.t - scene._calm_t0, 6)   # breathes, then holds
        s.circle(theme.ACCENT, (px, py), PR + 6 + pulse, 2)
        draw_puck(s, px, py, COLOURS[side])
        if scene.aim_guide and m.target in m.table and kind != "lag":
            tp = m.table[m.target]
            dashed(s, (px, py), to_px(tp.x, tp.y), theme.ACCENT)
    if scene.ai_aim is not None:
        plan = scene.ai_aim.plan
        px, py = to_px(plan.x, plan.y)
        side = m.lag_side if m.phase == "lag" else m.shooter
        draw_puck(s, px, py, COLOURS[side], ring=theme.TEXT)
        v = math.hypot(plan.vx, plan.vy) or 1
        dashed(s, (px, py), (px + plan.vx / v * 160, py + plan.vy / v * 160), theme.TEXT)
    # the target being dragged into place
    hint = scene.hint_guide()
    if hint is not None and scene.aim is None:        # the Expert's shot (issue 17 §2)
        a, b = to_px(hint.x0, hint.y0), to_px(hint.x1, hint.y1)
        dashed(s, a, b, theme.GOOD)
        s.circle(theme.GOOD, b, PR, 2)
        tag(s, _("hint: {v:.1f} m/s").format(v=hint.speed / 1000), (a[0], a[1] - PR - 6), theme.GOOD)
    if scene.placing is not None:
        x, y = scene.placing.x, scene.placing.y
        ok = m.check_target(x, y, standing=scene.standing, angle=scene.angle) is None
        px, py = to_px(x, y)
        draw_puck(s, px, py, COLOURS[m.placer], ring=theme.GOOD if ok else theme.BAD,
                  standing=scene.standing, angle=scene.angle)
    elif m.phase == "place" and not scene.is_ai(m.placer) and not scene.busy():
        px, py = to_px(*scene.placer_glow_spot())
        pulse = 3 + 2 * attention(scene.t - scene._calm_t0, 6)   # breathes, then holds
        s.circle(theme.ACCENT, (px, py), PR + 6 + pulse, 2)


def draw_drag_guide(s, scene, x0: float, y0: float) -> None:
    pred = scene.drag_prediction()
    a = to_px(x0, y0)
    m = scene.match
    if m.target in m.table and scene.aim.kind != "lag":
        tp = m.table[m.target]
        dashed(s, a, to_px(tp.x, tp.y), theme.MUTED)
    if pred is None:
        tag(s, _("drag toward the far end"), (a[0], a[1] - PR - 6), theme.ACCENT)
        return
    vx, vy, x, y = pred
    b = to_px(x, y)
    dashed(s, a, b, theme.ACCENT)
    s.circle(theme.ACCENT, b, PR, 2)        # where a free slide stops
    speed = math.hypot(vx, vy) / 1000
    tag(s, _("{v:.1f} m/s").format(v=speed), (a[0], a[1] - PR - 6), theme.ACCENT)


def tag(s, label: str, midbottom, colour) -> None:
    """A short label on a dark tag (readable over wood and gutter pucks), kept on screen."""
    w = theme.font(theme.SMALL, True).size(label)[0] + 14
    box = pygame.Rect(0, 0, w, 24)
    box.midbottom = midbottom
    box.clamp_ip(pygame.Rect(4, 0, 1272, 720))
    s.panel(box, theme.BG2, radius=6, border=colour)
    s.text(label, box.center, theme.SMALL, colour, anchor="center", bold=True)


def dashed(s, a, b, colour) -> None:
    ax, ay = a
    bx, by = b
    n = max(2, int(math.hypot(bx - ax, by - ay) / 12))
    for i in range(0, n, 2):
        p0 = (ax + (bx - ax) * i / n, ay + (by - ay) * i / n)
        p1 = (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)
        s.line(colour, p0, p1, 2)


def draw_world(s, scene, sim: TableSim, owners: dict) -> None:
    m = scene.match
    for wid, st in sim.world.pucks().items():
        if st.state == "off_table":
            continue
        rid = sim.rid_by_wid.get(wid)
        owner = owners.get(rid, m.shooter or "left")
        px, py = to_px(st.x, st.y)
        ring = theme.ACCENT if rid == m.target and scene.replay is None else None
        draw_puck(s, px, py, COLOURS[owner], ring=ring, standing=st.standing, angle=st.angle)


def draw_flip(s, scene) -> None:
    m, f = scene.match, scene.duel
    tp = m.table.get(m.target)
    bar = pygame.Rect(440, 170, 400, 14)
    toss = f.toss
    if not f.started:
        frac = f.window_left()
        s.rect(theme.PANEL, bar, border_radius=7)
        s.rect(theme.BAD, (bar.x, bar.y, bar.w * frac, bar.h), border_radius=7)
        s.text(_("Time to flip"), (bar.centerx, bar.y - 4), theme.SMALL, theme.TEXT,
               anchor="midbottom")
        if tp is not None and int(scene.t * 4) % 2 == 0:
            px, py = to_px(tp.x, tp.y)
            s.circle(theme.BAD, (px, py), PR + 8, 3)
        return
    # the puck in the air, spinning; a gauge with the catch band
    el = f.race.in_air()
    x = tp.x if tp else (RIGHT_EDGE if m.placer == "right" else LEFT_EDGE)
    y = tp.y if tp else TABLE_WIDTH / 2
    px, py = to_px(x, y)
    hmm = toss.height(el)
    h = hmm * SCALE * 0.9
    squash = max(0.18, abs(math.cos(toss.angle(el))))
    grow = 1.0 + hmm / 220.0                      # nearer the eye as it rises
    owner = tp.owner if tp else m.shooter
    shadow = pygame.Rect(0, 0, 2 * PR * 1.2, PR * 0.7)
    shadow.center = (px, py)
    s.ellipse((30, 20, 12), shadow)
    rect = pygame.Rect(0, 0, 2 * PR * grow, max(6, 2 * PR * grow * squash))
    rect.center = (px, py - h)
    s.ellipse(tuple(c // 2 for c in COLOURS[owner]), rect.inflate(4, 4))
    s.ellipse(COLOURS[owner], rect)
    s.ellipse(theme.TEXT, rect, 2)
    gauge = pygame.Rect(640 - 12, 160, 24, 80)
    s.rect(theme.PANEL, gauge)
    band = toss.window / toss.airtime
    s.rect(theme.GOOD, (gauge.x, gauge.bottom - gauge.h * band, gauge.w, gauge.h * band))
    level = gauge.bottom - gauge.h * min(1.0, el / toss.airtime)
    s.line(theme.TEXT, (gauge.x - 6, level), (gauge.right + 6, level), 3)
    s.text(_("CATCH in the green!"), (gauge.right + 14, gauge.y), theme.SMALL, theme.GOOD)


def draw_debug(s, scene) -> None:
    sim = (scene.flight.sim if scene.flight is not None else
           scene.replay.sim if scene.replay is not None else None)
    lines = [f"phase {scene.match.phase}  shots {scene.match.shots}  t {scene.t:.2f}s"]
    if scene.last_launch:
        ll = scene.last_launch
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
            px, py = to_px(st.x, st.y)
            s.line((255, 60, 60), (px, py), (px + st.vx * SCALE * 0.2, py + st.vy * SCALE * 0.2), 2)
            s.text(f"{st.id}:{math.hypot(st.vx, st.vy):.0f}", (px + 8, py - 26), 14, theme.TEXT)
        for c in w.contacts():
            px, py = to_px(c.x, c.y)
            s.circle((255, 255, 0), (px, py), 4)
    for i, line in enumerate(lines):
        s.text(line, (24, 150 + 16 * i), 14, (255, 255, 120))
