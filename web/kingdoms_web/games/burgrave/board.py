"""The Burgrave ring: five segments round the castle, drawn from the engine's view.

Plain DOM in a CSS grid (``public/burgrave.css``): three segments across the top, the castle in
the middle, two segments along the bottom, so reading clockwise goes left to right on top and
right to left below. A target is a real ``<button>`` only when the current prompt offers it (or
when it opens a card's details); everything else is static text, so the tab order holds only
what can be done.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kingdoms.burgrave.content import Effect
from kingdoms.burgrave.game import BurgraveView
from kingdoms.burgrave.shapes import SegmentView
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.games.burgrave import motion as motions
from kingdoms_web.games.burgrave.icons import (
    BUILDING_SYMBOL,
    PAWN_SHAPES,
    amount,
    icon,
    stamped,
    symbol_name,
)
from kingdoms_web.i18n import join_list, join_parts, join_phrases, join_sentences, t
from kingdoms_web.play.parts import Parts

Handler = Callable[[Any], None]


def chips(effects: Sequence[Effect], cls: str = "") -> Element:
    """A row of reward icons, one chip per effect (number beside its icon); the row's
    accessible name is the full text, so the icons inside are decorative."""
    return stamped(("chips", tuple(effects), cls), lambda: _chips(effects, cls))


def _chips(effects: Sequence[Effect], cls: str) -> Element:
    label, badges = M.chip_data(effects)
    row = el("span", cls="bg-chips " + cls, attrs={"role": "img", "aria-label": label,
                                                   "title": label})
    for badge in badges:
        row.append(el("span", *[amount(symbol, number) for symbol, number in badge],
                      cls=f"bg-chip bg-fx-{badge[0][0]}", attrs={"aria-hidden": "true"}))
    return row


def exchange_icons(kind: int) -> Element:
    """An outer space's trade exchange as icons: ``2 [merchant] → [any resource]``."""
    merchants, result = M.exchange_badge(kind)
    return el("span", amount("merchant", merchants), el("span", "→", cls="bg-arrow"),
              icon(result), cls="bg-exchange", attrs={"aria-hidden": "true"})


def pawn(view: BurgraveView, seat: int, cls: str = "") -> Element:
    """A seat's burgrave: its colour *and* its shape (circle, square, triangle, diamond) with
    its initial on top, so players differ for colour-blind eyes too. Decorative: the space or
    board it stands on names the player."""
    shape = PAWN_SHAPES[seat]
    return el("span", icon(f"pawn-{shape}", "bg-pawn-shape"),
              el("span", M.seat_mark(view, seat), cls="bg-pawn-mark"),
              cls=f"bg-pawn bg-pawn-{shape} bg-fg-{M.SEAT_COLOURS[seat]} {cls}".strip(),
              attrs={"title": view["players"][seat]["name"], "aria-hidden": "true"})


def workers(view: BurgraveView, seat: int, count: int) -> Element:
    """A seat's workers in one castle tier: its shape in its colour and the count, large enough
    to read at a glance (the section's label says it in words)."""
    shape = PAWN_SHAPES[seat]
    return el("span", icon(f"pawn-{shape}", "bg-worker-shape"),
              el("span", f"×{count}", cls="bg-worker-count"),
              cls=f"bg-worker bg-fg-{M.SEAT_COLOURS[seat]}", attrs={"aria-hidden": "true"})


def offer_button(scope: Scope, offer: M.Offer, on_offer: Callable[[M.Offer], None],
                 children: list[Any], cls: str, label: str | None = None) -> Element:
    """A board element offered by the prompt, as a button; one waiting for its confirming
    second tap is marked (``is-confirming``) and says why in its label."""
    said = label or (offer.label + (". " + offer.detail if offer.detail else ""))
    node = el("button", *children,
              cls=cls + " bg-offer" + (" is-selected" if offer.selected else "")
              + (" is-confirming" if offer.armed else ""),
              testid=offer.testid,
              attrs={"type": "button", "data-offer": "1",
                     "aria-label": join_sentences([said, offer.armed]) if offer.armed else said,
                     "aria-pressed": "true" if offer.selected else None})
    scope.on(node, "click", lambda _e: on_offer(offer))
    return node


