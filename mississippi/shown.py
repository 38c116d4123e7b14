"""What the Mississippi table shows, read from the scene's state (no pygame): the counts
in hand and in the gutters, the lag result, names and the texts of the HUD, and the
:class:`mississippi.view.TableSnapshot` the painter draws (decision 11).

:class:`Shown` is mixed into :class:`mississippi.scene.MississippiScene`; its methods only
read ``match``, ``session``, ``log`` and the controller objects (``aim``, ``placing``,
``flight``, ``replay``, ``duel``, ``ai_aim``, ``hold``, ``hint``).
"""

from __future__ import annotations

import math

from ludotheque import i18n
from ludotheque.session import hints_on

from mississippi import texts, view as mview
from mississippi.controller import LAG_HOLD_S, fallen_lag_pucks, puck_in_hand, replay_gutter_debt
from mississippi.rules import (LEFT_EDGE, PUCK_RADIUS, RIGHT_EDGE, TABLE_LENGTH, TABLE_WIDTH,
                               hand_spot)
from mississippi.table import Table

_ = i18n.domain("mississippi")
ngettext = i18n.ndomain("mississippi")
TABLE = Table()
LAG_SLOT = 12
"""The gutter slot (:func:`mississippi.view.gutter_spot`: the 5th row of three) where
the lag pucks fallen into a gutter are drawn, apart from the hand (≤ 8 during the lag)."""


