"""Mississippi match rules: a pure state machine (no pygame, never runs physics).

The match consumes the *outcome* of each shot — a physics ``ShotReport`` or any object with
the same shape (see :class:`ReportLike`) — and decides everything a referee would: the lag
(M-L), roles, whose shot, the counts in each gutter ("in hand", M-O2), the pucks resting on
the table, the knock (M-R8), the standing target (M-R9), the flip window (M-F) and the
winner (M-R10, M-E1). Every transition records the rule id that decided it, and a
machine-readable ``code``, in :attr:`Match.last` (an :class:`Outcome`); illegal input raises
:class:`IllegalAction`, which carries the rule id (``rule``) and a short machine-readable
``code`` (decision 5), its message starting with the rule id. Scenes choose their texts by
``rule`` and ``code``, never by the English text. The match counts what happened
(:attr:`Match.stats`, a :class:`mississippi.stats.MatchStats`) and its end is typed
(:meth:`Match.outcome`, a :class:`MatchResult`).

The state protocol shared by the games (issue 14 §3, ``docs/games-api.md``,
``ludotheque.session.protocol.GameState``), where it fits: :attr:`Match.to_move`,
:meth:`Match.current_player`, :meth:`Match.legal_actions` (the names of the actions
possible now), :meth:`Match.play` (a new match after an :class:`Action` or its text —
shots carry their physical outcome, so their text is JSON with the report),
:meth:`Match.is_terminal`, :meth:`Match.outcome`, :meth:`Match.to_text` /
:meth:`Match.from_text`; :meth:`Match.apply` is the same step in place. The phase methods
(``lag_shot``, ``place_target``, ``shot`` …) stay. No chance nodes: the physics decides a
shot, and the report says what it decided.

Rules the scene used to decide and that live here now: the forgotten knock
(:meth:`Match.unknocked_shot`, M-R8), the flip race's clock — which fell first, when the
window closes (:class:`FlipRace`, :func:`flip_race_winner`, :data:`FLIP_WINDOW_S`, M-F1,
M-F3, M-F4) —, the team members' names and who shoots next (:func:`team_names`,
:meth:`Match.name`, M-E2), and where the puck in hand waits (:func:`hand_spot`, M-U1).
μ, g, the launch cap and the launch spots come from :mod:`mississippi.table`.

Puck ids. The match numbers pucks itself: :attr:`Match.next_puck_id` is the id the next
puck taken from a gutter gets (the lag puck, the target, the shot puck, the counter puck).
A report handed to :meth:`Match.shot` etc. must be keyed by these ids (a physics world
numbers its pucks on its own: ``mississippi.sim`` rebuilds a world from the match and
translates the report back).

World units are millimetres (M-T): x along the table from the outer edge of the left gutter,
y across it. Sides are ``"left"`` and ``"right"``; a player never changes ends (M-O1).

Interpretations this module had to make where the rulebook is silent (all cited in code):

* M-R8: after a forgotten knock the roles swap and the table is cleared as in M-R5
  (pucks to the nearer end, M-O4), so the new placer starts from an empty zone.
* M-R9 is built as written: the standing target is allowed only when the shooter has
  already knocked before the placement. A shooter who knocks after the target is placed
  still satisfies M-R8 but gives no standing target.
* M-R10: "both fall into the gutter" is read as both in the gutter at the placer's end
  (the shooter must be rid of the puck). A shot puck that came back to the shooter's own
  gutter (off the table, M-O5, or a bounce into the near gutter) counts as the puck taken
  back.
* M-L3: the lag pucks go back to their owners' gutters once the lag is decided or
  replayed, wherever they ended (a gutter or off the table included): the lag never changes
  the 8 + 8 start (M-O1).
* M-F3: a counter shot that pushes the target back fully onto the table closes the flip
  window (there is nothing left to flip) and play goes on as in M-R3. A counter that sends
  the target off the table is an M-R6 shot (roles swap).
* M-F3: "the target drops first" is strict — a drop at the very instant the flip starts
  is the flip's. M-F4: the window closes after :data:`FLIP_WINDOW_S` "if there is no
  counter": a counter released inside the window keeps it open until that shot comes to
  rest, so the race it started is decided (:func:`flip_race_winner`, :class:`FlipRace`).
* M-R8 (forgotten knock, :meth:`Match.unknocked_shot`): nothing is thrown — the puck stays
  in hand — and the shot still counts in :attr:`Match.shots` (the shooter's turn is used).
* M-E1 (defensive): if a player ever has no puck left at step 1 (only possible after
  freak bounces, e.g. a target knocked back past the middle), that player has got rid of
  all their pucks and wins.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping, Protocol

from mississippi.stats import COUNTERS, MatchStats
from mississippi.table import DECEL, G_MM_S2, LAUNCH_CAP, MU, Table

__all__ = [
    "IllegalAction", "Refusal", "Match", "Outcome", "MatchResult", "Action", "TablePuck",
    "PuckOutcome", "Report", "ReportLike", "SIDES", "other", "touches_zone", "nearer_end",
    "valid_target_spot", "team_names", "hand_spot", "FlipRace", "flip_race_winner",
    "FLIP_WINDOW_S", "MIN_THROW_SPEED", "MatchStats", "MU", "G_MM_S2", "DECEL", "LAUNCH_CAP",
    "TABLE_LENGTH", "TABLE_WIDTH", "GUTTER", "ZONE", "LEFT_EDGE", "RIGHT_EDGE",
    "PUCK_RADIUS", "PUCK_THICKNESS", "TOTAL_PUCKS", "PUCKS_EACH", "TABLE",
]

# --- geometry (M-T), millimetres: read from the one regulation table ---------------------
TABLE = Table()                            # mississippi.table: the regulation geometry (M-T)
TABLE_LENGTH = TABLE.length                # M-T1, 3770
TABLE_WIDTH = TABLE.width                  # M-T2, 495
GUTTER = TABLE.gutter_length               # M-T3, 270
ZONE = TABLE.zone_length                   # M-T4, 400
PUCK_RADIUS = TABLE.puck_radius            # M-T7, 38 (76 mm diameter)
PUCK_THICKNESS = TABLE.puck_thickness      # M-T7, 23
LEFT_EDGE = TABLE.gutter_edge("left")      # left gutter edge line (M-P3), 270
RIGHT_EDGE = TABLE.gutter_edge("right")    # right gutter edge line (M-P3), 3500
MIDDLE = TABLE.centre_x                    # 1885, M-O4
ZONES = {side: (TABLE.zone(side).x0, TABLE.zone(side).x1) for side in ("left", "right")}

TOTAL_PUCKS = 16               # M-O6
PUCKS_EACH = 8                 # M-O1
SIDES = ("left", "right")
PHASES = ("lag", "choose_role", "place", "shoot", "flip", "over")
ON_TABLE = ("table", "overhang")
GUTTER_STATES = {"gutter_left": "left", "gutter_right": "right"}


FLIP_WINDOW_S = 3.0
"""M-F4: seconds the placer has to start a flip once the window opens (the default; the
game's "Time to flip a hanging target" option may change it)."""

MIN_THROW_SPEED = 30.0
"""M-U1: a release slower than this (mm/s) is a press without a throw: nothing is shot."""


class IllegalAction(ValueError):
    """An action the rules forbid now (decision 5). ``rule``: the rule id it breaks
    (``"M-R1"``); ``code``: a short machine-readable reason (``"not-in-zone"``);
    ``text``: the English explanation. ``str(exc)`` is ``"<rule> <text>"``.

    Codes: ``wrong-phase`` (the action is not possible in this phase), ``not-legal-now``,
    ``unknown-action`` (:meth:`Match.apply`), ``empty-team`` (M-E2), ``no-puck`` (M-O2),
    ``report-lost-pucks``, ``report-wrong-puck``, ``unknown-state``, ``bad-save`` (M-O6),
    ``not-a-role`` (M-L2), ``not-in-zone``, ``not-between-rails``, ``overlaps-puck``
    (M-R1), ``standing-not-allowed`` (M-R9), ``knock-not-needed``, ``already-knocked``,
    ``no-knock-due`` (M-R8), ``flip-started``, ``no-flip-in-air`` (M-F1, M-F2, M-F4).
    """

    def __init__(self, rule: str, code: str = "", text: str | None = None) -> None:
        if text is None:                         # IllegalAction("M-R1 the target …")
            rule, _sp, text = rule.partition(" ")
        super().__init__(f"{rule} {text}")
        self.rule = rule
        self.code = code
        self.text = text

    def __reduce__(self):                        # picklable (AI worker processes)
        return (IllegalAction, (self.rule, self.code, self.text))

    @property
    def detail(self) -> str:
        """The English explanation without the rule id (the other games' name for it)."""
        return self.text

    @classmethod
    def of(cls, refusal: "Refusal") -> "IllegalAction":
        """The error for a :class:`Refusal`."""
        return cls(refusal.rule, refusal.code, refusal.text)


class Refusal(str):
    """Why an action would be refused: the English reason with the rule id first (a
    ``str``, as :func:`valid_target_spot` and :meth:`Match.check_target` always returned),
    carrying ``rule``, ``code`` and ``text`` like :class:`IllegalAction`."""

    rule: str
    code: str
    text: str

    def __new__(cls, rule: str, code: str, text: str) -> "Refusal":
        r = super().__new__(cls, f"{rule} {text}")
        r.rule, r.code, r.text = rule, code, text
        return r

    def __getnewargs__(self):
        return (self.rule, self.code, self.text)


def other(side: str) -> str:
    """The opposite end: ``"left"`` ↔ ``"right"``."""
    return "right" if side == "left" else "left"


def nearer_end(x: float) -> str:
    """M-O4: the end whose gutter a puck resting at ``x`` (mm) goes to when the table is
    cleared (``x < 1885`` → ``"left"``)."""
    return TABLE.nearer_end(x)


def half_extents(standing: bool, angle: float) -> tuple[float, float]:
    """Half-size (hx, hy) in mm of a puck's footprint seen from above.

    A flat puck is a 76 mm disc. A standing puck (M-R9, M-P6) is a 76 × 23 mm box whose
    face (76 mm) lies along ``angle`` (radians from +x, as in ``mississippi.physics``): at
    angle 0 the box is 76 mm along x and 23 mm across; at π/2 it faces the shooter.
    """
    if not standing:
        return PUCK_RADIUS, PUCK_RADIUS
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    return (0.5 * (2 * PUCK_RADIUS * c + PUCK_THICKNESS * s),
            0.5 * (2 * PUCK_RADIUS * s + PUCK_THICKNESS * c))


def touches_zone(side: str, x: float, y: float = TABLE_WIDTH / 2, *,
                 standing: bool = False, angle: float = 0.0) -> bool:
    """True when a puck centred at (x, y) mm reaches into the target zone at ``side``
    (M-R1, M-L3) with its centre still on the table (not past the gutter edge, M-P3)."""
    hx, _ = half_extents(standing, angle)
    lo, hi = ZONES[side]
    if side == "left":
        return lo <= x <= hi + hx
    return lo - hx <= x <= hi


def valid_target_spot(side: str, x: float, y: float, *, standing: bool = False,
                      angle: float = 0.0,
                      others: Iterable[tuple[float, float]] = ()) -> Refusal | None:
    """Check a target spot for the placer at ``side`` (M-R1).

    Returns ``None`` when legal, else a :class:`Refusal` (the English reason starting with
    the rule id; codes ``not-in-zone``, ``not-between-rails``, ``overlaps-puck``).
    ``others`` are (x, y) mm centres of pucks already on the table (a target may not
    overlap one). Coordinates that are not finite numbers are ``not-in-zone``.
    """
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in (x, y, angle)):
        return Refusal("M-R1", "not-in-zone",
                       "the target must touch your target zone with its centre on the table")
    hx, hy = half_extents(standing, angle)
    if not touches_zone(side, x, y, standing=standing, angle=angle):
        return Refusal("M-R1", "not-in-zone",
                       "the target must touch your target zone with its centre on the table")
    if not (hy - 1e-6 <= y <= TABLE_WIDTH - hy + 1e-6):
        return Refusal("M-R1", "not-between-rails", "the target must lie between the rails")
    for ox, oy in others:
        if math.hypot(ox - x, oy - y) < 2 * PUCK_RADIUS - 1e-6:
            return Refusal("M-R1", "overlaps-puck", "the target may not overlap another puck")
    return None


