"""Any text a keyboard, a paste or a file gives, made safe to keep and to draw.

Player names, board names and typed answers may hold anything: NUL and other control
characters, lone surrogates (``"\\ud800"`` is valid JSON), text made only of zero-width or
combining characters, bidirectional overrides that reorder the text around them, emoji,
right-to-left scripts, 10 000 characters, digits that are not ASCII. pygame-ce's font
refuses some of these outright (``"a\\x00b"``: *A null character was found*; ``"\\u200b"``:
*Text has zero width*; a lone surrogate: ``UnicodeEncodeError``), so every text that can
reach a screen goes through here first.

* :func:`sanitize` — for any string read from a file (a save, the settings): never
  refuses; keeps what can be shown and drops what cannot (see its docstring).
* :func:`clean_name` — a name a person gave (setup screen, settings, a save): normalised
  (NFC, one space between words, at most ``max_len`` characters as a person counts them)
  or refused with :class:`TextRefused` naming why (nothing visible in it).
* :func:`typed` — what a text field keeps of a ``TEXTINPUT`` event, and why it dropped
  the rest (for a message under the field).
* :func:`digit_value`, :func:`parse_whole_number` — typed digits: any script's decimal
  digits (``3``, ``٣``, ``३``, full-width ``３``) count as digits; superscripts and other
  "digits" that :meth:`str.isdigit` accepts but :func:`int` refuses (``²``, ``③``) are
  refused with a message, never a crash.

Pure: the standard library and the shell's translations only (no pygame).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from . import i18n

_ = i18n.domain("ludotheque")

NAME_MAX = 20
"""Longest name (characters as a person counts them, see :func:`graphemes`)."""
MAX_MARKS = 4
"""Most combining marks kept on one base character (more stack up out of the line)."""
MAX_CODEPOINTS_PER_CHARACTER = 12
"""Longest character cluster kept (an emoji family is 7 code points, a flag with tags 7)."""

ZWJ, ZWNJ = "\u200d", "\u200c"
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
"""Characters that Unicode calls letters or symbols but that draw nothing (Hangul
fillers, the blank Braille pattern, Khmer inherent vowels): treated as spaces."""
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_TAG_FLAG = "\U0001f3f4"          # black flag: base of the emoji tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿)
_VISIBLE = ("L", "N", "P", "S")  # first letters of the general categories that show something


class TextRefused(ValueError):
    """A text that cannot be used as asked. ``code`` is machine-readable (a scene chooses
    its sentence by code if it wants its own), ``str()`` one sentence for the player in
    the current language.

    Codes: ``"not-text"``, ``"empty"``, ``"invisible"``, ``"too-long"``, ``"control"``,
    ``"not-a-digit"``, ``"superscript"``, ``"not-a-number"``.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def _is_noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


_IGNORABLE_RANGES = ((0x2060, 0x206F), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
                     (0xE0000, 0xE0FFF))
"""Unassigned parts of Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties):
fonts draw them as nothing, so pygame-ce refuses a text made of them (*zero width*)."""


def _is_ignorable(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES)


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "M"


def _is_tag(ch: str) -> bool:
    return 0xE0020 <= ord(ch) <= 0xE007F


def _is_regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _is_modifier(ch: str) -> bool:  # emoji skin tones (Sk)
    return 0x1F3FB <= ord(ch) <= 0x1F3FF


def is_visible(ch: str) -> bool:
    """True when ``ch`` on its own draws something: a letter, digit, punctuation or
    symbol (categories L*, N*, P*, S*), or a private-use or not-yet-assigned character
    (a font may have it; otherwise it is drawn as a box), and not one of
    :data:`BLANK_LETTERS`."""
    if ch in BLANK_LETTERS:
        return False
    cat = unicodedata.category(ch)
    if ch == "\ufffc":
        return False
    return cat[0] in _VISIBLE or cat == "Co" or (cat == "Cn" and not (_is_noncharacter(ord(ch))
                                                                      or _is_ignorable(ord(ch))))


def _joins(prev: str, nxt: str) -> bool:
    """A zero-width joiner/non-joiner between two visible characters does something
    (emoji sequences 👩‍💻, Persian and Indic spelling); elsewhere it is invisible noise."""
    return bool(prev) and bool(nxt) and (is_visible(prev) or _is_mark(prev) or prev == "\ufe0f") and is_visible(nxt)


