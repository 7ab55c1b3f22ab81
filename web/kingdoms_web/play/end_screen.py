"""The end of a game in words: why it ended, who won, each seat's points by category with the
rule behind each, and how a tie on the best total was settled.

Pure drawing from the engine's result (``Game.result``) and the game's catalogs (keys
``<game>.end.<reason>``, ``<game>.score.<category>``, ``<game>.score_rule.<category>``,
``<game>.tie_break``, ``<game>.no_winner``); the table adds the game's own details and the
buttons.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.core.protocol import GameResult
from kingdoms_web import urls
from kingdoms_web.dom import Element, el
from kingdoms_web.i18n import join_list, lookup, t

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


def _score_row(result: GameResult, seat_score: int, name: Names, game_id: str) -> Element:
    score = result.scores[seat_score]
    parts = []
    for key, value in score.breakdown.items():
        label_key = f"{game_id}.score.{key}"
        label = t(label_key) if lookup(label_key) is not None else key
        parts.append(el("li", el("span", label), el("span", str(value), cls="num"),
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


def end_summary(result: GameResult, name: Names, game_id: str) -> list[Element | None]:
    """Heading, reason, winner, the seats' scores best first, the tie note and the rules."""
    reason_key = f"{game_id}.end.{result.reason}"
    reason = t(reason_key) if result.reason and lookup(reason_key) is not None else None
    order = sorted(range(len(result.scores)),
                   key=lambda i: (-result.scores[i].total, result.scores[i].seat))
    return [
        el("h2", t("play.end_title"), attrs={"id": "end-heading"}),
        el("p", reason, cls="note") if reason else None,
        el("p", winners_text([name(s) for s in result.winners], game_id), cls="winner",
           testid="winner"),
        el("h3", t("play.scores")),
        el("ol", *[_score_row(result, i, name, game_id) for i in order], cls="end-scores",
           attrs={"role": "list"}),
        tie_note(result, name, game_id),
        _scoring_rules(result, game_id),
    ]
