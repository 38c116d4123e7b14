"""The drawing adapter: scenes draw in 1280×720 **design units**, the canvas puts it on
the window's own pixels (design.md "Runtime conventions", issue 13).

One number, ``scale`` (device px per design unit, as LÖVE's pixel scale or Flutter's
``devicePixelRatio``), maps a design point to the window: ``device = origin + design ×
scale``; ``origin`` centres the 16:9 picture when the window has another shape (black
bands, a *letterbox*). Scenes never see the scale: they call the canvas with design
coordinates and sizes, and the canvas

* rasterises text at the device size (``round(size × scale)`` px, so a glyph's edges
  are one device pixel sharp), keeping the images in a cache keyed by (text, size,
  colour, bold, scale) that is emptied when the scale changes;
* draws shapes (rectangles, circles, lines, polygons, ellipses) at device scale, their
  line widths and corner radii scaled too;
* keeps pictures that do not change (a table, a board, a sprite) as *layers* drawn once
  per scale: :meth:`Canvas.cached` (drawn with canvas calls) and :meth:`Canvas.sprite`
  (built by a function of the scale);
* offers sub-canvases (:meth:`Canvas.sub`, :meth:`Canvas.layer`) for previews and
  translucent shapes, :meth:`Canvas.dim` behind dialogs, and the conversions
  :meth:`Canvas.to_device` / :meth:`Canvas.to_design`.

At scale 1 with no band (a 1280×720 window) every call is the pygame call the shell made
before the canvas existed, with the same arguments: the picture is the same, pixel for
pixel (``tests/ludotheque/test_canvas.py``).

>>> import pygame
>>> c = Canvas.for_surface(pygame.Surface((2560, 1440)))
>>> c.scale, c.to_device(640, 360)
(2.0, (1280.0, 720.0))
>>> c.rect((255, 0, 0), (10, 10, 100, 50), 2, border_radius=8)   # design units
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import ctypes.util
import sys
import weakref

import pygame

from . import theme


def _return_large_blocks_to_the_system() -> None:
    """Have glibc's ``malloc`` serve every block of 128 KiB or more (a layer, a backdrop:
    1.6–14 MB) from its own ``mmap``, given back to the system when freed
    (``mallopt(M_MMAP_THRESHOLD, 128 KiB)``, which also turns off glibc's dynamic
    threshold). Without it, once such a block has been freed glibc raises the threshold
    and the next layers come from the heap, whose freed pages stay resident: a
    computer-against-computer soak (tests/test_soak.py, issue 8) kept ~4 MB per game
    after its layers were let go. Elsewhere (macOS, Windows, musl) nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(-3, 128 * 1024)      # M_MMAP_THRESHOLD (malloc.h)
    except (OSError, AttributeError):     # not glibc
        pass


_return_large_blocks_to_the_system()

DESIGN = (theme.W, theme.H)
"""The design size in design units (the picture every scene lays out in)."""

LAYER_BUDGET = 96 * 1024 * 1024
"""Bytes of cached layers and sprites kept per scale (least recently used go first)."""
TEXT_CACHE = 3000
"""Text images kept (least recently used go first)."""
VERSIONS_KEPT = 4
"""Versions of one large picture kept per scale (least recently used go first): layers
of :data:`VERSION_AREA` design units² or more with the same name (the first item of
their key), size and transparency, e.g. a board at each position, the screen's still
part (:meth:`Canvas.backdrop`) at each turn. Their keys name a state of a game, so most
never come back; kept up to :data:`LAYER_BUDGET`, they made a computer-against-computer
session grow by ~50 MB in 9 minutes of game time (``tests/test_soak.py``, issue 8). Four
covers what one screen shows at once (a dimmed game under a dialog, a win screen and the
board under it, the menu)."""
FILL_ALIGN = 16
"""Device px to which :meth:`Canvas.fill_around` aligns the inner edges of its side parts
(64 bytes of a 32-bit row): filling the band beside a board at 1920×1080 took 1.0 ms
with edges anywhere, 0.29 ms aligned (0.58 → 0.13 ms at 1280×720, 0.84 → 0.57 ms at
2560×1440; /tmp ad-hoc timing, load ~15)."""
VERSION_AREA = 256 * 256
"""Design units² from which a layer counts as a large picture (:data:`VERSIONS_KEPT`);
smaller ones (a glowing cell, a pawn, a die) come from a finite set and stay under
:data:`LAYER_BUDGET` only."""


