"""The one stand-in host for the game-screen tests: a game's screen (made through its
registered :class:`~kingdoms_web.play.contract.GameUI`) drawn on the fake DOM, acting like the
shell's table — the engine's session applies each action, the viewer follows the deciding seat,
the screen is drawn again with a fresh scope — without the table's tool bar, saving or guide,
so a screen's own behaviour is what is tested."""

from __future__ import annotations

from typing import Any

from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.session import Session
from kingdoms_web.dom import Scope
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play.contract import HostState


class ScreenHost(HostState):
    """One game screen and the session behind it (see the module's docstring)."""

    def __init__(self, doc: OfflineDocument, game_id: str, names: list[str], seed: int,
                 record: GameRecord | None = None,
                 settings: dict[str, Any] | None = None) -> None:
        self.session = Session(record or new_record(game_id, [Seat(name=n) for n in names],
                                                    seed=seed))
        self._viewer = self.game.current_seat(self.state)
        self.settings: dict[str, Any] = {} if settings is None else settings
        self.notes: list[str] = []
        """What the screen said through :meth:`notify`."""
        self.warned = 0
        """Positions drawn with the end-is-near warning (counted by the tests' checks)."""
        self.root = doc.createElement("main")
        doc.body.append(self.root)
        self.scope = Scope()
        self.screen: Any = GAME_UIS[self.session.record.game_id].create_screen(self)
        self.redraw()

    def act(self, action: Any) -> bool:
        if action not in self.game.legal_actions(self.state):
            return False
        self.session.act(action)
        seat = self.game.current_seat(self.state)
        if seat is not None:
            self._viewer = seat
        self.redraw()
        return True

    def notify(self, text: str, *, urgent: bool = False) -> None:
        self.notes.append(text)

    def redraw(self) -> None:
        self.scope.dispose()
        self.scope = Scope()
        self.screen.render(self.root, self.scope, self.game.view(self.state, self.viewer))

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> bool:
        self.settings[key] = value
        return True

    def node(self, testid: str) -> OfflineNode:
        found = self.root.by_testid(testid)
        assert found is not None, testid
        return found

    def nodes(self, prefix: str) -> list[OfflineNode]:
        return self.root.querySelectorAll(f'[data-testid^="{prefix}"]')

    def offers(self) -> list[OfflineNode]:
        """The controls the screen marks as offered by the engine's prompt."""
        return self.root.querySelectorAll("[data-offer]")
