"""The Dice Realm board: villages and citizens, dice, the penalty pile, realms and scores.

Drawn from the engine's ``view`` on every change (the host redraws after each action); the only
page state is the player's current hold selection (the engine takes it with the next roll as a
keep mask), the odds helper switch and what was on the board last time (to animate changes).

The parts: :mod:`.board_frame` (the containers kept between drawings), :mod:`.market` (the
villages and citizens), :mod:`.art` (die faces and citizen cards, built once and cloned),
:mod:`.odds_helper` (each citizen's odds, never making a tap wait), :mod:`.events` (what
happened this turn), :mod:`.realms` (the players' realms, on the board and at the end) and
:mod:`.text` (every sentence); the tray (dice, controls, the claim question) is drawn here.
Holding a die updates that die and the odds in place, without a redraw.

Every rule comes from the engine: what can be done now is its prompt, read by :mod:`.model`
into the tray's controls (the rolls by the dice they keep, stop, the scoundrel, each Fairy
flip, each citizen's ways to be taken, the dragon's receivers); a control is live exactly when
the engine offers it, and a tap sends back the engine's own action. Whether a claim is asked
first is the one rule of :mod:`kingdoms_web.play.confirm`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kingdoms.dice_realm.game import DiceRealmView
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.dice_realm import motion as motions
from kingdoms_web.games.dice_realm import realms
from kingdoms_web.games.dice_realm.art import CardArt, svg_icon
from kingdoms_web.games.dice_realm.board_frame import BoardFrame
from kingdoms_web.games.dice_realm.events import events_section
from kingdoms_web.games.dice_realm.keys import KEYS
from kingdoms_web.games.dice_realm.market import MarketRenderer
from kingdoms_web.games.dice_realm.model import NO_TRAY, DiceChoice, Tray, read_prompt
from kingdoms_web.games.dice_realm.odds_helper import OddsHelper
from kingdoms_web.games.dice_realm.text import card_name
from kingdoms_web.i18n import join_sentences, say, t
from kingdoms_web.play import motion
from kingdoms_web.play.confirm import must_confirm, why_confirm
from kingdoms_web.play.contract import GameHost
from kingdoms_web.play.keys import rove
from kingdoms_web.play.moves import MovesText
from kingdoms_web.play.notices import end_warnings
from kingdoms_web.play.parts import Parts
from kingdoms_web.shell.dialogs import button

HELD_SETTING = "dice-realm.held"
"""Settings key of the dice held but not yet rolled, with the game moment they belong to: held
dice are the page's until the roll, and a reload must not drop them."""

ODDS_SETTING = "dice-realm.odds"
"""Settings key (in ``kingdoms.v1.settings``) of the odds helper switch; on by default."""


@dataclass(frozen=True)
class TrayFrame:
    """The tray's containers, kept between drawings (its parts are patched into them)."""

    tray: Element
    title: Element
    dice: Element
    foot: Element

    @staticmethod
    def build() -> TrayFrame:
        title = el("h2", t("dice-realm.dice"), cls="sr-only")
        dice = el("div", cls="dr-dice")
        foot = el("div", cls="dr-tray-foot")
        tray = el("section", cls="dr-tray", attrs={"aria-label": t("dice-realm.dice")})
        return TrayFrame(tray, title, dice, foot)


