"""The player's settings, remembered between sessions.

Kept as JSON in ``platformdirs.user_config_dir("ludotheque")/settings.json``, written
atomically (:mod:`ludotheque.storage`). Never raises, never loses what it cannot use:

* a damaged or foreign file is renamed ``.bad``, the defaults apply;
* a folder that cannot be reached (not allowed, a file in its way, a disk gone) is said
  as such — the file is not called damaged, and nothing is set aside;
* keys this version does not know (a newer version's) are kept when saving, and a newer
  schema is read for what this version understands (a newer version's settings survive
  an older one); a value of a known choice this version does not offer (a newer level)
  is kept in the file until the player changes it;
* a value out of range (volume 1e9) or of the wrong type is corrected and said once:
  the corrected file is written back at once;
* names pass through :func:`ludotheque.textsafe.clean_name`; a name that held text
  that cannot be shown is cleaned, the original file kept as ``.bad``, and said once;
* ``--lang`` is for one session only (:meth:`Settings.use_language_for_session`);
* each game's setup screen comes back with that game's last choices (``setups``,
  :meth:`Settings.setup_of`); a file without them (an older version's) loads as before,
  and a damaged entry is dropped quietly (it is not something the player typed).

What to tell the player is in :meth:`Settings.take_messages` (sentences in the current
language, each given once).
"""

from __future__ import annotations

import locale
import logging
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import platformdirs

from . import i18n, storage, textsafe

_ = i18n.domain("ludotheque")
log = logging.getLogger(__name__)

SCHEMA = 1
LEVELS = ("beginner", "intermediate", "expert", "master")
"""The computer levels a default may name (:data:`ludotheque.game.ALL_LEVELS`; a game
without Master, Mississippi, plays the nearest level below, see
:func:`ludotheque.menu.offered_level`)."""
LANGUAGES = ("fr", "en")
NAME_MAX = 20
SETUP_SEATS = (0, 1)
"""The seats a remembered setup's ``seat`` (the human's, against the computer) may name."""


def config_dir() -> Path:
    """The per-user configuration folder (platformdirs)."""
    return Path(platformdirs.user_config_dir("ludotheque", appauthor=False))


def system_language() -> str:
    """``"fr"`` when the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) is French, else ``"en"``."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "fr" if loc.lower().startswith("fr") else "en"


def _label(key: str) -> str:
    """A setting's name as the settings screen shows it (current language)."""
    return {"language": _("Language"), "volume": _("Volume"), "muted": _("Sound"),
            "fullscreen": _("Full screen (F11)"), "player_names": _("Default player names"),
            "ai_level": _("Default computer level"), "hints": _("Beginner hints"),
            "assisted_calc": _("Assisted calculation (Magico)")}.get(key, key)