ALIGN_PX = 16
"""Device px per 64 bytes of a 32-bit surface row (a cache line)."""


def copy(dst: pygame.Surface, src: pygame.Surface, pos, area=None) -> None:
    """``dst.blit(src, pos, area)`` for an opaque copy (``src`` without per-pixel or
    surface alpha or colour key, both 32-bit), pixel for pixel the same, split at the
    first destination column on a 64-byte boundary when ``pos`` is not on one: SDL's
    row copies into a destination row that starts 48 bytes into a cache line measured
    2–3 × slower here (a 1224×1224 board at x = 668 of a 2560 px screen: 1.5–1.9 ms
    against 0.5–0.9 ms split, `pygame-ce 2.5.8`, SDL 2.32). Anything else is blitted as
    it is. ``pos`` in device px; ``area`` a rect of ``src`` (px) or None (all of it)."""
    x, y = pos
    if type(x) is not int or type(y) is not int or x % ALIGN_PX == 0:
        dst.blit(src, pos, area)
        return
    ax, ay, aw, ah = area if area is not None else (0, 0, *src.get_size())
    lead = (-x) % ALIGN_PX
    if (aw < 4 * ALIGN_PX or ah < 8 or src.get_bitsize() != 32 or dst.get_bitsize() != 32
            or src.get_flags() & pygame.SRCALPHA or src.get_alpha() is not None
            or src.get_colorkey() is not None):
        dst.blit(src, (x, y), area)
        return
    dst.blit(src, (x, y), (ax, ay, lead, ah))
    dst.blit(src, (x + lead, y), (ax + lead, ay, aw - lead, ah))