class DiceRealmScreen:
    """Dice Realm's :class:`~kingdoms_web.play.contract.GameScreen`."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.moves = MovesText(host)
        """The engine's sentences for the recent moves (what the others did since a person's
        last turn)."""
        self.held = 0
        self._held_key: tuple[int, int, int | None] | None = None
        self._animated_key: tuple[int, int, int | None] | None = None
        self.art = CardArt()
        self.parts = Parts()
        """The villages, piles and players' realms kept from the last drawing while their part
        of the view is unchanged."""
        self.odds = OddsHelper(self)
        self.market = MarketRenderer(self.parts, self.art, self.odds, self._claim)
        self._die_nodes: list[Element] = []
        self._roll_button: Element | None = None
        self.drawn: DiceRealmView | None = None
        """The view drawn last (None before the first drawing)."""
        self.tray: Tray = NO_TRAY
        """What the engine offers in the position drawn last."""
        self.claiming: int | None = None
        """The slot whose claim waits for the inline choice (with or without its village, or
        giving up the rolls left); ``None`` when nothing is being asked."""
        stored = self._setting(ODDS_SETTING, True)
        self.odds_on = stored if isinstance(stored, bool) else True

    @property
    def view(self) -> DiceRealmView:
        """The view drawn last (taps and the odds helper come after a drawing)."""
        if self.drawn is None:
            raise RuntimeError("the Dice Realm screen was not drawn yet")
        return self.drawn

    # ------------------------------------------------------------------ settings

    def _since(self, view: DiceRealmView) -> list[str]:
        """At the start of a person's turn on their own screen: what the others did since
        their last turn (claims, penalties, flips: the rolls before them are left out)."""
        host, viewer = self.host, self.host.viewer
        if viewer is None or host.computer_plays or view["this_turn"] or \
                view["current_seat"] != viewer:
            return []
        return self.moves.since_last_turn(viewer, shown=lambda step: getattr(
            step.action, "action_type", "") not in ("roll", "stop"))

    def _setting(self, key: str, default: Any) -> Any:
        getter = getattr(self.host, "get_setting", None)
        if getter is None:
            return default
        return getter(key, default)

    def _toggle_odds(self, _event: Any) -> None:
        self.odds_on = not self.odds_on
        setter = getattr(self.host, "set_setting", None)
        if setter is not None:
            setter(ODDS_SETTING, self.odds_on)
        redraw = getattr(self.host, "redraw", None)
        if redraw is not None:
            redraw()

    # ------------------------------------------------------------------ drawing

    def render(self, root: Element, scope: Scope, view: DiceRealmView) -> None:
        self.odds.new_board()
        arrived = motions.arrivals(self.drawn, view)
        self.drawn = view
        self.tray = read_prompt(self.host.prompt())
        dice = view["dice"]
        seat = view["current_seat"]
        phase = view["phase"]
        key = (int(view["turn"]), int(dice["rolls_used"]), seat)
        if key != self._held_key:
            self._held_key = key
            self.held = int(dice["held_mask"]) if phase == "roll" else 0
            kept = self._setting(HELD_SETTING, None)
            if phase == "roll" and isinstance(kept, dict) and kept.get("at") == self._hold_place():
                mask = kept.get("mask")
                self.held = mask if isinstance(mask, int) and 0 <= mask < 63 else self.held
            self.claiming = None
        parts = self.parts
        parts.begin(self.host.board_mode)
        frame = parts.frame("board", len(view["row"]), lambda: BoardFrame.build(len(view["row"])))
        board = dom.set_attrs(frame.board, {
            "data-phase": phase, "data-current": seat if seat is not None else "",
            "data-turn": view["turn"], "data-rolls-left": dice["rolls_left"]})
        self.market.draw(view, frame, set(self.tray.claims))
        dom.patch(frame.left, [frame.market, events_section(view, self._since(view))])
        dom.patch(frame.players_list, realms.player_entries(view, arrived, parts))
        dom.patch(frame.right, [self._tray(scope, view), frame.players])
        dom.patch(root, [board])
        if arrived:
            motion.before_paint(lambda: motion.fly(board, "dr-fly", scale=True))
        if self.claiming is not None:
            dom.reveal(dom.query('[data-testid="claim-chooser"]', root))
        rove(board, KEYS.rows)
        self.market.remember(view)
        self.odds.fill(defer_missing=True)
        self.odds.prewarm()

    def question(self) -> str:
        """The claim question when one is open, else the hint over the dice (what to do now);
        nothing on another seat's turn."""
        view = self.drawn
        if view is None or self.host.computer_plays or view["current_seat"] is None \
                or view["current_seat"] != self.host.viewer:
            return ""
        slot = self.claiming
        if slot is not None and self.tray.claims.get(slot):
            return t("dice-realm.claim_title", card=card_name(view["row"][slot]["card"]))
        return self._hint(view)

    # ------------------------------------------------------------------ tray

    def _tray(self, scope: Scope, view: DiceRealmView) -> Element:
        dice = view["dice"]
        phase = view["phase"]
        seat = view["current_seat"]
        values = dice["values"]
        rolling = phase == "roll"
        rolled = values is not None
        tray = self.tray
        flips_left = int(dice["flips_left"])
        # Which dice tumble: those re-rolled by the roll just made (once per roll). The first
        # drawing shows the dice as they lie: a game opened, resumed or shared did not just roll.
        tumble = 0
        key = (int(view["turn"]), int(dice["rolls_used"]), seat)
        last = view["this_turn"][-1] if view["this_turn"] else None
        if rolled and last is not None and last.get("type") == "roll" \
                and self._animated_key is not None and key != self._animated_key:
            tumble = 63 & ~int(last.get("kept", 0))
        self._animated_key = key

        self._die_nodes = []
        dice_nodes = []
        holdable = rolled and len(tray.rolls) > 1  # the dice a roll keeps are the player's
        for i in range(6):
            value = values[i] if values is not None else 0
            flip = tray.flips.get(i)
            # A die is kept while its face, whether it tumbles (this roll) and what it offers
            # are unchanged; whether it is held is set on it afresh below, as a hold tap
            # changes that in place without a redraw.
            tumbling = key if tumble >> i & 1 else None
            cell = self.parts.get(f"die-{i}", (value, rolled, tumbling, holdable, flip),
                                  self._die_in(i, value, rolled, tumbling is not None,
                                               holdable, flip))
            node = dom.query(f'[data-testid="die-{i}"]', cell)
            held = bool(self.held >> i & 1) and holdable
            node.setAttribute("aria-pressed", "true" if held else "false")
            node.classList.toggle("held", held)
            self._die_nodes.append(node)
            dice_nodes.append(cell)

        rolls_left = int(dice["rolls_left"])
        controls = self.parts.get(
            "controls", (bool(tray.rolls), tray.stop, tray.penalty),
            lambda part: self._controls(part, tray))
        self._roll_button = dom.query('[data-testid="roll"]', controls)
        self._update_roll_button()
        odds_toggle = self.parts.get("odds-toggle", self.odds_on, self._odds_toggle)

        reminders: list[Any] = []
        if int(dice["rolls_allowed"]) > 3 and rolling:
            reminders.append(self._reminder("elf", t("dice-realm.elf_reminder")))
        if flips_left > 0:
            reminders.append(self._reminder("fairy", t("dice-realm.fairy_reminder",
                                                       count=flips_left)))
        if view.get("extra_turn"):
            reminders.append(self._reminder("apprentice", t("dice-realm.extra_turn"),
                                            testid="apprentice-reminder"))
        pending = view.get("pending")
        gift = None
        if pending and tray.gifts:
            names = [p["name"] for p in view["players"]]
            dragon = card_name(pending["card"])
            gift = el("div",
                      el("p", svg_icon("dragon"), t("dice-realm.gift_title", card=dragon),
                         cls="dr-gift-title", attrs={"id": "gift-title"}),
                      el("div", *[button(scope, t("dice-realm.gift_to", name=names[seat]),
                                         self._handler(self._act, choice.action),
                                         testid=f"gift-{seat}", cls="btn btn-primary")
                                  for seat, choice in tray.gifts.items()],
                         cls="dr-gift-choices"),
                      cls="dr-gift", testid="gift-chooser",
                      attrs={"role": "group", "aria-labelledby": "gift-title"})
        box = self.parts.frame("tray", None, TrayFrame.build)
        hint = self._hint(view)
        warnings = self._warnings()
        rolls_text = t("dice-realm.rolls_left", count=rolls_left) if rolling else ""
        dom.patch(box.dice, dice_nodes)
        dom.patch(box.foot, [
            self.parts.get("rolls-left", rolls_text, lambda _scope: el(
                "span", rolls_text, cls="dr-rolls-left", testid="rolls-left")),
            odds_toggle])
        return dom.patch(box.tray, [
            box.title,
            self.parts.get("hint", hint, lambda _scope: el(
                "p", hint, cls="dr-hint", testid="dr-hint")),
            self.parts.get("warnings", warnings,
                           lambda _scope: dom.present(end_warnings(warnings)))
            if warnings else None,
            *reminders,
            gift,
            self._claim_chooser(scope, view),
            box.dice,
            controls,
            box.foot])

    def _reminder(self, icon: str, text: str, testid: str = "") -> Element:
        """A line under the hint about an ability in play (kept while its words are the same)."""
        testid = testid or f"{icon}-reminder"
        return self.parts.get(testid, text, lambda _scope: el(
            "p", svg_icon(icon), text, cls="dr-reminder-line", testid=testid))

    def _die_in(self, i: int, value: int, rolled: bool, tumbling: bool, holdable: bool,
                flip: DiceChoice | None) -> Callable[[Scope], Element]:
        """Draws die ``i``'s cell: the die (not yet held: :meth:`_tray` sets that) and, when a
        Fairy may flip it, its flip button (the engine's words: what it turns into)."""

        def draw(scope: Scope) -> Element:
            face = self.art.face(value, "dr-face") if rolled \
                else el("span", "?", cls="dr-face blank")
            node = el("button", face,
                      cls="dr-die" + (" rolling" if tumbling else ""), testid=f"die-{i}",
                      attrs={"type": "button", "aria-pressed": "false",
                             "data-value": value if rolled else "",
                             "aria-label": t("dice-realm.die_label", number=i + 1, face=value)
                             if rolled else t("dice-realm.die_unrolled", number=i + 1),
                             "aria-disabled": None if holdable else "true"})
            scope.on(node, "click", self._handler(self._toggle_hold, i))
            # A padlock hangs over a held die's lower edge (no word: German and Spanish ones
            # are wider than a die); the die's pressed state says "held" to a screen reader.
            tag = el("span", svg_icon("held"), cls="dr-held-tag", attrs={"aria-hidden": "true"})
            cell: list[Any] = [node, tag]
            if flip is not None:
                cell.append(button(scope, say(flip.detail) if flip.detail is not None else "",
                                   self._handler(self._act, flip.action),
                                   testid=f"flip-{i}", cls="btn btn-small dr-flip",
                                   aria_label=say(flip.label)))
            return el("div", *cell, cls="dr-die-cell")

        return draw

    def _controls(self, scope: Scope, tray: Tray) -> Element:
        """Roll (its words and whether it is on are set by :meth:`_update_roll_button`), stop
        and, when it must be taken, the scoundrel."""
        roll_btn = button(scope, "", lambda _e: self._roll(), testid="roll",
                          cls="btn btn-primary dr-roll", disabled=not tray.rolls)
        controls: list[Any] = [roll_btn]
        stop = tray.stop
        controls.append(button(scope, t("dice-realm.stop"),
                               self._handler(self._act, stop.action if stop else None),
                               testid="stop", cls="btn dr-stop", disabled=stop is None,
                               aria_label=t("dice-realm.stop_label")))
        if tray.penalty is not None:
            controls.append(button(scope, t("dice-realm.take_penalty"),
                                   self._handler(self._act, tray.penalty.action),
                                   testid="penalty", cls="btn btn-danger dr-penalty-btn",
                                   aria_label=t("dice-realm.take_penalty_label")))
        return el("div", *controls, cls="dr-controls")

    def _odds_toggle(self, scope: Scope) -> Element:
        """The switch of the odds helper (on or off as :attr:`odds_on` says)."""
        node = button(scope, t("dice-realm.odds_on") if self.odds_on
                      else t("dice-realm.odds_off"), self._toggle_odds,
                      testid="odds-toggle", cls="btn btn-quiet dr-odds-toggle")
        node.setAttribute("aria-pressed", "true" if self.odds_on else "false")
        return node

    def _warnings(self) -> list[str]:
        prompt = self.host.prompt()
        return [say(warning) for warning in prompt.warnings] if prompt is not None else []

    def _hint(self, view: DiceRealmView) -> str:
        phase = view["phase"]
        seat, pending = view["current_seat"], view["pending"]
        if self.host.computer_plays and seat is not None:
            return t("dice-realm.hint.computer", name=view["players"][seat]["name"])
        if phase == "gift" and pending is not None:
            return t("dice-realm.hint.gift", card=card_name(pending["card"]))
        if phase == "choose":
            return t("dice-realm.hint.penalty") if self.tray.penalty is not None \
                else t("dice-realm.hint.choose")
        if view["dice"]["values"] is None:
            return t("dice-realm.hint.first")
        if self.tray.claims:
            return join_sentences([t("dice-realm.hint.hold"), t("dice-realm.hint.choose")])
        return t("dice-realm.hint.hold")

    def _update_roll_button(self) -> None:
        node = self._roll_button
        if node is None:
            return
        dice = self.view["dice"]
        rolled = dice["values"] is not None
        rolls = t("dice-realm.rolls_left", count=int(dice["rolls_left"]))
        if self.view["phase"] != "roll":
            action = t("dice-realm.dice_final")
        elif rolled:
            action = t("dice-realm.roll_again", count=6 - self.held.bit_count())
        else:
            action = t("dice-realm.roll_first")
        label = dom.query("span", node)
        if label is not None:
            dom.set_text(label, action)
        node.setAttribute("aria-label", t("dice-realm.roll_label", action=action, rolls=rolls))
        node.disabled = self.tray.roll(self._keep()) is None

    # ------------------------------------------------------------------ taps

    def _keep(self) -> int:
        """The dice the next roll keeps: those held (none before the first roll)."""
        return self.held if self.view["dice"]["values"] is not None else 0

    def _toggle_hold(self, die: int) -> None:
        view = self.view
        if len(self.tray.rolls) < 2 or view["dice"]["values"] is None:
            return
        self.held ^= 1 << die
        setter = getattr(self.host, "set_setting", None)
        if setter is not None:  # a reload (or a killed browser) keeps the dice held
            setter(HELD_SETTING, {"at": self._hold_place(), "mask": self.held})
        node = self._die_nodes[die]
        held = bool(self.held >> die & 1)
        node.setAttribute("aria-pressed", "true" if held else "false")
        node.classList.toggle("held", held)
        self._update_roll_button()
        self.odds.fill(defer_missing=True)

    def _hold_place(self) -> str:
        """Which game and moment a stored hold belongs to (seed and move count)."""
        return f"{self.host.record.seed}:{self.host.moves}"

    def _roll(self) -> None:
        choice = self.tray.roll(self._keep())
        if choice is not None:
            self.host.act(choice.action)

    def _claim(self, slot: int) -> None:
        """Tap on a citizen. Its one way to be taken is made at once, unless it gives
        something up (:func:`~kingdoms_web.play.confirm.must_confirm`: rolls left); a citizen
        with two ways (with its village or without) or one that gives something up opens the
        claim chooser, which says what."""
        choices = self.tray.claims.get(slot, ())
        if not choices or self.host.computer_plays:
            return
        prompt = self.tray.prompt
        if len(choices) == 1 and prompt is not None and not must_confirm(prompt, choices[0]):
            self.host.act(choices[0].action)
            return
        self.claiming = slot
        self.host.redraw()

    def _cancel_claim(self, _event: Any) -> None:
        self.claiming = None
        self.host.redraw()

    def _claim_chooser(self, scope: Scope, view: DiceRealmView) -> Element | None:
        """The inline question after a tap on a citizen: which way to take it, or cancel."""
        slot = self.claiming
        choices = self.tray.claims.get(slot, ()) if slot is not None else ()
        if slot is None or not choices:
            return None
        card = view["row"][slot]["card"]
        given_up = dict.fromkeys(why_confirm(c) for c in choices if c.forfeits is not None)
        notes = [el("p", text, cls="note", testid="claim-rolls-note") for text in given_up]
        buttons = []
        for number, choice in enumerate(choices):
            label = say(choice.label)
            detail = say(choice.detail) if choice.detail is not None else ""
            node = button(
                scope, label, self._handler(self._act, choice.action),
                testid="claim-village" if choice.group != "citizen_only" else "claim-citizen-only",
                cls="btn btn-primary dr-claim-btn" if number == 0 else "btn dr-claim-btn")
            if detail:
                dom.append(node, [el("small", detail, cls="dr-claim-detail")])
            buttons.append(node)
        buttons.append(button(scope, t("app.cancel"), self._cancel_claim, testid="claim-cancel",
                              cls="btn btn-quiet"))
        return el("div",
                  el("p", t("dice-realm.claim_title", card=card_name(card)),
                     cls="dr-gift-title", attrs={"id": "claim-title"}),
                  *notes,
                  el("div", *buttons, cls="dr-gift-choices"),
                  cls="dr-gift dr-claim", testid="claim-chooser",
                  attrs={"role": "group", "aria-labelledby": "claim-title",
                         # a village is at stake only when the citizen can be taken without it
                         "data-village": any(c.group == "citizen_only" for c in choices)})

    def _act(self, action: Any) -> None:
        if action is not None:
            self.host.act(action)

    @staticmethod
    def _handler(function: Callable[[Any], None], argument: Any) -> Callable[[Any], None]:
        """A click handler calling ``function(argument)`` (ignores the event)."""

        def handler(_event: Any) -> None:
            function(argument)

        return handler

    # ------------------------------------------------------------------ end

    def dispose(self) -> None:
        """The screen is closed: release the listeners of the parts it kept."""
        self.parts.clear()

    def end_details(self, view: DiceRealmView) -> list[Element]:
        return realms.end_details(view)

    def end_lead(self, view: DiceRealmView) -> Element | None:
        return None  # every player is a seat: the shell's scores say it all
