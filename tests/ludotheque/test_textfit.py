"""Text fitting (issue 14 §1): shrink first, then wrap, then cut with an ellipsis — with a
fixed-width measure (no fonts needed) and with the theme's real font."""

import pytest

from ludotheque.session.textfit import ELLIPSIS, cut, fit_text, wrap


def mono(text, size, bold=False):
    """Every character ``size / 2`` px wide (bold: one px more)."""
    return len(text) * (size // 2 + bold)


def test_a_name_that_fits_is_kept_at_its_size():
    assert fit_text("Ann", 200, mono, size=24).lines == ("Ann",)
    assert fit_text("Ann", 200, mono, size=24).size == 24


def test_a_long_name_shrinks_before_it_wraps_and_wraps_before_it_is_cut():
    name = "Ordinateur (Intermédiaire)"            # 26 characters
    one = fit_text(name, 200, mono, size=24, smallest=14)
    assert one.lines == (name,) and one.size == 15 and not one.cut
    two = fit_text(name, 200, mono, size=24, smallest=18, max_lines=2)
    assert two.lines == ("Ordinateur", "(Intermédiaire)") and two.size == 24
    cut_ = fit_text(name, 100, mono, size=24, smallest=18)
    assert cut_.cut and cut_.lines[0].endswith(ELLIPSIS) and mono(cut_.lines[0], 18) <= 100


def test_prefer_size_keeps_a_message_large_on_more_lines():
    msg = "No operation gives a number on an empty cell."
    by_lines = fit_text(msg, 300, mono, size=24, smallest=12, max_lines=3)
    by_size = fit_text(msg, 300, mono, size=24, smallest=12, max_lines=3, prefer="size")
    assert len(by_lines.lines) == 1 and by_lines.size < 24
    assert by_size.size == 24 and by_size.lines == ("No operation gives a", "number on an empty cell.")


def test_every_line_fits_the_width_whatever_the_text():
    texts = ["x" * 10_000, "word " * 3000, "", " ", "\n\n", "a\nb\nc\nd", "\u0301" * 50,
             "🙂" * 300, "שלום עולם " * 40, "\x00abc", "e\u0301" * 400]
    for text in texts:
        for lines in (1, 2, 3):
            f = fit_text(text, 120, mono, size=20, smallest=10, max_lines=lines)
            assert len(f.lines) <= lines
            assert all(mono(line, f.size) <= 120 for line in f.lines), (text[:20], f)


def test_the_cut_never_splits_a_letter_from_its_accent():
    text = "e\u0301" * 40                             # é as e + combining acute
    out = cut(text, 60, mono, 10)
    assert out.endswith(ELLIPSIS) and out[-2] == "\u0301"


def test_wrap_stops_early_on_long_texts():
    calls = []

    def counting(text, size, bold=False):
        calls.append(text)
        return mono(text, size, bold)

    fit_text("word " * 5000, 100, counting, size=20, max_lines=2)
    assert len(calls) < 300                          # not one measure per word


def test_with_the_theme_font():
    pygame = pytest.importorskip("pygame")           # the theme's fonts need pygame
    from ludotheque.session.endpanel import theme_measure

    pygame.font.init()
    f = fit_text("Ordinateur (Intermédiaire)", 180, theme_measure, size=24, smallest=12, bold=True)
    assert theme_measure(f.lines[0], f.size, True) <= 180 and f.size < 24


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        fit_text("a", 0, mono, size=20)
    assert wrap("a b", 10, mono, 20) == ["a", "b"]
