"""Is there a screen to open a window on? Asked before SDL starts, so the player gets one
true sentence instead of a traceback or a wrong guess.

On Linux and the BSDs SDL opens its window through an X server (``DISPLAY``) or a Wayland
compositor (``WAYLAND_DISPLAY``, whose socket lives in ``XDG_RUNTIME_DIR``). When neither
answers, SDL falls back to an invisible window (or, with ``SDL_VIDEODRIVER=wayland``,
``set_mode`` raises *wayland not available*), and libwayland prints its own
``XDG_RUNTIME_DIR is invalid`` line first. :func:`diagnose` tells the cases apart by
connecting to the sockets SDL would use (no X or Wayland protocol is spoken: a server
that accepts the connection is taken as there), and :func:`message` says each in one
sentence in the current language.

Pure standard library (``socket``, ``os``); no pygame.
"""

from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass

from . import i18n

_ = i18n.domain("ludotheque")

TIMEOUT = 2.0
"""Seconds a connection attempt may take (a remote X server over a slow network)."""


@dataclass(frozen=True)
class Diagnosis:
    """What :func:`diagnose` found.

    :ivar code: ``"ok"``, ``"asked"`` (an invisible driver was asked for:
        ``SDL_VIDEODRIVER=dummy``/``offscreen``), ``"not-linux"`` (not checked here),
        ``"none"`` (neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` is set),
        ``"x11-silent"`` (``DISPLAY`` is set but no X server answers there),
        ``"wayland-silent"`` (``WAYLAND_DISPLAY`` is set but no compositor answers),
        ``"both-silent"``, ``"driver-x11-silent"`` / ``"driver-wayland-silent"``
        (``SDL_VIDEODRIVER`` asks for X11 / Wayland and it does not answer).
    :ivar display: the ``DISPLAY`` value (or ``""``).
    :ivar wayland: where the Wayland socket was looked for (or ``""``).
    """

    code: str
    display: str = ""
    wayland: str = ""

    @property
    def ok(self) -> bool:
        """True when a window can be tried (SDL may still fail; see :func:`message`)."""
        return self.code in ("ok", "asked", "not-linux")


def _connect_unix(path: str) -> bool:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(TIMEOUT)
    try:
        s.connect(path)
        return True
    except OSError:
        return False
    finally:
        s.close()


def _connect_tcp(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=TIMEOUT):
            return True
    except OSError:
        return False


def x_server_answers(display: str) -> bool:
    """True when an X server accepts a connection for ``display`` (``":0"``,
    ``":1.0"``, ``"unix:0"``, ``"localhost:10.0"``, ``"tcp/host:0"``, or a socket path
    as XQuartz sets it). A value that cannot be parsed answers False."""
    if not display:
        return False
    if display.startswith("/"):  # XQuartz: the whole value is the socket's path
        return _connect_unix(display) or _connect_unix(display.rsplit(".", 1)[0])
    proto, _slash, rest = display.rpartition("/")
    host, colon, num = rest.rpartition(":")
    if not colon:
        return False
    num = num.split(".", 1)[0]
    if not (num.isascii() and num.isdigit()):
        return False
    n = int(num)
    if host in ("", "unix") and proto in ("", "unix", "local"):
        path = f"/tmp/.X11-unix/X{n}"
        return (sys.platform.startswith("linux") and _connect_unix("\0" + path)) or _connect_unix(path)
    return _connect_tcp(host or "localhost", 6000 + n)


def wayland_socket(env) -> str:
    """Where a Wayland client looks for the compositor (libwayland's rule): the
    ``WAYLAND_DISPLAY`` value (default ``wayland-0``) if absolute, else under
    ``XDG_RUNTIME_DIR``; ``""`` when ``XDG_RUNTIME_DIR`` is not set."""
    name = env.get("WAYLAND_DISPLAY") or "wayland-0"
    if name.startswith("/"):
        return name
    runtime = env.get("XDG_RUNTIME_DIR")
    return os.path.join(runtime, name) if runtime else ""


