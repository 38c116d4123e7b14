"""One game session in the shell (issue 14 §1): seats and names, the turn log and its
save, the computer's decision in the worker process, timed steps, text fitting — pure,
no pygame — and the end panel (:mod:`ludotheque.session.endpanel`, the only part that
draws). docs/games-api.md "The session" shows a scene using it.
"""

from .aitask import AITask, Decision
from .core import GameSession
from .protocol import CHANCE, GameState, Outcome
from .seats import Seats, hinted_turns, hints_on, hints_option, visible_name
from .textfit import Fitted, fit_text
from .timers import Timeline, Timer
from .turnlog import ReplayError, TurnLog

__all__ = ["hinted_turns", "hints_on", "hints_option", "AITask", "CHANCE", "Decision", "Fitted", "GameSession", "GameState", "Outcome",
           "ReplayError", "Seats", "Timeline", "Timer", "TurnLog", "fit_text", "visible_name"]
