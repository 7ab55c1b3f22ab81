"""The Burgrave game screen (made by the ``create_screen`` of its ``GameUI``), hot-seat for 2-4
on one tablet.

Layout (``public/burgrave.css``): the prompt and the viewer's hand in a side panel, the ring of
segments round the castle beside it (landscape) or under it (portrait, phones: the board gets
most of the height, the hand drawer folds to a strip unless a card is asked). The DOM order is
prompt (its first line: round, piles, the recap, a solo rival's scheme, the Key), board, player
boards, the rival, log, so a keyboard user who has just acted lands on the prompt and tabs on
to its choices, then to the highlighted spaces and spots, then to the hand.

Every tap either takes one of the engine's legal actions (``host.act``) or is a local step
towards one (choosing which building before the spot); the engine decides everything else.
What happened is :mod:`.log`'s, the rival's panel :mod:`.rival`'s, the end screen's parts
:mod:`.end`'s.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from kingdoms.burgrave.game import BurgraveView
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.games.burgrave import motion as motions
from kingdoms_web.games.burgrave.board import BoardRenderer
from kingdoms_web.games.burgrave.dialogs import CardDialog, LegendDialog
from kingdoms_web.games.burgrave.end import end_details, end_lead
from kingdoms_web.games.burgrave.icons import icon
from kingdoms_web.games.burgrave.keys import KEYS
from kingdoms_web.games.burgrave.log import MovesLog
from kingdoms_web.games.burgrave.options import option_button
from kingdoms_web.games.burgrave.player import PlayerRenderer, card_face
from kingdoms_web.games.burgrave.rival import rival_block, rival_parts, scheme_name
from kingdoms_web.i18n import get_language, join_parts, join_sentences, t
from kingdoms_web.play import motion
from kingdoms_web.play.announcer import announce
from kingdoms_web.play.confirm import Confirmation, why_confirm
from kingdoms_web.play.contract import GameHost
from kingdoms_web.play.keys import focus_on, rove
from kingdoms_web.play.notices import end_warnings
from kingdoms_web.play.parts import Parts
from kingdoms_web.play.voice import sentence

BOARD_PLACES = frozenset({"space", "spot", "section"})
"""Offers drawn on the board (``Offer.place``), not in the prompt or the hand."""


@dataclass(frozen=True)
class ScreenFrame:
    """The screen's containers, kept from one drawing to the next (per language) so that the
    parts inside them stay in the page (:func:`kingdoms_web.dom.patch`)."""

    screen: Element
    panel: Element
    """Status, recap and prompt."""
    dock: Element | None
    """The viewer's hand and line (none for a spectator)."""
    main: Element
    board: Element
    ring: Element
    opponents: Element

    @staticmethod
    def build(*, with_dock: bool) -> ScreenFrame:
        ring = el("div", cls="bg-ring")
        board = el("section", ring, el("p", t("burgrave.paths"), cls="bg-legend"),
                   cls="bg-board", testid="board", attrs={"aria-label": t("burgrave.board")})
        opponents = el("div", cls="bg-opponents",
                       attrs={"role": "group", "aria-label": t("burgrave.opponents")})
        main = el("div", board, opponents, cls="bg-main", testid="board-scroller")
        panel = el("div", cls="bg-panel", testid="panel")
        dock = el("div", cls="bg-dock", testid="dock") if with_dock else None
        screen = el("div", panel, dock, main, cls="bg-screen", testid="burgrave-screen")
        return ScreenFrame(screen, panel, dock, main, board, ring, opponents)