def team_names(name: str, size: int = 1) -> list[str]:
    """M-E2: the members of a side, in shooting order. ``"Ann, Alex"`` (or ``"Ann/Alex"``)
    gives two; otherwise ``size`` numbered members ``"Ann 1"``, ``"Ann 2"`` (one member:
    the name itself). An empty name stays one member called ``""``."""
    parts = [p.strip() for p in str(name).replace("/", ",").split(",") if p.strip()]
    if len(parts) > 1:
        return parts
    base = parts[0] if parts else str(name)
    return [base] if size <= 1 else [f"{base} {i + 1}" for i in range(size)]


def hand_spot(side: str, pucks: Iterable[tuple[float, float]] = ()) -> tuple[float, float]:
    """M-U1: where the shooter's puck in hand waits to be pressed (x, y mm): at the back
    of their own zone (:meth:`Table.hand_x`), mid-width, or 130 mm from a rail if a resting
    puck (``pucks``: (x, y) centres) is within 2.2 radii; mid-width if none is clear."""
    x = TABLE.hand_x(side)
    pucks = list(pucks)
    for y in (TABLE_WIDTH / 2, 130.0, TABLE_WIDTH - 130.0):
        if all(math.hypot(px - x, py - y) > 2.2 * PUCK_RADIUS for px, py in pucks):
            return x, y
    return x, TABLE_WIDTH / 2


def flip_race_winner(window: float = FLIP_WINDOW_S, flip_at: float | None = None,
                     counter_at: float | None = None, counter_drop: float | None = None,
                     counter_rest: float | None = None) -> str:
    """Who wins a flip race (M-F1, M-F3, M-F4), from its event times in seconds since the
    window opened: ``flip_at`` when the placer would start the flip (None: never),
    ``counter_at`` when the shooter releases a counter shot (None: none; it must be within
    the window), ``counter_drop`` how long after its release the counter knocks the target
    off the table (None: it does not), ``counter_rest`` how long after its release the
    counter's shot comes to rest.

    Returns ``"countered"`` (the target fell strictly before any flip started, M-F3),
    ``"flip"`` (the placer started the flip while the window was open, M-F1) or
    ``"expired"`` (neither, M-F4). The window stays open past ``window`` while a counter
    released inside it is still moving (M-F4: it closes "if there is no counter").
    """
    if counter_at is not None and not counter_at < window:
        counter_at = None                            # too late to counter
    drop = None if counter_at is None or counter_drop is None else counter_at + counter_drop
    if drop is not None and (flip_at is None or drop < flip_at):
        return "countered"
    if flip_at is not None:
        moving = (counter_at is not None and counter_rest is not None
                  and counter_at <= flip_at <= counter_at + counter_rest)
        if flip_at < window or moving:
            return "flip"
    return "expired"


