"""The Dice Realm board: villages and citizens, dice, the penalty pile, realms and scores.

Drawn from the engine's ``view`` on every change (the host redraws after each action); the only
page state is the player's current hold selection (the engine takes it with the next roll as a
keep mask), the odds helper switch and what was on the board last time (to animate changes).

The parts: :mod:`.art` (die faces and citizen cards, built once and cloned), :mod:`.odds_helper`
(each citizen's odds, never making a tap wait), :mod:`.events` (what happened this turn),
:mod:`.realms` (the players' realms, on the board and at the end) and :mod:`.text` (every
sentence). Holding a die updates that die and the odds in place, without a redraw.

Every rule comes from the engine: which citizens the dice meet (``met_slots``), whether a
scoundrel must be taken, flips left, the dragon's gift choices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kingdoms.core.explain import Choice
from kingdoms.dice_realm.actions import FLIPS, GIVES, ROLLS, STOP, TAKE_PENALTY
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.dice_realm import motion as motions
from kingdoms_web.games.dice_realm import realms
from kingdoms_web.games.dice_realm.art import CardArt, svg_icon
from kingdoms_web.games.dice_realm.events import events_section
from kingdoms_web.games.dice_realm.odds_helper import OddsHelper
from kingdoms_web.games.dice_realm.text import (
    ability_name,
    ability_reminder,
    card_name,
    colour_name,
    requirement_text,
)
from kingdoms_web.i18n import join_parts, join_sentences, labelled, say, t
from kingdoms_web.play import motion
from kingdoms_web.play.contract import GameHost
from kingdoms_web.play.notices import end_warnings
from kingdoms_web.play.parts import Parts
from kingdoms_web.shell.dialogs import button

HELD_SETTING = "dice-realm.held"
"""Settings key of the dice held but not yet rolled, with the game moment they belong to: held
dice are the page's until the roll, and a reload must not drop them."""

ODDS_SETTING = "dice-realm.odds"
"""Settings key (in ``kingdoms.v1.settings``) of the odds helper switch; on by default."""


@dataclass(frozen=True)
class BoardFrame:
    """The board's containers, kept from one drawing to the next (per language) so that what
    is kept inside them stays in the page (:func:`kingdoms_web.dom.patch`)."""

    board: Element
    left: Element
    market: Element
    market_title: Element
    columns_box: Element
    columns: list[Element]
    """One per slot of the row: its village pile above its citizen."""
    right: Element
    players: Element
    players_list: Element

    @staticmethod
    def build(slots: int) -> BoardFrame:
        columns = [el("div", cls="dr-column") for _ in range(slots)]
        columns_box = el("div", *columns, cls="dr-columns")
        title = el("h2", t("dice-realm.market"), cls="sr-only")
        market = el("section", title, columns_box, cls="dr-market",
                    attrs={"aria-label": t("dice-realm.market")})
        left = el("div", market, cls="dr-left")
        players = realms.players_frame([])
        players_list = dom.query("ul", players)
        right = el("div", players, cls="dr-right")
        board = el("div", left, right, cls="dr", testid="dice-realm",
                   attrs={"aria-label": t("dice-realm.board"), "role": "region"})
        return BoardFrame(board, left, market, title, columns_box, columns, right, players,
                          players_list)


