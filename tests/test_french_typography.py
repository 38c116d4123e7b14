"""French typography in every French catalogue (polish6, issue 13 §3): a narrow no-break
space (U+202F) before « ; : ! ? » and inside « », never a plain space (a line could
start with the mark) nor none; French quotes, never English ones. The fonts draw U+202F
as a narrow space, and wrapping never breaks a line there."""

import re
from pathlib import Path

import polib
import pytest

from ludotheque import theme

NNBSP = "\u202f"
FR = Path(__file__).resolve().parents[1] / "assets" / "locale" / "fr" / "LC_MESSAGES"
CATALOGUES = sorted(FR.glob("*.po"))
FIELD = re.compile(r"\{[^{}]*\}")            # {name}, {v:.1f}: a colon there is no punctuation


def french_texts(po_path):
    for e in polib.pofile(str(po_path)):
        if e.obsolete:
            continue
        for text in [e.msgstr, *e.msgstr_plural.values()]:
            if text:
                yield e.msgid, text


def faults(text: str) -> list[str]:
    """What breaks the rule in one French text (empty: none)."""
    bare = FIELD.sub("\x00", text)           # a field stands for a word
    out = []
    for m in re.finditer(r"[;:!?]+", bare):
        before = bare[m.start() - 1] if m.start() else ""
        if before != NNBSP:
            out.append(f"{before!r} before {m.group()!r}")
    for m in re.finditer("«", bare):
        if bare[m.end():m.end() + 1] != NNBSP:
            out.append("no U+202F after «")
    for m in re.finditer("»", bare):
        if bare[m.start() - 1:m.start()] != NNBSP:
            out.append("no U+202F before »")
    if re.search("[\"“”]", bare):
        out.append("English quotes (use « »)")
    if "\u00a0" in bare and re.search("\u00a0[;:!?»]|«\u00a0", bare):
        out.append("U+00A0 where U+202F is used everywhere else")
    return out


def test_there_are_french_catalogues():
    assert {p.stem for p in CATALOGUES} >= {"ludotheque", "mississippi", "glissando", "magico"}


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda p: p.stem)
def test_every_french_string_has_a_narrow_no_break_space_before_its_double_punctuation(po_path):
    bad = [(msgid[:50], text[:70], f) for msgid, text in french_texts(po_path) for f in faults(text)]
    assert not bad, "\n".join(map(str, bad[:20]))


def test_the_rule_finds_what_it_should():
    assert faults("Bleu : posez") and faults("Bleu: posez") and faults("« Son »") and faults('"Son"')
    assert faults("Bleu\u00a0: posez")
    assert not faults("Bleu\u202f: posez\u202f! «\u202fSon\u202f»\u202f; quoi\u202f?!")
    assert not faults("{v:.1f}\u00a0s et {side}\u202f:")          # a field's colon, a unit's space


@pytest.mark.parametrize("bold", [False, True])
def test_the_fonts_draw_the_narrow_no_break_space_narrower_than_a_space(bold):
    f = theme.font(theme.BODY, bold)
    narrow, space = f.metrics(NNBSP)[0], f.metrics(" ")[0]
    assert narrow is not None and 0 < narrow[4] < space[4]          # a glyph, not a missing box
    assert f.size("Bleu" + NNBSP + ":")[0] < f.size("Bleu :")[0]


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda p: p.stem)
def test_no_wrapped_french_line_starts_with_a_punctuation_mark(po_path):
    for _msgid, text in french_texts(po_path):
        for width in (220, 400, 700):
            for line in theme.wrap(text, theme.BODY, width):
                assert not re.match(r"\s*[;:!?»]", line), (text[:60], width, line)
