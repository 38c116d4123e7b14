"""Mississippi puck physics on pymunk (rules M-P1…M-P7), a pure module (no pygame).

World units: millimetres (mm), seconds (s), grams (g); so speeds are mm/s, forces
g·mm/s² and torques g·mm²/s². Table coordinates are those of :mod:`mississippi.table`
(x along the table 0…3770 mm, y across 0…495 mm). Angles are radians, spins rad/s.

The model
=========

* **Table friction (M-P1)** is Coulomb friction made with pymunk's top-down technique
  (``examples/tank.py``): every puck is tied to ``space.static_body`` by a
  :class:`pymunk.PivotJoint` (anchor at the centre of mass) with ``max_bias = 0`` (no
  position correction) and ``max_force = μ·m·g``. A sliding puck therefore loses exactly
  ``μ·g·h`` of speed per sub-step of ``h`` seconds — constant deceleration — and stops
  for real. ``Space.damping`` is never used (it only decays exponentially and never
  stops). **Spin** decays by the torque of the same friction under a flat disc,
  ``(2/3)·μ·m·g·R`` (uniform pressure), i.e. ``4μg/(3R)`` rad/s²: applied at the rest
  checks, every 8 sub-steps (1/30 s), to every spinning puck not in free fall, in one
  batch call. (A :class:`pymunk.GearJoint` per puck did it every sub-step but cost 30 %
  of a 16-puck break; spin changes nothing else in this model, where a puck's sliding
  and turning are independent.)
* **Contacts (M-P2)**: puck–puck restitution *falls with impact speed* as wood
  compresses more in a harder hit: :func:`wood_restitution` gives ``e(v)`` from the
  normal relative speed ``v`` the pair has just before the contact — the law
  ``e ∝ v^(-1/4)`` of impacts beyond the elastic limit (Johnson, *Contact Mechanics*,
  1985, §11.4), anchored at e = 0.60 for a wooden ball dropped 1 m (4.43 m/s) on a hard
  floor and kept within 0.30…0.95 (M-P2); ``docs/mississippi-physics.md`` has the table.
  The contact's ``begin`` handler sets :attr:`pymunk.Arbiter.restitution` from the
  bodies' velocities before Chipmunk computes the contact's target bounce
  (``cpArbiterPreStep``), so each contact bounces with the e of its own approach speed;
  the later sub-steps of a lasting contact get the shapes' product, ``restitution_max``
  (slow approaches). Puck–rail restitution is the constant ``rail_restitution`` (0.60):
  pucks carry elasticity ``√e_max`` and friction ``√f_pp``, rails ``e_rail / √e_max`` and
  ``f_rail / √f_pp``, and pymunk multiplies them.
* **Rails, end boards (M-P5)** are 100 mm thick static boxes; a puck at the 6 m/s launch
  cap moves 25 mm per 1/240 s sub-step, far less than a board's thickness or a puck's
  diameter (76 mm), so nothing tunnels. Speeds are clamped to the launch cap.
* **Layers**: a puck on the table top and a puck in a gutter are at different heights
  (the gutter is 63.5 mm deep, a puck 23 mm thick, M-T6/M-T7), so they never touch;
  pymunk shape filters keep two layers. Rails and end boards stand in both layers; a
  *gutter wall* (the face of the table top above the gutter floor) exists only in the
  gutter layer so a puck in a gutter never climbs back.
* **Gutter drop (M-P3)**: a puck drops as soon as its **centre** passes a gutter edge line.
  Decision: it then falls freely for ``√(2·depth/g)`` ≈ 0.114 s (no friction, it is in
  the air) and afterwards slides on the gutter floor with the same μ (the gutter floor is
  the same varnished wood). It keeps moving across the gutter until it stops or meets the
  end board.
* **Off the table (M-P4)**: a puck that meets an end board with ``|vx| > v_off`` (default
  3500 mm/s) flies over it: it is removed from the space and reported ``off_table``.
  Slower pucks bounce off the end board (restitution as a rail) and stay in the gutter.
* **Standing puck (M-P6)**: a 76 × 23 mm box (the face's diameter along ``angle``) that
  does not slide until touched. The first step in which anything pushes it, it topples:
  the box is replaced by an ordinary flat disc on the same body, keeping the linear
  momentum it received (and its angular momentum, so the spin is rescaled for the disc's
  moment of inertia).
* **Rest (M-P7)**: every puck slower than 5 mm/s and spinning slower than 5 mm/s at the
  rim, no puck falling into a gutter. Chipmunk never puts a body to sleep by itself
  (``Space.sleep_time_threshold`` stays infinite); only parking does, below.

Performance (design.md: ≥ 500× real time): pucks at rest are *parked* — their friction
joint is taken out of the space (it contributes nothing while the puck is still, but costs
solver time) — and put to sleep in Chipmunk (``Body.sleep()``, with the space's sleep
threshold made finite just for that call): a sleeping body leaves the position and
velocity integration, its shape moves from the dynamic BB tree to the static one, and
pairs of sleeping pucks are never checked. A parked puck never touches another puck, so
anything that moves it starts a new contact; that contact's ``begin`` callback wakes it
(``cpBodyActivate``: Chipmunk wakes it when the collision pass ends, before the solver)
and unparks it, and the friction the joint would have applied during that first sub-step
(at most ``μ·g·h`` of speed) is subtracted at once. Chipmunk does not solve a sleeping
body's resting contacts, so a parked puck within 40.5 mm of a rail, end board or gutter
wall stays awake (``World._wall_free``); and every kind of contact with a puck that may
sleep has a ``begin`` that wakes it (puck–puck, puck–standing, standing–standing). The solver runs ``params.iterations`` (10) passes only in sub-steps where a puck
touches a puck or a wall, and 1 pass otherwise (:class:`_Touching`: the friction joints
are then independent and one pass solves each; outcomes are bit for bit those of 10).
Puck–puck and puck–wall ``begin`` and ``separate`` come straight from Chipmunk (no pymunk
``Arbiter`` per contact); the sub-steps between two rest checks run in one Python loop
around Chipmunk's ``cpSpaceStep`` (:meth:`World._advance`); bodies' positions, velocities
and spins are read (and, on awake bodies, written) in Chipmunk's own ``struct cpBody``
(``_body_mem``, layout checked at import); rest checks with at most three unparked pucks
read only those (:meth:`World._check_few`).

Determinism (M-P5): fixed sub-step ``h ≤ 1/240 s``; :meth:`World.step` feeds it from an
accumulator, so a scene's frame rate never changes an outcome. :meth:`World.shoot` rebuilds
the pymunk space from the puck states when every puck is at rest (a reused ``Space`` keeps
cached contacts and does not continue exactly like a fresh one — pymunk issue 181), so the
same shot from the same state gives bit-identical results, whether the world was restored
from a :class:`WorldSnapshot`, in this process or another.

Debug view (for the scene's F3 overlay)
=======================================

Everything is readable from a :class:`World` without touching pymunk:

* :meth:`World.pucks` — every puck's ``id, state, x, y, vx, vy, angle, spin, standing``;
* :meth:`World.contacts` — current contact points (:class:`Contact`: the two parties,
  point, normal, penetration depth);
* :meth:`World.debug_info` — sim time, sub-steps, shot clock, which pucks are parked,
  falling into a gutter or near a gutter edge, ``at_rest``, and the parameters;
* :meth:`World.events_since` / :attr:`World.event_count` — contacts, rail hits, drops,
  overhangs, off-table exits and topples as they happen (for sounds);
* :attr:`World.table` (geometry) and :attr:`World.params` (μ, restitutions, v_off, …).
"""

from __future__ import annotations

import math
import threading
import weakref
from array import array
from dataclasses import asdict, dataclass, field
from typing import Any

import pymunk
import pymunk.batch

from .table import G_MM_S2, LAUNCH_CAP, MU, V_OFF, Side, Table

__all__ = [
    "G_MM_S2", "wood_restitution", "PuckState", "ShotEvent", "ShotReport", "Contact",
    "PhysicsParams",
    "WorldSnapshot", "World", "PlacementError", "ShotError",
]



def wood_restitution(v: float, *, e_ref: float = 0.60, v_ref: float = 4430.0,
                     exponent: float = 0.25, e_min: float = 0.30,
                     e_max: float = 0.95) -> float:
    """Puck–puck coefficient of restitution for a normal approach speed ``v`` (mm/s),
    M-P2: ``e = e_ref · (v / v_ref)^(-exponent)`` clamped to ``[e_min, e_max]``.

    The law is Johnson's for impacts beyond the elastic limit (*Contact Mechanics*, 1985,
    §11.4: e ∝ V^(-1/4)); the anchor e = 0.60 at 4.43 m/s is a wooden ball dropped 1 m on
    a hard floor (The Physics Factbook, "Coefficient of restitution"). Defaults are those
    of :class:`PhysicsParams`. ``v ≤ 0`` (not approaching) gives ``e_max``.

    >>> [round(wood_restitution(v), 2) for v in (500, 1000, 2000, 4000, 6000)]
    [0.95, 0.87, 0.73, 0.62, 0.56]
    """
    if not v > 0:
        return e_max
    e = e_ref * (v / v_ref) ** -exponent
    return e_min if e < e_min else (e_max if e > e_max else e)

# Collision types.
_CT_PUCK = 1
_CT_STANDING = 2
_CT_WALL = 3       # rails, end boards, gutter walls
_CT_SENSOR = 4     # gutter regions, table layer only
# Shape filter categories.
_CAT_TABLE = 0b00001
_CAT_GUTTER = 0b00010
_CAT_WALL = 0b00100
_CAT_GWALL = 0b01000
_CAT_SENSOR = 0b10000
_F_TABLE_PUCK = pymunk.ShapeFilter(categories=_CAT_TABLE,
                                   mask=_CAT_TABLE | _CAT_WALL | _CAT_SENSOR)
_F_GUTTER_PUCK = pymunk.ShapeFilter(categories=_CAT_GUTTER,
                                    mask=_CAT_GUTTER | _CAT_WALL | _CAT_GWALL)
_F_WALL = pymunk.ShapeFilter(categories=_CAT_WALL, mask=_CAT_TABLE | _CAT_GUTTER)
_F_GWALL = pymunk.ShapeFilter(categories=_CAT_GWALL, mask=_CAT_GUTTER)
_F_SENSOR = pymunk.ShapeFilter(categories=_CAT_SENSOR, mask=_CAT_TABLE)

_WALL_THICKNESS = 100.0        # mm, static boxes (M-P5)
_CHECK_EVERY = 8               # sub-steps between rest / park / clamp checks (1/30 s)
_EVENT_MIN_SPEED = 1.0         # mm/s: slower touches (resting contacts) are not events
_STILL = 1e-6                  # mm/s and rad/s: a puck this slow is parked
# mm: two pucks whose centres are this far apart cannot touch, flat or standing (a standing
# puck's 76 × 23 mm footprint reaches 39.7 mm from its centre: 2 × 39.7 < 80)
_TOUCH_REACH = 80.0
_STILL2 = _STILL * _STILL
_SCAN_FIELDS = (pymunk.batch.BodyFields.BODY_ID | pymunk.batch.BodyFields.VELOCITY
                | pymunk.batch.BodyFields.ANGULAR_VELOCITY)
_SET_FIELDS = pymunk.batch.BodyFields.VELOCITY | pymunk.batch.BodyFields.ANGULAR_VELOCITY
# x, y, angle, vx, vy, ω per body (pymunk's order of the fields), for reports
_ALL_FIELDS = (pymunk.batch.BodyFields.BODY_ID | pymunk.batch.BodyFields.POSITION
               | pymunk.batch.BodyFields.ANGLE | _SET_FIELDS)

_hypot = math.hypot
# s: Chipmunk's sleeping is enabled (so that a contact wakes a sleeping body) but never
# puts a body to sleep by itself: only World._park does (Body.sleep)
_SLEEP_NEVER = 1e300
_INF = math.inf
_WALL_CLEAR = 40.5    # mm from a wall beyond which a puck (flat or standing) cannot touch it
_FEW = 3        # unparked pucks up to which a rest check reads them one by one
_FULL_EVERY = 4  # every how many rest checks the full per-puck pass (parking) runs
PUCK_STATES = ("table", "overhang", "gutter_left", "gutter_right", "off_table")
EVENT_KINDS = ("contact", "rail", "drop", "overhang", "off_table", "topple")


PYMUNK_INTERNALS = True
"""Worlds made while True read every body's velocities through pymunk 7's internals in
one Chipmunk call (:class:`_BodyScan`, performance); False: through the public
``pymunk.batch`` functions only, as on any other pymunk layout. Same shots either way
(tests/mississippi/test_physics.py compares them)."""