@dataclass(frozen=True)
class _SegmentFrame:
    """A segment's containers (kept per design and language); its spaces, spots and piles are
    patched into them."""

    article: Element
    west: Element
    west_spots: Element
    west_links: Element
    east: Element
    east_spots: Element
    east_links: Element
    inner: Element
    """The inner row: the gate space, then :attr:`cards`."""
    cards: Element
    """The segment's two piles (townsfolk, manuscripts): side by side where they fit, else
    stacked; the row lets them wrap under the gate space where even one does not fit beside it."""


@dataclass(frozen=True)
class _CastleFrame:
    box: Element
    grid: Element

    @staticmethod
    def build() -> _CastleFrame:
        grid = el("div", cls="bg-sections")
        return _CastleFrame(el("div", grid, cls="bg-castle", testid="castle"), grid)


class BoardRenderer:
    """Draws the ring for one render (holds the prompt's offers by place)."""

    def __init__(self, view: BurgraveView, prompt: M.Prompt | None, scope: Scope,
                 on_offer: Callable[[M.Offer], None], on_card: Callable[[str, int], None],
                 motion: motions.Motion = motions.NO_MOTION):
        self.view = view
        self.motion = motion
        self.prompt = prompt
        self.scope = scope
        self.on_offer = on_offer
        self.on_card = on_card
        self.spaces = prompt.at("space") if prompt else {}
        self.spots = prompt.at("spot") if prompt else {}
        self.sections = prompt.at("section") if prompt else {}
        self.pawns: dict[int, list[int]] = {}
        for seat, player in enumerate(view["players"]):
            if player["space"] >= 0:
                self.pawns.setdefault(player["space"], []).append(seat)

    def using(self, scope: Scope) -> BoardRenderer:
        """This renderer binding its listeners in ``scope`` (a kept part's own)."""
        other = copy.copy(self)
        other.scope = scope
        return other

    def render(self, parts: Parts) -> list[Element]:
        """The ring's five segments and the castle. Each is a kept frame of containers
        (:meth:`Parts.frame`) whose pieces — a space, a spot, a pile, a castle section — are
        parts kept while their key is unchanged: a move redraws the few pieces it changed."""
        return [*(self.kept_segment(parts, p) for p in range(5)), self.kept_castle(parts)]

    # ------------------------------------------------------------------ kept pieces

    def _names(self) -> tuple[str, ...]:
        """Every name: pawns carry initials picked from all of them."""
        return tuple(player["name"] for player in self.view["players"])

    def _pawns_key(self, space: int) -> list[object]:
        """The pawns on ``space`` and how each got there (what :meth:`space` draws of them)."""
        motion = self.motion
        return [(seat, motion.walks.get(seat), motion.paths.get(seat))
                for seat in self.pawns.get(space, [])]

    def kept_segment(self, parts: Parts, p: int) -> Element:
        seg = self.view["segments"][p]
        design = int(seg["design_index"])
        frame = parts.frame(f"segment-{p}", design, lambda: self._segment_frame(p, design))
        for box, spots, links, east in ((frame.west, frame.west_spots, frame.west_links, 0),
                                        (frame.east, frame.east_spots, frame.east_links, 1)):
            dom.patch(spots, [self.kept_spot(parts, 6 * p + 3 * east + k, design, 3 * east + k)
                              for k in range(3)])
            dom.patch(box, [self.kept_space(parts, 2 * p + east, seg["exchanges"][east]),
                            spots, links])
        dom.patch(frame.inner, [self.kept_space(parts, 10 + p, None), frame.cards])
        dom.patch(frame.cards, [self.kept_pile(parts, "townsfolk", p, seg),
                                self.kept_pile(parts, "manuscript", p, seg)])
        return frame.article

    def kept_space(self, parts: Parts, space: int, exchange: int | None) -> Element:
        key = (exchange, self._names(), self._pawns_key(space), self.spaces.get(space))
        return parts.get(f"space-{space}", key,
                         lambda scope: self.using(scope).space(space, exchange))

    def kept_spot(self, parts: Parts, spot: int, design: int, index: int) -> Element:
        spots = self.view["spots"]
        key = (design, index, spots["owner"][spot], spots["closed"][spot],
               spots["building"][spot], self._names(), self.spots.get(spot))
        return parts.get(f"spot-{spot}", key,
                         lambda scope: self.using(scope).spot(spot, design, index))

    def kept_pile(self, parts: Parts, pile: str, p: int, seg: SegmentView) -> Element:
        """The townsfolk or manuscript pile of segment ``p`` (its top card and how many are
        left)."""
        if pile == "townsfolk":
            key = (seg["design_index"], seg["townsfolk_top"], seg["townsfolk_left"])
            return parts.get(f"townsfolk-{p}", key,
                             lambda scope: self.using(scope).townsfolk(p, seg))
        key = (seg["design_index"], seg["manuscript_top"], seg["manuscripts_left"])
        return parts.get(f"manuscript-{p}", key,
                         lambda scope: self.using(scope).manuscript(p, seg))

    def kept_castle(self, parts: Parts) -> Element:
        view = self.view
        frame = parts.frame("castle", (), _CastleFrame.build)
        title = parts.get("castle-title", (view.get("castle_leader"), self._names()),
                          lambda _scope: self.castle_title())
        dom.patch(frame.box, [title, frame.grid])
        sections = []
        for sec in range(5):
            key = (view["segments"][sec]["castle"], self._names(), self.sections.get(sec),
                   sorted(c for c in self.motion.climbs if c[0] == sec))
            sections.append(parts.get(f"section-{sec}", key, self._section_in(sec)))
        dom.patch(frame.grid, sections)
        return frame.box

    def _section_in(self, sec: int) -> Callable[[Scope], Element]:
        return lambda scope: self.using(scope).section(sec)

    def _segment_frame(self, p: int, design: int) -> _SegmentFrame:
        """Segment ``p``'s containers and what never changes in it: its name, the river, the
        rewards of the links between spots."""
        name = M.segment_name(self.view, p)
        head = el("h3", el("span", str(p + 1), cls="bg-seg-num"), " ",
                  el("span", name, cls="bg-seg-title"),
                  el("span", "→ ", el("span", str((p + 1) % 5 + 1), cls="bg-seg-num"),
                     cls="bg-seg-next", attrs={"aria-hidden": "true"}),
                  cls="bg-seg-name")
        banks = []
        for east in (0, 1):
            spots = el("div", cls="bg-spots")
            links = self.links(p, design, east)
            box = el("div", spots, links, cls="bg-bank " + ("bg-east" if east else "bg-west"))
            banks.append((box, spots, links))
        (west, west_spots, west_links), (east_, east_spots, east_links) = banks
        cards = el("div", cls="bg-inner-cards")
        inner = el("div", cards, cls="bg-inner-row")
        article = el("article", head, west,
                     el("div", icon("river"), cls="bg-river", attrs={"aria-hidden": "true"}),
                     east_, inner, cls=f"bg-seg bg-seg-{p}", testid=f"segment-{p}",
                     attrs={"aria-label": t("burgrave.segment_named", number=p + 1,
                                            name=name)})
        return _SegmentFrame(article, west, west_spots, west_links, east_, east_spots,
                             east_links, inner, cards)

    def links(self, p: int, design: int, east: int) -> Element:
        """A bank's links: the rewards for two neighbouring spots built (and, east, for the
        last spot with the next segment's first)."""
        links = el("div", cls="bg-links")
        for k in range(2):
            link = 2 * east + k
            links.append(el("span", chips(M.link_rewards(design, link), "bg-chips-link"),
                            cls=f"bg-link bg-link-{k}", attrs={"title": t("burgrave.link")}))
        if east:
            nxt = (p + 1) % 5
            links.append(el("span", chips(M.link_rewards(design, 4), "bg-chips-link"),
                            el("span", "→", cls="bg-link-arrow", attrs={"aria-hidden": "true"}),
                            cls="bg-link bg-link-next",
                            attrs={"title": t("burgrave.link_next", number=nxt + 1)}))
        return links

    # ------------------------------------------------------------------ pieces

    def space(self, space: int, exchange: int | None) -> Element:
        label = M.space_label(space)
        pawns = [motions.mark_walk(pawn(self.view, s), self.motion, s)
                 for s in self.pawns.get(space, [])]
        body: list[Any] = [el("span", str(space + 1), cls="bg-space-num",
                              attrs={"aria-hidden": "true"}) if space < 10
                           else icon("castle", "bg-space-num")]
        if exchange is not None:
            body.append(exchange_icons(exchange))
        body.append(el("span", *pawns, cls="bg-pawns"))
        names = [self.view["players"][s]["name"] for s in self.pawns.get(space, [])]
        phrases = [label]
        if exchange is not None:
            phrases.append(M.exchange_text(exchange))
        if names:
            phrases.append(t("burgrave.here", names=join_list(names)))
        full = join_phrases(phrases)
        offer = self.spaces.get(space)
        inner = exchange is None
        cls = "bg-space" + (" bg-space-inner" if inner else "")
        if offer is not None:
            if inner and offer.price:  # a narrow cell: the price, and icons for the rest
                body.append(el("span", offer.price, cls="bg-cost"))
                body.append(el("span", *[icon(symbol, "bg-leads-icon")
                                         for symbol in offer.leads_to],
                               "✕" if offer.idle else None, cls="bg-leads",
                               attrs={"aria-hidden": "true"}))
            else:
                body.append(el("span", offer.detail, cls="bg-cost"))
            if offer.idle:
                cls += " bg-space-idle"
            return offer_button(self.scope, offer, self.on_offer, body, cls,
                                label=full + ". " + offer.detail)
        return el("div", *body, cls=cls, testid=f"space-{space}",
                  attrs={"role": "group", "aria-label": full})

    def spot(self, spot: int, design: int, index: int) -> Element:
        spots = self.view["spots"]
        owner = spots["owner"][spot]
        closed = spots["closed"][spot]
        building = spots["building"][spot]
        name = M.spot_name(design, index)
        reward = M.spot_rewards(design, index)
        cls = "bg-spot"
        body: list[Any] = []
        label = M.spot_text(design, index)
        if closed:
            cls += " bg-spot-closed"
            body.append(icon("lock", "bg-closed"))
            label = t("burgrave.spot_closed", name=name)
        elif owner is not None and building is not None:
            colour = M.SEAT_COLOURS[owner]
            who = self.view["players"][owner]["name"]
            body.append(el("span", icon(BUILDING_SYMBOL[building]),
                           icon(f"pawn-{PAWN_SHAPES[owner]}", "bg-building-owner"),
                           cls=f"bg-building bg-seat-{colour}"))
            label = join_phrases([label, t("burgrave.built_by",
                                           building=M.building_name(building), name=who)])
        if not closed:
            body.append(chips(reward))
        offer = self.spots.get(spot)
        if offer is not None:
            return offer_button(self.scope, offer, self.on_offer, body, cls,
                                label=offer.label)
        return el("div", *body, cls=cls, testid=f"spot-{spot}",
                  attrs={"role": "img", "aria-label": label, "title": name})

    def townsfolk(self, p: int, seg: SegmentView) -> Element:
        top = seg["townsfolk_top"]
        info = M.townsfolk_info(seg)
        left = t("burgrave.pile_left", count=seg["townsfolk_left"]) if top is not None \
            else t("burgrave.printed")
        count = seg["townsfolk_left"] if top is not None else None
        node = el("button", el("span", info["name"], cls="bg-mini-name"),
                  el("span", amount("silver", info["value"]),
                     *[icon(i) for i in info["icons"]], cls="bg-mini-meta"),
                  amount("deck", count, cls="bg-mini-left") if count is not None
                  else el("span", left, cls="bg-mini-left"),
                  cls=f"bg-mini bg-townsfolk {M.card_classes(info)}", testid=f"townsfolk-{p}",
                  attrs={"type": "button", "aria-label": t(
                      "burgrave.townsfolk_named", name=info["name"], cost=info["value"],
                      left=left)})
        key = "card" if top is not None else "printed"
        self.scope.on(node, "click", lambda _e: self.on_card(key, top if top is not None else p))
        return node

    def manuscript(self, p: int, seg: SegmentView) -> Element:
        top = seg["manuscript_top"]
        if top is not None:
            script = M.script_info(top)
            name, cost, ribbon = script["name"], script["cost"], script["ribbon"]
            left = t("burgrave.pile_left", count=seg["manuscripts_left"])
        else:
            printed = M.printed_script_info(int(seg["design_index"]))
            name, cost, ribbon = printed["name"], printed["cost"], "none"
            left = t("burgrave.printed")
        count = seg["manuscripts_left"] if top is not None else None
        node = el("button", el("span", name, cls="bg-mini-name"),
                  el("span", amount("cleric", cost), cls="bg-mini-meta"),
                  amount("deck", count, cls="bg-mini-left") if count is not None
                  else el("span", left, cls="bg-mini-left"),
                  cls=f"bg-mini bg-script bg-ribbon-{ribbon}", testid=f"manuscript-{p}",
                  attrs={"type": "button", "aria-label": t(
                      "burgrave.manuscript_named", name=name, cost=cost,
                      icon=symbol_name("cleric"), left=left)})
        key = "script" if top is not None else "printed_script"
        self.scope.on(node, "click", lambda _e: self.on_card(key, top if top is not None else p))
        return node

    # ------------------------------------------------------------------ castle

    def castle_title(self) -> Element:
        view = self.view
        leader = view.get("castle_leader")
        title = t("burgrave.castle")
        if leader is not None:
            title = join_parts([title, t("burgrave.leader_named",
                                          name=view["players"][leader]["name"])])
        return el("h3", icon("castle"), " ", title, cls="bg-castle-title")

    def section(self, sec: int) -> Element:
        castle = self.view["segments"][sec]["castle"]
        design = int(castle["design_index"])
        name = M.castle_name(self.view, sec)
        rows: list[Any] = []
        label_parts = [t("burgrave.section_named", number=sec + 1, name=name)]
        for tier, counts in enumerate((castle["tier1"], castle["tier2"], castle["tier3"]),
                                      start=1):
            badges = []
            for seat, n in enumerate(counts):
                if n:
                    who = self.view["players"][seat]["name"]
                    badges.append(motions.mark_climb(workers(self.view, seat, n),
                                                     self.motion, sec, tier, seat))
                    label_parts.append(t("burgrave.workers_in_tier", name=who, count=n,
                                         tier=tier))
            rows.append(el("span", amount("tier", tier, cls="bg-tier-label"), *badges,
                           cls=f"bg-tier bg-tier-{tier}"))
        reward = chips(M.castle_rewards(design), "bg-chips-castle")
        body = [el("span", f"{sec + 1} {name}", cls="bg-section-name"), reward,
                el("span", *rows, cls="bg-tiers")]
        offer = self.sections.get(sec)
        cls = f"bg-section bg-section-{sec}"
        if offer is not None:
            return offer_button(self.scope, offer, self.on_offer, body, cls,
                                label=join_phrases(label_parts))
        return el("div", *body, cls=cls, testid=f"section-{sec}",
                  attrs={"role": "group", "aria-label": join_phrases(label_parts)})
