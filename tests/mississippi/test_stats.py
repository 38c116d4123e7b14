"""Mississippi match statistics (issue 12 §4): every count of :class:`MatchStats` checked
against a match followed by hand.

Two ways:

* **A scripted match** (hand-made shot reports, ``SCRIPT``): each step says, in words and
  as numbers, which counts it changes (``+1 targets dropped`` …); one test per counter
  plays the script and checks that counter after *every* step. The script is a whole
  legal match — two lag rounds, a caught, a dropped, a countered and an expired flip, a
  forgotten knock, a knock and a standing target, the M-R10 win — and every counter moves
  at least once (a test says so), so a count that is never incremented fails.
* **A real match** (full physics, practised hands through the mouse path): every method
  the match is driven through is recorded with the state before it and the shot's report;
  :func:`recount` counts the match again from those records alone — reading the pucks'
  final states as a person watching the table would — and one test per counter compares.
"""

from __future__ import annotations

import json

import pytest

from mississippi import ai
from mississippi.rules import Match, PuckOutcome as P, Report, ZONES, PUCK_RADIUS
from mississippi.stats import COUNTERS

MID = 247.5


def rep(**pucks):
    """Report from keyword ids: ``rep(p1=P("table", 500), p2=P("gutter_left"))``."""
    return Report({int(k[1:]): v for k, v in pucks.items()})


def _ids(m):
    """(target id, next puck id) of ``m``."""
    return m.target, m.next_puck_id


# --- the scripted match ---------------------------------------------------------------------
# Sides: left shoots toward the right end (right target zone x 3100–3500, gutter edge 3500,
# a puck overhangs it with its centre beyond 3462); right shoots toward the left end (left
# zone 270–670, gutter edge 270, overhangs with its centre before 308).

def _lag1(m):
    # M-L1: left's lag puck stops at 2000 mm, short of the right zone: not landed.
    m.lag_shot(rep(**{f"p{m.next_puck_id}": P("table", 2000)}))


def _lag1b(m):
    # right's lag puck flies over the left end board (M-P4): off the table; neither rests
    # in the far zone: the lag is replayed (M-L3).
    left = m.lag_pucks["left"]
    m.lag_shot(rep(**{f"p{left}": P("table", 2000), f"p{m.next_puck_id}": P("off_table", 0)}))
    assert m.last.code == "lag-replay"


def _lag2(m):
    # left's lag rests at 3300 (right zone: landed)
    m.lag_shot(rep(**{f"p{m.next_puck_id}": P("table", 3300)}))


def _lag2b(m):
    # right's rests at 500 (left zone: landed); left is 200 mm from the far edge, right
    # 230 mm: left wins the lag (M-L2) and chooses to shoot.
    left = m.lag_pucks["left"]
    m.lag_shot(rep(**{f"p{left}": P("table", 3300), f"p{m.next_puck_id}": P("table", 500)}))
    assert m.last.code == "lag-won" and m.chooser == "left"
    m.choose_role("shooter")


def _place(x, standing=False, angle=0.0):
    def step(m):
        m.place_target(x, MID, standing=standing, angle=angle)
    return step


def _shot(target, shot, shot_x=None, moved=50.0):
    """A shot whose target ends in state ``target`` (``moved`` mm away when it stays on
    the table) and shot puck in ``shot`` (at shot_x)."""
    def step(m):
        t, s = _ids(m)
        tx = m.table[t].x
        m.shot(rep(**{f"p{t}": P(target, tx - moved if target == "table" else tx),
                      f"p{s}": P(shot, shot_x if shot_x is not None else 0.0)}))
    return step


def _knock(m):
    m.knock()


def _unknocked(m):
    # the last puck is flicked without the knock: the report shows the puck thrown, the
    # rules forfeit it (M-R8)
    t, s = _ids(m)
    m.shot(rep(**{f"p{t}": P("gutter_left"), f"p{s}": P("table", 1000)}))
    assert m.last.code == "forgot-knock"