class BurgraveScreen:
    """Burgrave's :class:`~kingdoms_web.play.contract.GameScreen`."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.log = MovesLog(host)
        """What happened: the recent moves, and the recap since a person's last move."""
        self.building: str | None = None
        self.confirmation = Confirmation()
        """The control (test id) waiting for its confirming second tap, if any."""
        self.opened: set[int] = set()
        self.dock_open: bool | None = None
        """Whether the player opened (True) or folded (False) the hand drawer during this
        decision; None: as the layout has it (see :meth:`_dock_open`)."""
        self._scroll: dict[str, float] = {}
        """How far the board and the dock were scrolled, kept across redraws."""
        self._board_asks: tuple[str, ...] = ()
        """The board's offered targets at the last draw: new ones are shown if out of view."""
        self._asks = "board"
        """What the last drawn question asks for: the hand, the board or the prompt's buttons
        (``prompt-cards``: buttons that are cards to choose from, drawn with their faces)."""
        self._scope = Scope()
        self._host_scope = Scope()
        self.parts = Parts()
        """The ring's segments and castle and the players' boards, kept from the last
        drawing while their part of the view is unchanged (most of a redraw's cost)."""
        self._root: Element | None = None
        self._view: BurgraveView | None = None
        self._motion = motions.NO_MOTION
        """What changed since the view drawn before (shown in motion by the next draw only:
        a local redraw must not play it again)."""
        self._decision_key: Any = None
        self._keyboard = False
        self.prompt: M.Prompt | None = None

    # ------------------------------------------------------------------ the contract

    def render(self, root: Element, scope: Scope, view: BurgraveView) -> None:
        # This screen redraws itself for local steps, so it binds handlers in a child scope of the
        # host's: it can release them at each local redraw, and the host releases them with its own.
        self._host_scope = scope
        self._root = root
        view = M.with_rival_name(view)
        self._motion = motions.plan(self._view, view)
        self._view = view
        decision = view.get("decision")
        key = (self.host.moves, decision and decision["kind"],
               decision and decision["seat"])
        if key != self._decision_key:
            self._decision_key = key
            self.building = None
            self.confirmation.clear()
            self.dock_open = None
        self._draw()

    def dispose(self) -> None:
        """The screen is closed: release the listeners of the parts it kept."""
        self.parts.clear()
        self._scope.dispose()

    def question(self) -> str:
        """The prompt's question and why it is asked (the viewer's decisions only)."""
        prompt = self.prompt
        if prompt is None:
            return ""
        return join_sentences([sentence(text) for text in (prompt.title, prompt.why) if text])

    def end_lead(self, view: BurgraveView) -> Element | None:
        return end_lead(view)

    def end_details(self, view: BurgraveView) -> list[Element]:
        return end_details(view)

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        view = self._view
        if view is None or self._root is None:
            return
        self._scope.dispose()
        self._scope = self._host_scope.child()
        host = self.host
        viewer = host.viewer
        prompt = M.build_prompt(host.prompt(), building=self.building,
                                armed=self.confirmation.armed)
        if prompt is not None and prompt.seat != viewer:
            prompt = None  # not this seat's decision: the host's privacy screen comes first
        self.prompt = prompt
        moved, self._motion = self._motion, motions.NO_MOTION
        board = BoardRenderer(view, prompt, self._scope, self._on_offer, self._show_card,
                              moved)
        players = PlayerRenderer(view, prompt, self._scope, self._on_offer, self._show_card,
                                 self.opened, self._toggled, moved)
        parts = self.parts
        parts.begin(host.board_mode)
        frame = parts.frame("screen", viewer is not None,
                            lambda: ScreenFrame.build(with_dock=viewer is not None))
        hand_asked = prompt is not None and any(o.place == "hand" for o in prompt.offers)
        board_asked = prompt is not None and any(o.place in BOARD_PLACES
                                                 for o in prompt.offers)
        buttons = [o for o in prompt.offers if o.place in ("prompt", "pair")] if prompt else []
        if board_asked and self.building is None and len(buttons) > 2:
            board_asked = False  # the buttons come first (a building, a trade), then a spot
        asks = "hand" if hand_asked else "board" if board_asked or not buttons else \
            "prompt-cards" if sum(o.about is not None for o in buttons) >= 3 else "prompt"
        self._asks = asks
        dock_open = hand_asked or self._dock_open(asks)
        others = [s for s in range(len(view["players"])) if s != viewer]
        dom.patch(frame.ring, board.render(parts))
        rival = view.get("rival")
        rival_name = str(view["players"][rival["seat"]]["name"]) if rival else ""
        dom.patch(frame.opponents, [
            parts.get("rival", (rival, rival_name, get_language()),
                      lambda _scope: rival_block(rival, rival_name)) if rival else None,
            *[players.kept_opponent(parts, s) for s in others]])
        dom.patch(frame.main, [frame.board,
                               players.kept_details(parts, viewer) if viewer is not None
                               else None, frame.opponents, self.log.draw(parts)])
        dock, main = frame.dock, frame.main
        if dock is not None and viewer is not None:
            dom.patch(dock, [players.kept_mine(parts, viewer, open_=dock_open,
                                               on_fold=None if hand_asked else self._fold_dock)])
        dom.patch(frame.panel, [self._prompt(view, prompt, asks)])
        screen = frame.screen
        # What the prompt asks for gets the room (burgrave.css): the hand's cards when a card
        # is asked for, the board when a piece of it is, else the prompt's own buttons (none
        # of them may be cut off).
        dom.set_attrs(screen, {"data-asks": asks})
        self._keep_scroll(main, "main")
        if dock is not None:
            self._keep_scroll(dock, "dock")
        dom.patch(self._root, [screen])
        self._scope.on(screen, "keydown", self._escape)
        board_asks = tuple(o.testid for o in prompt.offers
                           if o.place in BOARD_PLACES) if prompt is not None else ()
        reveal = bool(board_asks) and board_asks != self._board_asks
        self._board_asks = board_asks
        dom.before_paint(lambda: self._restore_scroll(main, dock, reveal))
        if moved.walks or moved.paths:
            motion.before_paint(lambda: motions.place(screen))
        rove(screen, KEYS.rows)

    # ------------------------------------------------------------------ scrolling

    def _keep_scroll(self, node: Element, key: str) -> None:
        """Remember how far ``node`` is scrolled: every tap redraws the screen, and the board
        must not jump back to its top under the player's finger."""
        def remember(_event: Any) -> None:
            self._scroll[key] = float(node.scrollTop)

        self._scope.on(node, "scroll", remember)

    def _restore_scroll(self, main: Element, dock: Element | None, reveal: bool) -> None:
        """Put the board and the drawer back where the player left them; a new question about
        the board then brings one of its targets into view if none is."""
        if main.isConnected:
            main.scrollTop = self._scroll.get("main", 0.0)
            if reveal:
                dom.show_one_of(main, main.querySelectorAll("[data-offer]"))
        if dock is not None and dock.isConnected:
            dock.scrollTop = self._scroll.get("dock", 0.0)

    def _dock_open(self, asks: str) -> bool:
        """The hand drawer's state when no card is asked for: as the player set it during
        this decision, else folded to its title strip in a one-column window (the board or
        the prompt's buttons get the room; a tap opens it) and open beside the board unless
        the prompt's cards to choose from need its height."""
        if self.dock_open is not None:
            return self.dock_open
        return not _one_column() and asks != "prompt-cards"

    def _fold_dock(self) -> None:
        """Fold or unfold the hand drawer (for this decision)."""
        self.dock_open = not self._dock_open(self._asks)
        self._draw()

    def _status(self, view: BurgraveView, who: str | None = None,
                recap: Element | None = None) -> Element:
        """The prompt's first line: whose question it is (``who``), the round, the piles
        that end the game, what happened since (``recap``, folded to a button) and the Key.
        One line, so the board keeps the room."""
        parts = [t("burgrave.round", number=view["round"] + 1)]
        final = view.get("final_round")
        if final is not None:
            parts.append(t("burgrave.final_round") if view["round"] >= final
                         else t("burgrave.end_triggered"))
        words = t("burgrave.piles", debts=view["debt_pile"], deeds=view["deed_pile"])
        # In one column and the side panel the piles are counted beside their icons (named for
        # screen readers); wider, in words (burgrave.css shows one form).
        piles = el("span", el("span", words, cls="bg-piles-words"),
                   el("span", icon("debt", "bg-pile-icon"), str(view["debt_pile"]), " ",
                      icon("deed", "bg-pile-icon"), str(view["deed_pile"]),
                      cls="bg-piles-icons", attrs={"role": "img", "aria-label": words}))
        legend = el("button", icon("exchange"), el("span", t("burgrave.legend.button")),
                    cls="btn btn-tool bg-legend-button", testid="legend",
                    attrs={"type": "button", "aria-label": t("burgrave.legend.open"),
                           "aria-haspopup": "dialog"})
        self._scope.on(legend, "click", lambda _e: LegendDialog(view).open())
        return el("div", el("p", el("span", who, cls="bg-prompt-who") if who else None,
                            " " if who else None,
                            el("span", join_parts(parts), cls="bg-status-main"), " ",
                            el("span", piles, cls="bg-muted bg-piles"), cls="bg-status-text"),
                  recap, self._rival_button(view), legend, cls="bg-status", testid="status")

    def _rival_button(self, view: BurgraveView) -> Element | None:
        """Solo: the rival's scheme this turn, by name, one tap from its full instructions
        (its block among the boards says the same further down)."""
        rival = view.get("rival")
        if rival is None:
            return None
        name = str(view["players"][rival["seat"]]["name"])
        scheme = scheme_name(str(rival["scheme"])) if rival.get("scheme") else "–"
        node = el("button", icon("hero"), el("span", el("span", t(
                      "burgrave.rival.open", name=name) + " ", cls="bg-rival-who"), scheme),
                  cls="btn btn-tool bg-rival-button", testid="rival-scheme-open",
                  attrs={"type": "button", "aria-haspopup": "dialog"})
        self._scope.on(node, "click", lambda _e: CardDialog(
            t("burgrave.rival.title", name=name), rival_parts(rival, name)).open())
        return node

    def _prompt(self, view: BurgraveView, prompt: M.Prompt | None, asks: str = "") -> Element:
        box = el("section", cls="bg-prompt", testid="prompt",
                 attrs={"aria-labelledby": "bg-prompt-title"})
        if view.get("over"):
            box.append(self._status(view))
            box.append(el("h2", t("burgrave.over"), cls="bg-prompt-title",
                          testid="prompt-title", attrs={"id": "bg-prompt-title",
                                                        "tabindex": "-1"}))
            return box
        if prompt is None:
            decision = view.get("decision")
            name = view["players"][decision["seat"]]["name"] if decision else ""
            box.append(self._status(view))
            box.append(el("h2", t("burgrave.waiting", name=name), cls="bg-prompt-title",
                          testid="prompt-title", attrs={"id": "bg-prompt-title",
                                                        "tabindex": "-1"}))
            return box
        me = view["players"][prompt.seat]["name"] if prompt.seat is not None else ""
        box.append(self._status(view, t("burgrave.for_player", name=me),
                                self.log.recap(prompt,
                                               folded=_one_column()
                                               or asks == "prompt-cards")))
        box.append(el("h2", prompt.title, cls="bg-prompt-title", testid="prompt-title",
                      attrs={"id": "bg-prompt-title", "tabindex": "-1"}))
        if prompt.why:
            box.append(el("p", prompt.why, cls="bg-why", testid="prompt-why"))
        warnings = end_warnings(prompt.warnings)
        if warnings is not None:
            box.append(warnings)
        for note in prompt.notes:
            box.append(el("p", note, cls="bg-note"))
        if prompt.blocked:  # folded to its line: the choices that are possible come first
            items = [el("li", text) for text in prompt.blocked]
            box.append(el("details", el("summary", t("burgrave.not_possible",
                                                     count=len(items)), cls="bg-note-title"),
                          el("ul", *items), cls="bg-blocked", testid="prompt-blocked"))
        places = {o.place for o in prompt.offers}
        hints = [t(f"burgrave.hint.{place}") for place in ("hand", "space", "spot", "section")
                 if place in places]
        for hint in hints:
            box.append(el("p", hint, cls="bg-hint"))
        row = el("div", cls="bg-options")
        for offer in prompt.offers:
            if offer.place not in ("prompt", "pair"):
                continue
            node = option_button(view, offer)
            self._scope.on(node, "click", self._offer_handler(offer))
            row.append(node)
        box.append(row)
        armed = prompt.armed
        if armed is not None and armed.place not in ("prompt", "pair"):
            box.append(self._armed_note(armed))
        return box

    def _armed_note(self, offer: M.Offer) -> Element:
        """Under the prompt, while a piece of the board waits for its confirming second tap:
        what it gives up, and a way back."""
        cancel = el("button", t("app.cancel"), cls="btn btn-small", testid="confirm-cancel",
                    attrs={"type": "button"})
        self._scope.on(cancel, "click", self._disarm)
        return el("div", el("p", offer.armed), el("p", t("confirm.tap_piece_again"),
                                                  cls="bg-muted"), cancel,
                  cls="bg-confirm", testid="confirm-note", attrs={"role": "alert"})

    def _disarm(self, _event: Any = None) -> None:
        """Take back a choice waiting for its second tap; focus goes back to it."""
        armed = self.confirmation.armed
        self.confirmation.clear()
        self._draw()
        if armed:
            focus_on(dom.query(f'[data-testid="{armed}"]', self._root))

    def _escape(self, event: Any) -> None:
        """Escape takes back a choice waiting for its second tap (a prompt button has no
        Cancel of its own)."""
        if str(getattr(event, "key", "")) == "Escape" and self.confirmation.armed:
            event.preventDefault()
            self._disarm()

    # ------------------------------------------------------------------ events

    def _offer_handler(self, offer: M.Offer) -> Callable[[Any], None]:
        return lambda event: self._on_offer(offer, event)

    def _on_offer(self, offer: M.Offer, event: Any = None) -> None:
        with contextlib.suppress(AttributeError, TypeError, ValueError):  # no usable detail
            self._keyboard = event is not None and int(event.detail) == 0
        if offer.select is not None:
            self.building = offer.select
            self.confirmation.clear()
            self._draw()
            if self._keyboard:
                self._keyboard = False
                target = dom.query('[data-testid^="spot-"][data-offer]')
                if target is not None:
                    target.focus()
            return
        if offer.action is not None:
            engine = self.prompt.engine if self.prompt is not None else None
            if offer.choice is not None and engine is not None \
                    and not self.confirmation.tap(offer.testid, engine, offer.choice):
                self._draw()  # asked inline: the next tap on it confirms
                target = dom.query(f'[data-testid="{offer.testid}"]', self._root)
                if target is not None:
                    focus_on(target)
                announce(join_sentences([why_confirm(offer.choice), t("confirm.tap_again")]))
                dom.reveal(dom.query('[data-testid="confirm-note"]', self._root))
                return
            self.act(offer.action)

    def act(self, action: BaseModel) -> bool:
        """Take ``action`` through the host, then say what it did (the engine's sentence)."""
        host = self.host
        self.building = None
        if not host.act(action):
            return False
        if self.log.latest():
            host.notify(self.log.latest)  # said again in a new language, until the next move
        return True

    def _toggled(self, seat: int, is_open: bool) -> None:
        """An opponent's board was opened or closed; its body is only drawn while open."""
        if is_open and seat not in self.opened:
            self.opened.add(seat)
            self._draw()
            summary = dom.query(f'[data-testid="opponent-toggle-{seat}"]')
            if summary is not None:
                summary.focus()
        elif not is_open:
            self.opened.discard(seat)

    def _show_card(self, kind: str, key: int) -> None:
        if kind in ("card", "printed"):
            card = M.card_info(key) if kind == "card" \
                else M.printed_info(self._segment_design(key))
            lines = [el("div", *card_face(card, full=True),
                        cls=f"bg-card bg-card-shown {M.card_classes(card)}")]
            lines.append(el("p", t(f"burgrave.kind.{card['kind']}") if kind == "card"
                            else t("burgrave.printed_note"), cls="bg-muted"))
            title = card["name"]
        elif kind == "script":
            script = M.script_info(key)
            title = script["name"]
            lines = [el("p", join_parts([t("burgrave.script_cost", count=script["cost"]),
                                         M.ribbon_name(script["ribbon"])])),
                     el("p", script["text"])]
        else:
            printed = M.printed_script_info(self._segment_design(key))
            title = printed["name"]
            lines = [el("p", t("burgrave.script_cost", count=printed["cost"])),
                     el("p", printed["text"]), el("p", t("burgrave.printed_script_note"),
                                                  cls="bg-muted")]
        CardDialog(title, lines).open()

    def _segment_design(self, position: int) -> int:
        view = self._view
        return int(view["segments"][position]["design_index"]) if view else position

ONE_COLUMN = "not all and (min-width: 900px) and (orientation: landscape)"
"""burgrave.css's one-column layout (portrait tablets, phones): prompt, board, drawer."""


def _one_column() -> bool:
    """A one-column window, where the recap and the hand drawer fold to a line while the
    board is asked about (they open on a tap)."""
    window = dom.window
    try:
        return bool(window.matchMedia(ONE_COLUMN).matches)
    except dom.BROWSER_ERRORS:
        return False
