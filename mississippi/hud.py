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

from ludotheque.session.endpanel import EndPanel, theme_measure
from ludotheque.session.textfit import fit_text
from ludotheque.widgets import Button

from mississippi import paint, view as mview
from mississippi.paint import COLOURS, draw_puck
from mississippi.texts import ai_level_name, goal_text, lag_counts_text

L = mview.LAYOUT
PANEL_RECTS = {"left": pygame.Rect(12, 8, 360, 88), "right": pygame.Rect(908, 8, 360, 88)}
"""The players' panels (design px) in the HUD band ``LAYOUT.hud``."""
TEXT_BOX = pygame.Rect(L.text.x, L.text.y, L.text.w, L.text.h)
"""The explanation box: the rule tag and the last rules decision explained."""
TEXT_MARGIN = 18
"""Design px kept clear between the explanation and the box's right edge (trial4: the
French text touched it at 1920×1080)."""
EXPLANATION_SIZES = ((22, 4), (20, 4), (18, 0))
"""(text size, line gap) in design px, largest first, tried until the explanation fits."""


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
    """The whole frame: the table (:mod:`mississippi.paint`), the HUD, the buttons; once
    the match is over, the end panel over the still table, dimmed."""
    canvas = as_canvas(canvas)
    if scene.match.phase == "over" and not scene.debug:
        # the table under the end panel is still: drawn (and dimmed) once and kept
        key = ("mississippi.over", id(scene), scene.match.shots, i18n.language(), scene.end.hidden)
        if scene.end.hidden:                  # "See the board": the table as it is
            canvas.backdrop(key, lambda layer: draw_scene(layer, scene))
            scene.end.draw(canvas)
            return

        # … and the panel over it: kept with it while it looks the same
        e = scene.end
        key += (e.title(), tuple(e.lines()), buttons_key_of((e.rematch_btn, e.menu_btn, e.hide_btn)))

        def dimmed(layer):
            draw_scene(layer, scene)
            layer.dim(140)
            top = layer.sub(layer.bounds)
            top.dim = lambda alpha=150: None  # the veil is drawn already
            e.draw(top)
        canvas.backdrop(key, dimmed)
        return
    draw_scene(canvas, scene)


def draw_scene(canvas, scene) -> None:
    """Everything but the end panel. In the camera design the screen is three still
    bands, each kept as a layer while what it shows stays the same
    (``Canvas.region``): the HUD above the table (:data:`TOP`), the close view's wood
    with the pucks at rest (``paint.table_band``), and below it the overview with its
    resting dots, the buttons and the explanation (:data:`BELOW`). What moves — a shot,
    the held puck and its guide, the target being placed, pulses, the overview's frame,
    the last-puck banner — is drawn over them every frame: the same picture, in the
    same order, as drawing it all afresh (``tests/mississippi/test_frame_layers.py``)."""
    snap = scene.snapshot()
    view = scene.view
    if view.kind == "perspective" or scene.debug:      # the HUD lies over that table
        canvas.fill_around(theme.BG, paint.table_band(view))
        paint.draw_table(canvas, view, snap)
        draw_hud(canvas, scene)
        _draw_buttons(canvas, scene)
        draw_thinking(canvas, scene)
        draw_banner(canvas, scene)
        if scene.debug:
            paint.draw_debug(canvas, scene)
        return
    view.track(snap)
    lang = i18n.language()

    def top(c):
        c.fill(theme.BG, TOP)
        draw_hud_top(c, scene)

    def below(c):
        c.fill(theme.BG, BELOW)
        paint.draw_overview_still(c, view, snap)
        draw_text_box(c, scene)
        _draw_buttons(c, scene)
    canvas.region(("mississippi.hud", lang, hud_key(scene)), TOP, top)
    if snap.moving or not view.at_rest(snap):     # a shot or a pan: the band changes by itself
        paint.draw_band_still(canvas, view, snap)
    else:
        canvas.region(("mississippi.table", lang, paint.band_key(view, snap)), paint.table_band(view),
                      lambda c: paint.draw_band_still(c, view, snap))
    canvas.region(("mississippi.below", lang, text_key(scene), buttons_key(scene),
                   paint.overview_key(view, snap)), BELOW, below)
    paint.draw_table_moving(canvas, view, snap)
    draw_thinking(canvas, scene)
    draw_banner(canvas, scene)


