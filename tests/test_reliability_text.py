"""Any text (issue 15 §5): player names, board names and typed answers may hold anything
a keyboard, a paste or a file gives. Every one of Unicode's 30 general categories goes
through the validators (hypothesis), through pygame's font, and through save and
settings files into the real screens: nothing crashes, what cannot be shown is refused
with a reason or cleaned (the original file kept as ``.bad`` and the player told).

The faults round two found: a NUL or a zero-width-only name crashed the setup screens
(from the settings) and every Resume (from a save); typing ² in Magico's assisted
calculation crashed the game (``"²".isdigit()`` is True, ``int("²")`` raises).
"""

from __future__ import annotations

import json
import random
import sys
import unicodedata

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import main
from ludotheque import textsafe, theme
from ludotheque.menu import MenuScene, SetupScene
from ludotheque.saves import SaveStore
from ludotheque.settings import Settings
from ludotheque.textsafe import TextRefused

from tests.harness import frames, make_app

GAMES = {d.id: d for d in main.descriptors()}
CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi",
              "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn")
ALL = [chr(c) for c in range(sys.maxunicode + 1)]
BY_CATEGORY = {c: [ch for ch in ALL if unicodedata.category(ch) == c] for c in CATEGORIES}
HOSTILE = {  # the cases of the issue, by name
    "nul": "Lé\x00a",
    "controls": "\x01\x07\x1b[31mRed\x7f\x9b",
    "zero-width only": "\u200b\u200c\u200d\ufeff",
    "combining only": "\u0301\u0308\u20dd",
    "zalgo": "Z" + "\u0336\u0317\u0353" * 30,
    "bidi override": "\u202eevil\u202c name",
    "emoji": "👩‍💻🇨🇦🏴󠁧󠁢󠁳󠁣󠁴󠁿👍🏽",
    "right-to-left": "שלום مرحبا",
    "10 000 characters": "x" * 10_000,
    "lone surrogate": "a\ud800b\udfff",
    "superscripts": "²³¹",
    "other digits": "٣३３",
    "blank letters": "\u3164\u115f\u2800",
    "noncharacters": "\ufffe\uffff\U0010ffff",
    "object replacement": "\ufffc",
    "line separators": "a\u2028b\u2029c\n\t",
}
CODES = {"not-text", "empty", "invisible", "too-long", "control", "not-a-digit", "superscript", "not-a-number"}


def text_of(category: str) -> st.SearchStrategy:
    """Texts mixing characters of ``category`` with anything else (mostly ``category``)."""
    return st.text(st.one_of(st.characters(categories=[category]), st.characters(categories=[category]),
                             st.characters()), max_size=40)


# ------------------------------------------------------------------ the validators

def assert_sanitized(s: str) -> None:
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in s.replace("\n", ""))
    assert unicodedata.is_normalized("NFC", s)
    assert textsafe.sanitize(s, newlines=True) == s  # idempotent
    for i, ch in enumerate(s):
        if unicodedata.category(ch) == "Cf":
            assert ch in (textsafe.ZWJ, textsafe.ZWNJ) or 0xE0020 <= ord(ch) <= 0xE007F, hex(ord(ch))


