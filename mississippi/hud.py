"""Mississippi's HUD: the player panels, the headline, the hand strip, the last-puck
banner, the explanation box and the win panel, drawn on a Canvas.

Owned by the scene's helper (the table, pucks and aim guide are :mod:`mississippi.paint`'s,
decision 11). Each function takes the canvas and the
:class:`mississippi.scene.MississippiScene` whose state it shows; it decides no rule.
Units: design px (1280 × 720).
"""

from __future__ import annotations

import math

import pygame

from ludotheque import i18n, theme
from ludotheque.canvas import as_canvas
from ludotheque.scene import attending

from mississippi import paint
from mississippi.paint import COLOURS, RAIL, TABLE_H, TABLE_BAND, Y0, draw_puck
from mississippi.texts import ai_level_name

_ = i18n.domain("mississippi")


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
    canvas.fill_around(theme.BG, paint.table_band(scene.view))   # the table's layer covers it
    paint.draw_table(canvas, scene.view, paint.snapshot_of(scene))  # table, pucks, flip, overview
    draw_hud(canvas, scene)
    for b in scene.buttons:
        if b.visible:
            b.draw(canvas)
    if scene.debug:
        paint.draw_debug(canvas, scene)


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