def sanitize(text: str, *, newlines: bool = False) -> str:
    """``text`` with everything that cannot be drawn or kept taken out; never raises.

    * lone surrogates (``Cs``) are removed (they cannot even be encoded in UTF-8);
    * NFC normalisation (``e`` + ``◌́`` becomes ``é``; what a keyboard gives);
    * control characters (``Cc``) are removed, except tab, newline and the other
      whitespace controls, which become a space (``newlines``: ``\\n`` is kept);
    * line and paragraph separators (``Zl``, ``Zp``) become a space (or ``\\n``);
    * format characters (``Cf``: zero-width space, BOM, soft hyphen, bidirectional
      embeddings, overrides and isolates, which reorder the text around them) are
      removed, except a zero-width joiner or non-joiner between two visible characters
      and emoji tag characters after 🏴;
    * noncharacters (U+FFFE, U+FDD0 …), unassigned default-ignorable code points
      (U+2065, U+E0080 …) and U+FFFC (an object that is not there) are removed;
    * combining marks with nothing to sit on (at the start, after a space) are removed,
      and at most :data:`MAX_MARKS` are kept on one character.

    Letters, digits, punctuation, symbols, emoji, spaces of every script, private-use
    and unassigned characters stay. ASCII text without control characters comes back
    unchanged. Idempotent: ``sanitize(sanitize(s)) == sanitize(s)``.

    :param text: any ``str`` (a non-``str`` is turned into ``""``).
    """
    if not isinstance(text, str):
        return ""
    if text.isascii() and text.isprintable():
        return text
    text = "".join(ch for ch in text if not 0xD800 <= ord(ch) <= 0xDFFF)
    text = unicodedata.normalize("NFC", text)
    out: list[str] = []
    marks = 0
    n = len(text)
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat == "Cc" or cat in ("Zl", "Zp"):
            if newlines and ch in "\n\u2028\u2029\x85":
                out.append("\n")
            elif ch in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85" or cat in ("Zl", "Zp"):
                out.append(" ")
            marks = 0
            continue
        if cat == "Cf":
            prev = out[-1] if out else ""
            nxt = text[i + 1] if i + 1 < n else ""
            if ch in (ZWJ, ZWNJ) and _joins(prev, nxt):
                out.append(ch)
            elif _is_tag(ch) and prev and (prev == _TAG_FLAG or _is_tag(prev)):
                out.append(ch)
            continue
        if (cat == "Cn" and (_is_noncharacter(ord(ch)) or _is_ignorable(ord(ch)))) or ch == "\ufffc":
            continue      # U+FFFC stands for an embedded object that is not there
        if cat[0] == "M":
            prev = out[-1] if out else ""
            if not prev or prev.isspace() or prev == "\n" or marks >= MAX_MARKS:
                continue
            marks += 1
            out.append(ch)
            continue
        marks = 0
        out.append(ch)
    result = "".join(out)
    if result != text:
        # removing characters can bring a mark next to a space, or two marks'
        # neighbours together: one more pass settles it (and makes this idempotent)
        again = unicodedata.normalize("NFC", result)
        if again != result:
            return sanitize(again, newlines=newlines)
    return result


def sanitize_tree(value, *, depth: int = 0):
    """``value`` (parsed JSON) with :func:`sanitize` applied to every string value,
    and a count of the strings that changed: ``(new_value, changed)``. Keys are left
    as they are (they are the file's structure, compared with known names).

    :raises RecursionError: never; nesting deeper than 200 is returned unchanged (the
        reader already refuses deeper files).
    """
    if depth > 200:
        return value, 0
    if isinstance(value, str):
        clean = sanitize(value, newlines=True)
        return clean, int(clean != value)
    if isinstance(value, list):
        total = 0
        out = []
        for v in value:
            nv, c = sanitize_tree(v, depth=depth + 1)
            out.append(nv)
            total += c
        return out, total
    if isinstance(value, dict):
        total = 0
        out = {}
        for k, v in value.items():
            nv, c = sanitize_tree(v, depth=depth + 1)
            out[k] = nv
            total += c
        return out, total
    return value, 0