def _flip_start(m):
    m.flip_start()


def _caught(m):
    m.flip_caught()


def _dropped(m):
    m.flip_dropped()


def _expired(m):
    m.flip_window_expired()


def _counter_drops_target(m):
    t, c = _ids(m)
    m.counter_shot(rep(**{f"p{t}": P("gutter_left"), f"p{c}": P("table", 600)}))
    assert m.last.code == "countered"


def _both_fall_left(m, code="both-fell"):
    t, s = _ids(m)
    m.shot(rep(**{f"p{t}": P("gutter_left"), f"p{s}": P("gutter_left")}))
    assert m.last.code == code


def _last_puck_wins(m):
    _both_fall_left(m, "last-puck-won")


SCRIPT = [
    # (what happens, step, the counts it changes)
    ("left lags short", _lag1, {"shots": 1}),
    ("right's lag flies off: replay", _lag1b, {"shots": 1, "off_table": 1, "lag_rounds": 1}),
    ("left lags into the zone", _lag2, {"shots": 1, "lags_landed": 1}),
    ("right lags into the zone, left wins", _lag2b,
     {"shots": 1, "lags_landed": 1, "lag_rounds": 1}),
    ("right places at 3300", _place(3300), {}),
    ("left drops the target, shot puck rests at 3400 (M-R3)",
     _shot("gutter_right", "table", 3400), {"shots": 1, "targets_dropped": 1, "new_targets": 1}),
    ("left drops it again, shot puck overhangs at 3480 (M-F1)",
     _shot("gutter_right", "overhang", 3480),
     {"shots": 1, "targets_dropped": 1, "new_targets": 1, "flip_windows": 1}),
    ("right flips", _flip_start, {}),
    ("right catches: roles swap (M-F2)", _caught, {"flips_caught": 1, "role_swaps": 1}),
    ("left places at 500", _place(500), {}),
    ("right moves the target but it stays (M-R5)", _shot("table", "table", 1000),
     {"shots": 1, "role_swaps": 1}),
    ("right places at 3300", _place(3300), {}),
    ("left sends the target off the table (M-R6)", _shot("off_table", "table", 3200),
     {"shots": 1, "off_table": 1, "role_swaps": 1}),
    ("left places at 400", _place(400), {}),
    ("right drops it, shot puck overhangs at 290", _shot("gutter_left", "overhang", 290),
     {"shots": 1, "targets_dropped": 1, "new_targets": 1, "flip_windows": 1}),
    ("right's counter knocks it in before any flip (M-F3)", _counter_drops_target,
     {"counter_shots": 1, "flips_countered": 1, "targets_dropped": 1}),
    ("left places at 400", _place(400), {}),
    ("right drops it, overhang again", _shot("gutter_left", "overhang", 290),
     {"shots": 1, "targets_dropped": 1, "new_targets": 1, "flip_windows": 1}),
    ("left lets the window pass (M-F4)", _expired, {"flip_windows_expired": 1}),
    ("right drops both (M-R4)", _both_fall_left, {"shots": 1, "targets_dropped": 1}),
    ("left places at 400", _place(400), {}),
    ("right drops it, overhang", _shot("gutter_left", "overhang", 290),
     {"shots": 1, "targets_dropped": 1, "new_targets": 1, "flip_windows": 1}),
    ("left flips", _flip_start, {}),
    ("left drops the flip: roles stay (M-F2)", _dropped, {"flips_dropped": 1}),
    *[step for _ in range(4) for step in (
        ("left places at 400", _place(400), {}),
        ("right drops both (M-R4)", _both_fall_left, {"shots": 1, "targets_dropped": 1}))],
    # right is down to one puck (M-R8)
    ("left places at 400 (right forgets to knock)", _place(400), {}),
    ("right shoots the last puck unannounced: forfeited, roles swap (M-R8)", _unknocked,
     {"shots": 1, "forgotten_knocks": 1, "role_swaps": 1}),
    ("right places its last puck at 3300", _place(3300), {}),
    ("left misses wide: the target stays (M-R7)", _shot("table", "table", 3000, moved=0.0),
     {"shots": 1, "role_swaps": 1}),
    ("left places at 400", _place(400), {}),
    ("right drops both (M-R4)", _both_fall_left, {"shots": 1, "targets_dropped": 1}),
    ("right knocks before the placement (M-R8)", _knock, {"knocks": 1}),
    ("left stands the target on edge (M-R9)", _place(420, standing=True, angle=0.3),
     {"standing_targets": 1}),
    ("right drops both with the last puck: right wins (M-R10)", _last_puck_wins,
     {"shots": 1, "targets_dropped": 1}),
]


