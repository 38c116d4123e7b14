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
from ludotheque.scene import attending, attention

from mississippi.rules import (LEFT_EDGE, PUCK_RADIUS, PUCK_THICKNESS, RIGHT_EDGE,
                               TABLE_LENGTH, TABLE_WIDTH, ZONES)
from mississippi.sim import TableSim
from mississippi.texts import ai_level_name

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


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    f = theme.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def draw(canvas, scene) -> None:
    canvas = as_canvas(canvas)
    if scene.match.phase == "over" and not scene.debug:
        # the table under the win panel is still: drawn and dimmed once
        key = ("mississippi.over", id(scene), scene.match.shots, i18n.language(),
               tuple(b.hover for b in scene.buttons if b.visible))

        def still(layer):
            draw_scene(layer, scene)
            layer.dim(140)
        canvas.backdrop(key, still)
        draw_over_panel(canvas, scene)
        return
    draw_scene(canvas, scene)
    if scene.match.phase == "over":
        draw_over(canvas, scene)


def draw_scene(canvas, scene) -> None:
    """Everything but the win panel."""
    canvas.fill_around(theme.BG, TABLE_BAND)     # the table's layer covers the rest
    draw_table(canvas)
    draw_pucks(canvas, scene)
    draw_hud(canvas, scene)
    if scene.match.phase == "flip" and scene.flip is not None:
        draw_flip(canvas, scene)
    for b in scene.buttons:
        if b.visible:
            b.draw(canvas)
    if scene.debug:
        draw_debug(canvas, scene)


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
        for i in range(n):
            px, py = to_px(*scene.gutter_puck_spot(side, i))
            draw_puck(s, px, py, COLOURS[side], r=PR * 0.8)


def draw_pucks(s, scene) -> None:
    m = scene.match
    draw_gutter_pucks(s, scene)
    if scene.replay is not None:
        draw_world(s, scene, scene.replay["sim"], scene.replay["owners"])
        s.text(_("REPLAY") + (" ×¼" if scene.replay["speed"] < 1 else ""),
               (640, Y0 - 40), theme.LARGE, theme.ACCENT, anchor="center", bold=True)
        return
    if scene.ghosts_visible():
        held = scene.lag_hold is not None
        veil = s.layer((int(2 * PR + 4), int(2 * PR + 4)), alpha=True)
        winner = m.chooser if m.last.rule == "M-L2" else None
        for owner, x, y in scene.lag_ghosts:
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
                       for _o, gx, gy in scene.lag_ghosts if (gx, gy) != (x, y)):
                    box.top = py + PR + 6             # not over the other lag puck
                s.panel(box, theme.BG2, radius=6, border=theme.GOOD)
                s.text(label, box.center, theme.SMALL, theme.GOOD, anchor="center", bold=True)
        if held:
            s.text(_("Click or press Enter to go on"), (640, Y0 + TABLE_H + RAIL + 22),
                   theme.SMALL, theme.TEXT, anchor="center")
    if scene.sim is not None:
        draw_world(s, scene, scene.sim, scene.shot_owner)
    else:
        for pid, p in m.table.items():
            if scene.flip and scene.flip.get("started") is not None and pid == m.target:
                continue
            px, py = to_px(p.x, p.y)
            ring = theme.ACCENT if pid == m.target else None
            draw_puck(s, px, py, COLOURS[p.owner], ring=ring, standing=p.standing, angle=p.angle)
    # the puck in hand, ready to flick
    side, kind = scene._human_flicker()
    if scene.tracker is not None and scene.tracker.active:
        px, py = to_px(*scene.tracker.puck)
        if scene.aim_guide:
            draw_drag_guide(s, scene, *scene.tracker.puck)
        draw_puck(s, px, py, COLOURS[scene.tracker.side], ring=theme.TEXT)
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
        plan = scene.ai_aim[0]
        px, py = to_px(plan.x, plan.y)
        side = m.lag_side if m.phase == "lag" else m.shooter
        draw_puck(s, px, py, COLOURS[side], ring=theme.TEXT)
        v = math.hypot(plan.vx, plan.vy) or 1
        dashed(s, (px, py), (px + plan.vx / v * 160, py + plan.vy / v * 160), theme.TEXT)
    # the target being dragged into place
    if scene.drag_target is not None:
        x, y = scene.drag_target
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
    if m.target in m.table and scene._flick_kind != "lag":
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


