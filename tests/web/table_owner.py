"""A stand-in for the app that owns a game table in the page tests (the shell's side of
:class:`kingdoms_web.play.table.TableOwner`): memory storage, and navigation that goes nowhere."""

from __future__ import annotations

from typing import Any

from kingdoms.core.protocol import Seat
from kingdoms_web.saves.storage import MemoryBackend, Store


class Owner:
    """The app as a table sees it, without a browser: ``store`` (memory storage unless
    given), the games started and the addresses set are recorded for the tests to read."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store if store is not None else Store(MemoryBackend())
        self.started: list[tuple[str, list[Seat], Any]] = []
        self.fragments: list[str] = []

    def go_home(self) -> None: ...

    def start_game(self, game_id: str, seats: list[Seat], options: Any = None) -> None:
        self.started.append((game_id, seats, options))

    def set_fragment(self, fragment: str) -> None:
        self.fragments.append(fragment)

    def open_modal(self, modal: Any) -> None: ...

    def open_replay(self, record: Any, review: bool = False) -> None: ...
