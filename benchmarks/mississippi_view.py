"""Mississippi's two view designs (issue 12 §2): the goal figures and a screenshot of
every phase, for ``docs/mississippi-view.md``.

Run: ``python -m benchmarks.mississippi_view [--shots DIR] [--sizes 1280x720,2560x1440]``.

It prints, for each design ("camera", "perspective"), the issue's goals measured on the
real scene's view at 1280×720 design units:

* while aiming: the share of the window the table top covers (goal ≥ 45 %) and the
  shooter's puck across in design px (goal ≥ 60);
* while placing: the target across (goal ≥ 40 px);
* a lag puck resting in the far gutter: drawn (px across) or marked;
* the pointer's step along the shot at the hand spot (design px per mm; the flick is
  measured for 0.5–1.25 in ``benchmarks/flick.py``);
* the hand speed in design px/s a lag needs (free slide, μ = 0.20, released at the inner
  line), to the far zone's middle and to the far gutter edge.

With ``--shots DIR`` it renders the real scene off screen (SDL dummy driver, the canvas at
the size's scale) in each phase and saves ``DIR/<design>/<W>x<H>/<phase>.png``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path


def lag_speeds(table) -> dict:
    """Launch speeds (mm/s) of a lag released at the inner line (M-U1) that stops by
    friction alone (M-P1: d = v²/2μg) at the far zone's middle and just short of the far
    gutter edge (disc wholly on the table top)."""
    from mississippi.table import DECEL
    x0 = table.inner_line("left")
    mid = (table.zone("right").x0 + table.zone("right").x1) / 2
    edge = table.gutter_edge("right") - table.puck_radius
    return {"far zone middle": (mid - x0, math.sqrt(2 * DECEL * (mid - x0))),
            "far gutter edge": (edge - x0, math.sqrt(2 * DECEL * (edge - x0)))}


def figures(view_name: str) -> dict:
    """The goal figures of one design (see the module doc)."""
    from mississippi import view as mview
    from mississippi.table import Table
    t = Table()
    v = mview.VIEWS[view_name]()
    aim = mview.TableSnapshot(t=0.0, phase="shoot", shooter="left", placer="right")
    v.settle(aim)
    hx, hy = t.hand_x("left"), t.width / 2
    along = v.scale_at(hx, hy)[1]
    out = {"design": view_name,
           "aiming: table top share of window": v.surface_fraction(),
           "aiming: shooter's puck px": v.puck_px(hx, hy),
           "aiming: pointer px per mm along the shot": along}
    place = mview.TableSnapshot(t=0.0, phase="place", shooter="left", placer="right")
    v.settle(place)
    out["placing: target px"] = v.puck_px(3300.0, hy)
    v.settle(aim)
    out["far-gutter lag puck px"] = v.puck_px(t.length - 135.0, hy)
    far_ok = v.visible(t.length - 135.0, hy) or v.offscreen(t.length - 135.0, hy) is not None
    out["far-gutter lag puck shown or marked"] = far_ok
    for name, (d, speed) in lag_speeds(t).items():
        out[f"lag to {name}: mm, mm/s, px/s"] = (round(d), round(speed), round(speed * along))
    return out


def print_figures() -> list[dict]:
    rows = [figures(n) for n in ("camera", "perspective")]
    for r in rows:
        print(f"design {r['design']}")
        for k, val in r.items():
            if k == "design":
                continue
            if isinstance(val, float):
                val = f"{100 * val:.1f} %" if "share" in k else f"{val:.2f}"
            print(f"  {k:46s} {val}")
    return rows


# ---------------------------------------------------------------- screenshots
def _phases(app, descriptor):
    """Yield (name, scene) with the real scene put in each phase."""
    import pygame

    from benchmarks.mississippi_frames import _start, flip_match, lagged
    from mississippi.rules import TABLE, Match, PuckOutcome, Report
    from tests.harness import frames, move, post

    mid = TABLE.width / 2

    def settle(scene):
        scene.view.settle(scene.snapshot())

    # lag: the glowing puck
    scene = _start(app, descriptor)
    yield "1-lag", scene
    # aiming: the puck held mid-drag, aim guide on
    m = lagged()
    m.place_target(3300, mid)
    scene = _start(app, descriptor, m, options={"aim_guide": True})
    frames(app, 2)
    hx, hy = scene.view.to_design(*scene.hand_spot("left"))
    post(app, pygame.MOUSEBUTTONDOWN, pos=(round(hx), round(hy)), button=1, touch=False)
    for i in range(1, 8):
        frames(app, 1, 1 / 60)
        move(app, (round(hx + 14 * i), round(hy - 0.6 * i)), buttons=(1, 0, 0))
    yield "2-aiming", scene
    post(app, pygame.MOUSEBUTTONUP, pos=(round(hx + 14 * 8), round(hy - 5)), button=1, touch=False)
    # a shot running: launched by the scene, the camera follows
    scene = _start(app, descriptor, m)
    x, y = scene.hand_spot("left")
    scene.launch(600, y, 3200.0, 20.0, "shot")
    for _ in range(40):
        frames(app, 1, 1 / 60)
    yield "3-shot-moving", scene
    while scene.flight is not None:                 # the shot ends; R replays it, slowly
        frames(app, 1, 1 / 30)
    scene.start_replay(0.25)
    for _ in range(90):
        frames(app, 1, 1 / 60)
    yield "9-replay", scene
    # lag result: both lag pucks where they stopped, the winner marked
    mm = Match.new("Ann", "Bob")
    scene = _start(app, descriptor, mm)
    scene.launch(620, mid, 3310.0, 0.0, "lag")
    while scene.flight is not None:
        frames(app, 1, 1 / 30)
    scene.launch(3150, mid + 100, -3150.0, -30.0, "lag")
    while scene.flight is not None:
        frames(app, 1, 1 / 30)
    settle(scene)
    frames(app, 1)
    yield "4-lag-result", scene
    # placing: the target dragged over the zone
    scene = _start(app, descriptor, lagged())
    frames(app, 2)
    gx, gy = scene.view.to_design(TABLE.length - TABLE.gutter_length / 2, mid)
    post(app, pygame.MOUSEBUTTONDOWN, pos=(round(gx), round(gy)), button=1, touch=False)
    tx, ty = scene.view.to_design(3300, 200)
    move(app, (round(tx), round(ty)), buttons=(1, 0, 0))
    frames(app, 1)
    yield "5-placing", scene
    post(app, pygame.MOUSEBUTTONUP, pos=(round(tx), round(ty)), button=1, touch=False)
    # overhanging target, flip window open
    scene = _start(app, descriptor, flip_match(), options={"flip_window": 60.0})
    settle(scene)
    frames(app, 1)
    yield "6-flip-window", scene
    scene.flip_key()
    for _ in range(20):
        frames(app, 1, 1 / 60)
    yield "7-flip-in-air", scene
    # a shot that left the target on the table (M-R5): roles swap, the new placer's end
    m2 = lagged()
    t_id = m2.place_target(3300, mid)
    s_id = m2.next_puck_id
    m2.shot(Report({t_id: PuckOutcome("table", 3250, mid - 60),
                    s_id: PuckOutcome("table", 3480, mid + 90)}))
    scene = _start(app, descriptor, m2)
    settle(scene)
    frames(app, 1)
    yield "8-roles-swapped", scene


def shots(out: Path, sizes) -> list[Path]:
    """Save every phase of both designs at each size (see module doc)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    import main as composition
    from tests.harness import make_app
    saved = []
    for design in ("camera", "perspective"):
        os.environ["MISSISSIPPI_VIEW"] = design
        for size in sizes:
            games = composition.descriptors()
            app = make_app(games, size=size)
            descriptor = next(g for g in games if g.id == "mississippi")
            d = out / design / f"{size[0]}x{size[1]}"
            d.mkdir(parents=True, exist_ok=True)
            for name, _scene in _phases(app, descriptor):
                app.draw()
                path = d / f"{name}.png"
                pygame.image.save(app.screen, str(path))
                saved.append(path)
    os.environ.pop("MISSISSIPPI_VIEW", None)
    return saved


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", type=Path, help="save screenshots of each phase under this folder")
    ap.add_argument("--sizes", default="1280x720,2560x1440")
    a = ap.parse_args(argv)
    print_figures()
    if a.shots:
        sizes = [tuple(int(v) for v in s.split("x")) for s in a.sizes.split(",")]
        for p in shots(a.shots, sizes):
            print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
