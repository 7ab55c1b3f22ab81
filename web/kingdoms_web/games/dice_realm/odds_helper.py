"""The odds helper on the Dice Realm board: each citizen's chance to be met this turn.

The engine computes the odds (:func:`kingdoms.dice_realm.explain.citizen_odds`); a table it
has not built yet is filled in just after the board is drawn (a "…" shows meanwhile), and idle
time builds the rest (the row's citizens first, one table per idle callback, Fairy-flip variants
included), so a tap never waits for the odds. Holding a die updates the odds in place.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from kingdoms.dice_realm import explain
from kingdoms.dice_realm.game import DiceRealmView
from kingdoms_web import dom
from kingdoms_web.dom import Element, el
from kingdoms_web.games.dice_realm.text import format_percent
from kingdoms_web.i18n import join_parts, labelled, t


def when_idle(callback: Callable[[], None]) -> None:
    """Run ``callback`` when the browser is idle (``requestIdleCallback``; a timer without it)."""
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:
        callback()
        return
    request = getattr(dom.window, "requestIdleCallback", None)
    if request is None:
        dom.after_paint(callback, 30)
        return

    def guarded(_deadline: Any = None) -> None:
        try:
            callback()
        except Exception:
            dom.log_error("Kingdoms: Dice Realm idle task failed\n" + traceback.format_exc())

    request(create_once_callable(guarded))


class OddsSource(Protocol):
    """What the helper reads from the screen: the view drawn, the dice held, the switch."""

    @property
    def view(self) -> DiceRealmView: ...

    @property
    def held(self) -> int: ...

    @property
    def odds_on(self) -> bool: ...


def _label(box: Element, best: float | None) -> None:
    """The citizen's own label (kept in ``data-label`` when it was drawn), plus its odds when
    ``best`` is given: the pieces are joined the language's way, never by splitting an earlier
    label."""
    face = box.parentNode
    citizen = face.parentNode if face is not None else None  # the button round the face
    if citizen is None or (base := dom.opt(citizen.getAttribute("data-label"))) is None:
        return
    citizen.setAttribute("aria-label", base if best is None else join_parts([base, labelled(
        t("dice-realm.odds_best"), format_percent(best))]))


def _empty(box: Element) -> None:
    """An odds box with no odds in it: a citizen kept from the last drawing keeps its box and
    its label, and the odds they gave then must not stay (a screen reader would read them)."""
    dom.clear(box)
    box.removeAttribute("data-p")
    _label(box, None)


class OddsHelper:
    """The odds boxes of the citizens on the board, and the idle-time building of tables."""

    def __init__(self, source: OddsSource) -> None:
        self.source = source
        self.nodes: dict[int, Element] = {}
        """Row slot -> its citizen's odds box, on the board drawn last."""
        self._gen = 0
        self._prewarm_running = False
        self._shown: dict[int, tuple[Element, object]] = {}
        """Row slot -> the box last filled there and what with: a kept citizen whose odds did
        not change is left as it is (filling a box is a dozen calls into the page)."""

    def new_board(self) -> None:
        """A new board is being drawn: forget the old boxes (a fill still pending for them is
        dropped)."""
        self._gen += 1
        self.nodes = {}

    def prewarm(self) -> None:
        """Start building missing tables at idle moments, unless that is already going on."""
        if not self._prewarm_running:
            self._prewarm_running = True
            when_idle(self._prewarm_step)

    def inputs(self) -> tuple[list[int] | None, int, int, int] | None:
        """(dice, held mask, rolls left, flips) for the helper; None when it has nothing to say."""
        view = self.source.view
        if not self.source.odds_on or view.get("phase") != "roll":
            return None
        dice = view["dice"]
        seat = view["current_seat"]
        flips = 0
        if seat is not None:
            flips = min(6, int(view["players"][seat]["fairies"]))
        values = dice["values"]
        held = self.source.held if values is not None else 0
        return (list(values) if values is not None else None, held, int(dice["rolls_left"]), flips)

    def fill(self, *, defer_missing: bool) -> None:
        """Show each citizen's odds; with ``defer_missing``, a table not built yet shows a wait
        mark and is built and shown just after the board is painted."""
        inputs = self.inputs()
        missing = False
        for index, node in self.nodes.items():
            slot = self.source.view["row"][index]
            card = slot["card"]
            shows = (None if inputs is None or card is None else card["id"], inputs)
            shown = self._shown.get(index)
            if shown is not None and shown[0] is node and shown[1] == shows:
                continue
            if inputs is None or card is None:
                _empty(node)
                node.hidden = True
                self._shown[index] = (node, shows)
                continue
            dice, held, rolls_left, flips = inputs
            card_id = str(card["id"])
            if defer_missing and not explain.odds_ready(card_id, flips):
                missing = True
                _empty(node)
                dom.append(node, [el("span", t("dice-realm.odds_wait"), cls="dr-odds-p")])
                node.hidden = False
                self._shown.pop(index, None)
                continue
            self._shown[index] = (node, shows)
            helper = explain.citizen_odds(card_id, dice, held, rolls_left, flips)
            best = float(helper["best"]["p"])
            holding = float(helper["holding"]["p"])
            fill = el("span", cls="dr-odds-fill")
            fill.style.width = f"{best * 100:.1f}%"
            parts: list[Any] = [
                el("span", format_percent(best), cls="dr-odds-p num",
                   attrs={"title": t("dice-realm.odds_best")}),
                el("span", fill, cls="dr-odds-bar"),
            ]
            if dice is not None and held and not helper["met"] and abs(holding - best) > 1e-9:
                parts.append(el("span", t("dice-realm.odds_holding",
                                          percent=format_percent(holding)),
                                cls="dr-odds-hold"))
            dom.clear(node)
            dom.append(node, parts)
            node.hidden = False
            node.setAttribute("data-p", f"{best:.6f}")
            _label(node, best)
        if missing:
            generation = self._gen

            def refill() -> None:
                if generation == self._gen:
                    self.fill(defer_missing=False)

            dom.after_paint(refill)  # a missing table takes 10-30 ms: after the paint

    def _prewarm_wanted(self) -> Iterator[tuple[str, int]]:
        """The odds tables worth having ready, most urgent first: the row's citizens with the
        current player's Fairy flips, then with every other player's, then every citizen with no
        flips, then with each player's flips (flips change when a Fairy is taken)."""
        view = self.source.view
        players = view.get("players") or []
        seat = view.get("current_seat")
        flip_counts: list[int] = []
        if seat is not None and players:
            flip_counts.append(min(6, int(players[seat]["fairies"])))
        for player in players:
            flips = min(6, int(player["fairies"]))
            if flips not in flip_counts:
                flip_counts.append(flips)
        citizens = explain.citizen_ids()
        row = [str(slot["card"]["id"]) for slot in view.get("row") or ()
               if slot["card"] is not None and slot["card"]["id"] in citizens]
        for flips in flip_counts:
            for card_id in row:
                yield card_id, flips
        for flips in [0, *[f for f in flip_counts if f]]:
            for card_id in citizens:
                yield card_id, flips

    def _prewarm_step(self) -> None:
        """Compute one missing odds table per idle moment, so later taps never wait for one."""
        for card_id, flips in self._prewarm_wanted():
            if not explain.odds_ready(card_id, flips):
                explain.prepare_odds(card_id, flips)
                when_idle(self._prewarm_step)
                return
        self._prewarm_running = False
