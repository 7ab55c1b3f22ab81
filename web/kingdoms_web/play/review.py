"""The review of a finished game in the replay: where it was won and lost (issue 27).

The engine reviews the record (:func:`kingdoms.core.review.review`: each person's decisions
judged from what they could see then, each seat's chance of winning after every move); this
draws it: a chart of the chances over the game (SVG, a colour *and* a shape per seat, turns
labelled, described in words for screen readers), one line per person (how often they played
as well as the strongest play, where the game turned) and their three costliest decisions, each
with a button that opens the replay just before it.

It runs in slices with a progress bar and Cancel, as computers think (:mod:`.computer`): a long
Burgrave game is hundreds of decisions. Only a finished game is reviewed: until the end, what
the review reads of the whole state would tell a seat what it cannot see.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from kingdoms.core.coach import coach_for, percent
from kingdoms.core.records import GameRecord
from kingdoms.core.review import Review, SeatReview, review
from kingdoms.core.session import Session
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import join_list, say, t
from kingdoms_web.play.announcer import announce
from kingdoms_web.play.computer import Schedule, Sliced
from kingdoms_web.play.keys import focus_on
from kingdoms_web.shell.dialogs import button

SVG_NS = "http://www.w3.org/2000/svg"
COLOURS = ("#2f6db5", "#c2571a", "#2e8b57", "#8e44ad", "#9a6d00")
"""One colour per seat (the end screen's chart colours), each ≥ 3:1 on the page's surface."""
SHAPES = ("circle", "square", "triangle", "diamond", "cross")
"""One marker shape per seat, so the lines are told apart without colour too."""
WIDTH, HEIGHT, LEFT, TOP, BOTTOM = 640.0, 260.0, 86.0, 16.0, 44.0
"""The chart's box in its own units (it scales to the screen's width: text stays ≥ 12 px on a
phone at 22 units)."""
REVIEW_MEASURE = "kingdoms.review"
"""Each review's work in the tab's performance timeline (``build.py bench`` reads it)."""
TICKS = 2
"""Labelled turns along the bottom."""


def reviewed_seats(record: GameRecord) -> list[int]:
    """The people of the game; every seat when computers played alone."""
    people = [seat for seat, found in enumerate(record.seats) if found.kind == "person"]
    return people or list(range(len(record.seats)))


class ReviewPanel:
    """The review section of one replay: a button, then progress, then the review."""

    def __init__(self, record: GameRecord, session: Session, schedule: Schedule,
                 open_at: Callable[[int], None],
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.record = record
        self.session = session
        self.schedule = schedule
        self.open_at = open_at
        self.clock = clock
        self.progress = 0.0
        self.result: Review | None = None
        self._work: Sliced[Review] | None = None
        self.scope = Scope()
        self.node = el("section", cls="panel review", testid="review",
                       attrs={"aria-labelledby": "review-heading"})

    def element(self) -> Element:
        self._draw()
        return self.node

    # ------------------------------------------------------------------ running

    @property
    def running(self) -> bool:
        return self._work is not None and self._work.running

    def start(self) -> None:
        """Review the game (in slices); nothing if it is under way or done."""
        if self.running or self.result is not None:
            return
        self.progress = 0.0
        self._work = Sliced(review(self.record, reviewed_seats(self.record)), self.schedule,
                            self.clock, self._progress, self._done, self._draw,
                            (REVIEW_MEASURE, self.record.game_id, "review"))
        self._draw()

    def cancel(self) -> None:
        if self._work is not None:
            self._work.cancel()
        self._draw()

    def dispose(self) -> None:
        if self._work is not None:
            self._work.cancel()
        self.scope.dispose()

    def _progress(self, reached: float) -> None:
        self.progress = reached
        bar = dom.query('[data-testid="review-progress"]', self.node)
        if bar is not None:
            bar.setAttribute("value", f"{reached:.3f}")

    def _done(self, found: Review) -> None:
        self.result = found
        self._draw()
        announce(t("review.ready"))

    # ------------------------------------------------------------------ drawing

    def _draw(self) -> None:
        """Draw the state of the review; focus that was in it stays in it (on its first
        control, or its heading), never falling to the page."""
        active = dom.opt(dom.document.activeElement)
        had_focus = active is not None and bool(self.node.contains(active))
        self.scope.dispose()
        self.scope = Scope()
        heading = el("h3", t("review.title"), attrs={"id": "review-heading", "tabindex": "-1"})
        if self.result is not None:
            body = self._review(self.result)
        elif self.running:
            body = [el("p", t("review.running")),
                    el("progress", testid="review-progress",
                       attrs={"max": "1", "value": f"{self.progress:.3f}",
                              "aria-label": t("review.running")}),
                    button(self.scope, t("app.cancel"), lambda _e: self.cancel(),
                           testid="review-cancel", cls="btn btn-small")]
        else:
            body = [el("p", t("review.offer"), cls="note"),
                    button(self.scope, t("review.start"), lambda _e: self.start(),
                           testid="review-start", cls="btn btn-primary")]
        dom.clear(self.node)
        dom.append(self.node, [heading, *body])
        self.node.setAttribute("data-state", "done" if self.result is not None
                               else "running" if self.running else "offered")
        if had_focus:
            focus_on(dom.query("button", self.node) if self.result is None else heading)

    def _review(self, found: Review) -> list[Element]:
        names = [seat.name for seat in self.record.seats]
        parts: list[Element] = [self._chart(found, names)]
        for seat in found.seats:
            parts.append(self._seat(seat))
        return parts

    def _when(self, move: int) -> str:
        """When move ``move`` (1-based) was played, as a player says it ("Turn 12")."""
        state = self.session.state_at(max(0, move - 1))
        return say(coach_for(self.record.game_id).when(state))

    def _seat(self, seat: SeatReview) -> Element:
        summary = t("review.summary", name=seat.name,
                    share=percent(seat.agreement), count=seat.decisions)
        turned = (t("review.turned_up" if seat.turning_change > 0 else "review.turned_down",
                    when=self._when(seat.turning), change=percent(abs(seat.turning_change)))
                  if seat.turning else "")
        items = []
        for rank, mistake in enumerate(seat.mistakes):
            items.append(el(
                "li",
                el("p", t("review.mistake", when=say(mistake.when), chosen=say(mistake.chosen),
                          best=say(mistake.best), loss=percent(mistake.loss))),
                button(self.scope, t("review.open"), self._opener(mistake.move),
                       testid=f"review-open-{seat.seat}-{rank}", cls="btn btn-small",
                       aria_label=t("review.open_at", when=say(mistake.when))),
                cls="review-mistake", testid=f"review-mistake-{seat.seat}-{rank}",
                attrs={"data-move": mistake.move}))
        mistakes = (el("ol", *items, cls="review-mistakes") if items
                    else el("p", t("review.no_mistakes"), cls="note"))
        return el("div", el("h4", seat.name), el("p", summary, " ", turned),
                  mistakes, cls="review-seat", testid=f"review-seat-{seat.seat}")

    def _opener(self, move: int) -> Callable[[object], None]:
        """The handler that opens the replay just before move ``move`` (1-based)."""
        return lambda _event: self.open_at(move - 1)

    def _chart(self, found: Review, names: Sequence[str]) -> Element:
        """Each seat's chance of winning after every move, with a line in words per seat."""
        curve = found.curve
        count = max(1, len(curve) - 1)
        seats = len(curve[0]) if curve else 0
        inner_w, inner_h = WIDTH - LEFT - 12, HEIGHT - TOP - BOTTOM

        def x(move: int) -> float:
            return LEFT + inner_w * move / count

        def y(chance: float) -> float:
            return TOP + inner_h * (1 - chance)

        svg = _svg("svg", {"viewBox": f"0 0 {WIDTH:.0f} {HEIGHT:.0f}", "class": "review-chart",
                           "aria-hidden": "true", "focusable": "false",
                           "preserveAspectRatio": "xMidYMid meet"})
        for chance in (0.0, 0.5, 1.0):
            svg.append(_svg("line", {"x1": LEFT, "x2": WIDTH - 12, "y1": y(chance),
                                     "y2": y(chance), "class": "review-grid"}))
            label = _svg("text", {"x": LEFT - 8, "y": y(chance) + 7, "text-anchor": "end",
                                  "class": "review-axis"})
            label.textContent = f"{percent(chance) if chance else 0} %"
            svg.append(label)
        for tick in range(TICKS + 1):
            move = round(count * tick / TICKS)
            label = _svg("text", {"x": x(move), "y": HEIGHT - 12,
                                  "text-anchor": "start" if tick == 0
                                  else "end" if tick == TICKS else "middle",
                                  "class": "review-axis"})
            label.textContent = self._when(max(1, move))
            svg.append(label)
        step = max(1, count // 8)
        for seat in range(seats):
            colour = COLOURS[seat % len(COLOURS)]
            points = " ".join(f"{x(m):.1f},{y(point[seat]):.1f}"
                              for m, point in enumerate(curve))
            # data-chances: the engine's figures as drawn (the tests compare them with
            # CPython's review of the same record).
            chances = " ".join(f"{point[seat]:.4f}" for point in curve)
            svg.append(_svg("polyline", {"points": points, "fill": "none", "stroke": colour,
                                         "stroke-width": "3", "stroke-linejoin": "round",
                                         "class": "review-line", "data-seat": seat,
                                         "data-chances": chances}))
            for m in [*range(0, count, step), count]:
                svg.append(_marker(SHAPES[seat % len(SHAPES)], x(m), y(curve[m][seat]), colour))
        legend = el("ul", *[el("li", _legend_mark(seat), names[seat] if seat < len(names)
                               else "") for seat in range(seats)],
                    cls="review-legend", attrs={"role": "list"})
        words = join_list([t("review.curve_seat", name=names[seat],
                             start=percent(curve[0][seat]), end=percent(curve[-1][seat]),
                             low=percent(min(point[seat] for point in curve)),
                             high=percent(max(point[seat] for point in curve)))
                           for seat in range(seats) if seat < len(names)])
        return el("figure", svg, legend,
                  el("figcaption", t("review.curve", seats=words), cls="visually-hidden"),
                  cls="review-figure", testid="review-chart")


def _svg(tag: str, attrs: dict[str, object]) -> Element:
    node: Element = dom.document.createElementNS(SVG_NS, tag)
    for name, value in attrs.items():
        if name == "class":  # an SVG element's className is not a string: its class list
            node.classList.add(str(value))
        else:
            node.setAttribute(name, f"{value:.1f}" if isinstance(value, float) else str(value))
    return node


def _marker(shape: str, cx: float, cy: float, colour: str) -> Element:
    """A seat's marker at one point (filled, outlined in the surface colour)."""
    r = 6.0
    if shape == "circle":
        return _svg("circle", {"cx": cx, "cy": cy, "r": r, "fill": colour,
                               "class": "review-mark"})
    corners = {
        "square": [(-r, -r), (r, -r), (r, r), (-r, r)],
        "triangle": [(0, -r - 1), (r + 1, r), (-r - 1, r)],
        "diamond": [(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)],
        "cross": [(-r, -2), (-2, -2), (-2, -r), (2, -r), (2, -2), (r, -2), (r, 2), (2, 2),
                  (2, r), (-2, r), (-2, 2), (-r, 2)],
    }[shape]
    points = " ".join(f"{cx + dx:.1f},{cy + dy:.1f}" for dx, dy in corners)
    return _svg("polygon", {"points": points, "fill": colour, "class": "review-mark"})


def _legend_mark(seat: int) -> Element:
    """The seat's line and marker in the legend, as in the chart."""
    svg = _svg("svg", {"viewBox": "0 0 28 16", "class": "review-key", "aria-hidden": "true",
                       "focusable": "false"})
    colour = COLOURS[seat % len(COLOURS)]
    svg.append(_svg("line", {"x1": 1, "x2": 27, "y1": 8, "y2": 8, "stroke": colour,
                             "stroke-width": "3"}))
    svg.append(_marker(SHAPES[seat % len(SHAPES)], 14.0, 8.0, colour))
    return svg


__all__ = ["ReviewPanel", "reviewed_seats"]