def fit(window: tuple[int, int], design: tuple[int, int] = DESIGN) -> tuple[float, tuple[int, int]]:
    """The scale (device px per design unit) and origin (device px) that fit the
    ``design`` picture whole and centred in a ``window`` of device px.

    >>> fit((1920, 1080))
    (1.5, (0, 0))
    >>> fit((1000, 700))
    (0.78125, (0, 69))
    """
    w, h = window
    scale = min(w / design[0], h / design[1])
    if scale <= 0:
        return 1.0, (0, 0)
    return scale, ((w - round(design[0] * scale)) // 2, (h - round(design[1] * scale)) // 2)


class _Store:
    """The caches of one scale: text images, layers and sprites, translucent veils."""

    def __init__(self, scale: float):
        self.scale = scale
        self.texts: collections.OrderedDict = collections.OrderedDict()
        self.layers: collections.OrderedDict = collections.OrderedDict()
        self.layer_bytes = 0
        self.versions: dict = {}
        """Per large picture (name, size, alpha): the layer keys of its versions kept,
        least recently used first (:data:`VERSIONS_KEPT`)."""
        self.veils: collections.OrderedDict = collections.OrderedDict()
        self.images: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.log: list | None = None
        self.last_backdrop = None
        self.last_region: dict = {}
        self.spares: dict = {}
        """Surfaces of region versions let go, by size, for the next version (a new
        surface of a few MB costs its page faults on the frame that draws it)."""
        """Per region name (:meth:`Canvas.region`): the key it was last drawn with."""

    def text(self, s: str, size: int, color: tuple, bold: bool) -> pygame.Surface:
        key = (s, size, color, bold, self.scale)
        img = self.texts.get(key)
        if img is not None:
            self.texts.move_to_end(key)
            return img
        if self.scale == 1:
            img = theme.rendered(s, size, color, bold)
        else:
            img = theme.render_line(s, max(1, round(size * self.scale)), color, bold)
        self.texts[key] = img
        if len(self.texts) > TEXT_CACHE:
            self.texts.popitem(last=False)
        return img

    @staticmethod
    def _bytes(entry) -> int:
        o = entry.surface if isinstance(entry, Canvas) else entry
        return o.get_width() * o.get_height() * o.get_bytesize()

    def layer(self, key, make, picture=None):
        """The layer or sprite kept under ``key``, made by ``make()`` when missing.
        ``picture``: what ``key`` is a version of (name, design size, alpha), for a large
        layer: at most :data:`VERSIONS_KEPT` versions of it are kept."""
        entry = self.layers.get(key)
        if entry is not None:
            self.layers.move_to_end(key)
            if picture is not None and key in self.versions.get(picture, ()):
                self.versions[picture].move_to_end(key)
            return entry
        entry = make()
        self.layers[key] = entry
        self.layer_bytes += self._bytes(entry)
        if picture is not None:
            kept = self.versions.setdefault(picture, collections.OrderedDict())
            kept[key] = None
            while len(kept) > VERSIONS_KEPT:
                old_key, _ = kept.popitem(last=False)
                old = self.layers.pop(old_key, None)
                if old is not None:
                    self.layer_bytes -= self._bytes(old)
                    # its pixels serve the next version of a region or a backdrop
                    # (both plain opaque surfaces, pooled by size alone)
                    if old_key[0] == "region" or (old_key[0] == "layer" and isinstance(old_key[1], tuple)
                                                  and old_key[1][:1] == ("backdrop",) and not old_key[3]):
                        spares = self.spares.setdefault(old.surface.get_size(), [])
                        if len(spares) < 2:
                            spares.append(old.surface)
        while self.layer_bytes > LAYER_BUDGET and len(self.layers) > 1:
            old_key, old = self.layers.popitem(last=False)
            self.layer_bytes -= self._bytes(old)
            for kept in self.versions.values():
                kept.pop(old_key, None)
        return entry

    def veil(self, size: tuple[int, int], rgba: tuple) -> pygame.Surface:
        key = (size, rgba)
        v = self.veils.get(key)
        if v is None:
            v = pygame.Surface(size, pygame.SRCALPHA)
            v.fill(rgba)
            self.veils[key] = v
            if len(self.veils) > 64:
                self.veils.popitem(last=False)
        else:
            self.veils.move_to_end(key)
        return v


_DEFAULT_STORE = _Store(1.0)
_STORES: collections.OrderedDict = collections.OrderedDict()
KEPT_SCALES = 2
"""Scales whose caches are kept besides scale 1 (F11 back and forth redraws at once)."""


def _store_for(scale: float) -> _Store:
    if scale == 1:
        return _DEFAULT_STORE
    store = _STORES.get(scale)
    if store is None:
        store = _STORES[scale] = _Store(scale)
        while len(_STORES) > KEPT_SCALES:
            _STORES.popitem(last=False)
    else:
        _STORES.move_to_end(scale)
    return store


class Canvas:
    """A drawing target in design units over a pygame surface in device pixels.

    :param surface: the device surface drawn on (the window's, a layer's, an image's).
    :param scale: device px per design unit (> 0).
    :param origin: device px of the design point (0, 0).
    :param size: the design size of the drawable area (design units), by default the
        surface's size divided by ``scale``.

    Colours are RGB or RGBA tuples. An RGBA colour with alpha below 255 in :meth:`fill`
    is blended over what is there; in the shape calls it is written as is (with its
    alpha, on a layer made with ``alpha=True``), as pygame.draw does.
    """

    def __init__(self, surface: pygame.Surface, scale: float = 1.0, origin=(0, 0),
                 size: tuple[float, float] | None = None, _store: _Store | None = None):
        if scale <= 0:
            raise ValueError(f"the scale must be positive, not {scale}")
        self.surface = surface
        self.scale = float(scale)
        self.origin = (int(origin[0]), int(origin[1]))
        if size is None:
            size = (surface.get_width() / self.scale, surface.get_height() / self.scale)
        self.size = size
        if _store is None:
            _store = _store_for(self.scale)
        self._store = _store
        self._id = self.scale == 1 and self.origin == (0, 0)
        self._alpha = bool(surface.get_flags() & pygame.SRCALPHA)

    # ------------------------------------------------------------------ building
    @classmethod
    def for_surface(cls, surface: pygame.Surface, design: tuple[int, int] = DESIGN) -> "Canvas":
        """A canvas showing the ``design`` picture fitted whole in ``surface`` (a window):
        scale and letterbox origin from :func:`fit`."""
        scale, origin = fit(surface.get_size(), design)
        return cls(surface, scale, origin, design)

    def retarget(self, surface: pygame.Surface, design: tuple[int, int] = DESIGN) -> bool:
        """Draw on ``surface`` from now on (the window was resized or went full screen),
        fitted as :meth:`for_surface`. Text images, layers and sprites are cached per
        scale: at a new scale they are made again (the caches of the last
        :data:`KEPT_SCALES` scales are kept). :returns: True when the scale or origin
        changed."""
        scale, origin = fit(surface.get_size(), design)
        changed = (scale, origin) != (self.scale, self.origin)
        if scale != self.scale:
            self._store = _store_for(scale)
        self.surface, self.scale, self.origin, self.size = surface, scale, origin, design
        self._id = self.scale == 1 and self.origin == (0, 0)
        self._alpha = bool(surface.get_flags() & pygame.SRCALPHA)
        return changed

    # ------------------------------------------------------------------ geometry
    @property
    def identity(self) -> bool:
        """True at scale 1 with no band (a 1280×720 window): every call is the plain
        pygame call."""
        return self._id

    @property
    def bounds(self) -> pygame.Rect:
        """The drawable area, design units: ``Rect(0, 0, width, height)``."""
        return pygame.Rect(0, 0, round(self.size[0]), round(self.size[1]))

    @property
    def device_bounds(self) -> pygame.Rect:
        """Where the design area lies on the surface, device px."""
        return self.device_rect(self.bounds)

    def to_device(self, x: float, y: float) -> tuple[float, float]:
        """A design point → device px (floats)."""
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale

    def to_design(self, px: float, py: float) -> tuple[float, float]:
        """A device point (px) → design units (floats; outside the design area when the
        point is in a letterbox band)."""
        return (px - self.origin[0]) / self.scale, (py - self.origin[1]) / self.scale

    def device_rect(self, rect) -> pygame.Rect:
        """A design rectangle → the device rectangle (px) it covers: each edge rounded to
        the nearest pixel, so rectangles that touch in design units touch on screen."""
        x, y, w, h = _xywh(rect)
        s, (ox, oy) = self.scale, self.origin
        left, top = round(ox + x * s), round(oy + y * s)
        return pygame.Rect(left, top, round(ox + (x + w) * s) - left, round(oy + (y + h) * s) - top)

    def px(self, length: float) -> int:
        """A design length → whole device px (at least 1 for a positive length)."""
        if length <= 0:
            return 0
        return max(1, round(length * self.scale))

    def device_size(self, size) -> tuple[int, int]:
        """A design size → device px (each at least 1)."""
        return max(1, round(size[0] * self.scale)), max(1, round(size[1] * self.scale))

    def _pt(self, p) -> tuple[float, float]:
        return self.origin[0] + p[0] * self.scale, self.origin[1] + p[1] * self.scale

    def _w(self, width: float) -> int:
        return max(1, round(width * self.scale)) if width > 0 else 0

    # ------------------------------------------------------------------ shapes
    def fill(self, color, rect=None) -> None:
        """Fill ``rect`` (design units; the whole design area when None) with ``color``.
        On an opaque surface an RGBA colour with alpha < 255 is blended over what is
        drawn there; on a layer with alpha it is written as is (``(0, 0, 0, 0)`` clears)."""
        alpha = color[3] if len(color) > 3 else 255
        if self._id and (alpha >= 255 or self._alpha):
            self.surface.fill(color, rect)
            return
        if self._id:
            target = pygame.Rect(rect) if rect is not None else self.surface.get_rect()
        else:
            target = self.device_rect(rect if rect is not None else self.bounds)
        if alpha >= 255 or self._alpha:
            self.surface.fill(color, target)
        elif alpha > 0 and target.width > 0 and target.height > 0:
            self.surface.blit(self._store.veil(target.size, tuple(color)), target)

    def fill_around(self, color, rect) -> None:
        """Fill the whole design area with opaque ``color`` except ``rect`` (design units),
        which something opaque is about to cover: the same picture as a full fill, with
        fewer pixels written (a board or table layer is then blitted there). Up to
        :data:`FILL_ALIGN` − 1 device px inside ``rect`` beside its left and right edges
        may be filled too."""
        r = pygame.Rect(rect) if self._id else self.device_rect(rect)
        full = self.surface.get_rect() if self._id else self.device_bounds
        r = r.clip(full)
        # the side parts reach into ``rect`` up to a multiple of FILL_ALIGN px: SDL fills
        # rows that start and end there 2-4 times faster (same picture: rect is covered)
        left = min(r.right, r.left + (-r.left) % FILL_ALIGN)
        right = max(left, r.right - r.right % FILL_ALIGN)
        for part in (pygame.Rect(full.left, full.top, full.width, r.top - full.top),
                     pygame.Rect(full.left, r.bottom, full.width, full.bottom - r.bottom),
                     pygame.Rect(full.left, r.top, left - full.left, r.height),
                     pygame.Rect(right, r.top, full.right - right, r.height)):
            if part.width > 0 and part.height > 0:
                self.surface.fill(color, part)

    def rect(self, color, rect, width: float = 0, border_radius: float = 0) -> None:
        """pygame.draw.rect in design units (``width`` and ``border_radius`` too)."""
        if self._id:
            pygame.draw.rect(self.surface, color, rect, width, border_radius=border_radius)
            return
        r = self.device_rect(rect)
        pygame.draw.rect(self.surface, color, r, self._w(width),
                         border_radius=round(border_radius * self.scale) if border_radius > 0 else border_radius)

    def circle(self, color, center, radius: float, width: float = 0) -> None:
        """pygame.draw.circle in design units."""
        if self._id:
            pygame.draw.circle(self.surface, color, center, radius, width)
            return
        pygame.draw.circle(self.surface, color, self._pt(center), radius * self.scale, self._w(width))

    def line(self, color, start, end, width: float = 1) -> None:
        """pygame.draw.line in design units."""
        if self._id:
            pygame.draw.line(self.surface, color, start, end, width)
            return
        pygame.draw.line(self.surface, color, self._pt(start), self._pt(end), self._w(width))

    def lines(self, color, closed: bool, points, width: float = 1) -> None:
        """pygame.draw.lines in design units."""
        if self._id:
            pygame.draw.lines(self.surface, color, closed, points, width)
            return
        pygame.draw.lines(self.surface, color, closed, [self._pt(p) for p in points], self._w(width))

    def polygon(self, color, points, width: float = 0) -> None:
        """pygame.draw.polygon in design units."""
        if self._id:
            pygame.draw.polygon(self.surface, color, points, width)
            return
        pygame.draw.polygon(self.surface, color, [self._pt(p) for p in points], self._w(width))

    def ellipse(self, color, rect, width: float = 0) -> None:
        """pygame.draw.ellipse in design units."""
        if self._id:
            pygame.draw.ellipse(self.surface, color, rect, width)
            return
        pygame.draw.ellipse(self.surface, color, self.device_rect(rect), self._w(width))

    def panel(self, rect, color=theme.PANEL, radius: float = 14, border=None) -> None:
        """A rounded panel with an optional 2-unit border (:func:`ludotheque.theme.panel`)."""
        self.rect(color, rect, border_radius=radius)
        if border:
            self.rect(border, rect, 2, border_radius=radius)

    def dim(self, alpha: int = 150) -> None:
        """Darken the whole design area (behind a dialog or the pause menu)."""
        if self._id:
            self.surface.blit(theme._veil(self.surface.get_size(), alpha), (0, 0))
            return
        r = self.device_bounds
        self.surface.blit(self._store.veil(r.size, (10, 12, 16, alpha)), r)

    # ------------------------------------------------------------------ text
    def text_image(self, s: str, size: int = theme.BODY, color=theme.TEXT, bold: bool = False) -> pygame.Surface:
        """The anti-aliased image of one line of text rasterised for this scale (device
        px, cached by text, size, colour, bold and scale)."""
        return self._store.text(s, size, tuple(color), bold)

    def text(self, s: str, pos, size: int = theme.BODY, color=theme.TEXT, anchor: str = "topleft",
             bold: bool = False, shadow: bool = False) -> pygame.Rect:
        """Draw one line of text at design ``pos``; ``anchor`` is a Rect attribute name
        (``"center"``, ``"midtop"``…); ``size`` in design px. The glyphs are rasterised at
        ``size × scale`` device px. :returns: the rectangle drawn, design units."""
        color = tuple(color)
        img = self._store.text(s, size, color, bold)
        if self._store.log is not None:
            self._store.log.append((s, size, color, bold))
        if self._id:
            rect = img.get_rect(**{anchor: pos})
            if shadow:
                self.surface.blit(self._store.text(s, size, theme.SHADOW, bold), rect.move(2, 2))
            self.surface.blit(img, rect)
            return rect
        dx, dy = self._pt(pos)
        rect = img.get_rect(**{anchor: (round(dx), round(dy))})
        if shadow:
            off = self.px(2)
            self.surface.blit(self._store.text(s, size, theme.SHADOW, bold), rect.move(off, off))
        self.surface.blit(img, rect)
        s_ = self.scale
        x, y = self.to_design(rect.x, rect.y)
        return pygame.Rect(round(x), round(y), round(rect.width / s_), round(rect.height / s_))

    def paragraph(self, s: str, rect, size: int = theme.BODY, color=theme.TEXT, line_gap: int = 4,
                  skip_lines: int = 0) -> int:
        """Wrapped text inside ``rect`` (design units) from its top, skipping the first
        ``skip_lines`` (:func:`ludotheque.theme.paragraph`). :returns: the number of
        wrapped lines (for scrolling)."""
        rect = pygame.Rect(rect)
        lines = theme.wrap(s, size, rect.width)
        y = rect.top
        step = theme.font(size).get_linesize() + line_gap
        for line in lines[skip_lines:]:
            if y + step > rect.bottom:
                break
            if line:
                self.text(line, (rect.left, y), size, color)
            y += step
        return len(lines)

    @contextlib.contextmanager
    def recording(self):
        """Within ``with canvas.recording() as texts:``, every line of text drawn on this
        canvas (and its layers) is listed in ``texts`` as ``(text, size, colour, bold)``:
        what a test reads to know what a screen says. Cached layers are drawn afresh
        meanwhile (not kept), so texts inside them are listed too."""
        before, self._store.log = self._store.log, []
        try:
            yield self._store.log
        finally:
            self._store.log = before

    # ------------------------------------------------------------------ images
    def blit(self, image, pos, anchor: str = "topleft", special_flags: int = 0, area=None) -> None:
        """Draw a device-resolution ``image`` made for this scale — a
        :meth:`sprite`, or a :class:`Canvas` layer (:meth:`cached`, :meth:`layer`) — with
        its ``anchor`` at design ``pos``; ``area``: only that part of a layer (a design
        rectangle in the layer's own units), put at ``pos``."""
        if area is not None:
            layer = image
            src = layer.device_rect(area) if not layer._id else pygame.Rect(area)
            if not self._id:
                dx, dy = self._pt(pos)
                pos = (round(dx), round(dy))
            if special_flags:
                self.surface.blit(layer.surface, pos, src, special_flags)
            else:
                copy(self.surface, layer.surface, pos, src)
            return
        surf = image.surface if isinstance(image, Canvas) else image
        if self._id:
            if anchor == "topleft" and special_flags:
                self.surface.blit(surf, pos, special_flags=special_flags)
                return
            at = pos if anchor == "topleft" else surf.get_rect(**{anchor: pos}).topleft
        else:
            dx, dy = self._pt(pos)
            at = surf.get_rect(**{anchor: (round(dx), round(dy))}).topleft
        if special_flags:
            self.surface.blit(surf, at, special_flags=special_flags)
        else:
            copy(self.surface, surf, at)

    def image(self, image: pygame.Surface, pos, anchor: str = "topleft") -> None:
        """Draw a design-resolution ``image`` (1 px = 1 design unit, e.g. an icon),
        smooth-scaled to this scale once (cached while the image lives)."""
        if self.scale != 1:
            scaled = self._store.images.get(image)
            if scaled is None:
                scaled = pygame.transform.smoothscale(image, self.device_size(image.get_size()))
                self._store.images[image] = scaled
            image = scaled
        self.blit(image, pos, anchor)

    def layer(self, size, alpha: bool = False) -> "Canvas":
        """A new off-screen canvas of design ``size`` at this scale (its own device
        surface, transparent when ``alpha``), to draw on and :meth:`blit`."""
        dev = (int(size[0]), int(size[1])) if self.scale == 1 else self.device_size(size)
        surf = pygame.Surface(dev, pygame.SRCALPHA) if alpha else pygame.Surface(dev)
        return Canvas(surf, self.scale, (0, 0), (size[0], size[1]), self._store)

    def cached(self, key, size, draw, alpha: bool = False) -> "Canvas":
        """A layer of design ``size`` drawn once per scale by ``draw(layer)`` (canvas
        calls in the layer's own design units, from (0, 0)) and kept under ``key`` (any
        hashable naming what is drawn: a table, a board and the position on it…)."""
        def make():
            layer = self.layer(size, alpha)
            draw(layer)
            return layer
        if self._store.log is not None:          # recording: drawn afresh, every text seen
            return make()
        picture = None
        if size[0] * size[1] >= VERSION_AREA:    # a large picture: its versions are bounded
            picture = (key[0] if isinstance(key, tuple) and key else key, tuple(size), alpha)
        return self._store.layer(("layer", key, tuple(size), alpha), make, picture)

    def sprite(self, key, build) -> pygame.Surface:
        """A device-resolution image made once per scale by ``build(scale)`` (e.g. a pawn
        drawn large and smooth-scaled) and kept under ``key``; draw it with :meth:`blit`."""
        return self._store.layer(("sprite", key), lambda: build(self.scale))

    def backdrop(self, key, draw, opaque: bool = False, lasting: bool = False) -> None:
        """Draw the whole design area's still part (what lies under a win panel, a
        menu's tiles) with ``draw(canvas)``, kept as a layer under ``key``: the first
        frame with a new ``key`` draws straight on this canvas (no layer to fill and copy
        on the frame that changes); the next with the same ``key`` keeps it as a layer,
        and the frames after blit that layer. Backdrops are versions of one picture: the
        :data:`VERSIONS_KEPT` last drawn are kept; the layer of a new version takes the
        surface of a dropped one when there is one (a new surface of several MB costs its
        page faults and zeroing on the frame that makes it).

        ``opaque``: ``draw`` covers the whole design area with opaque pixels, so a
        dropped version's surface is drawn on as it is, not cleared first.

        ``lasting`` (with ``opaque``): each version is shown for several frames (a board
        game's still, new at each turn): the first frame with a new ``key`` draws straight
        and at once copies what it drew into the version's layer (one copy of the screen,
        before anything is drawn over it), so the next frame only blits the layer instead
        of drawing the picture a second time, into the layer; the layer is what was shown,
        pixel for pixel."""
        store = self._store
        full = ("layer", ("backdrop", key), tuple(self.size), False)
        picture = ("backdrop", tuple(self.size), False)
        if store.log is not None:                # recording: drawn afresh, every text seen
            self.blit(self.cached(("backdrop", key), self.size, draw), (0, 0))
        elif full in store.layers or store.last_backdrop == key:
            def make():                          # the second frame: drawn into a layer
                layer = self._backdrop_layer(clear=not opaque)
                draw(layer)
                return layer
            self.blit(store.layer(full, make, picture), (0, 0))
        elif lasting and opaque:
            draw(self)

            def kept():                          # what was just drawn, copied off the screen
                layer = self._backdrop_layer(clear=False)
                x, y = (round(v) for v in self.to_device(0, 0))     # where blit puts it
                layer.surface.blit(self.surface, (0, 0), (x, y, *layer.surface.get_size()))
                return layer
            store.layer(full, kept, picture)
        else:
            draw(self)
        store.last_backdrop = key

    def _backdrop_layer(self, clear: bool) -> "Canvas":
        """A layer of the design area for a backdrop: the surface of a dropped version
        when there is one (black again when ``clear``, as a new one), else a new one."""
        size = (int(self.size[0]), int(self.size[1])) if self.scale == 1 else self.device_size(self.size)
        surf = self._region_surface(size, clear)
        return Canvas(surf, self.scale, (0, 0), (self.size[0], self.size[1]), self._store)

    def region(self, key, rect, draw, lasting: bool = False) -> None:
        """Draw the still picture of the design ``rect`` (a band of the screen: a HUD, a
        table) with ``draw(canvas)`` — drawing in this canvas's own design coordinates,
        everything outside ``rect`` cut off — kept as a layer under ``key`` (a tuple whose
        first item names the region). As :meth:`backdrop`, the first frame with a new
        ``key`` draws straight on this canvas (a key that changes every frame, e.g. a
        camera panning, costs no layer); the next with the same key keeps the layer, and
        the frames after only blit it. The :data:`VERSIONS_KEPT` last versions of each
        region are kept. At scale 1 the picture is the same pixel for pixel as drawing
        straight; at other scales a primitive exactly half-way between two device pixels
        may round to the other one (the layer's origin is a whole pixel away).

        ``lasting``: each version is shown for several frames, or comes back (a panel
        that shows whose turn it is); ``draw`` covers ``rect`` with opaque pixels, or
        draws over a picture beneath that ``key`` also names (a card's numbers over the
        card). The first frame with a new ``key`` draws straight and at once copies what
        is then in ``rect`` into the version's layer, so every later frame with that
        key, next or not, only copies the layer (what was shown, pixel for pixel); the
        :data:`VERSIONS_KEPT` last versions are kept, whatever their size."""
        r = self.device_rect(rect).clip(self.surface.get_clip())
        if r.width <= 0 or r.height <= 0:
            return
        store = self._store
        name = key[0] if isinstance(key, tuple) and key else key
        full = ("region", key, tuple(r))
        layer = store.layers.get(full)
        fresh = layer is None and store.last_region.get(name) != key
        if store.log is not None or fresh:
            clip = self.surface.get_clip()
            self.surface.set_clip(r)
            try:
                draw(self)
            finally:
                self.surface.set_clip(clip)
        if store.log is None and fresh and lasting:  # lasting: drawn straight, then kept

            def kept():
                surf = self._region_surface((r.right, r.bottom) if self._id else r.size, False)
                surf.blit(self.surface, r.topleft if self._id else (0, 0), r)
                return self._region_canvas(surf, r)
            store.layer(full, kept, ("region", name, r.size))
        elif store.log is None and not fresh:
            def make():
                surf = self._region_surface((r.right, r.bottom) if self._id else r.size, True)
                lay = self._region_canvas(surf, r)
                surf.set_clip(pygame.Rect(0, 0, r.width, r.height) if not self._id else r)
                draw(lay)
                return lay
            picture = None
            if r.width * r.height >= VERSION_AREA * self.scale * self.scale:
                picture = ("region", name, r.size)
            layer = store.layer(full, make, picture)
            if self._id:
                copy(self.surface, layer.surface, r.topleft, r)
            else:
                copy(self.surface, layer.surface, r.topleft)
        store.last_region[name] = key

    def _region_surface(self, size, clear: bool) -> pygame.Surface:
        """A surface for a region's or a backdrop's layer: a dropped version's of that
        size when there is one (black again when ``clear``), else a new one."""
        spares = self._store.spares.get(size)
        if spares:
            surf = spares.pop()
            surf.set_clip(None)
            if clear:
                surf.fill((0, 0, 0))
            return surf
        return pygame.Surface(size)

    def _region_canvas(self, surf: pygame.Surface, r: pygame.Rect) -> "Canvas":
        """The canvas of a region's layer ``surf`` for device rect ``r``: at identity the
        same geometry as this canvas (exact), else with the region's corner at (0, 0)."""
        if self._id:
            return Canvas(surf, 1.0, (0, 0), self.size, self._store)
        return Canvas(surf, self.scale, (self.origin[0] - r.x, self.origin[1] - r.y), self.size, self._store)

    def sub(self, rect) -> "Canvas":
        """A canvas drawing inside design ``rect`` only, with its design (0, 0) at the
        rectangle's top-left (a preview in a menu tile)."""
        dr = self.device_rect(rect).clip(self.surface.get_rect())
        x, y, w, h = _xywh(rect)
        return Canvas(self.surface.subsurface(dr), self.scale, (0, 0), (w, h), self._store)

    def clip(self, rect=None) -> None:
        """Limit drawing to design ``rect`` (None: the whole design area)."""
        self.surface.set_clip(self.device_rect(rect) if rect is not None else self.device_bounds)

    @contextlib.contextmanager
    def clipped(self, rect):
        """Within ``with canvas.clipped(rect):`` drawing is limited to design ``rect`` and
        to the clip already set (the two intersected); the clip before is restored after."""
        before = self.surface.get_clip()
        self.surface.set_clip(self.device_rect(rect).clip(before))
        try:
            yield
        finally:
            self.surface.set_clip(before)


def _xywh(rect):
    if isinstance(rect, (pygame.Rect, pygame.FRect)):
        return rect.x, rect.y, rect.width, rect.height
    if len(rect) == 2:
        (x, y), (w, h) = rect
        return x, y, w, h
    return rect[0], rect[1], rect[2], rect[3]


def as_canvas(target) -> Canvas:
    """``target`` itself when it is a :class:`Canvas`; a scale-1 canvas over it when it is
    a pygame surface (design units = its pixels), so drawing code written for the canvas
    also draws on a plain surface (a test's, a launcher icon's)."""
    if isinstance(target, Canvas):
        return target
    if isinstance(target, pygame.Surface):
        return Canvas(target, 1.0, (0, 0), target.get_size(), _DEFAULT_STORE)
    raise TypeError(f"cannot draw on {type(target).__name__}")


__all__ = ["Canvas", "DESIGN", "as_canvas", "fit"]
