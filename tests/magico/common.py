"""What several Magico test files share: scripted dice, a game scene opened on top of
the menu, and a position built from the cells each side holds (K-N1's text)."""

from __future__ import annotations

from ludotheque.game import GameConfig, PlayerSpec
from magico.rules import Dice, Position, parse_cell
from tests.harness import frames

HUMANS = (PlayerSpec("Ann"), PlayerSpec("Bob"))


class ScriptedDice(Dice):
    """Dice that roll a fixed list of values (the scene only calls ``roll``)."""

    def __init__(self, rolls):
        super().__init__(0)
        self.script = list(rolls)

    def roll(self):
        self.rolls += 1
        return self.script.pop(0)


def start(app, players=HUMANS, rolls=None, position=None, seed=7, **options):
    """Open a Magico scene on the classic board on top of the menu, from ``position``
    (K-N1 text) when given, with ``rolls`` as its dice when given; ``options`` are the
    game's (``first="r"``…)."""
    from magico.scene import MagicoScene

    resume = None
    if position is not None:
        resume = {"players": [p.to_dict() for p in players], "start": position, "turns": [],
                  "position": position, "dice": {"seed": seed, "rolls": 0}, "pending": None}
    scene = MagicoScene(app, GameConfig(players=players, seed=seed,
                                        options={"board": "magico-classic", **options}, resume=resume))
    if rolls is not None:
        scene.dice = ScriptedDice(rolls)
    app.push(scene)
    frames(app, 1)
    return scene


def placed(red: str, blue: str, side: str) -> Position:
    """The classic board with Red's tokens on the cells named in ``red`` and Blue's on
    those in ``blue`` (space-separated, "a1 c4"), ``side`` ("r"/"b") to play, each hand
    holding 15 less the tokens placed."""
    grid = [["."] * 6 for _ in range(6)]
    for cells, ch in ((red, "R"), (blue, "B")):
        for name in cells.split():
            i = parse_cell(name)
            grid[i // 6][i % 6] = ch
    rows = "/".join("".join(r) for r in grid)
    return Position.from_text(f"magico-classic {rows} {side} "
                              f"{15 - len(red.split())}-{15 - len(blue.split())}")