class Shown:
    """Read-only queries of what the players see (mixed into the scene)."""

    def is_ai(self, side: str | None) -> bool:
        """True when ``side`` is played by the computer."""
        return side is not None and self.session.is_ai(side)

    def level(self, side: str) -> str:
        return self.session.level(side)

    def busy(self, waiting: bool = True) -> bool:
        """A shot, a replay, the computer's aimed shot or the lag result is on the table;
        ``waiting=False`` leaves out a lag result that waits for the players (nothing on
        the table moves then, so the shell may rest)."""
        hold = self.hold if waiting or self.hold is None or self.hold.left is not None else None
        return any(s is not None for s in (self.flight, self.replay, self.ai_aim, hold))

    def lag_hold_s(self) -> float | None:
        """How long the lag result stays on show by itself (s): until a person has seen
        it (a click or Enter, None) when a person plays — trial8: a short second slide
        left its result :data:`~mississippi.controller.LAG_HOLD_S` s, gone before it was
        read — and that long between two computers."""
        return LAG_HOLD_S if self.is_ai("left") and self.is_ai("right") else None

    @property
    def toast_area(self) -> tuple[int, int, int, int]:
        """Where the shell's toasts go (design px, :attr:`ludotheque.scene.Scene.toast_area`):
        over the top of the table, under the last-puck banner — never on the explanation
        box's text or the buttons under the table (trial8: "Nothing thrown" hid the box)."""
        main = self.view.main
        return (round(main.x + main.w / 2 - 200), round(main.y + 46), 400, 52)

    def hints(self) -> bool:
        """The beginner's reminders of M-R8 (the last-puck knock): the game's setup option
        ``reminders`` (issue 14 §1: an option of one game lives with that game)."""
        return bool(self.options.get("reminders", False))

    def hint_allowed(self) -> bool:
        """Decision 13: with the ``hints`` option at "auto", hints are on between two
        people and below Expert, off against the computer at Expert (or Master); "on" and
        "off" decide."""
        return hints_on(self.options.get("hints", "auto"), self.config.players)

    def hand_spot(self, side: str) -> tuple[float, float]:
        """Where ``side``'s puck in hand waits for the flick (mm, M-U1)."""
        return puck_in_hand(self.match, side)

    def flicker(self) -> tuple[str | None, str | None]:
        """``(side, kind)`` of a person who may flick now (kind ``"lag"``, ``"shot"``,
        ``"counter"``), else ``(None, None)``."""
        m = self.match
        if self.busy() and not (m.phase == "flip" and self.flight is None):
            return None, None
        if m.phase == "lag" and not self.is_ai(m.lag_side):
            return m.lag_side, "lag"
        if m.phase == "shoot" and not self.is_ai(m.shooter):
            return m.shooter, "shot"
        if m.phase == "flip" and not self.is_ai(m.shooter) and self.duel is not None \
                and self.duel.race.may_counter() and m.gutter[m.shooter] >= 1 and self.flight is None:
            return m.shooter, "counter"
        return None, None

    def drag_prediction(self) -> tuple[float, float, float, float] | None:
        """The aim guide during a drag: ``(vx, vy, x, y)`` — the launch velocity (mm/s) if
        the puck were let go now and where a free slide at it stops (mm); None without a
        drag or while the hand is still (:meth:`Aim.prediction`)."""
        if self.aim is None:
            return None
        return self.aim.prediction(self.t + (self._offset or 0.0))

    def ghosts_visible(self) -> bool:
        """The lag pucks are drawn where they stopped (M-L1/M-L2) while the result is on
        show, although the rules have already returned them to the gutters (M-L3)."""
        return self.hold is not None and self.flight is None

    def lag_ghosts(self) -> list[tuple[str, float, float]]:
        """``(owner, x, y)`` of the lag pucks on show (empty after the hold)."""
        return self.hold.resting() if self.ghosts_visible() else []

    def hand_count(self, side: str) -> int:
        """Pucks in ``side``'s hand as the players see them: the rules' gutter count,
        minus a puck sliding now, every lag puck still shown where it went while the lag
        result is on show (on the table, fallen into a gutter — the far one's count says
        whose — or off the table: the count, the gutters and the panel's line agree,
        M-L1/M-L3) and, during a replay, the
        pucks the replay draws itself (:func:`controller.replay_gutter_debt`)."""
        m = self.match
        n = m.gutter[side]
        if self.flight is not None and side == self.flight.side:
            n -= 1
        if self.ghosts_visible():            # the rules gave the lag pucks back (M-L3), but
            # they are still shown where they went: on the table, in a gutter, off the table
            n -= sum(1 for owner, *_rest in self.hold.ghosts if owner == side)
        if self.replay is not None:          # the replay draws those pucks itself
            n -= replay_gutter_debt(self.replay, side)
        return max(0, n)

    def lag_out(self, side: str) -> dict[str, int]:
        """Where ``side``'s lag puck went when it left the table top in this lag round
        (``{"far gutter": n, "own gutter": n, "off table": n}``, M-L1)."""
        if self.match.phase != "lag" and self.hold is None:
            return {"far gutter": 0, "own gutter": 0, "off table": 0}
        return fallen_lag_pucks(self.lag_fates, side)

    def gutter_extras(self, gutter: str) -> list[str]:
        """Owners of the lag pucks lying in ``gutter`` (the far gutter keeps a fallen lag
        puck visible until the lag ends, issue 12 §5)."""
        if self.match.phase != "lag" and self.hold is None:
            return []
        return [o for o, s, _x, _y in self.lag_fates if s == f"gutter_{gutter}"]

    def gutter_row(self, side: str) -> tuple:
        """What ``side``'s gutter shows, slot by slot (:func:`view.gutter_spot`): the
        pucks in hand in its colour, then, from :data:`LAG_SLOT` on (a row apart, so they
        are not read as part of that hand), the lag pucks that fell into it this round in
        their owners' colours (M-L1); ``None`` is an empty slot."""
        hand = [side] * self.gutter_shown(side)
        extras = self.gutter_extras(side)
        if not extras:
            return tuple(hand)
        return tuple(hand + [None] * max(0, LAG_SLOT - len(hand)) + extras)

    def puck_out_of_gutter(self) -> str | None:
        """The side whose puck in hand is drawn on the table now (ready, held, the
        computer's aimed puck, the target being dragged), so it is not in the gutter too."""
        m = self.match
        if self.aim is not None:
            return self.aim.side
        if self.placing is not None:
            return self.placing.side
        if self.ai_aim is not None:
            return m.lag_side if m.phase == "lag" else m.shooter
        return self.flicker()[0]

    def gutter_shown(self, side: str) -> int:
        """How many of ``side``'s own pucks are drawn in its gutter: the hand count
        (M-O2) minus the puck of that hand drawn on the table."""
        n = self.hand_count(side)
        if n and self.puck_out_of_gutter() == side:
            n -= 1
        return max(0, n)

    def placer_glow_spot(self) -> tuple[float, float]:
        """Where the placer's "drag from here" ring goes (mm, M-R1): on the puck in their
        gutter a drag takes, or mid-gutter if none shows."""
        side = self.match.placer
        n = self.gutter_shown(side)
        if n:
            return self.gutter_puck_spot(side, n - 1)
        return (LEFT_EDGE / 2 if side == "left" else TABLE_LENGTH - LEFT_EDGE / 2), TABLE_WIDTH / 2

    @staticmethod
    def gutter_puck_spot(side: str, i: int) -> tuple[float, float]:
        """Where the ``i``-th puck in ``side``'s gutter is drawn (mm, :func:`view.gutter_spot`)."""
        return mview.gutter_spot(side, i)

    def who(self, side, short: bool = False) -> str:
        """The name of ``side``'s player: the member who plays next in a team (M-E2), a
        computer's name from its level at display time; ``short`` leaves the level out."""
        if side is None:
            return ""
        if len(self.match.teams[side]) > 1:
            return self.match.name(side)
        return self.session.name(side) if short else self.session.seats.full_name(side)

    def lag_replayed(self) -> bool:
        """True through a replayed lag round ("Lag again", M-L3): the lag is on again
        after a round whose pucks all stopped outside the far target zone."""
        m = self.match
        return m.phase == "lag" and m.lag_rounds > 0 and self.hold is None

    def spot_moved(self, side: str) -> bool:
        """M-U1: ``side``'s puck in hand waits beside its usual spot (mid-width at the
        back of its zone) because a resting puck lies there."""
        return self.hand_spot(side) != hand_spot(side)

    @staticmethod
    def launch_moved(y: float, spot_y: float) -> bool:
        """M-U1: the puck let go at ``y`` mm left from ``spot_y`` mm because a resting
        puck lay there (:meth:`mississippi.sim.TableSim.add_shot_clear`), not merely
        kept a radius off the rail."""
        return abs(spot_y - min(max(y, PUCK_RADIUS + 1.0), TABLE_WIDTH - PUCK_RADIUS - 1.0)) > 1.0

    def lag_replay_pending(self) -> bool:
        """True in a replayed lag round before its first slide: the box says why the lag
        is replayed (M-L3) then; after a slide it says where that puck went (M-L1), the
        replay being decided after both (trial8)."""
        return self.lag_replayed() and not self.match.lag_pucks

    def note_alone(self) -> bool:
        """The scene's notice is the box's whole text (not said before an M-L2/M-L3 result)."""
        return bool(self.note) and self.match.last.code not in ("lag-replay", "lag-won")

    def shown_rule(self) -> str:
        """The rule id in the explanation box's tag: the rule its text explains — the
        scene's notice's own (``note_rule``: M-R8 for an early knock, trial8 saw M-R1 on
        it), else the last decision's."""
        if self.note_alone() and getattr(self, "note_rule", None):
            return self.note_rule
        return self.match.last.rule

    def explanation(self) -> str:
        """The explanation box's text: the scene's notice, else the last rules decision
        (the M-L3 replay text gives way to the next lag's once the result was seen).
        A replayed lag round's texts say why it is replayed (M-L3) until its first slide."""
        m = self.match
        why = " " + texts.lag_replayed() if self.lag_replay_pending() else ""
        if self.note_alone():
            return self.note + why
        hint = self.hint_guide()
        if hint is not None:                                   # issue 17 §2: line and speed
            return texts.hint_text(hint.speed) + why
        last = m.last
        code = last.code
        if self.lag_replayed():
            code = {"lag-replay": "lag-again", "lag-next": "lag-next-again"}.get(code, code)
        facts = {"chooser": m.chooser, "next": m.lag_side, **last.facts}   # M-L2: who chose
        text = texts.outcome_text(code, facts, self.who) or last.text
        if code not in ("lag-again", "lag-next-again"):         # any other text: why, after it
            text += why
        if self.note:                                          # M-L2/M-L3 said, after the fall
            return self.note + " " + text
        return text

    def shot_label(self) -> str:
        """The number of the last shot after the lag (the lag's slides not counted: "lag"
        while the lag is on), under the rule tag ("· hint" when it was hinted)."""
        m = self.match
        if m.phase in ("lag", "choose_role") or m.last.rule.startswith("M-L"):
            label = _("lag")                 # the lag's slides are no shots of the match (M-L)
        else:
            label = _("shot {n}").format(n=texts.shots_played(m.shots, m.lag_rounds))
        if len(self.log) - 1 in self.hinted:
            label += " · " + _("hint")
        return label

    def match_summary(self) -> str:
        """The win screen's count of shots and role swaps (singular and plural right); the
        shots as the status bar counts them, the lag's slides left out (M-L1, M-R2)."""
        st = self.match.stats
        n = texts.shots_played(st.shots, st.lag_rounds)
        return "{shots}, {swaps}".format(
            shots=ngettext("{n} shot", "{n} shots", n).format(n=n),
            swaps=ngettext("{n} role swap", "{n} role swaps", st.role_swaps).format(n=st.role_swaps))

    # ------------------------------------------------------------------ the HUD's texts
    def headline(self) -> str:
        """The heading over the table: whose turn, in the game's words; while the lag
        result is on show, who won it (M-L2) or that it is replayed (M-L3), and "Lag again"
        through the replayed lag."""
        m = self.match
        who = self.who(m.to_act, short=True)
        if self.hold is not None:                  # the lag result on show (M-L2, M-L3)
            if m.last.code == "lag-won":
                return _("{who} wins the lag").format(who=self.who(m.chooser, short=True))
            return _("No lag puck in the far zone: lag again")
        if m.phase == "lag" and m.lag_rounds:      # M-L3: the lag is being replayed
            return _("Lag again: {who} slides a puck").format(who=who)
        return {"lag": lambda: _("Lag: {who} slides a puck").format(who=who),
                "choose_role": lambda: _("{who} chooses a role").format(who=who),
                "place": lambda: _("{who} places the target").format(who=who),
                "shoot": lambda: _("{who} shoots").format(who=self.who(m.shooter, short=True)),
                "flip": lambda: _("Flip!"),
                "over": lambda: _("{who} wins!").format(who=self.who(m.winner, short=True)),
                }.get(m.phase, lambda: "")()

    def instruction(self) -> str:
        """What the person to act does now (empty on the computer's turn)."""
        m = self.match
        if self.hold is not None:                  # the lag result on show: go on when seen
            return _("Click or press Enter to go on.")
        if self.is_ai(m.to_act) and m.phase != "flip":
            return ""
        side, kind = self.flicker()
        if kind in ("lag", "shot", "counter") and self.spot_moved(side):   # M-U1: not where it was
            return texts.moved_spot_text(kind)
        if m.phase == "lag":
            return _("Drag the glowing puck and release it toward the far end: stop it as close as you can to the far gutter.")
        if m.phase == "choose_role":
            return _("Your lag puck won. Shooter shoots at targets; placer places them.")
        if m.phase == "place":
            extra = ""
            if m.standing_allowed:
                extra = " " + _("Last puck: you may stand the target on its edge (S, ←/→ to turn).")
            return _("Drag a puck from your gutter into your target zone.") + extra
        if m.phase == "shoot":
            if m.knock_required and not m.knocked:
                return _("Flick the puck at the target (press, drag, release).")
            return _("Flick the puck at the target: press it, drag fast toward the far end, release.")
        if m.phase == "flip":
            return _("Placer: Space to flip, Space again to catch. Shooter: flick a counter shot now!")
        return ""

    def last_puck_banner(self) -> str | None:
        """M-R10 made unmistakable: the banner shown while the shooter is down to the last
        puck, else None. M-R8 gives no reminder to knock by default: a person who has not
        knocked sees it only with the beginner hints on."""
        m = self.match
        if m.phase not in ("place", "shoot") or not m.knock_required or self.hold is not None:
            return None
        who = self.who(m.shooter, short=True)
        if self.is_ai(m.shooter):
            return _("{who}'s last puck: if it drops both pucks, {who} wins").format(who=who)
        if not m.knocked:
            if not self.hints():
                return None
            return _("Last puck: knock (K), then drop both pucks to win")
        return _("Last puck: drop both the target and your puck into the gutter to win")

    # ------------------------------------------------------------------ the painter's snapshot
    def snapshot(self) -> mview.TableSnapshot:
        """What the painter draws on and around the table now (mm, mm/s, s)."""
        m = self.match
        world = self.replay.sim if self.replay is not None else (
            self.flight.sim if self.flight is not None else None)
        owners = (self.replay.record.owners() if self.replay is not None else
                  self.flight.owners() if self.flight is not None else {})
        pucks = []
        if world is not None:
            for wid, st in world.world.pucks().items():
                rid = world.rid_by_wid.get(wid)
                ring = "target" if rid == m.target and self.replay is None else None
                pucks.append(mview.PuckView(st.x, st.y, owners.get(rid, m.shooter or "left"), st.state,
                                            st.standing, st.angle, ring, st.vx, st.vy, pid=rid))
        else:
            flipped = self.duel is not None and self.duel.started
            for pid, p in m.table.items():
                if not (flipped and pid == m.target):
                    pucks.append(mview.PuckView(p.x, p.y, p.owner, "table", p.standing, p.angle,
                                                "target" if pid == m.target else None, pid=pid))
        gutters = {s: self.gutter_row(s) for s in ("left", "right")}
        held = guide = aim_to = drag = glow = None
        side, kind = self.flicker()
        target = m.table.get(m.target) if m.target is not None else None
        if self.aim is not None:
            x, y = self.aim.puck
            held = mview.PuckView(x, y, self.aim.side, ring="held")
            pred = self.drag_prediction() if self.aim_guide else None
            if pred is not None:
                guide = mview.Guide(x, y, pred[2], pred[3], math.hypot(pred[0], pred[1]))
            if self.aim_guide and target is not None and self.aim.kind != "lag":
                aim_to = (target.x, target.y)
        elif self.ai_aim is not None:
            p = self.ai_aim.plan
            v = math.hypot(p.vx, p.vy) or 1.0
            held = mview.PuckView(p.x, p.y, m.lag_side if m.phase == "lag" else m.shooter, ring="ai")
            aim_to = (p.x + p.vx / v * 480, p.y + p.vy / v * 480)
        elif side is not None:
            x, y = self.hand_spot(side)
            held = mview.PuckView(x, y, side, ring="ready")
            if self.aim_guide and target is not None and kind != "lag":
                aim_to = (target.x, target.y)
        hint = self.hint_guide()
        if guide is None and hint is not None:
            guide = hint
        if self.placing is not None:
            p = self.placing
            ok = m.check_target(p.x, p.y, standing=self.standing, angle=self.angle) is None
            drag = mview.PuckView(p.x, p.y, p.side, standing=self.standing, angle=self.angle,
                                  ring="legal" if ok else "illegal")
        elif m.phase == "place" and not self.is_ai(m.placer) and not self.busy():
            glow = self.placer_glow_spot()
        ghosts, winner = [], None
        for owner, x, y in self.lag_ghosts():
            if m.last.code == "lag-won" and owner == m.chooser:
                winner = len(ghosts)
            ghosts.append(mview.PuckView(x, y, owner, ghost=True))
        flip = None
        if self.duel is not None and m.phase == "flip":
            d, tp = self.duel, target
            x = tp.x if tp else (RIGHT_EDGE if m.placer == "right" else LEFT_EDGE)
            y = tp.y if tp else TABLE_WIDTH / 2
            air = d.race.in_air()
            flip = mview.FlipView(x, y, tp.owner if tp else m.placer, d.started,
                                  d.toss.height(air) if air is not None else 0.0,
                                  d.toss.angle(air) if air is not None else 0.0, d.window_left(),
                                  min(1.0, air / d.toss.airtime) if air is not None else 0.0,
                                  d.window_left() * d.race.window)
        return mview.TableSnapshot(
            t=self.t, phase=m.phase, shooter=m.shooter, placer=m.placer, to_act=m.to_act,
            pucks=tuple(pucks), gutters=gutters, held=held, guide=guide, aim_to=aim_to,
            drag_target=drag, place_glow=glow, ghosts=tuple(ghosts), winner_ghost=winner, flip=flip,
            moving=world is not None, dragging=self.aim is not None or self.placing is not None,
            replay=self.replay.speed if self.replay is not None else None,
            calm=self.t - self._calm_t0)

    def hint_guide(self) -> mview.Guide | None:
        """The hint (issue 17 §2) as an aim guide: from where the Expert would release to
        where a free slide at its speed stops (M-P1), or None."""
        if self.hint is None or self.hint[1] != len(self.log):
            return None
        p = self.hint[0]
        x1, y1 = TABLE.free_stop(p.x, p.y, p.vx, p.vy)
        return mview.Guide(p.x, p.y, x1, y1, math.hypot(p.vx, p.vy))