TOP = pygame.Rect(0, 0, 1280, paint.TABLE_BAND.top)
"""The band above the table (design px): the players' panels and the headline."""
BELOW = pygame.Rect(0, paint.TABLE_BAND.bottom, 1280, 720 - paint.TABLE_BAND.bottom)
"""The band under the table (design px): the overview, the buttons, the explanation."""


def _draw_buttons(canvas, scene) -> None:
    for b in scene.buttons:
        if b.visible:
            b.draw(canvas)


def buttons_key(scene) -> tuple:
    """The looks of the scene's visible buttons (:func:`buttons_key_of`)."""
    return buttons_key_of(scene.buttons)


def buttons_key_of(buttons) -> tuple:
    """The looks of the visible ``buttons`` (place, label, colour, enabled, lit, focused,
    text size); None stands for a missing button."""
    return tuple((tuple(b.rect), b.label() if callable(b.label) else b.label, b.color,
                  b.enabled, b.hover, b.focused, b.size)
                 for b in buttons if b is not None and b.visible)


def hud_key(scene) -> tuple:
    """What :func:`draw_hud_top` shows, read from the scene: per side whether it acts,
    the hand count, the name, a computer's level, the team, where its lag puck went; the
    roles and knocks, the headline, the instruction, the thinking dots."""
    m = scene.match
    sides = tuple((m.to_act == side, scene.hand_count(side), scene.who(side, short=True),
                   scene.is_ai(side), scene.level(side) if scene.is_ai(side) else None,
                   tuple(m.teams[side]), lag_counts_text(scene.lag_out(side)))
                  for side in ("left", "right"))
    return (m.phase, m.shooter, m.placer, m.knock_required, m.knocked, scene.hints(),
            sides, scene.headline(), scene.instruction())


def text_key(scene) -> tuple:
    """What :func:`draw_text_box` shows: the rule, the shot number, the explanation."""
    m = scene.match
    return (scene.shown_rule(), m.shots, scene.shot_label() if m.shots else None, scene.explanation())


def end_panel(scene) -> EndPanel:
    """The end of the match (M-E1): who won, the counts, Rematch and Back to the menu."""
    m = scene.match
    return EndPanel(lambda: _("{who} wins!").format(who=scene.who(scene.match.winner)),
                    lambda: [_("All 16 pucks are at the other end."), scene.match_summary()],
                    scene.rematch, scene.app.to_menu,
                    accent=lambda: COLOURS.get(m.winner, theme.ACCENT),
                    # under the headline, between the two cards: the overview strip and both
                    # bays stay clear while the players look at the table (V)
                    reveal_rect=(500, 50, 280, 46),
                    hide_label=lambda: _("See the table (V)"))     # a table, not a board (np9)


