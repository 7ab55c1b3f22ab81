"""The solo rival as a player reads it (issue 26, "a rival you can read"): the scheme it flipped
this turn face up with its instructions, its board and focus, its schemes in line, its deck,
discards and future schemes counted, and its score so far.

Drawn twice from the same parts: as a block beside the other boards, and in a dialog from the
prompt's first line (so the scheme is one tap away without scrolling the board). Everything
comes from the engine's view (``view["rival"]``, :mod:`kingdoms.burgrave.solo_view`); the words
of the scheme and the board are the engine's texts.
"""

from __future__ import annotations

from typing import Any

from kingdoms.burgrave.shapes import RivalView
from kingdoms.core.text import Text
from kingdoms_web.dom import Element, el
from kingdoms_web.games.burgrave.icons import icon
from kingdoms_web.i18n import join_list, say, t


def scheme_name(key: str) -> str:
    return say(Text(f"burgrave.scheme.{key}"))


def rival_parts(rival: RivalView, name: str) -> list[Element]:
    """The scheme face (or a line saying none is flipped yet), then the rival's board, line,
    piles and score, each a short paragraph."""
    parts: list[Any] = []
    text = rival.get("scheme_text")
    if text is not None and rival.get("scheme"):
        parts.append(el("div",
                        el("p", icon("hero", "bg-scheme-icon"),
                           el("strong", scheme_name(str(rival["scheme"]))),
                           cls="bg-scheme-name"),
                        el("p", say(Text.from_json(text)), cls="bg-scheme-text"),
                        cls="bg-scheme-card", testid="rival-scheme-card"))
    else:
        parts.append(el("p", t("burgrave.rival.no_scheme", name=name), cls="bg-muted"))
    parts.append(el("p", t("burgrave.rival.board_line",
                           board=say(Text.from_json(rival["board_text"])))))
    line = [scheme_name(key) for key in rival["line"]]
    parts.append(el("p", t("burgrave.rival.piles", line=join_list(line) if line else "–",
                           deck=rival["deck_size"], discard=len(rival["discard"])),
                    cls="bg-muted"))
    parts.append(el("p", t("burgrave.rival.future", count=rival["future_size"],
                           difficulty=rival["difficulty"]), cls="bg-muted"))
    parts.append(el("p", t("burgrave.rival.so_far", name=name,
                           count=rival["score"]["total"]), cls="bg-rival-score"))
    return parts


def rival_block(rival: RivalView, name: str) -> Element:
    """The rival's block among the other boards."""
    return el("section", el("h2", t("burgrave.rival.title", name=name), cls="bg-board-title"),
              *rival_parts(rival, name), cls="bg-player bg-rival", testid="rival-block",
              attrs={"aria-label": t("burgrave.rival.title", name=name)})
