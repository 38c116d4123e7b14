"""The player's settings, remembered between sessions.

Kept as JSON in ``platformdirs.user_config_dir("ludotheque")/settings.json``, written
atomically (:mod:`ludotheque.storage`). A damaged or foreign file is renamed ``.bad``,
the defaults apply, and :attr:`Settings.problem` holds one sentence that the app shows
once. A read-only or missing folder only means settings are not remembered.
"""

from __future__ import annotations

import locale
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import platformdirs

from . import storage

log = logging.getLogger(__name__)

SCHEMA = 1
LEVELS = ("beginner", "intermediate", "expert")
LANGUAGES = ("fr", "en")


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


@dataclass
class Settings:
    """Every setting a player can change, with its default.

    ``volume`` is 0.0–1.0; ``ai_level`` one of :data:`LEVELS`; ``language`` one of
    :data:`LANGUAGES`. ``path`` is where :meth:`save` writes (None: not remembered).
    """

    language: str = field(default_factory=system_language)
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    player_names: list = field(default_factory=lambda: ["", ""])
    ai_level: str = "intermediate"
    hints: bool = False
    assisted_calc: bool = False
    path: Path | None = field(default=None, repr=False, compare=False)
    problem: str | None = field(default=None, repr=False, compare=False)

    _STORED = ("language", "volume", "muted", "fullscreen", "player_names", "ai_level",
               "hints", "assisted_calc")

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """Read the settings file; never raises.

        A bad file (not JSON, wrong shape, newer schema, symbolic link, too large) is set
        aside as ``.bad`` and reported in :attr:`problem`; values of a wrong type fall back
        one by one to their defaults.
        """
        path = Path(path) if path is not None else config_dir() / "settings.json"
        s = cls(path=path)
        try:
            data = storage.read_json(path)
        except storage.BadFile as exc:
            s._reject(path, str(exc))
            return s
        if data is storage.MISSING:
            return s
        if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
            s._reject(path, f"{path.name} is not a Ludothèque settings file")
            return s
        if data["schema"] > SCHEMA:
            s._reject(path, f"{path.name} comes from a newer version of Ludothèque")
            return s
        s._apply(data)
        return s

    def _reject(self, path: Path, why: str) -> None:
        moved = storage.set_aside(path)
        self.problem = why + (f"; it was kept as {moved.name}" if moved else "")
        log.warning("settings: %s", self.problem)

    def _apply(self, data: dict) -> None:
        checks = {
            "language": lambda v: v in LANGUAGES,
            "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
            "muted": lambda v: isinstance(v, bool),
            "fullscreen": lambda v: isinstance(v, bool),
            "player_names": lambda v: isinstance(v, list) and len(v) == 2
            and all(isinstance(n, str) and len(n) <= 40 for n in v),
            "ai_level": lambda v: v in LEVELS,
            "hints": lambda v: isinstance(v, bool),
            "assisted_calc": lambda v: isinstance(v, bool),
        }
        for name, ok in checks.items():
            if name in data and ok(data[name]):
                setattr(self, name, data[name])

    def to_dict(self) -> dict:
        """The stored part as a JSON-able dict (with the schema version)."""
        out = {k: v for k, v in asdict(self).items() if k in self._STORED}
        out["schema"] = SCHEMA
        return out

    def save(self) -> bool:
        """Write the settings atomically. :returns: False (and logs) if the folder is not writable."""
        if self.path is None:
            return False
        try:
            storage.write_json(self.path, self.to_dict())
            return True
        except OSError as exc:
            log.warning("settings not saved: %s", exc)
            return False
