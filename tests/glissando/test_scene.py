"""The Glissando screen driven with synthetic pygame events (tests/harness.py): what a
player does with the mouse and the keyboard, checked on the rules state."""

import pygame
import pytest

from glissando.descriptor import DESCRIPTOR
from glissando.rules import Position, parse_cell
from glissando.panels import draw_players
from glissando.scene import BOARD, GlissandoScene, cell_center, headless
from ludotheque import theme
from ludotheque.game import GameConfig, PlayerSpec
from tests.glissando.common import at, score_with_e1
from tests.harness import click, drag, frames, key, make_app, move, pixel, post, run_until

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


@pytest.fixture
def app(tmp_path):
    return make_app([DESCRIPTOR], folder=tmp_path)


def start(app, text=None, players=HUMANS, seed=3, history=()):
    """Open a game scene (from a G-N1 start text when given) on top of the menu."""
    resume = None
    if text is not None:
        resume = {"start": text, "history": list(history), "seed": seed,
                  "players": [p.to_dict() for p in players]}
    scene = GlissandoScene(app, GameConfig(players=players, seed=seed, options={"target": 2},
                                           resume=resume))
    app.push(scene)
    frames(app, 1)
    return scene


def settle(app, scene):
    assert run_until(app, lambda: scene.anim is None and not scene.thinking, 20)
    frames(app, 2)


def toasts(app):
    """Every message waiting or shown at the bottom of the screen, joined."""
    return " | ".join(t for t, _ in app.toasts.queue)


def shown(scene, fresh=False):
    """The texts the scene shows: one frame of it drawn now on the app's canvas, its
    texts recorded (``fresh`` kept for the callers: the frame is always new)."""
    with scene.app.canvas.recording() as texts:
        scene.draw(scene.app.canvas)
    return [t[0] for t in texts]


def patch(app, name, dx=-22, dy=-22, size=10):
    """Mean (red, green, blue) of a ``size`` px square inside the cell ``name``."""
    cx, cy = at(name)
    px = [pixel(app, (cx + dx + i, cy + dy + j)) for i in range(size) for j in range(size)]
    return tuple(sum(p[k] for p in px) / len(px) for k in range(3))


def greener(a, b):
    """How much greener (green minus red) patch ``a`` is than patch ``b``."""
    return (a[1] - a[0]) - (b[1] - b[0])