BATCH_SUBSTEPS = True
"""Worlds made while True run the sub-steps that need no bookkeeping in one batch
(:func:`_batch_stepper`, performance); False: one by one (:meth:`World._substep`). Same
pucks, events and sub-step counts either way (tested)."""

_scan_buffers = threading.local()


def _scan_buffer() -> pymunk.batch.Buffer:
    """This thread's batch buffer for :meth:`World._scan`, made once and reused.

    pymunk 7.3's ``pymunk.batch.Buffer`` never frees the C arrays it allocates
    (``pmFloatArrayNew``/``pmIntArrayNew``, no ``ffi.gc``): a buffer per world leaked
    about 0.25 KB per world — per AI rollout, since each rollout rebuilds its world — and
    the AI worker process grew by ~13 MB an hour in the soak. pymunk's docs recommend
    reusing a buffer (``Buffer.clear``); one per thread keeps an AI thread and the frame
    loop from sharing it.
    """
    buf = getattr(_scan_buffers, "buf", None)
    if buf is None:
        buf = _scan_buffers.buf = pymunk.batch.Buffer()
    return buf


class _BodyScan:
    """Every body's (id; vx, vy, ω) in one Chipmunk call, for the rest checks (M-P7) and
    the spin friction (M-P2), over this thread's reused batch buffer (:func:`_scan_buffer`).

    ``read(space)`` returns the floats as a list (vx, vy, ω per body, in the space's body
    order); ``ids()`` the body ids of the last read; ``set(j, value)`` changes float ``j``
    and ``write(space)`` writes (vx, vy, ω) back to every body. It is what
    ``pymunk.batch.get_space_bodies`` / ``set_space_bodies`` do, without the Python those
    wrappers spend building each request and copying the buffer (pymunk 7 internals; the
    public functions on any other layout).
    """

    def __init__(self, buf: pymunk.batch.Buffer) -> None:
        self.buf = buf
        try:
            from pymunk._chipmunk import ffi, lib

            self._fa, self._ia = buf._float_arr, buf._int_arr
            self._get = ffi.new("pmBatchedData *")
            self._put = ffi.new("pmBatchedData *")
            self._all = ffi.new("pmBatchedData *")
            for d, f in ((self._get, _SCAN_FIELDS), (self._put, _SET_FIELDS),
                         (self._all, _ALL_FIELDS)):
                d.fields = f.value
                d.floatArray = self._fa
                d.intArray = self._ia
            self._each = lib.cpSpaceEachBody
            self._visit_get = ffi.addressof(lib, "pmSpaceBodyGetIteratorFuncBatched")
            self._visit_put = ffi.addressof(lib, "pmSpaceBodySetIteratorFuncBatched")
            self._unpack = ffi.unpack
            self.fast = True
        except (ImportError, AttributeError, TypeError):
            self.fast = False

    def read(self, space: pymunk.Space) -> list[float]:
        if not self.fast:
            self.buf.clear()
            pymunk.batch.get_space_bodies(space, _SCAN_FIELDS, self.buf)
            self._floats = memoryview(self.buf.float_buf()).cast("d")
            return self._floats.tolist()
        fa = self._fa
        fa.num = 0
        self._ia.num = 0
        self._each(space._space, self._visit_get, self._get)
        return self._unpack(fa.arr, fa.num)

    def read_all(self, space: pymunk.Space) -> tuple[list[int], list[float]]:
        """Every body's id and (x, y, angle, vx, vy, ω), in the space's body order, in
        one Chipmunk call (it replaces the last :meth:`read`)."""
        if not self.fast:
            self.buf.clear()
            pymunk.batch.get_space_bodies(space, _ALL_FIELDS, self.buf)
            return (memoryview(self.buf.int_buf()).cast("P").tolist(),
                    memoryview(self.buf.float_buf()).cast("d").tolist())
        fa = self._fa
        fa.num = 0
        self._ia.num = 0
        self._each(space._space, self._visit_get, self._all)
        return self._unpack(self._ia.arr, self._ia.num), self._unpack(fa.arr, fa.num)

    def ids(self) -> list[int]:
        if not self.fast:
            return memoryview(self.buf.int_buf()).cast("P").tolist()
        return self._unpack(self._ia.arr, self._ia.num)

    def set(self, j: int, value: float) -> None:
        if self.fast:
            self._fa.arr[j] = value
        else:
            self._floats[j] = value

    def put(self, floats: list[float]) -> None:
        """Replace the floats of the last read (same length) before :meth:`write`."""
        if self.fast:
            self._fa.arr[0:len(floats)] = floats
        else:
            self._floats[:] = array("d", floats)

    def write(self, space: pymunk.Space) -> None:
        if not self.fast:
            pymunk.batch.set_space_bodies(space, _SET_FIELDS, self.buf)
            return
        fa = self._fa
        n = fa.num
        fa.num = 0                      # the setter reads the floats from the start
        self._each(space._space, self._visit_put, self._put)
        fa.num = n


def _stepper(space: pymunk.Space):
    """``space.step`` with less Python around it (performance, design.md: ≥ 500× real time).

    ``pymunk.Space.step`` spends about as long in Python bookkeeping (two attribute writes
    through a Python ``__setattr__``, empty deferred-add/remove loops) as Chipmunk spends
    stepping 16 pucks. The returned ``step(dt)`` calls Chipmunk's ``cpSpaceStep``
    directly whenever pymunk has nothing deferred, keeping the space locked during the step
    as pymunk does (so callbacks still defer additions and removals), and runs pymunk's own
    ``Space.step`` otherwise. Same Chipmunk call, same arguments: outcomes are bit-for-bit
    those of ``space.step``. Relies on pymunk 7 internals; on any other layout it returns
    ``space.step`` unchanged.
    """
    try:
        from pymunk._chipmunk import lib

        cp_step, handle = lib.cpSpaceStep, space._space
        check, add_later = space._bodies_to_check, space._add_later
        remove_later, post_step = space._remove_later, space._post_step_callbacks
        removed_shapes = space._removed_shapes
        space._locked  # noqa: B018  (the attribute must exist)
    except (ImportError, AttributeError):
        return space.step
    slow = space.step
    set_attr = object.__setattr__

    def step(dt: float) -> None:
        if check or add_later or remove_later or post_step:
            slow(dt)
            return
        set_attr(space, "_locked", True)
        try:
            cp_step(handle, dt)
            removed_shapes.clear()
        finally:
            set_attr(space, "_locked", False)
        if add_later or remove_later or post_step:     # a callback deferred something:
            space.add(*add_later)                      # finish as pymunk's step does
            add_later.clear()
            while remove_later:
                space.remove(remove_later.popitem()[0])
            for key in post_step:
                post_step[key](space)
            post_step.clear()

    return step


def _batch_stepper(space: pymunk.Space):
    """What :meth:`World._advance` needs to step ``space`` itself: ``(cp_step, handle,
    bodies_to_check, add_later, remove_later, post_step_callbacks, removed_shapes)`` —
    Chipmunk's ``cpSpaceStep``, the space's handle and pymunk's deferred-work
    collections — or None on another pymunk layout (then every sub-step goes through
    :meth:`World._substep` and ``space.step``).

    Stepping many sub-steps in one Python loop saves, per sub-step, the Python of
    :func:`_stepper` and :meth:`World._substep` (attribute writes through
    ``object.__setattr__``, a ``try``, counters, calls): the same Chipmunk calls with the
    same arguments in the same order, so outcomes are bit-for-bit those of the sub-step
    loop (tested)."""
    try:
        from pymunk._chipmunk import lib

        out = (lib.cpSpaceStep, space._space, space._bodies_to_check, space._add_later,
               space._remove_later, space._post_step_callbacks, space._removed_shapes)
        space._locked  # noqa: B018  (the attribute must exist)
    except (ImportError, AttributeError):
        return None
    return out


# Hot paths through Chipmunk's own functions (pymunk 7 internals): pymunk's properties and
# Space.add/remove cost 4–5 times the Chipmunk call they wrap, and parking adds and removes a
# friction joint for most pucks of every shot. The friction joints are added and removed
# here directly (pymunk's Space does not track them; each _Puck keeps its joint alive, and
# pymunk's own free functions take a joint out of its space before freeing either). Same
# Chipmunk calls in the same order as the public API: outcomes are bit-for-bit the same.
try:
    from pymunk._chipmunk import lib as _cp_lib

    _cp_get_position = _cp_lib.cpBodyGetPosition
    _cp_get_v, _cp_set_v = _cp_lib.cpBodyGetVelocity, _cp_lib.cpBodySetVelocity
    _cp_get_w = _cp_lib.cpBodyGetAngularVelocity
    _cp_set_w = _cp_lib.cpBodySetAngularVelocity
    _cp_add_c, _cp_rm_c = _cp_lib.cpSpaceAddConstraint, _cp_lib.cpSpaceRemoveConstraint

    def _body_x(body: pymunk.Body) -> float:
        """x (mm) of a body's centre."""
        return _cp_get_position(body._body).x

    def _get_v(body: pymunk.Body) -> tuple[float, float]:
        """(vx, vy) mm/s of a body."""
        v = _cp_get_v(body._body)
        return v.x, v.y

    def _set_v(body: pymunk.Body, vx: float, vy: float) -> None:
        _cp_set_v(body._body, (vx, vy))

    def _get_w(body: pymunk.Body) -> float:
        return _cp_get_w(body._body)

    def _get_xy(body: pymunk.Body) -> tuple[float, float]:
        p = _cp_get_position(body._body)
        return p.x, p.y

    _get_angle_cp = _cp_lib.cpBodyGetAngle

    def _get_angle(body: pymunk.Body) -> float:
        return _get_angle_cp(body._body)

    def _set_w(body: pymunk.Body, w: float) -> None:
        _cp_set_w(body._body, w)

    def _add_joint(space: pymunk.Space, joint: pymunk.Constraint) -> None:
        _cp_add_c(space._space, joint._constraint)

    _cp_arb_n, _cp_arb_e = _cp_lib.cpArbiterGetNormal, _cp_lib.cpArbiterSetRestitution

    def _arb_normal(arb: pymunk.Arbiter) -> tuple[float, float]:
        n = _cp_arb_n(arb._arbiter)
        return n.x, n.y

    def _arb_set_e(arb: pymunk.Arbiter, e: float) -> None:
        _cp_arb_e(arb._arbiter, e)

    def _remove_joint(space: pymunk.Space, joint: pymunk.Constraint) -> None:
        _cp_rm_c(space._space, joint._constraint)

    _cp_sleep, _cp_activate = _cp_lib.cpBodySleep, _cp_lib.cpBodyActivate
    _cp_is_sleeping = _cp_lib.cpBodyIsSleeping
    _cp_set_sleep_t = _cp_lib.cpSpaceSetSleepTimeThreshold

    def _sleep(space: pymunk.Space, body: pymunk.Body) -> None:
        h = space._space
        _cp_set_sleep_t(h, _SLEEP_NEVER)
        _cp_sleep(body._body)
        _cp_set_sleep_t(h, _INF)

    def _is_sleeping(body: pymunk.Body) -> bool:
        return bool(_cp_is_sleeping(body._body))

    _probe = pymunk.Body(1.0, 1.0)         # the layout is the expected one
    _set_v(_probe, 1.0, 2.0)
    _set_w(_probe, 3.0)
    assert _get_v(_probe) == (1.0, 2.0) and _get_w(_probe) == 3.0 and _body_x(_probe) == 0.0
    _probe_space = pymunk.Space()
    _probe_space.add(_probe)
    _probe_joint = pymunk.PivotJoint(_probe_space.static_body, _probe, (0.0, 0.0))
    _add_joint(_probe_space, _probe_joint)
    _remove_joint(_probe_space, _probe_joint)
    del _probe, _probe_space, _probe_joint
    _FAST_BODY = True
except (ImportError, AttributeError, TypeError, AssertionError):   # another pymunk
    _FAST_BODY = False

    def _body_x(body: pymunk.Body) -> float:
        """x (mm) of a body's centre."""
        return body.position.x

    def _get_v(body: pymunk.Body) -> tuple[float, float]:
        v = body.velocity
        return v.x, v.y

    def _set_v(body: pymunk.Body, vx: float, vy: float) -> None:
        body.velocity = (vx, vy)

    def _get_w(body: pymunk.Body) -> float:
        return body.angular_velocity

    def _get_xy(body: pymunk.Body) -> tuple[float, float]:
        p = body.position
        return p.x, p.y

    def _get_angle(body: pymunk.Body) -> float:
        return body.angle

    def _set_w(body: pymunk.Body, w: float) -> None:
        body.angular_velocity = w

    def _add_joint(space: pymunk.Space, joint: pymunk.Constraint) -> None:
        space.add(joint)

    def _arb_normal(arb: pymunk.Arbiter) -> tuple[float, float]:
        n = arb.normal
        return n.x, n.y

    def _arb_set_e(arb: pymunk.Arbiter, e: float) -> None:
        arb.restitution = e

    def _remove_joint(space: pymunk.Space, joint: pymunk.Constraint) -> None:
        space.remove(joint)

    def _sleep(space: pymunk.Space, body: pymunk.Body) -> None:
        space.sleep_time_threshold = _SLEEP_NEVER
        body.sleep()
        space.sleep_time_threshold = _INF

    def _is_sleeping(body: pymunk.Body) -> bool:
        return body.is_sleeping


