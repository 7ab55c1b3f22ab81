"""The Dice Realm market: the village piles and the citizens in their columns, and the piles.

Each part is kept while its part of the view is unchanged (:mod:`kingdoms_web.play.parts`); a
citizen is drawn anew when its card, whether the dice meet it or how it arrived changes, and its
odds box is handed to the odds helper, which fills it in after the drawing
(:class:`~kingdoms_web.games.dice_realm.odds_helper.OddsHelper`). A citizen new to the row is
dealt in, one that changed slots slides (its shift in slots is the CSS ``--shift``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kingdoms.dice_realm.game import DiceRealmView
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.dice_realm.art import CardArt
from kingdoms_web.games.dice_realm.board_frame import BoardFrame
from kingdoms_web.games.dice_realm.odds_helper import OddsHelper
from kingdoms_web.games.dice_realm.text import (
    ability_name,
    ability_reminder,
    card_name,
    colour_name,
    requirement_text,
)
from kingdoms_web.i18n import join_parts, labelled, t
from kingdoms_web.play.parts import Parts


class MarketRenderer:
    """Draws the market into the kept :class:`BoardFrame` (the screen owns the frame, the
    parts, the card art and the odds helper; a tap on a citizen goes to ``on_claim``)."""

    def __init__(self, parts: Parts, art: CardArt, odds: OddsHelper,
                 on_claim: Callable[[int], None]) -> None:
        self.parts = parts
        self.art = art
        self.odds = odds
        self.on_claim = on_claim
        self.odds_boxes: dict[int, Element] = {}
        """Row slot -> the odds box of the citizen drawn there (kept with its citizen)."""
        self.prev_row: list[str | None] = []
        """The row's card ids at the last drawing (what was dealt, what slid)."""
        self.prev_turn: int | None = None

    def remember(self, view: DiceRealmView) -> None:
        """What the next drawing compares its row with."""
        self.prev_row = [slot["card"]["id"] if slot["card"] else None for slot in view["row"]]
        self.prev_turn = int(view["turn"])

    def draw(self, view: DiceRealmView, frame: BoardFrame, claimable: set[int]) -> None:
        """Villages and citizens in their columns, and the piles, each kept while unchanged
        (a citizen's odds are filled in after the drawing). ``claimable``: the slots whose
        citizen the engine offers to take now (the dice meet it: it is lit)."""
        parts = self.parts
        for column, village, slot in zip(frame.columns, view["villages"], view["row"],
                                         strict=True):
            dom.patch(column, [parts.get(f"village-{village['slot']}", village,
                                         self._village_in(village)),
                               self._citizen(slot, claimable)])
        penalty = view["penalty_pile"]
        piles = parts.get("piles", (view["draw_count"], view["discard_count"], penalty),
                          lambda _scope: self._piles(view))
        dom.patch(frame.market, [frame.market_title, frame.columns_box, piles])

    def _village_in(self, village: Mapping[str, Any]) -> Callable[[Scope], Element]:
        return lambda _scope: self._village(village)

    @staticmethod
    def _piles(view: DiceRealmView) -> Element:
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

    def _citizen(self, slot: Mapping[str, Any], claimable: set[int]) -> Element:
        """A slot's citizen, kept while the card, whether it can be taken and how it arrived
        are unchanged; its odds box is filled in afresh each time (:class:`OddsHelper`)."""
        index = int(slot["slot"])
        card = slot["card"]
        if card is None:
            return self.parts.get(f"citizen-{index}", None, lambda _scope: el(
                "div", el("span", t("dice-realm.empty_slot")), cls="dr-citizen dr-empty",
                testid=f"citizen-{index}"))
        cid = card["id"]
        arrival = ("", 0)
        if self.prev_turn is not None:
            if cid not in self.prev_row:
                arrival = ("dealt", 0)
            elif self.prev_row.index(cid) != index:
                arrival = ("slid", index - self.prev_row.index(cid))  # slots moved: dr-slide
        lit = index in claimable
        node = self.parts.get(f"citizen-{index}", (slot, lit, arrival),
                              self._citizen_in(slot, lit, arrival))
        self.odds.nodes[index] = self.odds_boxes[index]
        return node

    def _citizen_in(self, slot: Mapping[str, Any], lit: bool,
                    arrival: tuple[str, int]) -> Callable[[Scope], Element]:
        return lambda scope: self._citizen_node(scope, slot, lit, arrival)

    def _citizen_node(self, scope: Scope, slot: Mapping[str, Any], lit: bool,
                      arrival: tuple[str, int]) -> Element:
        """A citizen, ``lit`` when the dice meet it and the engine offers to take it."""
        index = int(slot["slot"])
        card = slot["card"]
        cid = card["id"]
        classes = ["dr-citizen", f"c-{card['colour']}"]
        if lit:
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
            state=t("dice-realm.citizen_met") if lit else t("dice-realm.citizen_not_met"),
        )
        odds = el("span", cls="dr-odds", testid=f"odds-{index}", attrs={"aria-hidden": "true"})
        odds.hidden = True
        self.odds_boxes[index] = odds
        # The label says all of it in words; the face is drawn for the eyes only (so a screen
        # reader does not read "1 Town Crier A A B B" after the label, and the name a speech
        # user says is the label's).
        face = el("span", self.art.card(card),
                  el("span", t("dice-realm.founds"), cls="dr-founds")
                  if slot["founds_village"] else None,
                  odds,
                  el("span", t("dice-realm.met"), cls="dr-take") if lit else None,
                  cls="dr-citizen-face", attrs={"aria-hidden": "true"})
        node = el(
            "button",
            face,
            cls=" ".join(classes), testid=f"citizen-{index}",
            attrs={"type": "button", "aria-label": label, "data-label": label, "data-card": cid,
                   "data-met": "true" if lit else "false",
                   "aria-disabled": None if lit else "true"})
        if shift:
            node.style.setProperty("--shift", str(shift))
        scope.on(node, "click", lambda _e: self.on_claim(index))
        return node
