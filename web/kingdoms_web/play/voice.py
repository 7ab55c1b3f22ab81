"""What a game table says aloud after each drawing: the moves since it last spoke, whose turn it
is, the question asked, the pass screen, the end.

Why here and not in each screen: every game has moves, turns and questions, and the table knows
when they change (it draws after every action, undo, computer move and local step). The words
are the engine's (``Game.describe_parts`` through :class:`~kingdoms_web.play.moves.MovesText`),
the table's (turn banner, pass screen, winner) and the screen's question
(:meth:`~kingdoms_web.play.contract.GameScreen.question`); :mod:`.announcer` speaks them.

Computers' moves are told as one summary when a person's turn (or the end) comes, not move by
move: a game against three computers would otherwise queue a dozen sentences a turn. A game
may leave some of their moves out of the summary (Dice Realm's rolls before a claim:
``GameUI.summary_skips``); a person's own moves are told at once, so a roll is heard with its
dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kingdoms.core.session import Step
from kingdoms_web.play.announcer import announce
from kingdoms_web.play.moves import LOG_SIZE, MovesText


@dataclass(frozen=True)
class Moment:
    """What the table shows, as far as a listener must be told of a change."""

    moves: int
    """Actions in the record up to the position on screen."""
    seat: int | None
    """Whose decision it is (None when the game is over)."""
    person: bool
    """Whether that seat is a person's."""
    passing: bool
    """The privacy screen stands before the seat's turn."""
    over: bool
    question: str
    """The screen's question to the viewer, in words ("" when none: a computer's turn)."""


@dataclass(frozen=True)
class Words:
    """The table's sentences a :class:`TableVoice` needs (each in the language of the moment)."""

    turn: Callable[[int], str]
    """"Ann's turn"."""
    passing: Callable[[int], str]
    """"Pass the device to Ann"."""
    end: Callable[[], str]
    """Game over, the winner and the totals."""


def sentence(line: str) -> str:
    """``line`` ending as a sentence (a banner's "Ann's turn" has no full stop), so a screen
    reader pauses between the lines of one announcement.

    >>> sentence("Ann's turn"), sentence("Ann wins!"), sentence("Move 2 (1 silver each)")
    ("Ann's turn.", 'Ann wins!', 'Move 2 (1 silver each).')
    """
    line = line.strip()
    return line if not line or line[-1] in ".!?…:;»“”\"" else line + "."


class TableVoice:
    """Remembers what was said and says what changed (see the module's docstring)."""

    def __init__(self, moves: MovesText, is_person: Callable[[int | None], bool],
                 skips: Callable[[Step], bool] = lambda _step: False) -> None:
        self.moves = moves
        self.is_person = is_person
        self.skips = skips
        self.heard: Moment | None = None
        self.waiting: list[str] = []
        """Computers' moves not told yet (told when a person's turn or the end comes)."""

    def lines(self, now: Moment, words: Words) -> list[str]:
        """The sentences that tell a listener who heard :attr:`heard` about ``now`` (and
        remember ``now``)."""
        heard, self.heard = self.heard, now
        said: list[str] = []
        if heard is None or now.moves < heard.moves:  # a first drawing, an undo, another game
            self.waiting = []
        elif now.moves > heard.moves:
            said += self._moves(now.moves - heard.moves)
        if now.over:
            if heard is None or not heard.over:
                said += [*self._flush(), words.end()]
            return said
        if now.seat is None or not now.person:
            return said  # a computer thinks: its moves are told when it is done
        said += self._flush()
        new_turn = heard is None or heard.seat != now.seat or heard.over \
            or (heard.passing and not now.passing)
        if now.passing:
            if heard is None or not heard.passing or heard.seat != now.seat:
                said.append(words.passing(now.seat))
            return said
        if new_turn:
            said.append(words.turn(now.seat))
        if now.question and (heard is None or new_turn or now.question != heard.question
                             or now.moves != heard.moves):
            said.append(now.question)
        return said

    def tell(self, now: Moment, words: Words, first: str = "") -> None:
        """Say ``first`` (what the table did: "Undone") and :meth:`lines` as one
        announcement."""
        announce(" ".join(sentence(line) for line in [first, *self.lines(now, words)] if line))

    def _moves(self, count: int) -> list[str]:
        """The sentences of the last ``count`` actions: a person's at once, a computer's kept
        for the summary."""
        told: list[str] = []
        for step in self.moves.steps(min(count, LOG_SIZE)):
            parts = [text for _seat, text in self.moves.parts(step)]
            if self.is_person(step.seat):
                told += [*self._flush(), *parts]
            elif not self.skips(step):
                self.waiting += parts
        return told

    def _flush(self) -> list[str]:
        waiting, self.waiting = self.waiting, []
        return waiting


__all__ = ["Moment", "TableVoice", "Words", "sentence"]
