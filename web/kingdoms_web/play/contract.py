"""The contract between the shell and a game's screen.

The shell owns everything games share: starting and resuming a game, applying actions through
the engine, autosaving the record, the "pass the device" privacy screen between seats, the end
screen, share and home. A game's screen only draws that game's board from a ``view`` and turns
taps into actions. It never decides a rule: legality, effects and scoring come from the engine.

Everything the page has of one game is registered once, as a :class:`GameUI`: the
``UI`` of the game's page package (``kingdoms_web/games/<game>/__init__.py``), collected in
:mod:`kingdoms_web.games.registry`. Adding a game to the page is one such package.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from kingdoms.core.coach import Advice
from kingdoms.core.explain import Prompt
from kingdoms.core.protocol import Game, Seat
from kingdoms.core.records import GameRecord
from kingdoms.core.session import Session, Step
from kingdoms_web.dom import Element, Scope
from kingdoms_web.i18n import Message
from kingdoms_web.learn.book import Book
from kingdoms_web.learn.figures import Figure
from kingdoms_web.play.coach import CoachMark
from kingdoms_web.play.help import HelpTopic
from kingdoms_web.play.hints import no_targets
from kingdoms_web.play.keys import KeyPlan


class GameHost(Protocol):
    """What the shell offers a running game screen."""

    @property
    def game(self) -> Game[Any, Any]:
        """The engine's game object (for ``prompt``, ``describe``, ``view``…)."""
        ...

    @property
    def record(self) -> GameRecord:
        """The record so far (seats, options, encoded actions)."""
        ...

    @property
    def moves(self) -> int:
        """How many actions led to the position on screen."""
        ...

    @property
    def state(self) -> Any:
        """The current engine state. Screens read it only through ``game`` methods."""
        ...

    def prompt(self) -> Prompt[Any] | None:
        """What the engine asks the seat to act now (labels, costs, what is not possible)."""
        ...

    @property
    def computer_plays(self) -> bool:
        """A computer is to act now (the board is read-only; the screen may say so)."""
        ...

    def recent_steps(self, count: int) -> list[Step]:
        """The last ``count`` actions (with the states around each), oldest first."""
        ...

    @property
    def board_mode(self) -> Hashable:
        """What the shell does to a drawn board after the screen drew it (read-only while a
        computer plays, every control askable while help is on), as a value: a screen that
        reuses parts of its last drawing (:mod:`kingdoms_web.play.parts`) reuses them only
        under the same mode."""
        ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes are on the screen now (hidden information is drawn for it only).

        For games with hidden information the shell changes it only after the privacy screen.
        """
        ...

    def act(self, action: BaseModel) -> bool:
        """Apply ``action`` through the engine, autosave, then redraw.

        Returns False (and shows the engine's reason) if the action was refused; nothing changes
        then. Screens offer only legal actions, so this is a safety net, not a rule check.
        """
        ...

    def notify(self, text: Message, *, urgent: bool = False) -> None:
        """A short message over the board: translated, or a function that says it in the
        language of each drawing (a language switch redraws it). ``urgent``: something was
        refused, said aloud at once too (:mod:`kingdoms_web.play.announcer`)."""
        ...

    def redraw(self) -> None:
        """Draw the screen again from the current state (after a page-only change, e.g. a
        display switch); no action is applied."""
        ...

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A page setting stored for this device (e.g. a screen's odds helper switch)."""
        ...

    def set_setting(self, key: str, value: Any) -> bool:
        """Store a page setting (JSON-able ``value``); False if the browser will not keep it."""
        ...


V = TypeVar("V", contravariant=True)
"""A game's view (its ``TypedDict`` shape: ``BurgraveView``, ``DiceRealmView``)."""


class GameScreen(Protocol[V]):
    """One game's board and controls, drawn from its view ``V``."""

    def render(self, root: Element, scope: Scope, view: V) -> None:
        """Draw the whole screen for ``view`` (= ``game.view(state, host.viewer)``) into ``root``.

        Called after every change; ``scope`` owns this render's event handlers and is disposed
        before the next render. Set ``data-testid`` attributes on controls for the tests.
        """
        ...

    def question(self) -> str:
        """What the board drawn last asks its viewer, in words ("" when it asks nothing: a
        computer's turn, a replay): spoken when it changes (:mod:`kingdoms_web.play.voice`)."""
        ...

    def end_details(self, view: V) -> list[Element]:
        """Game-specific elements for the end screen (the shell draws scores and winners)."""
        ...

    def end_lead(self, view: V) -> Element | None:
        """A line right under the winner, or None: what the shell's scores cannot show (a solo
        rival's total, which is in the view, not among the seats of the result)."""
        ...

    def dispose(self) -> None:
        """The screen is closed: release what it kept between drawings (listeners of kept
        parts, see :mod:`kingdoms_web.play.parts`)."""
        ...


class HostState:
    """The read-only half of :class:`GameHost`, shared by the live game and the replay.

    Subclasses set ``session`` (the engine's :class:`~kingdoms.core.session.Session` of the
    record: it keeps the states and walks the history) and ``_viewer``; a replay also sets
    ``shown``, the number of actions of the position on screen (the live game shows them all).
    """

    session: Session
    shown: int | None = None
    _viewer: int | None

    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def record(self) -> GameRecord:
        return self.session.record

    @property
    def moves(self) -> int:
        """How many actions led to the position on screen."""
        return self.session.moves if self.shown is None else self.shown

    @property
    def state(self) -> Any:
        return self.session.state if self.shown is None else self.session.state_at(self.shown)

    @property
    def seats(self) -> list[Seat]:
        return list(self.session.record.seats)

    @property
    def viewer(self) -> int | None:
        return self._viewer

    def prompt(self) -> Prompt[Any] | None:
        """What the engine asks the seat to act in the position on screen. Asked by the
        screen, the guide and help in one redraw, so it is kept for the state it was made for
        (states are values: a later move or an undo is another state object)."""
        state = self.state
        kept = self.__dict__.get("_prompt_kept")
        if kept is not None and kept[0] is state:
            prompt: Prompt[Any] | None = kept[1]
            return prompt
        prompt = self.game.prompt(state)
        self.__dict__["_prompt_kept"] = (state, prompt)
        return prompt

    @property
    def computer_plays(self) -> bool:
        """A computer seat is to act in the position on screen."""
        game, state = self.game, self.state
        seat = None if game.is_over(state) else game.current_seat(state)
        seats = self.session.record.seats
        return seat is not None and seats[seat].kind == "bot"

    @property
    def board_mode(self) -> Hashable:
        """The same for every drawing: a replay's board is always read-only."""
        return ()

    def recent_steps(self, count: int) -> list[Step]:
        """The last ``count`` actions before the position on screen, oldest first (from the
        session's kept states: no replay)."""
        moves = self.moves
        return list(self.session.steps(max(0, moves - count), moves))


@dataclass(frozen=True)
class GameUI:
    """One game's registration on the page: what the shell, the rules screen, the guide and
    help need of it. The engine's facts (seats, options, hidden information) are the game's
    :class:`~kingdoms.core.protocol.GameInfo`, never repeated here.

    Its screen and figures are functions, so the game's drawing code is imported only when a
    game or its rules are first opened (the home screen lists games from this object alone).
    """

    game_id: str
    create_screen: Callable[[GameHost], GameScreen[Any]]
    """The game's board and controls for a host (a live table or a replay)."""
    book: Book
    """Its rules reference (sections, blocks, glossary terms)."""
    figures: Callable[[], Mapping[str, Figure]]
    """Its rules' pictures by the names the book uses (imported when first drawn)."""
    coach: tuple[CoachMark, ...]
    """The guided first game's tips."""
    help: tuple[HelpTopic, ...]
    """What each element of its board is, for "What's this?"."""
    title_art: str
    """The title illustration on the home screen, a URL relative to the site."""
    stylesheet: str
    """Its board's style sheet, a URL relative to the site (linked by ``index.html``)."""
    keys: KeyPlan = field(default_factory=KeyPlan)
    """Playing it by keyboard: where focus goes, shortcut keys, rows of like controls."""
    hint_targets: Callable[[Advice], tuple[str, ...]] = no_targets
    """The board's controls a hint's option rings (selectors of the screen's test ids), from
    where the engine draws the choice (:mod:`kingdoms_web.play.hints`)."""
