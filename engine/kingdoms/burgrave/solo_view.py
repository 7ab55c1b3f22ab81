"""The solo rival as the page sees it: its board, its schemes, its score (spec, "Solo").

Why its own module: the rival's boards and schemes are their own components, and the page needs
their words too; the view carries ids and keys, :func:`scheme_text` and :func:`board_text` the
translatable words (catalog keys ``burgrave.rival.*`` in ``locales/en.json``). Hidden from
everyone: the order of the rival's scheme deck, which future schemes were shuffled into it, and
the set-apart future schemes (only their number is shown).
"""

from __future__ import annotations

from ..core.text import Text, chain
from .shapes import RivalView
from .solo_content import ACTIONS, BOARD_FOCUS, BOARD_KEYS, SCHEMES, SOLO
from .solo_options import rival_score
from .state import RIVAL_SEAT, State
from .words import effects_text


def scheme_text(scheme: int) -> Text:
    """A scheme's name and its instructions top to bottom, as a sentence for the page."""
    info = SCHEMES[scheme]
    steps = [Text("burgrave.rival.step.dismiss")] if info.dismiss else []
    steps.append(Text("burgrave.rival.step.move", count=info.move))
    steps += [
        Text("burgrave.rival.step.focus") if a < 0 else Text(f"burgrave.rival.step.{ACTIONS[a]}")
        for a in info.actions
    ]
    return Text("burgrave.rival.scheme", name=Text(f"burgrave.scheme.{SCHEMES[scheme].key}"),
                steps=chain("burgrave.rival.then", steps, Text("burgrave.fx.nothing")),
                fallback=effects_text(info.fallback), gain=effects_text(info.gain))


def board_text(board: int) -> Text:
    """A rival board's name and focus."""
    return Text("burgrave.rival.board", name=Text(f"burgrave.rival_board.{BOARD_KEYS[board]}"),
                focus=Text(f"burgrave.rival.step.{ACTIONS[BOARD_FOCUS[board]]}"))


def solo_view(state: State) -> RivalView | None:
    """The rival's public part (None outside a solo game)."""
    rival = state.rival
    if rival is None:
        return None
    score = rival_score(state)
    return {
        "seat": RIVAL_SEAT,
        "board": SOLO.boards[rival.board].key,
        "board_text": board_text(rival.board).to_json(),
        "focus": ACTIONS[BOARD_FOCUS[rival.board]],
        "chart": [str(resource) for resource in SOLO.boards[rival.board].chart],
        "difficulty": rival.difficulty,
        "line": [SCHEMES[s].key for s in rival.line],
        "scheme": None if not rival.line else SCHEMES[rival.line[0]].key,
        "scheme_text": None if not rival.line else scheme_text(rival.line[0]).to_json(),
        "discard": [SCHEMES[s].key for s in rival.discard],
        "deck_size": len(rival.deck),
        "future_size": len(rival.future),
        "score": {"total": score.total, "breakdown": dict(score.breakdown)},
    }


def rival_log(before: State, after: State) -> Text | None:
    """The rival's turn as a log line, when an action of the human let it play one (None
    otherwise): the scheme it flipped, where it ended and its score. Its turn ends when its
    ``END_TURN`` runs, so the turn count tells: two turns ended (the human's, then its), or one
    when the human answered a question during the rival's own turn."""
    rival = after.rival
    if rival is None or not rival.line:
        return None
    ended = after.turns - before.turns
    if ended < (1 if before.turn_seat == RIVAL_SEAT else 2):
        return None
    return Text("burgrave.log.rival_turn", scheme=Text(
        f"burgrave.scheme.{SCHEMES[rival.line[0]].key}"),
        space=after.players[RIVAL_SEAT].space + 1, score=rival_score(after).total)
