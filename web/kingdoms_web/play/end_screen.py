"""The end of a game: why it ended, who won (on a podium), each seat's points by category (a
chart, and the same in words with the rule behind each), and how a tie on the best total was
settled, and what to do next.

Pure drawing from the engine's result (``Game.result``) and the game's catalogs (keys
``<game>.end.<reason>``, ``<game>.score.<category>``, ``<game>.score_rule.<category>``,
``<game>.tie_break``, ``<game>.no_winner``); the table adds the game's own details and the
buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kingdoms.core.protocol import GameResult
from kingdoms_web import urls
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import join_list, lookup, t
from kingdoms_web.shell.dialogs import button

Names = Callable[[int], str]
"""A seat's name as the table shows it."""


def winners_text(names: list[str], game_id: str = "") -> str:
    """Who won; with nobody (a solo game lost to the rules' rival) the game says why."""
    if not names:
        key = f"{game_id}.no_winner"
        return t(key) if lookup(key) is not None else t("play.no_winner")
    if len(names) == 1:
        return t("play.winner", name=names[0])
    return t("play.shared_victory", names=join_list(names))


def tie_note(result: GameResult, name: Names, game_id: str) -> Element | None:
    """How a tie on the top total was settled (each game's tie-break) or that it was a shared
    victory; None when the best total was one seat's alone."""
    if not result.scores:
        return None
    best = max(score.total for score in result.scores)
    tied = [score.seat for score in result.scores if score.total == best]
    if len(tied) < 2:
        return None
    names = join_list([name(seat) for seat in tied])
    if len(result.winners) > 1:
        text = t("play.tie_shared", names=names, points=best)
    else:
        rule_key = f"{game_id}.tie_break"
        text = t("play.tie_decided", names=names, points=best,
                 rule=t(rule_key) if lookup(rule_key) is not None else "",
                 winner=name(result.winners[0]))
    return el("p", text, cls="note tie-note", testid="tie-note")


def podium(result: GameResult, name: Names) -> Element | None:
    """The first three places as steps (second, first, third from left to right, as on a real
    podium); seats sharing a total share the place. Decorative: the ranked list below says the
    same to a screen reader."""
    if len(result.scores) < 2:
        return None
    totals = sorted({score.total for score in result.scores}, reverse=True)
    steps = []
    for place in (2, 1, 3):
        if place > len(totals):
            continue
        total = totals[place - 1]
        seats = [score.seat for score in result.scores if score.total == total]
        steps.append(el(
            "li",
            el("span", join_list([name(seat) for seat in seats]), cls="podium-names"),
            el("span", str(total), cls="podium-total num"),
            el("span", str(place), cls="podium-place"),
            cls=f"podium-step podium-{place}", testid=f"podium-{place}",
            attrs={"style": f"--delay: {(3 - place) * 90}ms"}))
    return el("ol", *steps, cls="podium", testid="podium",
              attrs={"aria-hidden": "true", "role": "list"})


CHART_COLOURS = 12
"""Category colours in the chart (``chart-c0`` … in the style sheet), by category order."""


def score_chart(result: GameResult, name: Names, game_id: str) -> Element | None:
    """Each seat's points as a bar split by category, scaled to the best total; categories that
    cost points are drawn after a gap, hatched. Decorative beside the written breakdown."""
    if not result.scores or not result.scores[0].breakdown:
        return None
    categories = list(result.scores[0].breakdown)
    gained = [sum(v for v in s.breakdown.values() if v > 0) for s in result.scores]
    lost = [-sum(v for v in s.breakdown.values() if v < 0) for s in result.scores]
    scale = max([*gained, *lost, 1])
    rows = []
    for score in sorted(result.scores, key=lambda s: (-s.total, s.seat)):
        parts = []
        for index, key in enumerate(categories):
            value = score.breakdown.get(key, 0)
            if value:
                parts.append(el("span", cls=f"chart-part chart-c{index % CHART_COLOURS}"
                                + (" chart-minus" if value < 0 else ""),
                                attrs={"style": f"width: {abs(value) / scale * 100:.2f}%",
                                       "title": f"{_label(game_id, key)}: {value}"}))
        rows.append(el("li", el("span", name(score.seat), cls="chart-name"),
                       el("span", *parts, cls="chart-bar"),
                       el("span", str(score.total), cls="chart-total num"), cls="chart-row"))
    costs = {key for score in result.scores for key, value in score.breakdown.items() if value < 0}
    legend = [el("li", el("span", cls=f"chart-swatch chart-c{index % CHART_COLOURS}"
                          + (" chart-minus" if key in costs else "")),
                 _label(game_id, key)) for index, key in enumerate(categories)]
    return el("figure",
              el("ul", *rows, cls="chart-rows", attrs={"role": "list"}),
              el("ul", *legend, cls="chart-legend", attrs={"role": "list"}),
              cls="score-chart", testid="score-chart", attrs={"aria-hidden": "true"})