# ----------------------------------------------------------------------- buttons
def make_buttons(scene) -> list[Button]:
    """The scene's buttons in the two bays beside the overview (``LAYOUT.left_bay``:
    Knock, Hint, Replay, Slow; ``LAYOUT.right_bay``: Shooter/Placer, Standing and its
    turns, Aim guide); they are set as ``scene.b_*``."""
    lb, rb = L.left_bay, L.right_bay
    w, h = (lb.w - 8) / 2, (lb.h - 8) / 2

    def cell(bay, col, row, span=1):
        return (bay.x + col * (w + 8), bay.y + row * (h + 8), w * span + 8 * (span - 1), h)
    b = [
        Button(cell(lb, 0, 0), lambda: _("Knock (K)"), scene.knock, size=20),
        Button(cell(lb, 1, 0), lambda: _("Hint (H)"), scene.ask_hint, size=20),
        Button(cell(lb, 0, 1), lambda: _("Replay (R)"), lambda: scene.start_replay(1.0), size=20),
        Button(cell(lb, 1, 1), lambda: _("Slow (T)"), lambda: scene.start_replay(0.25), size=20),
        Button(cell(rb, 0, 1, 2), lambda: (_("Aim guide: on") if scene.aim_guide else _("Aim guide: off")),
               scene.toggle_guide, size=20),
        Button(cell(rb, 0, 0), lambda: _("Shooter"), lambda: scene.choose("shooter"), color=theme.GOOD, size=20),
        Button(cell(rb, 1, 0), lambda: _("Placer"), lambda: scene.choose("placer"), color=theme.GOOD, size=20),
        Button(cell(rb, 0, 0), lambda: (_("Standing") if scene.standing else _("Flat")) + " (S)",
               scene.toggle_standing, size=16),          # "Standing (S)" fits its half bay
        Button((rb.x + w + 8, rb.y, w / 2 - 4, h), "⟲", lambda: scene.rotate(-1)),
        Button((rb.x + w + 8 + w / 2 + 4, rb.y, w / 2 - 4, h), "⟳", lambda: scene.rotate(1)),
    ]
    (scene.b_knock, scene.b_hint, scene.b_replay, scene.b_slow, scene.b_guide, scene.b_shooter,
     scene.b_placer, scene.b_stand, scene.b_rot_l, scene.b_rot_r) = b
    Button.fit_together(b[:4])      # the left bay's labels at one size ("Reprise (R)" fits: trial8)
    return b


def refresh_buttons(scene) -> None:
    """Which buttons show now, from the match and the scene's state."""
    m = scene.match
    over = m.phase == "over"
    human_shooter = m.shooter is not None and not scene.is_ai(m.shooter)
    # M-R8 "no reminder by default": the Knock button is there for every shot of a person
    scene.b_knock.visible = m.phase in ("place", "shoot") and not m.knocked and human_shooter \
        and not scene.busy()
    scene.b_knock.color = theme.ACCENT if scene.hints() and m.knock_required else theme.PANEL_HI
    scene.b_hint.visible = scene.flicker()[1] in ("lag", "shot") and scene.hint_allowed()
    scene.b_replay.visible = scene.b_slow.visible = scene.last_shot is not None \
        and not scene.busy() and m.phase != "flip" and not over
    scene.b_guide.visible = not over
    scene.b_shooter.visible = scene.b_placer.visible = m.phase == "choose_role" \
        and not scene.is_ai(m.chooser) and scene.hold is None
    stand_ui = m.phase == "place" and m.standing_allowed and not scene.is_ai(m.placer)
    scene.b_stand.visible = stand_ui
    scene.b_rot_l.visible = scene.b_rot_r.visible = stand_ui and scene.standing
    _seat_buttons(scene)
    if not m.standing_allowed:
        scene.standing = False


def _seat_buttons(scene) -> None:
    """Each player's buttons on their own side: Knock and Hint in the bay below the
    shooter's (or the sliding player's) end, Standing and its turns below the placer's
    (M-R8, M-R9; the playtest: Knock sat on the left while Orange shot from the right)."""
    m = scene.match
    bays = {"left": L.left_bay, "right": L.right_bay}
    w, h = (L.left_bay.w - 8) / 2, (L.left_bay.h - 8) / 2
    flicker = scene.flicker()[0] or m.shooter
    kb, hb = bays.get(m.shooter, L.left_bay), bays.get(flicker, L.left_bay)
    pb = bays.get(m.placer, L.right_bay)
    scene.b_knock.rect = pygame.Rect(round(kb.x), round(kb.y), round(w), round(h))
    scene.b_hint.rect = pygame.Rect(round(hb.x + w + 8), round(hb.y), round(w), round(h))
    scene.b_stand.rect = pygame.Rect(round(pb.x), round(pb.y), round(w), round(h))
    scene.b_rot_l.rect = pygame.Rect(round(pb.x + w + 8), round(pb.y), round(w / 2 - 4), round(h))
    scene.b_rot_r.rect = pygame.Rect(round(pb.x + w + 8 + w / 2 + 4), round(pb.y), round(w / 2 - 4), round(h))


