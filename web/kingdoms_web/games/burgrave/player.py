"""Burgrave player boards: the viewer's full board and the opponents' compact ones.

The viewer's board shows the hand (only the viewer's: the engine's view has no other hand),
the three-slot line, buildings with the benefits they uncover, the virtue/corruption track,
resources, deeds and debts, manuscripts and workers. Opponents' boards are ``<details>``
elements: a one-line summary (score, silver, cards in hand) that opens to the same board without
a hand.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from kingdoms.burgrave.content import BUILDINGS, RESOURCES
from kingdoms.burgrave.game import BurgraveView
from kingdoms.burgrave.shapes import PlayerView
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.games.burgrave import motion as motions
from kingdoms_web.games.burgrave.board import chips, offer_button, pawn
from kingdoms_web.games.burgrave.icons import BUILDING_SYMBOL, amount, icon
from kingdoms_web.i18n import join_list, t
from kingdoms_web.play.parts import Parts


def card_face(info: M.CardInfo, *, full: bool) -> list[Any]:
    """A card's face: its trade's emblem drawn large behind (decorative), its silver value as
    a coin, its name, a hero's ribbon, its icons (each named, for the rules figures; a card
    button's own label says it all again) and, ``full``, its text. The card element takes
    :func:`.model.card_classes` for its colours."""
    value, *icons = card_marks(info)
    emblem = el("span", icon(info["icons"][0], "bg-card-emblem-ico"), cls="bg-card-emblem",
                attrs={"aria-hidden": "true"}) if info["icons"] else None
    ribbon = el("span", t("burgrave.sym.hero"), cls="bg-card-ribbon") \
        if info["kind"] == "hero" else None
    parts: list[Any] = [
        emblem,
        # The coin's number is read with its meaning (a dialog's card has no label of its own).
        el("span", el("span", t("burgrave.value"), cls="visually-hidden"), value,
           el("span", info["name"], cls="bg-card-name"), ribbon, cls="bg-card-head"),
        el("span", *icons, cls="bg-card-icons"),
    ]
    if full and info["text"]:
        parts.append(el("span", info["text"], cls="bg-card-text"))
    return parts


def card_marks(info: M.CardInfo) -> list[Element]:
    """A card's value coin and icons, to set before words about it (a prompt button about a
    card: "Hire the Abbess (Thornwood)" over its coin, icons and text)."""
    return [el("span", str(info["value"]), cls="bg-card-value",
               attrs={"title": t("burgrave.value")}),
            *[el("span", icon(i, label=M.icon_name(i)), cls=f"bg-icon bg-icon-{i}",
                 attrs={"title": M.icon_name(i)}) for i in info["icons"]]]


def card_label(info: M.CardInfo) -> str:
    icons = join_list(M.icon_name(i) for i in info["icons"])
    return t("burgrave.card_label", name=info["name"], value=info["value"], icons=icons,
             text=info["text"])


ON_THE_RING = frozenset({"space", "last_move"})
"""A player's view fields drawn on the ring only, never on a player's board."""

def stock_fields(player: PlayerView) -> tuple[object, ...]:
    """What a player's stock shows (:meth:`PlayerRenderer.stock`): the key it is kept under."""
    return (player["silver"], player["resources"], player["debts"], player["debts_flipped"],
            player["deeds"], player["deeds_flipped"], player["workers_in_supply"])


def track(virtue: int, corruption: int) -> Element:
    """The virtue and corruption track, with the collision reward printed above each space."""
    row = el("ol", cls="bg-track",
             attrs={"aria-label": t("burgrave.track_label", virtue=virtue + 1,
                                    corruption=corruption + 1)})
    for space in range(7):
        marks = []
        if corruption == space:
            marks.append(el("span", icon("corruption"), cls="bg-mark bg-mark-c"))
        if virtue == space:
            marks.append(el("span", icon("virtue"), cls="bg-mark bg-mark-v"))
        cls = "bg-track-cell" + (" is-collision" if virtue == corruption == space else "")
        row.append(el("li", chips(M.collision_above(space), "bg-chips-track"),
                      el("span", *marks, cls="bg-marks"), cls=cls))
    return el("div", el("h3", t("burgrave.track_title"), cls="bg-sub"), row)


