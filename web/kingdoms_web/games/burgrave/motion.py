"""What moved on the Burgrave board between two views, and the marks that make it move.

Why: a redraw puts every piece in its new place at once, and on a busy ring a player (or one
watching a computer's turn) cannot tell who went where. :func:`plan` compares the view drawn
last with the new one — only what the engine's views show, never a rule — and the renderers
mark the pieces that changed:

* a burgrave that moved walks the way it went, space by space round the ring, a short hop
  each (``bg-walk``, walked before paint by :func:`kingdoms_web.play.motion.walk` through each
  space's pawn row); one that changed space otherwise (an undo, a jump back in the history)
  hops the straight way from its old space (``bg-walk`` by :func:`kingdoms_web.play.motion.fly`);
* cards of a line that changed slot slide along it (``bg-slide`` with ``--shift``, in slots:
  pure CSS, nothing to measure), a card new to the line slides in (``bg-enter``);
* a castle tier where a seat has more workers than before shows them climbing in (``bg-climb``);
* a score that changed pops, with the difference beside it for a moment (``bg-pop``, ``+3``).

Which way round the ring a move took is the rules' business, so the page does not work it out:
the engine's view carries each burgrave's ``last_move`` (the spaces passed, and the turn it was
made in), and a walk is shown when the new view's last move is a later one that starts where
the pawn was drawn before and ends where it stands now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kingdoms_web import dom
from kingdoms_web.dom import Element, el
from kingdoms_web.i18n import number
from kingdoms_web.play import motion
from kingdoms_web.play.motion import FROM, PATH, Rect

TIERS = (1, 2, 3)


@dataclass(frozen=True)
class Motion:
    """The changes between two views that the board shows in motion (all empty: none)."""

    walks: Mapping[int, int] = field(default_factory=dict)
    """seat -> the space its burgrave left, where no move says the way (it hops straight)."""
    shifts: Mapping[tuple[int, int], int] = field(default_factory=dict)
    """(seat, slot) -> how many slots the card now there moved (right is positive)."""
    arrivals: frozenset[tuple[int, int]] = frozenset()
    """(seat, slot) of cards new to a line."""
    climbs: frozenset[tuple[int, int, int]] = frozenset()
    """(castle section, tier, seat) where that seat has more workers than before."""
    scores: Mapping[int, int] = field(default_factory=dict)
    """seat -> points gained (negative: lost)."""
    paths: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """seat -> the spaces its burgrave passed on the move just made, the old one first (from
    the engine's view: the way is a rule)."""


NO_MOTION = Motion()


def plan(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> Motion:
    """What changed from ``before`` (the view drawn last, None at first) to ``after``. The same
    view twice (a local redraw, a language change) is no motion, and neither is another game."""
    if before is None or before is after or before == after:
        return NO_MOTION
    old_players, new_players = before.get("players", []), after.get("players", [])
    if len(old_players) != len(new_players) or \
            [p["name"] for p in old_players] != [p["name"] for p in new_players]:
        return NO_MOTION
    walks: dict[int, int] = {}
    shifts: dict[tuple[int, int], int] = {}
    arrivals: set[tuple[int, int]] = set()
    scores: dict[int, int] = {}
    paths: dict[int, tuple[int, ...]] = {}
    for seat, (old, new) in enumerate(zip(old_players, new_players, strict=True)):
        path = _walked(old, new)
        if path is not None:
            paths[seat] = path
        elif old["space"] != new["space"] and old["space"] >= 0 and new["space"] >= 0:
            walks[seat] = int(old["space"])
        old_line = list(old["line"])
        for slot, card in enumerate(new["line"]):
            if card not in old_line:
                arrivals.add((seat, slot))
            elif old_line.index(card) != slot:
                shifts[(seat, slot)] = slot - old_line.index(card)
        if new["score"] != old["score"]:
            scores[seat] = int(new["score"]) - int(old["score"])
    climbs: set[tuple[int, int, int]] = set()
    for section, (old_seg, new_seg) in enumerate(zip(before["segments"], after["segments"],
                                                     strict=True)):
        for tier in TIERS:
            old_counts, new_counts = old_seg["castle"][f"tier{tier}"], \
                new_seg["castle"][f"tier{tier}"]
            for seat, count in enumerate(new_counts):
                if count > old_counts[seat]:
                    climbs.add((section, tier, seat))
    return Motion(walks, shifts, frozenset(arrivals), frozenset(climbs), scores, paths)


def _walked(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The spaces a burgrave passed between two views of its player, as the engine's view says
    (``last_move``): only a move later than the one drawn before, from the space it was drawn
    on to the space it stands on, of at least one step — so an undo or a jump in the history
    (an earlier move, or another start) is not walked, and a full lap home is."""
    moved, before = new.get("last_move"), old.get("last_move")
    if moved is None or (before is not None and moved["turn"] <= before["turn"]):
        return None
    path = tuple(int(space) for space in moved["path"])
    if len(path) < 2 or path[0] != old["space"] or path[-1] != new["space"]:
        return None
    return path


# --------------------------------------------------------------------------- marks at drawing


def mark_walk(node: Element, motion_: Motion, seat: int) -> Element:
    """Mark a ring pawn that has just walked: with the spaces it passed, or else with the space
    it left (walked before paint by :func:`place`)."""
    path = motion_.paths.get(seat)
    old = motion_.walks.get(seat)
    if path is not None:
        node.setAttribute(PATH, " ".join(f"space-{space}" for space in path))
    elif old is not None:
        node.setAttribute(FROM, f"space-{old}")
    return node


def mark_line_card(node: Element, motion_: Motion, seat: int, slot: int) -> Element:
    """Slide a line card from its old slot (or in from the left, new to the line)."""
    shift = motion_.shifts.get((seat, slot))
    if shift is not None:
        node.style.setProperty("--shift", str(shift))
        node.classList.add("bg-slide")
    elif (seat, slot) in motion_.arrivals:
        node.classList.add("bg-enter")
    return node


def mark_climb(node: Element, motion_: Motion, section: int, tier: int, seat: int) -> Element:
    if (section, tier, seat) in motion_.climbs:
        node.classList.add("bg-climb")
    return node


def mark_score(node: Element, motion_: Motion, seat: int) -> Element:
    """Pop a changed score and show the difference beside it for a moment (decorative: the
    score's own text and the log say it)."""
    delta = motion_.scores.get(seat)
    if delta:
        node.classList.add("bg-pop")
        sign = "+" if delta > 0 else "−"
        node.append(el("span", sign + number(abs(delta)),
                       cls="bg-delta" + (" is-loss" if delta < 0 else ""),
                       testid=f"score-delta-{seat}", attrs={"aria-hidden": "true"}))
    return node


# --------------------------------------------------------------------------- before paint


def _old_place(node: Element, space: Element) -> Rect | None:
    """Where the pawn stood on its old space (or stands for a moment on a space it passes): the
    right end of that space's pawn row (where the row starts, as it is right-aligned), at the
    pawn's own size."""
    row = dom.query(".bg-pawns", space)
    box, own = motion.rect(row if row is not None else space), motion.rect(node)
    if box is None or own is None:
        return None
    return Rect(box.left + box.width - own.width, box.top + (box.height - own.height) / 2,
                own.width, own.height)


def place(root: Element) -> int:
    """Start the walks marked in ``root`` (once it is laid out); returns how many."""
    return motion.walk(root, "bg-walk", stop_of=_old_place) + \
        motion.fly(root, "bg-walk", source_of=_old_place)


__all__ = ["NO_MOTION", "Motion", "mark_climb", "mark_line_card", "mark_score", "mark_walk",
           "place", "plan"]