def _run_script(check=None):
    m = Match.new("Ann", "Bob")
    for what, step, changes in SCRIPT:
        before = m.stats
        step(m)
        m.check_invariant()
        if check:
            check(what, before, m.stats, changes)
    return m


def test_the_script_is_a_whole_legal_match_won_by_M_R10():
    m = _run_script()
    assert m.phase == "over" and m.winner == "right" and m.last.code == "last-puck-won"
    assert m.gutter == {"left": 16, "right": 0}


def test_the_script_moves_every_counter():
    moved = {k for _, _, changes in SCRIPT for k in changes}
    assert moved == set(COUNTERS)


@pytest.mark.parametrize("counter", COUNTERS)
def test_each_count_follows_the_scripted_match_step_by_step(counter):
    def check(what, before, after, changes):
        got = getattr(after, counter) - getattr(before, counter)
        assert got == changes.get(counter, 0), f"{counter} after {what!r}: +{got}"
    m = _run_script(check)
    want = sum(changes.get(counter, 0) for _, _, changes in SCRIPT)
    assert getattr(m.stats, counter) == want


def test_counts_survive_a_save_in_the_middle_of_the_match():
    m = Match.new()
    for _, step, _ in SCRIPT[:16]:
        step(m)
    back = Match.from_text(m.to_text())
    assert back.stats == m.stats and back.stats.flips_countered == 1


# --- a real match, counted again from what happened -----------------------------------------
_DRIVEN = ("lag_shot", "choose_role", "knock", "place_target", "shot", "unknocked_shot",
           "flip_start", "flip_caught", "flip_dropped", "flip_window_expired", "counter_shot")


def _landed_in_far_zone(side: str, puck) -> bool:
    """M-L3 read off the table: the lag puck rests with its disc reaching the far zone."""
    if puck.state not in ("table", "overhang"):
        return False
    lo, hi = ZONES["right" if side == "left" else "left"]
    return lo - PUCK_RADIUS <= puck.x <= hi + PUCK_RADIUS