def test_G_3_legal_cells_are_lit_before_the_pointer_comes_and_more_under_it(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    lit, inner = patch(app, "a4"), patch(app, "d4")       # no pointer over the board yet
    click(app, at("h1"))                                 # placed: the slide step, no lights
    frames(app, 1)
    assert scene.tip.stage == "slide"
    assert greener(lit, patch(app, "a4")) > 8             # the edge cell a4 was lit
    assert abs(greener(inner, patch(app, "d4"))) < 2      # d4 (not legal, G-3) was not
    scene2 = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    move(app, at("a4"))
    frames(app, 1)
    assert scene2.board.hover is not None
    assert greener(patch(app, "a4"), lit) > 15            # under the pointer: stronger


def test_board_colours_and_move_notation_have_a_key(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    texts = shown(scene, fresh=True)
    for t in ("You may place here", "Not allowed here", "Pawn just placed, slide path",
              "Line of five: one point", "a1 placed · b4> slid right",
              "^ up · v down · < left · xd2 removed"):
        assert t in texts


def rank(p, r):
    return "".join((p.at((r - 1) * 8 + f) or ".").upper() for f in range(8))


def test_G_3_click_places_a_pawn_and_enter_ends_the_turn(app):
    scene = start(app)
    side = scene.pos.to_move
    move(app, at("a1"))
    frames(app, 1)
    click(app, at("a1"))
    assert scene.tip.placed == parse_cell("a1") and scene.tip.at(0) == side
    key(app, pygame.K_RETURN)                          # no slide
    frames(app, 1)
    assert scene.history == ["a1"]
    assert scene.pos.to_move != side and scene.pos.at(0) == side


def test_G_3_illegal_cell_is_refused_with_a_reason(app):
    scene = start(app)
    move(app, at("d4"))
    frames(app, 1)
    red = pixel(app, (cell_center(parse_cell("d4"))[0] - 30, cell_center(parse_cell("d4"))[1]))
    click(app, at("d4"))
    assert scene.tip.stage == "place" and scene.tip.placed is None
    assert "edge" in toasts(app)
    move(app, at("a4"))
    frames(app, 1)
    green = pixel(app, (cell_center(parse_cell("a4"))[0] - 30, cell_center(parse_cell("a4"))[1]))
    assert green[1] > green[0] and red[0] > red[1]     # legal lit green, illegal red


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_G_3_refusal_toast_covers_no_board_label(tmp_path, lang, size):
    """trial4 (65-fr-glis.png): the refusal toast sat on the board's bottom column letters.
    It now hangs over the banner: every refusal text and the scene's other toasts, in
    English and French, at 1280×720 and 2560×1440, fit in a box that stays on screen and
    off the board's wooden frame (where the letters and numbers are); the letters under
    it are drawn as before."""
    from glissando import texts
    from glissando.view import BOARD_PAD
    from ludotheque import i18n

    i18n.set_language(lang)
    app = make_app([DESCRIPTOR], language=lang, folder=tmp_path, size=size)
    scene = start(app)
    frame = pygame.Rect(BOARD.x - BOARD_PAD, BOARD.y - BOARD_PAD, BOARD.w + 2 * BOARD_PAD, BOARD.h + 2 * BOARD_PAD)
    letter = (round(cell_center(parse_cell("d1"))[0]), BOARD.y + BOARD.h + BOARD_PAD // 2)
    before = pixel(app, letter)
    click(app, at("d4"))                                           # G-3: not on the edge
    assert texts.refusal(type("E", (), {"code": "not-adjacent"})()) in toasts(app)
    frames(app, 1)
    assert pixel(app, letter) == before                            # the bottom letter d is not covered
    sentences = [make() for make in texts.REFUSALS.values()] + [texts.hint_before_placing(), texts.hint_failed()]
    for sentence in sentences:
        app.toasts.queue[:] = [[sentence, 2.0]]
        box = app.toasts.box(scene.toast_area)
        assert box.top >= 0 and box.left >= 0 and box.right <= theme.W, sentence
        assert not box.colliderect(frame), sentence


def test_G_4a_drag_slides_the_pawn_to_the_end(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    drag(app, at("a1"), (at("a1")[0] + 60, at("a1")[1]))
    settle(app, scene)
    assert scene.history == ["a1 a1>"]
    assert scene.pos.at(parse_cell("h1")) == "b" and scene.pos.at(0) is None


def test_G_4b_drag_pushes_the_chain_and_ghosts_show_where_it_ends(app):
    scene = start(app, "8/8/8/8/1BO1B3/8/8/8 b 0-0 30-31 2")
    click(app, at("a1"))
    drag(app, at("b4"), (at("b4")[0] + 50, at("b4")[1]), release=False)
    assert scene.drag.dir == ">"
    assert sorted(scene.drag.moves) == [(parse_cell("b4"), parse_cell("c4")),
                                            (parse_cell("c4"), parse_cell("d4"))]
    cx, cy = at("d4")
    ghost = pixel(app, (cx - 10, cy + 14))              # off the accent line
    move(app, at("b4"), buttons=(1, 0, 0))              # back: no direction, no ghost
    frames(app, 1)
    assert scene.drag.dir is None
    wood = pixel(app, (cx - 10, cy + 14))
    assert sum(abs(a - b) for a, b in zip(ghost, wood)) > 40   # the orange ghost on d4
    move(app, (cx, cy), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, pos=(cx, cy), button=pygame.BUTTON_LEFT, touch=False)
    settle(app, scene)
    assert rank(scene.pos, 4) == "..BOB..."
    assert scene.history == ["a1 b4>"]


def test_G_4d_slide_that_moves_nothing_is_refused(app):
    scene = start(app, "8/8/8/8/5OOB/8/8/8 b 0-0 31-30 2")
    click(app, at("a1"))
    drag(app, at("h4"), (at("h4")[0] - 4, at("h4")[1] - 50))   # up: fine, so try right
    settle(app, scene)
    assert scene.history == ["a1 h4^"]
    scene2 = start(app, "8/8/8/8/5OOB/8/8/8 b 0-0 31-30 2")
    click(app, at("a1"))                                # (an arrow now would slide a1: trial3 16)
    drag(app, at("h4"), (at("h4")[0] + 40, at("h4")[1]))
    assert scene2.tip.stage == "slide" and "nothing" in toasts(app)


def test_G_4_only_your_own_pawns_slide(app):
    scene = start(app, "8/8/8/8/5OOB/8/8/8 b 0-0 31-30 2")
    click(app, at("a1"))
    drag(app, at("g4"), (at("g4")[0], at("g4")[1] + 60))
    assert scene.tip.stage == "slide" and scene.pos.to_move == "b"
    assert scene.history == []


def test_G_4_keyboard_place_select_and_slide(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    key(app, pygame.K_LEFT)                             # show the cursor: on d1, the legal cell nearest d4
    for _ in range(3):
        key(app, pygame.K_DOWN)                         # d1
    key(app, pygame.K_RETURN)
    assert scene.tip.placed == parse_cell("d1")
    key(app, pygame.K_SPACE)                            # select the pawn under the cursor
    assert scene.selected == parse_cell("d1")
    key(app, pygame.K_UP)
    settle(app, scene)
    assert scene.history == ["d1 d1^"]
    assert scene.pos.at(parse_cell("d8")) == "b"


def test_G_5_scoring_line_flashes_and_only_legal_pawns_can_be_removed(app):
    scene = start(app, "8/8/8/8/8/8/O7/BBBB2OO b 0-0 28-29 2")
    click(app, at("e1"))
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.tip.stage == "remove"
    click(app, at("a2"))                                # an orange pawn: refused
    assert scene.remove_first is None and "G-5c" in toasts(app)
    click(app, at("b1"))
    assert scene.remove_first == parse_cell("b1")
    click(app, at("d1"))
    frames(app, 1)
    assert scene.history == ["e1 xb1 xd1"]
    assert scene.pos.points == (1, 0) and scene.pos.reserves == (29, 29)


def test_G_6_win_screen_and_rematch(app):
    scene = start(app, "8/8/8/8/8/8/O7/BBBB2OO b 1-0 28-29 2")
    score_with_e1(app, 2)
    assert scene.pos.winner == "b"
    assert not app.saves.exists("glissando")            # a finished game is not resumed
    assert scene.save_data() is None                    # not even when quitting now
    key(app, pygame.K_v)                                # look at the final board
    assert scene.end.hidden
    click(app, at("d4"))                                # a click on it brings the result back
    assert not scene.end.hidden and scene.pos.winner == "b"
    key(app, pygame.K_v)
    key(app, pygame.K_u)                                # a finished game is not taken back
    assert scene.pos.winner == "b" and scene.history == ["e1 xa1 xb1"] and not scene.end.hidden
    assert not app.saves.exists("glissando")            # and leaves nothing to resume
    click(app, scene.end.rematch_btn.rect.center)
    new = app.top
    assert isinstance(new, GlissandoScene) and new is not scene
    assert new.history == [] and new.pos.points == (0, 0)
    assert new.players == scene.players


def test_undo_two_players_takes_back_the_last_turn(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    click(app, at("h8"))
    assert scene.tip.stage == "slide"
    key(app, pygame.K_u)                                # first: the placement
    assert scene.tip.stage == "place" and scene.history == ["a1"]
    key(app, pygame.K_u)                                # then Blue's turn
    assert scene.history == [] and scene.pos.to_move == "b" and scene.pos.blue == 0


def test_computer_thinks_on_a_worker_then_plays_and_undo_returns_to_your_turn(app):
    players = (PlayerSpec("Ann"), PlayerSpec("CPU", "ai", "intermediate"))
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2", players=players)
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    assert scene.thinking or scene.anim is not None or len(scene.history) == 2
    assert any("thinking" in t for t in shown(scene)) or len(scene.history) == 2   # the banner says so
    settle(app, scene)
    assert len(scene.history) == 2 and scene.pos.to_move == "b"
    Position.from_text("8/8/8/8/8/8/8/8 b 0-0 32-32 2").play(scene.history[0]).play(scene.history[1])
    key(app, pygame.K_u)
    assert scene.history == [] and scene.pos.to_move == "b"


def test_autosave_after_every_turn_and_resume_restores_everything(app):
    scene = start(app, "8/8/8/8/8/8/8/8 o 0-0 32-32 3")
    click(app, at("c1"))
    drag(app, at("c1"), (at("c1")[0], at("c1")[1] - 50))
    settle(app, scene)
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    data = app.saves.load("glissando")
    assert data["turns"] == ["c1 c1^", "a1"]
    again = GlissandoScene(app, GameConfig(players=tuple(PlayerSpec.from_dict(p) for p in data["players"]),
                                           resume=data))
    assert again.pos == scene.pos and again.history == scene.history
    assert again.players == scene.players and again.pos.target == 3


def test_G_N3_a_damaged_save_is_refused(app):
    bad = {"start": "8/8/8/8/8/8/8/8 b 0-0 32-32 2", "history": ["d4"], "seed": 1,
           "players": [p.to_dict() for p in HUMANS]}
    with pytest.raises(ValueError, match="G-3"):
        GlissandoScene(app, GameConfig(players=HUMANS, resume=bad))


def test_G_2_first_player_drawn_with_the_seed_is_shown(app):
    a = start(app, seed=11)
    b = start(app, seed=11)
    assert a.pos.to_move == b.pos.to_move
    firsts = {start(app, seed=s).pos.to_move for s in range(8)}
    assert firsts == {"b", "o"}
    # shown in the move list, not in a toast over the board's file letters
    assert "first" not in toasts(app)
    said = " ".join(shown(a))                            # wrapped on one or two lines
    assert "starts" in said and "(drawn by lot)" in said and ("Blue starts" in said or "Orange starts" in said)
    c = start(app, seed=11)                              # once a turn is played, it goes
    click(app, at("a1"))
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert c.history == ["a1"]
    assert not any("drawn by lot" in t for t in shown(c, fresh=True))


def test_headless_demo_plays_to_the_end():
    cfg = GameConfig(players=(PlayerSpec("A", "ai", "intermediate"), PlayerSpec("B", "ai", "intermediate")),
                     seed=7, options={"target": 1}, demo=True)
    out = headless(7, cfg)
    assert out["game"] == "glissando" and out["seed"] == 7
    assert out["winner"] in ("blue", "orange", "draw")
    p = Position.from_text(out["final_position"])
    assert p.over and out["turns"] == len(out["history"])
    assert headless(7, cfg)["history"] == out["history"]   # seeded


def test_G_2_a_setting_may_fix_the_first_player(app):
    for first in ("b", "o"):
        scene = GlissandoScene(app, GameConfig(players=HUMANS, seed=5,
                                               options={"target": 3, "first": first}))
        assert scene.pos.to_move == first and scene.pos.target == 3
    out = headless(5, GameConfig(players=(PlayerSpec("A", "ai", "beginner"),
                                          PlayerSpec("B", "ai", "beginner")),
                                 options={"target": 1, "first": "o"}))
    assert out["first"] == "orange"


def test_the_last_turn_stays_marked_on_the_board_until_the_next_pawn_is_placed(app):
    """A player who looked away sees what the other side just did (G-3, G-4)."""
    from glissando.scene import COLORS, PAWN_R

    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    assert scene.last_turn_cells() == ([], [])
    click(app, at("a1"))
    settle(app, scene)
    drag(app, at("a1"), at("d1"))                       # a1> : the pawn slides to h1
    settle(app, scene)
    assert scene.history == ["a1 a1>"]
    assert scene.last_turn_cells() == ([parse_cell("h1")], [parse_cell("a1")])   # placed on a1, slid to h1
    cx, cy = at("h1")
    ring = pixel(app, (cx + PAWN_R + 4, cy))
    assert ring[:3] == COLORS["b"][:3]                  # a ring in Blue's colour round h1
    click(app, at("a8"))                                # Orange places: the rings go
    frames(app, 1)
    assert pixel(app, (cx + PAWN_R + 4, cy))[:3] != COLORS["b"][:3]


def test_a_player_without_a_name_is_not_called_blue_twice(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2", players=(PlayerSpec("Blue"), PlayerSpec("Léa")))
    texts = shown(scene, fresh=True)
    assert texts.count("Blue") == 1                     # the name, in Blue's colour, once
    assert texts.count("Léa") == 1 and texts.count("Orange") == 1   # a name and its side


def test_enter_for_no_slide_does_not_bring_up_the_keyboard_cursor(app):
    scene = start(app, "8/8/8/8/8/8/8/8 b 0-0 32-32 2")
    click(app, at("a1"))
    settle(app, scene)
    key(app, pygame.K_RETURN)                           # no slide
    settle(app, scene)
    assert scene.history == ["a1"] and not scene.board.show_cursor
    key(app, pygame.K_RETURN)                           # Orange's first Enter: shows the cursor only,
    assert scene.board.show_cursor and scene.tip.stage == "place" and scene.history == ["a1"]
    assert scene.pos.placement_mask() >> scene.board.cursor & 1   # on a cell where a pawn may go (G-3)


def test_the_computer_is_named_at_full_size_with_its_level_beside_its_side(app):
    cpu = PlayerSpec("Computer (Intermediate)", "ai", "intermediate")
    scene = start(app, "8/8/8/8/8/8/8/8 o 0-0 32-32 2", players=(PlayerSpec("Ann"), cpu))
    with app.canvas.recording() as texts:
        draw_players(app.canvas, scene)
    drawn = {(t[0], t[1]) for t in texts}                  # (text, size)
    assert ("Computer", theme.BODY) in drawn                 # not shrunk to fit "(Intermediate)"
    assert any(t.startswith("Intermediate") and "Orange" in t for t, _s in drawn)


@pytest.mark.parametrize("side", ["b", "o"])
def test_who_starts_is_written_whole_in_both_languages(app, side):
    from ludotheque import i18n
    from glissando.scene import side_name

    for lang in ("en", "fr"):
        i18n.set_language(lang)
        try:
            text = i18n.domain("glissando")("{side} starts (drawn by lot)").format(side=side_name(side))
            lines = theme.wrap(text, theme.SMALL, 280 - 28, True)       # the Moves panel: 2 lines
            assert len(lines) <= 2 and all(theme.font(theme.SMALL, True).size(l)[0] <= 252 for l in lines), lines
        finally:
            i18n.set_language("en")
