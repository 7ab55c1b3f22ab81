"""A stand-in for the app that owns a game table in the page tests (the shell's side of
:class:`kingdoms_web.play.table.TableOwner`): memory storage, and navigation that goes nowhere."""

from __future__ import annotations

from typing import Any

from kingdoms.core.protocol import Seat
from kingdoms_web.saves.storage import MemoryBackend, Store


class Owner:
    def __init__(self) -> None:
        self.store = Store(MemoryBackend())
        self.started: list[tuple[str, list[Seat], Any]] = []

    def go_home(self) -> None: ...

    def start_game(self, game_id: str, seats: list[Seat], options: Any = None) -> None:
        self.started.append((game_id, seats, options))

    def set_fragment(self, fragment: str) -> None: ...

    def open_modal(self, modal: Any) -> None: ...

    def open_replay(self, record: Any) -> None: ...
