"""The end of a Burgrave game as the shell's end screen shows it (the screen's ``end_lead`` and
``end_details``): in a solo game the rival's total beside the player's, and every scoring
category per player, the rival's column too (its score is in the view, not in the result,
which holds the record's one seat)."""

from __future__ import annotations

from kingdoms.burgrave.game import BurgraveView
from kingdoms_web.dom import Element, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.i18n import join_parts, labelled, t


def end_lead(view: BurgraveView) -> Element | None:
    """In a solo game, the rival's total against the player's, under "The rival wins" (the
    shell's chart and scores hold the record's one seat only)."""
    view = M.with_rival_name(view)
    rival = view.get("rival")
    if rival is None:
        return None
    players = view["players"]
    line = [(str(players[rival["seat"]]["name"]), int(rival["score"]["total"]))]
    line += [(str(players[seat]["name"]), int(score["total"]))
             for seat, score in enumerate(view["scores"])]
    return el("p", join_parts([labelled(name, t("play.points", count=points))
                               for name, points in line]),
              cls="bg-solo-scoreline", testid="solo-scoreline")


def end_details(view: BurgraveView) -> list[Element]:
    """Every category per player; in a solo game the rival's column too (its score is in
    the view, not in the result, which holds the one seat of the record)."""
    view = M.with_rival_name(view)
    players = view["players"]
    columns = [(str(players[seat]["name"]), score["breakdown"], score["total"], str(seat))
               for seat, score in enumerate(view["scores"])]
    rival = view.get("rival")
    if rival is not None:
        columns.append((str(players[rival["seat"]]["name"]), rival["score"]["breakdown"],
                        rival["score"]["total"], "rival"))
    keys = list(dict.fromkeys(key for column in columns for key in column[1]))
    head = el("tr", el("th", t("burgrave.score.category"), attrs={"scope": "col"}),
              *[el("th", name, attrs={"scope": "col"}) for name, *_ in columns])
    rows = [head]
    for key in keys:
        cells = [el("th", t(f"burgrave.score.{key}"), attrs={"scope": "row"})]
        for _name, breakdown, _total, who in columns:
            cells.append(el("td", str(breakdown.get(key, "–")),
                            testid=f"breakdown-{who}-{key}"))
        rows.append(el("tr", *cells))
    total = [el("th", t("burgrave.score.total"), attrs={"scope": "row"})]
    for _name, _breakdown, points, who in columns:
        total.append(el("td", str(points), testid=f"breakdown-{who}-total"))
    rows.append(el("tr", *total, cls="bg-total"))
    table = el("table", el("caption", t("burgrave.breakdown")), el("tbody", *rows),
               cls="bg-breakdown", testid="burgrave-breakdown")
    return [el("div", table, cls="bg-breakdown-wrap")]
