"""One game session in the shell: seats, turn log, save, computer player and timed steps
(pure: no pygame — a scene owns one :class:`GameSession` and draws).

What a game scene hands over to its session:

* **Seats and names** — :attr:`GameSession.seats` (:class:`~.seats.Seats`): who plays
  which side, the names shown (a computer's from its level, at display time).
* **The turn log** — :meth:`GameSession.open_log` replays a save or starts a new game;
  :meth:`GameSession.commit` plays a turn through the rules, records it and autosaves
  (or, when the game is over, deletes the save); :meth:`GameSession.undo`.
* **The save** — :meth:`GameSession.save_data` (the scene's ``save_data`` returns it).
  Saving rules (issue 15 #1): a new game writes nothing before its first turn is played,
  so a saved game in progress is never lost by starting another one; the session deletes
  the save only when its own game ends, and only a save it wrote or resumed from.
* **The computer's decision** — :meth:`GameSession.think` submits it to the worker
  process; :meth:`GameSession.update` returns it when ready (or the fallback's choice
  when the worker failed); undo and leaving the game cancel it.
* **Timed steps** — :attr:`GameSession.timeline` (the computer's staged turn, holds),
  advanced by :meth:`GameSession.update`.
* **Rematch** — :meth:`GameSession.rematch_config`.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any, Callable, Sequence

from .. import workers
from ..game import GameConfig
from ..game import demo_save_id as saves_demo_id
from .aitask import AITask, Decision
from .seats import Seats
from .timers import Timeline
from .turnlog import TurnLog

log = logging.getLogger(__name__)


def _int_seed(value) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 62:
        return value
    return None


class GameSession:
    """The machinery every game scene shares.

    :param app: the shell's ``App`` (uses ``autosave``, ``saves.delete``, ``run_worker``,
        ``rng_seed``); any object with those in tests.
    :param config: the :class:`~ludotheque.game.GameConfig` the scene was built with.
    :param game_id: the save name (the descriptor's id).
    :param sides: the rules' side ids in seat order, e.g. ``("b", "o")``.
    :param side_names: callables giving each side's translated name.
    :param extra: called when saving; returns the game's own save fields (a roll not yet
        played, options…), merged into :meth:`save_data`.
    :param is_over: for a game without a turn log (Mississippi's match): True once the
        game is over. With a log, the log's state says (``is_terminal()``).

    :ivar seed: the game's seed: the save's, else ``config.seed``, else ``app.rng_seed``,
        else drawn at random. :ivar seeded: True when it came from a seed given.
    :ivar resumed: True when the game came from a save.
    :ivar save_id: the save this game writes: ``game_id``, or ``"<game_id>-demo"`` for a
        demo (``config.demo``), which never touches the player's save.
    """

    def __init__(self, app, config: GameConfig, *, game_id: str, sides: Sequence[str],
                 side_names: Sequence[Callable[[], str]] = (),
                 extra: Callable[[], dict] | None = None,
                 is_over: Callable[[], bool] | None = None):
        self.app = app
        self.config = config
        self.game_id = game_id
        self.seats = Seats(config.players, sides, side_names)
        self.resumed = config.resume is not None
        self.log: TurnLog | None = None
        self._extra = extra
        self._is_over = is_over
        resume = config.resume if isinstance(config.resume, dict) else {}
        given = _int_seed(config.seed)
        if given is None:
            given = _int_seed(getattr(app, "rng_seed", None))
        self.seeded = given is not None
        saved = _int_seed(resume.get("seed"))
        self.seed: int = (saved if saved is not None else given if given is not None
                          else random.SystemRandom().randrange(1 << 30))
        self.save_id = saves_demo_id(game_id) if getattr(config, "demo", False) else game_id
        self.ai = AITask(app.run_worker, on_timeout=lambda: workers.restart("decision timed out"))
        self.timeline = Timeline()
        self._owns_save = self.resumed           # the save on disk is this game's
        self._played = False                     # a turn was played in this session
        self._ended = False

    # ----------------------------------------------------------------- seats
    def is_ai(self, side: str | None) -> bool:
        """True when ``side`` is the computer."""
        return self.seats.is_ai(side)

    def name(self, side: str) -> str:
        """The name shown for ``side`` (see :meth:`Seats.name`)."""
        return self.seats.name(side)

    def level(self, side: str) -> str:
        """The AI level of ``side``."""
        return self.seats.level(side)

    # ----------------------------------------------------------------- the log
    def open_log(self, from_text: Callable[[str], Any], new: Callable[[], Any]) -> TurnLog:
        """The turn log: the save replayed when resuming (``from_text`` reads its start
        text), else a new game from ``new()``.

        :raises ReplayError: (a ``ValueError``) a save that does not replay; the shell
            then sets it aside and tells the player.
        """
        if self.resumed:
            self.log = TurnLog.from_save(self.config.resume, from_text)
        else:
            self.log = TurnLog(new())
        return self.log

    @property
    def state(self):
        """The state now (the log's)."""
        return self.log.state

    @property
    def over(self) -> bool:
        """True once the game is over."""
        if self._is_over is not None:
            return bool(self._is_over())
        return self.log is not None and self.log.state.is_terminal()

    def commit(self, action: str):
        """Play ``action`` through the rules, record it, then autosave — or, when it ended
        the game, delete the save (:meth:`end`). Cancels nothing: the scene asks the
        computer for the next turn itself.

        :returns: the new state. :raises ValueError: the rules' refusal (nothing recorded).
        """
        state = self.log.commit(action)
        self.turn_played()
        return state

    def turn_played(self) -> None:
        """A turn (a shot, a rules transition) was played outside the log: autosave, or
        end the game when it is over. :meth:`commit` calls it."""
        self._played = True
        if self.over:
            self.end()
        else:
            self.autosave()

    def can_undo(self) -> bool:
        """True when :meth:`undo` would take something back: never once the game is over
        (a won game stays won — its save is already deleted, and the end panel stays)."""
        return self._undo_point() is not None

    def _undo_point(self) -> int | None:
        if self.log is None or self.seats.all_ai or not self.log.turns:
            return None
        if self._ended or self.over:
            return None                          # a finished game cannot be undone
        if not self.seats.any_ai:
            return len(self.log.turns) - 1
        return self.log.last_index(lambda st: not self.seats.is_ai(st.to_move))

    def undo_turns(self) -> list[str]:
        """The turns :meth:`undo` would take back now, oldest first (``[]``: nothing)."""
        k = self._undo_point()
        return [] if k is None else list(self.log.turns[k:])

    def undo(self) -> list[str]:
        """Take back the last turn (two people), or back to the start of the last turn a
        person played (against the computer: its replies go too); nothing in a game of
        two computers, nor once the game is over (:meth:`can_undo`). Cancels the
        computer's decision and the timed steps, and autosaves.

        :returns: the turns taken back, oldest first (``[]``: nothing to undo).
        """
        k = self._undo_point()
        if k is None:
            return []
        gone = self.log.truncate(k)
        self.ai.cancel()
        self.timeline.clear()
        self.autosave()
        return gone

    # ----------------------------------------------------------------- the save
    def save_data(self) -> dict | None:
        """What to autosave now: ``players`` (kind, level, a person's name), ``seed``, the
        game's ``options``, the log (``start``, ``turns``, ``position``) and the fields the scene's ``extra()`` gives.
        None when the game is over, or when it is a new game with no turn played yet
        (a saved game in progress stays on disk until then). A demo's is written under
        :attr:`save_id`, never as the player's save."""
        if self._ended or self.over:
            return None
        if not (self._owns_save or self._played):
            return None
        data = {"players": self.seats.to_save(), "seed": self.seed,
                "options": dict(self.config.options or {})}    # a resume plays on with them
        if self.log is not None:
            data.update(self.log.to_save())
        if self._extra is not None:
            data.update(self._extra())
        return data

    def autosave(self) -> bool:
        """Write :meth:`save_data` now (the shell's ``app.autosave``; a problem is told to
        the player there). :returns: True when a save was queued."""
        ok = bool(self.app.autosave(self))        # False when save_data() is None
        self._owns_save = self._owns_save or ok
        return ok

    def end(self) -> None:
        """The game is over: cancel the computer's decision (the timed steps go on, so a
        last animation finishes) and delete the save if it is this game's — one it wrote
        or resumed from, never another game's. Does something once."""
        if self._ended:
            return
        self._ended = True
        self.ai.cancel()
        if not self._owns_save:
            return                               # another game's save: never this game's to delete
        try:
            self.app.saves.delete(self.save_id)
        except Exception:  # noqa: BLE001 - the end screen matters more than the file
            log.exception("could not delete the finished game's save")
        self._owns_save = False

    # ----------------------------------------------------------------- the computer
    def rng(self, n: int | None = None) -> random.Random:
        """A generator for the computer's choice at turn ``n`` (default: the turns
        played), ``Random(seed * 1009 + n)``: a seeded game replays exactly, and an undo
        followed by the same turn gives the same reply."""
        if n is None:
            n = len(self.log) if self.log is not None else 0
        return random.Random(self.seed * 1009 + n)

    def think(self, fn: Callable, *args, fallback: Callable[[], Any], key: Any = None) -> None:
        """Ask the computer: ``fn(*args)`` in the worker process (``app.run_worker``);
        :meth:`update` returns the :class:`~.aitask.Decision`. ``fallback()`` chooses on
        the spot when the worker fails (logged). A decision in flight is cancelled."""
        self.ai.start(fn, *args, fallback=fallback, key=key)

    @property
    def thinking(self) -> bool:
        """True while the computer's decision is in flight."""
        return self.ai.thinking

    def update(self, dt: float) -> Decision | None:
        """Advance the timed steps by ``dt`` s, then return the computer's decision if it
        has just come (once), else None."""
        self.timeline.update(dt)
        return self.ai.poll()

    def close(self) -> None:
        """The scene leaves (menu, rematch, quit): cancel the decision and the steps."""
        self.ai.cancel()
        self.timeline.clear()

    # ----------------------------------------------------------------- rematch
    def rematch_config(self, **options) -> GameConfig:
        """The config of a rematch: same seats, the next seed when the game was seeded
        (a seeded session stays repeatable), the options with ``options`` changed (e.g.
        the variant the resumed game was played with)."""
        return dataclasses.replace(
            self.config, resume=None, seed=(self.seed + 1) if self.seeded else None,
            options={**(self.config.options or {}), **options})