def recount(records) -> dict[str, int]:
    """Count a match again from ``records`` — (method, state before as a dict, args,
    state after) for every call that drove it — as a person watching would: a shot is a
    puck slid; a target dropped is a target whose report says it ended in a gutter; a flip
    window is a shot after which the match waits for a flip; a role swap is a shooter who
    changed; an off-table puck is one the report says left the table."""
    n = dict.fromkeys(COUNTERS, 0)
    for name, pre, args, post in records:
        report = args[0] if args and hasattr(args[0], "pucks") else None
        if report is not None:
            n["off_table"] += sum(p.state == "off_table" for p in report.pucks.values())
        if pre["shooter"] and post["shooter"] and pre["shooter"] != post["shooter"]:
            n["role_swaps"] += 1
        if name == "lag_shot":
            side, pid = pre["lag_side"], pre["next_puck_id"]
            n["shots"] += 1
            n["lag_rounds"] += side == "right"
            n["lags_landed"] += _landed_in_far_zone(side, report.pucks[pid])
        elif name == "shot":
            n["shots"] += 1
            last_puck = pre["gutter"][pre["shooter"]] == 1
            if last_puck and not pre["knocked"]:
                n["forgotten_knocks"] += 1
                n["off_table"] -= sum(p.state == "off_table" for p in report.pucks.values())
                continue                     # forfeited: nothing counts but the shot
            t, s = pre["target"], pre["next_puck_id"]
            t_fell = report.pucks[t].state.startswith("gutter")
            n["targets_dropped"] += t_fell
            s_stays = report.pucks[s].state in ("table", "overhang")
            off = any(p.state == "off_table" for p in report.pucks.values())
            if t_fell and s_stays and not last_puck and not off:
                n["new_targets"] += 1
                n["flip_windows"] += post["phase"] == "flip"
        elif name == "unknocked_shot":
            n["shots"] += 1
            n["forgotten_knocks"] += 1
        elif name == "counter_shot":
            n["counter_shots"] += 1
            t = pre["target"]
            if not pre["flip_started"]:
                t_fell = report.pucks[t].state.startswith("gutter")
                n["targets_dropped"] += t_fell
                n["flips_countered"] += t_fell
            else:                            # too late: only the counter puck counts
                n["off_table"] -= report.pucks[t].state == "off_table"
        elif name == "flip_caught":
            n["flips_caught"] += 1
        elif name == "flip_dropped":
            n["flips_dropped"] += 1
        elif name == "flip_window_expired":
            n["flip_windows_expired"] += 1
        elif name == "knock":
            n["knocks"] += 1
        elif name == "place_target":
            n["standing_targets"] += bool(args[3] if len(args) > 3 else False)
    return n


class _Recorded(Match):
    """The real match of :func:`ai.play_match`, recording every call that drives it (for
    :func:`recount`); the AI's trial matches (``from_dict``) stay plain matches. A call
    made inside another (``shot`` forwarding a forgotten knock to ``unknocked_shot``) is
    recorded only as the outer one."""

    records: list = []
    depth = 0

    @classmethod
    def from_dict(cls, d):
        return Match.from_dict(d)


def _recording(name):
    base = getattr(Match, name)

    def call(self, *args, **kw):
        if name == "place_target":
            args = (*args, kw.pop("standing", False), kw.pop("angle", 0.0))
            kw = {"standing": args[2], "angle": args[3]}
            call_args = args[:2]
        else:
            call_args = args
        if _Recorded.depth:
            return base(self, *call_args, **kw)
        pre = json.loads(self.to_text())             # a copy: to_dict shares the gutters
        _Recorded.depth += 1
        try:
            out = base(self, *call_args, **kw)
        finally:
            _Recorded.depth -= 1
        _Recorded.records.append((name, pre, args, json.loads(self.to_text())))
        return out
    return call


for _name in _DRIVEN:
    setattr(_Recorded, _name, _recording(_name))


@pytest.fixture(scope="module")
def real_match():
    """Two practised hands (benchmarks/mississippi_matches.py), seed 0, full physics: the
    calls that drove the match, and the match's summary with its own counts."""
    from benchmarks.mississippi_matches import Person
    _Recorded.records = calls = []
    orig = ai.Match
    ai.Match = _Recorded
    try:
        r = ai.play_match(0, seats=(Person("practised"), Person("practised")))
    finally:
        ai.Match = orig
    return calls, r


@pytest.mark.slow
def test_the_real_match_is_counted_through_every_call(real_match):
    calls, r = real_match
    assert calls and not r["capped"]
    assert sum(1 for c in calls if c[0] in ("shot", "lag_shot")) == r["stats"]["shots"]


@pytest.mark.parametrize("counter", COUNTERS)
def test_each_count_of_a_real_match_agrees_with_a_recount(real_match, counter):
    calls, r = real_match
    assert recount(calls)[counter] == r["stats"][counter]