def draw_player_panel(s, scene, side: str, rect: pygame.Rect) -> None:
    m = scene.match
    active = m.to_act == side and m.phase not in ("over",)
    border = COLOURS[side] if active else theme.LINE
    s.panel(rect, theme.PANEL, border=border)
    if active:
        s.rect(COLOURS[side], rect, 4, border_radius=14)
    draw_puck(s, rect.left + 30, rect.top + 30, COLOURS[side], r=16)
    # the hand count (M-O2) in its own column on the right: never under the name
    count_w = 96
    col = pygame.Rect(rect.right - count_w - 8, rect.top + 6, count_w, rect.h - 12)
    s.text(str(scene.hand_count(side)), (col.centerx, col.top), theme.TITLE,
           COLOURS[side], anchor="midtop", bold=True)
    s.text(_("in hand"), (col.centerx, col.top + 58), theme.SMALL, theme.MUTED,
           anchor="midtop")
    text_w = col.left - (rect.left + 56) - 8
    y = rect.top + 10
    for line in scene.panel_name_lines(side, text_w):
        s.text(line, (rect.left + 56, y), 20, bold=True)
        y += 22
    sub = []
    if scene.is_ai(side):
        sub.append(_("AI {level}").format(level=ai_level_name(scene.level(side))))
    if len(m.teams[side]) > 1:
        sub.append(_("team: {names}").format(names=", ".join(m.teams[side])))
    if sub:
        s.text(fit(" · ".join(sub), 16, text_w), (rect.left + 56, y + 2), 16, theme.MUTED)
    role = None
    if m.shooter == side:
        role = _("SHOOTER")
    elif m.placer == side:
        role = _("PLACER")
    if role:
        badge = pygame.Rect(rect.left + 12, rect.bottom - 40,
                            max(110, theme.font(20, True).size(role)[0] + 24), 30)
        s.panel(badge, theme.ACCENT if m.shooter == side else theme.PANEL_HI, radius=8)
        s.text(fit(role, 20, badge.w - 10, True), badge.center, 20,
               theme.BG if m.shooter == side else theme.TEXT, anchor="center", bold=True)
    if m.shooter == side and m.knock_required and m.phase in ("place", "shoot") \
            and (m.knocked or scene.hints() or scene.is_ai(side)):     # M-R8: no reminder
        txt = _("knocked ✓") if m.knocked else _("last puck")
        left = rect.left + 12 + max(110, theme.font(20, True).size(_("SHOOTER"))[0] + 24) + 8
        pill = pygame.Rect(left, rect.bottom - 38, rect.right - 12 - left, 26)
        s.panel(pill, theme.BG2, radius=8, border=theme.GOOD if m.knocked else theme.ACCENT)
        s.text(fit(txt, 16, pill.w - 8, True), pill.center, 16,
               theme.GOOD if m.knocked else theme.ACCENT, anchor="center", bold=True)


def draw_progress(s, scene) -> None:
    """Pucks left in each hand (M-O1, M-E1) as one 16-slot strip: a side wins by
    emptying its hand."""
    bar = pygame.Rect(440, 188, 400, 12)
    n_left, n_right = scene.hand_count("left"), scene.hand_count("right")
    slot = bar.w / 16
    for i in range(16):
        r = pygame.Rect(bar.x + i * slot + 1, bar.y, slot - 2, bar.h)
        if i < n_left:
            colour = COLOURS["left"]
        elif i >= 16 - n_right:
            colour = COLOURS["right"]
        else:
            colour = theme.PANEL
        s.rect(colour, r, border_radius=3)
    s.text(str(n_left), (bar.left - 8, bar.centery), 18, COLOURS["left"], anchor="midright",
           bold=True)
    s.text(str(n_right), (bar.right + 8, bar.centery), 18, COLOURS["right"],
           anchor="midleft", bold=True)
    s.text(_("pucks in hand — empty yours to win"), (bar.centerx, bar.top - 2), 14,
           theme.MUTED, anchor="midbottom")