def _label(game_id: str, key: str) -> str:
    label_key = f"{game_id}.score.{key}"
    return t(label_key) if lookup(label_key) is not None else key


def _score_row(result: GameResult, seat_score: int, name: Names, game_id: str) -> Element:
    score = result.scores[seat_score]
    parts = []
    for key, value in score.breakdown.items():
        parts.append(el("li", el("span", _label(game_id, key)), el("span", str(value), cls="num"),
                        cls="breakdown-item"))
    return el(
        "li",
        el("div",
           el("span", name(score.seat), cls="end-name"),
           el("span", str(score.total), cls="end-total num", testid=f"final-score-{score.seat}",
              attrs={"aria-label": t("play.points", count=score.total)}),
           cls="end-row-head"),
        el("ul", *parts, cls="breakdown", attrs={"role": "list"}),
        cls="end-row" + (" end-winner" if score.seat in result.winners else ""),
        testid=f"end-seat-{score.seat}")


def _scoring_rules(result: GameResult, game_id: str) -> Element | None:
    categories = list(result.scores[0].breakdown) if result.scores else []
    rules = [el("div", el("dt", t(f"{game_id}.score.{key}")),
                el("dd", t(f"{game_id}.score_rule.{key}")))
             for key in categories if lookup(f"{game_id}.score_rule.{key}") is not None]
    if not rules:
        return None
    # A plain link: the app opens ``#rules=`` addresses, and "Back to the game" returns here.
    more = el("a", t("play.scoring_in_rules"), cls="btn btn-quiet", testid="end-rules-link",
              attrs={"href": urls.rules_fragment(game_id, "scoring")})
    return el("details", el("summary", t("play.how_scored")), el("dl", *rules, cls="score-rules"),
              el("p", more, cls="section-actions"),
              cls="how-scored", testid="how-scored", attrs={"open": True})


def end_summary(result: GameResult, name: Names, game_id: str,
                lead: Element | None = None) -> list[Element | None]:
    """Heading, reason, winner (and the game's ``lead`` line under it), the seats' scores best
    first, the tie note and the rules."""
    reason_key = f"{game_id}.end.{result.reason}"
    reason = t(reason_key) if result.reason and lookup(reason_key) is not None else None
    order = sorted(range(len(result.scores)),
                   key=lambda i: (-result.scores[i].total, result.scores[i].seat))
    return [
        el("h2", t("play.end_title"), attrs={"id": "end-heading"}),
        el("p", reason, cls="note") if reason else None,
        el("p", winners_text([name(s) for s in result.winners], game_id), cls="winner",
           testid="winner"),
        lead,
        podium(result, name),
        el("h3", t("play.scores")),
        score_chart(result, name, game_id),
        el("ol", *[_score_row(result, i, name, game_id) for i in order], cls="end-scores",
           attrs={"role": "list"}),
        tie_note(result, name, game_id),
        _scoring_rules(result, game_id),
    ]


def hints_line(counts: Sequence[int], people: Sequence[int], name: Names) -> Element | None:
    """"Hints used: Ann 2, Ben 0" for the people of a game that allowed hints (None without
    people): how much of the game was the coach's, said beside who won."""
    if not people:
        return None
    return el("p", t("hint.used", list=join_list(
        [t("hint.used_by", name=name(seat), count=counts[seat]) for seat in people])),
        cls="note end-hints", testid="end-hints")


def end_screen(scope: Scope, result: GameResult, name: Names, game_id: str,
               lead: Element | None, details: Sequence[Element], *,
               again: Callable[[], None], replay: Callable[[], None], home: Callable[[], None],
               tools: Element, hints: Element | None = None,
               review: Callable[[], None] | None = None) -> Element:
    """The whole end screen: the summary, the game's own ``details`` (its screen's), the hints
    each person used (``hints``, see :func:`hints_line`), and "Play again" (the same seats and
    options), "Review the game" (``review``: where it was won and lost, when the game has a
    coach), "Watch the replay" and "Home"."""
    return el(
        "section",
        *end_summary(result, name, game_id, lead),
        *details,
        hints,
        el("div",
           button(scope, t("play.play_again"), lambda _e: again(), testid="play-again",
                  cls="btn btn-primary"),
           button(scope, t("review.start"), lambda _e: review(), testid="end-review", cls="btn")
           if review is not None else None,
           button(scope, t("replay.open"), lambda _e: replay(), testid="end-replay", cls="btn"),
           button(scope, t("app.home"), lambda _e: home(), testid="end-home", cls="btn",
                  icon="home"),
           cls="actions end-actions"),
        tools,
        cls="panel end-screen", testid="end-screen",
        attrs={"aria-labelledby": "end-heading"})