class DiceRealmScreen:
    """Dice Realm's :class:`~kingdoms_web.play.contract.GameScreen`."""

    hidden_information = False

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.held = 0
        self._held_key: tuple[int, int, int | None] | None = None
        self._animated_key: tuple[int, int, int | None] | None = None
        self._prev_row: list[str | None] = []
        self._prev_turn: int | None = None
        self.art = CardArt()
        self._odds_boxes: dict[int, Element] = {}
        """Row slot -> the odds box of the citizen drawn there (kept with its citizen)."""
        self.parts = Parts()
        """The villages, piles and players' realms kept from the last drawing while their part
        of the view is unchanged."""
        self.odds = OddsHelper(self)
        self._die_nodes: list[Element] = []
        self._roll_button: Element = None
        self.view: dict[str, Any] = {}
        """The view drawn last."""
        self.claiming: int | None = None
        """The slot whose claim waits for the inline choice (with or without its village, or
        giving up the rolls left); ``None`` when nothing is being asked."""
        stored = self._setting(ODDS_SETTING, True)
        self.odds_on = stored if isinstance(stored, bool) else True

    # ------------------------------------------------------------------ settings

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

    def render(self, root: Element, scope: Scope, view: dict[str, Any]) -> None:
        self.odds.new_board()
        arrived = motions.arrivals(self.view, view)
        self.view = view
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
        self._market(view, frame)
        dom.patch(frame.left, [frame.market, events_section(view)])
        dom.patch(frame.players_list, realms.player_entries(view, arrived, parts))
        dom.patch(frame.right, [self._tray(scope, view), frame.players])
        dom.patch(root, [board])
        if arrived:
            motion.before_paint(lambda: motion.fly(board, "dr-fly", scale=True))
        if self.claiming is not None:
            dom.reveal(dom.query('[data-testid="claim-chooser"]', root))
        self._prev_row = [slot["card"]["id"] if slot["card"] else None for slot in view["row"]]
        self._prev_turn = int(view["turn"])
        self.odds.fill(defer_missing=True)
        self.odds.prewarm()

    # ------------------------------------------------------------------ market

    def _market(self, view: dict[str, Any], frame: BoardFrame) -> None:
        """Villages and citizens in their columns, and the piles. A village pile and the piles
        are kept while unchanged; a citizen is drawn each time (its odds fill in after)."""
        parts = self.parts
        met = set(view["met_slots"])
        for column, village, slot in zip(frame.columns, view["villages"], view["row"],
                                         strict=True):
            dom.patch(column, [parts.get(f"village-{village['slot']}", village,
                                         self._village_in(village)),
                               self._citizen(view, slot, met)])
        penalty = view["penalty_pile"]
        piles = parts.get("piles", (view["draw_count"], view["discard_count"], penalty),
                          lambda _scope: self._piles(view))
        dom.patch(frame.market, [frame.market_title, frame.columns_box, piles])

    def _village_in(self, village: Mapping[str, Any]) -> Callable[[Scope], Element]:
        return lambda _scope: self._village(village)

    @staticmethod
    def _piles(view: dict[str, Any]) -> Element:
        """The draw, discard and scoundrel piles."""
        penalty = view["penalty_pile"]
        top = penalty["top"]
        return el(
            "div",
            el("div", el("span", t("dice-realm.draw_pile"), cls="dr-pile-label"),
               el("span", str(view["draw_count"]), cls="dr-pile-count num"),
               cls="dr-pile dr-draw", testid="draw-pile",
               attrs={"aria-label": labelled(t("dice-realm.draw_pile"),
                                             t("dice-realm.cards", count=view["draw_count"]))}),
            el("div", el("span", t("dice-realm.discard_pile"), cls="dr-pile-label"),
               el("span", str(view["discard_count"]), cls="dr-pile-count num"),
               cls="dr-pile dr-discard", testid="discard-pile",
               attrs={"aria-label": labelled(t("dice-realm.discard_pile"),
                                             t("dice-realm.cards", count=view["discard_count"]))}),
            el("div",
               el("span", t("dice-realm.penalty_pile"), cls="dr-pile-label"),
               el("span",
                  el("span", str(top["value"]) if top else "–", cls="dr-penalty-value num"),
                  el("span", card_name(top) if top else t("dice-realm.penalty_none"),
                     cls="dr-penalty-name"),
                  cls="dr-penalty-top"),
               el("span", t("dice-realm.cards", count=penalty["count"]), cls="dr-pile-note"),
               cls="dr-pile dr-penalty", testid="penalty-pile",
               attrs={"data-count": penalty["count"],
                      "aria-label": labelled(t("dice-realm.penalty_pile"), join_parts([
                          t("dice-realm.penalty_top", name=card_name(top), value=top["value"])
                          if top else t("dice-realm.penalty_none"),
                          t("dice-realm.cards", count=penalty["count"])]))}),
            cls="dr-piles")

    def _village(self, village: Mapping[str, Any]) -> Element:
        colour = village["colour"]
        count = village["count"]
        top = village["top"]
        upcoming = t("dice-realm.village_next", points=t("play.points", count=top),
                     count=count) if top is not None else t("dice-realm.village_empty")
        label = labelled(t("dice-realm.village_pile", colour=colour_name(colour)), upcoming)
        return el(
            "div",
            el("span", colour_name(colour), cls="dr-village-name"),
            el("span", str(top) if top is not None else "–", cls="dr-village-value num"),
            el("span", t("dice-realm.village_left", count=count), cls="dr-village-count"),
            cls=f"dr-village c-{colour} stack-{min(count, 3)}",
            testid=f"village-{village['slot']}",
            attrs={"role": "img", "aria-label": label, "data-count": count})

    def _citizen(self, view: dict[str, Any], slot: Mapping[str, Any], met: set[int]) -> Element:
        """A slot's citizen, kept while the card, whether the dice meet it and how it arrived
        are unchanged; its odds box is filled in afresh each time (:class:`OddsHelper`)."""
        index = int(slot["slot"])
        card = slot["card"]
        if card is None:
            return self.parts.get(f"citizen-{index}", None, lambda _scope: el(
                "div", el("span", t("dice-realm.empty_slot")), cls="dr-citizen dr-empty",
                testid=f"citizen-{index}"))
        cid = card["id"]
        arrival = ("", 0)
        if self._prev_turn is not None:
            if cid not in self._prev_row:
                arrival = ("dealt", 0)
            elif self._prev_row.index(cid) != index:
                arrival = ("slid", index - self._prev_row.index(cid))  # slots moved: dr-slide
        is_met = index in met
        claimable = is_met and view["phase"] in ("roll", "choose")
        node = self.parts.get(f"citizen-{index}", (slot, is_met, claimable, arrival),
                              self._citizen_in(slot, is_met, claimable, arrival))
        self.odds.nodes[index] = self._odds_boxes[index]
        return node

    def _citizen_in(self, slot: Mapping[str, Any], is_met: bool, claimable: bool,
                    arrival: tuple[str, int]) -> Callable[[Scope], Element]:
        return lambda scope: self._citizen_node(scope, slot, is_met, claimable, arrival)

    def _citizen_node(self, scope: Scope, slot: Mapping[str, Any], is_met: bool,
                      claimable: bool, arrival: tuple[str, int]) -> Element:
        index = int(slot["slot"])
        card = slot["card"]
        cid = card["id"]
        classes = ["dr-citizen", f"c-{card['colour']}"]
        if is_met:
            classes.append("met")
        if card.get("ability") == "dragon":
            classes.append("dragon")
        how, shift = arrival
        if how:
            classes.append(how)
        ability = card.get("ability")
        label = t(
            "dice-realm.citizen_label", name=card_name(card), colour=colour_name(card["colour"]),
            points=t("play.points", count=card["value"]),
            requirement=requirement_text(card["requirement"]),
            ability=t("dice-realm.citizen_ability", ability=ability_name(ability),
                      reminder=ability_reminder(ability)) if ability else "",
            village=t("dice-realm.citizen_village", colour=colour_name(slot["village_colour"]))
            if slot["founds_village"] else "",
            odds="",
            state=t("dice-realm.citizen_met") if claimable else t("dice-realm.citizen_not_met"),
        )
        odds = el("span", cls="dr-odds", testid=f"odds-{index}", attrs={"aria-hidden": "true"})
        odds.hidden = True
        self._odds_boxes[index] = odds
        # The label says all of it in words; the face is drawn for the eyes only (so a screen
        # reader does not read "1 Town Crier A A B B" after the label, and the name a speech
        # user says is the label's).
        face = el("span", self.art.card(card),
                  el("span", t("dice-realm.founds"), cls="dr-founds")
                  if slot["founds_village"] else None,
                  odds,
                  el("span", t("dice-realm.met"), cls="dr-take") if claimable else None,
                  cls="dr-citizen-face", attrs={"aria-hidden": "true"})
        node = el(
            "button",
            face,
            cls=" ".join(classes), testid=f"citizen-{index}",
            attrs={"type": "button", "aria-label": label, "data-label": label, "data-card": cid,
                   "data-met": "true" if is_met else "false",
                   "aria-disabled": None if claimable else "true"})
        if shift:
            node.style.setProperty("--shift", str(shift))
        scope.on(node, "click", lambda _e: self._claim(index))
        return node

    # ------------------------------------------------------------------ tray

    def _tray(self, scope: Scope, view: dict[str, Any]) -> Element:
        dice = view["dice"]
        phase = view["phase"]
        seat = view["current_seat"]
        values = dice["values"]
        rolling = phase == "roll"
        rolled = values is not None
        flips_left = int(dice["flips_left"])
        # Which dice tumble: those re-rolled by the roll just made (once per roll).
        tumble = 0
        key = (int(view["turn"]), int(dice["rolls_used"]), seat)
        last = view["this_turn"][-1] if view["this_turn"] else None
        if rolled and last is not None and last.get("type") == "roll" \
                and key != self._animated_key:
            tumble = 63 & ~int(last.get("kept", 0))
        self._animated_key = key if rolled else self._animated_key

        self._die_nodes = []
        dice_nodes = []
        holdable = rolling and rolled
        flip_shown = flips_left > 0 and rolled
        for i in range(6):
            value = values[i] if rolled else 0
            # A die is kept while its face, whether it tumbles (this roll) and what it offers
            # are unchanged; whether it is held is set on it afresh below, as a hold tap
            # changes that in place without a redraw.
            tumbling = key if tumble >> i & 1 else None
            cell = self.parts.get(f"die-{i}", (value, rolled, tumbling, holdable, flip_shown),
                                  self._die_in(i, value, rolled, tumbling is not None,
                                               holdable, flip_shown))
            node = dom.query(f'[data-testid="die-{i}"]', cell)
            held = bool(self.held >> i & 1) and holdable
            node.setAttribute("aria-pressed", "true" if held else "false")
            node.classList.toggle("held", held)
            self._die_nodes.append(node)
            dice_nodes.append(cell)

        rolls_left = int(dice["rolls_left"])
        controls = self.parts.get(
            "controls", (rolling, bool(dice["can_stop"]), bool(view["must_take_penalty"])),
            lambda part: self._controls(part, rolling, bool(dice["can_stop"]),
                                        bool(view["must_take_penalty"])))
        self._roll_button = dom.query('[data-testid="roll"]', controls)
        self._update_roll_button()
        odds_toggle = self.parts.get("odds-toggle", self.odds_on, self._odds_toggle)

        reminders: list[Any] = []
        if int(dice["rolls_allowed"]) > 3 and rolling:
            reminders.append(el("p", svg_icon("elf"), t("dice-realm.elf_reminder"),
                                cls="dr-reminder-line", testid="elf-reminder"))
        if flips_left > 0:
            reminders.append(el("p", svg_icon("fairy"),
                                t("dice-realm.fairy_reminder", count=flips_left),
                                cls="dr-reminder-line", testid="fairy-reminder"))
        if view.get("extra_turn"):
            reminders.append(el("p", svg_icon("apprentice"), t("dice-realm.extra_turn"),
                                cls="dr-reminder-line", testid="apprentice-reminder"))
        pending = view.get("pending")
        gift = None
        if pending and pending.get("type") == "give_dragon":
            names = [p["name"] for p in view["players"]]
            dragon = card_name(pending["card"])
            gift = el("div",
                      el("p", svg_icon("dragon"), t("dice-realm.gift_title", card=dragon),
                         cls="dr-gift-title", attrs={"id": "gift-title"}),
                      el("div", *[button(scope, t("dice-realm.gift_to", name=names[s]),
                                         self._handler(self._act, GIVES[s]),
                                         testid=f"gift-{s}", cls="btn btn-primary")
                                  for s in pending["choices"]], cls="dr-gift-choices"),
                      cls="dr-gift", testid="gift-chooser",
                      attrs={"role": "group", "aria-labelledby": "gift-title"})
        return el(
            "section",
            el("h2", t("dice-realm.dice"), cls="sr-only"),
            el("p", self._hint(view), cls="dr-hint", testid="dr-hint",
               attrs={"role": "status"}),
            end_warnings(self._warnings()),
            *reminders,
            gift,
            self._claim_chooser(scope, view),
            el("div", *dice_nodes, cls="dr-dice"),
            controls,
            el("div",
               el("span", t("dice-realm.rolls_left", count=rolls_left) if rolling else "",
                  cls="dr-rolls-left", testid="rolls-left"),
               odds_toggle, cls="dr-tray-foot"),
            cls="dr-tray", attrs={"aria-label": t("dice-realm.dice")})

    def _die_in(self, i: int, value: int, rolled: bool, tumbling: bool, holdable: bool,
                flip_shown: bool) -> Callable[[Scope], Element]:
        """Draws die ``i``'s cell: the die (not yet held: :meth:`_tray` sets that) and, with a
        Fairy, its flip button."""

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
            if flip_shown:
                cell.append(button(scope, t("dice-realm.flip", face=7 - value),
                                   self._handler(self._act, FLIPS[i]),
                                   testid=f"flip-{i}", cls="btn btn-small dr-flip",
                                   aria_label=t("dice-realm.flip_label", number=i + 1,
                                                face=value, opposite=7 - value)))
            return el("div", *cell, cls="dr-die-cell")

        return draw

    def _controls(self, scope: Scope, rolling: bool, can_stop: bool,
                  must_take_penalty: bool) -> Element:
        """Roll (its words and whether it is on are set by :meth:`_update_roll_button`), stop
        and, when it must be taken, the scoundrel."""
        roll_btn = button(scope, "", lambda _e: self._roll(), testid="roll",
                          cls="btn btn-primary dr-roll", disabled=not rolling)
        controls: list[Any] = [roll_btn]
        controls.append(button(scope, t("dice-realm.stop"), lambda _e: self.host.act(STOP),
                               testid="stop", cls="btn dr-stop", disabled=not can_stop,
                               aria_label=t("dice-realm.stop_label")))
        if must_take_penalty:
            controls.append(button(scope, t("dice-realm.take_penalty"),
                                   lambda _e: self.host.act(TAKE_PENALTY), testid="penalty",
                                   cls="btn btn-danger dr-penalty-btn",
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

    def _hint(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if self.host.computer_plays:
            seat = view["current_seat"]
            return t("dice-realm.hint.computer", name=view["players"][seat]["name"])
        if phase == "gift" and view.get("pending"):
            return t("dice-realm.hint.gift", card=card_name(view["pending"]["card"]))
        if phase == "choose":
            return t("dice-realm.hint.penalty") if view["must_take_penalty"] \
                else t("dice-realm.hint.choose")
        if view["dice"]["values"] is None:
            return t("dice-realm.hint.first")
        if view["met_slots"]:
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
        node.disabled = self.view["phase"] != "roll" or (rolled and self.held == 63)

    # ------------------------------------------------------------------ taps

    def _toggle_hold(self, die: int) -> None:
        view = self.view
        if view.get("phase") != "roll" or view["dice"]["values"] is None:
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
        view = self.view
        if view.get("phase") != "roll":
            return
        keep = self.held if view["dice"]["values"] is not None else 0
        if keep == 63:
            return
        self.host.act(ROLLS[keep])

    def _claim_choices(self, slot: int) -> list[Choice]:
        """The engine's claim choices for ``slot``: with its village, and without it when the
        citizen founds one (the seed: a player *may* keep the village card)."""
        prompt = self.host.prompt()
        if prompt is None:
            return []
        return [choice for choice in prompt.choices
                if choice.place == "slot" and choice.key == slot]

    def _claim(self, slot: int) -> None:
        """Tap on a citizen. A claim that cannot be taken back (the next card is dealt) is
        confirmed inline when it gives up rolls or could leave a village; otherwise it is made
        at once."""
        view = self.view
        if slot not in view.get("met_slots", ()) or self.host.computer_plays:
            return
        choices = self._claim_choices(slot)
        if not choices:
            return
        if len(choices) == 1 and view.get("phase") != "roll":
            self.host.act(choices[0].action)
            return
        self.claiming = slot
        self.host.redraw()

    def _cancel_claim(self, _event: Any) -> None:
        self.claiming = None
        self.host.redraw()

    def _claim_chooser(self, scope: Scope, view: dict[str, Any]) -> Element | None:
        """The inline question after a tap on a citizen: which way to take it, or cancel."""
        slot = self.claiming
        if slot is None or slot not in view.get("met_slots", ()):
            return None
        choices = self._claim_choices(slot)
        if not choices:
            return None
        card = view["row"][slot]["card"]
        notes: list[Any] = []
        if view["phase"] == "roll" and view["dice"]["values"] is not None:
            notes.append(el("p", t("dice-realm.claim_gives_up_rolls",
                                   count=int(view["dice"]["rolls_left"])),
                            cls="note", testid="claim-rolls-note"))
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
                  attrs={"role": "group", "aria-labelledby": "claim-title"})

    def _act(self, action: Any) -> None:
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

    def end_details(self, view: dict[str, Any]) -> list[Element]:
        return realms.end_details(view)


def create_screen(host: GameHost) -> DiceRealmScreen:
    return DiceRealmScreen(host)