def draw_hud(s, scene) -> None:
    m = scene.match
    draw_player_panel(s, scene, "left", pygame.Rect(20, 16, 360, 124))
    draw_player_panel(s, scene, "right", pygame.Rect(900, 16, 360, 124))
    # whose turn, in the middle, unmistakable
    side = m.to_act
    head = scene.headline()
    colour = COLOURS.get(side, theme.ACCENT) if m.phase not in ("flip", "over") else theme.ACCENT
    size = next((z for z in (30, 26, 22) if theme.font(z, True).size(head)[0] <= 500), 22)
    s.text(fit(head, size, 500, bold=True), (640, 36), size, colour, anchor="center",
           bold=True)
    sub = scene._instruction()
    if sub:
        lines = theme.wrap(sub, theme.SMALL, 500)
        for i, line in enumerate(lines[:3]):
            s.text(line, (640, 64 + 22 * i), theme.SMALL, theme.MUTED, anchor="center")
    if scene.future is not None or (scene.flip and scene.flip.get("counter_future") and
                                    not scene.flip["counter_future"].done()):
        dots = "." * (1 + int(scene.t * 3) % 3)
        s.text(_("thinking") + dots, (640, 138), theme.SMALL, theme.ACCENT, anchor="center")
    if m.phase != "flip":
        draw_progress(s, scene)
    banner = scene.last_puck_banner()
    if banner:
        f = 22 if theme.font(22, True).size(banner)[0] <= 1100 else 18
        w = theme.font(f, True).size(banner)[0] + 40
        r = pygame.Rect(0, 0, min(1240, w), 34)
        r.center = (640, 224)
        pulse = (m.knocked or int(scene.t * 2) % 2 == 0
                 or not attending(scene.t - scene._calm_t0, 2 * math.pi))   # blinks, then stays
        s.panel(r, theme.BAD if not m.knocked else theme.GOOD, radius=10,
                border=theme.TEXT if pulse else None)
        s.text(fit(banner, f, r.w - 20, True), r.center, f,
               theme.text_on(theme.BAD if not m.knocked else theme.GOOD), anchor="center", bold=True)
    # arrows: who shoots which way
    if m.shooter and scene.lag_hold is None:
        d = 1 if m.shooter == "left" else -1
        y = Y0 + TABLE_H + RAIL + 20
        x0 = 640 - 120 * d
        s.line(COLOURS[m.shooter], (x0, y), (x0 + 240 * d, y), 4)
        s.polygon(COLOURS[m.shooter], [(x0 + 240 * d, y - 9), (x0 + 258 * d, y), (x0 + 240 * d, y + 9)])
    # the last rules decision, explained; its rule id in a small tag of its own
    box = pygame.Rect(20, 500, 1240, 120)
    s.panel(box, theme.BG2, border=theme.LINE)
    tag = rule_tag_rect(m.last.rule)
    s.panel(tag, theme.PANEL_HI, radius=6)
    s.text(m.last.rule, tag.center, 14, theme.ACCENT, anchor="center", bold=True)
    if m.shots:  # two hits in a row read the same: the count shows a new shot came
        s.text(scene.shot_label(), (tag.x, tag.bottom + 8), 14, theme.MUTED)
    s.paragraph(scene.banner, explanation_rect(scene, m.last.rule), theme.BODY)


def rule_tag_rect(rule: str) -> pygame.Rect:
    """The small tag (px) holding the rule id in the explanation box."""
    w = theme.font(14, True).size(rule)[0] + 14
    return pygame.Rect(32, 512, w, 22)


def explanation_rect(scene, rule: str) -> pygame.Rect:
    """Where the explanation text goes (px): right of the rule tag and the shot
    number under it, with a gap."""
    tag = rule_tag_rect(rule)
    left = max(tag.right, tag.x + theme.font(14).size(scene.shot_label())[0]) + 14
    return pygame.Rect(left, 510, 1244 - left, 104)


def draw_flip(s, scene) -> None:
    m, f = scene.match, scene.flip
    tp = m.table.get(m.target)
    bar = pygame.Rect(440, 170, 400, 14)
    if f["started"] is None:
        frac = max(0.0, 1 - f["t"] / f["window"])
        s.rect(theme.PANEL, bar, border_radius=7)
        s.rect(theme.BAD, (bar.x, bar.y, bar.w * frac, bar.h), border_radius=7)
        s.text(_("Time to flip"), (bar.centerx, bar.y - 4), theme.SMALL, theme.TEXT,
               anchor="midbottom")
        if tp is not None and int(scene.t * 4) % 2 == 0:
            px, py = to_px(tp.x, tp.y)
            s.circle(theme.BAD, (px, py), PR + 8, 3)
        return
    # the puck in the air, spinning; a gauge with the catch band
    el = f["t"] - f["started"]
    x = tp.x if tp else (RIGHT_EDGE if m.placer == "right" else LEFT_EDGE)
    y = tp.y if tp else TABLE_WIDTH / 2
    px, py = to_px(x, y)
    hmm = scene.toss.height(el)
    h = hmm * SCALE * 0.9
    squash = max(0.18, abs(math.cos(scene.toss.angle(el))))
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
    band = scene.toss.window / scene.toss.airtime
    s.rect(theme.GOOD, (gauge.x, gauge.bottom - gauge.h * band, gauge.w, gauge.h * band))
    level = gauge.bottom - gauge.h * min(1.0, el / scene.toss.airtime)
    s.line(theme.TEXT, (gauge.x - 6, level), (gauge.right + 6, level), 3)
    s.text(_("CATCH in the green!"), (gauge.right + 14, gauge.y), theme.SMALL, theme.GOOD)


def draw_over(s, scene) -> None:
    s.dim(140)
    draw_over_panel(s, scene)


def draw_over_panel(s, scene) -> None:
    """The winner's panel (M-E1)."""
    m = scene.match
    box = pygame.Rect(340, 200, 600, 280)
    s.panel(box, theme.PANEL, border=COLOURS[m.winner])
    s.text(_("{who} wins!").format(who=scene._who(m.winner)), (640, 250), theme.TITLE,
           COLOURS[m.winner], anchor="center", bold=True)
    s.text(_("All 16 pucks are at the other end."), (640, 310), theme.BODY, anchor="center")
    s.text(scene.match_summary(), (640, 350), theme.BODY, theme.MUTED, anchor="center")
    s.text(_("Click or press Enter to return to the menu."), (640, 420), theme.SMALL,
           theme.MUTED, anchor="center")


def draw_debug(s, scene) -> None:
    sim = scene.sim or (scene.replay or {}).get("sim")
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