@dataclass
class FlipRace:
    """The clock of one flip window (M-F1…M-F4), for a scene running in real time.

    ``window`` (s, :data:`FLIP_WINDOW_S`); ``t``: seconds since the window opened
    (:meth:`tick`); ``started_at``: when the placer started the flip; ``countered_at``:
    when the counter knocked the target off the table; ``counter_moving``: a counter shot
    is on the table. The match itself (:class:`Match`) is changed by the scene calling
    the phase methods the race says are due.
    """

    window: float = FLIP_WINDOW_S
    t: float = 0.0
    started_at: float | None = None
    countered_at: float | None = None
    counter_moving: bool = False

    def tick(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds."""
        self.t += max(0.0, float(dt))

    @property
    def open(self) -> bool:
        """The window is open: no flip started, the target not knocked in, and the time
        not up — or up while a counter is still moving (M-F4)."""
        return (self.started_at is None and self.countered_at is None
                and (self.t < self.window or self.counter_moving))

    def may_counter(self) -> bool:
        """M-F3: the shooter may release a counter now (inside the window, before the
        flip started, no counter already moving)."""
        return self.open and self.t < self.window and not self.counter_moving

    def start_flip(self) -> bool:
        """M-F1: the placer starts the flip now; False (nothing changes) when the window is
        not open — e.g. the counter's target already fell (M-F3: it fell first)."""
        if not self.open:
            return False
        self.started_at = self.t
        return True

    def target_fell(self) -> bool:
        """M-F3: the counter knocked the target off the table now; True when that was
        before any flip (the counter wins: no flip, roles stay)."""
        if self.started_at is not None or self.countered_at is not None:
            return False
        self.countered_at = self.t
        return True

    @property
    def countered(self) -> bool:
        """The counter won the race (M-F3)."""
        return self.countered_at is not None

    @property
    def expired(self) -> bool:
        """M-F4: no flip within the window and no counter moving: play goes on (M-R3)."""
        return (self.started_at is None and self.countered_at is None
                and self.t >= self.window and not self.counter_moving)

    def in_air(self) -> float | None:
        """Seconds the flipped target has been in the air, or None before the flip."""
        return None if self.started_at is None else self.t - self.started_at


# --- reports -------------------------------------------------------------------------------
class PuckLike(Protocol):
    """What the rules read of one puck in a report (physics ``PuckState`` fits)."""
    state: str      # "table" | "overhang" | "gutter_left" | "gutter_right" | "off_table"
    x: float        # mm
    y: float        # mm


class ReportLike(Protocol):
    """What the rules read of a shot (physics ``ShotReport`` fits): final puck states keyed
    by the match's puck ids. Optional ``standing``/``angle`` on pucks are kept when present."""
    pucks: Mapping[int, PuckLike]


@dataclass(frozen=True)
class PuckOutcome:
    """A hand-made final state of one puck (tests, translated reports). mm, radians."""
    state: str
    x: float = 0.0
    y: float = TABLE_WIDTH / 2
    standing: bool = False
    angle: float = 0.0


@dataclass(frozen=True)
class Report:
    """A hand-made (or translated) shot report: ``pucks`` maps match puck ids to outcomes."""
    pucks: Mapping[int, Any]
    events: tuple = ()
    duration: float = 0.0
    rested: bool = True


# --- state ---------------------------------------------------------------------------------
@dataclass
class TablePuck:
    """A puck at rest on the table: centre (x, y) mm, the end whose gutter it came from
    (``owner``, for its colour), standing on edge or flat, angle in radians."""
    x: float
    y: float
    owner: str
    standing: bool = False
    angle: float = 0.0

    @property
    def overhanging(self) -> bool:
        """M-P3: centre on the table but the disc reaches past a gutter edge line."""
        hx, _ = half_extents(self.standing, self.angle)
        return self.x - hx < LEFT_EDGE or self.x + hx > RIGHT_EDGE


@dataclass(frozen=True)
class Outcome:
    """What the last transition did: the deciding rule id, a short English explanation,
    extra facts, and ``code``, a machine-readable name of what happened (scenes show their
    own translated text keyed by ``rule`` and ``code``).

    Codes: ``lag-start``, ``lag-next``, ``lag-replay`` (M-L1, M-L3), ``lag-won``,
    ``role-chosen`` (M-L2), ``target-placed``, ``standing-target-placed`` (M-R1, M-R9),
    ``target-fell`` (M-R3), ``both-fell`` (M-R4), ``target-stayed`` (M-R5), ``missed``
    (M-R7), ``off-table`` (M-R6), ``knocked``, ``forgot-knock`` (M-R8), ``last-puck-won``,
    ``last-puck-failed`` (M-R10; fact ``off``: which of ``"target"``, ``"shot puck"``
    flew off the table, M-P4), ``flip-window``, ``flip-started`` (M-F1),
    ``flip-caught``, ``flip-dropped`` (M-F2), ``countered``, ``counter-too-late``,
    ``counter-pushed-back``, ``counter-missed`` (M-F3), ``flip-window-expired`` (M-F4),
    ``no-puck-left`` (M-E1).
    """
    rule: str
    text: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    code: str = ""

    @property
    def swapped(self) -> bool:
        """Roles swapped in this transition."""
        return bool(self.facts.get("swapped", False))


@dataclass(frozen=True)
class MatchResult:
    """How a finished match ended (M-E1), the protocol's typed outcome: ``winner`` and
    ``loser`` sides, the winner's name (M-E2), the deciding ``rule`` (``"M-R10"``, or
    ``"M-E1"`` for the defensive case), ``scores`` — pucks left in hand, ``(left, right)``
    (the winner has none) —, and the final counts. There is no draw in Mississippi
    (M-E1): ``draw`` is always False."""
    winner: str
    loser: str
    winner_name: str
    rule: str
    shots: int
    role_swaps: int
    gutters: Mapping[str, int]

    @property
    def draw(self) -> bool:
        return False

    @property
    def scores(self) -> tuple[int, int]:
        """Pucks in hand at the end, ``(left, right)``."""
        return (self.gutters["left"], self.gutters["right"])

    def returns(self) -> tuple[int, int]:
        """OpenSpiel's returns, ``(left, right)``: +1 the winner, −1 the loser."""
        return (1, -1) if self.winner == "left" else (-1, 1)


ACTION_KINDS = ("lag_shot", "choose_role", "place_target", "knock", "shot", "flip_start",
                "flip_caught", "flip_dropped", "flip_window_expired", "counter_shot",
                "unknocked_shot")
NO_ARGUMENT_KINDS = ("knock", "flip_start", "flip_caught", "flip_dropped",
                     "flip_window_expired", "unknocked_shot")
"""Action kinds whose text is the kind alone (:meth:`Action.to_text`)."""


@dataclass(frozen=True)
class Action:
    """One action of the state protocol (:meth:`Match.apply`): ``kind`` is one of the
    names :meth:`Match.legal_actions` gives; ``report`` for ``lag_shot`` / ``shot`` /
    ``counter_shot`` (a shot's outcome, :class:`ReportLike`); ``role`` for
    ``choose_role``; ``x, y`` (mm), ``standing``, ``angle`` (rad) for ``place_target``.
    """
    kind: str
    report: Any = None
    role: str | None = None
    x: float = 0.0
    y: float = 0.0
    standing: bool = False
    angle: float = 0.0

    def to_text(self) -> str:
        """The action as text: its kind alone (``"knock"``, ``"flip_start"`` …) when it
        has no arguments, else one line of JSON (a report's pucks with their state, x, y,
        standing, angle). :meth:`from_text` reads both."""
        if self.kind in NO_ARGUMENT_KINDS:
            return self.kind
        d: dict[str, Any] = {"kind": self.kind}
        if self.kind == "choose_role":
            d["role"] = self.role
        elif self.kind == "place_target":
            d.update(x=self.x, y=self.y, standing=self.standing, angle=self.angle)
        elif self.report is not None:
            d["report"] = {str(k): {"state": p.state, "x": float(p.x), "y": float(p.y),
                                    "standing": bool(getattr(p, "standing", False)),
                                    "angle": float(getattr(p, "angle", 0.0))}
                           for k, p in self.report.pucks.items()}
        return json.dumps(d, separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """Inverse of :meth:`to_text`.

        :raises IllegalAction: ``M-O6`` / ``unknown-action`` for text that is no action.
        """
        t = str(text).strip()
        if t in ACTION_KINDS:
            return cls(t)
        try:
            d = json.loads(t)
            kind = d["kind"]
            if kind not in ACTION_KINDS:
                raise ValueError(f"no such action {kind!r}")
            rep = d.get("report")
            report = None
            if rep is not None:
                report = Report({int(k): PuckOutcome(str(v["state"]), float(v["x"]),
                                                     float(v["y"]), bool(v.get("standing", False)),
                                                     float(v.get("angle", 0.0)))
                                 for k, v in rep.items()})
            return cls(kind, report, d.get("role"), float(d.get("x", 0.0)),
                       float(d.get("y", 0.0)), bool(d.get("standing", False)),
                       float(d.get("angle", 0.0)))
        except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
            raise IllegalAction("M-O6", "unknown-action", f"not an action: {exc}") from exc


class Match:
    """One Mississippi match between two players or two teams (M-E2).

    Attributes (read them; change them only through the methods):

    * ``phase``: ``"lag"`` | ``"choose_role"`` | ``"place"`` | ``"shoot"`` | ``"flip"`` | ``"over"``
    * ``teams``: ``{"left": [names…], "right": [names…]}`` (one name each for two players)
    * ``gutter``: ``{"left": n, "right": n}`` pucks in each gutter = in that player's hand
    * ``table``: ``{puck id: TablePuck}`` pucks resting on the table
    * ``shooter`` / ``placer``: sides (``None`` until the lag is decided)
    * ``target``: id of the target on the table, or ``None``
    * ``knocked``: the shooter has knocked for the current shot (M-R8)
    * ``flip_started``: the placer has the target in the air (M-F1)
    * ``lag_side``: who lags next; ``chooser``: who won the lag (M-L2)
    * ``winner``: side or ``None``; ``shots`` (lag shots and shots; counter shots are
      counted in :attr:`stats`), ``role_swaps``, ``lag_rounds`` counters
    * ``last``: the :class:`Outcome` of the last transition; ``history`` all of them
      since the match was made or loaded; ``stats``: a :class:`MatchStats` of the match.

    It also speaks the small state protocol of the three games (issue 14 §3):
    :attr:`to_move`, :meth:`legal_actions`, :meth:`apply`, :attr:`is_over`,
    :attr:`outcome`, :meth:`to_text`, :meth:`from_text`.
    """

    def __init__(self) -> None:
        self.phase = "lag"
        self.teams: dict[str, list[str]] = {"left": ["Left"], "right": ["Right"]}
        self.member = {"left": 0, "right": 0}
        self.gutter = {"left": PUCKS_EACH, "right": PUCKS_EACH}
        self.table: dict[int, TablePuck] = {}
        self.lag_out: dict[int, str] = {}       # lag pucks in a gutter / off table → owner
        self.lag_pucks: dict[str, int] = {}     # side → its lag puck id this round
        self.shooter: str | None = None
        self.placer: str | None = None
        self.target: int | None = None
        self.knocked = False
        self.knocked_before_place = False
        self.flip_started = False
        self.lag_side = "left"
        self.chooser: str | None = None
        self.winner: str | None = None
        self.next_puck_id = 1
        self.shots = 0
        self.role_swaps = 0
        self.lag_rounds = 0
        self.tally: dict[str, int] = {k: 0 for k in COUNTERS
                                      if k not in ("shots", "role_swaps", "lag_rounds")}
        self.last = Outcome("M-L1", "Lag: each player slides one puck to the far end.",
                            code="lag-start")
        self.history: list[Outcome] = [self.last]

    # --- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, left: str | Iterable[str] = "Left", right: str | Iterable[str] = "Right") -> "Match":
        """A match at the lag (M-L1), 8 pucks in each gutter (M-O1).

        ``left`` / ``right``: a player's name, or a team's names in shooting order (M-E2).
        Raises ``IllegalAction`` ("M-E2 …") for an empty team.
        """
        m = cls()
        for side, who in (("left", left), ("right", right)):
            names = [who] if isinstance(who, str) else [str(n) for n in who]
            if not names:
                raise IllegalAction("M-E2", "empty-team", "a team needs at least one player")
            m.teams[side] = names
        return m

    # --- queries --------------------------------------------------------------------------
    def hand(self, side: str) -> int:
        """Pucks in hand for ``side`` = pucks in its gutter (M-O2)."""
        return self.gutter[side]

    def name(self, side: str) -> str:
        """The name of the team member of ``side`` who shoots next (M-E2)."""
        names = self.teams[side]
        return names[self.member[side] % len(names)]

    @property
    def shooter_name(self) -> str | None:
        """Who shoots next (M-E2: team members shoot in turn)."""
        return self.name(self.shooter) if self.shooter else None

    @property
    def to_act(self) -> str | None:
        """The side expected to act now (the flip phase: the placer; the shooter may
        counter at the same time, M-F5)."""
        return {"lag": self.lag_side, "choose_role": self.chooser, "place": self.placer,
                "shoot": self.shooter, "flip": self.placer}.get(self.phase)

    # --- the state protocol (issue 14 §3) ---------------------------------------------------
    @property
    def to_move(self) -> str | None:
        """Whose turn it is (the protocol's name for :attr:`to_act`): the side expected to
        act now, None when the match is over. In the flip window it is the placer; the
        shooter may counter at the same time (M-F5)."""
        return self.to_act

    @property
    def is_over(self) -> bool:
        """The match has a winner (M-E1)."""
        return self.phase == "over"

    def current_player(self) -> str | None:
        """Who acts now (the protocol): the side expected to act, None once over."""
        return None if self.phase == "over" else self.to_act

    def is_terminal(self) -> bool:
        """True once the match is over (the protocol; :attr:`is_over`)."""
        return self.phase == "over"

    def play(self, action: "Action | str") -> "Match":
        """The protocol's immutable step: a new match after ``action`` (an :class:`Action`
        or its text, :meth:`Action.to_text`); this one is unchanged.

        :raises IllegalAction: as :meth:`apply`.
        """
        if isinstance(action, str):
            action = Action.from_text(action)
        nxt = Match.from_dict(self.to_dict())
        nxt.history = list(self.history)
        nxt.apply(action)
        return nxt

    def outcome(self) -> MatchResult | None:
        """The typed end of the match (:class:`MatchResult`), or None while it goes on."""
        if self.phase != "over" or self.winner is None:
            return None
        rule = next((o.rule for o in reversed(self.history) if "winner" in o.facts),
                    self.last.rule)
        return MatchResult(self.winner, other(self.winner), self.name(self.winner), rule,
                           self.shots, self.role_swaps, dict(self.gutter))

    @property
    def stats(self) -> MatchStats:
        """What the match has counted so far (:class:`MatchStats`)."""
        return MatchStats(shots=self.shots, role_swaps=self.role_swaps,
                          lag_rounds=self.lag_rounds, **self.tally)

    def apply(self, action: Action) -> Outcome:
        """Play one :class:`Action` (the protocol's single entry point) through the phase
        method of the same name; returns its :class:`Outcome` (``place_target``'s too).

        :raises IllegalAction: ``unknown-action`` for a kind that is no action,
            ``not-legal-now`` for one :meth:`legal_actions` does not offer now, or what
            the phase method raises.
        """
        kind = getattr(action, "kind", None)
        if kind not in ACTION_KINDS:
            raise IllegalAction("M-O6", "unknown-action", f"no such action {kind!r}")
        if kind not in self.legal_actions():
            raise IllegalAction("M-O6", "not-legal-now",
                                f"{kind} is not possible now (phase {self.phase})")
        if kind in ("lag_shot", "shot", "counter_shot"):
            if action.report is None or not hasattr(action.report, "pucks"):
                raise IllegalAction("M-O6", "report-wrong-puck",
                                    f"{kind} needs the shot's report")
            return getattr(self, kind)(action.report)
        if kind == "choose_role":
            return self.choose_role(action.role)
        if kind == "place_target":
            self.place_target(action.x, action.y, standing=action.standing,
                              angle=action.angle)
            return self.last
        return getattr(self, kind)()

    def to_text(self) -> str:
        """The whole state as one line of JSON (:meth:`to_dict`); :meth:`from_text` reads
        it back."""
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_text(cls, text: str) -> "Match":
        """Rebuild a match from :meth:`to_text`.

        :raises IllegalAction: ``M-O6`` / ``bad-save`` for text that is not such a state.
        """
        try:
            d = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise IllegalAction("M-O6", "bad-save", f"not a saved match: {exc}") from exc
        if not isinstance(d, dict):
            raise IllegalAction("M-O6", "bad-save", "not a saved match: not an object")
        return cls.from_dict(d)

    @property
    def must_knock_first(self) -> bool:
        """M-R8: the shooter is down to the last puck and has not knocked: shooting it now
        is the forgotten knock (:meth:`unknocked_shot`)."""
        return self.phase == "shoot" and self.knock_required and not self.knocked

    @property
    def knock_required(self) -> bool:
        """M-R8: the shooter has exactly one puck left in hand."""
        return self.shooter is not None and self.gutter[self.shooter] == 1

    @property
    def standing_allowed(self) -> bool:
        """M-R9: shooter has one puck, has knocked, and there is no target on the table."""
        return (self.phase == "place" and self.knock_required and self.knocked
                and self.target is None)

    @property
    def in_play(self) -> int:
        """Pucks accounted for: both gutters + table + lag pucks out (M-O6); always 16."""
        return self.gutter["left"] + self.gutter["right"] + len(self.table) + len(self.lag_out)

    def check_invariant(self) -> None:
        """Raise ``AssertionError`` when the 16 pucks are not all accounted for (M-O6) or
        the state is not a legal one."""
        assert self.in_play == TOTAL_PUCKS, f"M-O6 {self.in_play} pucks accounted for"
        assert all(v >= 0 for v in self.gutter.values()), "M-O6 negative gutter"
        assert self.phase in PHASES, self.phase
        if self.phase in ("place", "shoot", "flip"):
            assert self.shooter in SIDES and self.placer == other(self.shooter)
        if self.phase == "place":
            assert self.target is None and self.gutter[self.placer] >= 1
        if self.phase in ("shoot", "flip"):
            assert self.target in self.table and self.gutter[self.shooter] >= 1
        if self.phase == "flip":
            assert self.table[self.target].overhanging or self.flip_started
        if self.phase == "over":
            w = self.winner
            assert w in SIDES and self.gutter[w] == 0 and self.gutter[other(w)] == TOTAL_PUCKS
        if self.phase not in ("lag",):
            assert not self.lag_out

    def legal_actions(self) -> tuple[str, ...]:
        """Names of the methods that may be called now."""
        p = self.phase
        if p == "lag":
            return ("lag_shot",)
        if p == "choose_role":
            return ("choose_role",)
        acts: list[str] = []
        if p in ("place", "shoot") and self.knock_required and not self.knocked:
            acts.append("knock")
        if p == "place":
            acts.append("place_target")
        if p == "shoot":
            acts.append("shot")
            if self.must_knock_first:
                acts.append("unknocked_shot")           # M-R8: the last puck, unannounced
        if p == "flip":
            if self.flip_started:
                acts += ["flip_caught", "flip_dropped"]
            else:
                acts += ["flip_start", "flip_window_expired"]
            if self.gutter[self.shooter] >= 1:
                acts.append("counter_shot")
        return tuple(acts)

    # --- helpers ------------------------------------------------------------------------
    def _note(self, rule: str, text: str, *, code: str, **facts: Any) -> Outcome:
        self.last = Outcome(rule, text, dict(facts), code)
        self.history.append(self.last)
        return self.last

    def _count(self, name: str, n: int = 1) -> None:
        self.tally[name] = self.tally.get(name, 0) + n

    def _need(self, phase: str | tuple[str, ...], rule: str, what: str) -> None:
        phases = (phase,) if isinstance(phase, str) else phase
        if self.phase not in phases:
            raise IllegalAction(rule, "wrong-phase",
                                f"{what} is not possible now (phase {self.phase})")

    def _take(self, side: str) -> int:
        """Take one puck out of ``side``'s gutter; return its new id."""
        if self.gutter[side] < 1:
            raise IllegalAction("M-O2", "no-puck", f"no puck left in the {side} gutter")
        self.gutter[side] -= 1
        pid = self.next_puck_id
        self.next_puck_id += 1
        return pid

    def _new_ids(self, report: ReportLike, known: Iterable[int]) -> list[int]:
        known = set(known)
        ids = set(report.pucks)
        missing = known - ids
        if missing:
            raise IllegalAction("M-O6", "report-lost-pucks",
                                f"the report lost pucks {sorted(missing)}")
        return sorted(ids - known)

    def _shot_id(self, report: ReportLike) -> int:
        new = self._new_ids(report, self.table)
        if new != [self.next_puck_id]:
            raise IllegalAction("M-O6", "report-wrong-puck",
                                f"the report must add exactly the shot puck "
                                f"{self.next_puck_id}, got {new}")
        return new[0]

    def _land(self, pid: int, puck: Any, owner: str, shooter: str | None) -> str:
        """Put one puck where the report says (M-O3, M-O5); returns where: a side for a
        gutter, ``"table"`` or ``"off"``."""
        state = puck.state
        if state in GUTTER_STATES:                       # M-O3
            self.table.pop(pid, None)
            self.gutter[GUTTER_STATES[state]] += 1
            return GUTTER_STATES[state]
        if state == "off_table":                          # M-O5
            self.table.pop(pid, None)
            self.gutter[shooter or owner] += 1
            self._count("off_table")
            return "off"
        if state in ON_TABLE:
            self.table[pid] = TablePuck(float(puck.x), float(puck.y), owner,
                                        bool(getattr(puck, "standing", False)),
                                        float(getattr(puck, "angle", 0.0)))
            return "table"
        raise IllegalAction("M-O6", "unknown-state", f"unknown puck state {state!r}")

    def _clear_table(self) -> dict[str, int]:
        """M-O4: every puck resting on the table goes to the gutter of the nearer end."""
        moved = {"left": 0, "right": 0}
        for pid, p in list(self.table.items()):
            end = nearer_end(p.x)
            self.gutter[end] += 1
            moved[end] += 1
            del self.table[pid]
        self.target = None
        return moved

    def _swap(self) -> None:
        self.shooter, self.placer = self.placer, self.shooter
        self.role_swaps += 1

    def _to_step1(self, rule: str, text: str, *, code: str, swap: bool, clear: bool,
                  **facts: Any) -> Outcome:
        """Go to step 1 (place), swapping roles and clearing the table if asked."""
        moved = self._clear_table() if clear else None
        if swap:
            self._swap()
        self.target = None
        self.knocked = False
        self.knocked_before_place = False
        self.flip_started = False
        if moved is not None:
            facts["cleared"] = moved
        out = self._note(rule, text, code=code, swapped=swap, **facts)
        for side in (self.placer, self.shooter):
            if self.gutter[side] == 0 and not self.table:
                # M-E1 (defensive interpretation): a player with no puck left at step 1
                # has got rid of all 16; only freak bounces get here.
                return self._win(side, "M-E1",
                                 "No puck left at this end: all 16 are at the other end.",
                                 code="no-puck-left")
        self.phase = "place"
        return out

    def _win(self, side: str, rule: str, text: str, *, code: str) -> Outcome:
        self.winner = side
        self.phase = "over"
        self.target = None
        return self._note(rule, text, code=code, winner=side)

    def _advance_member(self, side: str) -> None:
        self.member[side] = (self.member[side] + 1) % len(self.teams[side])   # M-E2

    # --- the lag (M-L) -----------------------------------------------------------------
    def lag_shot(self, report: ReportLike) -> Outcome:
        """M-L1: the lag puck of :attr:`lag_side` (id :attr:`next_puck_id`, taken from its
        gutter) was slid; ``report`` gives every lag puck's final state. After the right
        player's lag, M-L2 picks who chooses, or M-L3 replays. Raises ``IllegalAction``."""
        self._need("lag", "M-L1", "a lag shot")
        side = self.lag_side
        known = [pid for pid in self.lag_pucks.values() if pid in self.table]
        new = self._new_ids(report, known)
        if new != [self.next_puck_id]:
            raise IllegalAction("M-L1", "report-wrong-puck",
                                f"the report must add exactly the lag puck {self.next_puck_id}")
        pid = self._take(side)
        self.lag_pucks[side] = pid
        self.shots += 1
        self._advance_member(side)
        mine = report.pucks[pid]
        if mine.state in ON_TABLE and touches_zone(other(side), float(mine.x)):
            self._count("lags_landed")                  # M-L3: rests in the far zone
        for qid in known + [pid]:
            owner = next(s for s, i in self.lag_pucks.items() if i == qid)
            state = report.pucks[qid].state
            if state == "off_table":
                self._count("off_table")
            if state in ON_TABLE:
                self._land(qid, report.pucks[qid], owner, None)
            else:
                self.table.pop(qid, None)
                self.lag_out[qid] = owner
        if side == "left":
            self.lag_side = "right"
            return self._note("M-L1", "Left lag done; now the right player lags.",
                              code="lag-next", side=side)
        return self._decide_lag()

    def _decide_lag(self) -> Outcome:
        far_edge = {"left": RIGHT_EDGE, "right": LEFT_EDGE}
        best: tuple[float, str] | None = None
        for side, pid in self.lag_pucks.items():
            if pid not in self.table:
                continue                                    # M-L2: fell in or left: never wins
            p = self.table[pid]
            dist = abs(far_edge[side] - p.x)
            if best is None or dist < best[0]:
                best = (dist, side)
        winner = best[1] if best else None
        ok = (winner is not None
              and touches_zone(other(winner), self.table[self.lag_pucks[winner]].x))
        # M-L3: every lag puck goes back to its owner's gutter.
        for side, pid in self.lag_pucks.items():
            self.table.pop(pid, None)
            self.lag_out.pop(pid, None)
            self.gutter[side] += 1
        self.lag_pucks = {}
        self.lag_rounds += 1
        if not ok:
            self.lag_side = "left"
            return self._note("M-L3", "No lag puck rests in the far target zone: replay the lag.",
                              code="lag-replay")
        self.chooser = winner
        self.phase = "choose_role"
        return self._note("M-L2", f"The {winner} puck is closest to the far gutter: "
                                  f"{winner} chooses a role.", code="lag-won",
                          chooser=winner, distance=best[0])

    def choose_role(self, role: str) -> Outcome:
        """M-L2: the lag winner chooses ``"shooter"`` or ``"placer"``; step 1 follows.
        Raises ``IllegalAction`` ("M-L2 …") for another word or outside that moment."""
        self._need("choose_role", "M-L2", "choosing a role")
        if role not in ("shooter", "placer"):
            raise IllegalAction("M-L2", "not-a-role",
                                f"the role must be 'shooter' or 'placer', not {role!r}")
        self.shooter = self.chooser if role == "shooter" else other(self.chooser)
        self.placer = other(self.shooter)
        self.phase = "place"
        return self._note("M-L2", f"{self.chooser} chose to be {role}.", code="role-chosen",
                          role=role)

    # --- the cycle (M-R) ---------------------------------------------------------------
    def knock(self) -> Outcome:
        """M-R8: the shooter knocks on the table before shooting their last puck in hand.
        Raises ``IllegalAction`` when the shooter does not have exactly one puck, or
        already knocked, or outside the place/shoot phases."""
        self._need(("place", "shoot"), "M-R8", "knocking")
        if not self.knock_required:
            raise IllegalAction("M-R8", "knock-not-needed",
                                "knock only with exactly one puck left in hand")
        if self.knocked:
            raise IllegalAction("M-R8", "already-knocked", "already knocked")
        self.knocked = True
        self.knocked_before_place = self.phase == "place"
        self._count("knocks")
        return self._note("M-R8", "Knock! The shooter announces the last puck.", code="knocked")

    def check_target(self, x: float, y: float, *, standing: bool = False,
                     angle: float = 0.0) -> Refusal | None:
        """Why a target may not go to (x, y) mm now — a :class:`Refusal` (rule id first;
        codes ``wrong-phase``, ``standing-not-allowed`` and those of
        :func:`valid_target_spot`) — or ``None``."""
        if self.phase != "place":
            return Refusal("M-R1", "wrong-phase",
                           f"placing is not possible now (phase {self.phase})")
        if standing and not self.standing_allowed:
            return Refusal("M-R9", "standing-not-allowed",
                           "a standing target only when the shooter has knocked for the "
                           "last puck and no target is on the table")
        return valid_target_spot(self.placer, x, y, standing=standing, angle=angle,
                                 others=[(p.x, p.y) for p in self.table.values()])

    def place_target(self, x: float, y: float, *, standing: bool = False,
                     angle: float = 0.0) -> int:
        """M-R1 (step 1): the placer lays a puck from their gutter in their own target zone
        at (x, y) mm — flat, or standing at ``angle`` radians at the M-R9 moment. Returns the
        target's puck id. Raises ``IllegalAction`` ("M-R1 …" / "M-R9 …")."""
        why = self.check_target(x, y, standing=standing, angle=angle)
        if why:
            raise IllegalAction.of(why)
        pid = self._take(self.placer)
        if standing:
            self._count("standing_targets")
        self.table[pid] = TablePuck(float(x), float(y), self.placer, standing, float(angle))
        self.target = pid
        self.phase = "shoot"
        self._note("M-R9" if standing else "M-R1",
                   "Standing target placed." if standing else "Target placed.",
                   code="standing-target-placed" if standing else "target-placed", target=pid)
        return pid

    def shot(self, report: ReportLike) -> Outcome:
        """M-R2: the shooter shot puck :attr:`next_puck_id` (taken from their gutter);
        ``report`` gives every puck's final state. Decides M-R3…M-R8, M-R10, M-F1.
        Raises ``IllegalAction`` outside the shoot phase or for a report that loses pucks."""
        self._need("shoot", "M-R2", "a shot")
        shooter, placer = self.shooter, self.placer
        last_puck = self.knock_required
        if last_puck and not self.knocked:
            # M-R8: forgotten knock — the shot does not count, the puck stays in hand.
            self._new_ids(report, self.table)
            return self.unknocked_shot()
        sid = self._shot_id(report)
        self._take(shooter)
        self.shots += 1
        self._advance_member(shooter)
        target = self.target
        t_before = (self.table[target].x, self.table[target].y)
        where = {}
        for pid in sorted(set(self.table) | {sid}):
            owner = self.table[pid].owner if pid in self.table else shooter
            where[pid] = self._land(pid, report.pucks[pid], owner, shooter)
        t_where, s_where = where[target], where[sid]
        off = "off" in where.values()
        self.knocked = False
        if t_where in SIDES:
            self._count("targets_dropped")
        if last_puck:
            if t_where == placer and s_where == placer and not self.table \
                    and self.gutter[shooter] == 0:
                return self._win(shooter, "M-R10",
                                 "Both pucks fell on the last shot: the shooter wins!",
                                 code="last-puck-won")
            # M-R10 failure: take one puck back, roles swap, step 1.
            if s_where == "table":
                del self.table[sid]
                self.gutter[shooter] += 1
                back = "shot puck"
            elif s_where in (shooter, "off"):
                back = "already home"
            else:
                self.gutter[placer] -= 1
                self.gutter[shooter] += 1
                back = "far gutter"
            # which of the two left the table (M-P4: it is in the shooter's gutter, M-O5),
            # so the text can say why the pucks the player saw vanish did not win
            flew = [name for name, w in (("target", t_where), ("shot puck", s_where)) if w == "off"]
            return self._to_step1("M-R10", ("A puck flew off the table, so the" if flew else "The")
                                  + " last shot did not drop both pucks: the "
                                  "shooter takes a puck back and roles swap.",
                                  code="last-puck-failed", swap=True, clear=True, back=back,
                                  off=flew)
        if off:
            return self._to_step1("M-R6", "A puck left the table: roles swap.",
                                  code="off-table", swap=True, clear=True)
        if t_where == "table":
            tp = self.table[target]
            missed = math.hypot(tp.x - t_before[0], tp.y - t_before[1]) < 0.5
            rule = "M-R7" if missed else "M-R5"      # M-R7: a miss is decided as M-R5
            return self._to_step1(rule, "The target stayed on the table: roles swap.",
                                  code="missed" if missed else "target-stayed",
                                  swap=True, clear=True)
        if s_where != "table":
            return self._to_step1("M-R4", "Both pucks fell: the placer places a new target.",
                                  code="both-fell", swap=False, clear=True)
        # M-R3: only the target fell; the shot puck is the new target.
        self._count("new_targets")
        self.target = sid
        for pid in [p for p in self.table if p != sid]:      # nothing else may linger
            self.gutter[nearer_end(self.table[pid].x)] += 1
            del self.table[pid]
        if self.table[sid].overhanging:
            self.phase = "flip"
            self.flip_started = False
            self._count("flip_windows")
            return self._note("M-F1", "The new target overhangs the gutter: the placer may "
                                      "flip it!", code="flip-window", target=sid)
        self.phase = "shoot"
        return self._note("M-R3", "Only the target fell: the shot puck is the new target; "
                                  "shoot again.", code="target-fell", target=sid)

    def unknocked_shot(self) -> Outcome:
        """M-R8: the shooter shot the last puck in hand without knocking first. The shot
        does not count: the puck stays in hand (nothing is thrown), roles swap at once and
        the table is cleared as in M-R5 (pucks to the nearer end, M-O4); step 1.

        :raises IllegalAction: ``wrong-phase`` outside the shoot phase, ``no-knock-due``
            when the shooter is not down to an unannounced last puck.
        """
        self._need("shoot", "M-R8", "a shot")
        if not self.must_knock_first:
            raise IllegalAction("M-R8", "no-knock-due",
                                "only a last puck shot without knocking is forfeited")
        shooter = self.shooter
        self.shots += 1
        self._advance_member(shooter)
        self._count("forgotten_knocks")
        return self._to_step1("M-R8", "Forgot to knock before the last puck: roles swap.",
                              code="forgot-knock", swap=True, clear=True)

    # --- the flip (M-F) ----------------------------------------------------------------
    def flip_start(self) -> Outcome:
        """M-F1: the placer flips the overhanging target: it leaves the table and spins in
        the air. Raises ``IllegalAction`` ("M-F1 …") outside an open flip window."""
        self._need("flip", "M-F1", "a flip")
        if self.flip_started:
            raise IllegalAction("M-F1", "flip-started", "the flip has already started")
        self.flip_started = True
        return self._note("M-F1", "Flip! The target spins in the air.", code="flip-started",
                          target=self.target)

    def _end_flip(self, caught: bool) -> Outcome:
        self._need("flip", "M-F2", "catching")
        if not self.flip_started:
            raise IllegalAction("M-F2", "no-flip-in-air", "no flip in the air")
        pid = self.target
        del self.table[pid]
        self.gutter[self.placer] += 1                          # M-F2: the placer's gutter
        if caught:
            self._count("flips_caught")
            return self._to_step1("M-F2", "Caught! The placer becomes the shooter.",
                                  code="flip-caught", swap=True, clear=True, caught=True)
        self._count("flips_dropped")
        return self._to_step1("M-F2", "Dropped: the puck falls into the placer's gutter; "
                              "a new target is placed.", code="flip-dropped", swap=False,
                              clear=True, caught=False)

    def flip_caught(self) -> Outcome:
        """M-F2: the placer caught the flipped puck: roles swap, the puck goes to the
        placer's gutter, step 1. Raises ``IllegalAction`` when no flip is in the air."""
        return self._end_flip(True)

    def flip_dropped(self) -> Outcome:
        """M-F2: the flipped puck was not caught: it falls into the placer's gutter and
        play goes on as in M-R4 (roles unchanged). Raises ``IllegalAction``."""
        return self._end_flip(False)

    def flip_window_expired(self) -> Outcome:
        """M-F4: no flip started within the window and no counter: play continues with
        M-R3 (the shooter shoots at the overhanging target). Raises ``IllegalAction``."""
        self._need("flip", "M-F4", "closing the flip window")
        if self.flip_started:
            raise IllegalAction("M-F4", "flip-started",
                                "the flip has started; it must be caught or dropped")
        self.phase = "shoot"
        self._count("flip_windows_expired")
        return self._note("M-F4", "No flip: the shooter shoots again.",
                          code="flip-window-expired", target=self.target)

    def counter_shot(self, report: ReportLike) -> Outcome:
        """M-F3: during the flip window the shooter shot another puck (id
        :attr:`next_puck_id`) to knock the overhanging target in. The counter puck goes back
        to the shooter's hand whatever happens. If the flip had not started and the target
        dropped, there is no flip and roles do not swap (step 1, as M-R4). Raises
        ``IllegalAction`` outside the flip window or with no puck in hand."""
        self._need("flip", "M-F3", "a counter shot")
        shooter = self.shooter
        cid = self.next_puck_id
        known = [p for p in self.table if not (self.flip_started and p == self.target)]
        new = [p for p in self._new_ids(report, known) if p != self.target]
        if new != [cid]:
            raise IllegalAction("M-F3", "report-wrong-puck",
                                f"the report must add exactly the counter puck {cid}")
        self._take(shooter)
        self.gutter[shooter] += 1                    # M-F3: the counter puck returns to hand
        self._count("counter_shots")
        if report.pucks[cid].state == "off_table":
            self._count("off_table")
        if self.flip_started:
            return self._note("M-F3", "Too late: the target is already in the air; the "
                                      "counter puck returns to hand.", code="counter-too-late",
                              dropped=False)
        target = self.target
        tp = report.pucks[target]
        where = self._land(target, tp, self.table[target].owner, shooter)
        if where == "off":
            return self._to_step1("M-R6", "The counter sent the target off the table: "
                                  "roles swap.", code="off-table", swap=True, clear=True)
        if where != "table":
            self._count("flips_countered")
            self._count("targets_dropped")
            return self._to_step1("M-F3", "Countered! The target fell before the flip; "
                                  "roles stay; a new target is placed.", code="countered",
                                  swap=False, clear=True, dropped=True)
        if not self.table[target].overhanging:
            self.phase = "shoot"
            return self._note("M-F3", "The counter pushed the target back onto the table: "
                                      "no flip; shoot again.", code="counter-pushed-back",
                              dropped=False)
        return self._note("M-F3", "The counter missed: the flip window stays open.",
                          code="counter-missed", dropped=False)

    # --- saves ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-able dict of the whole state (autosave)."""
        return {
            "phase": self.phase, "teams": self.teams, "member": self.member,
            "gutter": self.gutter,
            "table": {str(k): asdict(v) for k, v in self.table.items()},
            "lag_out": {str(k): v for k, v in self.lag_out.items()},
            "lag_pucks": self.lag_pucks, "shooter": self.shooter, "placer": self.placer,
            "target": self.target, "knocked": self.knocked,
            "knocked_before_place": self.knocked_before_place,
            "flip_started": self.flip_started, "lag_side": self.lag_side,
            "chooser": self.chooser, "winner": self.winner,
            "next_puck_id": self.next_puck_id, "shots": self.shots,
            "role_swaps": self.role_swaps, "lag_rounds": self.lag_rounds,
            "last": {"rule": self.last.rule, "text": self.last.text,
                     "facts": _jsonable(self.last.facts), "code": self.last.code},
            "stats": dict(self.tally),
        }

    def _check_saved_fields(self) -> None:
        """Every side-valued field names a side and every count is sane (a save from disk
        is data, not trusted code: M-O6)."""
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        if self.lag_side not in SIDES:
            raise ValueError(f"lag_side is {self.lag_side!r}, not a side")
        for name in ("shooter", "placer", "chooser", "winner"):
            if getattr(self, name) not in SIDES + (None,):
                raise ValueError(f"{name} is {getattr(self, name)!r}, not a side")
        roles_known = self.phase not in ("lag", "choose_role")
        if roles_known and (self.shooter is None or self.placer is None or self.shooter == self.placer):
            raise ValueError("shooter and placer must be the two sides")
        if any(t.owner not in SIDES for t in self.table.values()):
            raise ValueError("a puck on the table has no owner")
        if any(not self.teams[s] for s in SIDES) or any(not 0 <= self.member[s] < len(self.teams[s]) for s in SIDES):
            raise ValueError("team members do not match the teams")
        if self.target is not None and self.target not in self.table:
            raise ValueError("the target is not on the table")

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Match":
        """Rebuild a match from :meth:`to_dict`. Raises ``IllegalAction`` ("M-O6 …") for a
        state that does not account for 16 pucks or is otherwise inconsistent."""
        m = cls()
        try:
            m.phase = str(d["phase"])
            m.teams = {s: [str(n) for n in d["teams"][s]] for s in SIDES}
            m.member = {s: int(d["member"][s]) for s in SIDES}
            m.gutter = {s: int(d["gutter"][s]) for s in SIDES}
            m.table = {int(k): TablePuck(float(v["x"]), float(v["y"]), str(v["owner"]),
                                         bool(v["standing"]), float(v["angle"]))
                       for k, v in d["table"].items()}
            m.lag_out = {int(k): str(v) for k, v in d["lag_out"].items()}
            m.lag_pucks = {str(k): int(v) for k, v in d["lag_pucks"].items()}
            m.shooter, m.placer = d["shooter"], d["placer"]
            m.target = None if d["target"] is None else int(d["target"])
            m.knocked = bool(d["knocked"])
            m.knocked_before_place = bool(d.get("knocked_before_place", False))
            m.flip_started = bool(d["flip_started"])
            m.lag_side = str(d["lag_side"])
            m.chooser, m.winner = d["chooser"], d["winner"]
            m.next_puck_id = int(d["next_puck_id"])
            m.shots, m.role_swaps = int(d["shots"]), int(d["role_swaps"])
            m.lag_rounds = int(d.get("lag_rounds", 0))
            last = d.get("last") or {}
            m.last = Outcome(str(last.get("rule", "M-O6")), str(last.get("text", "")),
                             dict(last.get("facts", {})), str(last.get("code", "")))
            m.history = [m.last]
            counts = d.get("stats") or {}               # saves before the counts: zeros
            if not isinstance(counts, Mapping):
                raise ValueError("the statistics are not an object")
            m.tally.update({k: v for k, v in MatchStats.from_dict(counts).to_dict().items()
                            if k in m.tally})
            m._check_saved_fields()
            m.check_invariant()
        except (KeyError, TypeError, ValueError, AssertionError, AttributeError, OverflowError) as exc:
            raise IllegalAction("M-O6", "bad-save", f"not a valid saved match: {exc}") from exc
        return m


def _jsonable(v: Any) -> Any:
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    return str(v)