@pytest.mark.parametrize("category", CATEGORIES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_category_through_the_validators(category, data):
    s = data.draw(text_of(category))
    clean = textsafe.sanitize(s, newlines=True)
    assert_sanitized(clean)
    try:
        name = textsafe.clean_name(s)
    except TextRefused as exc:
        assert exc.code in CODES and str(exc)
    else:
        assert name == name.strip() and "  " not in name and name
        assert len(textsafe.graphemes(name)) <= textsafe.NAME_MAX
        assert any(textsafe.is_visible(ch) for ch in name)
        assert textsafe.clean_name(name) == name               # idempotent
        assert textsafe.is_drawable(name)
    t = textsafe.typed("", s)
    assert t.refused is None or t.refused.code in CODES
    assert len(textsafe.graphemes(t.text)) <= textsafe.NAME_MAX
    n = textsafe.typed("", s, numeric=True, max_len=3)
    assert n.text == "" or (n.text.isascii() and n.text.isdigit() and len(n.text) <= 3)


@pytest.fixture(scope="module")
def body_font():
    pygame.font.init()
    return theme.font(theme.BODY)


def drawn_sample(category: str) -> list[str]:
    """Every character of ``category``; for the 970 000 unassigned and private-use ones
    (Cn, Co), those of the first plane, of the tags and ignorables block (U+E0000–E0FFF),
    and one in 31 of the rest."""
    chars = BY_CATEGORY[category]
    if category not in ("Cn", "Co"):
        return chars
    return [ch for ch in chars if ord(ch) < 0x10000 or 0xE0000 <= ord(ch) <= 0xE0FFF or ord(ch) % 31 == 0]


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_character_of_every_category_cleaned_can_be_drawn(category, body_font):
    """Each code point (see :func:`drawn_sample`), alone and after a letter, cleaned as
    a save's text and as a name: pygame-ce's font draws the result without raising."""
    for ch in drawn_sample(category):
        for s in (textsafe.sanitize(ch), textsafe.sanitize("a" + ch), textsafe.name_or(ch, "?")):
            body_font.render(s, True, (255, 255, 255))


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_hostile_texts_of_the_issue(case, body_font):
    s = HOSTILE[case]
    body_font.render(textsafe.sanitize(s), True, (0, 0, 0))
    name = textsafe.name_or(s, "Blue")
    body_font.render(name, True, (0, 0, 0))
    if case in ("zero-width only", "combining only", "blank letters", "noncharacters", "object replacement"):
        with pytest.raises(TextRefused) as refused:
            textsafe.clean_name(s)
        assert refused.value.code == "invisible" and name == "Blue"
    if case == "10 000 characters":
        assert textsafe.clean_name(s) == "x" * 20
        assert textsafe.typed("", s).refused.code == "too-long"
    if case == "bidi override":
        assert textsafe.clean_name(s) == "evil name"
    if case == "nul":
        assert textsafe.clean_name(s) == "Léa"
        assert textsafe.typed("", s).refused.code == "control"
    if case == "emoji":
        assert textsafe.clean_name(s) == s and len(textsafe.graphemes(s)) == 4
    if case == "right-to-left":
        assert textsafe.direction(s) == "rtl" and textsafe.clean_name(s) == s


def test_digits_of_every_script_are_digits_and_superscripts_are_refused_never_a_crash():
    """Every code point: ``digit_value`` is the decimal value of category Nd characters
    and None for the rest, among them the 128 that ``str.isdigit`` accepts and ``int``
    refuses (²,  ③ …); ``parse_whole_number`` raises only ``TextRefused``."""
    lying = 0
    for ch in ALL:
        v = textsafe.digit_value(ch)
        assert v == (unicodedata.decimal(ch) if unicodedata.category(ch) == "Nd" else None)
        if ch.isdigit() and not ch.isdecimal():
            lying += 1
            with pytest.raises(TextRefused) as refused:
                textsafe.parse_whole_number(ch)
            assert refused.value.code == "superscript" and ch in str(refused.value)
            assert textsafe.typed("1", ch, numeric=True).refused.code == "superscript"
    assert lying >= 100  # 128 in Unicode 14 (Python 3.11)
    assert textsafe.parse_whole_number(" ١٢ ") == 12 and textsafe.parse_whole_number("３") == 3
    for bad, code in (("", "not-a-number"), ("-3", "not-a-number"), ("1_000", "not-a-number"),
                      ("9" * 10_000, "too-long"), ("2²", "superscript")):
        with pytest.raises(TextRefused) as refused:
            textsafe.parse_whole_number(bad)
        assert refused.value.code == code
    assert textsafe.typed("", "٣", numeric=True).text == "3"


# ------------------------------------------------------------------ through save files

@pytest.mark.parametrize("category", CATEGORIES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_category_through_a_save_file(tmp_path_factory, category, data):
    folder = tmp_path_factory.mktemp("saves")
    texts = data.draw(st.lists(text_of(category), min_size=1, max_size=4))
    record = {"schema": 1, "game": "glissando", "data": {"players": [{"name": t} for t in texts], "note": texts}}
    raw = json.dumps(record, ensure_ascii=data.draw(st.booleans()))
    (folder / "glissando.json").write_text(raw, encoding="utf-8", errors="surrogatepass")
    store = SaveStore(folder)
    loaded = store.load("glissando")
    if loaded is None:  # a lone surrogate written raw is not UTF-8: a damaged file, set aside
        assert not raw.isascii() and any(0xD800 <= ord(ch) <= 0xDFFF for ch in raw)
        assert len(store.problems) == 1 and "could not be read" in store.problems[0]
        assert (folder / "glissando.json.bad").exists()
        return
    for s in loaded["note"]:
        assert_sanitized(s)
    changed = any(textsafe.sanitize(t, newlines=True) != t for t in texts)
    kept = sorted(p.name for p in folder.iterdir() if ".bad" in p.name)
    assert bool(kept) == changed and len(store.problems) == int(changed)
    if changed:  # the original is kept byte for byte, and the cleaned save loads quietly
        assert (folder / kept[0]).read_bytes() == raw.encode("utf-8", "surrogatepass")
        again = SaveStore(folder)
        assert again.load("glissando") == loaded and not again.problems
    info = store.info("glissando")
    assert all(textsafe.is_drawable(n) for n in info.names)


def sample(category: str, rng: random.Random, n: int = 6) -> str:
    return "".join(rng.choice(BY_CATEGORY[category]) for _ in range(n))


@pytest.fixture(scope="module")
def real_saves(tmp_path_factory):
    """A real autosave of each game a few turns in (players named "A" and "B")."""
    from tests.test_reliability_files import a_real_save

    return {g: a_real_save(g, tmp_path_factory.mktemp(g)) for g in GAMES}


def named(value, names):
    """``value`` with every string "A" / "B" (the players' names, wherever the game keeps
    them) replaced by ``names[0]`` / ``names[1]``."""
    if isinstance(value, dict):
        return {k: named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [named(v, names) for v in value]
    return {"A": names[0], "B": names[1]}.get(value, value) if isinstance(value, str) else value


RESUME_CASES = [(c, None) for c in CATEGORIES] + [(None, k) for k in sorted(HOSTILE)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_resume_with_names_of_every_category_and_every_hostile_text(tmp_path, real_saves, game_id):
    """Round two: a save naming a player with a NUL or zero-width characters crashed
    every Resume. Now each of the 46 texts resumes and plays 10 frames."""
    rng = random.Random(15)
    app = make_app(list(GAMES.values()), folder=tmp_path)
    crashes = []
    for category, case in RESUME_CASES:
        text = HOSTILE[case] if case else sample(category, rng)
        app.to_menu()
        path = app.saves.path(game_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = named(real_saves[game_id], (text, text[::-1]))
        path.write_text(json.dumps({"schema": 1, "game": game_id, "data": data}), encoding="utf-8",
                        errors="surrogatepass")
        try:
            app.top.resume(GAMES[game_id])
            frames(app, 10)
            assert app.game_scene() is not None, f"{category or case}: not resumed ({app.toasts.current})"
        except Exception as exc:  # noqa: BLE001 - any escape is the fault looked for
            crashes.append(f"{category or case}: {type(exc).__name__}: {exc}")
    assert not crashes, crashes


# ------------------------------------------------------------------ through the settings file

@pytest.mark.parametrize("category", CATEGORIES)
def test_setup_and_settings_screens_with_names_of_every_category(tmp_path, category):
    """Round two: a NUL or zero-width-only name in settings.json crashed the setup screen."""
    rng = random.Random(category)
    texts = [sample(category, rng), HOSTILE[sorted(HOSTILE)[rng.randrange(len(HOSTILE))]]]
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 1, "language": "en", "player_names": texts}),
                                            encoding="utf-8", errors="surrogatepass")
    app = make_app(list(GAMES.values()), folder=tmp_path)
    assert all(textsafe.is_drawable(n) and len(textsafe.graphemes(n)) <= 20 for n in app.settings.player_names)
    for game in GAMES.values():
        app.push(SetupScene(app, game, vs_ai=False))
        frames(app, 3)
        app.pop()
    from ludotheque.menu import SettingsScene
    app.push(SettingsScene(app))
    frames(app, 3)
    assert isinstance(app.stack[0], MenuScene)


@pytest.mark.parametrize("case", ["nul", "zero-width only", "lone surrogate"])
def test_a_settings_name_that_cannot_be_shown_is_cleaned_said_once_and_the_original_kept(tmp_path, case):
    path = tmp_path / "settings.json"
    raw = json.dumps({"schema": 1, "player_names": [HOSTILE[case], "Noé"], "volume": 0.4})
    path.write_text(raw)
    s = Settings.load(path)
    said = s.take_messages()
    assert len(said) == 1 and "settings.json.bad" in said[0]
    assert (tmp_path / "settings.json.bad").read_text() == raw
    assert s.player_names[1] == "Noé" and s.volume == 0.4 and textsafe.is_drawable(s.player_names[0])
    again = Settings.load(path)
    assert not again.take_messages() and again.player_names == s.player_names


# ------------------------------------------------------------------ typed into the fields, drawn raw

def _setup_with_name_field(app, game):
    app.push(SetupScene(app, game, vs_ai=False))
    entry = app.top.entries[0]
    for w in app.top.focus.widgets:
        w.focused = w is entry
    entry.text, entry.selected = "", False
    return entry


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_category_typed_into_a_name_field_then_start(tmp_path, category):
    """Brief 3 (issue 15 §5): text of each category typed into the setup screen's name
    field (TEXTINPUT, as a keyboard, an input method or a paste sends it), drawn, then
    Start: the game starts with a name that can be drawn, or Start is refused with a
    sentence and the field keeps the focus — never a crash."""
    from tests.harness import type_text
    from tests.ludotheque.fake_game import RaceScene, make_race_descriptor

    rng = random.Random(f"typed-{category}")
    game = make_race_descriptor()
    started = refused = 0
    for n in range(12):
        app = make_app([game], folder=tmp_path / f"{category}-{n}")
        entry = _setup_with_name_field(app, game)
        text = sample(category, rng, n=1 + n % 5)
        if n % 3 == 0:
            type_text(app, text)                                      # a key at a time
        else:
            from tests.harness import post
            post(app, pygame.TEXTINPUT, text=text)                    # a paste, an input method
        frames(app, 2)
        assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in entry.text), repr(entry.text)
        assert textsafe.sanitize(entry.text) == entry.text and len(textsafe.graphemes(entry.text)) <= entry.max_len
        app.top.begin()
        frames(app, 2)
        if isinstance(app.top, RaceScene):
            started += 1
            name = app.top.session.name("a")
            assert name and any(textsafe.is_visible(ch) for ch in name), repr(name)
        else:
            refused += 1
            assert isinstance(app.top, SetupScene) and entry.focused
            assert app.toasts.current is not None                     # said why
    assert started + refused == 12


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_texts_typed_into_a_name_field(tmp_path, case):
    from tests.harness import post
    from tests.ludotheque.fake_game import RaceScene, make_race_descriptor

    game = make_race_descriptor()
    app = make_app([game], folder=tmp_path)
    entry = _setup_with_name_field(app, game)
    post(app, pygame.TEXTINPUT, text=HOSTILE[case])
    frames(app, 2)
    kept = entry.text                                     # what the field kept of it
    app.top.begin()
    frames(app, 2)
    if kept and not any(textsafe.is_visible(ch) for ch in kept):
        assert isinstance(app.top, SetupScene), f"a name that shows nothing is refused: {kept!r}"
        assert "would show nothing" in app.toasts.current
    else:
        assert isinstance(app.top, RaceScene)
        assert textsafe.is_drawable(app.top.session.name("a"))
    if case in ("nul", "controls"):
        assert entry.refusal and "Control characters" in entry.refusal


def test_a_superscript_typed_into_a_number_field_is_refused_with_a_reason_and_other_digits_count():
    """Round two: ² in Magico's assisted calculation crashed the game (``int("²")``)."""
    from ludotheque.widgets import TextEntry

    e = TextEntry((0, 0, 200, 50), numeric=True, max_len=4)
    e.focused = True
    e.type("1²")
    assert e.text == "1" and "0 to 9" in e.refusal
    e.type("٣३３")
    assert e.text == "1333" and e.refusal is None


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_character_drawn_raw_through_the_canvas_never_raises(category):
    """The canvas draws any text it is handed, not only cleaned text: NUL, lone
    surrogates, zero-width-only text ("Text has zero width" in pygame-ce) — at scale 1
    and at 2560×1440's scale 2, and measured (layout code measures before it draws)."""
    from ludotheque.canvas import Canvas

    pygame.font.init()
    rng = random.Random(f"raw-{category}")
    canvases = [Canvas.for_surface(pygame.Surface((1280, 720))), Canvas.for_surface(pygame.Surface((2560, 1440)))]
    chars = drawn_sample(category)
    for k in range(300):
        s = "".join(rng.choice(chars) for _ in range(1 + k % 4))
        for text in (s, "a" + s + "b"):
            for c in canvases:
                r = c.text(text, (10, 10), theme.BODY)
                assert r.height > 0
            assert theme.font(theme.BODY).size(text)[1] > 0


def test_right_to_left_text_is_shaped_and_laid_out_right_to_left():
    """Arabic letters are joined (HarfBuzz, right to left: the shaped word is narrower
    than its letters drawn apart) and in a right-to-left name the Latin part is drawn at
    the left, after the Arabic one when read from the right."""
    pygame.font.init()
    word = "مرحبا"
    shaped = theme.render_line(word, 32, (255, 255, 255))
    apart = pygame.font.Font.render(theme.font(32), word, True, (255, 255, 255))   # left to right, unjoined
    assert shaped.get_width() < apart.get_width()
    assert theme.bidi_runs("مرحبا Zoé") == [("Zoé", False), ("مرحبا ", True)]
    assert theme.bidi_runs("Zoé מנשה 12") == [("Zoé ", False), ("מנשה", True), (" 12", False)]
    assert theme.bidi_runs("Zoé") == [("Zoé", False)]
    assert theme.font(32).size("Zoé " + word)[0] == theme.render_line("Zoé " + word, 32, (1, 1, 1)).get_width()


def test_a_character_the_font_lacks_is_drawn_as_a_visible_box():
    pygame.font.init()
    img = theme.render_line("中", 32, (255, 255, 255))
    alpha = pygame.surfarray.array_alpha(img)
    assert img.get_width() > 8 and int((alpha > 128).sum()) > 20      # the font's box, not nothing


def test_a_name_that_shows_nothing_typed_in_the_settings_is_not_kept_and_said(tmp_path):
    from ludotheque.menu import SettingsScene
    from tests.harness import post

    app = make_app(list(GAMES.values()), folder=tmp_path)
    app.settings.player_names = ["Léa", ""]
    app.push(SettingsScene(app))
    entry = app.top.names[0]
    for w in app.top.focus.widgets:
        w.focused = w is entry
    entry.text, entry.selected = "", False
    post(app, pygame.TEXTINPUT, text="\u0301\u0308")       # combining marks only
    entry.text = "\u3164\u3164"                            # blank letters (a paste the field kept)
    app.top.close()
    assert app.settings.player_names[0] == "Léa" and "would show nothing" in app.toasts.current
