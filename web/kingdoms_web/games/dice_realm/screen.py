"""The Dice Realm board: villages and citizens, dice, the penalty pile, realms and scores.

Drawn from the engine's ``view`` on every change (the host redraws after each action); the only
page state is the player's current hold selection (the engine takes it with the next roll as a
keep mask), the odds helper switch and what was on the board last time (to animate changes).

Speed: the unchanging parts of a citizen card (name, dice pictures, texts) are built once per card
and cloned; holding a die updates that die and the odds in place; an odds table the engine has not
computed yet is filled in just after the board is drawn, and idle time computes the rest (the
row's citizens first, one table per idle callback, Fairy-flip variants included), so a
tap never waits for the odds.

Every rule comes from the engine: which citizens the dice meet (``met_slots``), whether a
scoundrel must be taken, flips left, the dragon's gift choices.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from kingdoms.dice_realm import odds as dr_odds
from kingdoms.dice_realm.actions import CLAIMS, FLIPS, GIVES, ROLLS, STOP, TAKE_PENALTY
from kingdoms.dice_realm.content import CARD_IDS, CARD_NUMBER, CONTENT, N_CITIZENS, card_json
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.dice_realm.text import (
    Glyph,
    ability_name,
    ability_reminder,
    card_name,
    colour_name,
    event_text,
    format_percent,
    requirement_glyphs,
    requirement_text,
    slid_count,
)
from kingdoms_web.i18n import t
from kingdoms_web.play.contract import GameHost
from kingdoms_web.shell.dialogs import button

ODDS_SETTING = "dice-realm.odds"
"""Settings key (in ``kingdoms.v1.settings``) of the odds helper switch; on by default."""

# Pip positions on a 3×3 grid (0 = top left, 8 = bottom right) for faces 1..6.
PIPS: dict[int, tuple[int, ...]] = {
    1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8),
}

ABILITY_ICONS: dict[str, str] = {
    # leaf
    "elf": "M5 19C5 10 11 4 20 4c0 9-6 15-15 15zm0 0 9-9",
    # spiral
    "hypnotist": "M12 12m-1 0a1 1 0 1 1 2 0a3 3 0 1 1-6 0a5 5 0 1 1 10 0a7 7 0 1 1-14 0"
                 "a9 9 0 0 1 9-9",
    # circular arrow
    "apprentice": "M19 12a7 7 0 1 1-2.1-5M17 3v4h-4",
    # sparkle
    "fairy": "M12 2l2.2 7.8L22 12l-7.8 2.2L12 22l-2.2-7.8L2 12l7.8-2.2z",
    # flame
    "dragon": "M12 22c-4 0-7-3-7-7 0-4 3-6 4-10 2 2 3 4 3 6 1-1 2-2 2-4 3 3 5 5 5 8 0 4-3 7-7 7z",
}
FILLED_ICONS = {"fairy", "dragon"}

ALL_CARDS: dict[str, dict[str, Any]] = {cid: card_json(n) for n, cid in enumerate(CARD_IDS)}


def _later(callback: Callable[[], None], delay_ms: int = 0) -> None:
    """Run ``callback`` after the browser has painted (immediately on CPython)."""
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:
        callback()
        return

    def guarded() -> None:
        try:
            callback()
        except Exception:
            dom.log_error("Kingdoms: Dice Realm timer failed\n" + traceback.format_exc())

    dom.window.setTimeout(create_once_callable(guarded), delay_ms)


def _when_idle(callback: Callable[[], None]) -> None:
    """Run ``callback`` when the browser is idle (``requestIdleCallback``; a timer without it)."""
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:
        callback()
        return
    request = getattr(dom.window, "requestIdleCallback", None)
    if request is None:
        _later(callback, 30)
        return

    def guarded(_deadline: Any = None) -> None:
        try:
            callback()
        except Exception:
            dom.log_error("Kingdoms: Dice Realm idle task failed\n" + traceback.format_exc())

    request(create_once_callable(guarded))


def _svg_icon(name: str, cls: str = "dr-icon") -> Element:
    ns = "http://www.w3.org/2000/svg"
    svg = dom.document.createElementNS(ns, "svg")
    dom.set_attrs(svg, {"viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false",
                        "class": cls + (" filled" if name in FILLED_ICONS else "")})
    path = dom.document.createElementNS(ns, "path")
    path.setAttribute("d", ABILITY_ICONS.get(name, ""))
    svg.append(path)
    return svg


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
        self._gen = 0
        self._prewarm_running = False
        self._card_templates: dict[str, Element] = {}
        self._face_templates: dict[tuple[int, str], Element] = {}
        self._die_nodes: list[Element] = []
        self._odds_nodes: dict[int, Element] = {}
        self._roll_button: Element = None
        self._view: dict[str, Any] = {}
        stored = self._setting(ODDS_SETTING, True)
        self.odds_on = stored if isinstance(stored, bool) else True

    # ------------------------------------------------------------------ settings

    def _setting(self, key: str, default: Any) -> Any:
        getter = getattr(self.host, "get_setting", None)
        if getter is None:
            return default
        try:
            return getter(key, default)
        except Exception:
            return default

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
        self._gen += 1
        self._view = view
        dice = view["dice"]
        seat = view["current_seat"]
        phase = view["phase"]
        key = (int(view["turn"]), int(dice["rolls_used"]), seat)
        if key != self._held_key:
            self._held_key = key
            self.held = int(dice["held_mask"]) if phase == "roll" else 0
        self._odds_nodes = {}
        board = el(
            "div",
            el("div", self._market(scope, view), self._events(view), cls="dr-left"),
            el("div", self._tray(scope, view), self._players(view), cls="dr-right"),
            cls="dr", testid="dice-realm",
            attrs={"data-phase": phase, "data-current": seat if seat is not None else "",
                   "data-turn": view["turn"], "data-rolls-left": dice["rolls_left"],
                   "aria-label": t("dice-realm.board"), "role": "region"},
        )
        dom.append(root, [board])
        self._prev_row = [slot["card"]["id"] if slot["card"] else None for slot in view["row"]]
        self._prev_turn = int(view["turn"])
        self._fill_odds(defer_missing=True)
        if not self._prewarm_running:
            self._prewarm_running = True
            _when_idle(self._prewarm_step)

    # ------------------------------------------------------------------ market

    def _market(self, scope: Scope, view: dict[str, Any]) -> Element:
        columns = []
        met = set(view["met_slots"])
        for village, slot in zip(view["villages"], view["row"], strict=True):
            columns.append(el("div", self._village(village), self._citizen(scope, view, slot, met),
                              cls="dr-column"))
        penalty = view["penalty_pile"]
        top = penalty["top"]
        piles = el(
            "div",
            el("div", el("span", t("dice-realm.draw_pile"), cls="dr-pile-label"),
               el("span", str(view["draw_count"]), cls="dr-pile-count num"),
               cls="dr-pile dr-draw", testid="draw-pile",
               attrs={"aria-label": t("dice-realm.draw_pile") + ": "
                      + t("dice-realm.cards", count=view["draw_count"])}),
            el("div", el("span", t("dice-realm.discard_pile"), cls="dr-pile-label"),
               el("span", str(view["discard_count"]), cls="dr-pile-count num"),
               cls="dr-pile dr-discard", testid="discard-pile",
               attrs={"aria-label": t("dice-realm.discard_pile") + ": "
                      + t("dice-realm.cards", count=view["discard_count"])}),
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
                      "aria-label": t("dice-realm.penalty_pile") + ": "
                      + (t("dice-realm.penalty_top", name=card_name(top), value=top["value"])
                         if top else t("dice-realm.penalty_none"))
                      + ", " + t("dice-realm.cards", count=penalty["count"])}),
            cls="dr-piles")
        return el("section", el("h2", t("dice-realm.market"), cls="sr-only"),
                  el("div", *columns, cls="dr-columns"), piles,
                  cls="dr-market", attrs={"aria-label": t("dice-realm.market")})

    def _village(self, village: Mapping[str, Any]) -> Element:
        colour = village["colour"]
        count = village["count"]
        top = village["top"]
        label = t("dice-realm.village_pile", colour=colour_name(colour)) + ": " + (
            t("dice-realm.village_next", value=top, count=count) if top is not None
            else t("dice-realm.village_empty"))
        return el(
            "div",
            el("span", colour_name(colour), cls="dr-village-name"),
            el("span", str(top) if top is not None else "–", cls="dr-village-value num"),
            el("span", t("dice-realm.village_left", count=count), cls="dr-village-count"),
            cls=f"dr-village c-{colour} stack-{min(count, 3)}",
            testid=f"village-{village['slot']}",
            attrs={"role": "img", "aria-label": label, "data-count": count})

    def _card_template(self, card: Mapping[str, Any]) -> Element:
        """The static inside of a citizen card (built once per card, then cloned)."""
        cid = str(card["id"])
        template = self._card_templates.get(cid)
        if template is None:
            ability = card.get("ability")
            glyphs = requirement_glyphs(card["requirement"])
            pictures = el("span", *[self._glyph(g) for g in glyphs],
                          cls="dr-req-pics", attrs={"aria-hidden": "true"})
            template = el(
                "span",
                el("span",
                   el("span", str(card["value"]), cls="dr-card-value num"),
                   el("span", card_name(card), cls="dr-card-name"),
                   _svg_icon(ability) if ability else None,
                   cls="dr-card-head"),
                pictures,
                el("span", requirement_text(card["requirement"]), cls="dr-req-text"),
                el("span", ability_name(ability) + ": " + ability_reminder(ability),
                   cls="dr-reminder") if ability else None,
                cls="dr-card-body")
            self._card_templates[cid] = template
        clone: Element = template.cloneNode(True)
        return clone

    def _glyph(self, glyph: Glyph) -> Element:
        kind, value = glyph
        if kind == "face":
            return self._face(int(value), "dr-mini")
        if kind == "same":
            return el("span", str(value), cls="dr-mini dr-mini-same")
        if kind == "sum_min":
            return el("span", f"Σ≥{value}", cls="dr-badge")
        if kind == "sum_max":
            return el("span", f"Σ≤{value}", cls="dr-badge")
        return el("span", t(f"dice-realm.glyph.{value}"), cls="dr-badge")

    def _face(self, face: int, cls: str) -> Element:
        """A die face with pips (cloned from a per-face template)."""
        key = (face, cls)
        template = self._face_templates.get(key)
        if template is None:
            pips = [el("span", cls=f"pip p{i}") for i in PIPS.get(face, ())]
            template = el("span", *pips, cls=f"{cls} face face-{face}")
            self._face_templates[key] = template
        clone: Element = template.cloneNode(True)
        return clone

    def _citizen(self, scope: Scope, view: dict[str, Any], slot: Mapping[str, Any],
                 met: set[int]) -> Element:
        index = int(slot["slot"])
        card = slot["card"]
        if card is None:
            return el("div", el("span", t("dice-realm.empty_slot")), cls="dr-citizen dr-empty",
                      testid=f"citizen-{index}")
        cid = card["id"]
        is_met = index in met
        phase = view["phase"]
        claimable = is_met and phase in ("roll", "choose")
        classes = ["dr-citizen", f"c-{card['colour']}"]
        if is_met:
            classes.append("met")
        if card.get("ability") == "dragon":
            classes.append("dragon")
        if self._prev_turn is not None:
            if cid not in self._prev_row:
                classes.append("dealt")
            elif self._prev_row.index(cid) != index:
                classes.append("slid")
        ability = card.get("ability")
        label = t(
            "dice-realm.citizen_label", name=card_name(card), colour=colour_name(card["colour"]),
            value=card["value"], requirement=requirement_text(card["requirement"]),
            ability=t("dice-realm.citizen_ability", ability=ability_name(ability),
                      reminder=ability_reminder(ability)) if ability else "",
            village=t("dice-realm.citizen_village", colour=colour_name(slot["village_colour"]))
            if slot["founds_village"] else "",
            odds="",
            state=t("dice-realm.citizen_met") if claimable else t("dice-realm.citizen_not_met"),
        )
        odds = el("span", cls="dr-odds", testid=f"odds-{index}", attrs={"aria-hidden": "true"})
        odds.hidden = True
        self._odds_nodes[index] = odds
        node = el(
            "button",
            self._card_template(card),
            el("span", t("dice-realm.founds"), cls="dr-founds") if slot["founds_village"] else None,
            odds,
            el("span", t("dice-realm.met"), cls="dr-take") if claimable else None,
            cls=" ".join(classes), testid=f"citizen-{index}",
            attrs={"type": "button", "aria-label": label, "data-card": cid,
                   "data-met": "true" if is_met else "false",
                   "aria-disabled": None if claimable else "true"})
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
        for i in range(6):
            value = values[i] if rolled else 0
            held = bool(self.held >> i & 1) and rolling and rolled
            face = self._face(value, "dr-face") if rolled else el("span", "?", cls="dr-face blank")
            cls = "dr-die" + (" held" if held else "") + (" rolling" if tumble >> i & 1 else "")
            holdable = rolling and rolled
            node = el("button", face, el("span", t("dice-realm.held"), cls="dr-held-tag"),
                      cls=cls, testid=f"die-{i}",
                      attrs={"type": "button", "aria-pressed": "true" if held else "false",
                             "data-value": value if rolled else "",
                             "aria-label": t("dice-realm.die_label", number=i + 1, face=value)
                             if rolled else t("dice-realm.die_unrolled", number=i + 1),
                             "aria-disabled": None if holdable else "true"})
            scope.on(node, "click", self._handler(self._toggle_hold, i))
            self._die_nodes.append(node)
            cell: list[Any] = [node]
            if flips_left > 0 and rolled:
                cell.append(button(scope, t("dice-realm.flip", face=7 - value),
                                   self._handler(self._act, FLIPS[i]),
                                   testid=f"flip-{i}", cls="btn btn-small dr-flip",
                                   aria_label=t("dice-realm.flip_label", number=i + 1,
                                                face=value, opposite=7 - value)))
            dice_nodes.append(el("div", *cell, cls="dr-die-cell"))

        rolls_left = int(dice["rolls_left"])
        roll_btn = button(scope, "", lambda _e: self._roll(), testid="roll",
                          cls="btn btn-primary dr-roll", disabled=not rolling)
        self._roll_button = roll_btn
        self._update_roll_button()
        controls: list[Any] = [roll_btn]
        stop = button(scope, t("dice-realm.stop"), lambda _e: self.host.act(STOP), testid="stop",
                      cls="btn dr-stop", disabled=not dice["can_stop"],
                      aria_label=t("dice-realm.stop_label"))
        controls.append(stop)
        if view["must_take_penalty"]:
            controls.append(button(scope, t("dice-realm.take_penalty"),
                                   lambda _e: self.host.act(TAKE_PENALTY), testid="penalty",
                                   cls="btn btn-danger dr-penalty-btn",
                                   aria_label=t("dice-realm.take_penalty_label")))
        odds_toggle = button(scope, t("dice-realm.odds_on") if self.odds_on
                             else t("dice-realm.odds_off"), self._toggle_odds,
                             testid="odds-toggle", cls="btn btn-quiet dr-odds-toggle")
        odds_toggle.setAttribute("aria-pressed", "true" if self.odds_on else "false")

        reminders: list[Any] = []
        if int(dice["rolls_allowed"]) > 3 and rolling:
            reminders.append(el("p", _svg_icon("elf"), t("dice-realm.elf_reminder"),
                                cls="dr-reminder-line", testid="elf-reminder"))
        if flips_left > 0:
            reminders.append(el("p", _svg_icon("fairy"),
                                t("dice-realm.fairy_reminder", count=flips_left),
                                cls="dr-reminder-line", testid="fairy-reminder"))
        if view.get("extra_turn"):
            reminders.append(el("p", _svg_icon("apprentice"), t("dice-realm.extra_turn"),
                                cls="dr-reminder-line", testid="apprentice-reminder"))
        pending = view.get("pending")
        gift = None
        if pending and pending.get("type") == "give_dragon":
            names = [p["name"] for p in view["players"]]
            dragon = card_name(pending["card"])
            gift = el("div",
                      el("p", _svg_icon("dragon"), t("dice-realm.gift_title", card=dragon),
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
            *reminders,
            gift,
            el("div", *dice_nodes, cls="dr-dice"),
            el("div", *controls, cls="dr-controls"),
            el("div",
               el("span", t("dice-realm.rolls_left", count=rolls_left) if rolling else "",
                  cls="dr-rolls-left", testid="rolls-left"),
               odds_toggle, cls="dr-tray-foot"),
            cls="dr-tray", attrs={"aria-label": t("dice-realm.dice")})

    def _hint(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "gift" and view.get("pending"):
            return t("dice-realm.hint.gift", card=card_name(view["pending"]["card"]))
        if phase == "choose":
            return t("dice-realm.hint.penalty") if view["must_take_penalty"] \
                else t("dice-realm.hint.choose")
        if view["dice"]["values"] is None:
            return t("dice-realm.hint.first")
        if view["met_slots"]:
            return t("dice-realm.hint.hold") + " " + t("dice-realm.hint.choose")
        return t("dice-realm.hint.hold")

    def _update_roll_button(self) -> None:
        node = self._roll_button
        if node is None:
            return
        dice = self._view["dice"]
        rolled = dice["values"] is not None
        rolls = t("dice-realm.rolls_left", count=int(dice["rolls_left"]))
        if self._view["phase"] != "roll":
            action = t("dice-realm.dice_final")
        elif rolled:
            action = t("dice-realm.roll_again", count=6 - self.held.bit_count())
        else:
            action = t("dice-realm.roll_first")
        label = dom.query("span", node)
        if label is not None:
            dom.set_text(label, action)
        node.setAttribute("aria-label", t("dice-realm.roll_label", action=action, rolls=rolls))
        node.disabled = self._view["phase"] != "roll" or (rolled and self.held == 63)

    # ------------------------------------------------------------------ taps

    def _toggle_hold(self, die: int) -> None:
        view = self._view
        if view.get("phase") != "roll" or view["dice"]["values"] is None:
            return
        self.held ^= 1 << die
        node = self._die_nodes[die]
        held = bool(self.held >> die & 1)
        node.setAttribute("aria-pressed", "true" if held else "false")
        node.classList.toggle("held", held)
        self._update_roll_button()
        self._fill_odds(defer_missing=True)

    def _roll(self) -> None:
        view = self._view
        if view.get("phase") != "roll":
            return
        keep = self.held if view["dice"]["values"] is not None else 0
        if keep == 63:
            return
        self.host.act(ROLLS[keep])

    def _claim(self, slot: int) -> None:
        view = self._view
        if slot not in view.get("met_slots", ()):
            return
        if view["phase"] == "roll" and not self.host.act(STOP):
            return
        self.host.act(CLAIMS[slot])

    def _act(self, action: Any) -> None:
        self.host.act(action)

    @staticmethod
    def _handler(function: Callable[[Any], None], argument: Any) -> Callable[[Any], None]:
        """A click handler calling ``function(argument)`` (ignores the event)."""

        def handler(_event: Any) -> None:
            function(argument)

        return handler

    # ------------------------------------------------------------------ odds helper

    def _odds_inputs(self) -> tuple[list[int] | None, int, int, int] | None:
        """(dice, held mask, rolls left, flips) for the helper; None when it has nothing to say."""
        view = self._view
        if not self.odds_on or view.get("phase") != "roll":
            return None
        dice = view["dice"]
        seat = view["current_seat"]
        flips = 0
        if seat is not None:
            flips = min(6, int(view["players"][seat]["fairies"]))
        values = dice["values"]
        held = self.held if values is not None else 0
        return (list(values) if values is not None else None, held, int(dice["rolls_left"]), flips)

    def _fill_odds(self, *, defer_missing: bool) -> None:
        inputs = self._odds_inputs()
        missing = False
        for index, node in self._odds_nodes.items():
            slot = self._view["row"][index]
            card = slot["card"]
            if inputs is None or card is None:
                node.hidden = True
                continue
            dice, held, rolls_left, flips = inputs
            req = CONTENT.citizens[CARD_NUMBER[card["id"]]].requirement
            if defer_missing and not dr_odds.is_built(req, flips):
                missing = True
                dom.clear(node)
                dom.append(node, [el("span", t("dice-realm.odds_wait"), cls="dr-odds-p")])
                node.hidden = False
                continue
            helper = dr_odds.odds_helper(req, dice, held, rolls_left, flips)
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
            citizen = node.parentNode
            label = dom.opt(citizen.getAttribute("aria-label")) if citizen is not None else None
            if label is not None:
                base = label.split(" · ")[0]
                citizen.setAttribute("aria-label", base + " · " + t(
                    "dice-realm.odds_best") + " " + format_percent(best))
        if missing:
            generation = self._gen

            def later() -> None:
                if generation == self._gen:
                    self._fill_odds(defer_missing=False)

            _later(later)

    def _prewarm_wanted(self) -> Iterator[tuple[int, int]]:
        """The odds tables worth having ready, most urgent first: the row's citizens with the
        current player's Fairy flips, then with every other player's, then every citizen with no
        flips, then with each player's flips (flips change when a Fairy is taken)."""
        view = self._view
        players = view.get("players") or []
        seat = view.get("current_seat")
        flip_counts: list[int] = []
        if seat is not None and players:
            flip_counts.append(min(6, int(players[seat]["fairies"])))
        for player in players:
            flips = min(6, int(player["fairies"]))
            if flips not in flip_counts:
                flip_counts.append(flips)
        row = [CARD_NUMBER[slot["card"]["id"]] for slot in view.get("row") or ()
               if slot["card"] is not None and slot["card"]["id"] in CARD_NUMBER]
        row = [n for n in row if n < N_CITIZENS]
        for flips in flip_counts:
            for number in row:
                yield number, flips
        for flips in [0, *[f for f in flip_counts if f]]:
            for number in range(N_CITIZENS):
                yield number, flips

    def _prewarm_step(self) -> None:
        """Compute one missing odds table per idle moment, so later taps never wait for one."""
        for number, flips in self._prewarm_wanted():
            req = CONTENT.citizens[number].requirement
            if not dr_odds.is_built(req, flips):
                dr_odds.table(req, flips)
                _when_idle(self._prewarm_step)
                return
        self._prewarm_running = False

    # ------------------------------------------------------------------ events and players

    def _events(self, view: dict[str, Any]) -> Element:
        names = [p["name"] for p in view["players"]]
        this_turn = view["this_turn"]
        events = this_turn if this_turn else view["last_turn"]
        heading = t("dice-realm.this_turn") if this_turn else t("dice-realm.last_turn")
        items: list[Element] = []
        rolls = [e for e in events if e.get("type") == "roll"]
        for event in events:
            if event.get("type") == "roll" and event is not rolls[-1]:
                continue  # only the latest roll of the turn
            text = event_text(event, names, ALL_CARDS)
            if text:
                items.append(el("li", text, cls=f"ev ev-{event.get('type')}",
                                attrs={"data-type": event.get("type")}))
        slides = slid_count(events)
        if slides:
            items.append(el("li", t("dice-realm.event.slide", count=slides), cls="ev ev-slide",
                            attrs={"data-type": "slide"}))
        if not items:
            items.append(el("li", t("dice-realm.no_events"), cls="ev note"))
        return el("section", el("h2", t("dice-realm.events") + " · " + heading, cls="dr-h"),
                  el("ul", *items, cls="dr-event-list", attrs={"role": "list"}),
                  cls="dr-events", testid="events", attrs={"aria-live": "polite"})

    def _players(self, view: dict[str, Any]) -> Element:
        current = view["current_seat"]
        cards = []
        for player in view["players"]:
            seat = int(player["seat"])
            chips = [self._chip(card) for card in player["realm"]]
            extras: list[Any] = []
            if player["fairies"]:
                extras.append(el("span", _svg_icon("fairy"),
                                 t("dice-realm.fairies", count=player["fairies"]),
                                 cls="dr-tag"))
            if player["elf_next_turn"]:
                extras.append(el("span", _svg_icon("elf"), t("dice-realm.elf_next"),
                                 cls="dr-tag"))
            is_current = seat == current
            cards.append(el(
                "li",
                el("div",
                   el("span", player["name"], cls="dr-player-name"),
                   el("span", t("dice-realm.playing"), cls="dr-playing") if is_current else None,
                   el("span", str(player["score"]), cls="dr-score num", testid=f"score-{seat}",
                      attrs={"aria-label": t("dice-realm.score", score=player["score"])}),
                   cls="dr-player-head"),
                el("div", *chips, cls="dr-realm") if chips
                else el("p", t("dice-realm.realm_empty"), cls="note dr-realm-empty"),
                el("div", *extras, cls="dr-tags") if extras else None,
                cls="dr-player" + (" current" if is_current else ""),
                testid=f"player-{seat}",
                attrs={"aria-current": "true" if is_current else None}))
        return el("section", el("h2", t("dice-realm.players"), cls="sr-only"),
                  el("ul", *cards, cls="dr-player-list", attrs={"role": "list"}),
                  cls="dr-players", attrs={"aria-label": t("dice-realm.players")})

    def _chip(self, card: Mapping[str, Any]) -> Element:
        kind = card.get("kind")
        name = card_name(card)
        value = card.get("value")
        if kind == "village":
            cls = f"dr-chip village c-{card['colour']}"
        elif kind == "penalty":
            cls = "dr-chip scoundrel"
        elif card.get("ability") == "dragon":
            cls = "dr-chip dragon"
        else:
            cls = f"dr-chip citizen c-{card['colour']}"
        return el("span", str(value), cls=cls, attrs={"title": name, "role": "img",
                                                      "aria-label": f"{name} ({value})"})

    # ------------------------------------------------------------------ end

    def end_details(self, view: dict[str, Any]) -> list[Element]:
        rows = []
        for player in view["players"]:
            groups: dict[str, list[str]] = {"citizens": [], "villages": [], "scoundrels": [],
                                            "dragons": []}
            for card in player["realm"]:
                kind = card.get("kind")
                text = f"{card_name(card)} ({card.get('value')})"
                if kind == "village":
                    groups["villages"].append(text)
                elif kind == "penalty":
                    groups["scoundrels"].append(text)
                elif card.get("ability") == "dragon":
                    groups["dragons"].append(text)
                else:
                    groups["citizens"].append(text)
            facts = []
            for key, items in groups.items():
                facts += [el("dt", t(f"dice-realm.end_{key}")),
                          el("dd", ", ".join(items) if items else t("dice-realm.none"))]
            rows.append(el("li", el("h4", player["name"]), el("dl", *facts, cls="dr-end-facts"),
                           cls="dr-end-player", testid=f"end-realm-{player['seat']}"))
        return [el("section", el("h3", t("dice-realm.end_realms")),
                   el("ul", *rows, cls="dr-end-realms", attrs={"role": "list"}),
                   cls="dr-end", testid="end-details")]


def create_screen(host: GameHost) -> DiceRealmScreen:
    return DiceRealmScreen(host)