class PlayerRenderer:
    def __init__(self, view: BurgraveView, prompt: M.Prompt | None, scope: Scope,
                 on_offer: Callable[[M.Offer], None], on_card: Callable[[str, int], None],
                 opened: set[int], on_toggle: Callable[[int, bool], None],
                 motion: motions.Motion = motions.NO_MOTION):
        self.view = view
        self.motion = motion
        self.prompt = prompt
        self.scope = scope
        self.on_offer = on_offer
        self.on_card = on_card
        self.opened = opened
        self.on_toggle = on_toggle
        self.hand_offers = prompt.at("hand") if prompt else {}

    def _opener(self, kind: str, key: int) -> Callable[[Any], None]:
        return lambda _e: self.on_card(kind, key)

    # ------------------------------------------------------------------ kept parts

    def using(self, scope: Scope) -> PlayerRenderer:
        """This renderer binding its listeners in ``scope`` (a kept part's own)."""
        other = copy.copy(self)
        other.scope = scope
        return other

    def _key(self, seat: int, leave_out: frozenset[str] = frozenset()) -> tuple[Any, ...]:
        """What every drawing of ``seat``'s board reads: its part of the view (less where its
        burgrave stands, drawn on the ring, and ``leave_out``) and the names (its pawn carries
        an initial picked from all of them)."""
        names = [player["name"] for player in self.view["players"]]
        player = {name: value for name, value in self.view["players"][seat].items()
                  if name not in ON_THE_RING and name not in leave_out}
        return (player, names)

    def _moved(self, seat: int) -> tuple[Any, ...]:
        """What moves on ``seat``'s line and score in this drawing."""
        motion = self.motion
        return (sorted((slot, shift) for (who, slot), shift in motion.shifts.items()
                       if who == seat),
                sorted(slot for who, slot in motion.arrivals if who == seat),
                motion.scores.get(seat))

    def kept_mine(self, parts: Parts, seat: int, *, open_: bool,
                  on_fold: Callable[[], None] | None) -> Element:
        """The viewer's dock (:meth:`mine_head`, the hand, the line) in kept pieces, each drawn
        again only when what it shows changed. Why: nearly every tap is a new decision, which
        offers other cards; drawn whole, the dock was a hundred new nodes a tap (WebKit styles,
        lays out and paints each one again). Now a decision about the board leaves the hand as
        it was, and a new offer redraws the cards it offers."""
        players = self.view["players"]
        player = players[seat]
        names = tuple(other["name"] for other in players)
        section = parts.frame(f"mine-{seat}", (seat, names), lambda: el(
            "section", testid=f"player-board-{seat}",
            attrs={"aria-label": t("burgrave.board_of", name=player["name"])}))
        dom.set_attrs(section, {"class": f"bg-player bg-player-mine "
                                         f"bg-border-{M.SEAT_COLOURS[seat]}"
                                         + ("" if open_ else " is-folded")})
        scores = tuple((other["score"], self.motion.scores.get(number))
                       for number, other in enumerate(players))
        head = parts.get(f"mine-head-{seat}",
                         (names, scores, player["deck_size"], len(player["discard"]),
                          player["hand_limit"], open_, on_fold is None),
                         lambda scope: self.using(scope).mine_head(seat, open_=open_,
                                                                   on_fold=on_fold))
        body: list[Element] = []
        if open_:
            body = [self._kept_hand(parts, seat, player),
                    parts.get(f"mine-line-{seat}", (player["line"], self._moved(seat)),
                              lambda scope: self.using(scope).line(seat, player))]
        return dom.patch(section, [head, *body])

    def _kept_hand(self, parts: Parts, seat: int, player: PlayerView) -> Element:
        """The hand, each card kept while it and what is offered for it are unchanged."""
        hand = player.get("hand", [])
        box, row = parts.frame(f"mine-hand-{seat}", seat, lambda: (
            el("div", cls="bg-hand-box"), el("div", cls="bg-hand", testid="hand")))
        title = parts.get(f"mine-hand-title-{seat}", len(hand), lambda _scope: el(
            "h3", t("burgrave.hand_title", count=len(hand)), cls="bg-sub"))

        def kept_card(index: int, card: int) -> Element:
            return parts.get(f"mine-hand-{seat}-{index}", (card, self.hand_offers.get(index)),
                             lambda scope: self.using(scope).hand_card(index, card))

        cards = [kept_card(index, card) for index, card in enumerate(hand)]
        dom.patch(row, cards or [el("p", t("burgrave.hand_none"), cls="bg-muted")])
        return dom.patch(box, [title, row])

    def kept_details(self, parts: Parts, seat: int) -> Element:
        """The rest of the viewer's board (stock, track, buildings, manuscripts), under the
        board: looked up now and then, so it scrolls with the board instead of taking the
        dock's room. Each piece (title, counts, stock, track, buildings, manuscripts) is kept
        while the fields it shows are unchanged: most actions change one of them (a resource,
        a step on the track), and the whole board is some 150 nodes."""
        player = self.view["players"][seat]
        names = tuple(other["name"] for other in self.view["players"])
        section = parts.frame(f"details-{seat}", seat, lambda: el(
            "section", cls=f"bg-player bg-border-{M.SEAT_COLOURS[seat]}",
            testid=f"player-details-{seat}"))

        def kept(piece: str, shown: tuple[object, ...],
                 draw: Callable[[PlayerRenderer], Element]) -> Element:
            return parts.get(f"details-{piece}-{seat}", (shown, names),
                             lambda scope: draw(self.using(scope)))

        dom.patch(section, [
            kept("title", (), lambda r: r.details_title(seat, player)),
            kept("counts", (player["deck_size"], player["discard"], player["hand_limit"]),
                 lambda r: r.details_counts(player)),
            kept("stock", stock_fields(player), lambda r: r.stock(seat, player)),
            kept("track", (player["virtue"], player["corruption"]),
                 lambda r: track(player["virtue"], player["corruption"])),
            kept("buildings", (player["buildings"],), lambda r: r.buildings(player)),
            kept("scripts", (player["manuscripts"], player["cleric_bonus"]),
                 lambda r: r.scripts(player)),
        ])
        return section

    def kept_opponent(self, parts: Parts, seat: int) -> Element:
        """:meth:`opponent`, kept while that board and whether it is open are unchanged."""
        return parts.get(f"opponent-{seat}",
                         (self._key(seat), self._moved(seat), seat in self.opened),
                         lambda scope: self.using(scope).opponent(seat))

    # ------------------------------------------------------------------ the viewer

    def mine_head(self, seat: int, *, open_: bool = True,
                  on_fold: Callable[[], None] | None = None) -> Element:
        """The title row of the viewer's dock: name, score and the others' (:meth:`standings`),
        piles. The dock is always on screen beside or under the board (a bottom drawer in
        portrait, a side panel in landscape), so "tap a card in your hand" is never said
        about something out of sight; ``open_`` False folds it to this row (phones: more
        board), and the row's button (``on_fold``) toggles that."""
        player = self.view["players"][seat]
        piles = el("span", amount("deck", player["deck_size"], label=t("burgrave.sym.deck")),
                   amount("discard", len(player["discard"]), label=t("burgrave.sym.discard")),
                   cls="bg-dock-piles",
                   attrs={"title": t("burgrave.deck_counts", deck=player["deck_size"],
                                     discard=len(player["discard"]),
                                     limit=player["hand_limit"])})
        fold = None
        if on_fold is not None:
            fold = el("button", icon("hand"), el("span", "▾" if open_ else "▴",
                                                   attrs={"aria-hidden": "true"}),
                      cls="btn btn-tool bg-dock-fold", testid="dock-fold",
                      attrs={"type": "button", "aria-expanded": "true" if open_ else "false",
                             "aria-label": t("burgrave.dock_fold")})
            self.scope.on(fold, "click", lambda _e: on_fold())
        return el("h2", pawn(self.view, seat),
                  el("span", player["name"], cls="bg-dock-name"),
                  motions.mark_score(
                      el("span", t("burgrave.points", count=player["score"]), cls="bg-score",
                         testid=f"score-{seat}"), self.motion, seat),
                  self.standings(seat), piles, fold, cls="bg-board-title")

    def standings(self, seat: int) -> Element | None:
        """Every other seat's points beside the viewer's, in the dock's title row, so the race
        is read without scrolling to the boards under the ring; a score that changed pops here
        (the boards below may be out of sight)."""
        players = self.view["players"]
        chips = [motions.mark_score(
            el("span", pawn(self.view, other), el("span", str(player["score"]), cls="num"),
               cls="bg-standing", testid=f"standing-{other}",
               attrs={"title": player["name"]}), self.motion, other)
            for other, player in enumerate(players) if other != seat]
        if not chips:
            return None
        said = join_list(t("burgrave.standing", name=player["name"],
                           points=t("burgrave.points", count=player["score"]))
                         for other, player in enumerate(players) if other != seat)
        return el("span", *chips, cls="bg-standings", testid="standings",
                  attrs={"role": "img", "aria-label": said})

    def details_title(self, seat: int, player: PlayerView) -> Element:
        return el("h2", pawn(self.view, seat), " ", t("burgrave.your_board", name=player["name"]),
                  cls="bg-board-title")

    @staticmethod
    def details_counts(player: PlayerView) -> Element:
        return el("p", t("burgrave.deck_counts", deck=player["deck_size"],
                         discard=len(player["discard"]), limit=player["hand_limit"]),
                  cls="bg-muted")

    def hand_card(self, index: int, card: int) -> Element:
        """Card ``index`` of the viewer's hand: a button that plays it when it is offered, else
        one that shows it whole."""
        info = M.card_info(card)
        offer = self.hand_offers.get(index)
        if offer is not None:
            return offer_button(self.scope, offer, self.on_offer, card_face(info, full=True),
                                f"bg-card bg-card-hand {M.card_classes(info)}",
                                label=offer.label + ". " + card_label(info))
        node = el("button", *card_face(info, full=True),
                  cls=f"bg-card bg-card-hand {M.card_classes(info)}",
                  testid=f"hand-card-{index}",
                  attrs={"type": "button", "aria-label": card_label(info)})
        self.scope.on(node, "click", self._opener("card", card))
        return node

    # ------------------------------------------------------------------ shared parts

    def _is_rival(self, seat: int) -> bool:
        """The solo rival's seat: it plays schemes, never cards, so it has no hand or line."""
        rival = self.view.get("rival")
        return rival is not None and int(rival["seat"]) == seat

    def body(self, seat: int, player: PlayerView) -> Element:
        line = None if self._is_rival(seat) else self.line(seat, player)
        return el("div", line, self.stock(seat, player),
                  track(player["virtue"], player["corruption"]), self.buildings(player),
                  self.scripts(player), cls="bg-player-body")

    def line(self, seat: int, player: PlayerView) -> Element:
        row = el("div", cls="bg-line", testid=f"line-{seat}")
        line = player["line"]
        for slot in range(3):
            if slot < len(line):
                info = M.card_info(line[slot])
                node = el("button", *card_face(info, full=False),
                          cls=f"bg-card bg-card-line {M.card_classes(info)}",
                          testid=f"line-{seat}-{slot}",
                          attrs={"type": "button", "aria-label": t(
                              "burgrave.slot_named", slot=slot + 1, card=card_label(info))})
                self.scope.on(node, "click", self._opener("card", line[slot]))
                row.append(motions.mark_line_card(node, self.motion, seat, slot))
            else:
                start = M.start_slot_icon(slot)
                row.append(el("div", el("span", t("burgrave.start_icon"), cls="bg-muted"),
                              el("span", icon(start), cls=f"bg-icon bg-icon-{start}"),
                              cls="bg-card bg-card-empty",
                              attrs={"role": "img", "aria-label": t(
                                  "burgrave.slot_empty", slot=slot + 1,
                                  icon=M.icon_name(start))}))
        return el("div", el("h3", t("burgrave.line_title"), cls="bg-sub"), row)

    def stock(self, seat: int, player: PlayerView) -> Element:
        """Silver, resources, debts and deeds (with how many are flipped), workers left: each an
        icon and a number, named in full for screen readers (``dt``) and in the legend."""
        items: list[tuple[str, list[Any], str]] = [
            ("silver", [str(player["silver"])], t("burgrave.res.silver")),
        ]
        for res in RESOURCES:
            items.append((res, [str(player["resources"][res])], M.resource_name(res)))
        for kind, key, count, flipped in (
                ("debt", "debts", player["debts"], player["debts_flipped"]),
                ("deed", "deeds", player["deeds"], player["deeds_flipped"])):
            items.append((kind, [str(count), amount("flip", flipped, cls="bg-flipped")],
                          t(f"burgrave.{key}")))
        items.append(("workers", [str(player["workers_in_supply"])], t("burgrave.workers_left")))
        grid = el("dl", cls="bg-stock", testid=f"stock-{seat}")
        for kind, value, label in items:
            grid.append(el("div", el("dt", icon(kind), el("span", label, cls="visually-hidden")),
                           el("dd", *value, cls=f"bg-fx-{kind}"),
                           cls="bg-stock-item", attrs={"title": label}))
        return grid

    def buildings(self, player: PlayerView) -> Element:
        grid = el("div", cls="bg-buildings")
        for building in BUILDINGS:
            built = player["buildings"][building]
            grid.append(el("span", icon(BUILDING_SYMBOL[building]), M.building_name(building),
                           cls="bg-building-name"))
            for number in (1, 2, 3):
                done = number <= built
                grid.append(el("span", M.building_benefit(building, number),
                               cls="bg-benefit" + (" is-built" if done else ""),
                               attrs={"title": t("burgrave.built") if done else
                                      t("burgrave.not_built")}))
        title = t("burgrave.buildings_title")
        return el("div", el("h3", title, cls="bg-sub"), grid)

    def scripts(self, player: PlayerView) -> Element:
        row = el("div", cls="bg-scripts")
        for script in player["manuscripts"]:
            info = M.script_info(script)
            node = el("button", info["name"], cls=f"bg-tag bg-ribbon-{info['ribbon']}",
                      attrs={"type": "button", "aria-label": t(
                          "burgrave.script_label", name=info["name"],
                          ribbon=t(f"burgrave.ribbon.{info['ribbon']}"), text=info["text"])})
            self.scope.on(node, "click", self._opener("script", script))
            row.append(node)
        for ribbon in player["cleric_bonus"]:
            row.append(el("span", t("burgrave.cleric_bonus_named",
                                     ribbon=t(f"burgrave.ribbon.{ribbon}")),
                          cls=f"bg-tag bg-ribbon-{ribbon}"))
        if player["manuscripts"] or player["cleric_bonus"]:
            return el("div", el("h3", t("burgrave.scripts_title"), cls="bg-sub"), row)
        return el("p", t("burgrave.no_scripts"), cls="bg-muted")

    # ------------------------------------------------------------------ opponents

    def opponent(self, seat: int) -> Element:
        player = self.view["players"][seat]
        colour = M.SEAT_COLOURS[seat]
        summary = el("summary",
                     pawn(self.view, seat),
                     el("span", player["name"], cls="bg-opp-name"),
                     el("span", amount("points", player["score"]),
                        amount("silver", player["silver"]),
                        None if self._is_rival(seat) else amount("hand", player["hand_size"]),
                        cls="bg-opp-meta", attrs={"role": "img", "aria-label": t(
                            "burgrave.rival_summary" if self._is_rival(seat)
                            else "burgrave.opp_summary", score=player["score"],
                            silver=player["silver"], hand=player["hand_size"])}),
                     testid=f"opponent-toggle-{seat}")
        body = self.body(seat, player) if seat in self.opened else None  # drawn when opened
        node = el("details", summary, body,
                  cls=f"bg-player bg-player-opp bg-border-{colour}",
                  testid=f"player-board-{seat}",
                  attrs={"open": seat in self.opened})
        self.scope.on(node, "toggle", lambda _e: self.on_toggle(seat, bool(node.open)))
        return node


__all__ = ["PlayerRenderer", "card_face", "card_label", "chips"]