def graphemes(text: str) -> list[str]:
    """``text`` cut into characters as a person counts them (an approximation of
    Unicode's extended grapheme clusters, UAX #29, enough for names): a base character
    with its combining marks, variation selectors and skin-tone modifiers; emoji joined
    by zero-width joiners; a pair of regional indicators (a flag); tag sequences.

    >>> graphemes("é👩‍💻🇨🇦")   # é, woman technologist, flag of Canada
    ['é', '👩\\u200d💻', '🇨🇦']
    """
    clusters: list[str] = []
    for ch in text:
        if clusters:
            last = clusters[-1]
            joined = (_is_mark(ch) or _is_modifier(ch) or _is_tag(ch) or ch in (ZWJ, ZWNJ, "\ufe0e", "\ufe0f")
                      or last[-1] == ZWJ
                      or (_is_regional(ch) and len(last) == 1 and _is_regional(last)))
            if joined:
                clusters[-1] = last + ch
                continue
        clusters.append(ch)
    return clusters


def _collapse_spaces(text: str) -> str:
    """One plain space between words; no space at either end."""
    parts, word = [], []
    for ch in text:
        if ch.isspace() or ch in BLANK_LETTERS:
            if word:
                parts.append("".join(word))
                word = []
        else:
            word.append(ch)
    if word:
        parts.append("".join(word))
    return " ".join(parts)


def _limit(text: str, max_len: int) -> str:
    clusters = [c[:MAX_CODEPOINTS_PER_CHARACTER] for c in graphemes(text)]
    return "".join(clusters[:max_len]).rstrip()


def clean_name(text, *, max_len: int = NAME_MAX, allow_empty: bool = False) -> str:
    """A name as it will be kept and shown: :func:`sanitize`, one plain space between
    words, no space at the ends, at most ``max_len`` characters (:func:`graphemes`; a
    longer name is cut, never refused).

    :param text: what was typed or read (any object; a non-``str`` is refused).
    :param allow_empty: an empty name is accepted (returned as ``""``), e.g. a setup
        field left blank that falls back to the side's name.
    :returns: the name to keep (``clean_name(clean_name(x)) == clean_name(x)``).
    :raises TextRefused: ``"not-text"``; ``"empty"`` (nothing left, unless
        ``allow_empty``); ``"invisible"`` (only zero-width, combining or blank
        characters: nothing would show on screen).
    """
    if not isinstance(text, str):
        raise TextRefused("not-text", _("This name is not text."))
    clean = _limit(_collapse_spaces(sanitize(text)), max_len)
    if not clean:
        if any(not ch.isspace() for ch in text):
            raise TextRefused("invisible", _("This name would show nothing: it holds only invisible or "
                                             "combining characters."))
        if allow_empty:
            return ""
        raise TextRefused("empty", _("A name needs at least one letter, digit or sign."))
    if not any(is_visible(ch) for ch in clean):
        raise TextRefused("invisible", _("This name would show nothing: it holds only invisible or "
                                         "combining characters."))
    return clean


def name_or(text, fallback: str, *, max_len: int = NAME_MAX) -> str:
    """:func:`clean_name` of ``text``, or ``fallback`` when it is refused or empty (for
    names read from a file: a save whose name is unusable still resumes, with the side's
    name). Never raises."""
    try:
        return clean_name(text, max_len=max_len, allow_empty=True) or fallback
    except TextRefused:
        return fallback


@dataclass(frozen=True)
class Typed:
    """What a text field keeps after a ``TEXTINPUT`` event.

    :ivar text: the field's new text.
    :ivar refused: why part of what was typed was left out (a :class:`TextRefused`
        whose ``str()`` is the sentence to show under the field), or None.
    """

    text: str
    refused: TextRefused | None = None