def panel_name_lines(scene, side: str, width: int) -> list[str]:
    """The player's name in the panel, wrapped on at most two lines of ``width`` px at
    20 px bold (cut with an ellipsis only past that)."""
    name = scene.who(side, short=True)        # a computer's level is written under it
    lines = list(theme.wrap(name, 20, width, True))
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [fit(line, 20, width, True) for line in lines]


def draw_player_panel(s, scene, side: str, rect: pygame.Rect) -> None:
    """One player's panel: colour, name, level or team, role, pucks in hand (M-O2) and
    where a lag puck went (M-L1), the knock (M-R8)."""
    m = scene.match
    active = m.to_act == side and m.phase not in ("over",)
    s.panel(rect, theme.PANEL, border=COLOURS[side] if active else theme.LINE)
    if active:
        s.rect(COLOURS[side], rect, 4, border_radius=14)
    draw_puck(s, rect.left + 24, rect.top + 24, COLOURS[side], r=14)
    # the hand count (M-O2) in its own column on the right: never under the name
    col = pygame.Rect(rect.right - 96, rect.top + 2, 88, rect.h - 4)
    s.text(str(scene.hand_count(side)), (col.centerx, col.top), theme.TITLE,
           COLOURS[side], anchor="midtop", bold=True)
    s.text(_("in hand"), (col.centerx, col.top + 54), theme.SMALL, theme.MUTED, anchor="midtop")
    text_w = col.left - (rect.left + 48) - 8
    y = rect.top + 8
    lines = panel_name_lines(scene, side, text_w)
    s.text(lines[0] if len(lines) == 1 else fit(" ".join(lines), 20, text_w, True),
           (rect.left + 48, y), 20, bold=True)
    sub = []
    if scene.is_ai(side):
        sub.append(_("AI {level}").format(level=ai_level_name(scene.level(side))))
    if len(m.teams[side]) > 1:
        sub.append(_("team: {names}").format(names=", ".join(m.teams[side])))
    if sub:
        s.text(fit(" · ".join(sub), 16, text_w), (rect.left + 48, y + 26), 16, theme.MUTED)
    role = _("SHOOTER") if m.shooter == side else _("PLACER") if m.placer == side else None
    bottom = rect.bottom - 30
    if role:
        badge = pygame.Rect(rect.left + 10, bottom, max(100, theme.font(18, True).size(role)[0] + 20), 24)
        s.panel(badge, theme.ACCENT if m.shooter == side else theme.PANEL_HI, radius=8)
        s.text(fit(role, 18, badge.w - 8, True), badge.center, 18,
               theme.BG if m.shooter == side else theme.TEXT, anchor="center", bold=True)
    out = lag_counts_text(scene.lag_out(side))
    if out:                                        # M-L1: where the lag puck went
        f = lag_line(out, col.left - rect.left - 20)
        s.text(f.text, (rect.left + 10, bottom + 4 + (16 - f.size) // 2), f.size, theme.ACCENT)
    if m.shooter == side and m.knock_required and m.phase in ("place", "shoot") \
            and (m.knocked or scene.hints() or scene.is_ai(side)):     # M-R8: no reminder
        txt = _("knocked ✓") if m.knocked else _("last puck")
        left = rect.left + 10 + max(100, theme.font(18, True).size(_("SHOOTER"))[0] + 20) + 8
        pill = pygame.Rect(left, bottom, col.left - 8 - left, 24)
        s.panel(pill, theme.BG2, radius=8, border=theme.GOOD if m.knocked else theme.ACCENT)
        s.text(fit(txt, 16, pill.w - 8, True), pill.center, 16,
               theme.GOOD if m.knocked else theme.ACCENT, anchor="center", bold=True)


def lag_line(text: str, width: int):
    """The panel's lag line (M-L1) fitted into ``width`` design px: 16 px, shrunk to 13 px
    before anything is cut (np9: "1 rondelle du tirage hors de …"). A few px are kept
    spare: glyphs drawn at 2560×1440 are not exactly twice as wide."""
    return fit_text(text, width - 6, theme_measure, size=16, smallest=13)


GOAL_Y = 92
"""Design px: the centre line of the goal (M-E1) under the headline, above the table."""


def draw_goal(s, scene) -> None:
    """M-E1 at a glance (np9: 15 in hand read as winning): "Goal: 0 in hand", centred under
    the headline and its instruction, until the match is over."""
    if scene.match.phase == "over":
        return
    f = fit_text(goal_text(), 500, theme_measure, size=15, smallest=13)
    s.text(f.text, (640, GOAL_Y), f.size, theme.ACCENT, anchor="center")


def draw_hud(s, scene) -> None:
    """The HUD band (panels, whose turn, what to do) and the explanation box (the
    last-puck banner is :func:`draw_banner`'s)."""
    draw_hud_top(s, scene)
    draw_text_box(s, scene)


def draw_hud_top(s, scene) -> None:
    """The band above the table: the players' panels, whose turn, what to do."""
    m = scene.match
    for side, rect in PANEL_RECTS.items():
        draw_player_panel(s, scene, side, rect)
    head = scene.headline()
    colour = COLOURS.get(m.to_act, theme.ACCENT) if m.phase not in ("flip", "over") else theme.ACCENT
    size = next((z for z in (30, 26, 22) if theme.font(z, True).size(head)[0] <= 500), 22)
    s.text(fit(head, size, 500, bold=True), (640, 22), size, colour, anchor="center", bold=True)
    sub = scene.instruction()
    if sub:                   # two lines, smaller type before any is cut (playtest s033)
        sc = getattr(s, "scale", 1.0)          # measured as drawn (:func:`explanation_lines`)

        def wrapped(z):
            return theme.wrap(sub, max(1, round(z * sc)), int(510 * sc))
        size = next((z for z in (theme.SMALL, 16, 15) if len(wrapped(z)) <= 2), 14)
        lines = wrapped(size)[:3]
        step = 20 if len(lines) <= 2 else 14        # three lines stay clear of the goal
        for i, line in enumerate(lines):
            s.text(line, (640, 46 + step * i), size, theme.MUTED, anchor="center")
    draw_goal(s, scene)


def draw_text_box(s, scene) -> None:
    """The last rules decision, explained; its rule id in a small tag of its own."""
    m = scene.match
    rule = scene.shown_rule()
    s.panel(TEXT_BOX, theme.BG2, border=theme.LINE, radius=10)
    tag = rule_tag_rect(rule)
    s.panel(tag, theme.PANEL_HI, radius=6)
    s.text(rule, tag.center, 14, theme.ACCENT, anchor="center", bold=True)
    if m.shots:  # two hits in a row read the same: the count shows a new shot came
        s.text(scene.shot_label(), (tag.x, tag.bottom + 6), 14, theme.MUTED)
    rect = explanation_rect(scene, rule)
    size, gap, lines = explanation_lines(scene.explanation(), rect, getattr(s, "scale", 1.0))
    step = theme.font(size).get_linesize() + gap
    for i, line in enumerate(lines):
        s.text(line, (rect.left, rect.top + i * step), size)


def explanation_lines(text: str, rect: pygame.Rect, scale: float = 1.0) -> tuple[int, int, list[str]]:
    """``(size, gap, lines)``: the explanation wrapped into ``rect`` (design px) at the
    largest of :data:`EXPLANATION_SIZES` whose lines all fit its height. Widths are
    measured at the glyphs' device size (``size × scale`` px, as the canvas draws them):
    hinted glyphs are not exactly ``scale`` times wider, so a line wrapped at 1280×720
    could run past the box at 1920×1080. Past the smallest size the last lines are left out."""
    lines: list[str] = []
    for size, gap in EXPLANATION_SIZES:
        room = max(1, rect.h // (theme.font(size).get_linesize() + gap))
        lines = list(theme.wrap(text, max(1, round(size * scale)), max(1, int(rect.w * scale))))
        if len(lines) <= room:
            return size, gap, lines
    return size, gap, lines[:room]


def draw_thinking(s, scene) -> None:
    """"thinking…" under the headline while the computer decides, its dots counting."""
    if scene.session.thinking:
        dots = "." * (1 + int(scene.t * 3) % 3)
        y = 62                    # under the headline, above the goal (:func:`draw_goal`) …
        if scene.instruction():   # … or, under an instruction, in the goal's place a moment
            y = GOAL_Y
            s.fill(theme.BG, pygame.Rect(PANEL_RECTS["left"].right, GOAL_Y - 10,
                                         PANEL_RECTS["right"].left - PANEL_RECTS["left"].right, 20))
        s.text(_("thinking") + dots, (640, y), theme.SMALL, theme.ACCENT, anchor="center")


def draw_banner(s, scene) -> None:
    """M-R10 made unmistakable: the last-puck banner over the top of the table
    (:meth:`Shown.last_puck_banner`), its border blinking a few seconds, then steady."""
    m = scene.match
    banner = scene.last_puck_banner()
    if banner:
        f = 22 if theme.font(22, True).size(banner)[0] <= 1100 else 18
        r = pygame.Rect(0, 0, min(1240, theme.font(f, True).size(banner)[0] + 40), 32)
        r.center = (640, L.main.y + 22)
        pulse = (m.knocked or int(scene.t * 2) % 2 == 0
                 or not attending(scene.t - scene._calm_t0, 2 * math.pi))   # blinks, then stays
        fill = banner_colour(scene)
        s.panel(r, fill, radius=10, border=theme.TEXT if pulse else None)
        s.text(fit(banner, f, r.w - 20, True), r.center, f, theme.text_on(fill), anchor="center", bold=True)


def banner_colour(scene) -> tuple:
    """The last-puck banner's fill (M-R8, M-R10), by whose chance it is (np9: the
    computer's "if it drops both pucks, Computer wins" turned green once it knocked):
    a person's own last puck against the computer is good news once knocked (the
    reminder to knock before it, a warning); the computer's last puck against a person
    is a threat, knocked or not; between two people (or two computers) it is one side's
    chance and the other's threat: the neutral warning colour (the blue side's colour
    would not carry the banner's text at 4.5:1)."""
    m = scene.match
    ai_shoots, ai_places = scene.is_ai(m.shooter), scene.is_ai(m.placer)
    if ai_shoots == ai_places:
        return theme.ACCENT
    if ai_shoots:
        return theme.BAD
    return theme.GOOD if m.knocked else theme.BAD


def rule_tag_rect(rule: str) -> pygame.Rect:
    """The small tag (px) holding the rule id in the explanation box."""
    w = theme.font(14, True).size(rule)[0] + 14
    return pygame.Rect(TEXT_BOX.x + 12, TEXT_BOX.y + 8, w, 22)


def explanation_rect(scene, rule: str) -> pygame.Rect:
    """Where the explanation text goes (px): right of the rule tag and the shot
    number under it, with a gap."""
    tag = rule_tag_rect(rule)
    left = max(tag.right, tag.x + theme.font(14).size(scene.shot_label())[0]) + 14
    return pygame.Rect(left, TEXT_BOX.y + 6, TEXT_BOX.right - TEXT_MARGIN - left, TEXT_BOX.h - 10)