def _is_bool(v) -> bool:
    return isinstance(v, bool)


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def whole_size(value) -> tuple[int, int] | None:
    """``value`` as (w, h) px when it is two whole positive numbers (not booleans, at most
    100,000 each: a stored ``window_size``), else None."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 100_000 for v in value):
        return None
    return int(value[0]), int(value[1])


def _is_scalar(v) -> bool:
    return v is None or isinstance(v, (bool, str)) or _is_number(v)


def _is_short_word(v) -> bool:
    return isinstance(v, str) and v.isascii() and len(v) <= 32 and v.replace("-", "_").isidentifier()


def _scalars(options: dict) -> dict:
    """The entries of ``options`` with a short key and a JSON scalar value (strings at most
    64 characters): what a remembered setup may hold."""
    return {k: v for k, v in options.items()
            if _is_short_word(k) and _is_scalar(v) and not (isinstance(v, str) and len(v) > 64)}


def _read_setups(value) -> dict:
    """The usable part of a stored ``setups``: game ids (short words) to ``level`` (a
    short word), ``seat`` (0 or 1) and ``options`` (:func:`_scalars`); anything else is
    dropped, and logged. Never raises."""
    if not isinstance(value, dict):
        log.info("settings: setups %.40r ignored", value)
        return {}
    out = {}
    for gid, entry in value.items():
        if not _is_short_word(gid) or not isinstance(entry, dict):
            log.info("settings: setup of %.40r ignored", gid)
            continue
        kept = {}
        if _is_short_word(entry.get("level")):
            kept["level"] = entry["level"]
        if entry.get("seat") in SETUP_SEATS and not isinstance(entry.get("seat"), bool):
            kept["seat"] = entry["seat"]
        if isinstance(entry.get("options"), dict):
            kept["options"] = _scalars(entry["options"])
        if len(kept) != len(entry) or kept.get("options") != entry.get("options"):
            log.info("settings: part of the setup of %s ignored", gid)
        out[gid] = kept
    return out


@dataclass
class Settings:
    """Every setting a player can change, with its default.

    ``volume`` is 0.0–1.0; ``ai_level`` one of :data:`LEVELS`; ``language`` one of
    :data:`LANGUAGES` (the language shown now: for this session it may differ from the
    stored one, see :meth:`use_language_for_session`); ``player_names`` two names of at
    most :data:`NAME_MAX` characters (``""``: the side's name). ``path`` is where
    :meth:`save` writes (None: not remembered).
    """

    language: str = field(default_factory=system_language)
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    player_names: list = field(default_factory=lambda: ["", ""])
    ai_level: str = "intermediate"
    hints: bool = False
    assisted_calc: bool = False
    window_size: list | None = None
    """The window's size (w, h px) the player left it at last time, restored at the next
    launch (clamped to the work area then, :func:`ludotheque.app.fitting_window_size`);
    None until a window was closed once. A stored value that is not two whole numbers is
    ignored."""
    setups: dict = field(default_factory=dict)
    """Each game's last setup choices, by game id: ``{"level": str, "seat": 0 | 1,
    "options": {key: JSON scalar}}``, any part missing (:meth:`setup_of`,
    :meth:`remember_setup`). Values are checked by the game when used
    (:meth:`ludotheque.game.GameDescriptor.saved_options`)."""
    path: Path | None = field(default=None, repr=False, compare=False)
    problem: str | None = field(default=None, repr=False, compare=False)
    """Kept for older callers; always None now (see :meth:`take_messages`)."""

    _STORED = ("language", "volume", "muted", "fullscreen", "player_names", "ai_level",
               "hints", "assisted_calc", "window_size", "setups")

    def __post_init__(self):
        self._extra: dict = {}               # keys this version does not know, kept as read
        self._kept: dict = {}                # known keys whose stored value this version cannot offer
        self._loaded: dict = {}              # the value each kept key had at load
        self._schema = SCHEMA
        self._session_language: str | None = None
        self._stored_language: str | None = None
        self._messages: list[Callable[[], str]] = []
        self._save_failed = False

    def __setattr__(self, name, value):
        # the player choosing a language (the settings screen) ends the --lang override
        if name == "language" and getattr(self, "_session_language", None) is not None \
                and not getattr(self, "_setting_session", False):
            object.__setattr__(self, "_session_language", None)
        object.__setattr__(self, name, value)

    # ------------------------------------------------------------------ messages
    def _tell(self, make: Callable[[], str], log_text: str) -> None:
        self._messages.append(make)
        log.warning("settings: %s", log_text)

    def take_messages(self) -> list[str]:
        """The sentences to show the player about the settings (each once), in the
        current language; the list is emptied."""
        out = [m() for m in self._messages]
        self._messages.clear()
        return out

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """Read the settings file; never raises (see the module docstring).

        A bad file (not JSON, wrong shape, symbolic link, too large) is set aside as
        ``.bad``; values of a wrong type or out of range are corrected one by one.
        """
        path = Path(path) if path is not None else config_dir() / "settings.json"
        s = cls(path=path)
        try:
            data = storage.read_json(path)
        except storage.Unreachable as exc:
            s._unreachable(path, exc)
            return s
        except storage.BadFile as exc:
            s._reject(path, str(exc))
            return s
        if data is storage.MISSING:
            return s
        if not isinstance(data, dict) or not isinstance(data.get("schema"), int) or isinstance(data.get("schema"), bool):
            s._reject(path, _("{name} is not a Ludothèque settings file.").format(name=path.name))
            return s
        s._schema = max(SCHEMA, data["schema"])
        if data["schema"] > SCHEMA:
            log.info("settings from a newer version (schema %s): read what this version knows", data["schema"])
        fixed, cleaned = s._apply(data)
        if fixed or cleaned:
            original = None
            if cleaned:
                try:
                    original = path.read_bytes()
                except OSError:
                    original = None
            kept = storage.keep_copy(path, original) if original is not None else None
            if cleaned:
                s._tell(lambda: _("A player name in your settings held characters that cannot be shown; it was "
                                  "cleaned up.") + ("" if kept is None else " " + _("The original is kept as {name}.")
                                                    .format(name=kept.name)),
                        "a player name was cleaned")
            s.save()   # corrected once: the next start says nothing
        return s

    def _unreachable(self, path: Path, exc: storage.Unreachable) -> None:
        folder = path.parent
        kind = exc.kind
        self._save_failed = True  # already said: a later failed save says nothing more

        def sentence() -> str:
            if kind == "denied":
                return _("Your settings cannot be read: you are not allowed to open the folder {folder}; the "
                         "defaults are used.").format(folder=folder)
            if kind == "blocked":
                return _("Your settings cannot be kept: a file stands where the folder {folder} should be; the "
                         "defaults are used.").format(folder=folder)
            if kind == "gone":
                return _("Your settings cannot be reached: the folder {folder} is gone (was its disk removed?); "
                         "the defaults are used.").format(folder=folder)
            return _("Your settings cannot be read: the disk reported an error; the defaults are used.")
        self._tell(sentence, f"not read or kept ({kind}): {exc}")

    def _reject(self, path: Path, why: str) -> None:
        moved = storage.set_aside(path)
        why = why.rstrip(". ")

        def sentence() -> str:
            # the reason (not JSON, too large, ...) is for the log, not for a family (newplayer9)
            if moved is None:
                return _("Your settings could not be read, so the defaults are used.")
            return _("Your settings could not be read, so the defaults are used; the file was put "
                     "aside as {name}.").format(name=moved.name)
        self._tell(sentence, why + (f"; kept as {moved.name}" if moved else ""))

    def _apply(self, data: dict) -> tuple[list, bool]:
        """Take every usable value of ``data``. :returns: (keys corrected, whether a name was cleaned)."""
        fixed: list[tuple[str, object, object]] = []
        cleaned = False
        self._extra = {k: v for k, v in data.items() if k not in self._STORED and k != "schema"}
        for key in ("muted", "fullscreen", "hints", "assisted_calc"):
            if key in data:
                if _is_bool(data[key]):
                    setattr(self, key, data[key])
                else:
                    fixed.append((key, data[key], getattr(self, key)))
        for key, choices in (("language", LANGUAGES), ("ai_level", LEVELS)):
            if key not in data:
                continue
            v = data[key]
            if v in choices:
                setattr(self, key, v)
            elif isinstance(v, str) and v.isascii() and v.isidentifier() and len(v) <= 32:
                # a choice a newer version offers: kept in the file while unchanged here
                self._kept[key], self._loaded[key] = v, getattr(self, key)
                log.info("settings: %s %r is not offered by this version; %r is used", key, v, getattr(self, key))
            else:
                fixed.append((key, v, getattr(self, key)))
        if "volume" in data:
            v = data["volume"]
            if _is_number(v) and 0 <= v <= 1:
                self.volume = float(v)
            elif _is_number(v):
                self.volume = min(1.0, max(0.0, float(v)))
                fixed.append(("volume", v, self.volume))
            else:
                fixed.append(("volume", v, self.volume))
        if "window_size" in data:               # not the player's choice: ignored quietly if bad
            v = data["window_size"]
            if whole_size(v) is not None:
                self.window_size = list(whole_size(v))
            elif v is not None:
                log.info("settings: window_size %.40r ignored", v)
        if "setups" in data:                    # not typed by the player: a damaged part is dropped quietly
            self.setups = _read_setups(data["setups"])
        if "player_names" in data:
            v = data["player_names"]
            if isinstance(v, list) and all(isinstance(n, str) for n in v):
                names = [textsafe.name_or(n, "", max_len=NAME_MAX) for n in (v + ["", ""])[:2]]
                cleaned = any(textsafe.sanitize(n) != n for n in v[:2])
                if names != (v + ["", ""])[:2] and not cleaned:
                    log.info("settings: player names shortened or trimmed")
                self.player_names = names
            else:
                fixed.append(("player_names", v, self.player_names))
        if fixed:
            self._tell_fixed(fixed)
        return fixed, cleaned

    def _tell_fixed(self, fixed: list) -> None:
        def show(v) -> str:
            text = repr(v) if not isinstance(v, str) else v
            return textsafe.clean_name(text, max_len=24, allow_empty=True) or "…"

        def sentence() -> str:
            parts = []
            for key, was, now in fixed:
                if key == "volume" and _is_number(was):
                    parts.append(_("the volume was out of range and is now {now} %").format(now=round(now * 100)))
                else:
                    parts.append(_("“{setting}” held {was}, which cannot be used").format(
                        setting=_label(key), was=show(was)))
            return _("Some settings were corrected: {what}.").format(what="; ".join(parts))
        self._tell(sentence, "corrected " + ", ".join(f"{k}={w!r:.40}" for k, w, _n in fixed))

    # ------------------------------------------------------------------ each game's setup
    def setup_of(self, game_id: str) -> dict:
        """What ``game_id``'s setup screen chose last: a copy of ``{"level", "seat",
        "options"}``, any part missing ({} for a game never set up). The level may be
        one the game does not offer (a newer version's): the caller maps it
        (:func:`ludotheque.menu.offered_level`)."""
        got = self.setups.get(game_id, {})
        return {k: (dict(v) if isinstance(v, dict) else v) for k, v in got.items()}

    def remember_setup(self, game_id: str, level: str | None = None, seat: int | None = None,
                       options: dict | None = None) -> None:
        """Keep ``game_id``'s setup choices (not saved: call :meth:`save`). ``level``
        None forgets the game's own level (it then opens with :attr:`ai_level`);
        ``seat`` and ``options`` None leave what was kept; ``options`` are merged into
        those kept (an option the mode did not offer keeps its last value).

        :raises ValueError: ``seat`` not in :data:`SETUP_SEATS`."""
        if seat is not None and seat not in SETUP_SEATS:
            raise ValueError(f"seat must be one of {SETUP_SEATS}, not {seat!r}")
        entry = dict(self.setups.get(game_id, {}))
        if level is None:
            entry.pop("level", None)
        else:
            entry["level"] = level
        if seat is not None:
            entry["seat"] = seat
        if options:
            entry["options"] = {**entry.get("options", {}), **_scalars(options)}
        self.setups = {**self.setups, game_id: entry}

    def give_level_to_every_game(self, level: str) -> None:
        """The Settings screen's "Default computer level": ``level`` becomes the default
        and every game's setup opens with it (the level each game kept is forgotten;
        not saved: call :meth:`save`)."""
        self.ai_level = level
        self.setups = {gid: {k: v for k, v in entry.items() if k != "level"}
                       for gid, entry in self.setups.items()}

    # ------------------------------------------------------------------ language of this session
    def use_language_for_session(self, lang: str) -> None:
        """Show ``lang`` for this session only (``--lang``): :attr:`language` becomes
        ``lang`` but :meth:`save` keeps writing the stored language — until the player
        picks a language in the settings screen (any later assignment to ``language``),
        which is then remembered as usual.

        :raises ValueError: ``lang`` is not one of :data:`LANGUAGES`.
        """
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}")
        if self._session_language is None:
            self._stored_language = self._kept.get("language", self.language)
        self._setting_session = True
        try:
            self._session_language = lang
            self.language = lang
        finally:
            self._setting_session = False

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict:
        """The stored part as a JSON-able dict: the known settings, the keys this version
        does not know (as read), and the schema version."""
        out = dict(self._extra)
        for key in self._STORED:
            value = getattr(self, key)
            if key in self._kept and value == self._loaded.get(key):
                value = self._kept[key]                  # unchanged here: keep the newer version's choice
            out[key] = list(value) if isinstance(value, list) else value
        if self._session_language is not None:
            out["language"] = self._stored_language     # --lang: this session only
        out["schema"] = self._schema
        return out

    def save(self) -> bool:
        """Write the settings atomically.

        :returns: False when they cannot be written (said once to the player and in the
            log; every later change tries again, and success is logged)."""
        if self.path is None:
            return False
        try:
            storage.write_json(self.path, self.to_dict())
        except OSError as exc:
            if not self._save_failed:
                self._save_failed = True
                f = storage.failure(exc)
                self._tell(lambda: _("Your settings are not remembered: {cause}.").format(cause=f.cause),
                           f"not saved: {exc}")
            return False
        if self._save_failed:
            self._save_failed = False
            log.info("settings saved again")
        return True