def typed(current: str, incoming: str, *, max_len: int = NAME_MAX, numeric: bool = False) -> Typed:
    """Add ``incoming`` (a ``TEXTINPUT`` event's text: a key, an input-method
    composition or a paste) to a field holding ``current``.

    Keeps what :func:`sanitize` keeps (a combining mark typed after a letter joins it;
    a zero-width joiner is kept while it may still join two characters); stops at
    ``max_len`` characters (:func:`graphemes`). With ``numeric``, only decimal digits
    are kept, any script's turned into ASCII (``٣`` → ``3``); a superscript (``²``) or
    anything else is left out and said why.

    :returns: a :class:`Typed` (never raises).
    """
    current = current if isinstance(current, str) else ""
    incoming = incoming if isinstance(incoming, str) else ""
    refused: TextRefused | None = None
    if numeric:
        digits = []
        for ch in incoming:
            v = digit_value(ch)
            if v is None:
                if refused is None:
                    refused = _digit_refusal(ch)
                continue
            digits.append(str(v))
        incoming = "".join(digits)
    elif any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r" for ch in incoming):
        refused = TextRefused("control", _("Control characters cannot be typed here; they were left out."))
    trailing_joiner = incoming.endswith((ZWJ, ZWNJ))
    text = sanitize(current + incoming) if not numeric else current + incoming   # tabs, newlines → spaces
    if trailing_joiner and text and is_visible(text[-1]):
        text += incoming[-1]   # a joiner waiting for the next character (👩 + ZWJ … 💻)
    clusters = graphemes(text)
    if len(clusters) > max_len:
        text = "".join(clusters[:max_len])
        refused = TextRefused("too-long", _("At most {n} characters.").format(n=max_len))
    return Typed(text, refused)


def digit_value(ch: str) -> int | None:
    """The value 0–9 of one typed decimal digit of any script (``"7"``, ``"٧"``,
    ``"७"``, ``"７"``: Unicode category Nd), or None for anything else — including the
    superscripts and circled numbers that :meth:`str.isdigit` accepts but :func:`int`
    refuses (``"²"``: ``int("²")`` raises ``ValueError``)."""
    if not isinstance(ch, str) or len(ch) != 1:
        return None
    return unicodedata.decimal(ch, None)


def _digit_refusal(ch: str) -> TextRefused:
    if ch.isdigit() or unicodedata.numeric(ch, None) is not None:
        return TextRefused("superscript", _("“{ch}” is not one of the digits 0 to 9; type those.").format(ch=ch))
    return TextRefused("not-a-digit", _("Only the digits 0 to 9 can be typed here."))


def parse_whole_number(text, *, max_digits: int = 6) -> int:
    """The whole number (≥ 0) written in ``text`` with decimal digits of any script,
    spaces around it allowed (``" 12"``, ``"١٢"`` → 12).

    Use this instead of ``int(text)`` on anything typed: ``int`` accepts signs,
    underscores and other scripts' digits, raises on ``"²"`` although ``"²".isdigit()``,
    and refuses (``ValueError``) more than 4 300 digits.

    :raises TextRefused: ``"not-a-number"`` (empty, a sign, a letter…), ``"superscript"``
        (``²``, ``③`` …), ``"too-long"`` (more than ``max_digits`` digits).
    """
    if not isinstance(text, str) or not text.strip():
        raise TextRefused("not-a-number", _("Type a whole number."))
    value = 0
    digits = 0
    for ch in text.strip():
        v = digit_value(ch)
        if v is None:
            refusal = _digit_refusal(ch)
            if refusal.code == "superscript":
                raise refusal
            raise TextRefused("not-a-number", _("Type a whole number."))
        digits += 1
        if digits > max_digits:
            raise TextRefused("too-long", _("At most {n} digits.").format(n=max_digits))
        value = value * 10 + v
    return value


def direction(text: str) -> str:
    """``"rtl"`` when the first strongly directional character of ``text`` is
    right-to-left (Hebrew, Arabic, Syriac, Thaana, N'Ko …: bidi classes R and AL),
    else ``"ltr"`` — the paragraph direction of Unicode's bidi algorithm (UAX #9, P2–P3),
    for choosing the text's alignment and pygame-ce's ``Font.set_direction``."""
    for ch in text if isinstance(text, str) else "":
        bidi = unicodedata.bidirectional(ch)
        if bidi in ("R", "AL"):
            return "rtl"
        if bidi == "L":
            return "ltr"
    return "ltr"


def is_drawable(text: str) -> bool:
    """True when pygame-ce's font can be asked to draw ``text`` without raising: no NUL
    or other control character, no lone surrogate, and either empty or holding at least
    one character of non-zero width (:func:`is_visible`, or a space or mark after one)."""
    if not isinstance(text, str):
        return False
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text):
        return False
    return text == "" or any(is_visible(ch) or ch == " " for ch in text)