# A body's position, velocity, angle and spin read (and, on an awake body, written) in
# Chipmunk's ``struct cpBody`` itself (pymunk 7's Munk2D ``chipmunk_structs.h``: two
# function pointers, m, m_inv, i, i_inv, cog, p, v, f, a, w — doubles at these indices).
# A getter or setter through cffi costs ~10 times an index into the struct: it builds the
# call, releases and retakes the GIL, and returns a fresh ``cpVect``. Chipmunk's setters
# also wake the body (``cpBodyActivate``): writing in place is the same only on an awake
# body (its idle time, the one other thing the setter resets, is read only while the
# space's sleep threshold is finite, i.e. never during a step here), so the hot paths
# write in place only on unparked pucks, which are awake. The layout is checked below
# against the getters and setters; on any other layout ``_PublicMem`` does the same
# through pymunk's properties.
_M_X, _M_Y, _M_VX, _M_VY, _M_A, _M_W = 8, 9, 10, 11, 14, 15


class _PublicMem:
    """``_body_mem`` through pymunk's public properties (another pymunk layout)."""

    __slots__ = ("body",)

    def __init__(self, body: pymunk.Body) -> None:
        self.body = body

    def __getitem__(self, i: int) -> float:
        b = self.body
        if i == _M_X or i == _M_Y:
            return b.position[i - _M_X]
        if i == _M_VX or i == _M_VY:
            return b.velocity[i - _M_VX]
        return b.angle if i == _M_A else b.angular_velocity

    def __setitem__(self, i: int, value: float) -> None:
        b = self.body
        if i == _M_VX:
            b.velocity = (value, b.velocity.y)
        elif i == _M_VY:
            b.velocity = (b.velocity.x, value)
        elif i == _M_W:
            b.angular_velocity = value
        else:
            raise IndexError(f"body field {i} is read-only here")


def _public_mem(body: pymunk.Body) -> Any:
    return _PublicMem(body)


def _public_iterations(space: pymunk.Space) -> Any:
    """A one-int view ``[iterations]`` of a space through pymunk's property."""

    class _Iter:
        __slots__ = ()

        def __getitem__(self, i: int) -> int:
            return space.iterations

        def __setitem__(self, i: int, n: int) -> None:
            space.iterations = n

    return _Iter()


_body_mem, _iterations_mem = _public_mem, _public_iterations
try:
    if not _FAST_BODY:
        raise ImportError("pymunk internals not as expected")
    from pymunk._chipmunk import ffi as _mem_ffi

    def _raw_body_mem(body: pymunk.Body) -> Any:
        """``double *`` over ``body``'s ``struct cpBody`` (indices ``_M_*``)."""
        return _mem_ffi.cast("double *", body._body)

    def _raw_iterations(space: pymunk.Space) -> Any:
        """``int *`` over ``space``'s ``struct cpSpace``: [0] is its solver iterations."""
        return _mem_ffi.cast("int *", space._space)

    _probe = pymunk.Body(2.0, 3.0)
    _probe.position, _probe.velocity = (5.0, 6.0), (7.0, 8.0)
    _probe.angle, _probe.angular_velocity = 9.0, 10.0
    _m = _raw_body_mem(_probe)
    assert [_m[i] for i in (_M_X, _M_Y, _M_VX, _M_VY, _M_A, _M_W)] == [5, 6, 7, 8, 9, 10]
    _m[_M_VX], _m[_M_VY], _m[_M_W] = 1.5, 2.5, 3.5
    assert tuple(_probe.velocity) == (1.5, 2.5) and _probe.angular_velocity == 3.5
    _probe_space = pymunk.Space()
    _probe_space.iterations = 7
    _i = _raw_iterations(_probe_space)
    assert _i[0] == 7
    _i[0] = 3
    assert _probe_space.iterations == 3
    del _probe, _m, _probe_space, _i
    _body_mem, _iterations_mem = _raw_body_mem, _raw_iterations
except (ImportError, AttributeError, TypeError, AssertionError):   # another pymunk
    pass


# Puck–puck ``begin`` straight from Chipmunk (pymunk 7 internals): pymunk's own path wraps
# every callback in an Arbiter object, a handle lookup and a dict lookup, and
# ``Arbiter.shapes`` allocates two arrays and looks both shapes up — four fifths of the
# cost of a contact's callback, and a 16-puck break has ~30 of them. The raw callback
# reads the two bodies, the normal and the velocities with Chipmunk's getters and sets
# the restitution with Chipmunk's setter: the same calls, so the same numbers. On any
# other pymunk layout :meth:`World._build_space` installs the public handler instead.
try:
    from pymunk._chipmunk import ffi as _cp_ffi

    _cp_from_handle = _cp_ffi.from_handle

    @_cp_ffi.callback("cpCollisionBeginFunc")
    def _raw_puck_puck_begin(arb, space, data) -> None:
        _cp_from_handle(data)._raw_puck_puck(arb)

    @_cp_ffi.callback("cpCollisionBeginFunc")
    def _raw_puck_wall_begin(arb, space, data) -> None:
        _cp_from_handle(data)._raw_puck_wall(arb)


    @_cp_ffi.callback("cpCollisionSeparateFunc")
    def _raw_puck_puck_separate(arb, space, data) -> None:
        # _Touching.end, looked up by the space's address (not through ``data``):
        # separate also runs while a discarded space is freed, when its world may be gone.
        ref = _TOUCHING.get(space)
        if ref is not None:
            t = ref()
            if t is not None and t.n > 0:
                t.n -= 1
                if t.n == 0:
                    t.iters[0] = t.lo

    _probe_h = pymunk.Space().on_collision  # noqa: B018  (the API must exist)
    del _probe_h
except (ImportError, AttributeError, TypeError, NameError):   # another pymunk
    _raw_puck_puck_begin = None


class _Touching:
    """Solid contacts being solved in one space, and its solver iterations (M-P5).

    Every puck carries one friction joint to the static body (M-P1). In a sub-step
    where no puck touches another puck or a wall, those joints are independent, and one
    pass of Chipmunk's sequential-impulse solver solves each exactly: the joint's
    warm-started impulse is already at its limit μ·m·g·h against the velocity (or stops
    the puck), so the other passes add nothing. ``begin`` and ``separate`` of every solid
    contact (puck–puck, puck–standing puck, puck–wall) count the contacts; Chipmunk calls
    them after it finds this sub-step's contacts and before it solves them, so the
    sub-step solves with ``params.iterations`` (10) when any contact is there and with 1
    when none is. The count depends only on the state: outcomes stay deterministic.
    ``iters`` is a one-int view of the space's iterations (``_iterations_mem``)."""

    __slots__ = ("n", "iters", "hi", "lo", "__weakref__")

    def __init__(self, iters: Any, hi: int, lo: int) -> None:
        self.n = 0
        self.iters, self.hi, self.lo = iters, hi, lo

    def begin(self) -> None:
        self.n += 1
        if self.n == 1:
            self.iters[0] = self.hi

    def end(self) -> None:
        if self.n > 0:
            self.n -= 1
            if self.n == 0:
                self.iters[0] = self.lo


# a space's address (``void *``) -> weak reference to its _Touching (for the raw
# ``separate``, which must not keep a world alive nor outlive it)
_TOUCHING: dict[Any, "weakref.ref[_Touching]"] = {}


def _register_touching(raw_space: Any, touching: _Touching) -> None:
    """File ``touching`` under the address of ``raw_space`` (``cpSpace *``) until it dies."""
    key = _cp_ffi.cast("void *", raw_space)

    def forget(ref: "weakref.ref[_Touching]", key: Any = key) -> None:
        if _TOUCHING.get(key) is ref:
            del _TOUCHING[key]

    _TOUCHING[key] = weakref.ref(touching, forget)


_new_object = object.__new__
_object_setattr = object.__setattr__


