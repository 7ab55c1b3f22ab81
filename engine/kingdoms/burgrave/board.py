"""Burgrave's board geometry: spaces and paths, banks and building spots, and their links.

Why a module of its own: the ring's shape never changes during a game (only which segment design
lies at which position does, and that is state), so everything here is a pure function or a table
computed once at import, shared by the rules, the costs and the views.

Layout conventions (all 0-based):

* **Positions**: the five board segments lie at positions ``0..4`` clockwise; castle section
  ``p`` lies beside position ``p`` and ``p + 1`` is its clockwise neighbour.
* **Spaces**: outer spaces ``0..9`` clockwise (position ``p`` has west bank ``2p`` and east bank
  ``2p + 1``; printed numbers 1-10 are these plus one), inner spaces ``10..14`` (``10 + p``).
* **Spots**: ``6p + 0..2`` on the west bank, ``6p + 3..5`` on the east bank, in clockwise order.

>>> next_spaces(0), next_spaces(1), next_spaces(10), next_spaces(9)
((1, 10), (2,), (1, 11), (0,))
>>> walk(9, 1, 2), walk(0, 2, 3)
((9, 0, 1), (0, 10, 1, 2))
>>> list(bank_spots(3)), [link.other for link in SPOT_LINKS[5]]
([9, 10, 11], [4, 6])
"""

from __future__ import annotations

from typing import NamedTuple

from .content import N_SPOTS, SPOTS_PER_SEGMENT

N_POSITIONS = 5
"""Board positions (segments), and castle sections."""
FIRST_INNER = 10
"""Spaces below this are outer spaces (on a bank), the rest inner spaces."""
N_SPACES = FIRST_INNER + N_POSITIONS
ALL_SPACES = (1 << N_SPACES) - 1
"""The bit mask of every space (see :data:`REACH`)."""
MAX_STEPS = 48
"""The longest move considered (the most a card's value, free steps and silver could pay)."""


def is_outer(space: int) -> bool:
    """An outer space (trade and build) rather than an inner one (workers and manuscripts)."""
    return space < FIRST_INNER


def segment_of(space: int) -> int:
    """The board position of the segment that holds ``space``."""
    return space // 2 if space < FIRST_INNER else space - FIRST_INNER


def next_spaces(space: int) -> tuple[int, ...]:
    """Spec, board: "Paths, always clockwise: west bank → east bank or inner space; inner space →
    east bank of the same segment or inner space of the next segment; east bank → west bank of
    the next segment"."""
    if space >= FIRST_INNER:
        position = space - FIRST_INNER
        return (2 * position + 1, FIRST_INNER + (position + 1) % N_POSITIONS)
    position, east = divmod(space, 2)
    if not east:
        return (space + 1, FIRST_INNER + position)
    return (2 * ((position + 1) % N_POSITIONS),)


def _reach(start: int) -> list[int]:
    masks = [1 << start]
    for _ in range(MAX_STEPS):
        mask = 0
        for space in range(N_SPACES):
            if masks[-1] >> space & 1:
                for after in next_spaces(space):
                    mask |= 1 << after
        masks.append(mask)
    return masks


REACH: list[list[int]] = [_reach(start) for start in range(N_SPACES)]
"""``REACH[start][n]``: bit mask of the spaces reachable in exactly ``n`` steps."""


def move_steps(start: int, destination: int, least: int) -> int:
    """How many steps a move of at least ``least`` from ``start`` to ``destination`` takes: the
    fewest that arrive (``costs.move_options`` prices exactly these; paying for more to reach
    the same space is never useful, so no move takes more)."""
    for steps in range(least, MAX_STEPS + 1):
        if REACH[start][steps] >> destination & 1:
            return steps
    raise ValueError(f"space {destination} is not {least}+ steps from space {start}")


def walk(start: int, destination: int, steps: int) -> tuple[int, ...]:
    """The spaces a burgrave passes moving ``steps`` along the arrows from ``start`` to
    ``destination``: ``start`` first, ``destination`` last, one more than ``steps``.

    Why a rule here and not on the page: the way round the ring follows the paths (spec, board:
    "Paths, always clockwise"), which only the engine knows. Where two ways of the same length
    arrive (a west bank reaches the next segment across the river or round by the inner
    space), the rules do not care which was taken; this takes the first arrow of
    :func:`next_spaces` that still arrives in time (the bank before the inner space, the east
    bank before the next inner space), so the same move always reads the same way. A move
    along the outer path (the rival's) therefore stays on it."""
    if not 0 <= steps <= MAX_STEPS or not REACH[start][steps] >> destination & 1:
        raise ValueError(f"space {destination} is not {steps} steps from space {start}")
    path = [start]
    for left in range(steps - 1, -1, -1):
        path.append(next(after for after in next_spaces(path[-1])
                         if REACH[after][left] >> destination & 1))
    return tuple(path)


def bank_spots(space: int) -> range:
    """The three building spots on the bank of outer ``space``."""
    position, east = divmod(space, 2)
    first = SPOTS_PER_SEGMENT * position + 3 * east
    return range(first, first + 3)


def spot_place(spot: int) -> tuple[int, int]:
    """``(position, index)``: the board position of ``spot`` and its index on that segment
    (0-5, west bank first), as the segment's spot rewards are listed."""
    position, index = divmod(spot, SPOTS_PER_SEGMENT)
    return position, index


class Link(NamedTuple):
    """A link between two neighbouring spots; its reward is link ``number`` (0-4) of the
    segment at ``position``."""

    position: int
    number: int
    first: int
    second: int


class SpotLink(NamedTuple):
    """A link seen from one of its spots: the ``other`` end."""

    position: int
    number: int
    other: int


def _links() -> tuple[Link, ...]:
    """Spec, board: neighbouring spots on a bank are linked, "and the last spot of an east bank
    links to the first spot of the next segment's west bank; no link crosses a river"."""
    out = []
    for position in range(N_POSITIONS):
        base = SPOTS_PER_SEGMENT * position
        following = SPOTS_PER_SEGMENT * ((position + 1) % N_POSITIONS)
        out += [
            Link(position, 0, base, base + 1), Link(position, 1, base + 1, base + 2),
            Link(position, 2, base + 3, base + 4), Link(position, 3, base + 4, base + 5),
            Link(position, 4, base + 5, following),
        ]
    return tuple(out)


LINKS = _links()
SPOT_LINKS: list[list[SpotLink]] = [[] for _ in range(N_SPOTS)]
"""For each spot, its links (in the order of ``LINKS``)."""
for _link in LINKS:
    SPOT_LINKS[_link.first].append(SpotLink(_link.position, _link.number, _link.second))
    SPOT_LINKS[_link.second].append(SpotLink(_link.position, _link.number, _link.first))
