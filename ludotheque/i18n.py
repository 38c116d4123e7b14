"""Translations through gettext catalogues (French and English).

Source strings are English. Each package has its own catalogue *domain* —
``assets/locale/<lang>/LC_MESSAGES/<domain>.po`` compiled to ``.mo`` — so the shell and
each game keep their own texts. :func:`domain` returns a ``_`` function that looks the
*current* language up on every call: switching language in the settings redraws every
text at once, with nothing to rebuild.

``python -m ludotheque.i18n compile`` rebuilds every ``.mo`` from its ``.po`` (needs
``polib``, in the ``test`` extra); ``python -m ludotheque.i18n check`` lists strings
used in the code that have no French translation.
"""

from __future__ import annotations

import gettext
import sys
from typing import Callable

from .paths import LOCALE

LANGUAGES = ("fr", "en")
_language = "en"
_cache: dict[tuple[str, str], gettext.NullTranslations] = {}


def set_language(lang: str) -> None:
    """Make ``lang`` (``"fr"`` or ``"en"``) the current language.

    :raises ValueError: an unsupported language code.
    """
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _language = lang


def language() -> str:
    """The current language code."""
    return _language


def decimal(value: float, digits: int = 1) -> str:
    """``value`` written with ``digits`` decimals as the current language writes numbers:
    ``decimal(3.25)`` is ``"3.2"`` in English, ``"3,2"`` in French (the decimal comma)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _language == "fr" else text


def catalogue(name: str, lang: str | None = None) -> gettext.NullTranslations:
    """The compiled catalogue of domain ``name`` in ``lang`` (a null one if missing)."""
    key = (name, lang or _language)
    if key not in _cache:
        _cache[key] = gettext.translation(name, localedir=str(LOCALE), languages=[key[1]],
                                          fallback=True)
    return _cache[key]


def domain(name: str) -> Callable[[str], str]:
    """A ``_(text)`` function translating ``text`` in domain ``name`` into the current language."""
    def _(message: str) -> str:
        return catalogue(name).gettext(message)
    return _


def ndomain(name: str) -> Callable[[str, str, int], str]:
    """An ``ngettext(singular, plural, n)`` function for domain ``name``."""
    def ngettext(singular: str, plural: str, n: int) -> str:
        return catalogue(name).ngettext(singular, plural, n)
    return ngettext


def compile_all() -> list[str]:
    """Compile every ``.po`` under ``assets/locale`` to its ``.mo``. :returns: the files written."""
    import polib  # development tool only

    written = []
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        po = polib.pofile(str(po_path))
        mo_path = po_path.with_suffix(".mo")
        po.save_as_mofile(str(mo_path))
        written.append(str(mo_path.relative_to(LOCALE)))
    _cache.clear()
    return written


def main(argv: list[str]) -> int:
    """``compile``: rebuild the .mo files."""
    if argv[:1] == ["compile"]:
        for f in compile_all():
            print(f)
        return 0
    print("usage: python -m ludotheque.i18n compile", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