def _frozen(cls: type, fields: dict[str, Any]) -> Any:
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every field, by name)
    as its ``__dict__`` — what its ``__init__`` makes, without the generated
    ``object.__setattr__`` per field (10× the cost: reports build 16 ``PuckState`` per
    shot and per AI rollout). Tested equal to the constructor."""
    obj = _new_object(cls)
    _object_setattr(obj, "__dict__", fields)
    return obj


class PlacementError(ValueError):
    """A puck cannot be placed there (outside the table, or on another puck).
    The message starts with the rule id (M-T…, M-R1, M-R9)."""


class ShotError(ValueError):
    """A shot that cannot be played (unknown puck, puck not on the table, bad numbers).
    The message starts with the rule id (M-R2, M-U1)."""


@dataclass(frozen=True)
class PuckState:
    """One puck in a report or snapshot.

    ``state`` is ``"table"``, ``"overhang"`` (centre on the table, disc past a gutter edge
    line, M-P3), ``"gutter_left"``, ``"gutter_right"`` or ``"off_table"`` (M-P4; x, y are
    where it left). ``x, y`` in mm, ``vx, vy`` in mm/s, ``angle`` in rad, ``spin`` in
    rad/s; ``standing`` is True for a standing target that has not toppled (M-P6, M-R9).
    """

    id: int
    state: str
    x: float
    y: float
    vx: float = 0.0
    vy: float = 0.0
    angle: float = 0.0
    spin: float = 0.0
    standing: bool = False

    @property
    def speed(self) -> float:
        """Speed in mm/s."""
        return math.hypot(self.vx, self.vy)

    @property
    def on_table(self) -> bool:
        """True for ``"table"`` and ``"overhang"``."""
        return self.state in ("table", "overhang")


@dataclass(frozen=True)
class ShotEvent:
    """Something that happened during a shot, for the rules engine and for sounds.

    ``t``: simulated seconds since the shot (:meth:`World.shoot`) or since the world was
    built/restored. ``kind``: ``"contact"`` (two pucks, ids in ``pucks``), ``"rail"`` (a
    puck hits a rail, an end board or a gutter wall; ``where`` names it: ``near_rail``,
    ``far_rail``, ``left_board``, ``right_board``, ``left_gutter_wall``,
    ``right_gutter_wall``), ``"drop"`` (M-P3, ``where`` = gutter side), ``"overhang"``
    (at rest, M-P3, ``where`` = side), ``"off_table"`` (M-P4, ``where`` = end),
    ``"topple"`` (M-P6). ``speed``: mm/s, the relative normal speed for contact/rail, the
    puck's speed otherwise.
    """

    t: float
    kind: str
    pucks: tuple[int, ...]
    where: str | None = None
    speed: float = 0.0


@dataclass(frozen=True)
class ShotReport:
    """Outcome of :meth:`World.run_until_rest`: final ``pucks`` by id, ``events`` in time
    order since the shot, ``duration`` in simulated seconds since the shot, and ``rested``
    (False if the time limit came first, M-P7)."""

    pucks: dict[int, PuckState]
    events: tuple[ShotEvent, ...]
    duration: float
    rested: bool

    def dropped(self, side: Side | None = None) -> tuple[int, ...]:
        """Ids of pucks that dropped during the shot (into ``side``'s gutter if given)."""
        return tuple(e.pucks[0] for e in self.events
                     if e.kind == "drop" and (side is None or e.where == side))


@dataclass(frozen=True)
class Contact:
    """A contact point for the debug view: ``a`` is a puck id, ``b`` a puck id or the name
    of a static part (``near_rail`` …); point ``(x, y)`` mm, unit normal ``(nx, ny)``
    from ``a`` to ``b``, penetration ``depth`` in mm (positive when overlapping)."""

    a: int
    b: int | str
    x: float
    y: float
    nx: float
    ny: float
    depth: float


@dataclass(frozen=True)
class PhysicsParams:
    """Tunable physics numbers (units in brackets) and where they come from.

    The primary source of every default is the rulebook (``rules/mississippi.md``); no
    measurement of a real Mississippi table was available, so the literature below only
    checks that the numbers are plausible.

    * ``mu`` (–) = 0.20: table friction coefficient, M-P1 ("varnished wood", chosen so a
      3.7 m/s shot slides about 3.5 m). General engineering tables give roughly
      0.25–0.5 for dry unfinished wood on wood; a varnished, polished or waxed top
      slides more easily, hence the lower value.
    * ``g`` (mm/s²) = 9810: standard gravity.
    * ``puck_restitution`` (–) = None: puck–puck restitution. None is the speed-dependent
      model of M-P2 (:func:`wood_restitution` with the five ``restitution_*`` fields); a
      number makes it a constant (experiments and tests only).
    * ``restitution_ref`` (–) = 0.60 at ``restitution_ref_speed`` (mm/s) = 4430: the
      anchor of the law — a wooden ball dropped 1 m on a hard floor rebounds with
      e ≈ 0.60 ("wooden ball 0.603", The Physics Factbook, G. Elert ed., "Coefficient of
      restitution"; √(2 g · 1 m) = 4.43 m/s).
    * ``restitution_exponent`` (–) = 0.25: e ∝ v^(-1/4) once the contact yields
      (Johnson, *Contact Mechanics*, CUP 1985, §11.4: e ∝ (ρV²/Y)^(-1/8)). Wood yields
      early: Johnson's initial-yield speed V_Y = (26 (Y/E*)⁴ Y/ρ)^½ ≈ 0.07 m/s for maple
      across the grain (Y ≈ 50 MPa, E* ≈ 7 GPa, ρ ≈ 700 kg/m³), below every shot in play.
    * ``restitution_max`` (–) = 0.95, ``restitution_min`` (–) = 0.30: the bounds of M-P2
      (e reaches 0.95 below 0.70 m/s, never 0.30 at the 6 m/s cap).
    * ``puck_friction`` (–) = 0.05: puck–puck sliding friction at the rim, M-P2 ("low
      puck–puck friction": varnish on varnish). It makes a cut puck "throw" slightly: a
      half-ball hit separates the pucks at about 87° instead of 90° (0 gives exactly 90°
      at e = 1; see the tests).
    * ``rail_restitution`` (–) = 0.60: puck–rail and puck–end board, M-P2 ("about
      0.5–0.7"); constant (no source gave its speed dependence; a rail is far stiffer and
      heavier than a puck, and the law above anchors at a wooden ball on a hard floor —
      0.60 is that anchor).
    * ``rail_friction`` (–) = 0.20: puck–rail, taken equal to the table's μ (same
      varnished wood); a design choice.
    * ``v_off`` (mm/s) = 3500: M-P4.
    * ``launch_cap`` (mm/s) = 6000: M-U1, M-P5.
    * ``dt`` (s) = 1/240: fixed sub-step, M-P5 (must be ≤ 1/240).
    * ``rest_speed`` (mm/s) = 5 and ``rest_rim_speed`` (mm/s) = 5: M-P7.
    * ``iterations`` = 10: pymunk solver iterations (pymunk's default) in a sub-step
      that solves a contact; in a break, 10 and 40 iterations end with the pucks within
      0.3 mm of each other, 5 within 14 mm.
    * ``adaptive_iterations`` = True: a sub-step where no puck touches a puck or a wall
      solves with 1 iteration — the pucks' friction joints are then independent and one
      pass solves each exactly (see ``_Touching``); False always uses ``iterations``.
    * ``park`` = True: take still pucks' friction joints out of the solver (speed only;
      False is for measuring the overhead against bare pymunk).
    """

    mu: float = MU
    g: float = G_MM_S2
    puck_restitution: float | None = None
    restitution_ref: float = 0.60
    restitution_ref_speed: float = 4430.0
    restitution_exponent: float = 0.25
    restitution_max: float = 0.95
    restitution_min: float = 0.30
    puck_friction: float = 0.05
    rail_restitution: float = 0.60
    rail_friction: float = 0.20
    v_off: float = V_OFF
    launch_cap: float = LAUNCH_CAP
    dt: float = 1.0 / 240.0
    rest_speed: float = 5.0
    rest_rim_speed: float = 5.0
    iterations: int = 10
    adaptive_iterations: bool = True
    park: bool = True

    def __post_init__(self) -> None:
        if not (0.0 < self.dt <= 1.0 / 240.0 + 1e-12):
            raise ValueError("M-P5: the physics sub-step must be in (0, 1/240] s")
        for name in ("mu", "g", "v_off", "launch_cap", "rest_speed", "rest_rim_speed"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v > 0):
                raise ValueError(f"M-P: {name} must be a positive number, not {v!r}")
        for name in ("rail_restitution", "puck_friction", "rail_friction",
                     "restitution_exponent"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0):
                raise ValueError(f"M-P2: {name} must be ≥ 0, not {v!r}")
        for name in ("restitution_ref", "restitution_max", "restitution_min"):
            v = getattr(self, name)
            if not (math.isfinite(v) and 0 <= v <= 1):
                raise ValueError(f"M-P2: {name} must be in [0, 1], not {v!r}")
        if self.restitution_min > self.restitution_max:
            raise ValueError("M-P2: restitution_min must not exceed restitution_max")
        if not (math.isfinite(self.restitution_ref_speed) and self.restitution_ref_speed > 0):
            raise ValueError("M-P2: restitution_ref_speed must be a positive speed (mm/s)")
        e = self.puck_restitution
        if e is not None and not (isinstance(e, (int, float)) and math.isfinite(e)
                                  and 0 <= e <= 1):
            raise ValueError(f"M-P2: puck_restitution must be None or in [0, 1], not {e!r}")
        if self.iterations < 1:
            raise ValueError("M-P5: iterations must be ≥ 1")

    def restitution(self, v: float) -> float:
        """Puck–puck restitution for a normal approach speed ``v`` (mm/s), M-P2: the
        constant ``puck_restitution`` if set, else :func:`wood_restitution` with these
        parameters."""
        if self.puck_restitution is not None:
            return float(self.puck_restitution)
        return wood_restitution(v, e_ref=self.restitution_ref, v_ref=self.restitution_ref_speed,
                                exponent=self.restitution_exponent,
                                e_min=self.restitution_min, e_max=self.restitution_max)


@dataclass(frozen=True)
class WorldSnapshot:
    """Plain-data state of a :class:`World`, enough to rebuild it exactly.

    ``pucks``: tuple of :class:`PuckState` in id order; ``falling``: (id, seconds of
    free fall left) for pucks dropping into a gutter; ``parked``: ids of pucks whose
    friction joints are out of the space; ``time``: world clock (s); ``acc``: the
    :meth:`World.step` accumulator (s); ``next_id``; ``table`` and ``params`` as dicts.
    ``shot_active``/``shot_steps``: a shot is in progress, and its sub-step count (the
    rest-check cadence counts from it).
    ``to_dict()``/``from_dict()`` give a JSON-able dict (floats round-trip exactly).
    """

    pucks: tuple[PuckState, ...]
    falling: tuple[tuple[int, float], ...] = ()
    parked: tuple[int, ...] = ()
    time: float = 0.0
    acc: float = 0.0
    next_id: int = 0
    seed: int = 0
    shot_active: bool = False
    shot_steps: int = 0
    table: dict[str, float] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (lists, numbers, strings, bools)."""
        return {
            "version": 1,
            "pucks": [asdict(p) for p in self.pucks],
            "falling": [[i, s] for i, s in self.falling],
            "parked": list(self.parked),
            "time": self.time, "acc": self.acc, "next_id": self.next_id,
            "seed": self.seed, "shot_active": self.shot_active,
            "shot_steps": self.shot_steps,
            "table": dict(self.table), "params": dict(self.params),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "WorldSnapshot":
        """Inverse of :meth:`to_dict`.

        :raises ValueError: on a missing key or a wrong version.
        """
        try:
            if d.get("version") != 1:
                raise ValueError(f"M-P5: unknown snapshot version {d.get('version')!r}")
            return cls(
                pucks=tuple(PuckState(**p) for p in d["pucks"]),
                falling=tuple((int(i), float(s)) for i, s in d["falling"]),
                parked=tuple(int(i) for i in d["parked"]),
                time=float(d["time"]), acc=float(d["acc"]), next_id=int(d["next_id"]),
                seed=int(d["seed"]), shot_active=bool(d["shot_active"]),
                shot_steps=int(d["shot_steps"]),
                table=dict(d["table"]), params=dict(d["params"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"M-P5: malformed snapshot: {exc}") from exc


class _Puck:
    """Internal record of one puck (pymunk objects + bookkeeping)."""

    __slots__ = ("id", "body", "shape", "pivot", "state", "standing",
                 "fall_left", "parked", "x", "y", "bid", "mem")

    def __init__(self, pid: int) -> None:
        self.id = pid
        self.body: pymunk.Body | None = None
        self.shape: pymunk.Shape | None = None
        self.pivot: pymunk.PivotJoint | None = None
        self.state = "table"       # "table" | "gutter_left" | "gutter_right" | "off_table"
        self.standing = False
        self.fall_left = 0.0       # s of free fall left (dropping into a gutter)
        self.parked = False
        self.x = 0.0               # last position, kept for off-table pucks
        self.y = 0.0
        self.bid = -1              # the body's id (Body.id), read once
        self.mem: Any = None       # the body's fields in place (_body_mem)


class World:
    """A Mississippi table with pucks, simulated with pymunk (M-P1…M-P7).

    :param table: geometry (default the regulation :class:`~mississippi.table.Table`).
    :param mu: table friction coefficient μ (M-P1).
    :param seed: recorded in snapshots; the simulation itself draws no random numbers.
    :param params: any other :class:`PhysicsParams` field (``puck_restitution=…``).
    :raises TypeError: for an unknown parameter name.
    :raises ValueError: for an out-of-range parameter (see :class:`PhysicsParams`).

    >>> w = World()
    >>> p = w.place_puck(500.0, 247.5)
    >>> w.shoot(p, 2000.0, 0.0)
    >>> r = w.run_until_rest()
    >>> r.rested, r.pucks[p].state, round(r.pucks[p].x - 500.0, -1)   # v²/(2μg) ≈ 1019 mm
    (True, 'table', 1020.0)
    """

    def __init__(self, table: Table | None = None, mu: float = MU, seed: int = 0,
                 **params: Any) -> None:
        self.table = table if table is not None else Table()
        self.params = PhysicsParams(mu=mu, **params)
        self.seed = seed
        self._pucks: dict[int, _Puck] = {}
        self._next_id = 0
        self._time = 0.0
        self._acc = 0.0
        self._steps = 0
        self._shot_steps = 0
        self._events: list[ShotEvent] = []
        self._shot_t0 = 0.0
        self._shot_event0 = 0
        self._shot_active = False
        self._fresh = True
        self._build_space()

    # ================================================================ construction
    def _build_space(self) -> None:
        """(Re)create the pymunk space with the static table and no pucks."""
        p, t = self.params, self.table
        s = pymunk.Space()
        lo = 1 if p.adaptive_iterations else p.iterations
        s.iterations = lo
        raw_space = getattr(s, "_space", None) if _raw_puck_puck_begin is not None else None
        self._mem = _body_mem if PYMUNK_INTERNALS else _public_mem
        self._touching = _Touching((_iterations_mem if PYMUNK_INTERNALS
                                    else _public_iterations)(s), p.iterations, lo)
        if raw_space is not None:
            _register_touching(raw_space, self._touching)
        s.gravity = (0.0, 0.0)
        self._space = s
        self._n_parked = 0             # pucks with a body whose friction joint is out
        self._space_step = _stepper(s)
        self._batch = _batch_stepper(s) if BATCH_SUBSTEPS else None
        self._h = p.dt
        # Products give the pair values (a tiny floor keeps a zero puck value possible).
        # Puck–puck restitution is set per contact when it begins (_on_puck_puck, M-P2);
        # the shapes' product, used for the later sub-steps of a lasting contact, is the
        # model's slow-approach value restitution_max (or the constant if one is set).
        e_shapes = p.puck_restitution if p.puck_restitution is not None else p.restitution_max
        self._pp_e = math.sqrt(max(e_shapes, 1e-12))
        self._pp_f = math.sqrt(max(p.puck_friction, 1e-12))
        self._wall_e = p.rail_restitution / self._pp_e
        self._wall_f = p.rail_friction / self._pp_f
        self._e_const = p.puck_restitution
        self._e_args = (p.restitution_ref, p.restitution_ref_speed, p.restitution_exponent,
                        p.restitution_min, p.restitution_max)
        m, r = t.puck_mass, t.puck_radius
        self._moment_disc = pymunk.moment_for_circle(m, 0.0, r)
        self._moment_box = pymunk.moment_for_box(m, (t.puck_diameter, t.puck_thickness))
        # What pymunk's Space.step asserts of every body added since the last step (see
        # _add_body), checked once here for all pucks.
        if not all(0.0 < v < _INF for v in (m, self._moment_disc, self._moment_box)):
            raise ValueError("M-T7: a puck's mass and moments must be positive and finite")
        self._f_slide = p.mu * m * p.g                         # g·mm/s²
        self._f_spin = (2.0 / 3.0) * p.mu * m * p.g * r        # g·mm²/s²
        self._dv_step = p.mu * p.g * p.dt                      # mm/s per sub-step
        self._dw_step = self._f_spin / self._moment_disc * p.dt    # rad/s per sub-step
        self._dw_scan = self._dw_step * _CHECK_EVERY               # … per rest check
        self._t_fall = math.sqrt(2.0 * t.gutter_depth / p.g)
        self._edges = (t.gutter_edge("left"), t.gutter_edge("right"))
        self._width, self._length = t.width, t.length
        self._wall_names: dict[pymunk.Shape, str] = {}
        self._wall_of_cp: dict[Any, str] = {}          # cpShape * -> name (raw callbacks)
        self._shape_puck: dict[pymunk.Shape, _Puck] = {}
        self._near_edge: dict[int, _Puck] = {}
        self._falling: dict[int, _Puck] = {}
        self._pending: list[tuple[str, int]] = []
        self._by_body_id: dict[int, _Puck] = {}
        self._puck_of_cp: dict[Any, _Puck] = {}      # cpBody * -> puck (raw callbacks)
        self._buf = _scan_buffer()
        self._bodies = _BodyScan(self._buf)
        self._bodies.fast = self._bodies.fast and PYMUNK_INTERNALS
        self._rest_v2 = p.rest_speed ** 2
        # per float of a scan (3 per body): (rest_speed² + rest_ω²) / 3, see _scan
        self._rest_t2 = (p.rest_speed ** 2 + (p.rest_rim_speed / t.puck_radius) ** 2) / 3.0
        self._rest_w = p.rest_rim_speed / r
        self._cap2 = p.launch_cap ** 2
        self._cap_axis = p.launch_cap / math.sqrt(2.0)   # |vx| or |vy| above: maybe > cap
        L, W, T = t.length, t.width, _WALL_THICKNESS
        gl, gr = t.gutter_edge("left"), t.gutter_edge("right")
        st = s.static_body

        def box(x0: float, y0: float, x1: float, y1: float, name: str,
                filt: pymunk.ShapeFilter, ct: int, sensor: bool = False) -> None:
            poly = pymunk.Poly(st, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            poly.filter = filt
            poly.collision_type = ct
            poly.sensor = sensor
            poly.elasticity = self._wall_e
            poly.friction = self._wall_f
            s.add(poly)
            self._wall_names[poly] = name
            if raw_space is not None:          # for _raw_puck_wall (a plain pointer)
                self._wall_of_cp[_cp_ffi.cast("cpShape *", poly._shape)] = name

        box(-T, -T, L + T, 0.0, "near_rail", _F_WALL, _CT_WALL)
        box(-T, W, L + T, W + T, "far_rail", _F_WALL, _CT_WALL)
        box(-T, -T, 0.0, W + T, "left_board", _F_WALL, _CT_WALL)
        box(L, -T, L + T, W + T, "right_board", _F_WALL, _CT_WALL)
        box(gl, 0.0, gl + T, W, "left_gutter_wall", _F_GWALL, _CT_WALL)
        box(gr - T, 0.0, gr, W, "right_gutter_wall", _F_GWALL, _CT_WALL)
        box(-T, -T, gl, W + T, "left_gutter", _F_SENSOR, _CT_SENSOR, sensor=True)
        box(gr, -T, L + T, W + T, "right_gutter", _F_SENSOR, _CT_SENSOR, sensor=True)

        if not self._install_raw_begin(s):
            s.on_collision(_CT_PUCK, _CT_PUCK, begin=self._on_puck_puck,
                           separate=self._on_solid_separate)
            s.on_collision(_CT_PUCK, _CT_WALL, begin=self._on_wall,
                           separate=self._on_solid_separate)
        s.on_collision(_CT_PUCK, _CT_STANDING, begin=self._on_puck_puck,
                       post_solve=self._on_standing_hit, separate=self._on_solid_separate)
        s.on_collision(_CT_STANDING, _CT_STANDING, begin=self._on_wake)
        s.on_collision(_CT_PUCK, _CT_SENSOR, begin=self._on_sensor_begin,
                       separate=self._on_sensor_separate)
        # bodies the batch read sees besides the pucks' (the static body of the boxes)
        self._n_other_bodies = len(self._bodies.read(s)) // 3

    def _add_body(self, pk: _Puck, x: float, y: float, vx: float, vy: float,
                  angle: float, spin: float) -> None:
        """Create the pymunk body, shape and friction joints of ``pk`` in the space."""
        t = self.table
        if pk.standing:
            body = pymunk.Body(t.puck_mass, self._moment_box)
            hw, hh = t.puck_diameter / 2.0, t.puck_thickness / 2.0
            shape: pymunk.Shape = pymunk.Poly(body, [(-hw, -hh), (hw, -hh), (hw, hh),
                                                     (-hw, hh)])
            shape.collision_type = _CT_STANDING
        else:
            body = pymunk.Body(t.puck_mass, self._moment_disc)
            shape = pymunk.Circle(body, t.puck_radius)
            shape.collision_type = _CT_PUCK
        body.position = (x, y)
        body.velocity = (vx, vy)
        body.angle = angle
        body.angular_velocity = spin
        shape.elasticity = self._pp_e
        shape.friction = self._pp_f
        shape.filter = _F_TABLE_PUCK if pk.state == "table" else _F_GUTTER_PUCK
        pk.body, pk.shape = body, shape
        pk.mem = self._mem(body)
        # The friction joints are made now, parked or not: a parked puck that is hit
        # then only adds them to the space (making them mid-shot cost ~2 µs per
        # sub-step of a 16-puck break).
        st = self._space.static_body
        pk.pivot = pymunk.PivotJoint(st, body, (0.0, 0.0), (0.0, 0.0))
        pk.pivot.max_bias = 0.0
        # With max_bias = 0 the joint's bias velocity is clamped to zero whatever its
        # error_bias; 0 makes Chipmunk's bias_coef = 1 − pow(0, h) a pow() that returns at
        # once (the default 0.9^60 costs a full pow() per awake puck per sub-step). Same
        # bias (0 in the signs of the position error), so the same shots bit for bit.
        pk.pivot.error_bias = 0.0
        self._set_friction(pk)
        self._space.add(body, shape)
        # pymunk's next Space.step would assert 0 < mass < inf and moment > 0 of the new
        # body through four properties (a sixth of a lone break's cost in the first
        # sub-step after a shot): _build_space checked them for every puck.
        getattr(self._space, "_bodies_to_check", set()).discard(body)
        self._shape_puck[shape] = pk
        pk.bid = body.id
        self._by_body_id[pk.bid] = pk
        self._puck_of_cp[body._body] = pk
        if not pk.parked:
            self._attach_joints(pk)
        else:
            self._n_parked += 1

    def _attach_joints(self, pk: _Puck) -> None:
        """Add the two friction joints of ``pk`` to the space: pymunk's top-down
        friction, ``max_bias = 0``, ``max_force`` = friction (M-P1)."""
        _add_joint(self._space, pk.pivot)

    def _set_friction(self, pk: _Puck) -> None:
        """Friction joints on (sliding on the table or gutter floor) or off (falling)."""
        if pk.pivot is None:
            return
        falling = pk.fall_left > 0.0
        pk.pivot.max_force = 0.0 if falling else self._f_slide

    def _park(self, pk: _Puck) -> None:
        """Take a still puck's friction joints out of the space (see module docstring)."""
        if not pk.parked:
            _remove_joint(self._space, pk.pivot)
            pk.parked = True
            self._n_parked += 1
            m = pk.mem                 # awake (unparked until now): written in place
            m[_M_VX] = m[_M_VY] = m[_M_W] = 0.0
            if self._wall_free(pk):
                _sleep(self._space, pk.body)

    def _unpark(self, pk: _Puck) -> None:
        """Put the friction joints back and subtract the friction of the sub-step that
        just ran without them (at most μ·g·h of speed, M-P1)."""
        if not pk.parked or pk.standing:
            return
        pk.parked = False
        self._n_parked -= 1
        self._attach_joints(pk)
        if pk.fall_left > 0.0:
            return
        m = pk.mem                     # awake: adding the joint woke it
        vx, vy = m[_M_VX], m[_M_VY]
        sp = _hypot(vx, vy)
        if sp <= self._dv_step:
            m[_M_VX] = m[_M_VY] = 0.0
        else:
            k = 1.0 - self._dv_step / sp
            m[_M_VX], m[_M_VY] = vx * k, vy * k
        w = m[_M_W]
        m[_M_W] = 0.0 if abs(w) <= self._dw_step else w - math.copysign(self._dw_step, w)

    def _unpark_touching(self, pk: _Puck) -> None:
        """Keep the invariant "a parked puck touches no other puck": unpark ``pk`` and
        every puck it touches (in id order). A parked puck that touches nothing is put to
        sleep (see :meth:`_park`)."""
        touching = [self._shape_puck[info.shape] for info in self._space.shape_query(pk.shape)
                    if info.shape in self._shape_puck]
        if touching:
            for q in sorted([pk, *touching], key=lambda q: q.id):
                self._unpark(q)
        elif pk.parked and self._wall_free(pk):
            _sleep(self._space, pk.body)

    def _wall_free(self, pk: _Puck) -> bool:
        """True when puck ``pk`` (in the space) cannot touch a rail, an end board
        or a gutter wall (its centre is more than ``_WALL_CLEAR`` from each; a standing
        puck's footprint reaches 39.7 mm). Only such pucks sleep: a sleeping body's
        resting contacts are not solved, so one at rest against a wall stays awake."""
        m = pk.mem
        x, y = m[_M_X], m[_M_Y]
        c = _WALL_CLEAR
        if not c < y < self._width - c:
            return False
        gl, gr = self._edges
        if gl <= x <= gr:                   # on the table top: no wall near but rails
            return True
        return c < x < self._length - c and not (gl - c < x < gr + c)

    def _touches_other_puck(self, pk: _Puck) -> bool:
        for info in self._space.shape_query(pk.shape):
            if info.shape in self._shape_puck:
                return True
        return False

    # ================================================================ callbacks
    def _now(self) -> float:
        return self._time - self._shot_t0

    def _install_raw_begin(self, s: pymunk.Space) -> bool:
        """Make :func:`_raw_puck_puck_begin` and :func:`_raw_puck_wall_begin` the
        ``begin`` of puck–puck and puck–wall contacts (see there; the rare contacts of
        standing pucks keep pymunk's handlers); False when this pymunk has not the
        expected layout (then :meth:`_on_puck_puck` and :meth:`_on_wall` are installed)."""
        if _raw_puck_puck_begin is None:
            return False
        try:
            self._self_handle = _cp_ffi.new_handle(self)
            for other, begin in ((_CT_PUCK, _raw_puck_puck_begin),
                                 (_CT_WALL, _raw_puck_wall_begin)):
                s.on_collision(_CT_PUCK, other)
                handler = s._handlers[(_CT_PUCK, other)]._handler
                handler.userData = self._self_handle
                handler.beginFunc = begin
                handler.separateFunc = _raw_puck_puck_separate
        except (AttributeError, KeyError, TypeError):
            return False
        return True

    def _raw_puck_puck(self, arb: Any) -> None:
        """:meth:`_on_puck_puck` on Chipmunk's own arbiter (``cpArbiter *``)."""
        t = self._touching                   # _Touching.begin, written out
        t.n += 1
        if t.n == 1:
            t.iters[0] = t.hi
        # the arbiter's own fields (pymunk declares the struct): the bodies and the normal
        # from a to b unswapped — (vb − va)·n is the same number in either order
        a, b = arb.body_a, arb.body_b
        pa, pb = self._puck_of_cp[a], self._puck_of_cp[b]
        if pa.parked:
            _cp_activate(a)
            self._pending.append(("unpark", pa.id))
        if pb.parked:
            _cp_activate(b)
            self._pending.append(("unpark", pb.id))
        n = arb.n
        ma, mb = pa.mem, pb.mem
        vrn = (mb[_M_VX] - ma[_M_VX]) * n.x + (mb[_M_VY] - ma[_M_VY]) * n.y
        arb.e = self._contact_restitution(vrn)   # M-P2: one place for the model
        if -vrn >= _EVENT_MIN_SPEED:
            ids = (pa.id, pb.id) if pa.id < pb.id else (pb.id, pa.id)
            self._events.append((self._time - self._shot_t0 + self._h, "contact", ids,
                                 None, -vrn))

    def _raw_puck_wall(self, arb: Any) -> None:
        """:meth:`_on_wall` on Chipmunk's own arbiter (``cpArbiter *``): its shapes,
        bodies and normal unswapped (the normal from ``a`` to ``b``; ``sign`` turns it
        from the puck to the wall, as the swapped normal of pymunk's handler is — the
        same number, an exact negation). Events are recorded as tuples, made into
        :class:`ShotEvent` by :meth:`_events_from`."""
        t = self._touching                   # _Touching.begin, written out
        t.n += 1
        if t.n == 1:
            t.iters[0] = t.hi
        pk = self._puck_of_cp.get(arb.body_a)
        if pk is not None:
            wall, sign = self._wall_of_cp[arb.b], 1.0
        else:
            pk, wall, sign = self._puck_of_cp[arb.body_b], self._wall_of_cp[arb.a], -1.0
        m = pk.mem
        vx, vy = m[_M_VX], m[_M_VY]
        if (wall == "left_board" or wall == "right_board") and abs(vx) > self.params.v_off:
            # M-P4: too fast, it flies over the end board (speed as pymunk's Vec2d.length)
            arb.processCollision = False
            self._events.append((self._time - self._shot_t0 + self._h, "off_table",
                                 (pk.id,), "left" if wall == "left_board" else "right",
                                 math.sqrt(vx ** 2 + vy ** 2)))
            self._pending.append(("off", pk.id))
            return
        n = arb.n
        vn = sign * (vx * n.x + vy * n.y)    # approach speed toward the wall
        if vn >= _EVENT_MIN_SPEED:
            self._events.append((self._time - self._shot_t0 + self._h, "rail", (pk.id,),
                                 wall, vn))

    def _contact_restitution(self, vrn: float) -> float:
        """M-P2: the restitution of a puck–puck contact whose normal relative velocity is
        ``vrn`` mm/s (negative when approaching): ``e_ref · (speed / v_ref)^−k`` clamped to
        [e_min, e_max], ``e_max`` when not approaching; the constant when one is set."""
        e = self._e_const
        if e is None:
            e_ref, v_ref, k, e_min, e_max = self._e_args
            if vrn < 0.0:
                e = e_ref * (-vrn / v_ref) ** -k
                e = e_min if e < e_min else (e_max if e > e_max else e)
            else:
                e = e_max
        return e

    def _on_puck_puck(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        """A puck–puck (or puck–standing puck) contact begins: unpark the pair, set the
        contact's restitution from the pair's normal approach speed (M-P2) and record the
        event. Chipmunk calls ``begin`` before it turns the arbiter's restitution into
        the contact's target bounce (``cpArbiterPreStep``), and every new touch — the
        next row of a rack, a puck hit twice — is a new ``begin``. Chipmunk resets the
        restitution to the shapes' product on later sub-steps of the same contact:
        ``restitution_max``, the model's value for the slow approaches a lasting
        contact has (a ``pre_solve`` handler would set it every sub-step, at twice the
        cost of a 16-puck break)."""
        if space is self._space:
            self._touching.begin()
        sa, sb = arb.shapes
        pa, pb = self._shape_puck[sa], self._shape_puck[sb]
        if pa.parked:
            pa.body.activate()
            self._pending.append(("unpark", pa.id))
        if pb.parked:
            pb.body.activate()
            self._pending.append(("unpark", pb.id))
        nx, ny = _arb_normal(arb)
        vax, vay = _get_v(pa.body)
        vbx, vby = _get_v(pb.body)
        vrn = (vbx - vax) * nx + (vby - vay) * ny
        _arb_set_e(arb, self._contact_restitution(vrn))
        if -vrn >= _EVENT_MIN_SPEED:
            ids = (pa.id, pb.id) if pa.id < pb.id else (pb.id, pa.id)
            self._events.append(ShotEvent(self._now() + self._h, "contact", ids, None,
                                          -vrn))

    def _on_wake(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        """Two standing pucks touch (one was nudged without toppling, M-P6): wake a
        sleeping one (every contact with a sleeping body must wake it; see _park)."""
        for sh in arb.shapes:
            pk = self._shape_puck.get(sh)
            if pk is not None and pk.parked:
                pk.body.activate()

    def _on_standing_hit(self, arb: pymunk.Arbiter, space: pymunk.Space,
                         data: Any) -> None:
        # A flat puck merely resting against a standing one pushes nothing: topple only
        # when the contact carried an impulse (more than 1 mm/s worth of momentum).
        if arb.total_impulse.length <= self.table.puck_mass * _EVENT_MIN_SPEED:
            return
        for sh in arb.shapes:
            pk = self._shape_puck.get(sh)
            if pk is not None and pk.standing:
                if ("topple", pk.id) not in self._pending:
                    self._pending.append(("topple", pk.id))

    def _on_solid_separate(self, arb: pymunk.Arbiter, space: pymunk.Space,
                           data: Any) -> None:
        """A puck–puck or puck–wall contact ends (or its shape left the space)."""
        if space is self._space:
            self._touching.end()

    def _on_wall(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        if space is self._space:
            self._touching.begin()
        sa, sb = arb.shapes
        if sa in self._shape_puck:
            pk, wall, sign = self._shape_puck[sa], self._wall_names[sb], 1.0
        else:
            pk, wall, sign = self._shape_puck[sb], self._wall_names[sa], -1.0
        v = pk.body.velocity
        if wall in ("left_board", "right_board") and abs(v.x) > self.params.v_off:
            # M-P4: too fast, it flies over the end board.
            arb.process_collision = False
            side = "left" if wall == "left_board" else "right"
            self._events.append(ShotEvent(self._now() + self._h, "off_table", (pk.id,),
                                          side, v.length))
            self._pending.append(("off", pk.id))
            return
        n = arb.normal                       # from the first shape to the second
        vn = sign * (v.x * n.x + v.y * n.y)  # approach speed toward the wall
        if vn >= _EVENT_MIN_SPEED:
            self._events.append(ShotEvent(self._now() + self._h, "rail", (pk.id,), wall,
                                          vn))

    def _on_sensor_begin(self, arb: pymunk.Arbiter, space: pymunk.Space,
                         data: Any) -> None:
        for sh in arb.shapes:
            pk = self._shape_puck.get(sh)
            if pk is not None:
                self._near_edge[pk.id] = pk

    def _on_sensor_separate(self, arb: pymunk.Arbiter, space: pymunk.Space,
                            data: Any) -> None:
        for sh in arb.shapes:
            pk = self._shape_puck.get(sh)
            if pk is not None:
                self._near_edge.pop(pk.id, None)

    # ================================================================ stepping
    def _substep(self) -> None:
        """One fixed sub-step of ``params.dt`` seconds plus the bookkeeping. Every
        ``_CHECK_EVERY`` sub-steps of a shot it also scans the pucks (clamp, park) and
        ends the shot when everything is at rest (M-P7). The cadence counts from the
        shot, so rest is found at the same sub-step however the time is fed."""
        self._space_step(self._h)
        self._time += self._h
        self._steps += 1
        self._shot_steps += 1
        self._fresh = False
        if self._pending:
            self._run_pending()
        if self._near_edge:
            self._check_drops()
        if self._falling:
            self._check_falls()
        if self._shot_steps % _CHECK_EVERY == 0 and self._shot_active:
            if self._scan(True):
                self._finish_shot()

    def _deferred(self) -> None:
        """pymunk's deferred additions, removals and post-step callbacks, as
        ``Space.step`` runs them after a step (for :meth:`_advance`)."""
        sp = self._space
        sp.add(*sp._add_later)
        sp._add_later.clear()
        while sp._remove_later:
            sp.remove(sp._remove_later.popitem()[0])
        for key in sp._post_step_callbacks:
            sp._post_step_callbacks[key](sp)
        sp._post_step_callbacks.clear()

    def _advance(self, n_max: int, until_rest: bool) -> int:
        """Run up to ``n_max`` sub-steps exactly as :meth:`_substep` does them one by one
        (stopping when the shot comes to rest if ``until_rest``) and return how many ran.

        The sub-steps between two rest checks (every ``_CHECK_EVERY`` of a shot) run in
        one loop around Chipmunk's ``cpSpaceStep`` (see :func:`_batch_stepper`), leaving
        it only after a sub-step that left work: a callback queued something, or a puck
        is near a gutter edge or falling (pymunk's deferred additions and removals, which
        no callback of this World makes, are run after the batch). The rest checks and
        that work run in :meth:`_substep`'s order."""
        fast = self._batch
        n = 0
        if fast is None:
            while n < n_max and (self._shot_active or not until_rest):
                self._substep()
                n += 1
            return n
        cp_step, handle, check, add_later, remove_later, post_step, removed = fast
        space = self._space
        pending, near, falling = self._pending, self._near_edge, self._falling
        h = self._h
        every = _CHECK_EVERY
        set_attr = object.__setattr__
        while n < n_max:
            active = self._shot_active
            if active:
                k = every - self._shot_steps % every
                if k > n_max - n:
                    k = n_max - n
            elif until_rest:
                break
            else:
                k = n_max - n
            if check:                          # pymunk has bodies to check: its step
                self._substep()
                n += 1
                continue
            j = 0
            set_attr(space, "_locked", True)
            try:
                for j in range(1, k + 1):      # k ≥ 1
                    cp_step(handle, h)
                    self._time += h
                    # (pymunk defers a Space.add/remove made in a callback; no callback of
                    # this World makes one — they queue their work in _pending — so
                    # pymunk's lists are looked at once the batch is over)
                    if pending or near or falling:
                        break
            finally:
                set_attr(space, "_locked", False)
            if removed:                        # shapes removed before these sub-steps,
                removed.clear()                # kept alive through the first (pymunk)
            n += j
            self._steps += j
            self._shot_steps += j
            self._fresh = False
            if add_later or remove_later or post_step:
                self._deferred()
            if pending:
                self._run_pending()
            if near:
                self._check_drops()
            if falling:
                self._check_falls()
            if active and self._shot_steps % every == 0 and self._shot_active:
                if self._scan(True):
                    self._finish_shot()
        return n

    def _run_pending(self) -> None:
        pending = self._pending[:]
        self._pending.clear()          # in place: _advance holds the list
        for what, pid in pending:
            pk = self._pucks.get(pid)
            if pk is None or pk.state == "off_table":
                continue
            if what == "unpark":
                self._unpark(pk)
            elif what == "topple":
                self._topple(pk)
            elif what == "off":
                self._leave_table(pk)

    def _topple(self, pk: _Puck) -> None:
        """M-P6: the standing puck becomes a flat disc where it stands, keeping the
        momentum it received."""
        if not pk.standing:
            return
        b = pk.body
        ang_mom = b.angular_velocity * self._moment_box
        self._space.remove(pk.shape)
        del self._shape_puck[pk.shape]
        pk.standing = False
        b.moment = self._moment_disc
        b.angular_velocity = ang_mom / self._moment_disc
        shape = pymunk.Circle(b, self.table.puck_radius)
        shape.collision_type = _CT_PUCK
        shape.elasticity = self._pp_e
        shape.friction = self._pp_f
        shape.filter = _F_TABLE_PUCK
        pk.shape = shape
        self._space.add(shape)
        self._shape_puck[shape] = pk
        self._events.append(ShotEvent(self._now(), "topple", (pk.id,), None,
                                      b.velocity.length))
        self._unpark(pk)

    def _leave_table(self, pk: _Puck) -> None:
        """M-P4: remove a puck that flew over an end board; it is recorded at the board
        it crossed (x = 0 or the table length)."""
        b = pk.body
        x, pk.y = b.position
        pk.x = 0.0 if x < self.table.centre_x else self.table.length
        self._remove_from_space(pk)
        pk.state = "off_table"

    def _remove_from_space(self, pk: _Puck) -> None:
        if pk.body is None:
            return
        self._space.remove(pk.body, pk.shape)
        if not pk.parked:
            _remove_joint(self._space, pk.pivot)
        else:
            self._n_parked -= 1
        self._shape_puck.pop(pk.shape, None)
        self._near_edge.pop(pk.id, None)
        self._falling.pop(pk.id, None)
        self._by_body_id.pop(pk.body.id, None)
        self._puck_of_cp.pop(pk.body._body, None)
        pk.body = pk.shape = pk.pivot = pk.mem = None
        pk.parked = False

    def _check_drops(self) -> None:
        """M-P3: a puck whose centre passed a gutter edge line drops into that gutter.
        Parked pucks are still (anything that moves one unparks it first), so only
        moving ones are read, through Chipmunk's getter (a quarter of the cost of
        ``Body.position``: this runs every sub-step a puck is near a gutter)."""
        gl, gr = self._edges
        for pid, pk in list(self._near_edge.items()):
            if pk.parked:
                continue
            x = pk.mem[_M_X]
            if x < gl or x > gr:
                side = "left" if x < gl else "right"
                del self._near_edge[pid]
                if pk.standing:            # cannot happen for a legal placement
                    self._topple(pk)
                pk.state = "gutter_" + side
                pk.shape.filter = _F_GUTTER_PUCK
                pk.fall_left = self._t_fall
                if pk.parked:
                    self._unpark(pk)
                self._set_friction(pk)
                self._falling[pid] = pk
                self._events.append(ShotEvent(self._now(), "drop", (pid,), side,
                                              pk.body.velocity.length))

    def _check_falls(self) -> None:
        for pid, pk in list(self._falling.items()):
            pk.fall_left -= self._h
            if pk.fall_left <= 1e-12:
                pk.fall_left = 0.0
                del self._falling[pid]
                self._set_friction(pk)

    def _scan(self, housekeep: bool) -> bool:
        """Read every body's velocity in one batch call and return whether the world
        is at rest (M-P7). With ``housekeep``: clamp speeds to the launch cap (M-P5) and
        park still pucks that touch no other puck.

        :raises FloatingPointError: if a velocity became NaN (never seen; a safeguard).
        """
        spun = False
        if housekeep and len(self._by_body_id) - self._n_parked <= _FEW:
            decided = self._check_few()
            if decided is not None:
                return decided
            spun = True                        # _check_few applied the spin friction
        scan = self._bodies
        floats = scan.read(self._space)        # vx, vy, ω per body
        if housekeep and not spun:
            spins = floats[2::3]
            if any(spins):                     # some puck spins (0.0 is false)
                self._spin_friction(scan, floats, spins)
        rest = not (self._falling or self._pending)
        # Fast path while things clearly move, from one C call: t² = Σ(vx² + vy² + ω²)
        # of all n bodies. At rest every vx² + vy² < rest_speed² and ω² < rest_ω², so
        # t ≥ √n·√(rest_speed² + rest_ω²) proves something moves; and t ≤ launch_cap
        # proves no puck is above the cap (M-P5). The full per-puck pass (parking, NaN
        # guard, clamp) then runs only every 4th check (every 32 sub-steps).
        if housekeep and self._shot_steps % (_FULL_EVERY * _CHECK_EVERY):
            t = _hypot(*floats)
            if self._rest_t2 * len(floats) <= t * t and t <= self.params.launch_cap:
                return False
        ids = scan.ids()
        it = iter(floats)
        vmax2, wmax = self._rest_v2, self._rest_w
        park = housekeep and self.params.park
        for bid, vx, vy, w in zip(ids, it, it, it):
            sp2 = vx * vx + vy * vy
            if not (sp2 < vmax2 and -wmax < w < wmax):
                rest = False
                if housekeep and not sp2 <= self._cap2:
                    pk = self._by_body_id[bid]
                    if sp2 != sp2 or w != w:
                        raise FloatingPointError(f"M-P5: puck {pk.id} has a NaN velocity")
                    k = self.params.launch_cap / math.sqrt(sp2)
                    pk.body.velocity = (vx * k, vy * k)
            elif park and sp2 < _STILL2 and -_STILL < w < _STILL:
                pk = self._by_body_id.get(bid)
                if (pk is not None and not pk.parked and pk.fall_left == 0.0
                        and not self._touches_other_puck(pk)):
                    self._park(pk)
        return rest

    def _check_few(self) -> bool | None:
        """The rest check (M-P7) when at most ``_FEW`` pucks are unparked (a lone shot,
        the start and the end of a break), from those pucks alone; None when the batch
        pass of :meth:`_scan` must decide. Parked pucks are still (v = ω = 0 exactly:
        anything that moves one unparks it before the check), so they change nothing
        here but the order in which the batch pass parks pucks.

        It first applies this check's spin friction to every unparked puck not in free
        fall, as :meth:`_spin_friction` does (the batch pass then does not). Between two
        full passes it returns False when the batch pass would: some speed ≥ rest_speed
        and none above the cap (no puck falling); else ``t = |(vx, vy, ω) of every
        body|`` against the batch pass's thresholds with a margin of 1e-9 (``math.hypot``
        is within an ulp in any order of its arguments, and parked bodies add only
        zeros). In a full pass it decides unless a puck is above the cap (the clamp) or
        two pucks could be parked (the batch pass parks them in the space's body order,
        which decides how Chipmunk files them): it parks the one still puck that touches
        no other, and returns whether everything is at rest.
        """
        dw = self._dw_scan
        cap2, rest2, wmax = self._cap2, self._rest_v2, self._rest_w
        moving = over = False
        slow = True
        still = None
        n_still = 0
        vals: list[float] = []
        for pk in self._pucks.values():
            if pk.parked or pk.body is None:
                continue
            m = pk.mem                         # unparked, so awake: written in place
            vx, vy, w = m[_M_VX], m[_M_VY], m[_M_W]
            if w != 0.0 and pk.fall_left == 0.0:
                w = 0.0 if -dw <= w <= dw else (w - dw if w > 0.0 else w + dw)
                m[_M_W] = w
            sp2 = vx * vx + vy * vy
            if not sp2 <= cap2:
                over = True                    # above the cap (or NaN): the batch pass
            elif sp2 >= rest2:
                moving = True
            if not (sp2 < rest2 and -wmax < w < wmax):
                slow = False
            elif sp2 < _STILL2 and -_STILL < w < _STILL and pk.fall_left == 0.0:
                still = pk
                n_still += 1
            vals += (vx, vy, w)
        if over:
            return None
        waiting = self._falling or self._pending
        if self._shot_steps % (_FULL_EVERY * _CHECK_EVERY):
            if moving and not waiting:
                return False
            t = _hypot(*vals)
            n = 3 * (len(self._by_body_id) + self._n_other_bodies)   # the batch pass's
            if (t * t >= self._rest_t2 * n * (1.0 + 1e-9)
                    and t <= self.params.launch_cap * (1.0 - 1e-9)):
                return False
            return None
        if self.params.park and still is not None:
            if n_still > 1:
                return None
            if not self._touches_other_puck(still):
                self._park(still)
        return slow and not waiting

    def _spin_friction(self, scan: "_BodyScan", floats: list[float],
                       spins: list[float]) -> None:
        """M-P2: the table's friction torque on every spinning puck not in free fall,
        for the ``_CHECK_EVERY`` sub-steps since the last check: ``|ω|`` falls by
        ``4μg/(3R)·8h`` (to 0 if less). ``floats`` (vx, vy, ω per body, in the space's
        body order, as ``scan`` read them; ``spins`` its ω) is updated and written back
        in one batch call."""
        dw = self._dw_scan
        floats[2::3] = [0.0 if -dw <= w <= dw else (w - dw if w > 0.0 else w + dw)
                        for w in spins]
        if self._falling:                      # no table under a falling puck: keep its ω
            by_id = self._by_body_id
            for i, bid in enumerate(scan.ids()):
                pk = by_id.get(bid)
                if pk is None or pk.fall_left > 0.0:
                    floats[3 * i + 2] = spins[i]
        if self._n_parked:
            # A batch write would wake every sleeping puck (cpBodySetVelocity activates
            # its body): write the spinning ones one by one, in place (sleeping pucks
            # have ω = 0; a spinning one is awake).
            by_id = self._by_body_id
            for i, bid in enumerate(scan.ids()):
                if spins[i] != 0.0:
                    by_id[bid].mem[_M_W] = floats[3 * i + 2]
            return
        scan.put(floats)
        scan.write(self._space)

    def step(self, dt: float, max_substeps: int = 240) -> None:
        """Advance the world by ``dt`` seconds (e.g. one frame) in fixed sub-steps of
        ``params.dt`` (≤ 1/240 s) fed from an accumulator (M-P5): the leftover time is
        kept for the next call, so outcomes never depend on the frame rate. At most
        ``max_substeps`` sub-steps run per call (the rest of the time is dropped, like a
        clamped frame delta).

        :raises ValueError: if ``dt`` is negative or not finite.
        """
        if not (math.isfinite(dt) and dt >= 0):
            raise ValueError(f"M-P5: dt must be a finite number ≥ 0, not {dt!r}")
        acc = self._acc + dt
        h = self._h
        n = 0
        while acc >= h and n < max_substeps:
            acc -= h
            n += 1
        if n == max_substeps and acc >= h:
            acc = 0.0
        self._acc = acc
        self._advance(n, False)

    def _finish_shot(self) -> None:
        """The shot came to rest (M-P7): zero the last creep (< 5 mm/s, which table
        friction stops within one sub-step anyway) so the state is final, park still
        pucks, and record overhanging pucks (M-P3, needed by M-F1)."""
        self._shot_active = False
        pucks = self._pucks
        live = [(pid, pucks[pid]) for pid in sorted(pucks) if pucks[pid].body is not None]
        ids, f = self._bodies.read_all(self._space)      # x, y, angle, vx, vy, ω per body
        at = {bid: 6 * i for i, bid in enumerate(ids)}
        moving = [(pid, pk) for pid, pk in live if not pk.parked]
        park = self.params.park
        # Nothing moves here (parking only zeroes velocities), so a puck whose centre is
        # farther than _TOUCH_REACH from every other centre touches none: it is parked
        # without the shape query (which costs as much as a sub-step). The others ask.
        # With few unparked pucks, they ask at once.
        near: set[int] | None = None
        if park and len(moving) > _FEW:
            near = set()
            xs = sorted(((f[at[pk.bid]], f[at[pk.bid] + 1]), pid) for pid, pk in live)
            reach, reach2 = _TOUCH_REACH, _TOUCH_REACH * _TOUCH_REACH
            for i, ((x, y), pid) in enumerate(xs):
                for (x2, y2), pid2 in xs[i + 1:]:
                    if x2 - x >= reach:
                        break
                    if (x2 - x) ** 2 + (y2 - y) ** 2 < reach2:
                        near.add(pid)
                        near.add(pid2)
        for pid, pk in moving:
            m = pk.mem                           # unparked, so awake
            m[_M_VX] = m[_M_VY] = m[_M_W] = 0.0
            if park and ((near is not None and pid not in near)
                         or not self._touches_other_puck(pk)):
                self._park(pk)
        # M-P3: overhanging pucks (Table.overhangs written out, as in pucks())
        gl, gr = self._edges
        r = self.table.puck_radius
        for pid, pk in live:
            if pk.state == "table":
                x = f[at[pk.bid]]
                if gl <= x <= gr and (x - r < gl or x + r > gr):
                    side = "left" if x - r < gl else "right"
                    self._events.append(ShotEvent(self._now(), "overhang", (pid,), side, 0.0))

    def run_until_rest(self, max_s: float = 20.0) -> ShotReport:
        """Simulate until every puck is at rest (M-P7) or ``max_s`` simulated seconds
        have passed since this call, and report the shot: every puck's final
        :class:`PuckState`, the events since the last :meth:`shoot` (or since the world
        was built/restored) in time order, the duration since that shot (s), and
        whether it rested. Rest is checked every 8 sub-steps (1/30 s).

        :raises ValueError: if ``max_s`` is negative or not finite.
        """
        if not (math.isfinite(max_s) and max_s >= 0):
            raise ValueError(f"M-P7: max_s must be a finite number ≥ 0, not {max_s!r}")
        n_max = int(round(max_s / self._h))
        if not self._shot_active and not self._scan(False):
            self._shot_active = True      # moving without a shot (a hand-made snapshot)
            self._shot_steps = 0
        self._advance(n_max, True)
        return ShotReport(self.pucks(), self._events_from(self._shot_event0),
                          self._now(), not self._shot_active)

    # ================================================================ queries
    def at_rest(self) -> bool:
        """True when no puck is falling into a gutter and every puck moves slower than
        ``rest_speed`` (5 mm/s) and spins slower than ``rest_rim_speed`` (5 mm/s at the
        rim) — M-P7. While a shot is in progress this only turns True at the sub-step
        where the shot's own rest check (every 8 sub-steps) ended it, so the final state
        does not depend on when a scene asks."""
        if self._shot_active:
            return False
        return self._scan(False)

    def _state_of(self, pk: _Puck) -> PuckState:
        if pk.body is None:
            return PuckState(pk.id, pk.state, pk.x, pk.y)
        b = pk.body
        x, y = _get_xy(b)
        vx, vy = _get_v(b)
        state = pk.state
        if state == "table" and self.table.overhangs(x) is not None:
            state = "overhang"
        return PuckState(pk.id, state, x, y, vx, vy, _get_angle(b), _get_w(b), pk.standing)

    def pucks(self) -> dict[int, PuckState]:
        """Current state of every puck by id (off-table pucks keep where they left).
        ``"overhang"`` is reported whenever the centre is on the table and the disc
        reaches past a gutter edge line (M-P3); it is meaningful at rest."""
        # _state_of for every puck, with Table.overhangs written out and the bodies read
        # in one batch call (it is called for every rollout of the AI)
        gl, gr = self._edges
        r = self.table.puck_radius
        ids, f = self._bodies.read_all(self._space)
        at = {bid: 6 * i for i, bid in enumerate(ids)}
        out = {}
        new, setattr_, cls = _new_object, _object_setattr, PuckState   # _frozen, inline
        for pid, pk in self._pucks.items():
            b = pk.body
            if b is None:
                out[pid] = PuckState(pk.id, pk.state, pk.x, pk.y)
                continue
            j = at[pk.bid]
            x = f[j]
            state = pk.state
            if state == "table" and gl <= x <= gr and (x - r < gl or x + r > gr):
                state = "overhang"
            obj = new(cls)
            setattr_(obj, "__dict__", {
                "id": pk.id, "state": state, "x": x, "y": f[j + 1], "vx": f[j + 3],
                "vy": f[j + 4], "angle": f[j + 2], "spin": f[j + 5],
                "standing": pk.standing})
            out[pid] = obj
        return out

    def puck(self, puck_id: int) -> PuckState:
        """State of one puck.

        :raises KeyError: for an unknown id.
        """
        return self._state_of(self._pucks[puck_id])

    def contacts(self) -> list[Contact]:
        """Current contact points (debug view): one :class:`Contact` per point of every
        touching pair (puck–puck once, puck–static part), sensors excluded."""
        out: list[Contact] = []
        seen: set[tuple[int, Any]] = set()

        def visit(arb: pymunk.Arbiter) -> None:
            sa, sb = arb.shapes
            if sa.sensor or sb.sensor:
                return
            ia = self._shape_puck[sa].id if sa in self._shape_puck else self._wall_names[sa]
            ib = self._shape_puck[sb].id if sb in self._shape_puck else self._wall_names[sb]
            if isinstance(ia, str):
                ia, ib = ib, ia
                flip = -1.0
            else:
                flip = 1.0
            key = (ia, ib) if isinstance(ib, str) or ia < ib else (ib, ia)
            if key in seen:
                return
            seen.add(key)
            cps = arb.contact_point_set
            n = cps.normal
            for cp in cps.points:
                out.append(Contact(ia, ib, cp.point_a.x, cp.point_a.y, n.x * flip,
                                   n.y * flip, -cp.distance))

        for pid in sorted(self._pucks):
            pk = self._pucks[pid]
            if pk.body is not None:
                pk.body.each_arbiter(visit)
        return out

    @property
    def time(self) -> float:
        """World clock in simulated seconds since the world was built or restored."""
        return self._time

    @property
    def shot_time(self) -> float:
        """Simulated seconds since the last :meth:`shoot` (or build/restore)."""
        return self._now()

    def _events_from(self, index: int) -> tuple[ShotEvent, ...]:
        """The events after the first ``index`` as :class:`ShotEvent` (the contact
        callback records plain tuples; they are made into events here, once)."""
        ev = self._events
        new, setattr_, cls = _new_object, _object_setattr, ShotEvent   # _frozen, inline
        for i in range(index, len(ev)):
            e = ev[i]
            if type(e) is tuple:
                obj = new(cls)
                setattr_(obj, "__dict__", {"t": e[0], "kind": e[1], "pucks": e[2],
                                           "where": e[3], "speed": e[4]})
                ev[i] = obj
        return tuple(ev[index:])

    @property
    def event_count(self) -> int:
        """Number of events recorded since the world was built or restored; pass it to
        :meth:`events_since` later to get only the new ones."""
        return len(self._events)

    def events_since(self, index: int) -> tuple[ShotEvent, ...]:
        """Events recorded after the first ``index`` ones, in time order (a real-time
        scene keeps ``index = world.event_count`` after each frame and plays a sound per
        new event). Restoring a snapshot restarts the count at 0.

        :raises ValueError: for a negative index.
        """
        if index < 0:
            raise ValueError("M-P7: event index must be ≥ 0")
        return self._events_from(index)

    def debug_info(self) -> dict[str, Any]:
        """Everything a debug overlay may show besides :meth:`pucks` and
        :meth:`contacts`: ``time`` and ``shot_time`` (s), ``substeps``, ``at_rest``,
        ``parked``/``sleeping``/``falling``/``near_edge`` puck ids (parked pucks sleep
        in Chipmunk unless near a wall), ``event_count``, ``params``,
        ``touching`` (solid contacts being solved) and ``solver_iterations`` (those of
        the next sub-step: ``params.iterations`` while ``touching``, else 1)."""
        return {
            "time": self._time, "shot_time": self._now(), "substeps": self._steps,
            "at_rest": self.at_rest(),
            "parked": sorted(p.id for p in self._pucks.values() if p.parked),
            "sleeping": sorted(p.id for p in self._pucks.values()
                               if p.body is not None and _is_sleeping(p.body)),
            "falling": sorted(self._falling), "near_edge": sorted(self._near_edge),
            "event_count": len(self._events), "params": asdict(self.params),
            "solver_iterations": self._space.iterations, "touching": self._touching.n,
        }

    # ================================================================ editing
    def placement_problem(self, x: float, y: float, *, standing: bool = False,
                          angle: float = 0.0) -> str | None:
        """Why a puck could not be placed at (x, y) mm, or None if it can: outside the
        rails or end boards (M-T), a standing puck not on the table top (M-R9), or
        overlapping a puck in the same layer (table top or that gutter)."""
        t = self.table
        if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(angle)):
            return "M-T1: coordinates must be finite numbers"
        r = t.puck_radius
        if standing:
            if not t.centre_on_table(x):
                return "M-R9: a standing puck must stand on the table top"
            hw, hh = t.puck_diameter / 2.0, t.puck_thickness / 2.0
            c, s = math.cos(angle), math.sin(angle)
            ex, ey = abs(c) * hw + abs(s) * hh, abs(s) * hw + abs(c) * hh
            if not (ey <= y <= t.width - ey and ex <= x <= t.length - ex):
                return "M-T2: the standing puck does not fit between the rails"
        elif not t.inside(x, y):
            return "M-T2: the puck does not fit between the rails and end boards"
        layer = "table" if t.centre_on_table(x) else f"gutter_{t.gutter_side(x)}"
        probe_body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        probe_body.position = (x, y)
        probe_body.angle = angle
        if standing:
            hw, hh = t.puck_diameter / 2.0, t.puck_thickness / 2.0
            probe: pymunk.Shape = pymunk.Poly(probe_body, [(-hw, -hh), (hw, -hh),
                                                           (hw, hh), (-hw, hh)])
        else:
            probe = pymunk.Circle(probe_body, r - 1e-6)
        probe.filter = _F_TABLE_PUCK if layer == "table" else _F_GUTTER_PUCK
        for info in self._space.shape_query(probe):
            other = self._shape_puck.get(info.shape)
            if other is not None:
                return f"M-R1: the puck would overlap puck {other.id}"
        return None

    def place_puck(self, x: float, y: float, *, standing: bool = False,
                   angle: float = 0.0) -> int:
        """Put a puck at rest with its centre at (x, y) mm and return its id. A centre
        past a gutter edge line puts it in that gutter (M-P3). ``standing=True`` places a
        standing target (M-R9, M-P6) whose face (76 mm) lies along ``angle`` (rad from
        +x); the rules decide when that is allowed.

        :raises PlacementError: see :meth:`placement_problem`.
        """
        problem = self.placement_problem(x, y, standing=standing, angle=angle)
        if problem is not None:
            raise PlacementError(problem)
        pk = _Puck(self._next_id)
        self._next_id += 1
        side = self.table.gutter_side(x)
        pk.state = "table" if side is None else "gutter_" + side
        pk.standing = standing
        pk.parked = standing or self.params.park
        self._pucks[pk.id] = pk
        self._add_body(pk, float(x), float(y), 0.0, 0.0, float(angle), 0.0)
        # Still fresh: adding the highest id last is what a rebuild does too.
        self._unpark_touching(pk)
        return pk.id

    def remove_puck(self, puck_id: int) -> None:
        """Take a puck out of the world (e.g. back into a player's hand).

        :raises KeyError: for an unknown id.
        """
        pk = self._pucks.pop(puck_id)
        self._remove_from_space(pk)
        self._fresh = False
        self._pending[:] = [p for p in self._pending if p[1] != puck_id]

    def shoot(self, puck_id: int, vx: float, vy: float) -> None:
        """Launch a puck with velocity (vx, vy) mm/s, clamped to the launch cap
        (6000 mm/s, M-U1) and start a new shot: the shot clock and the report's event
        list restart here (M-R2). When every puck is at rest the pymunk space is first
        rebuilt from the puck states (unless nothing has stepped or been removed since
        the world was built or restored), so the outcome depends on the states only
        (M-P5). Shooting while pucks still move (a counter shot, M-F3) does not rebuild.

        :raises ShotError: unknown puck, a puck not flat on the table top, or a
            non-finite velocity.
        """
        pk = self._pucks.get(puck_id)
        if pk is None:
            raise ShotError(f"M-R2: no puck {puck_id!r}")
        if pk.state != "table" or pk.standing:
            raise ShotError(f"M-R2: puck {puck_id} is not lying on the table")
        if not (math.isfinite(vx) and math.isfinite(vy)):
            raise ShotError("M-U1: the launch velocity must be finite")
        sp = math.hypot(vx, vy)
        cap = self.params.launch_cap
        if sp > cap:
            vx, vy = vx * cap / sp, vy * cap / sp
        if not self._fresh and self.at_rest():
            self._rebuild(self.snapshot())
            pk = self._pucks[puck_id]
        if pk.parked:
            self._attach_joints(pk)
            pk.parked = False
            self._n_parked -= 1
        pk.body.velocity = (float(vx), float(vy))
        self._shot_t0 = self._time
        self._shot_event0 = len(self._events)
        self._shot_active = True
        self._shot_steps = 0

    # ================================================================ snapshots
    def snapshot(self) -> WorldSnapshot:
        """Plain-data copy of the whole state (see :class:`WorldSnapshot`)."""
        states = tuple(self._state_of(self._pucks[i]) for i in sorted(self._pucks))
        return WorldSnapshot(
            pucks=states,
            falling=tuple((i, self._pucks[i].fall_left) for i in sorted(self._falling)),
            parked=tuple(i for i in sorted(self._pucks) if self._pucks[i].parked),
            time=self._time, acc=self._acc, next_id=self._next_id, seed=self.seed,
            shot_active=self._shot_active, shot_steps=self._shot_steps,
            table=asdict(self.table), params=asdict(self.params))

    def restore(self, snap: WorldSnapshot) -> None:
        """Rebuild the world (a fresh pymunk space) from a snapshot, adopting its table
        and parameters. The event log and shot clock restart (``event_count`` 0).

        :raises ValueError: for an inconsistent snapshot.
        """
        if snap.table:
            self.table = Table(**snap.table)
        if snap.params:
            self.params = PhysicsParams(**snap.params)
        self.seed = snap.seed
        self._events = []
        self._shot_event0 = 0
        self._rebuild(snap)
        self._shot_active = snap.shot_active
        self._shot_steps = snap.shot_steps
        self._shot_t0 = self._time

    def _rebuild(self, snap: WorldSnapshot) -> None:
        self._build_space()
        self._pucks = {}
        self._time = snap.time
        self._acc = snap.acc
        self._next_id = snap.next_id
        falling = dict(snap.falling)
        parked = set(snap.parked)
        for st in sorted(snap.pucks, key=lambda s: s.id):
            if st.state not in PUCK_STATES:
                raise ValueError(f"M-P3: unknown puck state {st.state!r}")
            pk = _Puck(st.id)
            pk.state = "table" if st.state == "overhang" else st.state
            pk.standing = st.standing
            pk.x, pk.y = st.x, st.y
            self._pucks[pk.id] = pk
            if pk.state == "off_table":
                continue
            pk.fall_left = falling.get(pk.id, 0.0)
            pk.parked = (pk.id in parked and self.params.park) or pk.standing
            self._add_body(pk, st.x, st.y, st.vx, st.vy, st.angle, st.spin)
            self._unpark_touching(pk)
            if pk.fall_left > 0.0:
                self._falling[pk.id] = pk
        self._fresh = True
