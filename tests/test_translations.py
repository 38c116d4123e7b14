"""Every visible text has a French translation, and the compiled catalogues are current."""

import ast
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAINS = ("ludotheque", "glissando", "magico", "mississippi")


def used_messages(package: str) -> set[str]:
    """String literals passed to ``_()`` or ``ngettext()`` (its singular) in the package's modules (found with ``ast``)."""
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_visible_text_has_a_french_translation(domain):
    used = used_messages(domain)
    if not used:
        pytest.skip(f"{domain} shows no translatable text yet")
    po_path = LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"
    assert po_path.exists(), f"missing {po_path}"
    po = polib.pofile(str(po_path))
    translated = {e.msgid for e in po if e.msgstr or e.msgstr_plural}
    missing = sorted(used - translated)
    assert not missing, f"{domain}: no French for {missing}"


@pytest.mark.parametrize("po_path", sorted(LOCALE.glob("*/LC_MESSAGES/*.po")), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_compiled_catalogue_matches_its_po(po_path):
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.exists(), f"run: python -m ludotheque.i18n compile ({mo_path} missing)"
    def text(e):  # a plain message, or a message with plural forms
        return e.msgstr or tuple(e.msgstr_plural[k] for k in sorted(e.msgstr_plural))

    po = {e.msgid: text(e) for e in polib.pofile(str(po_path)) if text(e) and not e.obsolete and "fuzzy" not in e.flags}
    mo = {e.msgid: text(e) for e in polib.mofile(str(mo_path)) if e.msgid}
    assert mo == po, "stale .mo: run python -m ludotheque.i18n compile"


@pytest.mark.parametrize("po_path", sorted(LOCALE.glob("*/LC_MESSAGES/*.po")), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_each_translation_has_the_same_placeholders_as_its_english(po_path):
    """A French text with ``{v:.1f}`` where the English has ``{v}`` crashes ``format`` at the
    moment it is shown: every translation names the same ``{fields}`` with the same formats."""
    import string

    def fields(text):
        return sorted((name, spec) for _, name, spec, _ in string.Formatter().parse(text) if name is not None)

    wrong = []
    for e in polib.pofile(str(po_path)):
        for translated in [e.msgstr] + list(e.msgstr_plural.values()):
            if translated and fields(translated) != fields(e.msgid):
                wrong.append((e.msgid, translated))
    assert not wrong, wrong


def test_language_switch_changes_texts_at_once():
    from ludotheque import i18n

    _ = i18n.domain("ludotheque")
    i18n.set_language("fr")
    try:
        assert _("Two players") == "Deux joueurs"
    finally:
        i18n.set_language("en")
    assert _("Two players") == "Two players"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_game_pitch_fits_its_menu_tile(lang):
    """The menu's tiles show each game's pitch whole, in both languages (no line cut off)."""
    import main
    from ludotheque import i18n, theme
    from ludotheque.menu import MenuScene
    from tests.harness import make_app

    app = make_app(main.descriptors(), language=lang)
    try:
        for game, tile in app.top.tiles:
            box = MenuScene.pitch_rect(tile)
            lines = theme.wrap(game.pitch(), theme.SMALL, box.width)
            room = box.height // (theme.font(theme.SMALL).get_linesize() + 4)
            assert len(lines) <= room, f"{game.id} ({lang}): {lines} — only {room} lines fit"
    finally:
        i18n.set_language("en")


def test_a_hint_is_an_indice_in_every_french_catalogue():
    """trial3/3b: the Hint button and its texts said "Conseil" in Glissando, Mississippi
    and the shell's Hints option but "Indice" in Magico; one word everywhere, "Indice"
    (the usual word in French games). "Beginner hints" is another thing (a stored
    setting, "Aide pour débutants"), not the Hint button."""
    for domain in DOMAINS:
        po = polib.pofile(str(LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"))
        for e in po:
            assert "conseil" not in e.msgstr.lower(), (domain, e.msgid[:60], e.msgstr[:80])
            if e.msgid in ("Hint", "Hint (H)", "Hints", "hint", "(hint)"):
                assert "indice" in e.msgstr.lower(), (domain, e.msgid, e.msgstr)