def compositor_answers(env) -> bool:
    """True when a Wayland compositor accepts a connection (or the launcher handed
    one over in ``WAYLAND_SOCKET``)."""
    if env.get("WAYLAND_SOCKET"):
        return True
    path = wayland_socket(env)
    return bool(path) and _connect_unix(path)


def diagnose(env=None, platform: str | None = None) -> Diagnosis:
    """Find out whether SDL can open a visible window here (see :class:`Diagnosis`).

    :param env: the environment (default ``os.environ``).
    :param platform: ``sys.platform`` (default the real one); only Linux and the BSDs
        are checked, elsewhere the answer is ``"not-linux"``.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not (platform.startswith("linux") or "bsd" in platform):
        return Diagnosis("not-linux")
    display = env.get("DISPLAY", "")
    driver = (env.get("SDL_VIDEODRIVER") or "").strip().lower()
    where = wayland_socket(env)
    if driver in ("dummy", "offscreen", "evdev"):
        return Diagnosis("asked", display, where)
    if driver == "x11":
        return Diagnosis("ok" if x_server_answers(display) else "driver-x11-silent", display, where)
    if driver == "wayland":
        return Diagnosis("ok" if compositor_answers(env) else "driver-wayland-silent", display, where)
    if driver:  # kmsdrm, a list of drivers…: let SDL try
        return Diagnosis("ok", display, where)
    has_wayland = bool(env.get("WAYLAND_DISPLAY") or env.get("WAYLAND_SOCKET"))
    if not display and not has_wayland:
        return Diagnosis("none", display, where)
    if display and x_server_answers(display):
        return Diagnosis("ok", display, where)
    if has_wayland and compositor_answers(env):
        return Diagnosis("ok", display, where)
    if display and has_wayland:
        return Diagnosis("both-silent", display, where)
    return Diagnosis("x11-silent" if display else "wayland-silent", display, where)


def message(d: Diagnosis) -> str:
    """One sentence for the player (current language) saying why no window can open;
    ``""`` when :attr:`Diagnosis.ok`."""
    name = d.wayland or _("(XDG_RUNTIME_DIR is not set)")
    return {
        "none": _("Ludothèque needs a screen, and none was found (DISPLAY and WAYLAND_DISPLAY are not set): "
                  "start it from a desktop session, e.g. with its desktop icon."),
        "x11-silent": _("Ludothèque needs a screen: DISPLAY is set to {display}, but no X server answers "
                        "there; start it from a desktop session, or set DISPLAY to a running X server."),
        "wayland-silent": _("Ludothèque needs a screen: WAYLAND_DISPLAY is set, but no Wayland compositor "
                            "answers at {where}; start it from a desktop session."),
        "both-silent": _("Ludothèque needs a screen: neither the X server at DISPLAY={display} nor a Wayland "
                         "compositor at {where} answers; start it from a desktop session."),
        "driver-x11-silent": _("Ludothèque cannot open its window: SDL_VIDEODRIVER asks for X11, but no X "
                               "server answers at DISPLAY={display}; unset SDL_VIDEODRIVER or start it from a "
                               "desktop session."),
        "driver-wayland-silent": _("Ludothèque cannot open its window: SDL_VIDEODRIVER asks for Wayland, but no "
                                   "Wayland compositor answers at {where}; unset SDL_VIDEODRIVER or start it "
                                   "from a Wayland session."),
    }.get(d.code, "").format(display=d.display or '""', where=name)


def window_failed(error: str) -> str:
    """The sentence when SDL could not open a window although a screen answered
    (``error``: SDL's own words, quoted as they are)."""
    return _("Ludothèque cannot open its window; the video system said: {error}").format(
        error=str(error).strip().rstrip(".") + ".")


def refused(d: Diagnosis) -> str:
    """The sentence when a screen answered but SDL could still only open an invisible
    window (the X server refused this user, for example)."""
    return _("Ludothèque cannot open its window: the screen at {where} did not let it in; start it from "
             "a desktop session.").format(where=d.display or d.wayland or '""')
