"""What newplayer9's trial of Mississippi found on the screen: the goal only in the rules
(15 in hand read as winning), the two-player lag line cut ("1 rondelle du tirage hors
de …"), the computer's last-puck threat turning green once it knocked, "32 shots" on the
win screen after "shot 30", and "See the board" for a table — in English and French,
as drawn."""

import pytest

from ludotheque import i18n, theme
from ludotheque.game import PlayerSpec
from mississippi import hud, texts
from mississippi.paint import COLOURS
from tests.harness import frames
from tests.mississippi.test_scene import finish_lag, lagged, start as start_players
from tests.mississippi.test_told import start
from tests.mississippi.test_trial8 import last_puck_shot

VS_AI = (PlayerSpec("Ann"), PlayerSpec("Computer (Intermediate)", "ai", "intermediate"))
SIZES = [None, (2560, 1440)]


def drawn(app):
    """Every text line drawn on the screen now: (text, size, colour, bold)."""
    with app.canvas.recording() as said:
        app.draw()
    return list(said)


def device_width(text: str, size: int, scale: float, bold: bool = False) -> float:
    """``text``'s width in design px as drawn at ``scale`` (glyphs at size × scale px)."""
    return theme.font(max(1, round(size * scale)), bold).size(text)[0] / scale


# --- 1. M-E1: the goal at a glance -----------------------------------------------------
GOAL = {"en": "Goal: 0 in hand — send all 16 pucks to the other end",
        "fr": "But\u202f: 0 en main — envoyez les 16 rondelles à l’autre bout"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_E1_the_hud_says_the_goal_is_0_in_hand_whole_and_clear_of_the_instruction(language, size):
    """M-E1: the game is won with no puck left in hand (all 16 in the other gutter); the
    HUD said only "15 in hand" / "0 in hand" and a newcomer read 15 as winning (m1, p10)."""
    m = lagged()
    m.gutter["left"], m.gutter["right"] = 15, 1
    app, scene = start(m, language, size=size)
    frames(app, 2)
    said = drawn(app)
    goal = [(t, z) for t, z, *_ in said if t == GOAL[language]]
    assert goal, [t for t, *_ in said]                      # drawn whole: no ellipsis
    z = goal[0][1]
    scale = app.canvas.scale
    room = hud.PANEL_RECTS["right"].left - hud.PANEL_RECTS["left"].right
    assert device_width(GOAL[language], z, scale) <= room - 20     # between the two panels
    # below the instruction's last line, above the table (the HUD band)
    sub = scene.instruction()
    lines = [(t, zz) for t, zz, c, *_ in said if c == theme.MUTED and t and t in sub]
    assert sub and lines and " ".join(t for t, _ in lines) == " ".join(sub.split())
    step = 20 if len(lines) <= 2 else 14                 # as hud.draw_hud_top spaces them
    last_bottom = 46 + step * (len(lines) - 1) + theme.font(lines[-1][1]).get_linesize() / 2
    assert last_bottom <= hud.GOAL_Y - theme.font(z).get_linesize() / 2 + 1
    assert hud.GOAL_Y + theme.font(z).get_linesize() / 2 <= hud.TOP.bottom


def test_M_E1_the_goal_is_shown_through_the_match_and_gone_on_the_win_screen():
    app, scene = start(lagged())
    assert any(t == GOAL["en"] for t, *_ in drawn(app))
    scene.match.phase, scene.match.winner = "over", "left"
    assert not any(t == GOAL["en"] for t, *_ in drawn(app))


# --- 2. M-L1: the lag line in the panel fits ---------------------------------------------
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("where", ["far gutter", "own gutter", "off table"])
def test_M_L1_the_panels_lag_line_fits_whole_at_both_sizes(language, where):
    i18n.set_language(language)
    try:
        text = texts.lag_counts_text({where: 1})
        rect = hud.PANEL_RECTS["left"]
        width = rect.w - 96 - 20                      # left of the hand count's column
        f = hud.lag_line(text, width)
        assert not f.cut and f.lines == (text,) and f.size >= 13
        for scale in (1.0, 2.0):
            assert device_width(text, f.size, scale) <= width
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_M_L1_a_lag_puck_flicked_off_the_table_is_said_whole_in_the_panel(language, size):
    """tp3: Deux joueurs, the lag puck flicked off the table, Léa's panel read
    "1 rondelle du tirage hors de …"."""
    from mississippi.rules import Match

    app, scene = start(Match.new("Léa", "Bob"), language, size=size)
    finish_lag(app, scene, "off_table")
    assert scene.lag_out("left")["off table"] == 1
    want = {"en": "Lag puck: off the table", "fr": "Tirage\u202f: hors de la table"}[language]
    said = [t for t, *_ in drawn(app)]
    assert want in said and not any(t.endswith("…") for t in said)


# --- 3. M-R8/M-R10: whose threat the last-puck banner is --------------------------------
def _last_puck(shooter: str, knocked: bool):
    m = lagged(shooter)
    mine, theirs = (("left", "right") if shooter == "left" else ("right", "left"))
    m.gutter[mine], m.gutter[theirs] = 1, 15
    if knocked:
        m.knock()
    return m


@pytest.mark.parametrize("knocked", [False, True])
def test_M_R10_the_computers_last_puck_is_a_threat_in_red_knocked_or_not(knocked):
    """m30/n9: "Computer's last puck: if it drops both pucks, Computer wins" turned green
    once the computer knocked (M-R8)."""
    app, scene = start_players(_last_puck("right", knocked), players=VS_AI)
    assert scene.is_ai(scene.match.shooter) and scene.match.knocked == knocked
    assert "Computer" in scene.last_puck_banner()
    assert hud.banner_colour(scene) == theme.BAD


def test_M_R10_the_persons_own_last_puck_is_green_once_knocked():
    app, scene = start_players(_last_puck("left", True), players=VS_AI)
    assert "drop both" in scene.last_puck_banner()
    assert hud.banner_colour(scene) == theme.GOOD
    app, scene = start_players(_last_puck("left", False), players=VS_AI, options={"reminders": True})
    assert "knock" in scene.last_puck_banner().lower()
    assert hud.banner_colour(scene) == theme.BAD          # the reminder to knock: a warning


@pytest.mark.parametrize("shooter", ["left", "right"])
def test_M_R10_between_two_people_the_banner_is_a_neutral_warning(shooter):
    """Two people: the last puck is one's chance and the other's threat."""
    app, scene = start(_last_puck(shooter, True))
    assert scene.last_puck_banner()
    fill = hud.banner_colour(scene)
    assert fill == theme.ACCENT and fill not in (theme.GOOD, theme.BAD, *COLOURS.values())
    for colour in (theme.ACCENT, theme.GOOD, theme.BAD):      # every fill carries its text
        assert theme.contrast(theme.text_on(colour), colour) >= 4.5


# --- 4. M-R2/M-L1: one count of shots ------------------------------------------------------
@pytest.mark.parametrize("language, label, summary", [("en", "shot {n}", "{n} shots"),
                                                     ("fr", "tir {n}", "{n} tirs")])   # the seed's word, « tir »
def test_M_R2_the_win_screen_counts_the_shots_the_status_bar_counted(language, label, summary):
    """m31: the win screen said "32 shots" after the status bar's "shot 30" (the lag's two
    slides, M-L1, counted in one only): both count the shots of M-R2 now."""
    app, scene = last_puck_shot(language, ("gutter_right", "gutter_right"))   # after one lag round
    m = scene.match
    assert m.phase == "over" and m.last.rule == "M-R10"
    n = 8                                            # Ann's eight pucks, one shot each
    assert m.shots == n + 2 * m.lag_rounds
    assert scene.shot_label() == label.format(n=n)
    said = [t for t, *_ in drawn(app)]
    assert any(t.startswith(summary.format(n=n) + ",") for t in said), said
    assert label.format(n=n) in said


# --- 5. a table, not a board ---------------------------------------------------------------
@pytest.mark.parametrize("language, text", [("en", "See the table (V)"), ("fr", "Voir la table (V)")])
def test_the_win_screen_offers_to_see_the_table(language, text):
    m = lagged()
    app, scene = start(m, language)
    scene.match.phase, scene.match.winner = "over", "left"
    said = [t for t, *_ in drawn(app)]
    assert text in said and not any("plateau" in t or "board" in t for t in said)


def test_no_mississippi_text_calls_the_table_a_board():
    from pathlib import Path

    po = (Path(__file__).resolve().parents[2] / "assets" / "locale" / "fr" / "LC_MESSAGES"
          / "mississippi.po").read_text("utf-8")
    assert "plateau" not in po.lower()
    msgids = [line for line in po.splitlines() if line.startswith(("msgid", '"'))]
    assert not any(" board" in line.lower() for line in msgids)


def test_M_E1_the_computers_thinking_dots_leave_the_goal_in_place(monkeypatch):
    """The dots sat where the goal now is (y 90): on the computer's turn (no instruction)
    they go under the headline and the goal stays."""
    app, scene = start_players(lagged("left"), players=VS_AI)     # the computer places
    monkeypatch.setattr(type(scene.session), "thinking", property(lambda self: True))
    assert scene.is_ai(scene.match.to_act) and not scene.instruction()
    said = [t for t, *_ in drawn(app)]
    assert GOAL["en"] in said and any(t.startswith("thinking") for t in said)
